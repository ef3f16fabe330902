from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import closing, contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from rulebook.maps import shared_area_map
from rulebook.scenario import Scenario
from rulebook.sim._known import KnownGames
from rulebook.sim._overrides import apply_overrides
from rulebook.sim._run import GameResult, games_task, run_game
from rulebook.sim._workers import die_with_parent, usable_cores
from rulebook.sim.compare import wilson
from rulebook.sim.early import EarlyStop, first_clear_look, looks

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class Variant:
    """A named set of changes to the scenario (``{"lz_albany.unit_types.nva-rifle.melee": "*1.1"}``)."""

    name: str
    overrides: dict[str, str] = field(default_factory=dict)


def game_seeds(seed: int, n_games: int) -> list[int]:
    """One seed per game, distinct, derived from the sweep's seed.

    Every variant plays the same seeds, so variants are compared on the same dice
    streams; distinct seeds also keep Dask from merging identical tasks.

    >>> game_seeds(-5, 2)
    Traceback (most recent call last):
    ...
    ValueError: a seed is a whole number 0 or more, not -5
    """
    if seed < 0:  # (the games' own seeds, made from it, would be refused with other numbers)
        raise ValueError(f"a seed is a whole number 0 or more, not {seed}")
    return [seed * 1_000_003 + i for i in range(n_games)]


@dataclass
class SweepResult:
    """Results of a sweep, in a fixed order (variant, then seed) whatever ran them."""

    results: list[GameResult]
    requested: int
    cancelled: bool = False
    early: EarlyStop | None = None  # where and why a sweep that could stop early did
    reused: int = 0  # games of results taken from known games rather than played

    @property
    def partial(self) -> bool:
        return len(self.results) < self.requested

    def frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame([r.as_dict() for r in self.results])

    def summary(self) -> pd.DataFrame:
        """Per variant: games, wins each side, US win rate with its Wilson interval, mean VP."""
        import pandas as pd

        rows = []
        for variant in dict.fromkeys(r.variant for r in self.results):
            games = [r for r in self.results if r.variant == variant]
            us = sum(r.winner == "us" for r in games)
            lo, hi = wilson(us, len(games))
            rows.append(
                {
                    "variant": variant,
                    "games": len(games),
                    "us_wins": us,
                    "nva_wins": sum(r.winner == "nva" for r in games),
                    "draws": sum(r.winner is None for r in games),
                    "us_win_rate": us / len(games),
                    "us_win_low": lo,
                    "us_win_high": hi,
                    "mean_vp_us": sum(r.vp_us for r in games) / len(games),
                    "mean_vp_nva": sum(r.vp_nva for r in games) / len(games),
                    "nva_automatic": sum(
                        r.ending in ("automatic victory", "NVA Strategic") for r in games
                    ),
                }
            )
        return pd.DataFrame(rows)


def sweep(
    scenario: Scenario,
    n_games: int,
    seed: int = 0,
    *,
    variants: Sequence[Variant] | None = None,
    executor: Executor | str | None = None,
    workers: int | None = None,
    options: dict[str, str] | None = None,
    policies: str = "random",
    progress: Callable[[int, int], None] | None = None,
    cancel: threading.Event | None = None,
    so_far: Callable[[SweepResult], None] | None = None,
    stop_when_clear: bool = False,
    known: KnownGames | None = None,
) -> SweepResult:
    """Play *n_games* seeded games per variant on any ``concurrent.futures.Executor``.

    Parameters
    ----------
    executor : Executor, ``"serial"`` or None
        None makes a local process pool of *workers* processes (by default one per core
        this process may use, :func:`usable_cores`); ``"serial"`` runs
        here, one game after another; any Executor works, such as
        ``dask.distributed.Client(...).get_executor()``.
    policies : ``"random"`` or ``"scripted"``
        Who plays both sides (see :func:`rulebook.sim.run_game`).
    progress : callable(done, total), optional
        Called as games finish.
    cancel : threading.Event, optional
        When set, games not yet started are dropped and the partial result returned.
    so_far : callable(SweepResult), optional
        Called as games finish with the results so far, so a reader can watch the comparison
        form; every variant's games come in step (the same seeds at about the same time).
    stop_when_clear : bool
        With two variants (a baseline and a variant), look at the headline comparison after
        each fifth of the games and stop once it is far beyond chance (see
        :mod:`rulebook.sim.early`); the result then holds the games that look read, and says
        why in ``early``.
    known : KnownGames, optional
        Games played before: those of the same version and seed are taken from it rather than
        played again (``reused`` counts them), and the games this sweep plays are added to it
        (and written to its folder, if it has one, when the sweep ends).

    The results are the same whatever runs them: each game has its own seed
    and they are sorted by variant and seed.
    """
    variants = list(variants or [Variant("baseline")])
    seeds = game_seeds(seed, n_games)
    total = n_games * len(variants)
    prepared = {v.name: apply_overrides(scenario, v.overrides) for v in variants}
    versions = (
        {name: known.version(s, options, policies) for name, s in prepared.items()}
        if known is not None
        else {}
    )
    have = {name: known.played(version, name) for name, version in versions.items()}
    to_play = {v.name: [s for s in seeds if s not in have.get(v.name, ())] for v in variants}
    wanted = set(seeds)
    reused = sorted(
        (r for games in have.values() for s, r in games.items() if s in wanted),
        key=lambda r: r.seed,
    )
    results: list[GameResult] = []

    def counted(result: SweepResult) -> SweepResult:
        taken = {(r.variant, r.seed) for r in reused}
        return replace(result, reused=sum((r.variant, r.seed) in taken for r in result.results))

    looks_left = looks(n_games) if stop_when_clear and len(variants) == 2 else []
    names = (variants[0].name, variants[1].name) if looks_left else ("", "")
    batches = (
        _serial(prepared, to_play, seeds, options=options, policies=policies)
        if executor == "serial"
        else _pooled(
            scenario,
            variants,
            to_play,
            seeds,
            options=options,
            policies=policies,
            executor=executor,
            workers=workers,
        )
    )
    # A pool the sweep made is shut down however the loop ends, and the games played so far
    # are kept on disk (where *known* has a folder) even if the sweep is cancelled or fails.
    with closing(batches), _kept(known):
        for batch in _in_step(batches, reused, seeds):
            if cancel is not None and cancel.is_set():
                return counted(_ordered(results, variants, total, cancelled=True))
            results.extend(batch)
            for r in batch:
                if r.variant in versions:
                    known.add(versions[r.variant], r)  # type: ignore[union-attr]
            if progress:
                progress(len(results), total)
            if so_far:
                so_far(_ordered(results, variants, total))
            if looks_left:
                stop = first_clear_look(results, seeds, names, scenario.game.value, looks_left)
                if stop is not None:
                    early, read = stop
                    return counted(replace(_ordered(read, variants, total), early=early))
    return counted(_ordered(results, variants, total))


