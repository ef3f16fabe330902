"""Bad Ambush Valley input is named, field by field, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from rulebook.cli import main
from rulebook.errors import ScenarioError
from rulebook.games.ambush_valley.campaign import CampaignRecord
from rulebook.games.ambush_valley.scenario import Scenario

ROOT = Path(__file__).resolve().parents[3]
DAK_PO = ROOT / "scenarios" / "ambush_valley" / "dak_po.yaml"


def _broken(tmp_path: Path, change) -> Path:
    data = yaml.safe_load(DAK_PO.read_text())
    change(data["ambush_valley"])
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def _no_sides(av):
    av["sides"] = {}


def test_a_scenario_without_sides_is_a_problem_not_a_crash(tmp_path, capsys):
    path = _broken(tmp_path, _no_sides)
    paths = [p.path for p in Scenario.load(path).problems()]
    assert "ambush_valley.sides" in paths
    for command in (["validate", str(path)], ["av", "scenario", str(path)]):
        assert main(command) != 0
        assert "ambush_valley.sides]" in capsys.readouterr().err
    assert "Traceback" not in capsys.readouterr().err


def _reinforcement(**change):
    return lambda av: av["reinforcements"][0].update(change)


def _trigger(**bound):
    return lambda av: av["reinforcements"][0].update(trigger={"die": "d6", **bound})


def _count(n):
    return lambda av: av["sides"]["vc"]["units"][0]["figures"][0].__setitem__(0, n)


# Dak Po lasts 10 turns; its VC table rolls on turns 2 to 7 on a D6 at most 4.
BAD_SCENARIOS = {
    "no sides": (_no_sides, "ambush_valley.sides"),
    "at_most below the die": (_trigger(at_most=-4), "ambush_valley.reinforcements[0].trigger"),
    "at_least above the die": (_trigger(at_least=7), "ambush_valley.reinforcements[0].trigger"),
    "first_turn past the end": (
        _reinforcement(first_turn=11, last_turn=None),
        "ambush_valley.reinforcements[0].first_turn",
    ),
    "first_turn before turn 1": (
        _reinforcement(first_turn=0),
        "ambush_valley.reinforcements[0].first_turn",
    ),
    "last_turn past the end": (
        _reinforcement(last_turn=12),
        "ambush_valley.reinforcements[0].last_turn",
    ),
    "last_turn before first_turn": (
        _reinforcement(first_turn=5, last_turn=3),
        "ambush_valley.reinforcements[0].last_turn",
    ),
    "negative figure count": (_count(-3), "ambush_valley.sides.vc.units[0].figures[0]"),
    "no figures": (_count(0), "ambush_valley.sides.vc.units[0].figures[0]"),
    "500 figures": (_count(500), "ambush_valley.sides.vc.units[0].figures[0]"),
    "a table of no size": (lambda av: av.update(table=[-5, 0]), "ambush_valley.table"),
    "negative near_at_most": (
        lambda av: av["tunnels"].update(near_at_most=-1),
        "ambush_valley.tunnels.near_at_most",
    ),
}


@pytest.mark.parametrize(("change", "path"), BAD_SCENARIOS.values(), ids=BAD_SCENARIOS)
def test_a_bad_scenario_value_is_a_problem_naming_its_field(tmp_path, change, path):
    found = Scenario.load(_broken(tmp_path, change)).problems()
    assert path in [p.path for p in found], found
    assert all(str(p).startswith("broken.yaml: ") for p in found)


def _record() -> dict:
    return json.loads(CampaignRecord.from_platoon("usmc-rifle-1969", "T").to_json())


def _team(**change):
    return lambda r: next(iter(r["teams"].values())).update(change)


def _figure(**change):
    return lambda r: r["figures"][0].update(change)


BAD_RECORDS = {
    "figures a number": (lambda r: r.update(figures=-1), "figures"),
    "figures a string": (lambda r: r.update(figures="ab"), "figures"),
    "teams a number": (lambda r: r.update(teams=3), "teams"),
    "negative omp": (lambda r: r.update(omp=-3), "omp"),
    "mission without a name": (lambda r: r.update(mission={"x": 1}), "mission.mission"),
    "mission named by a number": (lambda r: r.update(mission={"mission": 5}), "mission.mission"),
    "unknown mission": (lambda r: r.update(mission={"mission": "Go Home"}), "mission.mission"),
    "unknown figure status": (_figure(status="lost"), "figures.0.status"),
    "negative joined_turn": (_figure(joined_turn=-1), "figures.0.joined_turn"),
    "negative rank": (_team(ranks={"Firepower": -2}), "teams.Platoon HQ.ranks.Firepower"),
    "rank above three": (_team(ranks={"Defense": 4}), "teams.Platoon HQ.ranks.Defense"),
    "unknown rank": (_team(ranks={"Luck": 1}), "teams.Platoon HQ.ranks.Luck"),
    "negative replacements": (_team(replaced_this_turn=-1), "teams.Platoon HQ.replaced_this_turn"),
    "unknown insurgency": (
        lambda r: r.update(insurgency={"Luck": 1}),
        "insurgency.Luck",
    ),
    "insurgency rank zero": (
        lambda r: r.update(insurgency={"Improved Tactics": 0}),
        "insurgency.Improved Tactics",
    ),
}


@pytest.mark.parametrize(("change", "path"), BAD_RECORDS.values(), ids=BAD_RECORDS)
def test_a_bad_campaign_record_names_its_field(change, path):
    record = _record()
    change(record)
    with pytest.raises(ScenarioError) as err:
        CampaignRecord.from_json(json.dumps(record), "log.json")
    assert path in [p.path for p in err.value.problems], str(err.value)
    assert all(p.file == "log.json" for p in err.value.problems)


def test_a_sound_record_with_a_rolled_mission_loads():
    record = _record()
    record["mission"] = {"mission": "Over Run", "deploy": "x", "objective": "y", "roll": 3}
    record["insurgency"] = {"Improved Tactics": 3}
    record["campaign_vp"] = -10  # prisoners cost 5 campaign VP each, so it may fall below 0
    assert CampaignRecord.from_json(json.dumps(record)).mission["mission"] == "Over Run"
