"""The combat procedure of ftv:4.0-4.2, case by case, and the worked example of ftv:4.1."""

from __future__ import annotations

import pytest

from rulebook.dice import ScriptedDice
from rulebook.games.first_team import Force, Result, column_for, nva_company, resolve, us_company
from rulebook.games.first_team.combat import apply_result
from rulebook.trace import Trace


def shifts(trace: Trace) -> dict[str, int]:
    """Column shifts per rule case, read back from a trace."""
    out: dict[str, int] = {}
    for step in trace:
        before, after = step.before_dict(), step.after_dict()
        if "column" in before and "column" in after:
            out[step.rule] = out.get(step.rule, 0) + after["column"] - before["column"]
    return out


def test_ftv_4_1_the_worked_example_gives_columns_7_and_11_results_3_and_8_star(example, crt):
    us, nva = example
    result = resolve(us, nva, crt, ScriptedDice([5, 6]))
    assert result.columns == {"nva": 7, "us": 11}
    assert result.rolls == {"us": 5, "nva": 6}
    assert str(result.results["nva"]) == "3"  # 6 + 2 US units = 8 on column 7
    assert str(result.results["us"]) == "8*"  # 5 + 4 NVA units = 9 on column 11
    # 4.2.3.2D: the gunship halves 3 to 2 casualty points; 4.2.6.2: the star adds one more.
    assert result.effects["us"].casualty_points == 2
    assert result.us_casualty_points == 3
    assert sorted(result.effects["us"].fatigue.values()) == [1, 2]
    # 4.2.3.1: eight steps from 4/32 upward, round and round.
    assert result.effects["nva"].steps == {"4/32": 1, "5/32": 3, "6/32": 2, "7/32": 2}
    assert result.effects["nva"].eliminated == ["4/32", "5/32"]
    cited = set(result.trace.rules())
    assert {"ftv:4.1.1", "ftv:4.1.2", "ftv:4.1.4", "ftv:4.1.6", "ftv:4.1.9", "ftv:4.1.11"} <= cited
    assert {"ftv:4.2.3.1", "ftv:4.2.3.2", "ftv:4.2.6.2"} <= cited


def test_ftv_4_1_9_the_example_tally_shift_by_shift(example):
    """The table closing ftv:4.1.9: NVA 3 + 2 + 1, US 2 + 5 + 2 + 1, and F1's help changes nothing."""
    us, nva = example
    nva_trace, us_trace = Trace(), Trace()
    assert column_for(nva, us, attacking=False, trace=nva_trace) == 7
    assert shifts(nva_trace) == {"ftv:4.1.1": 3, "ftv:4.1.2": 2, "ftv:4.1.4": 1}
    assert column_for(us, nva, attacking=True, trace=us_trace) == 11
    assert shifts(us_trace) == {"ftv:4.1.1": 2, "ftv:4.1.2": 5, "ftv:4.1.6": 2, "ftv:4.1.9": 1}
    us.supporting_locations = 1  # support from F1 pushes it to 12, read as 11 (ftv:4.0D)
    clamped = Trace()
    assert column_for(us, nva, attacking=True, trace=clamped) == 11
    assert "ftv:4.0" in [s.rule for s in clamped][1:]


def test_ftv_4_1_1_the_attacker_leaves_out_broken_units_the_defender_keeps_them(spec):
    us = Force("us", [us_company(spec, "A/1/8"), us_company(spec, "B/1/8", broken=True)])
    nva = Force("nva", [nva_company(spec, "1/32"), nva_company(spec, "2/32", step=4)])
    attack, defend = Trace(), Trace()
    column_for(nva, us, attacking=True, trace=attack)  # 8 (the broken 2 left out) / 7
    column_for(nva, us, attacking=False, trace=defend)  # 10 / 7
    assert shifts(attack)["ftv:4.1.1"] == 1
    assert shifts(defend)["ftv:4.1.1"] == 1
    bigger = Force(
        "nva",
        [nva_company(spec, "1/32"), nva_company(spec, "2/32"), nva_company(spec, "3/32", step=4)],
    )
    t = Trace()
    column_for(bigger, us, attacking=False, trace=t)  # 18 / 7 = 2
    assert shifts(t)["ftv:4.1.1"] == 2


