"""Exact odds against the real resolvers: every face sequence enumerated, and 100,000 rolls sampled."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from rulebook.dice import Dice, opposed, successes
from rulebook.distribution import Distribution
from rulebook.games.lz_albany._combat import roll_hits
from rulebook.games.lz_albany.odds import odds, sixes_and_ones
from rulebook.games.lz_albany.situation import Situation


def hits_rolled(result) -> tuple[int, ...]:
    return tuple(step.after_dict()["hits"] for step in result.trace if step.rule == "lza:7.1")


def enumerate_resolver(
    place: dict, procedure: str, *args: str, dice: int, extra: int = 0, **kw
) -> Distribution:
    """Run the real resolver once per face sequence of its *dice* (plus *extra* trailing dice)."""
    counts: Counter = Counter()
    for faces in itertools.product(range(1, 7), repeat=dice):
        situation = Situation(place=place, dice=[*faces] + [1] * extra, **kw)
        counts[hits_rolled(situation.run(procedure, *args))] += 1
    return Distribution(counts)


def test_lza_7_2_melee_odds_equal_the_resolver_over_every_face_sequence():
    place = {"A/2-7-4": "C4", "Mtr/1-33-1": "C4"}  # weapons platoon melee 2 against mortars melee 1
    exact = odds(Situation(place=place), "melee", "C4")
    brute = enumerate_resolver(place, "melee", "C4", "us", dice=3)
    assert sum(exact.values()) == 1
    assert brute == exact


def test_lza_7_3_fire_odds_follow_jungle_and_officers_like_the_resolver():
    place = {
        "A/2-7-1": "C4",
        "A/2-7-CO": "C4",
        "6/8-66-1": "C5",
    }  # into jungle: 3 + 1 officer - 1 = 3 dice
    exact = odds(Situation(place=place), "fire", "C4", "C5:4")
    assert exact == successes(3)
    brute = enumerate_resolver(place, "fire", "C4", "C5:4", dice=3, extra=4)
    assert brute.map(lambda hits: hits[0]) == exact


def test_lza_7_4_nva_mortars_into_a_melee_count_sixes_and_ones_together():
    place = {"Mtr/1-33-1": "C5", "Mtr/1-33-2": "C5", "A/2-7-1": "D4", "6/8-66-1": "D4"}
    exact = odds(Situation(place=place), "mortar", "C5", "D4")
    assert exact == sixes_and_ones(2)
    assert exact[(0, 0)] == Fraction(4, 6) ** 2
    assert sum(exact.values()) == 1


def test_lza_11_1d_night_melee_odds_include_the_failed_spotting_roll():
    place = {"A/2-7-1": "C4", "6/8-66-1": "C4"}
    night = odds(Situation(place=place, turn=9), "melee", "C4")
    day = odds(Situation(place=place, turn=3), "melee", "C4")
    assert night[(0, 0)] > day[(0, 0)]
    assert sum(night.values()) == 1


def test_lza_7_6_gunship_odds_blend_the_damaged_and_whole_gunship():
    place = {"A/2-7-1": "C4", "6/8-66-1": "D4", "6/8-66-2": "D4"}
    dist = odds(Situation(place=place), "gunship", "6/8-66-1")
    damaged = 1 - Fraction(25, 36)
    assert dist[0] == Fraction(25, 36) * successes(3)[0] + damaged * successes(2)[0]


@pytest.mark.slow
def test_melee_odds_agree_with_100000_rolls_of_the_same_dice():
    situation = Situation(
        place={"A/2-7-1": "C4", "A/2-7-2": "C4", "6/8-66-1": "C4"}, dice=Dice(2026)
    )
    exact = odds(situation, "melee", "C4")
    state = situation.state
    a, d = 4, 2  # two US rifle platoons (melee 2 each) against one NVA rifle platoon (melee 2)
    assert exact == opposed(a, d)
    n = 100_000
    counts: Counter = Counter()
    for i in range(n):
        counts[(roll_hits(state, a, "lza:7.2")[0], roll_hits(state, d, "lza:7.2")[0])] += 1
        if i % 1000 == 999:
            state.trace.rewind(0)
            state.dice.rolls.clear()
    for outcome, p in exact.items():
        sigma = math.sqrt(n * float(p) * (1 - float(p)))
        assert abs(counts[outcome] - n * float(p)) <= 5 * sigma + 1, outcome


def test_lza_7_3_7_5_7_6_7_7_an_attack_the_rules_never_offer_is_refused_not_given_odds():
    """The rule-interactions app gave exact odds for rifles in A1 firing at A1 and at F7, half
    the map away: rifles fire only at a neighbouring area (lza:7.3), in their own area the
    sides melee (lza:7.2), and mortars reach only what an officer sees in range (lza:7.4)."""
    from rulebook.games.lz_albany.situation import attack

    # Artillery, a gunship and bombs go only where an officer sees (or US platoons are next
    # door): the app gave odds for a battery firing from A1's officer at F7, out of his sight.
    refused = [
        ("fire", "A1", r"in A1 itself the two sides melee \(lza:7\.2\)"),
        ("fire", "F7", r"\(lza:7\.3\): F7 is not next to A1"),
        ("mortar", "F7", r"\(lza:7\.4\): F7 is not one from A1"),
        ("artillery", "F7", r"\(lza:7\.5\): the officer in A1 does not see F7"),
        ("gunship", "F7", r"\(lza:7\.6\): the officer in A1 does not see F7"),
        ("bombs", "F7", r"\(lza:7\.7\): F7 is not one"),
    ]
    for procedure, target, said in refused:
        with pytest.raises(ValueError, match=said):
            attack(procedure, "A1", target)
    for procedure in ("artillery", "gunship", "bombs"):
        assert attack(procedure, "C4", "D4")  # in sight next door: offered
    situation, args = attack("fire", "C4", "D4")  # next door: offered, and its odds given
    assert args == ("C4", "D4:4")
    assert odds(situation, "fire", *args)
