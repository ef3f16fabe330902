"""MapDesign: the designer's edits, history, checks and files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulebook.maps import demo_spec
from rulebook.maps.design import MapDesign
from rulebook.scenario import load_scenario

STANDARD = Path(__file__).resolve().parents[2] / "scenarios" / "lz_albany" / "standard.yaml"
SQUARE = [(300, 0), (400, 0), (400, 100), (300, 100)]


def test_add_reshape_delete_with_undo_and_redo():
    d = MapDesign(demo_spec())
    d.add_area("G", SQUARE, terrain="sawgrass", name="New ground")
    assert d.map.neighbors("G") == ["F"]
    d.update_area("G", polygon=[(300, 100), (400, 100), (400, 200), (300, 200)])
    assert d.map.neighbors("G") == ["C"]
    d.update_area("G", terrain="jungle")
    assert d.map.area("G").terrain == "jungle"
    d.delete_area("G")
    assert "G" not in d.map
    d.undo()
    assert d.map.area("G").terrain == "jungle"
    d.undo()
    d.undo()
    assert d.map.neighbors("G") == ["F"]
    d.redo()
    assert d.map.neighbors("G") == ["C"]
    d.add_area("H", [(0, 200), (100, 200), (100, 300), (0, 300)], terrain="sawgrass")
    assert not d.can_redo  # a new edit drops the redo branch


def test_bad_edits_say_what_is_wrong():
    d = MapDesign(demo_spec())
    with pytest.raises(ValueError, match="area “A” already exists"):
        d.add_area("A", SQUARE, terrain="sawgrass")
    with pytest.raises(ValueError, match="terrain “lava” is not one of sawgrass, jungle"):
        d.add_area("G", SQUARE, terrain="lava")
    with pytest.raises(KeyError, match="area “Z” is not in map “demo”"):
        d.delete_area("Z")
    with pytest.raises(ValueError, match="nothing to undo"):
        d.undo()


def test_adjacency_and_los_rulings_are_hand_edits():
    d = MapDesign(demo_spec())
    d.toggle_adjacency("A", "E")
    assert d.map.graph.edges["A", "E"]["source"] == "manual"
    d.set_los("A", "C", True, note="the ridge is low")
    result = d.map.los.explain("A", "C")
    assert result.visible
    assert result.override
    d.set_los("A", "C", None)
    assert not d.map.los.explain("A", "C").override


def test_problems_name_the_area():
    d = MapDesign(demo_spec())
    d.add_area("Far", [(900, 900), (1000, 900), (1000, 1000), (900, 1000)], terrain="sawgrass")
    assert [str(p) for p in d.problems("m.yaml")] == [
        "m.yaml: map.areas: areas Far are cut off from the rest of the map"
    ]


def test_save_and_load_geojson_and_yaml(tmp_path):
    d = MapDesign(demo_spec())
    d.add_area("G", SQUARE, terrain="sawgrass")
    d.save(tmp_path / "m.geojson")
    assert "G" in MapDesign.load(tmp_path / "m.geojson").map
    d.save(tmp_path / "m.yaml")
    again = MapDesign.load(tmp_path / "m.yaml")
    assert again.map.spec == d.map.spec


def test_saving_into_a_scenario_keeps_its_forces(tmp_path):
    path = tmp_path / "standard.yaml"
    shutil.copy(STANDARD, path)
    d = MapDesign.load(path)
    d.update_area("C4", name="Elephant grass")
    d.save(path)
    scenario = load_scenario(path)
    assert scenario.lz_albany is not None
    assert next(a for a in scenario.map.areas if a.id == "C4").name == "Elephant grass"


def test_loading_a_file_without_a_map_fails_cleanly(tmp_path):
    bare = tmp_path / "bare.yaml"
    bare.write_text("schema_version: 1\nid: bare\ngame: lz-albany\ntitle: Bare\n")
    with pytest.raises(ValueError, match=r"bare\.yaml: map: the scenario has no map section"):
        MapDesign.load(bare)


def test_with_a_scenario_the_set_up_is_checked_against_the_map():
    d = MapDesign.load(STANDARD)
    assert d.problems() == []
    for area in list(d.map.tagged("nva-tan-2")):
        tags = [t for t in d.map.area(area).tags if t != "nva-tan-2"]
        d.update_area(area, tags=tags)
    found = [str(p) for p in d.problems("s.yaml")]
    assert any("arrives: no area of the map has tag “nva-tan-2”" in m for m in found)


def test_lza_3_2d_a_company_sent_to_one_area_is_told_that_only_three_platoons_fit():
    """Stacking applies at placement (lza:3.2D, lza:6.1): five platoons into one named area
    overflow; LZ Columbus, a base outside the limit, never does."""
    from rulebook.maps.setup import with_arrival

    d = MapDesign.load(STANDARD)
    d.edit_scenario(with_arrival(d.scenario, "B/2-7", turn=3, place=(None, None, "C4")))
    found = [f for f in d.findings() if f.places == ("C4",)]
    assert [f.text for f in found] == [
        (
            "Turn 3: 5 US platoons arrive in area C4, which holds 3 (lza:3.2D, lza:6.1); the "
            "others would wait a turn for room. Choose a place of several areas for them in Set-up."
        )
    ]
    d.edit_scenario(with_arrival(d.scenario, "B/2-7", turn=3, place=(None, None, "LZ-Columbus")))
    assert d.findings() == []


def test_lza_3_2_a_company_due_after_the_last_turn_is_told_it_never_enters():
    """The game ends after its last turn (lza:3.3), so a company due later never enters
    (lza:3.2): the designer is told in words, and validate names the field."""
    from rulebook.maps.setup import with_arrival
    from rulebook.scenario import validate

    d = MapDesign.load(STANDARD)
    came = d.scenario.lz_albany.companies[0].arrives
    place = (came.tag, came.terrain, came.area)
    d.edit_scenario(with_arrival(d.scenario, "A/2-7", turn=15, place=place))
    said = (
        "A/2-7 (turn 15) arrives after the game's last turn (10), so never enters (lza:3.2): "
        "change the turn in Set-up."
    )
    assert [f.text for f in d.findings()] == [said]
    assert [(p.path, p.message) for p in validate(d.scenario, "s.yaml")] == [
        (
            "lz_albany.companies.0.arrives.turn",
            "due on turn 15, after the last turn (10): it never enters",
        )
    ]
    d.edit_scenario(with_arrival(d.scenario, "A/2-7", turn=10, place=place))
    assert d.findings() == []


def test_findings_are_those_of_the_current_version_through_edits_undo_and_redo():
    """The findings of a version are kept while it is current (the designer asks on every
    click); each edit, undo or redo answers for the version it makes current."""
    design = MapDesign(demo_spec())
    clean = design.findings()
    assert design.findings() == clean
    design.findings().append("changed by a caller")  # a copy: the kept list is not touched
    assert design.findings() == clean
    design.add_area("Far", [(900, 900), (1000, 900), (1000, 1000), (900, 1000)], terrain="sawgrass")
    cut_off = design.findings()
    assert [f.places for f in cut_off] == [("Far",)]
    design.undo()
    assert design.findings() == clean
    design.redo()
    assert design.findings() == cut_off


def test_a_geojson_name_in_capitals_is_written_and_read_as_geojson(tmp_path):
    """A fuzzing round saved m.JSON and found YAML in it (the suffix was read case by case)."""
    design = MapDesign(demo_spec())
    design.save(tmp_path / "m.JSON")
    assert (tmp_path / "m.JSON").read_text().lstrip().startswith("{")
    assert MapDesign.load(tmp_path / "m.JSON").map.spec.areas == design.map.spec.areas