def test_ftv_4_1_2_efficiency_nva_ignore_broken_units_the_us_do_not(spec, example):
    us, nva = example
    us.units[1].broken = True  # the text's "4-1 side": the US would get only 1 shift
    t = Trace()
    column_for(us, nva, attacking=True, trace=t)
    assert shifts(t)["ftv:4.1.2"] == 1
    all_broken = Force("nva", [nva_company(spec, "4/32", step=4)])
    t = Trace()
    column_for(all_broken, us, attacking=False, trace=t)
    assert "ftv:4.1.2" not in shifts(t)  # every NVA broken: the broken 0 counts


def test_ftv_4_1_3_an_ambusher_gets_two_shifts_and_fires_alone(spec, crt):
    nva = Force("nva", [nva_company(spec, "1/32")])
    us = Force("us", [us_company(spec, "A/1/8")])
    t = Trace()
    column_for(nva, us, attacking=True, ambush=True, trace=t)
    assert shifts(t)["ftv:4.1.3"] == 2
    result = resolve(nva, us, crt, ScriptedDice([3]), ambush=True)
    assert set(result.results) == {"nva"}


def test_ftv_4_1_5_hold_shifts_the_holder_right_and_its_enemy_left(spec):
    us = Force("us", [us_company(spec, "A/1/8")], hold=True)
    nva = Force("nva", [nva_company(spec, "1/32")])
    t_us, t_nva = Trace(), Trace()
    column_for(us, nva, attacking=False, trace=t_us)
    column_for(nva, us, attacking=True, trace=t_nva)
    assert shifts(t_us)["ftv:4.1.5"] == 1
    assert shifts(t_nva)["ftv:4.1.5"] == -1


def test_ftv_4_1_6_each_battery_is_a_shift(spec):
    nva = Force("nva", [nva_company(spec, "1/32")])
    for batteries in (0, 1, 3):
        t = Trace()
        column_for(
            Force("us", [us_company(spec, "A/1/8")], artillery=batteries),
            nva,
            attacking=True,
            trace=t,
        )
        assert shifts(t).get("ftv:4.1.6", 0) == batteries


def test_ftv_4_1_7_night_attacks_only_in_nva_open_combat_on_1_to_4(spec, crt):
    def fight(night_roll, nva_open_combat=True):
        nva = Force("nva", [nva_company(spec, "1/32")])
        us = Force("us", [us_company(spec, "A/1/8")])
        return resolve(
            nva, us, crt, ScriptedDice([night_roll, 1, 1]), nva_open_combat=nva_open_combat
        )

    assert fight(4).night
    assert not fight(5).night
    assert fight(4).columns["nva"] - fight(5).columns["nva"] == 3
    day = resolve(
        Force("nva", [nva_company(spec, "1/32")]),
        Force("us", [us_company(spec, "A/1/8")]),
        crt,
        ScriptedDice([1, 1]),
    )
    assert not day.night  # no roll at all outside the NVA Open Combat Segment


def test_ftv_4_1_8_unsupplied_us_units_give_the_nva_four_shifts(spec):
    nva = Force("nva", [nva_company(spec, "1/32")])
    t = Trace()
    column_for(
        nva, Force("us", [us_company(spec, "A/1/8")], supplied=False), attacking=True, trace=t
    )
    assert shifts(t)["ftv:4.1.8"] == 4


def test_ftv_4_1_9_observation_needs_artillery_and_gives_one_shift(spec):
    nva = Force("nva", [nva_company(spec, "1/32")])
    t = Trace()
    column_for(
        Force("us", [us_company(spec, "A/1/8")], observation=True), nva, attacking=True, trace=t
    )
    assert "ftv:4.1.9" not in shifts(t)


