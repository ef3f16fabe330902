"""The point-map designer driven without a browser: place, join, zone, check, save, play a turn."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from rulebook.errors import ScenarioError
from rulebook.games.first_team.checks import play_problems
from rulebook.maps.point_design import PointDesign
from rulebook.scenario import load_scenario
from widgets.point_designer import PointDesigner

CAMPAIGN = Path(__file__).resolve().parents[2] / "scenarios" / "first_team" / "campaign.yaml"

# Twelve locations, west to east: Cambodia, zones A, D (Duc Co in D2), G (Plei Me in G4), J, Pleiku.
LAYOUT = {
    "Cambodia": [(0, 15)],
    "A": [(10, 20), (10, 10)],
    "D": [(20, 20), (20, 10)],
    "G": [(30, 20), (30, 10), (35, 15), (35, 5)],
    "J": [(40, 20), (40, 10)],
    "Pleiku": [(50, 15)],
}
LINES = [
    ("CAM1", "A1", "jungle"),
    ("CAM1", "A2", "river"),
    ("A1", "A2", "jungle"),
    ("A1", "D1", "jungle"),
    ("A2", "D2", "jungle-mountain"),
    ("D1", "D2", "road"),
    ("D1", "G1", "road"),
    ("D2", "G2", "jungle"),
    ("G1", "G2", "jungle"),
    ("G1", "G3", "road"),
    ("G2", "G3", "jungle"),
    ("G2", "G4", "road"),
    ("G3", "G4", "jungle"),
    ("G3", "J1", "road"),
    ("G3", "J2", "jungle"),
    ("J1", "J2", "river"),
    ("J1", "Pleiku", "road"),
]


def place_all(designer: PointDesigner) -> None:
    designer.mode.value = "place"
    for zone, points in LAYOUT.items():
        designer.zone.value = zone
        for x, y in points:
            designer._on_map(type="click", coordinates=[y, x])
            assert designer.errors.value == "", designer.errors.value


def join_all(designer: PointDesigner) -> None:
    designer.mode.value = "line"
    for a, b, kind in LINES:
        designer.kind.value = kind
        designer._on_location(a)
        designer._on_location(b)
        assert designer.errors.value == "", designer.errors.value


def test_place_locations_by_zone_and_draw_typed_lines_with_undo():
    designer = PointDesigner(PointDesign.blank())
    place_all(designer)
    spec = designer.design.spec
    assert sorted(spec.locations) == sorted(
        ["CAM1", "A1", "A2", "D1", "D2", "G1", "G2", "G3", "G4", "J1", "J2", "Pleiku"]
    )
    assert spec.locations["G3"].xy == (35.0, 15.0)
    join_all(designer)
    assert designer.design.spec.lines["D2-G2"] == "jungle"
    assert designer.design.spec.lines["A2-D2"] == "jungle-mountain"
    assert "data-line='J1-Pleiku'" in designer.notice.value
    # The same pair again with another kind retypes it; with the same kind removes it.
    designer.kind.value = "river"
    designer._on_location("D1")
    designer._on_location("G1")
    assert designer.design.spec.lines["D1-G1"] == "river"
    designer._undo()
    assert designer.design.spec.lines["D1-G1"] == "road"
    designer.kind.value = "road"
    designer._on_location("D1")
    designer._on_location("G1")
    assert "D1-G1" not in designer.design.spec.lines
    assert "removed" in designer.notice.value


def test_a_route_number_on_a_line_that_is_no_road_is_said_to_be_for_roads_only():
    """A review typed a route for a jungle line: the line was drawn and the route dropped
    without a word."""
    designer = PointDesigner(PointDesign.blank())
    place_all(designer)
    designer.mode.value = "line"
    designer.kind.value = "jungle"
    designer.route.value = "19"
    designer._on_location("D1")
    designer._on_location("G1")
    assert designer.design.spec.lines["D1-G1"] == "jungle"
    assert "D1-G1" not in designer.design.spec.routes
    assert "a route number, such as “19”, is for roads only" in designer.notice.value
    designer.kind.value = "road"
    designer._on_location("D2")
    designer._on_location("G2")
    assert designer.design.spec.routes["D2-G2"] == "19"
    assert "for roads only" not in designer.notice.value


def _finish(designer: PointDesigner) -> None:
    """Camps, An Khe, Pleiku's zone and the Zone Display, all through the controls."""
    designer.mode.value = "select"
    for loc, camp in (("D2", "Duc Co"), ("G4", "Plei Me")):
        designer._on_location(loc)
        designer.camp.value = camp
        designer._apply()
    designer._on_location("J2")
    designer.an_khe.value = "road"
    designer._apply()
    designer._on_location("Pleiku")
    designer.pleiku_zone.value = "J"
    designer._apply()
    for zone, rank in {"A": 1, "D": 2, "G": 3, "J": 4}.items():
        designer.zones.ranks[zone].value = rank
    designer.zones.from_lines.click()
    assert designer.errors.value == "", designer.errors.value


