"""Section 2 of First Team: Vietnam: identification, CPs, stacking, steps, garrisons, fatigue, supply."""

from __future__ import annotations

import itertools

import pytest

from rulebook.errors import IllegalActionError
from rulebook.games.first_team import Force, nva_companies, nva_company, us_companies, us_company
from rulebook.games.first_team.logistics import (
    add_fatigue,
    choose_garrison,
    consume_for_combat,
    consume_supply,
    garrison_size,
    move_fatigue,
    stacking_problem,
)
from rulebook.games.first_team.support import CommandPoints, SupportUnit, return_support
from rulebook.trace import Trace


def test_ftv_2_0_and_ftv_2_1_a_zone_box_stands_for_its_six_locations(point_map):
    assert point_map.in_zone("A") == ["A1", "A2", "A3", "A4", "A5", "A6"]
    assert "Pleiku" in point_map.in_zone("J")  # Pleiku belongs to a zone for target checks
    assert len(point_map.in_zone("Cambodia")) == 6


def test_ftv_2_2_and_ftv_3_1_command_points_are_spent_never_saved():
    cp = CommandPoints(20)
    cp.spend(19, "ftv:3.3", "supply")
    with pytest.raises(IllegalActionError, match=r"ftv:3\.4\.1: a B-52 costs 2 CP; 1 left"):
        cp.spend(2, "ftv:3.4.1", "a B-52")
    cp.new_turn()
    assert cp.left == 20  # back to 20, not 21


def test_ftv_2_3_and_ftv_2_3_1_stacking_limits(spec):
    one_battalion = [us_company(spec, f"{c}/1/8") for c in "ABCD"]
    assert stacking_problem(one_battalion) is None
    two_of_two = [us_company(spec, "A/1/8"), us_company(spec, "A/1/5")]
    assert stacking_problem(two_of_two) is None
    six = nva_companies(spec)[:6]
    assert stacking_problem(six) is None
    assert "at most 6" in stacking_problem(nva_companies(spec)[:7])
    garrison_too = [*one_battalion, us_company(spec, "Plei Me")]
    assert stacking_problem(garrison_too) is None  # garrisons do not count


def test_ftv_2_3_2_and_ftv_2_3_3_1_and_ftv_2_3_3_2_the_stacking_examples(spec):
    legal = [us_company(spec, f"{c}/1/8") for c in "ABCD"]
    assert stacking_problem(legal) is None
    illegal = [*[us_company(spec, f"{c}/1/8") for c in "ABC"], us_company(spec, "A/2/8")]
    assert (
        stacking_problem(illegal)
        == "US companies of more than one battalion: at most 2 may stack, not 4"
    )


def test_ftv_1_5_4_and_ftv_2_4_nva_companies_have_four_steps_us_companies_two(spec):
    unit = nva_company(spec, "1/32")
    seen = []
    while not unit.eliminated:
        seen.append((unit.strength, unit.efficiency, unit.broken))
        unit.lose_step()
    assert seen == [(8, 3, False), (6, 2, False), (4, 1, False), (2, 0, True)]
    us = us_company(spec, "A/1/8")
    assert (us.strength, us.efficiency) == (4, 5)
    us.broken = True
    assert (us.strength, us.efficiency) == (3, 1)
    assert len(nva_companies(spec)) == 21


def test_ftv_2_5_and_ftv_2_5_1_garrison_requirements(point_map, spec):
    assert garrison_size(point_map, "G4", attackers=5) == 3  # a camp: half, rounded up
    assert garrison_size(point_map, "D5", attackers=4) == 1  # another road location
    assert garrison_size(point_map, "C6", attackers=4) == 0
    assert garrison_size(point_map, "Pleiku", attackers=6) == 6


def test_ftv_4_1_14_the_lowest_companies_garrison_under_hold(spec):
    units = [nva_company(spec, c) for c in ("101/66", "3/33", "7/32", "2/32")]
    chosen = choose_garrison(units, 2)
    assert [u.id for u in chosen] == ["2/32", "7/32"]
    assert all(u.hold for u in chosen)
    assert not any(u.hold for u in units if u not in chosen)


def test_ftv_2_5_2_camp_garrisons_have_no_broken_side_and_record_no_casualties(spec):
    garrison = us_company(spec, "Duc Co")
    assert garrison.garrison
    assert garrison.back is None
    add_fatigue(garrison, 5)
    assert garrison.eliminated  # breaking eliminates it
    assert {u.id for u in us_companies(spec) if u.garrison} == {"Duc Co", "Plei Me"}


def test_ftv_2_6_fatigue_breaks_at_five_and_a_broken_unit_is_lost(spec):
    unit = us_company(spec, "A/1/8")
    add_fatigue(unit, 4)
    assert (unit.broken, unit.fatigue) == (False, 4)
    add_fatigue(unit, 1)
    assert (unit.broken, unit.fatigue) == (True, 0)
    add_fatigue(unit, 5)
    assert unit.eliminated
    tired = us_company(spec, "B/1/8")
    tired.fatigue = 3
    tired.broken = True  # broken by a 2B result: the fatigue stays (ftv:2.6D)
    assert tired.fatigue == 3


