"""Distribution: an exact, immutable outcome -> Fraction mapping."""

from fractions import Fraction

import pytest

from rulebook.distribution import Distribution


def test_weights_are_normalised_and_merged():
    dist = Distribution([("a", 1), ("b", 2), ("a", 1)])
    assert dist == Distribution({"a": 1, "b": 1})
    assert sum(dist.values()) == 1


def test_zero_weights_drop_out_and_negative_or_empty_fail():
    assert list(Distribution({1: 0, 2: 3})) == [2]
    with pytest.raises(ValueError, match="negative"):
        Distribution({1: -1, 2: 2})
    with pytest.raises(ValueError, match="at least one outcome"):
        Distribution({1: 0})


def test_queries():
    dist = Distribution({0: 1, 1: 2, 2: 1})
    assert dist.mean() == 1
    assert dist.at_least(1) == Fraction(3, 4)
    assert dist.probability(lambda k: k == 2) == Fraction(1, 4)
    assert dist.get(5) == 0


def test_frame_and_html_show_exact_fractions():
    dist = Distribution({0: 2, 1: 1})
    frame = dist.to_frame("hits")
    assert list(frame["hits"]) == [0, 1]
    assert list(frame["probability"]) == ["2/3", "1/3"]
    html = dist._repr_html_()
    assert 'data-outcome="1"' in html
    assert "1/3" in html


def test_unorderable_outcomes_keep_their_order():
    dist = Distribution([("x", 1), (1, 1)])
    assert list(dist) == ["x", 1]


def test_hashable_and_equal_by_value():
    assert hash(Distribution({1: 1})) == hash(Distribution({1: 2}))