def test_checks_name_the_locations_and_a_finished_map_passes():
    designer = PointDesigner(PointDesign.blank())
    text = designer.checks.rows.children[0].children[0].value
    assert "There is no Pleiku" in text
    place_all(designer)
    texts = [r.children[0].value for r in designer.checks.rows.children]
    assert any("have no access line" in t for t in texts)
    join_all(designer)
    texts = [r.children[0].value for r in designer.checks.rows.children]
    assert any("no rank on the Zone Display" in t for t in texts)
    assert any("No location is the Plei Me camp" in t for t in texts)
    _finish(designer)
    assert designer.design.spec.zone_display.adjacent == [
        ("A", "Cambodia"),
        ("A", "D"),
        ("D", "G"),
        ("G", "J"),
    ]
    texts = [r.children[0].value for r in designer.checks.rows.children]
    assert any("places 12 LZ markers" in t and "room for 7" in t for t in texts)
    designer.campaign.lz.value = 5
    designer.campaign.no_lz.value = 2
    assert "book: 8" in designer.campaign.lz_note.value
    # An edited order of battle is no longer the reconstruction it started from (ftv:7.0A).
    assert designer.design.scenario.first_team.us.provenance.value == "assumed"
    assert "assumed" in designer.campaign.us_setup.value
    findings = designer.design.findings()
    # The book's NVA tables still send units to zones this small map does not have.
    assert [f.text[:40] for f in findings] == ["The Intelligence and Offboard tables nam"]
    assert "B, C, E, F, H and I" in findings[0].text


def test_a_problem_location_is_shown_and_centred(tmp_path):
    designer = PointDesigner(PointDesign.blank())
    place_all(designer)
    row = next(r for r in designer.checks.rows.children if "no access line" in r.children[0].value)
    row.children[1].click()
    first = designer.culprits[0]
    assert designer.selected == first
    x, y = designer.design.spec.locations[first].xy
    assert tuple(designer.map.center) == (y, x)


@pytest.mark.parametrize(
    ("typed", "saved"),
    [
        ("mymap", "mymap.yaml"),
        ("saves/mymap", "mymap.yaml"),
        ("é ü.yaml", "é ü.yaml"),
        ("saves/mymap.YAML", "mymap.yaml"),
        ("saves/Mymap.GeoJSON", "Mymap.geojson"),
    ],
)
def test_a_save_name_is_read_as_the_other_apps_read_it(tmp_path, monkeypatch, typed, saved):
    """The point designer read names as the area designer did: these four were refused alike."""
    monkeypatch.chdir(tmp_path)
    designer = PointDesigner(PointDesign.load(CAMPAIGN))
    designer.path.value = typed
    designer._save()
    assert designer.errors.value == ""
    assert [p.name for p in (tmp_path / "saves").iterdir()] == [saved]
    assert designer.path.value == f"saves/{saved}"
    again = PointDesign.load(tmp_path / "saves" / saved)  # the suffix chose the format
    assert again.spec == designer.design.spec


