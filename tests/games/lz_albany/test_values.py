"""Every number LZ Albany's rules use is read from the scenario: change it and play changes.

One probe per scenario value (and per number of the ``lz_albany`` section the rules read): the
probe plays a small situation through the engine and reports what happened. The same probe
under the printed value and under a changed one must differ; if an engine stopped reading a
value, its test would fail. A last test checks that no value of the scenario lacks a probe.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest

from rulebook.games._decisions import Chance
from rulebook.games.lz_albany import _activation, _combat, _flow, _support
from rulebook.games.lz_albany._state import ALBANY, COLUMBUS, GameOver, State
from rulebook.games.lz_albany.engine import standard_scenario
from rulebook.games.lz_albany.situation import Situation
from rulebook.scenario import Scenario


def with_value(name: str, value: Any) -> Scenario:
    scenario = standard_scenario()
    scenario.values[name] = scenario.values[name].model_copy(update={"value": value})
    return scenario


def with_path(path: str, value: Any) -> Scenario:
    """A copy with ``lz_albany`` data changed at a dotted path (``air.gunship_fire``)."""
    data = standard_scenario().model_dump(mode="json")
    node = data["lz_albany"]
    *parents, last = path.split(".")
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    node[last] = value
    return Scenario.model_validate(data)


def sit(scenario: Scenario, place: dict[str, str], dice=(1,) * 40, **kw) -> Situation:
    return Situation(place=place, dice=list(dice), scenario=scenario, **kw)


def drive(flow, choose=lambda d: d.options[0]) -> list[list[str]]:
    """Run a flow; return the options of every decision met."""
    asked: list[list[str]] = []
    with contextlib.suppress(StopIteration, GameOver):
        request = next(flow)
        while True:
            if isinstance(request, Chance):
                request = flow.send(request.options[0])
                continue
            asked.append([str(o) for o in request.options])
            request = flow.send(choose(request))
    return asked


def units(s: State, *ids: str) -> list[tuple]:
    return [(s.units[i].area, s.units[i].status, s.units[i].hits, s.units[i].wounded) for i in ids]


Probe = Callable[[Scenario], Any]
FIRE = {"A/2-7-1": "C4", "6/8-66-1": "D4"}


def p_night(sc):
    s = sit(sc, FIRE, dice=[6, 6, 6] + [1] * 9, turn=3)
    return units(s.run("fire", "C4", "D4:3").state, "6/8-66-1")


def p_stacking(sc):
    place = {"A/2-7-1": "C4"} | dict.fromkeys(["6/8-66-1", "6/8-66-2", "6/8-66-3"], "D4")
    return [str(t) for t in sit(sc, place).run("fire", "C4", "D4:2").trace if "massed" in str(t)]


def p_activations(sc):
    s = sit(sc, {"A/2-7-1": "C4", "C/2-7-1": "D3"})
    s.state.activations["us-ab-2-7"] = 1
    return drive(_flow.fire_move(s.state, s.state.chits["us-fire-move-1"]))[0]


def p_hit_face(sc):
    return units(sit(sc, FIRE, dice=[5, 5] + [1] * 9).run("fire", "C4", "D4:2").state, "6/8-66-1")


def p_nva_absorb(sc):
    s = sit(sc, FIRE, dice=[6] + [1] * 9, hits={"6/8-66-1": 3})
    return units(s.run("fire", "C4", "D4:1").state, "6/8-66-1")


def p_us_absorb(sc):
    s = sit(sc, FIRE, dice=[6] + [1] * 9, hits={"A/2-7-1": 3})
    return units(s.run("fire", "D4", "C4:1").state, "A/2-7-1")


def p_mortar_range(sc):
    s = sit(sc, {"A/2-7-5": "C4", "McDade": "C4", "6/8-66-1": "D5"})
    return _combat.mortar_targets(s.state, "C4", "us")


def p_casualty_face(sc):
    s = sit(sc, {"Man": "D4"}, dice=[5])
    s.state.leader_check("D4", "nva", "lza:7.4")
    return units(s.state, "Man")


def rally(sc, hits: int, dice):
    s = sit(sc, {"A/2-7-1": "C4"}, dice=dice, hits={"A/2-7-1": hits})
    return units(s.run("rally").state, "A/2-7-1")


def p_rally_face(sc):
    return rally(sc, 1, [5])


def p_rally_max(sc):
    return rally(sc, 2, [6])


def p_night_wounded(sc):
    s = sit(sc, {"A/2-7-1": "C4", "6/8-66-1": "C4"}, dice=[2], turn=9, markers={"W-1": "C4"})
    return s.run("wounded").state.wounded["W-1"].status


def p_night_spotting(sc):
    s = sit(sc, {"A/2-7-1": "C4", "6/8-66-1": "C4"}, dice=[2] + [6] * 9, turn=9)
    return units(s.run("melee", "C4", "us").state, "6/8-66-1")


def p_dust_off_damage(sc):
    place = {"A/2-7-1": ALBANY, "6/8-66-1": "B4"}
    markers = {f"W-{i}": ALBANY for i in range(3)}
    s = sit(sc, place, dice=[5], markers=markers, choices=[f"evacuate {ALBANY}"])
    return [w.status for w in s.run("dust-off").state.wounded.values()]


def airlift(sc, area: str, dice=(1,) * 9, place=None):
    s = sit(sc, place or {}, dice=dice, choices=[f"airlift {area}"])
    s.choose = lambda d: next((o for o in d.options if o.verb == "lift"), d.options[0])
    for uid in ("B/1-5-1", "B/1-5-2", "B/1-5-3", "B/1-5-4", "B/1-5-5"):
        s.state.units[uid].status = "held"
    return units(s.run("dust-off").state, "B/1-5-1", "B/1-5-2", "B/1-5-3", "B/1-5-4")


def p_landing_face(sc):
    return airlift(sc, ALBANY, dice=[5, 5, 5], place={"6/8-66-1": "B4"})


def flares(sc):
    s = sit(sc, {"A/2-7-1": "C4", "6/8-66-1": "D4"}, turn=9)
    return drive(_flow.flares(s.state), lambda d: d.options[-1])


def p_vp(name: str):
    def probe(sc):
        s = sit(sc, {})
        with contextlib.suppress(GameOver):
            s.state.award(
                "us" if name == "retreat" else "nva",
                "nva_eliminated" if name == "retreat" else "us_eliminated",
            )
        return s.state.retreat, s.state.winner

    return probe


def p_bomb_dice(sc):
    s = sit(sc, {"6/8-66-1": "D4", "6/8-66-2": "D4"}, dice=[6] * 6 + [1] * 9)
    return units(s.run("bombs", "D4").state, "6/8-66-1", "6/8-66-2")


def p_reduced_at(sc):
    s = sit(sc, FIRE, dice=[6] + [1] * 9, hits={"6/8-66-1": 1})
    return s.run("fire", "C4", "D4:1").state.units["6/8-66-1"].reduced


def p_senior(sc):
    s = sit(sc, {"A/2-7-1": "C4", "McDade": "C4"})
    s.state.officer_activations["McDade"] = 1
    return sorted(_activation.activated(s.state, "us", "us-ab-2-7"))


def p_lone(sc):
    s = sit(sc, {"McDade": "C4", "A/2-7-1": "E4"})
    s.state.lone_moves["McDade"] = 1
    return drive(_activation.lone_officers(s.state, "us"))


def fire_dice_in(sc, place, target, turn=3):
    s = sit(sc, place, turn=turn)
    shooters = s.state.platoons("C4", "us")
    officers = len(s.state.able_officers("C4", "us"))
    dice = _combat.firing_dice(
        s.state, shooters, "fire", "C4", "us", officers=officers, rule="lza:7.3"
    )
    return _combat.fire_dice(s.state, [(target, dice)], len(shooters), "us")


def p_officer_bonus(sc):
    return fire_dice_in(sc, {"A/2-7-1": "C4", "McDade": "C4", "6/8-66-1": "D4"}, "D4")


def p_jungle(sc):
    return fire_dice_in(sc, {"A/2-7-1": "C4", "6/8-66-1": "C5"}, "C5")


def p_night_penalty(sc):
    return fire_dice_in(sc, {"A/2-7-1": "C4", "A/2-7-2": "C4", "6/8-66-1": "D4"}, "D4", turn=9)


def p_officer_turns(sc):
    s = sit(sc, FIRE | {"6/8-66-CO": "D4"}, dice=[6] + [1] * 9, turn=3)
    return drive(
        _combat.infantry_fire(s.state, _flow.Action.of("fire", "C4", "D4:1"), "us", {"A/2-7-1"})
    )


def p_us_skips(sc):
    s = sit(sc, {"A/2-7-1": "C4", "6/8-66-1": "D4", "6/8-66-2": "D5"}, turn=1)
    return drive(_flow.event_phase(s.state))


MORTARS = {"Mtr/1-33-1": "C5", "A": "C5", "A/2-7-1": "D4", "6/8-66-1": "D4"}


def p_friendly_faces(sc):
    s = sit(sc, MORTARS, dice=[2, 2])
    return units(s.run("mortar", "C5", "D4").state, "6/8-66-1")


def p_mortar_cap(sc):
    s = sit(sc, {"A/2-7-5": "C4", "McDade": "C4", "6/8-66-1": "D4"}, dice=[6], hits={"6/8-66-1": 2})
    return units(s.run("mortar", "C4", "D4").state, "6/8-66-1")


def p_artillery_cap(sc):
    place = {"Arty-1": COLUMBUS, "McDade": "E4", "A/2-7-1": "D4"}
    s = sit(sc, place, dice=[2, 6, 6, 6, 1, 1, 1], hits={"A/2-7-1": 2})
    return units(s.run("artillery", "Arty-1", "D4").state, "A/2-7-1")


def p_artillery_silenced(sc):
    s = sit(sc, {"Arty-1": COLUMBUS, "McDade": "C4", "6/8-66-1": "D4"}, hits={"Arty-1": 2})
    return drive(_support.artillery(s.state), lambda d: d.options[-1])


def p_drift(sc):
    s = sit(sc, {"Arty-1": COLUMBUS, "McDade": "C4", "6/8-66-1": "D4"}, dice=[2] + [1] * 12)
    return [str(t) for t in s.run("artillery", "Arty-1", "D4").trace if "drift" in str(t)]


def p_gunship_face(sc):
    s = sit(sc, {"6/8-66-1": "D4", "A/2-7-1": "C4"}, dice=[5] + [1] * 9)
    s.state.chits["us-gunship-1"].in_play = True
    s.run("gunship", "6/8-66-1")
    return s.state.chits["us-gunship-1"].damaged


def p_napalm_hits(sc):
    return units(sit(sc, {"6/8-66-1": "D4"}).run("napalm", "D4").state, "6/8-66-1")


def p_napalm_collateral(sc):
    s = sit(sc, {"6/8-66-1": "D4", "A/2-7-1": "C4"}, dice=[5] * 12)
    return units(s.run("napalm", "D4").state, "A/2-7-1")


def capacity(area: str, damaged: bool = False):
    return lambda sc: _support.capacity(sit(sc, {}).state, area, damaged)


VALUES: dict[str, tuple[Any, Probe]] = {
    "night_turns": ([3], p_night),
    "stacking_limit": (2, p_stacking),
    "activations_per_unit_group": (1, p_activations),
    "hit_face": (5, p_hit_face),
    "hits_absorbed_nva": (5, p_nva_absorb),
    "hits_absorbed_us": (6, p_us_absorb),
    "mortar_range_areas": (1, p_mortar_range),
    "officer_casualty_face": (5, p_casualty_face),
    "rally_face_without_officer": (5, p_rally_face),
    "night_wounded_lost_faces": ([1], p_night_wounded),
    "night_spotting_faces": ([1], p_night_spotting),
    "hot_zone_dust_off_damage_faces": ([6], p_dust_off_damage),
    "hot_zone_landing_hit_face": (5, p_landing_face),
    "flares": (0, flares),
    "flares_per_chit": (1, flares),
    "nva_retreat_at_us_vp": (2, p_vp("retreat")),
    "nva_automatic_victory_vp": (2, p_vp("victory")),
    "skyraider_bomb_dice": (2, p_bomb_dice),
    "reduced_at_hits": (2, p_reduced_at),
    "senior_officer_activations": (1, p_senior),
    "lone_officer_activations": (2, p_lone),
    "officer_bonus_dice": (2, p_officer_bonus),
    "jungle_dice_per_unit": (0, p_jungle),
    "night_dice_penalty": (2, p_night_penalty),
    "officer_target_turns": ([3], p_officer_turns),
    "us_skips_event_and_rally_turns": ([], p_us_skips),
    "friendly_fire_faces": ([2], p_friendly_faces),
    "mortar_hit_cap": (3, p_mortar_cap),
    "artillery_us_hit_cap": (3, p_artillery_cap),
    "artillery_silenced_at_hits": (3, p_artillery_silenced),
    "artillery_drift_faces": ([1, 2], p_drift),
    "gunship_damage_face": (5, p_gunship_face),
    "napalm_hits": (1, p_napalm_hits),
    "napalm_collateral_face": (5, p_napalm_collateral),
    "rally_max_hits": (1, p_rally_max),
    "dust_off_albany_bonus": (0, capacity(ALBANY)),
    "dust_off_sawgrass_bonus": (0, capacity("C4")),
    "dust_off_damage_loss": (0, capacity(ALBANY, damaged=True)),
    "airlift_jungle": (2, lambda sc: airlift(sc, "B4")),
    "airlift_sawgrass": (1, lambda sc: airlift(sc, "C4")),
    "airlift_albany": (4, lambda sc: airlift(sc, ALBANY)),
}


@pytest.mark.parametrize("name", sorted(VALUES))
def test_lza_values_each_scenario_value_changes_play(name):
    new, probe = VALUES[name]
    before = probe(standard_scenario())
    after = probe(with_value(name, new))
    assert before != after, f"values.{name}: play did not change from {before!r}"


def test_lza_values_every_scenario_value_has_a_probe():
    assert sorted(standard_scenario().values) == sorted(VALUES)


def p_gunship_hits(sc, damaged: bool = False):
    s = sit(sc, {"6/8-66-1": "D4", "A/2-7-1": "C4"}, dice=[6 if damaged else 1] + [6] * 9)
    s.state.chits["us-gunship-1"].in_play = True
    return units(s.run("gunship", "6/8-66-1").state, "6/8-66-1")


def p_us_rifle(sc):
    s = sit(sc, FIRE)
    return _combat.firing_dice(
        s.state, [s.state.units["A/2-7-1"]], "fire", "C4", "us", officers=0, rule="lza:7.3"
    )


def p_us_absorb_vp(sc):
    s = sit(sc, FIRE, dice=[6] + [1] * 9, hits={"A/2-7-1": 3})
    return s.run("fire", "D4", "C4:1").state.vp["nva"]


# Numbers of the lz_albany section the rules read, beyond the values table.
SECTION: dict[str, tuple[Any, Probe]] = {
    "air.gunship_fire": (1, p_gunship_hits),
    "air.gunship_damaged_fire": (0, lambda sc: p_gunship_hits(sc, damaged=True)),
    "air.dust_off_capacity": (2, capacity("B4")),
    "unit_types.us-rifle.fire": (4, p_us_rifle),
    "vp.nva.us_eliminated": (5, p_us_absorb_vp),
}


@pytest.mark.parametrize("path", sorted(SECTION))
def test_lza_values_lz_albany_section_numbers_change_play(path):
    new, probe = SECTION[path]
    assert probe(standard_scenario()) != probe(with_path(path, new)), path


def test_lza_values_the_declared_reads_cover_every_value_and_nothing_descriptive():
    from rulebook.games.lz_albany.engine import READS

    assert "values.*.value" in READS
    assert not any(p.endswith(("provenance", "note", "rule")) for p in READS)
    assert "lz_albany.air.provenance" not in READS  # only the numbers of the air section
    assert "lz_albany.unit_types.*.melee" in READS
    assert "lz_albany.unit_types" not in READS  # their notes and provenance are not rules


def test_a_group_of_values_suggests_one_of_its_own_parts():
    """A fuzzing round was told to set options.overstack_fire.0, which is no field:
    the example is a part the group has, a value before a group."""
    from rulebook.sim import apply_overrides

    with pytest.raises(ValueError, match="group of values") as err:
        apply_overrides(standard_scenario(), {"options.overstack_fire": "example_two_fire"})
    example = str(err.value).rsplit("(e.g. ", 1)[1].rstrip(")")
    assert example == "options.overstack_fire.default"
    apply_overrides(standard_scenario(), {example: "example_two_fire"})  # one to set
