"""Choices the rules leave to the US player in a fight's results, offered as decisions:
which companies a #B result checks and an A result breaks (ftv:4.2.4.2, 4.2.5D), which company
breaks when no retreat is possible (ftv:4.2.2.2C), which transports lift a retreat (ftv:4.2.2.2B),
which helicopter a starred result sends to Refit (ftv:4.2.6.1A) and which aircraft the NVA guns
destroy (ftv:6.2.2).
"""

from __future__ import annotations

import pytest

from rulebook.dice import Dice, ScriptedDice
from rulebook.games._decisions import Action
from rulebook.games.first_team import _fight
from rulebook.games.first_team.combat import Force, apply_result
from rulebook.games.first_team.crt import Result
from rulebook.games.first_team.narrate import describe
from rulebook.games.first_team.retreat import retreat_us
from rulebook.maps.point_map import AN_KHE
from rulebook.trace import Trace

from .test_campaign import drive, offered, state


def _hit(s, loc: str, result: str, *, us_picks: bool = True):
    target = Force("us", s.board.us(loc), location=loc)
    firer = Force("nva", s.board.nva(loc), location=loc)
    return apply_result(Result.parse(result), firer, target, s.dice, Trace(), us_picks=us_picks)


def test_ftv_4_2_5_d_the_garrison_breaks_first_then_the_player_picks_the_companies():
    s = state(Dice(1))
    s.board.place("G4", s.us["A/1/8"], s.us["B/1/8"], s.us["C/1/8"], s.nva["1/32"])
    fx = _hit(s, "G4", "AA")
    assert s.us["Plei Me"].eliminated  # no choice about the garrison: it goes first
    assert fx.breaks_owed == 1
    assert not fx.breaks_roll
    flow = _fight._pick_breaks(s, "G4", fx)
    assert offered(_fight._pick_breaks(s, "G4", fx)) == {
        "break A/1/8",
        "break B/1/8",
        "break C/1/8",
    }
    drive(flow, "break C/1/8")
    assert [u.id for u in s.board.us("G4") if u.broken] == ["C/1/8"]


def test_ftv_4_2_5_without_the_players_pick_companies_break_in_counter_order():
    s = state(Dice(1))
    s.board.place("F3", s.us["A/1/8"], s.us["B/1/8"], s.us["C/1/8"], s.nva["1/32"])
    fx = _hit(s, "F3", "AA", us_picks=False)  # what the odds tables assume
    assert fx.breaks_owed == 0
    assert sorted(fx.broken) == ["A/1/8", "B/1/8"]


def test_ftv_4_2_4_2_the_player_picks_which_companies_roll_and_each_is_picked_once():
    s = state(ScriptedDice([6, 1]))  # the first pick rolls 6 and breaks, the second 1 and holds
    s.board.place("F3", s.us["A/1/8"], s.us["B/1/8"], s.us["C/1/8"], s.nva["1/32"])
    fx = _hit(s, "F3", "2B")
    assert (fx.breaks_owed, fx.breaks_roll) == (2, True)
    flow = _fight._pick_breaks(s, "F3", fx)
    first = next(flow)
    assert {a.notation() for a in first.options} == {"check A/1/8", "check B/1/8", "check C/1/8"}
    second = flow.send(first.options[2])  # C/1/8 rolls the 6
    assert "check C/1/8" not in {a.notation() for a in second.options}  # checked once only
    with pytest.raises(StopIteration):
        flow.send(next(a for a in second.options if a.args[0] == "B/1/8"))
    assert (s.us["C/1/8"].broken, s.us["B/1/8"].broken, s.us["A/1/8"].broken) == (
        True,
        False,
        False,
    )
    assert "C/1/8" in fx.broken
    assert "B/1/8" not in fx.broken


def test_ftv_4_2_4_2_no_question_when_the_result_reaches_every_ready_company():
    s = state(ScriptedDice([1, 1]))
    s.board.place("F3", s.us["A/1/8"], s.us["B/1/8"], s.nva["1/32"])
    fx = _hit(s, "F3", "3B")
    assert fx.breaks_owed == 0  # both are checked, nothing to pick
    assert not any(u.broken for u in s.board.us("F3"))  # each rolled 1: both hold


def test_ftv_4_2_2_2_c_with_no_retreat_the_player_picks_the_company_that_breaks():
    s = state(Dice(1))
    s.board.place("F3", s.us["A/1/8"], s.us["B/1/8"])
    movers = s.board.us("F3")
    flow = _fight._no_retreat_victim(s, "F3", movers)
    question = next(flow)
    assert {a.notation() for a in question.options} == {"break A/1/8", "break B/1/8"}
    try:
        flow.send(question.options[1])
    except StopIteration as done:
        victim = done.value
    assert victim == "B/1/8"
    retreat_us(s.board, "F3", None, Trace(), victim=victim)
    assert (s.us["A/1/8"].broken, s.us["B/1/8"].broken) == (False, True)
    with pytest.raises(ValueError, match="cannot be the company lost at F3"):
        retreat_us(s.board, "F3", None, Trace(), victim="C/1/8")
    s.us["A/1/8"].broken = True  # all broken: the pick is which one is eliminated
    assert {a.verb for a in next(_fight._no_retreat_victim(s, "F3", movers)).options} == {"lose"}