def test_a_refused_save_name_says_what_is_wrong_with_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    designer = PointDesigner(PointDesign.load(CAMPAIGN))
    designer.path.value = "../campaign.yml"
    designer._save()
    assert "with no folders: save it as saves/campaign.yml" in designer.errors.value
    designer.path.value = "saves/campaign.py"
    designer._save()
    assert "not .py: end the name with .yaml, as saves/campaign.yaml" in designer.errors.value
    assert not (tmp_path / "saves").exists()


def test_geojson_round_trip_and_play_link(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    designer = PointDesigner(PointDesign.load(CAMPAIGN))
    designer.path.value = "saves/campaign.geojson"
    designer._save()
    data = json.loads((tmp_path / "saves" / "campaign.geojson").read_text())
    kinds = {f["geometry"]["type"] for f in data["features"]}
    assert kinds == {"Point", "LineString"}
    again = PointDesign.load(tmp_path / "saves" / "campaign.geojson")
    assert again.spec == designer.design.spec
    designer.path.value = "saves/campaign.yaml"
    designer._play()
    assert "href='first_team_campaign.ipynb?scenario=" in designer.notice.value
    assert load_scenario(tmp_path / "saves" / "campaign.yaml").first_team.map == again.spec


def test_a_twelve_location_map_from_blank_saves_exactly_and_plays_a_turn(tmp_path, monkeypatch):
    from rulebook.games.first_team.engine import new_campaign

    monkeypatch.chdir(tmp_path)
    designer = PointDesigner(PointDesign.blank())
    place_all(designer)
    join_all(designer)
    _finish(designer)
    designer.campaign.lz.value, designer.campaign.no_lz.value = 5, 2
    designer.campaign.cp.value = 16
    assert (
        "book: 20" in designer.campaign.cp_note.value
        or "the book has 20" in designer.campaign.cp_note.value
    )
    designer.path.value = "saves/twelve.yaml"
    designer._play()
    assert designer.errors.value == ""
    saved = load_scenario(tmp_path / "saves" / "twelve.yaml")
    spec = saved.first_team.map
    assert len(spec.locations) == 12
    assert dict(spec.lines) == {"-".join(sorted((a, b))): kind for a, b, kind in LINES}
    assert spec.special_forces_camps == {"D2": "Duc Co", "G4": "Plei Me"}
    assert spec.an_khe == {"J2": "road"}
    assert saved.values["cp_per_turn"].value == 16
    assert saved.values["cp_per_turn"].provenance.value == "assumed"
    game = new_campaign(saved, seed=2)
    rng = random.Random(2)
    while game.board.turn == 1 and game.current_player() is not None:
        if game.current_player() == "chance":
            game.apply(game.sample_chance())
        else:
            options = game.legal_actions()
            game.apply(options[rng.randrange(len(options))])
    assert game.board.turn == 2


def test_clicks_pick_the_nearest_location_and_move_mode_moves_it():
    designer = PointDesigner(PointDesign.blank())
    place_all(designer)
    designer.mode.value = "select"
    designer._on_map(type="click", coordinates=[20.05, 9.95])  # a hair from A1 at (10, 20)
    assert designer.selected == "A1"
    designer.mode.value = "move"
    designer._on_map(type="click", coordinates=[25.0, 12.0])
    assert designer.design.spec.locations["A1"].xy == (12.0, 25.0)
    designer.mode.value = "place"
    designer.zone.value = "A"
    designer._on_map(type="click", coordinates=[25.0, 12.0])  # on A1: selects, places nothing
    assert "A3" not in designer.design.spec.locations


def test_nva_tab_sets_regiments_arrivals_and_sends_missing_zones_and_checks_open_it():
    """NVA set-up (ftv:7.0C) and arrivals (ftv:3.5.2) in words; the checks open the tab."""
    designer = PointDesigner(PointDesign.blank())
    place_all(designer)
    join_all(designer)
    _finish(designer)
    designer.campaign.lz.value, designer.campaign.no_lz.value = 5, 2
    row = next(r for r in designer.checks.rows.children if "tables name" in r.children[0].value)
    row.children[1].click()  # "Open NVA"
    assert designer.tabs.selected_index == 2
    nva = designer.nva
    assert list(nva.missing.options) == ["B", "C", "E", "F", "H", "I"]
    assert list(nva.send_to.options) == ["A", "D", "G", "J"]
    for gone, to in (("B", "A"), ("C", "D"), ("E", "D"), ("F", "G"), ("H", "G"), ("I", "J")):
        nva.missing.value, nva.send_to.value = gone, to
        nva.send_button.click()
    assert designer.design.findings() == []
    assert nva.missing_box.layout.display == "none"
    nva.size_boxes[66].value = 4
    assert designer.design.scenario.first_team.nva.regiments[66] == [101, 102, 103, 104]
    assert "book: 6" in nva.size_notes[66].value
    nva.turn.value, nva.roll.value, nva.zone.value = 3, 7, "A"
    nva.pick_boxes[66].value = True
    nva.set_button.click()
    assert "the 66th Regiment to zone A" in nva.now.value
    assert "data-turn='3' data-zone='A'" in nva.arrivals.value
    assert designer.design.scenario.first_team.tables.offboard.turns[3][5] == "6A"
    assert designer.design.scenario.first_team.tables.offboard.provenance.value == "assumed"
    nva.clear_button.click()
    assert designer.design.scenario.first_team.tables.offboard.turns[3][5] == "-"
    designer._undo()
    assert designer.design.scenario.first_team.tables.offboard.turns[3][5] == "6A"


def test_nva_tab_sets_where_intelligence_finds_a_regiment_by_turn_and_die():
    """The US Intelligence Table (ftv:3.2.2.1) as a grid: the printed cell marked, a zone the
    map lacks marked, one cell set by turn and die, undone as one step."""
    designer = PointDesigner(PointDesign.blank())
    place_all(designer)
    join_all(designer)
    _finish(designer)
    nva = designer.nva
    table = nva.intel.value
    assert "class='rb-intel-pinned' title='printed in the rules (ftv:3.2.2.1)'>B<" in table
    assert "rb-intel-off-map" in table  # the blank-sheet map has zones A, D, G and J only
    assert "reconstructed" in table
    nva.intel_turn.value, nva.intel_die.value = 1, 4
    assert nva.intel_zone.value == "B"  # the picker shows what the table says now
    labels = [label for label, _ in nva.intel_zone.options]
    assert labels[:5] == ["nothing found", "zone A", "zone D", "zone G", "zone J"]
    assert "zone B (not on this map)" in labels
    nva.intel_zone.value = "D"
    nva.intel_button.click()
    intelligence = designer.design.scenario.first_team.tables.intelligence
    assert intelligence.turns[1] == ["A", "A", "B", "D", "C", "D"]
    assert intelligence.provenance.value == "assumed"
    assert "assumed" in nva.intel.value
    nva.intel_turn.value, nva.intel_die.value = 2, 6
    nva.intel_zone.value = "-"
    nva.intel_button.click()
    assert designer.design.scenario.first_team.tables.intelligence.turns[2][5] == "-"
    row = nva.intel.value.split("<tr data-turn='2'>")[1].split("</tr>")[0]
    assert row.endswith(">none</td>")
    designer._undo()
    assert designer.design.scenario.first_team.tables.intelligence.turns[2][5] == "D"


def test_campaign_tab_shows_the_us_set_up_and_sets_victory_values():
    """US set-up in words (ftv:7.0B, 7.0D); victory values beside the book's (ftv:5.1, 5.2)."""
    designer = PointDesigner(PointDesign.load(CAMPAIGN))
    words = designer.campaign.us_setup.value
    assert "start in the An Khe Box" in words
    assert "Duc Co at D2, Plei Me at G4" in words
    designer.campaign.boxes["nva_tactical_at"].value = 25
    value = designer.design.scenario.values["nva_tactical_at"]
    assert (value.value, value.provenance.value) == (25, "assumed")
    assert "book: 30" in designer.campaign.notes["nva_tactical_at"].value
    assert "as the book" in designer.campaign.notes["vp_camp"].value


def test_campaign_tab_sets_how_many_helicopters_and_air_strikes_the_us_has():
    """The airmobile division's counts (ftv:3.4.2 transports, ftv:3.4.1 air strikes): a new unit
    copies the last one's values, fewer takes the last added away, the 1/9 Cavalry's own
    helicopters stay, and the campaign still plays."""
    designer = PointDesigner(PointDesign.load(CAMPAIGN))
    campaign = designer.campaign
    assert campaign.units["transports"].value == 9
    assert "as the book" in campaign.unit_notes["transports"].value
    campaign.units["transports"].value = 3
    us = designer.design.scenario.first_team.us
    assert us.transports == ["A/227", "B/227", "1/9"]
    assert us.provenance.value == "assumed"
    assert "book: 9" in campaign.unit_notes["transports"].value
    campaign.units["airstrikes"].value = 5
    assert designer.design.scenario.first_team.us.airstrikes["TAC-5"] == (25, 5)
    campaign.units["gunships"].value = 0
    assert "at least 1 (1/9 is also a ground unit and stays)" in designer.errors.value
    assert campaign.units["gunships"].value == 3  # the refused change is not shown as made
    designer._undo()
    assert len(designer.design.scenario.first_team.us.airstrikes) == 4
    assert campaign.units["airstrikes"].value == 4
    assert play_problems(designer.design.scenario, "mine.yaml") == []
    # typed past the box's range: held to it, and said beside the box, not clamped silently
    campaign.units["airstrikes"].value = 45
    assert len(designer.design.scenario.first_team.us.airstrikes) == 30
    assert "45 is more than a count of units takes (0 to 30): held at 30" in (
        campaign.units["airstrikes"].note.value
    )
    designer.zones.ranks["A"].value = -3
    assert designer.zones.ranks["A"].value == 0
    assert (
        "-3 is less than a rank takes (0 to 20): held at 0" in designer.zones.ranks["A"].note.value
    )


def test_loading_and_clearing_a_map_send_its_layer_list_once(tmp_path):
    """67 locations added or taken off one by one sent the map's whole layer list 67 times,
    each redrawn by the browser (760 ms to clear the shipped map in the latency audit)."""
    designer = PointDesigner(PointDesign.blank())
    changes: list = []
    designer.map.observe(changes.append, names="layers")
    designer._open(CAMPAIGN)
    designer.refresh()  # (what the Load button's wrapper does after it)
    assert len(designer._markers) == 67
    assert len(changes) == 1
    changes.clear()
    designer._blank()
    assert designer._markers == {}
    assert len(changes) == 1


def test_a_new_blank_map_or_a_file_opened_is_one_undo_from_the_work_it_replaced(
    tmp_path, monkeypatch
):
    """Starting again lost every location placed, with Undo greyed: now it is one step of the history."""
    monkeypatch.chdir(tmp_path)
    designer = PointDesigner(PointDesign.load(CAMPAIGN))
    before = designer.design.spec
    designer.blank_button.click()
    assert not designer.design.spec.locations
    assert not designer.undo_button.disabled
    designer.undo_button.click()
    assert designer.design.spec is before
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "book.yaml").write_bytes(CAMPAIGN.read_bytes())
    designer.path.value = "saves/book.yaml"
    designer.load_button.click()
    assert designer.design.spec is not before
    assert designer.design.spec == before  # the same file, read again
    designer.undo_button.click()
    assert designer.design.spec is before
    assert not designer.redo_button.disabled


