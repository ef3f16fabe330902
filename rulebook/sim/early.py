"""Stopping a comparison once its answer is clear: the Haybittle-Peto rule.

A designer who asks for 1,000 games a side to weigh a change that swings the result by twenty
points waits for nothing: a couple of hundred games a side already settle it. So a sweep of two
versions may look at its headline comparison (the US win rate in LZ Albany, the NVA's mean VP in
a First Team campaign) after each fifth of the games, and stop at a look where the difference
would arise by chance less than once in 1,000. The last look, with every game in, is the
ordinary test at the usual 5%.

Why so strict a level, and so few looks: every extra look is another chance for luck alone to
cross the line. Four interim looks at p < 0.001 add at most 4 in 1,000 to the chance of calling a
change that does nothing (a Bonferroni bound; in 20,000 simulated sweeps of two identical
versions, 1,000 games a side at a 45% win rate, 0.22% stopped early, and with the final test 5.2%
erred in all, against 5.1% for the final test alone), while a look after every 10 games a side
stopped 0.95% of them. No look comes before 100 games a side, where the normal
approximation behind both tests holds.

A look reads the first games of the seed list, the same number for each version, and only once
both versions have finished all of them: a sweep stops at the same game, with the same figures,
however its workers happened to finish.

>>> looks(1000)
[200, 400, 600, 800]
>>> looks(300)
[120, 180, 240]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from rulebook.sim._run import GameResult
from rulebook.sim.compare import Verdict, compare_means, compare_rates

__all__ = ["EARLY_P", "LOOKS", "MIN_GAMES", "EarlyStop", "first_clear_look", "headline", "looks"]

LOOKS = 5  # an interim look after each fifth of the games
EARLY_P = 0.001  # the Haybittle-Peto boundary
MIN_GAMES = 100  # a side, before the first look


def looks(games: int) -> list[int]:
    """The games a side at each interim look of a sweep of *games* a side."""
    points = {math.ceil(k * games / LOOKS) for k in range(1, LOOKS)}
    return sorted(p for p in points if MIN_GAMES <= p < games)


def headline(
    baseline: Sequence[GameResult], variant: Sequence[GameResult], game: str
) -> tuple[str, Verdict]:
    """The comparison a version is judged by first, as (what, Verdict): the NVA's mean VP for a
    First Team campaign, the US win rate for LZ Albany."""
    if game == "first-team":
        vp = [[r.vp_nva for r in g] for g in (baseline, variant)]
        return "Mean NVA VP", compare_means(*vp)
    wins = [sum(r.winner == "us" for r in g) for g in (baseline, variant)]
    return "US win rate", compare_rates(wins[0], len(baseline), wins[1], len(variant))


@dataclass(frozen=True)
class EarlyStop:
    """Where and why a sweep stopped before its last game."""

    games: int  # a side, at the look that stopped it
    requested: int  # a side
    what: str  # the headline comparison
    verdict: Verdict

    def sentence(self) -> str:
        what = self.what if self.what[:2].isupper() else self.what[0].lower() + self.what[1:]
        return (
            f"Stopped at {self.games:,} of {self.requested:,} games a side: the {what} "
            "already differed far beyond chance (less than once in 1,000 by chance, at a look "
            "after each fifth of the games), so the sweep stopped there and counts only those; "
            "more games would narrow the interval around the difference."
        )


def first_clear_look(
    results: Sequence[GameResult],
    seeds: Sequence[int],
    names: tuple[str, str],
    game: str,
    pending: list[int],
) -> tuple[EarlyStop, list[GameResult]] | None:
    """The look that ends a sweep, with the games it read, or None to play on.

    *pending* holds the looks (games a side) not yet taken, smallest first; a look is taken, and
    removed, once both versions named in *names* (baseline, variant) have finished the first
    that many seeds of *seeds*.
    """
    if not pending or len(results) < len(names) * pending[0]:
        return None  # (too few games in for the next look: checked before any work)
    done = {(r.variant, r.seed): r for r in results}
    while pending:
        games = pending[0]
        first = seeds[:games]
        if any((name, seed) not in done for name in names for seed in first):
            return None  # this look waits for games still being played
        pending.pop(0)
        baseline, variant = ([done[name, seed] for seed in first] for name in names)
        try:
            what, verdict = headline(baseline, variant, game)
        except ValueError:
            continue  # too few games to compare: play on
        if verdict.p < EARLY_P:
            return EarlyStop(games, len(seeds), what, verdict), baseline + variant
    return None
