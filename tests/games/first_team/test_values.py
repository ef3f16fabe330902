"""Every number First Team's rules use comes from the scenario, and ``--set`` reaches it.

Each value of the shipped campaign is changed through :func:`apply_overrides` (the path the
CLI's ``--set`` and the balance lab take) and a small position shows the game playing
differently. Paths no rule reads, and values of the wrong kind, are refused by name.
"""

from __future__ import annotations

import pytest

from rulebook.dice import Dice, ScriptedDice
from rulebook.games._reads import declared_reads
from rulebook.games.first_team import _air_strikes as air
from rulebook.games.first_team import (
    _command,
    _fight,
    _flow,
    _nva,
    _nva_assault,
    _optional,
    _transport,
    campaign_map,
    campaign_scenario,
)
from rulebook.games.first_team._state import CampaignState
from rulebook.games.first_team.combat import Force, apply_result, column_for, resolve
from rulebook.games.first_team.crt import CRT, Result
from rulebook.games.first_team.logistics import add_fatigue, stacking_problem
from rulebook.maps.point_map import AN_KHE
from rulebook.sim import apply_overrides
from rulebook.trace import Trace

from .test_campaign import drive, offered


def position(overrides: dict[str, str], dice=None) -> CampaignState:
    scenario = apply_overrides(campaign_scenario(), overrides)
    crt = CRT(scenario.first_team.tables.crt)  # as the engine builds it for a changed scenario
    s = CampaignState(scenario, dice or Dice(1), {}, crt, campaign_map())
    s.board.place("D2", s.us["Duc Co"])
    s.board.place("G4", s.us["Plei Me"])
    return s


def _cp_after(flow_of, *answers):
    def probe(s):
        drive(flow_of(s), *answers)
        return s.cp.left

    return probe


def _intel(s):
    s.lz_markers["C1"] = True
    return s


def _strike(s):
    s.board.place("F3", s.nva["1/32"])
    return air.air_strike_segment(s)


def _hop(s):
    s.board.revealed_lz.add("C1")
    s.board.place("Pleiku", s.us["A/1/8"])
    return _transport.transport_segment(s, first=True)


def _refit(s):
    s.support["TRA-A/227"].box = "refit"
    return _nva_assault.maintenance(s)


def _commit_cost(uid):
    def probe(s):
        s.board.place("F3", s.nva["1/32"], s.us["A/1/8"])
        return sorted(o for o in offered(_fight.fight(s, "F3", attacker="us")) if uid in o)

    return probe


def _battalion(s, n):
    return [s.us[f"{c}/1/8"] for c in "ABCD"[:n]]


def _shifts(kind):
    def probe(s):
        s.board.place("F3", s.nva["1/32"], s.us["A/1/8"])
        us, nva = _fight._forces(s, "F3", [])
        us.supplied = kind != "supply"
        return column_for(
            nva,
            us,
            attacking=True,
            ambush=kind == "ambush",
            night=kind == "night",
            values=s.values,
        )

    return probe


def _night(s):
    s.board.place("F3", s.nva["1/32"], s.us["A/1/8"])
    us, nva = _fight._forces(s, "F3", [])
    dice = ScriptedDice([5] + [1] * 9)  # a 5 for the night check
    return resolve(nva, us, s.crt, dice, nva_open_combat=True, values=s.values).night


def _rest(s):
    s.board.place(AN_KHE, s.us["A/1/8"])
    s.us["A/1/8"].fatigue = 4
    _flow.fatigue_reduction(s)
    return s.us["A/1/8"].fatigue


def _rocket_pair(s):
    s.options["aero_rocket_support"] = "thirty-one"
    return _fight._rocket_support(s, [s.support["A/2/20"], s.support["B/2/20"]])


def _breaks(s):
    unit = s.us["A/1/8"]
    unit.fatigue = 3
    add_fatigue(unit, 1, values=s.values)
    return unit.broken


def _contact_found(s):
    drive(_command.intelligence_phase(s), "identify 0")
    return [t.text for t in s.trace if t.rule == "ftv:3.2.2"]


def _final(s):
    """A finished campaign's losses on both sides, scored by ftv:5.1C."""
    s.casualty_points = 3
    s.us["A/1/8"].broken = True
    s.us["B/1/8"].eliminated = True
    s.us["Plei Me"].eliminated = True
    s.nva["1/32"].step = 4  # broken
    s.nva["2/32"].step = 5  # eliminated
    return s.final_vp()


def _held(s):
    """The NVA alone in Duc Co's camp, a road location (ftv:5.1B)."""
    s.board.remove(s.us["Duc Co"])
    s.board.place("D2", s.nva["1/32"])
    s.board.place("D5", s.nva["2/32"])
    s.vp = 0
    s.score_possession()
    return s.vp


