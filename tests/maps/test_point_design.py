"""PointDesign: the point-map designer's edits, history, checks and files (ftv:1.5)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from refusals import assert_refused_unread, refusal

from rulebook.errors import ScenarioError
from rulebook.maps.point_design import PointDesign, point_map_from_geojson

CAMPAIGN = Path(__file__).resolve().parents[2] / "scenarios" / "first_team" / "campaign.yaml"


def test_ftv_1_5_location_names_follow_the_zone_grid():
    d = PointDesign.blank()
    for n in range(6):
        d.add_location(d.next_location("C"), (n, 0))
    with pytest.raises(ValueError, match="zone C already has six locations"):
        d.next_location("C")
    assert d.next_location("Cambodia") == "CAM1"
    d.add_location("Pleiku", (9, 9))
    with pytest.raises(ValueError, match="already has Pleiku"):
        d.next_location("Pleiku")
    with pytest.raises(ValueError, match="“K1” is not a location name"):
        d.add_location("K1", (0, 0))


def test_deleting_a_location_takes_its_lines_camp_and_an_khe_link_with_it():
    d = PointDesign.load(CAMPAIGN)
    assert "G4" in d.spec.special_forces_camps
    d.delete_location("G4")
    assert not any("G4" in k.split("-") for k in d.spec.lines)
    assert "G4" not in d.spec.special_forces_camps
    assert any("No location is the Plei Me camp" in f.text for f in d.findings())
    d.undo()
    assert d.spec.special_forces_camps["G4"] == "Plei Me"
    assert d.findings() == []


def test_ftv_7_0b_two_locations_marked_as_one_camp_are_said_to_be_both_marked():
    """Two locations marked as one camp were said to be "all marked": both, and all of more."""
    d = PointDesign.load(CAMPAIGN)
    d.set_camp("C1", "Plei Me")
    said = [f.text for f in d.findings() if "Plei Me camp" in f.text]
    assert said[0].startswith("C1 and G4 are both marked as the Plei Me camp;")
    d.set_camp("C2", "Plei Me")
    said = [f.text for f in d.findings() if "Plei Me camp" in f.text]
    assert said[0].startswith("C1, C2 and G4 are all marked as the Plei Me camp;")


def test_lines_need_two_known_locations():
    d = PointDesign.blank()
    d.add_location("A1", (0, 0))
    with pytest.raises(ValueError, match="A2 is not on the map"):
        d.set_line("A1", "A2", "road")
    with pytest.raises(ValueError, match="two different locations"):
        d.set_line("A1", "A1", "road")


def test_a_road_s_route_is_a_route_number_and_anything_else_changes_nothing():
    d = PointDesign.load(CAMPAIGN)
    before = dict(d.spec.routes)
    for typed in ("abc", "-1", "99999999", "19 W"):
        with pytest.raises(ValueError, match=r"expected a route number .* \(19, 19W\)"):
            d.set_line("D2", "D5", "road", typed)
        assert d.spec.routes == before
    d.set_line("D2", "D5", "road", "14B")
    assert d.spec.routes["D2-D5"] == "14B"


def test_bad_geojson_names_the_feature():
    with pytest.raises(ScenarioError, match=r"features\.0: expected a location"):
        point_map_from_geojson(
            {"type": "FeatureCollection", "features": [{"geometry": {"type": "Polygon"}}]}, "x"
        )


def test_ftv_3_5_2_arrivals_refuse_rolls_turns_and_regiments_the_game_lacks():
    d = PointDesign.blank()
    with pytest.raises(ValueError, match="roll 2 to 12, not 13"):
        d.set_arrival(1, 13, [32], "A")
    with pytest.raises(ValueError, match="turns 1 to 15, not 16"):
        d.set_arrival(16, 7, [32], "A")
    with pytest.raises(ValueError, match="no 45th Regiment"):
        d.set_arrival(1, 7, [45], "A")
    with pytest.raises(ValueError, match="a regiment has 1 to 20 companies"):
        d.set_regiment_size(32, 0)
    with pytest.raises(ValueError, match="a different zone"):
        d.send_zone("C", "C")
    d.set_arrival(2, 12, [33, 32], "F")
    assert d.scenario.first_team.tables.offboard.turns[2][10] == "23F"
    d.undo()
    assert d.scenario.first_team.tables.offboard.turns[2][10] == "-"


def _point_map(change) -> str:
    from rulebook.games.first_team import campaign_scenario
    from rulebook.maps.point_design import point_map_to_geojson

    data = point_map_to_geojson(campaign_scenario().first_team.map)
    change(data)
    return json.dumps(data)


def _location(**geometry):
    return lambda d: d["features"][0]["geometry"].update(geometry)


def _line(change):
    def first(data):  # moved to the front, so the test knows its index
        line = data["features"].pop()
        change(line["properties"])
        data["features"].insert(0, line)

    return first


DAMAGED_POINT_MAPS = {
    "a list": ("[]", "type: expected a GeoJSON FeatureCollection"),
    "not UTF-8": (b"\xff", "not UTF-8 text"),
    "deep nesting": ("[" * 100_000, "the GeoJSON is nested too deeply"),
    "no coordinates": (_point_map(lambda d: d["features"][0]["geometry"].pop("coordinates")), "features.0.geometry.coordinates: expected an [x, y] position"),
    "empty coordinates": (_point_map(_location(coordinates=[])), "features.0.geometry.coordinates: expected an [x, y] position"),
    "text coordinates": (_point_map(_location(coordinates="ab")), "features.0.geometry.coordinates: expected an [x, y] position"),
    "properties a number": (_point_map(lambda d: d.update(properties=5)), "properties: expected a mapping"),
    "point_map text": (_point_map(lambda d: d["properties"].update(point_map="x")), "properties.point_map: expected the map's settings"),
    "features a number": (_point_map(lambda d: d.update(features=3)), "features: expected a list"),
    "a feature a number": (_point_map(lambda d: d["features"].__setitem__(0, 3)), "features.0: expected a Feature"),
    "feature properties a number": (_point_map(lambda d: d["features"][0].update(properties=5)), "features.0.properties: expected a mapping"),
    "location id a list": (_point_map(lambda d: d["features"][0]["properties"].update(id=["A1"])), "features.0.properties.id: expected a location name"),
    "line id a list": (_point_map(_line(lambda p: p.update(id=["A1"]))), "features.0.properties.id: expected the line's two locations"),
    "line without kind": (_point_map(_line(lambda p: p.pop("line"))), "features.0.properties.line: expected 'road'"),
    "fatigue text": (_point_map(lambda d: d["properties"]["point_map"]["fatigue"].update(road="x")), "properties.point_map.fatigue.road: expected a whole number"),
}  # fmt: skip


@pytest.mark.parametrize(("content", "says"), DAMAGED_POINT_MAPS.values(), ids=DAMAGED_POINT_MAPS)
def test_a_damaged_geojson_point_map_is_refused_naming_file_and_field(tmp_path, content, says):
    assert f"map.geojson: {says}" in refusal(PointDesign.load, tmp_path / "map.geojson", content)


def test_a_missing_or_fifo_geojson_point_map_is_refused_without_reading(tmp_path):
    assert_refused_unread(PointDesign.load, tmp_path, "map.geojson")


def test_a_geojson_point_map_round_trips(tmp_path):
    d = PointDesign.load(CAMPAIGN)
    d.save(tmp_path / "map.geojson")
    assert PointDesign.load(tmp_path / "map.geojson").spec == d.spec


@pytest.mark.parametrize("name", ["far.yaml", "far.geojson"])
def test_save_refuses_a_file_load_would_refuse_and_writes_nothing(tmp_path, name):
    """A location past Load's bounds (a billion) would be saved and then refused at the next
    visit, the designer's work lost: Save reads its text back as Load does first."""
    d = PointDesign.blank()
    d.add_location("A1", (2e9, 0))
    with pytest.raises(ValueError, match=r"not saved: far\.\w+ would not open again"):
        d.save(tmp_path / name)
    assert not (tmp_path / name).exists()
    d.update_location("A1", xy=(20, 0))  # moved back within bounds, it saves and opens again
    d.save(tmp_path / name)
    assert PointDesign.load(tmp_path / name).spec.locations["A1"].xy == (20, 0)


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (
            lambda d: d.add_location("A9", (float("nan"), 0)),
            "A9's place must be a number across and a number down, not nan and 0",
        ),
        (
            lambda d: d.update_location("A1", xy=(1, float("inf"))),
            "A1's place must be a number across and a number down, not 1 and inf",
        ),
        (lambda d: d.set_rank("A", -1), "zone A has rank -1: ranks run from 1"),
        (lambda d: d.set_rank("A", 999_999_999), "zone A has rank 999999999: ranks run from 1"),
    ],
    ids=["nan", "inf", "rank-below-1", "rank-past-the-zones"],
)
def test_ftv_1_5_21_a_bad_place_or_rank_is_refused_in_one_line_and_changes_nothing(edit, said):
    """A fuzzing round found a location at x = nan answered with pydantic's own many-line
    error, and zone ranks of -1 or 999999999 (ftv:1.5.21's Zone Display) taken and played."""
    design = PointDesign.load(CAMPAIGN)
    before = design.scenario
    with pytest.raises(ValueError, match=re.escape(said)) as refused:
        edit(design)
    assert "\n" not in str(refused.value)
    assert "pydantic" not in str(refused.value)
    assert design.scenario is before