def test_a_number_out_of_range_is_held_and_said_and_a_negative_count_refused(tmp_path, monkeypatch):
    """The NVA tab's boxes clamped in the browser without a word (99 companies became 20, a
    turn of 0 became 1), and the Command Points took -3 with the checks content."""
    monkeypatch.chdir(tmp_path)
    designer = PointDesigner(PointDesign.load(CAMPAIGN))
    nva = designer.nva
    nva.size_boxes[66].value = 99
    assert designer.design.scenario.first_team.nva.regiments[66][-1] == 120  # 20 companies
    assert "99 is more than a regiment's companies takes (1 to 20): held at 20" in (
        nva.size_boxes[66].note.value
    )
    nva.turn.value = 0
    assert nva.turn.value == 1
    assert "0 is less than a turn takes (1 to 15): held at 1" in nva.turn.note.value
    shown = [w for row in nva.children if hasattr(row, "children") for w in row.children]
    assert nva.turn.note in shown
    campaign = designer.campaign
    campaign.cp.value = -3
    assert designer.design.scenario.values["cp_per_turn"].value == 20
    assert campaign.cp.value == 20  # the box shows what the design holds
    assert (
        "Command Points each turn (ftv:3.1): cannot be below zero (the book has 20), not -3"
        in designer.errors.value
    )
    campaign.boxes["draw_at"].value = -20  # a value the book has below zero may go lower
    assert designer.design.scenario.values["draw_at"].value == -20
    # The victory boxes were IntTexts, which made 12.5 into 125 without a word.
    campaign.boxes["vp_camp"].set_state({"value": "12.5"})
    assert designer.design.scenario.values["vp_camp"].value == 2
    assert "12.5 is not a whole number: 2 kept" in campaign.boxes["vp_camp"].note.value
    shown = [w for row in campaign.children if hasattr(row, "children") for w in row.children]
    assert campaign.boxes["vp_camp"].note in shown