def test_ftv_4_1_4_each_supporting_location_is_one_shift(spec):
    us = Force("us", [us_company(spec, "A/1/8")])
    for n in (0, 1, 2):
        t = Trace()
        column_for(
            Force("nva", [nva_company(spec, "1/32")], supporting_locations=n),
            us,
            attacking=True,
            trace=t,
        )
        assert shifts(t).get("ftv:4.1.4", 0) == n


def test_ftv_4_0_columns_clamp_to_1_and_11(spec):
    weak = Force("nva", [nva_company(spec, "1/32", step=4)])
    strong = Force("us", [us_company(spec, "A/1/8")], hold=True, support_strength=200, artillery=4)
    assert column_for(weak, strong, attacking=True) == 1  # 0 + 0 - 1 for HOLD
    assert column_for(strong, weak, attacking=False) == 11


def test_ftv_4_1_11_the_roll_adds_one_per_unit_fired_on(spec, crt):
    nva = Force("nva", [nva_company(spec, f"{n}/32") for n in (1, 2, 3)])
    us = Force("us", [us_company(spec, "A/1/8")])
    result = resolve(us, nva, crt, ScriptedDice([2, 2, 1, 1, 1, 1]))
    row_step = next(s for s in result.trace if s.rule == "ftv:4.1.11" and s.text.startswith("US"))
    assert "2 + 3 unit(s) fired on = 5" in row_step.text


def test_ftv_4_2_3_and_ftv_4_2_3_2_gunships_halve_rounding_up_and_camps_record_nothing(spec):
    for n, gunship, expected in [(3, True, 2), (5, True, 3), (4, False, 4)]:
        us = Force("us", [us_company(spec, "A/1/8")], gunship=gunship)
        fx = apply_result(Result("steps", n), Force("nva", []), us, ScriptedDice([]), Trace())
        assert fx.casualty_points == expected
    camp = Force("us", [us_company(spec, "Plei Me"), us_company(spec, "A/1/8")], location="G4")
    fx = apply_result(Result("steps", 3), Force("nva", []), camp, ScriptedDice([]), Trace())
    assert fx.casualty_points == 0
    assert sum(fx.fatigue.values()) == 3  # the same number as fatigue, shared out


def test_ftv_4_2_3_2_the_fatigue_option_switches_the_garrison_only_reading(spec):
    us = Force("us", [us_company(spec, "A/1/8")])
    fx = apply_result(
        Result("steps", 2),
        Force("nva", []),
        us,
        ScriptedDice([]),
        Trace(),
        options={"fatigue_from_casualties": "garrison-only"},
    )
    assert fx.casualty_points == 2
    assert fx.fatigue == {}


def test_ftv_4_2_4_and_ftv_4_2_4_2_possible_breaks_roll_above_efficiency_garrison_first(spec):
    us = Force(
        "us", [us_company(spec, "A/1/8"), us_company(spec, "Plei Me"), us_company(spec, "B/1/8")]
    )
    fx = apply_result(Result("possible", 2), Force("nva", []), us, ScriptedDice([3, 6]), Trace())
    # The garrison (3-2) rolls 3 > 2 and is gone; A/1/8 (4-5) rolls 6 > 5 and breaks; B/1/8 is not reached.
    assert fx.eliminated == ["Plei Me"]
    assert fx.broken == ["A/1/8"]


def test_ftv_4_2_4_1_nva_possible_breaks_take_combat_ready_companies_lowest_first(spec):
    nva = Force(
        "nva",
        [nva_company(spec, "2/32", step=4), nva_company(spec, "3/32"), nva_company(spec, "1/32")],
    )
    fx = apply_result(Result("possible", 2), Force("us", []), nva, ScriptedDice([4, 2]), Trace())
    assert fx.broken == ["1/32"]  # 4 > 3 breaks 1/32; 3/32 rolls 2 and holds; 2/32 was broken