@contextmanager
def _kept(known: KnownGames | None) -> Iterator[None]:
    try:
        yield
    finally:
        if known is not None:
            known.keep()


def _in_step(
    batches: Iterator[list[GameResult]], reused: list[GameResult], seeds: list[int]
) -> Iterator[list[GameResult]]:
    """The played batches, each with the reused games of the seeds it has reached (*reused*
    sorted by seed), so results so far compare the versions on about the same seeds, as when
    every game is played; what is left of *reused* comes after the last batch."""
    position = {s: i for i, s in enumerate(seeds)}
    front, given = -1, 0
    for batch in batches:
        front = max(front, *(position[r.seed] for r in batch))
        start = given
        while given < len(reused) and position[reused[given].seed] <= front:
            given += 1
        yield reused[start:given] + batch
    if given < len(reused):
        yield reused[given:]


def _serial(
    prepared: dict[str, Scenario],
    to_play: dict[str, list[int]],
    seeds: list[int],
    *,
    options: dict[str, str] | None,
    policies: str,
) -> Iterator[list[GameResult]]:
    """Each game in turn, here: every variant of one seed, then the next seed."""
    playing = {name: set(wanted) for name, wanted in to_play.items()}
    for s in seeds:
        for name, wanted in playing.items():
            if s in wanted:
                yield [
                    run_game(prepared[name], s, variant=name, options=options, policies=policies)
                ]


def _pooled(
    scenario: Scenario,
    variants: list[Variant],
    to_play: dict[str, list[int]],
    seeds: list[int],
    *,
    options: dict[str, str] | None,
    policies: str,
    executor: Executor | None,
    workers: int | None,
) -> Iterator[list[GameResult]]:
    """Batches of games as an executor (a local process pool if None) finishes them; games not
    yet started are dropped when the caller stops reading."""
    if not any(to_play.values()):
        return  # every game is known: no pool to start
    own = executor is None
    if own and workers is None:
        workers = usable_cores()
    # Batches of seeds, so the scenario text crosses to a worker once per batch, small
    # enough that progress moves, a cancel stops soon and the last batches leave no worker
    # idle for long (ten LZ Albany games take a third of a second).
    size = max(1, min(10, len(seeds) // (4 * (workers or 2)) or 1))
    playing = {name: set(wanted) for name, wanted in to_play.items()}
    tasks = [
        (v, chunk)
        for i in range(0, len(seeds), size)
        for v in variants  # in step, so results so far compare like with like
        if (chunk := [s for s in seeds[i : i + size] if s in playing[v.name]])
    ]
    if own:
        _warm_map(scenario)
    pool: Executor = (
        ProcessPoolExecutor(
            max_workers=workers, initializer=die_with_parent, initargs=(os.getpid(),)
        )
        if own
        else executor  # type: ignore[assignment]
    )
    text = scenario.model_dump_json()
    futures: list[Future] = []
    try:
        futures = [
            pool.submit(games_task, text, chunk, v.name, v.overrides, options, policies=policies)
            for v, chunk in tasks
        ]
        for future in as_completed(futures):
            yield future.result()
    finally:
        for future in futures:
            future.cancel()
        if own:
            pool.shutdown(wait=True, cancel_futures=True)


def _warm_map(scenario: Scenario) -> None:
    """Build an LZ Albany scenario's map and its line-of-sight table in this process before a
    pool starts its workers: forked workers start with the table, spawned ones read it from
    the cache folder where this puts it (:mod:`rulebook.maps.los`), rather than each working it
    out at its first game; and a process that sweeps again (the balance lab's kernel) has it
    already."""
    if scenario.lz_albany is None or scenario.map is None:
        return
    area_map = shared_area_map(scenario.map)  # the one map every game of this content shares
    _ = area_map.los.day  # worked out, or read back from the cache folder


def _ordered(
    results: list[GameResult], variants: Sequence[Variant], total: int, cancelled: bool = False
) -> SweepResult:
    order = {v.name: i for i, v in enumerate(variants)}
    return SweepResult(sorted(results, key=lambda r: (order[r.variant], r.seed)), total, cancelled)