def test_ftv_3_4_3_the_d4_to_d5_example_costs_two(point_map):
    assert move_fatigue(point_map, ["D4", "D5"], supplied=True) == 2  # none -> F2, F1 -> F3
    kinds = {point_map.line(a, b) for a in ("D4", "D5") for b in point_map.neighbors(a)}
    assert kinds == {"road", "jungle", "river", "jungle-mountain"}  # all four in the extract


def test_ftv_2_7_and_ftv_3_3_unsupplied_moves_cost_one_more_and_supply_goes_a_step_at_a_time(
    point_map,
):
    assert move_fatigue(point_map, ["D4", "D5"], supplied=False) == 3
    road = ["D2", "D5", "F5"]
    assert {point_map.line(a, b) for a, b in itertools.pairwise(road)} == {"road"}
    assert move_fatigue(point_map, road, supplied=False) == 1  # one in total on a road double move
    supply = {"F3": 2}
    assert consume_supply(supply, "F3")
    assert supply == {"F3": 1}
    assert consume_supply(supply, "F3")
    assert supply == {}
    assert not consume_supply(supply, "F3")


def test_ftv_4_1_10_fighting_and_supporting_locations_use_supply():
    supply = {"F3": 2, "F1": 1}
    trace = Trace()
    short = consume_for_combat(supply, ["F3"], ["F1", "F2"], trace)
    assert supply == {"F3": 1}
    assert short == ["F2"]
    assert set(trace.rules()) == {"ftv:4.1.10"}


def test_ftv_4_1_13_support_units_go_home(spec):
    units = [
        SupportUnit("A/2/19", "battery"),
        SupportUnit("OBS-1", "observation", box="map"),
        SupportUnit("D/227", "gunship", box="map"),
        SupportUnit("D/229", "gunship", fatigued=True, box="map"),
        SupportUnit("A/2/20", "aero-rocket", box="map"),
    ]
    return_support(units, Trace())
    assert [(u.fired, u.fatigued, u.box) for u in units] == [
        (True, False, "an-khe"),
        (False, False, "an-khe"),
        (False, True, "an-khe"),
        (False, True, "refit"),
        (False, True, "refit"),
    ]
    assert not units[0].ready
    assert not units[4].ready


def test_ftv_4_2_3_2_fatigue_from_a_fight_can_break_a_tired_company(spec, crt):
    from rulebook.dice import ScriptedDice
    from rulebook.games.first_team import Result
    from rulebook.games.first_team.combat import apply_result

    tired = us_company(spec, "A/1/8")
    tired.fatigue = 4
    fx = apply_result(
        Result("steps", 1), Force("nva", []), Force("us", [tired]), ScriptedDice([]), Trace()
    )
    assert fx.broken == ["A/1/8"]
    assert tired.fatigue == 0


def test_ftv_3_4_4_only_support_waiting_at_an_khe_and_unfired_may_be_committed():
    assert SupportUnit("A/2/19", "battery").ready
    assert not SupportUnit("A/2/19", "battery", fired=True).ready
    assert not SupportUnit("A/2/20", "aero-rocket", box="refit").ready


def test_ftv_3_5_4_3_captured_supply_restores_a_step_never_past_full(spec):
    unit = nva_company(spec, "1/32", step=3)
    unit.gain_step()
    assert unit.step == 2
    fresh = nva_company(spec, "2/32")
    fresh.gain_step()
    assert fresh.step == 1


def test_ftv_2_6_b_reaching_five_flips_the_unit_and_resets_fatigue_to_zero(spec):
    """F4 + 2 is broken at F0, not F1: the excess point is not carried (ftv:2.6B)."""
    unit = us_company(spec, "A/1/8")
    unit.fatigue = 4
    add_fatigue(unit, 2)
    assert (unit.broken, unit.fatigue, unit.eliminated) == (True, 0, False)
    fresh = us_company(spec, "B/1/8")
    add_fatigue(fresh, 9)  # one break, however far past 5 the points go
    assert (fresh.broken, fresh.fatigue, fresh.eliminated) == (True, 0, False)
    add_fatigue(fresh, 4)
    assert (fresh.fatigue, fresh.eliminated) == (4, False)
    add_fatigue(fresh, 1)  # ftv:2.6C: broken and at 5 again
    assert fresh.eliminated


def test_ftv_2_6_b_the_break_level_is_read_from_the_scenario(spec):
    unit = us_company(spec, "A/1/8")
    add_fatigue(unit, 4, values={"fatigue_breaks_at": 4})
    assert (unit.broken, unit.fatigue) == (True, 0)
