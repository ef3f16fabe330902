"""Stopping a comparison once its answer is clear: the Haybittle-Peto rule, and a futility look.

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

A look may also stop a comparison whose answer is clear the other way: from the look at
two-fifths of the games on, if neither the headline difference nor the one shown after it (the
VP margin in LZ Albany, NVA victories in a campaign) would, were it to stay the size it is so
far, show beyond chance at the last look as often as 2 times in 100 (their *conditional
power*), the rest of the games would very likely not change the verdicts, and the sweep stops
there with "no clear difference". Both must be out of reach: where every game has one winner
the headline cannot move at all, and the VP may still tell the versions apart.

This never makes a false "beyond chance" likelier (it can only stop sweeps short of one), and
costs a real difference little. Judged on the headline alone, in 20,000 simulated sweeps of
1,000 games a side, a change from a 45% to a 51.3% win rate (which the last look alone finds 81
times in 100) was still found 79 times in 100, and two identical versions stopped after 725
games a side on average; requiring the second comparison too stops fewer sweeps, so it costs a
real difference no more than that and saves less: 2,000 sweeps of two identical versions drawn
from 3,000 random LZ Albany games (1,000 a side, 2026-12-04) stopped early as settled 56 times
in 100 and played 828 games a side on average.

A look reads the first games of the seed list, the same number for each version, and only once
both versions have finished all of them: a sweep stops at the same game, with the same figures,
however its workers happened to finish.

>>> looks(1000)
[200, 400, 600, 800]
>>> looks(300)
[120, 180, 240]
>>> round(conditional_power(0.0, 0.4), 3), round(conditional_power(0.5, 0.4), 3)
(0.011, 0.066)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

from rulebook.sim._run import GameResult
from rulebook.sim.compare import Verdict, compare_means, compare_rates, how_often

__all__ = [
    "EARLY_P",
    "FUTILE_BELOW",
    "FUTILITY_FROM",
    "LOOKS",
    "MIN_GAMES",
    "EarlyStop",
    "compared",
    "conditional_power",
    "first_clear_look",
    "first_futility_look",
    "headline",
    "in_sentence",
    "looks",
    "second",
]

LOOKS = 5  # an interim look after each fifth of the games
EARLY_P = 0.001  # the Haybittle-Peto boundary
MIN_GAMES = 100  # a side, before the first look
FINAL_P = 0.05  # the last look's level
FUTILE_BELOW = 0.02  # conditional power under which a look calls the comparison settled
FUTILITY_FROM = 0.4  # of the games a side: no look before this one stops for futility

_NORMAL = NormalDist()


def conditional_power(z: float, fraction: float, level: float = FINAL_P) -> float:
    """The chance that the last look finds a difference beyond chance (two-sided, at *level*),
    given the test statistic *z* after *fraction* of the games, if the difference stays the size
    it is so far (the "current trend" in group-sequential terms).

    With the B-value ``B = z * sqrt(t)`` and the trend ``B / t``, the final statistic is normal
    with mean ``z / sqrt(t)`` and variance ``1 - t``.
    """
    if not 0 < fraction < 1:
        raise ValueError(f"a look comes part of the way through a sweep, not at {fraction}")
    critical = _NORMAL.inv_cdf(1 - level / 2)
    mean, spread = abs(z) / math.sqrt(fraction), math.sqrt(1 - fraction)
    return _NORMAL.cdf((mean - critical) / spread) + _NORMAL.cdf((-critical - mean) / spread)


def z_of(verdict: Verdict) -> float:
    """The size of a two-sided test's statistic, read back from its p-value."""
    upper = 1 - min(verdict.p, 1.0) / 2
    if upper >= 1:  # p is 0, or too small to tell from 0 beside 1
        return math.inf
    return _NORMAL.inv_cdf(upper)


def looks(games: int) -> list[int]:
    """The games a side at each interim look of a sweep of *games* a side."""
    points = {math.ceil(k * games / LOOKS) for k in range(1, LOOKS)}
    return sorted(p for p in points if MIN_GAMES <= p < games)


def first_futility_look(games: int) -> int | None:
    """The first interim look (games a side) of a sweep of *games* a side that may stop it as
    settled with no clear difference, or None if none may.

    >>> first_futility_look(1000), first_futility_look(500), first_futility_look(100)
    (400, 200, None)
    """
    return next((g for g in looks(games) if g >= FUTILITY_FROM * games), None)


