"""Scenario files: lossless round trips, atomic saves, the exported schema, gameplay checks."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from strategies import scenarios

from rulebook.scenario import (
    Scenario,
    dump_scenario,
    is_playable,
    json_schema,
    load_scenario,
    save_scenario,
    validate,
)
from rulebook.scenario._schema import json_schema_text

ROOT = Path(__file__).resolve().parents[2]
STANDARD = ROOT / "scenarios" / "lz_albany" / "standard.yaml"


def test_shipped_scenario_loads_and_is_playable():
    scenario = load_scenario(STANDARD)
    assert scenario.turns is not None
    assert scenario.turns.value == 10
    assert scenario.values["flares"].value == 8
    assert scenario.options["overstack_fire"].default == "die_per_extra_unit"
    assert is_playable(scenario)


def test_round_trip_of_the_shipped_scenario(tmp_path):
    original = load_scenario(STANDARD)
    save_scenario(original, tmp_path / "copy.yaml")
    assert load_scenario(tmp_path / "copy.yaml") == original


@settings(
    max_examples=60,
    deadline=None,  # a correctness property: a loaded machine must not fail it
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(scenario=scenarios())
def test_round_trip_is_lossless_for_any_scenario(tmp_path, scenario: Scenario):
    path = tmp_path / "fuzz.yaml"
    save_scenario(scenario, path)
    assert load_scenario(path) == scenario


def test_save_overwrites_atomically_and_leaves_no_temp_file(tmp_path):
    path = tmp_path / "s.yaml"
    scenario = load_scenario(STANDARD)
    save_scenario(scenario, path)
    save_scenario(scenario.model_copy(update={"title": "Second"}), path)
    assert load_scenario(path).title == "Second"
    assert [p.name for p in tmp_path.iterdir()] == ["s.yaml"]


def test_failed_save_leaves_the_old_file_intact(tmp_path, monkeypatch):
    path = tmp_path / "s.yaml"
    scenario = load_scenario(STANDARD)
    save_scenario(scenario, path)
    before = path.read_bytes()

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space left"):
        save_scenario(scenario.model_copy(update={"title": "Lost"}), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["s.yaml"]


def test_save_keeps_file_permissions(tmp_path):
    path = tmp_path / "s.yaml"
    save_scenario(load_scenario(STANDARD), path)
    path.chmod(0o640)
    save_scenario(load_scenario(STANDARD), path)
    assert path.stat().st_mode & 0o777 == 0o640


def test_dump_omits_defaults_but_keeps_the_version():
    text = dump_scenario(load_scenario(STANDARD))
    assert text.startswith("schema_version: 1\n")
    assert "note: ''" not in text


def test_exported_schema_is_current_and_describes_the_version():
    committed = (ROOT / "scenarios" / "scenario.schema.json").read_text()
    assert committed == json_schema_text(), "run: rulebook schema -o scenarios/scenario.schema.json"
    schema = json_schema()
    assert schema["properties"]["schema_version"]["const"] == 1
    assert "schema_version" in schema["required"]
    json.dumps(schema)


def test_validate_lists_every_cross_game_citation_and_bad_turn_count():
    scenario = Scenario.model_validate(
        {
            "schema_version": 1,
            "id": "odd",
            "game": "lz-albany",
            "title": "Odd",
            "turns": {"value": 0, "provenance": "printed", "rule": "lza:3.3"},
            "options": {
                "x": {"rule": "ftv:3.2", "description": "d", "choices": [1, 2], "default": 1}
            },
            "values": {"v": {"value": 1, "provenance": "printed", "rule": "av:tunnel-spots"}},
        }
    )
    problems = [str(p) for p in validate(scenario, "odd.yaml")]
    assert problems == [
        "odd.yaml: turns.value: a game lasts 1 to 99 turns, not 0",
        "odd.yaml: options.x.rule: cites “ftv:3.2”, a rule of another game; lz-albany rules start with “lza:”",
        "odd.yaml: values.v.rule: cites “av:tunnel-spots”, a rule of another game; lz-albany rules start with “lza:”",
        "odd.yaml: lz_albany: missing; lz-albany scenarios need this section",
    ]
    assert not is_playable(scenario)