def test_ftv_4_2_2_2_c_a_camp_garrison_is_lost_first_with_no_question():
    s = state(Dice(1))
    s.board.place("G4", s.us["A/1/8"], s.us["B/1/8"])
    assert next(_fight._no_retreat_victim(s, "G4", [s.us["A/1/8"], s.us["B/1/8"]]), None) is None


def test_ftv_4_2_2_2_b_the_player_picks_the_transports_that_lift_a_retreat():
    s = state(Dice(1))
    s.board.revealed_lz.add("C4")
    s.board.place("C4", s.us["A/1/8"])
    s.support["TRA-B/227"].fatigued = True
    drive(_fight._us_retreat(s, "C4"), "retreat AnKhe", "lift TRA-B/227")
    assert s.where(s.us["A/1/8"]) == AN_KHE
    assert s.support["TRA-B/227"].box == "refit"  # already fatigued: to the Refit Box
    assert not s.support["TRA-A/227"].fatigued  # the first in the list was not taken


def test_the_new_choices_read_as_words():
    s = state(Dice(1))
    for notation, words in (
        ("check A/1/8", "Check A/1/8 for breaking"),
        ("break A/1/8", "Break A/1/8"),
        ("lose A/1/8", "Lose A/1/8"),
        ("lift TRA-B/227", "Lift the retreat with TRA-B/227"),
        ("fatigue Plei-Me", "Give a fatigue point to Plei Me"),
    ):
        assert describe(Action.from_notation(notation), s).startswith(words)


def _starred(s, *, refit: bool = True, aircraft: bool = False):
    from rulebook.games.first_team.combat import Effects

    fx = Effects(Result.parse("1*"))
    fx.helicopter_to_refit, fx.aircraft_lost = refit, aircraft
    return fx


def _flown(s, *ids: str) -> list:
    """Support committed to a fight and sent home from it, as the fight does before losses."""
    from rulebook.games.first_team.support import return_support

    units = [s.support[i] for i in ids]
    return_support(units, Trace())
    return units


def test_ftv_4_2_6_1_a_the_player_picks_the_helicopter_a_star_sends_to_refit():
    s = state(Dice(1))
    committed = _flown(s, "GUN-D/227", "OBS-1", "A/2/20")  # the aero-rockets refit anyway
    flow = _fight._us_losses(s, _starred(s), committed)
    decision = next(flow)
    assert decision.rule == "ftv:4.2.6.1"
    assert [a.notation() for a in decision.options] == ["to-refit GUN-D/227", "to-refit OBS-1"]
    assert describe(decision.options[1]) == "Send OBS-1 to the Refit Box"
    with pytest.raises(StopIteration):
        flow.send(decision.options[1])
    assert s.support["OBS-1"].box == "refit"
    assert (
        s.support["GUN-D/227"].box == "an-khe"
    )  # fatigued at An Khe, as any gunship after a fight


def test_ftv_4_2_6_1_a_no_question_with_one_helicopter_and_none_when_all_already_refit():
    s = state(Dice(1))
    flow = _fight._us_losses(s, _starred(s), _flown(s, "GUN-D/227", "TAC-1"))
    with pytest.raises(StopIteration):
        next(flow)
    assert s.support["GUN-D/227"].box == "refit"
    s = state(Dice(1))
    flow = _fight._us_losses(s, _starred(s), _flown(s, "A/2/20", "B/2/20"))
    with pytest.raises(StopIteration):
        next(flow)
    assert "already goes to the Refit Box" in " ".join(str(t) for t in s.trace)


def test_ftv_6_2_2_the_player_picks_the_aircraft_the_guns_destroy():
    s = state(Dice(1))
    committed = _flown(s, "GUN-D/227", "TAC-1")
    flow = _fight._us_losses(s, _starred(s, refit=False, aircraft=True), committed)
    decision = next(flow)
    assert decision.rule == "ftv:6.2.2"
    assert {a.notation() for a in decision.options} == {"shot-down GUN-D/227", "shot-down TAC-1"}
    with pytest.raises(StopIteration):
        flow.send(Action.of("shot-down", "TAC-1"))
    assert s.support["TAC-1"].box == "gone"
    assert s.aircraft_destroyed == ["TAC-1"]
    assert s.support["GUN-D/227"].box != "gone"