def test_pleiku_placed_shows_no_zone_until_one_is_picked():
    """A reviewer placed Pleiku and found its zone box reading A (and the line under the map
    "Pleiku in zone ?") while the checks said it had no zone: the box is blank until a zone is
    picked, the line says so, and Apply with nothing picked leaves it without one."""
    designer = PointDesigner(PointDesign.blank())
    assert any("Place it with the zone set to Pleiku" in f.text for f in designer.design.findings())
    designer.mode.value = "place"
    designer.zone.value = "Pleiku"
    designer._on_map(type="click", coordinates=[15, 50])
    assert designer.selected == "Pleiku"
    assert designer.pleiku_zone.value is None
    assert "<b>Pleiku</b> in no zone yet (pick one below)" in designer.info.value
    assert "zone ?" not in designer.info.value
    designer._apply()
    assert designer.errors.value == ""
    assert "Pleiku" not in designer.design.spec.zone_of
    assert any("Pleiku counts in no zone yet" in f.text for f in designer.design.findings())
    designer.pleiku_zone.value = "J"
    designer._apply()
    assert designer.design.spec.zone_of == {"Pleiku": "J"}
    assert "<b>Pleiku</b> in zone J" in designer.info.value
    assert not any("Pleiku counts in" in f.text for f in designer.design.findings())


