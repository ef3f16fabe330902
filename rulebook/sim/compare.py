"""Is a variant's result different from the baseline's beyond chance? Verdicts in words.

Two tests, both standard and both written out here so a reader can follow them:
a two-proportion z-test with a Newcombe (Wilson-based) interval for a difference of
win rates, and a Welch z-interval for a difference of mean VP. With a few hundred
games a side, the normal approximation behind both is sound.

>>> v = compare_rates(400, 1000, 450, 1000)
>>> round(v.low, 3), round(v.high, 3), v.beyond_chance
(0.007, 0.093, True)
>>> print(v.sentence("US win rate"))  # doctest: +NORMALIZE_WHITESPACE
US win rate: 45.0% in the variant against 40.0% in the baseline, 5.0 points higher.
Beyond chance: a difference this large would arise by chance about 2 times in 100
(two-proportion z-test; 95% interval for the difference: 0.7 to 9.3 points).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Verdict", "compare_means", "compare_rates", "normal_two_sided_p", "wilson"]


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default).

    >>> [round(x, 3) for x in wilson(7, 10)]
    [0.397, 0.892]
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def normal_two_sided_p(z: float) -> float:
    """The chance of a standard normal value at least |z| from zero, either way.

    >>> round(normal_two_sided_p(1.96), 3)
    0.05
    """
    return math.erfc(abs(z) / math.sqrt(2))


def how_often(chance: float) -> str:
    """A chance in words, counted out of 1,000, 100 or 10 by its size.

    >>> [how_often(p) for p in (0.0004, 0.0053, 0.0149, 0.07, 0.3, 0.97)]  # doctest: +NORMALIZE_WHITESPACE
    ['less than once in 1,000', 'about 5 times in 1,000', 'about 1 time in 100',
     'about 7 times in 100', 'about 3 times in 10', 'nearly every time']
    """
    if chance < 0.001:
        return "less than once in 1,000"
    if chance >= 0.95:  # ("about 10 times in 10" read as a slip)
        return "nearly every time"
    count, out_of = (
        (round(chance * 1000), "1,000")
        if chance < 0.01
        else (round(chance * 100), "100")
        if chance < 0.1
        else (round(chance * 10), "10")
    )
    return f"about {count} time{'s' if count > 1 else ''} in {out_of}"


@dataclass(frozen=True)
class Verdict:
    """A difference (variant minus baseline), its 95% interval and its p-value."""

    baseline: float
    variant: float
    low: float
    high: float
    p: float
    percent: bool  # rates are shown as percentages, differences as points
    test: str

    @property
    def difference(self) -> float:
        return self.variant - self.baseline

    @property
    def beyond_chance(self) -> bool:
        """True when the 95% interval of the difference leaves out zero."""
        return self.low > 0 or self.high < 0

    def places(self) -> int:
        """Decimal places to show: one, or more where one would contradict itself.

        At one place a designer read "3.6 in the variant against 0.7 in the baseline, 3.0
        higher" (3.64 against 0.66, 2.98 higher), and an interval "0.0 to 5.9" called beyond
        chance (its low end was 0.02). More places are shown until the figures subtract to
        the difference shown and an interval beyond chance leaves out zero as written.

        >>> Verdict(0.66, 3.64, 0.02, 5.94, 0.05, False, "t").places()
        2
        >>> compare_rates(400, 1000, 450, 1000).places()
        1
        """
        scale = 100 if self.percent else 1
        variant, baseline, low, high = (
            scale * x for x in (self.variant, self.baseline, self.low, self.high)
        )
        for places in (1, 2, 3):
            shown = round(round(variant, places) - round(baseline, places), places)
            if shown != round(variant - baseline, places):
                continue
            if self.beyond_chance and round(low, places) <= 0 <= round(high, places):
                continue
            return places
        return 3

    def sentence(self, what: str) -> str:
        """The verdict as a reader wants it: both figures, the difference, the odds of chance."""
        d = self.difference
        n = self.places()
        scale, units = (100, " points") if self.percent else (1, "")
        sign = "%" if self.percent else ""
        shown = f"{scale * self.variant:.{n}f}{sign}", f"{scale * self.baseline:.{n}f}{sign}"
        way = "higher" if d > 0 else "lower" if d < 0 else "the same"
        size = f"{scale * abs(d):.{n}f}{units} {way}" if d else "no different"
        interval = f"{scale * self.low:.{n}f} to {scale * self.high:.{n}f}{units}"
        odds = how_often(self.p)
        # The reading first, in words; the statistics after it for whoever wants them (a
        # designer read the test's name and the interval before learning what they meant,
        # and "play more games" after the lab had stopped because more would not tell).
        judgement = (
            "Beyond chance"
            if self.beyond_chance
            # (not "show no difference": 100 games a side leave an interval of 27 points,
            # and a review read a change they could not measure as one they had ruled out)
            else "Within chance, so these games cannot tell it from no difference"
        )
        return (
            f"{what}: {shown[0]} in the variant against {shown[1]} in the baseline, {size}. "
            f"{judgement}: a difference this large would arise by chance {odds} ({self.test}; "
            f"95% interval for the difference: {interval})."
        )


def compare_rates(base_hits: int, base_n: int, var_hits: int, var_n: int) -> Verdict:
    """Two win rates: Newcombe's interval for the difference and a pooled z-test.

    >>> compare_rates(5, 10, 5, 10).beyond_chance
    False
    """
    if base_n == 0 or var_n == 0:
        raise ValueError("both variants need at least one game to compare")
    p1, p2 = base_hits / base_n, var_hits / var_n
    l1, u1 = wilson(base_hits, base_n)
    l2, u2 = wilson(var_hits, var_n)
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    pooled = (base_hits + var_hits) / (base_n + var_n)
    se = math.sqrt(pooled * (1 - pooled) * (1 / base_n + 1 / var_n))
    p = 1.0 if se == 0 else normal_two_sided_p(d / se)
    return Verdict(p1, p2, low, high, p, True, "two-proportion z-test")


def compare_means(baseline: Sequence[float], variant: Sequence[float]) -> Verdict:
    """Two means (VP per game): the difference with a Welch normal interval.

    >>> v = compare_means([10, 12, 14] * 50, [20, 22, 24] * 50)
    >>> round(v.difference, 1), v.beyond_chance
    (10.0, True)
    """
    if len(baseline) < 2 or len(variant) < 2:
        raise ValueError("both variants need at least two games to compare means")

    def mean_var(xs: Sequence[float]) -> tuple[float, float]:
        m = sum(xs) / len(xs)
        return m, sum((x - m) ** 2 for x in xs) / (len(xs) - 1)

    m1, v1 = mean_var(baseline)
    m2, v2 = mean_var(variant)
    se = math.sqrt(v1 / len(baseline) + v2 / len(variant))
    d = m2 - m1
    p = (1.0 if d == 0 else 0.0) if se == 0 else normal_two_sided_p(d / se)
    return Verdict(m1, m2, d - 1.96 * se, d + 1.96 * se, p, False, "Welch z-test on the means")
