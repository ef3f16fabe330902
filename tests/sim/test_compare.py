"""Verdicts in words: how likely chance alone is, said as a reader says it."""

from __future__ import annotations

import pytest

from rulebook.sim.compare import Verdict, compare_means, compare_rates


@pytest.mark.parametrize(
    ("verdict", "odds"),
    [
        (compare_rates(400, 1000, 480, 1000), "less than once in 1,000"),
        (compare_rates(400, 1000, 440, 1000), "about 7 times in 100"),
        (compare_rates(40, 100, 45, 100), "about 5 times in 10"),
        (compare_means([1, 2, 3] * 20, [1, 2, 3] * 20), "nearly every time"),
    ],
)
def test_the_chance_of_a_difference_is_said_in_words(verdict, odds):
    sentence = verdict.sentence("US win rate")
    assert f"would arise by chance {odds} (" in sentence
    assert sentence.split(". ")[1].startswith(("Beyond chance:", "Within chance, so"))
    assert "10 times in 10" not in sentence


def test_a_difference_within_chance_is_not_said_to_be_none():
    """A review ran 100 games a side, read "these games show no difference" over an interval
    of -16.4 to +10.6 points, and took the change for one that does nothing."""
    sentence = compare_rates(40, 100, 45, 100).sentence("US win rate")
    assert "Within chance, so these games cannot tell it from no difference" in sentence
    assert "show no difference" not in sentence


def test_the_figures_shown_subtract_to_the_difference_shown_and_keep_zero_out():
    """A designer read "3.6 in the variant against 0.7 in the baseline, 3.0 higher (95%
    interval for the difference: 0.0 to 5.9) ... beyond chance": right to one place, and
    contradicting itself twice. Two places say what was meant."""
    said = Verdict(0.66, 3.64, 0.02, 5.94, 0.049, False, "Welch z-test").sentence("VP margin")
    assert "3.64 in the variant against 0.66 in the baseline, 2.98 higher" in said
    assert "interval for the difference: 0.02 to 5.94)" in said
    assert "2.98 higher. Beyond chance: " in said
    rates = compare_rates(400, 1000, 450, 1000).sentence("US win rate")
    assert "45.0% in the variant against 40.0% in the baseline, 5.0 points higher" in rates
