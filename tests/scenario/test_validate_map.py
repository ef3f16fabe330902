"""validate() on maps and LZ Albany set-ups: every problem, each naming the area or the field."""

from __future__ import annotations

from pathlib import Path

from rulebook.scenario import load_scenario, validate

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
