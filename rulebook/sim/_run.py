from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from functools import lru_cache

from rulebook._words import quoted
from rulebook.games.lz_albany import new_game, play_out, random_policy, scripted_policy
from rulebook.scenario import Scenario
from rulebook.sim._overrides import apply_overrides


@dataclass(frozen=True, slots=True)
class GameResult:
    """What one simulated game came to: small, picklable, and the same wherever it ran."""

    variant: str
    seed: int
    winner: str | None
    ending: str | None
    vp_us: int
    vp_nva: int
    turns: int
    actions: int
    us_lost: int
    nva_lost: int
    retreat: bool

    def as_dict(self) -> dict:
        return asdict(self)


POLICIES = ("random", "scripted")


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Hold Python's cycle collector off for one game, and let it run once the game is over.

    A game makes hundreds of thousands of short-lived objects that reference counting frees;
    the few that outlive a decision (options kept from one decision to the next, the board)
    would otherwise be promoted, generation by generation, until a full collection sweeps
    every long-lived object of the process (the scenario, the maps, their line-of-sight
    tables): about a fifth of a random game's time. An LZ Albany game's one reference cycle
    (a board and its counters refer to each other) is broken once its result is read
    (``State.release``), so reference counting frees the game and the collection that runs
    after it has little to look at.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def run_game(
    scenario: Scenario,
    seed: int,
    *,
    variant: str = "baseline",
    overrides: dict[str, str] | None = None,
    options: dict[str, str] | None = None,
    policies: str = "random",
    record: bool = False,
) -> GameResult:
    """Play one game and summarise it.

    *record* keeps the full trace and log as the apps do; the result is the same either way.

    *policies* is ``"random"`` (uniform over legal actions, seeded by *seed*) or
    ``"scripted"`` (each side's documented rules of thumb, see
    :mod:`rulebook.games.lz_albany._scripted`); chance always uses the game's dice. A First
    Team: Vietnam scenario plays a whole campaign with the US policy against the programmed
    NVA; its victory level is the ending, and only the NVA score VP.
    """
    if policies not in POLICIES:
        raise ValueError(f"unknown policies {quoted(policies)}; choose from {', '.join(POLICIES)}")
    with _no_cycle_collection():
        return _run_game(
            scenario,
            seed,
            variant=variant,
            overrides=overrides,
            options=options,
            policies=policies,
            record=record,
        )


def _run_game(
    scenario: Scenario,
    seed: int,
    *,
    variant: str,
    overrides: dict[str, str] | None,
    options: dict[str, str] | None,
    policies: str,
    record: bool,
) -> GameResult:
    if scenario.game.value == "first-team":
        return _run_campaign(
            scenario,
            seed,
            variant,
            overrides=overrides,
            options=options,
            policies=policies,
            record=record,
        )
    game = new_game(apply_overrides(scenario, overrides), seed=seed, options=options, record=record)
    if policies == "scripted":
        players = {"us": scripted_policy("us"), "nva": scripted_policy("nva")}
    else:
        policy = random_policy(random.Random(seed))  # noqa: S311 - a game policy
        players = {"us": policy, "nva": policy}
    play_out(game, players)
    board = game.board
    lost = {
        side: sum(
            1
            for u in board.units.values()
            if u.side == side and u.status == "eliminated" and not u.is_officer
        )
        for side in ("us", "nva")
    }
    result = GameResult(
        variant,
        seed,
        board.winner,
        board.ending,
        board.vp["us"],
        board.vp["nva"],
        board.turn,
        len(game.history),
        lost["us"],
        lost["nva"],
        board.retreat,
    )
    board.release()  # the game is freed as it goes out of scope, not by the cycle collector
    return result


NVA_WINS = ("NVA Strategic", "NVA Tactical", "NVA Limited")


def _run_campaign(
    scenario: Scenario,
    seed: int,
    variant: str,
    *,
    overrides: dict[str, str] | None,
    options: dict[str, str] | None,
    policies: str,
    record: bool,
) -> GameResult:
    from rulebook.games.first_team.engine import new_campaign
    from rulebook.games.first_team.policy import random_policy as us_random
    from rulebook.games.first_team.policy import scripted_policy as us_scripted

    game = new_campaign(
        apply_overrides(scenario, overrides), seed=seed, options=options, record=record
    )
    policy = us_scripted() if policies == "scripted" else us_random(random.Random(seed))  # noqa: S311
    by_index = policy.index  # a position among the options: no list of actions is built
    while not game.is_over():
        game.apply_option(by_index(game))
    out = game.outcome() or {}
    level = out.get("level")
    winner = "nva" if level in NVA_WINS else "us" if level == "US Tactical" else None
    return GameResult(
        variant,
        seed,
        winner,
        level,
        0,
        out.get("nva_vp", 0),
        out.get("turns", 0),
        len(game.history),
        out.get("us_companies_lost", 0),
        out.get("nva_companies_lost", 0),
        False,
    )


@lru_cache(maxsize=8)
def _prepared(scenario_json: str, overrides: tuple[tuple[str, str], ...]) -> Scenario:
    """A worker reads each scenario text (and variant) once, not once per game."""
    return apply_overrides(Scenario.model_validate_json(scenario_json), dict(overrides))


def game_task(
    scenario_json: str,
    seed: int,
    variant: str,
    overrides: dict[str, str] | None,
    options: dict[str, str] | None,
    *,
    policies: str = "random",
) -> GameResult:
    """The unit of work sent to an executor: plain arguments, so any process or Dask worker can run it."""
    return games_task(scenario_json, [seed], variant, overrides, options, policies=policies)[0]


def games_task(
    scenario_json: str,
    seeds: list[int],
    variant: str,
    overrides: dict[str, str] | None,
    options: dict[str, str] | None,
    *,
    policies: str = "random",
) -> list[GameResult]:
    """Several games of one variant in one task: the scenario crosses to the worker once."""
    scenario = _prepared(scenario_json, tuple(sorted((overrides or {}).items())))
    return [
        run_game(scenario, seed, variant=variant, options=options, policies=policies)
        for seed in seeds
    ]