def test_the_map_zooms_well_past_the_whole_of_the_shipped_map():
    """At 1024 pixels the shipped map's names ran together and "+" greyed out one step in."""
    from widgets._fit import zoom_to_fit

    designer = PointDesigner(PointDesign.load(CAMPAIGN))
    xs, ys = zip(*(loc.xy for loc in designer.design.spec.locations.values()), strict=True)
    whole = zoom_to_fit(max(xs) - min(xs) + 12, max(ys) - min(ys) + 10, 500, 480)
    assert designer.map.max_zoom >= whole + 3


def test_open_on_a_tab_already_open_says_where_it_is():
    """The checks' Open Map did nothing a reviewer could see when the Map tab was open."""
    designer = PointDesigner(PointDesign.blank())
    designer.tabs.selected_index = 1
    designer._open_tab("Map")
    assert designer.tabs.selected_index == 0
    assert designer.notice.value == ""
    designer._open_tab("Map")
    assert "The Map tab is open already" in designer.notice.value


def test_the_nva_tables_notes_are_whole():
    """The Offboard Movement Table's note was cut at 160 characters, mid-word ("and the ar...")."""
    designer = PointDesigner(PointDesign.load(CAMPAIGN))
    shown = designer.nva.arrivals.value
    assert "every identified unit one rank up" in shown
    assert "the ar..." not in shown


def browser_says(designer: PointDesigner, wide: int, high: int) -> None:
    """Report the map's bounds as the browser does, for a map *wide* x *high* pixels."""
    (cy, cx), scale = designer.map.center, 2**designer.map.zoom
    half_w, half_h = wide / 2 / scale, high / 2 / scale
    designer.map.set_trait("bounds", ((cy - half_h, cx - half_w), (cy + half_h, cx + half_w)))