def _level(s):
    return [_flow.victory_level(v, values=s.values) for v in (9, 10, 29, 30, -14, -15)]


def _offboard(s):
    s.turn = 14
    _nva.offboard_movement(s)
    return [t.text for t in s.trace if t.rule == "ftv:3.5.2"]


def _regroup(s):
    """Zone C holds only 1/32 (8 SP), a weak zone under the house rule of ftv:3.5.2."""
    s.box["1/32"] = "C"
    return _nva._regroup(s, dict(s.box)), [t.text for t in s.trace if t.rule == "ftv:3.5.2"]


def _scores(broken: bool):
    """The movement schedule of ftv:3.5.4.1-2 around J1, beside Pleiku, with a US company in J2
    and, for broken units, the same around D2, beside Cambodia."""

    def probe(s):
        s.board.place("J1", s.nva["1/32"])
        s.board.place("J2", s.us["A/1/8"])
        around_pleiku = _nva.score_locations(s, "J1", [s.nva["1/32"]], broken=broken)
        s.board.remove(s.us["Duc Co"])
        s.board.place("D2", s.nva["2/32"])
        around_cambodia = _nva.score_locations(s, "D2", [s.nva["2/32"]], broken=broken)
        return around_pleiku, around_cambodia

    return probe


def _star(s):
    us = Force("us", [s.us["A/1/8"]], artillery=1)
    nva = Force("nva", [s.nva["1/32"]])
    return apply_result(Result.parse("1*"), us, nva, s.dice, Trace(), values=s.values)


def _cambodia(s):
    _optional.us_in_cambodia(s, "CAM1", air=True)
    s.turn += 1
    _optional.us_in_cambodia(s, "CAM1", air=True)
    return s.vp


def _aircraft(s):
    _optional.aircraft_lost(s, s.support["TAC-1"])
    return s.vp


PROBES = {
    "cp_per_turn": ("21", lambda s: (_command.command_phase(s), s.cp.left)[1]),
    "locate_lz_cp": (
        "2",
        lambda s: _cp_after(_command.intelligence_phase, "find-lz C1")(_intel(s)),
    ),
    "locate_enemy_cp": ("2", _cp_after(_command.intelligence_phase, "identify 0")),
    "locate_enemy_extra_cp_max": (
        "1",
        lambda s: sorted(o for o in offered(_command.intelligence_phase(s)) if "identify" in o),
    ),
    "locate_enemy_success_at_most": ("4", _contact_found),
    "supply_cp": ("2", _cp_after(_command.supply_phase, "buy-supply")),
    "air_strike_cp": ("3", lambda s: _cp_after(lambda _: _strike(s), "strike F3 TAC-1")(s)),
    "lz_to_lz_cp": ("2", lambda s: _cp_after(lambda _: _hop(s), "hop A/1/8 C1")(s)),
    "refit_cp": ("2", lambda s: _cp_after(lambda _: _refit(s), "refit TRA-A/227")(s)),
    "artillery_cp": ("2", _commit_cost("A/2/19")),
    "artillery_mixed_cp": ("3", _commit_cost("A/1/77")),
    "helicopter_support_cp": ("2", _commit_cost("GUN-D/227")),
    "aero_rocket_cp": ("2", _commit_cost("A/2/20")),
    "air_support_cp": ("3", _commit_cost("TAC-1")),
    "aero_rocket_pair_support": ("40", _rocket_pair),
    "us_stack_one_battalion": ("3", lambda s: stacking_problem(_battalion(s, 4), values=s.values)),
    "us_stack_mixed": (
        "1",
        lambda s: stacking_problem([s.us["A/1/8"], s.us["A/2/8"]], values=s.values),
    ),
    "nva_stack": (
        "5",
        lambda s: [
            len(x) for x in _nva.consecutive_stacks(list(s.nva.values()), s.values["nva_stack"])
        ],
    ),
    "fatigue_breaks_at": ("4", _breaks),
    "out_of_supply_shifts": ("5", _shifts("supply")),
    "ambush_shifts": ("3", _shifts("ambush")),
    "night_attack_shifts": ("4", _shifts("night")),
    "night_attack_at_most": ("5", _night),
    "rest_fatigue": ("3", _rest),
    "vp_road_location": ("2", _held),
    "vp_camp": ("5", _held),
    "vp_casualty_point": ("2", _final),
    "vp_us_broken": ("12", _final),
    "vp_garrison_lost": ("12", _final),
    "vp_us_eliminated": ("20", _final),
    "vp_nva_broken": ("-2", _final),
    "vp_nva_eliminated": ("-4", _final),
    "nva_tactical_at": ("25", _level),
    "nva_limited_at": ("5", _level),
    "draw_at": ("-10", _level),
    "no_offboard_turn": ("14", _offboard),
    "house_rule_weak_zone_sp": ("8", _regroup),
    "nva_move_pleiku_points": ("6", _scores(broken=False)),
    "nva_move_feature_points": ("2", _scores(broken=False)),
    "nva_broken_us_points": ("-6", _scores(broken=True)),
    "nva_broken_cambodia_points": ("6", _scores(broken=True)),
    "nva_broken_feature_points": ("2", _scores(broken=True)),
    "star_artillery_casualties": ("2", lambda s: _star(s).casualty_points),
    "vp_cambodia_first_turn": ("11", _cambodia),
    "vp_cambodia_later_turn": ("6", _cambodia),
    "vp_aircraft_destroyed": ("26", _aircraft),
}


