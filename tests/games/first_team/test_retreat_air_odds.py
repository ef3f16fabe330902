"""Retreats (ftv:4.2.2), air strikes and aero-rockets (ftv:3.4.1, 3.4.4.4), and exact odds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulebook.dice import ScriptedDice
from rulebook.errors import IllegalActionError
from rulebook.games.first_team import Force, nva_company, us_company
from rulebook.games.first_team.air import check_location_strike, rocket_attack, strike, zone_strike
from rulebook.games.first_team.board import Board
from rulebook.games.first_team.odds import fight_odds, fire_odds, strike_odds
from rulebook.games.first_team.retreat import (
    capture_supply,
    nva_retreat,
    retreat_nva,
    retreat_us,
    us_retreats,
)
from rulebook.trace import Trace


@pytest.fixture
def c1_example(point_map, spec):
    """ftv:4.2.2.2's example: a US company landed in C1 (a revealed LZ) is ambushed. A3 holds
    NVA, C3 two companies of another brigade, D6 one company of another battalion."""
    board = Board(point_map, revealed_lz={"C1"})
    board.place("C1", us_company(spec, "A/1/8"))
    board.place("A3", nva_company(spec, "1/33"))
    board.place("C3", us_company(spec, "A/1/5"), us_company(spec, "B/1/5"))
    board.place("D6", us_company(spec, "A/2/8"))
    return board


def test_ftv_4_2_2_2_the_us_retreat_choices_of_the_example(c1_example):
    board = c1_example
    choices = us_retreats(board, "C1", board.us("C1"), transports=1)
    assert choices == ["A4", "D3", "D6", "An Khe"]  # not A3 (enemy) nor C3 (stacking)
    assert "An Khe" not in us_retreats(board, "C1", board.us("C1"), transports=0)
    trace = Trace()
    retreat_us(board, "C1", "D6", trace)
    assert [u.id for u in board.us("D6")] == ["A/2/8", "A/1/8"]
    with pytest.raises(ValueError, match="cannot retreat to A3"):
        retreat_us(board, "D6", "A3", Trace())


def test_ftv_4_2_2_2_a_retreat_offered_under_the_brigade_reading_is_carried_out(point_map, spec):
    """ftv:4.2.2.2 under interpretation ftv:2.3.1/mixing ``brigade``: D3 already holds two 1st
    Brigade companies of other battalions; a third one of the brigade may join it there."""
    board = Board(point_map)
    board.place("C1", us_company(spec, "A/1/8"))
    board.place("D3", us_company(spec, "A/2/8"), us_company(spec, "A/1/12"))
    assert "D3" not in us_retreats(board, "C1", board.us("C1"))
    assert "D3" in us_retreats(board, "C1", board.us("C1"), mix="brigade")
    retreat_us(board, "C1", "D3", Trace(), mix="brigade")
    assert len(board.us("D3")) == 3


def test_ftv_4_2_2_1_the_nva_retreat_order_of_the_example(point_map, spec):
    board = Board(point_map)
    assert nva_retreat(board, "C1") == "A3"  # all empty: lowest zone, lowest number
    board.place("C3", us_company(spec, "A/1/5"))  # as in the example, C3 and D6 hold US units
    board.place("D6", us_company(spec, "A/2/8"))
    board.place("A3", nva_company(spec, "1/33"))
    assert nva_retreat(board, "C1") == "A4"
    board.place("A4", us_company(spec, "B/1/8"))
    assert nva_retreat(board, "C1") == "D3"
    board.place("D3", us_company(spec, "C/1/8"))
    board.place("C1", nva_company(spec, "2/32"), nva_company(spec, "1/32"))
    trace = Trace()
    assert retreat_nva(board, "C1", trace) is None
    assert nva_company(spec, "1/32").step == 1  # a fresh copy; the board's own lost the step
    assert [u.step for u in sorted(board.nva("C1"), key=lambda u: u.order)] == [2, 1]


def test_ftv_4_2_2_a_us_stack_with_nowhere_to_go_loses_its_garrison_first(point_map, spec):
    board = Board(point_map)
    board.place("G4", us_company(spec, "Plei Me"), us_company(spec, "A/1/8"))
    retreat_us(board, "G4", None, Trace())
    assert [u.id for u in board.us("G4")] == ["A/1/8"]
    retreat_us(board, "G4", None, Trace())
    assert board.us("G4")[0].broken
    retreat_us(board, "G4", None, Trace())
    assert board.us("G4") == []


def test_ftv_3_4_1_3_two_b52s_against_four_8_sp_companies_use_column_8(spec, crt):
    targets = [nva_company(spec, f"{n}/32") for n in (1, 2, 3, 4)]
    # Rolls of 9 and 11 read 2B, which may break only the company struck (ftv:3.4.1.3E).
    dice = ScriptedDice([4, 5, 6, 3, 4, 5, 6, 6, 1, 2])
    strikes = strike(60, targets, crt, dice)
    assert [s.column for s in strikes] == [8, 8, 8, 8]
    assert [s.roll for s in strikes] == [9, 7, 11, 3]
    assert [str(s.result) for s in strikes] == ["2B", "3", "2B", "2"]
    assert strikes[0].effects.broken == ["1/32"]  # rolled 6 > 3; one check only for a 2B
    assert strikes[1].effects.steps == {"2/32": 3}
    assert strikes[2].effects.broken == ["3/32"]
    assert strikes[3].effects.steps == {"4/32": 2}
    assert dice.remaining == 0


def test_ftv_3_4_1_2_b52s_spare_pleiku_and_us_infantry_and_one_strike_per_turn():
    with pytest.raises(IllegalActionError, match="Pleiku"):
        check_location_strike("Pleiku", b52s=1, us_infantry_there=False, struck_this_turn=set())
    with pytest.raises(IllegalActionError, match="US infantry"):
        check_location_strike("F3", b52s=2, us_infantry_there=True, struck_this_turn=set())
    with pytest.raises(IllegalActionError, match="already"):
        check_location_strike("F3", b52s=0, us_infantry_there=False, struck_this_turn={"F3"})
    check_location_strike("F3", b52s=0, us_infantry_there=True, struck_this_turn=set())


def test_ftv_3_4_1_1_zone_strikes_need_doubles_and_one_kind_of_aircraft(spec, crt):
    units = [nva_company(spec, f"{n}/32") for n in range(1, 9)]
    assert zone_strike("b52", 60, units, crt, ScriptedDice([3, 4])) == []
    hits = zone_strike("tactical", 10, units, crt, ScriptedDice([2, 2, *[1] * 30]))
    assert [h.target for h in hits] == [f"{n}/32" for n in range(1, 7)]  # six at most, lowest first
    with pytest.raises(IllegalActionError, match=r"ftv:3\.4\.1\.1"):
        zone_strike("mixed", 30, units, crt, ScriptedDice([1, 1]))


def test_ftv_3_4_4_4_aero_rockets_alone_pool_their_second_values(spec, crt):
    target = [nva_company(spec, "1/32")]
    hits = rocket_attack([3, 3], target, crt, ScriptedDice([3, 4]), us_units_there=False)
    assert hits[0].column == 1  # 6 against 8: no shift
    with pytest.raises(IllegalActionError, match=r"ftv:3\.4\.4\.4"):
        rocket_attack([3], target, crt, ScriptedDice([]), us_units_there=True)


def test_ftv_4_1_11_exact_odds_of_the_example(example, crt):
    us, nva = example
    odds = fight_odds(crt, us, nva)
    assert sum(odds["us"].values()) == 1
    assert odds["us"]["8*"] == Fraction(1, 6)  # the example's roll of 5 is one of six faces
    assert odds["nva"]["3"] == Fraction(1, 6)
    assert fire_odds(crt, 7, 2) == odds["nva"]


def test_ftv_4_1_7_night_is_folded_into_the_nva_odds(spec, crt):
    nva = Force("nva", [nva_company(spec, "1/32")])
    us = Force("us", [us_company(spec, "A/1/8")])
    mixed = fight_odds(crt, nva, us, nva_open_combat=True)["nva"]
    by_day = fight_odds(crt, nva, us)["nva"]
    assert mixed != by_day
    assert sum(mixed.values()) == 1


def test_ftv_3_4_1_3_strike_odds_read_2d6(crt):
    odds = strike_odds(crt, 8)
    assert odds["2B"] == Fraction(4 + 4 + 2, 36)  # rolls of 5, 9 and 11


def test_ftv_3_4_2_landing_zones_are_revealed_markers_pleiku_and_the_camps(point_map):
    board = Board(point_map, revealed_lz={"C1"})
    assert [loc for loc in ("C1", "Pleiku", "G4", "D2", "C2") if board.is_lz(loc)] == [
        "C1",
        "Pleiku",
        "G4",
        "D2",
    ]


def test_ftv_4_2_2_2_supply_left_behind_feeds_the_nva(point_map, spec):
    board = Board(point_map, supply={"F3": 2})
    board.place(
        "F3",
        nva_company(spec, "6/32", step=3),
        nva_company(spec, "5/32", step=2),
        nva_company(spec, "7/32"),
    )
    assert capture_supply(board, "F3", Trace()) == 2
    assert [u.step for u in sorted(board.nva("F3"), key=lambda u: u.order)] == [1, 2, 1]
    assert board.supply == {}
    guarded = Board(point_map, supply={"F1": 1})
    guarded.place("F1", us_company(spec, "A/1/8"), nva_company(spec, "1/32", step=2))
    assert capture_supply(guarded, "F1", Trace()) == 0
    assert guarded.supply == {"F1": 1}
