"""Verdicts in words: how likely chance alone is, said as a reader says it."""

from __future__ import annotations

import pytest

from rulebook.sim.compare import compare_means, compare_rates


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
    assert "10 times in 10" not in sentence