def test_every_value_of_the_campaign_is_read_by_a_rule():
    values = set(campaign_scenario().values)
    assert values == set(PROBES)
    declared = set(declared_reads("first-team"))
    assert {f"values.{name}.value" for name in values} <= declared


@pytest.mark.parametrize("name", sorted(PROBES))
def test_changing_each_first_team_value_changes_the_game(name):
    changed, probe = PROBES[name]
    dice = [4, 1, 1, 1, 1, 1] if name == "locate_enemy_success_at_most" else None
    baseline = probe(position({}, ScriptedDice(dice) if dice else None))
    variant = probe(
        position({f"values.{name}.value": changed}, ScriptedDice(dice) if dice else None)
    )
    assert baseline != variant, name


def test_every_declared_path_exists_in_the_shipped_campaign():
    data = campaign_scenario().model_dump(mode="json")
    for path in declared_reads("first-team"):
        nodes = [data]
        for part in path.split("."):
            nodes = [
                child
                for node in nodes
                for child in (node.values() if part == "*" else [node.get(part, KeyError)])
            ]
            assert all(n is not KeyError for n in nodes), path


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("first_team.map.locations.A1.xy.0", "3", "no rule of first-team reads this value"),
        ("values.cp_per_turn.provenance", "assumed", "no rule of first-team reads this value"),
        ("values.cp_per_turn.value", "many", "give a whole number"),
        ("values.no_such_value.value", "3", "no field “no_such_value”"),
        ("first_team.us.aero_rockets", "3", "is a group of values"),
        ("first_team.us.tanks.count", "3", "no such count in the scenario"),
        ("first_team.us.transports.count", "-1", "cannot be below zero"),
        ("first_team.us.gunships.count", "0", r"at least 1 \(1/9 is also a ground unit"),
    ],
)
def test_set_refuses_unread_paths_and_wrong_kinds_by_name(path, value, message):
    with pytest.raises(ValueError, match=message) as err:
        apply_overrides(campaign_scenario(), {path: value})
    assert str(err.value).startswith(path)


def test_the_lab_counts_the_us_air_and_helicopters_and_sets_how_many():
    """ftv:3.4.2 (transport), 3.4.4.2-3.4.4.4 (air, gunships, observation, aero-rockets),
    3.4.1.3 (B-52s): the counts are in the lab's table and a sweep plays the changed force."""
    from rulebook.sim.values import scenario_values

    rows = {r.path: r for r in scenario_values(campaign_scenario())}
    transports = rows["first_team.us.transports.count"]
    assert (transports.label, transports.value, transports.rule) == (
        "US transport helicopter companies: how many",
        9,
        "ftv:3.4.2",
    )
    s = apply_overrides(
        campaign_scenario(),
        {"first_team.us.transports.count": "3", "first_team.us.b52s.count": "0"},
    )
    assert s.first_team.us.transports == ["A/227", "B/227", "1/9"]
    assert s.first_team.us.b52s == {}
    from rulebook.sim import run_game

    result = run_game(s, 2, policies="scripted")  # the smaller division plays to the end
    assert result.turns == 15
    assert result != run_game(campaign_scenario(), 2, policies="scripted")


def test_set_reaches_tables_and_counters_the_rules_read():
    s = position({"first_team.us.b52s.B52-1": "45", "first_team.tables.crt.columns.1.0": "R"})
    assert s.spec.us.b52s["B52-1"] == 45
    assert str(s.crt.result(1, 2)) == "R"  # column 1, roll 2 reads NE as shipped
    assert str(CRT(campaign_scenario().first_team.tables.crt).result(1, 2)) == "NE"