def cut_by_the_border(designer: PointDesigner, wide: int, high: int) -> list[str]:
    """The locations whose dot (ring and all, 12 pixels about the point) or name (from 13
    pixels right of it, 6 pixels a letter) the border of a *wide* x *high* map cuts."""
    (cy, cx), scale = designer.map.center, 2**designer.map.zoom
    cut = []
    for name, loc in designer.design.spec.locations.items():
        x, y = loc.xy
        if not (
            cx - wide / 2 / scale <= x - 12 / scale
            and x + (13 + 6 * len(name)) / scale <= cx + wide / 2 / scale
            and cy - high / 2 / scale <= y - 12 / scale
            and y + 12 / scale <= cy + high / 2 / scale
        ):
            cut.append(name)
    return cut


def test_a_location_placed_or_moved_to_the_maps_edge_is_brought_whole_into_view():
    """At 1024 x 768 a location placed at the map's edge was half hidden by its border."""
    designer = PointDesigner(PointDesign.blank())
    place_all(designer)
    designer._fit()
    browser_says(designer, 454, 500)
    assert cut_by_the_border(designer, 454, 500) == []
    designer.zone.value = "J"
    (cy, cx), scale = designer.map.center, 2**designer.map.zoom
    designer._on_map(type="click", coordinates=[cy, cx + 226 / scale])
    assert designer.selected == "J3"
    assert cut_by_the_border(designer, 454, 500) == []
    designer.mode.value = "move"
    (cy, cx), scale = designer.map.center, 2**designer.map.zoom
    designer._on_map(type="click", coordinates=[cy - 249 / scale, cx])
    assert cut_by_the_border(designer, 454, 500) == []


def test_a_selected_location_is_drawn_above_its_neighbours():
    """J3's name runs under J4's dot at a 1024-pixel window's zoom: selected, J3 rises."""
    designer = PointDesigner(PointDesign.load(CAMPAIGN))
    designer._on_location("J3")
    markers = designer._markers
    assert markers["J3"].z_index_offset > max(
        m.z_index_offset for n, m in markers.items() if n != "J3"
    )


def test_a_wrong_pair_of_touching_boxes_or_a_file_of_another_game_is_said_in_the_apps_words():
    """A designer's review read "Adjacent names zone “Q”, not one of the ranks" under a box
    labelled Boxes that touch, and "first_team: not a First Team scenario" for an LZ Albany
    file: each now says it in the app's words and names what was wrong."""
    designer = PointDesigner(PointDesign.load(CAMPAIGN))
    designer.zones.touching.value = "A-B, B-C, Cambodia-A, A-Q"
    designer.zones._set_touching()
    said = designer.errors.value
    assert "The boxes that touch name zone “Q” (in A-Q), which has no rank" in said
    assert "Adjacent" not in said
    standard = CAMPAIGN.parents[1] / "lz_albany" / "standard.yaml"
    with pytest.raises(ScenarioError) as refused:
        PointDesign.load(standard)
    assert "is a scenario of LZ Albany, with no First Team point map" in str(refused.value)
    assert "first_team:" not in str(refused.value)


def test_apply_says_what_it_changed_and_a_name_too_long_to_read_is_refused():
    """A review named C1 and pressed Apply: nothing on the page changed (a name shows only
    where the pointer rests), and a 200-character name was taken."""
    designer = PointDesigner(PointDesign.load(CAMPAIGN))
    designer._select("C1")
    designer.label.value = "Test Name"
    designer._apply()
    assert "C1: named “Test Name”." in designer.notice.value
    assert "<b>C1</b> (Test Name) in zone C" in designer.info.value
    designer._apply()
    assert "C1: nothing to change" in designer.notice.value
    designer.an_khe.value = "road"
    designer._apply()
    assert "C1: joined to An Khe by road." in designer.notice.value
    designer.label.value = "x" * 200
    designer._apply()
    assert "a location&#x27;s name is at most 48 characters" in designer.errors.value.lower()
    assert designer.design.spec.locations["C1"].name == "Test Name"
