"""PointDesign: the point-map designer's edits, history, checks and files (ftv:1.5)."""

from __future__ import annotations

from pathlib import Path

import pytest

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
    with pytest.raises(ValueError, match="'K1' is not a location name"):
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


def test_lines_need_two_known_locations():
    d = PointDesign.blank()
    d.add_location("A1", (0, 0))
    with pytest.raises(ValueError, match="A2 is not on the map"):
        d.set_line("A1", "A2", "road")
    with pytest.raises(ValueError, match="two different locations"):
        d.set_line("A1", "A1", "road")


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