def test_ftv_4_2_5_automatic_breaks_skip_units_already_broken(spec):
    us = Force("us", [us_company(spec, "A/1/8", broken=True), us_company(spec, "B/1/8")])
    fx = apply_result(Result("auto", 2), Force("nva", []), us, ScriptedDice([]), Trace())
    assert fx.broken == ["B/1/8"]
    nothing = Force("us", [us_company(spec, "A/1/8", broken=True)])
    assert (
        apply_result(Result("auto", 1), Force("nva", []), nothing, ScriptedDice([]), Trace()).broken
        == []
    )


def test_ftv_4_2_6_and_ftv_4_2_6_1_and_ftv_6_2_2_an_nva_star_grounds_a_helicopter_aa_destroys_one(
    spec,
):
    us = Force("us", [us_company(spec, "A/1/8")], gunship=True)
    nva = Force("nva", [nva_company(spec, "1/32")], artillery=1)
    fx = apply_result(
        Result("R", star=True), nva, us, ScriptedDice([]), Trace(), options={"nva_artillery": True}
    )
    assert fx.helicopter_to_refit
    assert fx.aircraft_lost
    assert fx.retreat
    plain = apply_result(
        Result("R", star=True),
        nva,
        Force("us", [us_company(spec, "A/1/8")]),
        ScriptedDice([]),
        Trace(),
    )
    assert not plain.helicopter_to_refit


def test_ftv_4_2_6_2_a_us_star_costs_a_casualty_only_with_artillery(spec):
    nva = Force("nva", [nva_company(spec, "1/32")])
    with_guns = apply_result(
        Result("NE", star=True),
        Force("us", [], artillery=1, gunship=True),
        nva,
        ScriptedDice([]),
        Trace(),
    )
    without = apply_result(Result("NE", star=True), Force("us", []), nva, ScriptedDice([]), Trace())
    assert (with_guns.casualty_points, without.casualty_points) == (1, 0)


@pytest.mark.parametrize("text", ["NE", "R", "3", "2B", "A", "AA", "AAA", "8*", "1B*"])
def test_ftv_4_1_12_results_read_back_as_printed(text):
    assert str(Result.parse(text)) == text


def test_ftv_4_2_and_ftv_4_2_1_no_effect_changes_nothing(spec):
    us = Force("us", [us_company(spec, "A/1/8")])
    fx = apply_result(Result("NE"), Force("nva", []), us, ScriptedDice([]), Trace())
    assert (fx.casualty_points, fx.broken, fx.retreat) == (0, [], False)


def test_ftv_4_2_3_1_steps_go_round_the_companies_from_the_lowest(spec):
    nva = Force(
        "nva", [nva_company(spec, "7/32"), nva_company(spec, "101/66"), nva_company(spec, "2/33")]
    )
    fx = apply_result(Result("steps", 5), Force("us", []), nva, ScriptedDice([]), Trace())
    assert fx.steps == {"7/32": 2, "2/33": 2, "101/66": 1}
    assert fx.eliminated == []


def test_fights_read_the_shared_campaign_data_and_leave_it_as_shipped():
    """A set-up fight builds its counters from campaign_spec(), one copy shared by every query
    (a deep copy a query had cost about 2 ms of the combat app's 2.2): working out odds and
    resolving fights, broken companies, a garrison and a defending US included, leaves it as a
    fresh read of the campaign file gives it."""
    from rulebook.games.first_team import CAMPAIGN, campaign_spec
    from rulebook.games.first_team.situation import CombatSetup, example_4_1
    from rulebook.scenario import load_scenario

    shared = campaign_spec()
    before = shared.model_dump()
    for setup in (
        example_4_1(),
        CombatSetup(us_companies=4, us_broken=2, garrison=True, attacker="nva", nva_steps=(1, 4)),
    ):
        setup.odds()
        setup.resolve(seed=3)
    assert campaign_spec() is shared
    assert shared.model_dump() == before == load_scenario(CAMPAIGN).first_team.model_dump()
