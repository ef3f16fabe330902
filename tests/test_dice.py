"""Dice: seeded rolls, scripted replay, and exact distributions checked two ways."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebook.dice import (
    DIE_SIZES,
    Dice,
    QuietDice,
    Roll,
    ScriptedDice,
    as_dice,
    dice_sum,
    die,
    opposed,
    successes,
)
from rulebook.distribution import Distribution
from rulebook.errors import ScriptExhaustedError


def brute_force(n: int, sides: int, outcome) -> Distribution:
    """Enumerate every face combination of n dice; weight each equally."""
    counts = Counter(outcome(faces) for faces in itertools.product(range(1, sides + 1), repeat=n))
    return Distribution(counts)


def from_icepool(die_expr) -> Distribution:
    return Distribution({k: Fraction(q, die_expr.denominator()) for k, q in die_expr.items()})


# --- rolling ---------------------------------------------------------------


def test_same_seed_same_rolls_and_record():
    a, b = Dice(seed=42), Dice(seed=42)
    rolls_a = [a.d6("x"), a.d8(), a.d10(), a.d12(), a.two_d6(), *a.pool(5)]
    rolls_b = [b.d6("x"), b.d8(), b.d10(), b.d12(), b.two_d6(), *b.pool(5)]
    assert rolls_a == rolls_b
    assert a.rolls == b.rolls
    assert len(a.rolls) == 11  # two_d6 records both dice
    assert a.rolls[0] == Roll(6, rolls_a[0], "x")


def test_rolls_are_the_faces_randint_would_give():
    """Dice draw with the stream's ``_randbelow`` (skipping randint's argument checks): the
    faces must be randint(1, n)'s, for every die size and for picks among up to 40 things, so
    seeded games stay what they were on every Python."""
    ours, theirs = Dice(seed=11), random.Random(11)
    for n in [4, 6, 8, 10, 12, 20, *range(2, 41)] * 25:
        face = ours.roll(n) if n in DIE_SIZES else ours.pick(n) + 1
        assert face == theirs.randint(1, n), n


def test_quiet_dice_roll_the_same_faces_and_keep_none():
    """A game played for its result alone rolls QuietDice: every face must be the one Dice
    gives from the same seed, or a sweep would play other games than the apps replay."""
    kept, quiet = Dice(seed=5), QuietDice(seed=5)
    for n in [4, 6, 8, 10, 12, 20, *range(1, 41)] * 10:
        if n in DIE_SIZES:
            assert quiet.roll(n) == kept.roll(n)
            assert quiet.pool(n % 7, n) == kept.pool(n % 7, n)
        assert quiet.pick(n) == kept.pick(n)
    assert quiet.rolls == []
    assert kept.rolls
    with pytest.raises(ValueError, match="no d7"):
        quiet.roll(7)
    with pytest.raises(ValueError, match="cannot roll -1 dice"):
        quiet.pool(-1)
    with pytest.raises(ValueError, match="cannot pick from nothing"):
        quiet.pick(0)


def test_different_seeds_differ_somewhere():
    assert Dice(1).pool(20) != Dice(2).pool(20)


@pytest.mark.parametrize("sides", [6, 8, 10, 12])
def test_faces_stay_on_the_die(sides):
    dice = Dice(seed=sides)
    faces = dice.pool(600, sides)
    assert set(faces) == set(range(1, sides + 1))


def test_unknown_die_size_is_refused():
    with pytest.raises(ValueError, match="no d7"):
        Dice().roll(7)


def test_negative_pool_is_refused():
    with pytest.raises(ValueError, match="cannot roll -1 dice"):
        Dice().pool(-1)


def test_count_at_least_counts_hits():
    assert ScriptedDice([6, 1, 6, 5]).count_at_least(4) == 2
    assert ScriptedDice([6, 1, 6, 5]).count_at_least(4, target=5) == 3


def test_a_roll_has_no_truth_value():
    with pytest.raises(TypeError, match=r"compare roll\.value"):
        bool(Roll(6, 6))


# --- scripted dice -----------------------------------------------------------


def test_scripted_dice_replay_in_order_and_record():
    dice = ScriptedDice([3, 6, 1])
    assert dice.d6("a") == 3
    assert dice.pool(2, label="b") == (6, 1)
    assert [r.label for r in dice.rolls] == ["a", "b", "b"]
    assert dice.remaining == 0


def test_scripted_dice_exhausted_raise():
    dice = ScriptedDice([2])
    dice.d6()
    with pytest.raises(ScriptExhaustedError, match=r"ran out after 1 rolls \(asked for a d6\)"):
        dice.d6()


def test_scripted_face_too_big_for_die():
    with pytest.raises(ValueError, match="scripted roll 0 is 8, which a d6 cannot show"):
        ScriptedDice([8]).d6()


def test_seeded_game_replays_through_scripted_dice():
    seeded = Dice(seed=9)
    original = [seeded.d6(), seeded.d10(), seeded.two_d6()]
    replay = ScriptedDice(r.value for r in seeded.rolls)
    assert [replay.d6(), replay.d10(), replay.two_d6()] == original


def test_what_if_changes_one_die_only():
    dice = Dice(seed=5)
    dice.pool(4)
    changed = ScriptedDice.what_if(dice.rolls, {2: 6}).pool(4)
    assert changed[2] == 6
    assert [changed[i] for i in (0, 1, 3)] == [dice.rolls[i].value for i in (0, 1, 3)]
    with pytest.raises(IndexError, match="roll 4 is not among the 4 recorded rolls"):
        ScriptedDice.what_if(dice.rolls, {4: 6})


def test_as_dice_accepts_every_seed_form():
    d = Dice(1)
    assert as_dice(d) is d
    assert as_dice(7).pool(5) == Dice(7).pool(5)
    assert as_dice(random.Random(3)).pool(5) == as_dice(random.Random(3)).pool(5)
    assert isinstance(as_dice(None), Dice)
    with pytest.raises(TypeError, match="pass a seed, a Random or a Dice"):
        as_dice(1.5)


# --- exact distributions -----------------------------------------------------


@pytest.mark.parametrize("n", range(7))
def test_successes_match_brute_force_and_icepool(n):
    ours = successes(n)
    assert sum(ours.values()) == 1
    assert ours == brute_force(n, 6, lambda faces: sum(f == 6 for f in faces))
    assert ours == from_icepool(n @ (icepool.d6 == 6))


@pytest.mark.parametrize(("sides", "target"), [(6, 5), (6, 4), (8, 7), (10, 8)])
def test_successes_with_other_targets_match_icepool(sides, target):
    ours = successes(4, target=target, sides=sides)
    assert ours == from_icepool(4 @ (icepool.d(sides) >= target))


@given(st.integers(0, 40))
def test_successes_sum_to_one_for_big_pools(n):
    assert sum(successes(n).values()) == 1


def test_two_d6_matches_brute_force_and_icepool():
    ours = dice_sum(2, 6)
    assert ours == brute_force(2, 6, sum)
    assert ours == from_icepool(2 @ icepool.d6)
    assert ours[7] == Fraction(6, 36)


@pytest.mark.parametrize(("n", "sides"), [(1, 8), (3, 6), (2, 10), (2, 12)])
def test_dice_sum_matches_icepool(n, sides):
    assert dice_sum(n, sides) == from_icepool(n @ icepool.d(sides))


def test_opposed_pools_match_brute_force():
    ours = opposed(3, 2)
    brute = brute_force(
        5, 6, lambda faces: (sum(f == 6 for f in faces[:3]), sum(f == 6 for f in faces[3:]))
    )
    assert ours == brute
    assert sum(ours.values()) == 1


def test_opposed_pools_can_hit_on_different_faces():
    ours = opposed(1, 1, target=6, target_b=4)
    assert ours[(0, 1)] == Fraction(5, 6) * Fraction(1, 2)


def test_die_and_bad_sums_are_explained():
    assert die(10)[10] == Fraction(1, 10)
    with pytest.raises(ValueError, match="a sum needs 1 to 1000 dice, not 0"):
        dice_sum(0)
    with pytest.raises(ValueError, match="a d6 cannot show 7"):
        successes(2, target=7)
