"""validate() on maps and LZ Albany set-ups: every problem, each naming the area or the field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook.games.lz_albany import standard_scenario
from rulebook.scenario import load_scenario, validate
from rulebook.sim import apply_overrides

STANDARD = Path(__file__).resolve().parents[2] / "scenarios" / "lz_albany" / "standard.yaml"


def broken(**changes):
    scenario = load_scenario(STANDARD)
    data = scenario.model_dump(mode="json")
    for path, value in changes.items():
        target = data
        *head, last = path.split(".")
        for part in head:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value
    return type(scenario).model_validate(data)


def messages(scenario):
    return [str(p) for p in validate(scenario, "s.yaml")]


def test_the_shipped_scenario_has_no_problems():
    assert messages(load_scenario(STANDARD)) == []


def test_a_self_crossing_outline_is_named():
    bow_tie = [[0, 0], [100, 100], [100, 0], [0, 100]]
    found = messages(broken(**{"map.areas.0.polygon": bow_tie}))
    assert any(
        m.startswith("s.yaml: map.areas.0.polygon: area A1: outline is not a simple polygon")
        for m in found
    )


def test_unknown_terrain_and_edits_naming_missing_areas():
    found = messages(
        broken(**{"map.areas.1.terrain": "swamp", "map.adjacency.add.0": ["Nowhere", "A1"]})
    )
    assert (
        "s.yaml: map.areas.1.terrain: area A2: terrain “swamp” is not in map.terrains (jungle, sawgrass, clearing, transition, lz)"
        in found
    )
    assert "s.yaml: map.adjacency.add.0: names area “Nowhere”, which the map does not have" in found


def test_an_island_area_is_reported():
    scenario = broken(
        **{"map.areas.0.polygon": [[5000, 5000], [5100, 5000], [5100, 5100], [5000, 5100]]}
    )
    assert any(
        "A1 are cut off from the rest of the map" in m or "areas A1 are cut off" in m
        for m in messages(scenario)
    )


def test_lza_3_2_arrivals_must_find_their_areas():
    found = messages(broken(**{"lz_albany.companies.0.arrives.tag": "us-blue-9"}))
    assert "s.yaml: lz_albany.companies.0.arrives: no area of the map has tag “us-blue-9”" in found


@pytest.mark.parametrize(
    ("path", "text", "said"),
    [
        ("values.hit_face.value", "7", "a face of a six-sided die is 1 to 6, not 7"),
        (
            "values.rally_face_without_officer.value",
            "0",
            "a face of a six-sided die is 1 to 6, not 0",
        ),
        (
            "values.night_spotting_faces.value",
            "[1, 2, 7]",
            "a face of a six-sided die is 1 to 6, not 7",
        ),
        ("values.night_turns.value", "[9, 9]", "names 9 twice"),
        ("values.night_turns.value", "[0, 9]", "a turn is 1 to 99, not 0"),
    ],
)
def test_a_die_face_or_a_turn_a_value_names_must_be_one_the_game_has(path, text, said):
    """A designer's review set a hit face of 7 and night on turn 9 twice, and both were taken:
    a value named as faces holds faces of a d6 (lza:2.0), one named as turns holds turns."""
    with pytest.raises(ValueError, match=re.escape(f"{path}: {said}")):
        apply_overrides(standard_scenario(), {path: text})


def test_a_shorter_game_keeps_night_turns_past_its_end():
    """A variant may shorten the game alone: night turns past the last turn never come."""
    shorter = apply_overrides(standard_scenario(), {"turns.value": "8"})
    assert shorter.turns.value == 8