def compared(game: str) -> tuple[str, str]:
    """The names of the two comparisons a sweep of two versions of *game* is judged by: the
    headline (:func:`headline`), then the one shown after it (:func:`second`).

    >>> compared("first-team")
    ('Mean NVA VP', 'NVA victories (any level)')
    """
    if game == "first-team":
        return "Mean NVA VP", "NVA victories (any level)"
    return "US win rate", "Mean VP margin (US minus NVA)"


def headline(
    baseline: Sequence[GameResult], variant: Sequence[GameResult], game: str
) -> tuple[str, Verdict]:
    """The comparison a version is judged by first, as (what, Verdict): the NVA's mean VP for a
    First Team campaign, the US win rate for LZ Albany."""
    what = compared(game)[0]
    if game == "first-team":
        vp = [[r.vp_nva for r in g] for g in (baseline, variant)]
        return what, compare_means(*vp)
    wins = [sum(r.winner == "us" for r in g) for g in (baseline, variant)]
    return what, compare_rates(wins[0], len(baseline), wins[1], len(variant))


def second(
    baseline: Sequence[GameResult], variant: Sequence[GameResult], game: str
) -> tuple[str, Verdict]:
    """The comparison shown after the headline, as (what, Verdict): NVA victories at any level
    for a First Team campaign, the mean VP margin (US minus NVA) for LZ Albany. Where every
    game has the same winner, the headline cannot move and this is the one that can."""
    what = compared(game)[1]
    if game == "first-team":
        # a campaign's winner is the NVA at any of their victory levels (rulebook.sim)
        wins = [sum(r.winner == "nva" for r in g) for g in (baseline, variant)]
        return what, compare_rates(wins[0], len(baseline), wins[1], len(variant))
    margins = [[r.vp_us - r.vp_nva for r in g] for g in (baseline, variant)]
    return what, compare_means(*margins)


@dataclass(frozen=True)
class EarlyStop:
    """Where and why a sweep stopped before its last game: a difference beyond chance
    (``clear``), or one too small to become so (``clear`` False, with its ``power``)."""

    games: int  # a side, at the look that stopped it
    requested: int  # a side
    what: str  # the headline comparison
    verdict: Verdict
    clear: bool = True
    # At a look that found no difference in reach: the comparison shown after the headline,
    # which had to be out of reach too, and the larger of the two conditional powers.
    also: str | None = None
    power: float | None = None

    def sentence(self) -> str:
        where = f"Stopped at {self.games:,} of {self.requested:,} games a side:"
        if self.clear:
            return (
                f"{where} the {in_sentence(self.what)} already differed far beyond chance (less than "
                "once in 1,000 by chance, at a look after each fifth of the games), so the "
                "sweep stopped there and counts only those; more games would narrow the "
                "interval around the difference."
            )
        both = f"the {in_sentence(self.what)}" + (
            f" and the {in_sentence(self.also)}" if self.also else ""
        )
        chance = max(self.power or 0.0, 0.001)
        return (
            f"{where} {both} differed so little that playing every game would almost surely "
            "leave them within chance (were they to go on as they have, all the games would "
            f"show a difference {how_often(chance)}), so the sweep stopped there and counts only "
            "those. The intervals below say how large a change these games cannot rule out; to "
            "detect one that small, ask for more games."
        )


def in_sentence(what: str) -> str:
    """A comparison's name inside a sentence: 'Mean NVA VP' becomes 'mean NVA VP', while
    'NVA victories' and 'US win rate' keep their capitals."""
    return what if what[:2].isupper() else what[0].lower() + what[1:]


def first_clear_look(
    results: Sequence[GameResult],
    seeds: Sequence[int],
    names: tuple[str, str],
    game: str,
    pending: list[int],
) -> tuple[EarlyStop, list[GameResult]] | None:
    """The look that ends a sweep, with the games it read, or None to play on: the first where
    the headline difference is beyond chance at ``EARLY_P``, or, from ``FUTILITY_FROM`` of the
    games on, where the conditional powers of the headline and of the :func:`second`
    comparison are both below ``FUTILE_BELOW``.

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
            also, other = second(baseline, variant, game)
        except ValueError:
            continue  # too few games to compare: play on
        if verdict.p < EARLY_P:
            return EarlyStop(games, len(seeds), what, verdict), baseline + variant
        fraction = games / len(seeds)
        if fraction >= FUTILITY_FROM:  # (first_futility_look's test)
            power = max(conditional_power(z_of(v), fraction) for v in (verdict, other))
            if power < FUTILE_BELOW:
                stop = EarlyStop(games, len(seeds), what, verdict, False, also, power)
                return stop, baseline + variant
    return None
