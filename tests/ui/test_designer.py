"""The area-map designer driven without a browser: drawing, linking, tracing, checks, set-up, play-test."""

from __future__ import annotations

import random
import struct
from datetime import UTC, datetime
from pathlib import Path

import pytest
from shapely.geometry import Point

from rulebook.maps import demo_spec
from rulebook.maps.design import MapDesign
from rulebook.scenario import load_scenario
from widgets.designer import MapDesigner

STANDARD = Path(__file__).resolve().parents[2] / "scenarios" / "lz_albany" / "standard.yaml"


def draw(designer: MapDesigner, corners: list[tuple[float, float]]) -> None:
    ring = [list(p) for p in corners] + [list(corners[0])]
    designer._on_draw(None, "created", {"geometry": {"coordinates": [ring]}})


def upload(designer: MapDesigner, data: bytes, name: str = "scan.png") -> None:
    designer.scan.value = (
        {
            "name": name,
            "type": "image/png",
            "size": len(data),
            "last_modified": datetime.now(UTC),
            "content": memoryview(data),
        },
    )


def png(width: int, height: int) -> bytes:
    return (
        b"\x89PNG\r\n\x1a\n"
        b"\x00\x00\x00\x0dIHDR" + struct.pack(">II", width, height) + b"\x08\x06\x00\x00\x00"
    )


def test_a_new_area_starts_blank_with_the_next_free_id_not_the_selected_ones_values():
    designer = MapDesigner(MapDesign.load(STANDARD))
    designer._on_click("C4")
    assert designer.area_name.value == "Area C4"
    draw(designer, [(2460, 200), (2600, 200), (2600, 400), (2460, 400)])
    assert designer.new_id.value == "F8"
    assert designer.new_name.value == ""
    designer._add()
    assert designer.errors.value == ""
    area = designer.design.map.area("F8")
    assert (area.name, area.tags) == ("F8", frozenset())  # nothing copied from C4
    assert designer.new_id.value == "F9"
    assert designer.anchor == "F8"


def test_link_mode_takes_two_clicks_and_draws_the_hand_link():
    designer = MapDesigner(MapDesign(demo_spec()))
    designer._on_click("B")  # selected before linking starts
    designer.mode.value = "link"
    designer._on_click("A")
    assert "Linking from <b>A</b>" in designer.mode_help.value
    designer._on_click("F")
    assert designer.design.map.graph.edges["A", "F"]["source"] == "manual"
    assert not designer.design.map.adjacent("B", "F")  # the old selection is not linked
    designer._on_click("B")  # a new first click, not a link from A or F
    assert "Linking from <b>B</b>" in designer.mode_help.value
    designer._on_click("D")
    assert "B and D are now neighbours" in designer.notice.value
    lines = {
        f["properties"]["pair"]: f["properties"]["kind"]
        for f in designer.view.links.data["features"]
    }
    assert lines == {"A-F": "added", "B-D": "added"}
    designer.mode.value = "link"
    designer._on_click("A")
    designer._on_click("B")  # derived neighbours: unlinking them is a hand cut, drawn too
    kinds = sorted(f["properties"]["kind"] for f in designer.view.links.data["features"])
    assert kinds == ["added", "added", "removed"]
    assert "data-links='2' data-cuts='1'" in designer.view.caption.value


def test_tracing_controls_are_on_the_page_and_scale_the_image_to_the_sheet():
    designer = MapDesigner(MapDesign.blank(2000, 1500))

    def inside(widget, target) -> bool:
        return widget is target or any(inside(c, target) for c in getattr(widget, "children", ()))

    assert inside(designer, designer.scan)
    assert inside(designer, designer.scan_opacity)
    upload(designer, png(800, 400))
    underlay = designer.view.underlay
    assert underlay is not None
    assert designer.view.map.layers[0] is underlay  # beneath the outlines
    assert [tuple(c) for c in underlay.bounds] == [
        (0.0, 0.0),
        (1000.0, 2000.0),
    ]  # keeps the 2:1 shape
    assert "800 x 400 pixels" in designer.scan_info.value
    designer.scan_opacity.value = 0.8
    assert underlay.opacity == 0.8
    upload(designer, b"not an image")
    assert "Not an image this designer can read" in designer.errors.value


def test_a_drawn_area_snaps_onto_its_neighbours_border():
    designer = MapDesigner(MapDesign(demo_spec()))
    draw(designer, [(297, 0), (400, 0), (400, 100), (304, 100)])  # a little off F's east border
    designer._add()
    new = designer.new_id.value  # the next one; the added area was the one before
    added = designer.anchor
    assert added != new
    assert designer.design.map.area(added).coords()[0][0] == 300.0
    assert designer.design.map.neighbors(added) == ["F"]
    designer.snap.value = False
    draw(designer, [(400, 0), (497, 3), (500, 100), (400, 100)])
    designer._add()
    assert (497.0, 3.0) in designer.design.map.area(designer.anchor).coords()


def test_checks_speak_in_words_and_show_the_culprit_on_the_map():
    designer = MapDesigner(MapDesign(demo_spec()))
    draw(designer, [(900, 0), (1000, 0), (1000, 100), (900, 100)])
    designer.new_id.value = "G9"
    designer._add()
    text = designer.checks.rows.children[0].children[0].value
    assert "G9 touches no other area, so no unit can reach it" in text
    assert "map.areas" not in text
    assert "&lt;design&gt;" not in text
    show = designer.checks.rows.children[0].children[1]
    assert show.description == "Show G9"
    designer._on_click("A")
    show.click()
    assert designer.anchor == "G9"
    assert designer.view._marks["G9"] == "selected"
    designer._on_click("A")
    assert designer.view._marks["G9"] == "problem"  # stays outlined while it is a problem
    assert designer.view.map.center == pytest.approx((50.0, 950.0))


def test_two_areas_with_one_name_are_flagged():
    designer = MapDesigner(MapDesign(demo_spec()))
    designer._on_click("A")
    designer.area_name.value = "Hill"
    designer._update()
    designer._on_click("B")
    designer.area_name.value = "Hill"
    designer._update()
    assert "A and B are both named “Hill”" in designer.checks.rows.children[0].children[0].value


def test_reshape_the_selected_area_with_a_drawn_outline_and_undo():
    designer = MapDesigner(MapDesign(demo_spec()))
    designer._on_click("C")
    draw(designer, [(200, 100), (300, 100), (300, 260), (200, 260)])
    designer._reshape()
    assert designer.errors.value == ""
    assert designer.design.map.area("C").polygon.bounds == (200.0, 100.0, 300.0, 260.0)
    designer._undo()
    assert designer.design.map.area("C").polygon.bounds == (200.0, 100.0, 300.0, 200.0)


@pytest.fixture
def designer(monkeypatch, tmp_path):
    """The demo map's designer, working in *tmp_path* (its saves go to tmp_path/saves)."""
    monkeypatch.chdir(tmp_path)
    return MapDesigner(MapDesign(demo_spec()))


def test_saves_stay_in_the_saves_folder(tmp_path, designer):
    designer.path.value = "../outside.yaml"
    designer._save()
    assert "a plain file name in saves/" in designer.errors.value
    assert "with no folders: save it as saves/outside.yaml" in designer.errors.value
    assert not (tmp_path.parent / "outside.yaml").exists()
    designer.path.value = "saves/demo.yaml"
    designer._save()
    assert designer.errors.value == ""
    assert (tmp_path / "saves" / "demo.yaml").exists()


@pytest.mark.parametrize(
    ("typed", "saved"),
    [
        ("mymap", "mymap.yaml"),
        ("saves/mymap", "mymap.yaml"),
        ("é ü.yaml", "é ü.yaml"),
        ("saves/mymap.YAML", "mymap.yaml"),
        ("saves/my map.yaml", "my map.yaml"),
        (" saves/roads.geojson ", "roads.geojson"),
    ],
)
def test_a_save_name_is_read_as_the_other_apps_read_it(tmp_path, designer, typed, saved):
    """``mymap``, ``saves/mymap``, ``é ü.yaml`` and ``saves/mymap.YAML`` were all refused with
    one message that named none of them; every app reads a bare name as saves/NAME.yaml."""
    designer.path.value = typed
    designer._save()
    assert designer.errors.value == ""
    assert [p.name for p in (tmp_path / "saves").iterdir()] == [saved]
    assert designer.path.value == f"saves/{saved}"  # the box shows the file as written
    assert f"Saved to saves/{saved}." in designer.notice.value
    designer._load()
    assert designer.errors.value == ""


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("maps/mymap.yaml", "with no folders: save it as saves/mymap.yaml"),
        ("saves/mymap.txt", "not .txt: end the name with .yaml, as saves/mymap.yaml"),
        ("saves/map v1.2", "not .2: end the name with .yaml, as saves/map v1.2.yaml"),
        ("mymap.", "not ending in / or ."),
        ("my\tmap", "a save name cannot hold control characters"),
        ("", "Give a file name first"),
    ],
)
def test_a_refused_save_name_says_what_is_wrong_with_it(tmp_path, designer, typed, says):
    designer.path.value = typed
    designer._save()
    assert says in designer.errors.value
    assert "saves/NAME.yaml (or .geojson)" not in designer.errors.value
    assert not (tmp_path / "saves").exists() or not list((tmp_path / "saves").iterdir())


def test_play_refuses_a_geojson_map_naming_the_scenario_to_save(tmp_path, designer):
    designer.path.value = "saves/roads.GEOJSON"
    designer._play()
    assert "not .geojson maps: save as saves/roads.yaml" in designer.errors.value
    assert not (tmp_path / "saves").exists()


def test_play_this_scenario_saves_and_links_the_play_app(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    designer = MapDesigner(MapDesign.load(STANDARD))
    designer.path.value = "saves/try.yaml"
    designer._play()
    assert designer.errors.value == ""
    assert (tmp_path / "saves" / "try.yaml").exists()
    assert "href='lz_albany_play.ipynb?scenario=" in designer.notice.value
    assert "saves/try.yaml'" in designer.notice.value


def _square(col: int, row: int, size: float = 300) -> list[tuple[float, float]]:
    x, y = col * size, row * size
    return [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]


def _draw_twelve_and_set_up(designer: MapDesigner) -> list[str]:
    """Twelve squares over an image, LZ Columbus off the east edge, both sides' set-up marked."""
    upload(designer, png(1200, 900))
    terrains = ["jungle", "sawgrass", "sawgrass", "jungle"] * 3
    for i in range(12):
        draw(designer, _square(i % 4, i // 4))
        designer.new_terrain.value = terrains[i]
        if i == 5:
            designer.new_id.value = "LZ-Albany"
            designer.new_terrain.value = "clearing"
        designer._add()
        assert designer.errors.value == "", i
    draw(designer, [(1300, 300), (1500, 300), (1500, 600), (1300, 600)])
    designer.new_id.value = "LZ-Columbus"
    designer.new_terrain.value = "lz"
    designer._add()
    ids = [a.id for a in designer.design.map]
    assert len(ids) == 13
    text = " ".join(c.children[0].value for c in designer.checks.rows.children)
    assert "LZ-Columbus touches no other area" in text
    assert "No area is marked as US set-up circle 1 (green)" in text
    # Link LZ Columbus to the east edge by hand.
    designer.mode.value = "link"
    assert ids == [f"A{i}" for i in range(1, 6)] + ["LZ-Albany"] + [
        f"A{i}" for i in range(6, 12)
    ] + ["LZ-Columbus"]
    for east in ("A4", "A11"):
        designer._on_click("LZ-Columbus")
        designer._on_click(east)
    # Mark set-up places: US in the south-west, NVA in the north, green dots in sawgrass.
    designer.mode.value = "select"
    designer._on_click("LZ-Columbus")
    designer.tags.value = "off-map"
    designer._update()
    designer.tabs.selected_index = 1  # Set-up
    assert any("No area lies on a board edge" in f.text for f in designer.design.findings())
    designer.setup.edges_button.click()
    assert designer.design.map.on_edge("east") == ["A11", "A4", "A7"]
    assert designer.design.map.on_edge("north") == ["A10", "A11", "A8", "A9"]
    assert designer.design.map.on_edge("west") == ["A1", "A5", "A8"]
    designer.mode.value = "place"
    for tag, areas in {
        "us-green-1": ["A1", "A2", "A3", "A4", "LZ-Albany"],
        "nva-tan-1": ["A6", "A7", "A8", "A9", "A10", "A11"],
        "nva-tan-2": ["A8", "A9"],
        "green-dot": ["A2", "A3"],
    }.items():
        designer.setup.place.value = tag
        for area in areas:
            designer._on_click(area)
    assert "data-count='2'" in designer.setup.marked.value
    assert designer.errors.value == ""
    return ids


def test_from_a_blank_sheet_a_twelve_area_map_with_both_sides_set_up_plays_a_turn(
    tmp_path, monkeypatch
):
    """The designer's whole loop, at widget level: the browser test drives the clicks."""
    from rulebook.games.lz_albany import new_game, random_policy
    from rulebook.maps.setup import arrivals

    monkeypatch.chdir(tmp_path)
    designer = MapDesigner(MapDesign.blank(1200, 900))
    ids = _draw_twelve_and_set_up(designer)
    # Two reinforcement waves: B/2-7 on turn 3 by the green dots, 10/8-66 and HQ/8-66 on turn 4.
    designer.setup.tabs.selected_index = 1  # who arrives when and where
    turn, _where, _ = designer.setup._arrivals["B/2-7"]
    turn.value = 3
    for unit in ("10/8-66", "HQ/8-66"):
        designer.setup._arrivals[unit][0].value = 4
    assert designer.errors.value == ""
    rows = {r.unit: r for r in arrivals(designer.design.scenario)}
    assert (rows["B/2-7"].turn, rows["10/8-66"].turn) == (3, 4)
    assert rows["B/2-7"].changed
    assert "book: turn 2" in designer.setup._arrivals["B/2-7"][2].value
    findings = designer.design.findings(play=True)  # a short test game included
    assert findings == [], [f.text for f in findings]
    assert "nothing to fix" in designer.checks.summary.value

    designer.path.value = "saves/twelve.yaml"
    designer._play()
    assert designer.errors.value == "", designer.errors.value
    saved = load_scenario(tmp_path / "saves" / "twelve.yaml")
    assert [a.id for a in saved.map.areas] == ids
    assert {tuple(p) for p in saved.map.adjacency.add} == {
        ("A4", "LZ-Columbus"),
        ("A11", "LZ-Columbus"),
    }
    tags = {a.id: set(a.tags) for a in saved.map.areas}
    assert tags["A2"] == {"us-green-1", "green-dot", "edge-south"}
    assert tags["A9"] == {"nva-tan-1", "nva-tan-2", "edge-north"}
    b27 = next(c for c in saved.lz_albany.companies if c.id == "B/2-7")
    assert (b27.arrives.turn, b27.arrives.tag) == (3, "green-dot")

    game = new_game(saved, seed=3)
    policy = random_policy(random.Random(3))
    while game.board.turn == 1 and game.current_player() is not None:
        player = game.current_player()
        game.apply(game.sample_chance() if player == "chance" else policy(game))
    assert game.board.turn == 2


def test_a_number_past_a_set_up_boxs_range_is_held_to_it_and_the_box_says_so(tmp_path, monkeypatch):
    """The browser would clamp a typed 150 to 99 with no word; the kernel holds the value to the
    box's range, makes the edit with what it kept, and the note beside the box says so."""
    from rulebook.maps.setup import arrivals

    monkeypatch.chdir(tmp_path)
    designer = MapDesigner(MapDesign.blank(1200, 900))
    _draw_twelve_and_set_up(designer)
    setup = designer.setup
    setup.tabs.selected_index = 1
    turn = setup._arrivals["B/2-7"][0]
    turn.value = 40  # typed: past the scenario's last turn
    last = designer.design.scenario.turns.value
    rows = {r.unit: r for r in arrivals(designer.design.scenario)}
    assert rows["B/2-7"].turn == last == turn.value
    assert f"40 is more than a turn takes (1 to {last}): held at {last}" in turn.note.value
    assert designer.errors.value == ""
    turn.value = 2  # a new value in range: the note goes
    assert turn.note.value == ""

    setup.tabs.selected_index = 3  # victory points and values
    (side, award), (box, _) = next(iter(setup._vp.items()))
    box.value = 150
    assert box.value == 99
    assert designer.design.scenario.lz_albany.vp[side][award] == 99
    assert "150 is more than a victory point award takes (0 to 99): held at 99" in box.note.value
    assert any(box.note in getattr(row, "children", ()) for row in setup.vp_rows.children)


def test_a_blank_sheet_smaller_than_the_least_is_held_to_it_and_said(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    designer = MapDesigner(MapDesign.blank(1200, 900))
    designer.sheet_w.value = 20
    designer.sheet_h.value = 800
    designer.blank_button.click()
    assert designer.design.sheet == (0.0, 0.0, 100.0, 800.0)
    assert "20 is less than a sheet's width takes (100 to 100,000): held at 100" in (
        designer.sheet_w.note.value
    )
    assert designer.sheet_h.note.value == ""


def test_the_selected_areas_id_can_be_changed_and_its_links_and_arrivals_follow():
    designer = MapDesigner(MapDesign.blank(1200, 900))
    for col in range(2):
        draw(designer, _square(col, 0))
        designer._add()
    designer.mode.value = "link"
    designer._on_click("A1")
    designer._on_click("A2")  # unlinked by hand
    designer.setup.active = True
    designer.setup.refresh()
    # The arrivals may land in any drawn area, by its id.
    where = designer.setup._arrivals["B/2-7"][1]
    assert ("area A2", (None, None, "A2")) in where.options
    where.value = (None, None, "A2")
    designer.mode.value = "select"
    designer._on_click("A2")
    designer.area_id.value = "LZ-Albany"
    designer._update()
    assert designer.errors.value == ""
    spec = designer.design.map.spec
    assert [a.id for a in spec.areas] == ["A1", "LZ-Albany"]
    assert spec.adjacency.remove == [("A1", "LZ-Albany")]
    b27 = next(c for c in designer.design.scenario.lz_albany.companies if c.id == "B/2-7")
    assert b27.arrives.area == "LZ-Albany"
    where = designer.setup._arrivals["B/2-7"][1]  # rebuilt for the new ids
    assert ("area LZ-Albany", (None, None, "LZ-Albany")) in where.options
    assert where.value == (None, None, "LZ-Albany")
    designer.area_id.value = "A1"
    designer._update()
    assert "already exists" in designer.errors.value


PYDANTIC_WORDS = ("validation error", "pydantic", "String should match", "type=")


def _grid_designer() -> MapDesigner:
    """Six squares named by column and row, as a designer renaming them would have them."""
    designer = MapDesigner(MapDesign.blank(900, 600))
    for row in range(2):
        for col in range(3):
            draw(designer, _square(col, row))
            designer.new_id.value = f"{'ABC'[col]}{row + 1}"
            designer._add()
    designer._on_click("B2")
    return designer


def _what_the_designer_shows(designer: MapDesigner) -> tuple:
    m = designer.design.map
    return (
        m.spec.model_dump(),
        designer.design.scenario,
        designer.design.can_redo,
        designer.anchor,
        sorted(designer.view._labels),
        designer.view._marks.get("B2"),
        m.neighbors("B1"),
        designer.info.value,
    )


def test_a_refused_id_changes_nothing_and_says_in_plain_words_what_an_id_may_be():
    designer = _grid_designer()
    before = _what_the_designer_shows(designer)
    undo_steps = len(designer.design._versions)
    assert before[5] == "selected"
    designer.area_id.value = "Hill 1"
    designer.area_name.value = "Hill"  # refused with the id it came with, not made alone
    designer._update()
    error = designer.errors.value
    assert "“Hill 1” cannot be an area id: use letters, digits, hyphens and " in error
    assert "Hill-1 would do" in error
    assert not any(word in error for word in PYDANTIC_WORDS)
    assert _what_the_designer_shows(designer) == before
    assert len(designer.design._versions) == undo_steps
    assert designer.design.map.area("B2").name == "B2"


def test_an_accented_id_is_refused_with_why_and_the_letters_kept_in_the_id_it_offers():
    """The id "Plei Mé" was refused without a word of why, and "Plei-M" offered, é dropped."""
    designer = _grid_designer()
    designer.area_id.value = "Plei Mé"
    designer._update()
    error = designer.errors.value
    assert "Plei-Me would do" in error
    assert "Ids keep to the letters A to Z" in error
    assert "the area&#x27;s name may carry the accents" in error
    designer.area_id.value = "Plei-Me"
    designer.area_name.value = "Plei Mé"  # the name keeps the accent
    designer._update()
    assert designer.design.map.area("Plei-Me").name == "Plei Mé"


def test_an_empty_id_box_is_named_as_empty_and_changes_nothing():
    designer = _grid_designer()
    before = _what_the_designer_shows(designer)
    designer.area_id.value = "  "
    designer._update()
    assert "The id box is empty: type a new id for B2, or B2 to keep it" in designer.errors.value
    assert _what_the_designer_shows(designer) == before


def test_a_new_area_with_a_refused_id_is_not_added_and_is_told_in_plain_words():
    designer = _grid_designer()
    draw(designer, _square(0, 2))
    designer.new_id.value = "Hill 1"
    designer._add()
    assert "cannot be an area id" in designer.errors.value
    assert not any(word in designer.errors.value for word in PYDANTIC_WORDS)
    assert len(designer.design.map) == 6


def test_a_design_with_an_id_load_refuses_cannot_be_saved(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    designer = _grid_designer()
    designer.area_id.value = "Hill 1"
    designer._update()
    designer.path.value = "saves/grid.yaml"
    designer._save()
    assert "Hill 1" not in (tmp_path / "saves" / "grid.yaml").read_text()
    designer._load()
    assert designer.errors.value == ""
    assert "B2" in designer.design.map
    # Nor can a map that skipped the schema's checks (model_copy checks nothing) be opened.
    spec = designer.design.map.spec
    unchecked = spec.model_copy(
        update={"areas": [a.model_copy(update={"id": "Hill 1"}) for a in spec.areas[:1]]}
    )
    with pytest.raises(ValueError, match="areas > 0 > id: expected letters, digits") as refused:
        MapDesign(unchecked)
    assert not any(word in str(refused.value) for word in PYDANTIC_WORDS)


def test_save_refuses_a_file_load_would_refuse_and_writes_nothing(tmp_path):
    design = MapDesign(demo_spec())
    # The schema takes any finite number; Load refuses one past a billion.
    design.add_area("G", [(2e9, 0), (2e9 + 100, 0), (2e9 + 100, 100)], terrain="sawgrass")
    with pytest.raises(ValueError, match=r"not saved: far\.yaml would not open again") as refused:
        design.save(tmp_path / "far.yaml")
    assert "out of range" in str(refused.value)
    assert not (tmp_path / "far.yaml").exists()


def test_a_new_blank_sheet_or_a_file_opened_is_one_undo_from_the_work_it_replaced(
    tmp_path, designer
):
    """Starting again lost every area drawn, with Undo greyed: now it is one step of the history."""
    before = designer.design.map
    designer.blank_button.click()
    assert len(designer.design.map) == 0
    assert not designer.undo_button.disabled
    designer.undo_button.click()
    assert designer.design.map is before
    assert designer.redo_button.disabled is False
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "book.yaml").write_bytes(STANDARD.read_bytes())
    designer.path.value = "saves/book.yaml"
    designer.load_button.click()
    assert len(designer.design.map) == 44
    designer.undo_button.click()
    assert designer.design.map is before
    assert not designer.errors.value


def test_an_id_too_long_to_print_in_its_area_is_refused_and_changes_nothing():
    """An 80-character id was taken, and its label ran across four areas' labels."""
    designer = _grid_designer()
    before = _what_the_designer_shows(designer)
    designer.area_id.value = "A" * 80
    designer._update()
    assert "An area id is at most 24 characters" in designer.errors.value
    assert "has 80" in designer.errors.value
    assert _what_the_designer_shows(designer) == before
    draw(designer, _square(0, 2))
    designer.new_id.value = "North-west-ridge-above-the-creek"
    designer._add()
    assert "has 32" in designer.errors.value
    assert len(designer.design.map) == 6


def test_a_long_list_of_checks_shows_the_first_few_whole_and_a_button_for_the_rest():
    """In a 10em scroll box at 1024 pixels the third of seven checks was cut mid-sentence."""
    designer = MapDesigner(MapDesign.blank(1200, 900))
    count = len(designer.design.findings())
    assert count == 7
    assert designer.checks.rows.layout.max_height is None  # no box to cut a sentence short
    summary = designer.checks.summary.value
    assert "7 things to fix; the first 4 are listed." in summary
    assert len(designer.checks.rows.children) == 4
    more = designer.checks.more
    assert more.layout.display != "none"
    assert more.description == "List all 7"
    more.click()
    assert len(designer.checks.rows.children) == 7
    assert "7 things to fix." in designer.checks.summary.value
    assert more.description == "List only the first 4"
    more.click()
    assert len(designer.checks.rows.children) == 4


def test_undo_of_a_blank_sheet_offers_a_free_id_and_frames_the_map_again(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    designer = MapDesigner(MapDesign.load(STANDARD))
    offered = designer.new_id.value
    designer.sheet_w.value, designer.sheet_h.value = 200, 150  # smaller than the book's map
    designer.blank_button.click()
    assert designer.new_id.value == "A1"
    blank = designer.view.sheet
    designer.undo_button.click()
    assert designer.new_id.value == offered  # not A1, which the map has again
    assert designer.view.sheet == designer.design.map.bounds()  # framed on the areas brought back
    assert designer.view.sheet != blank


def _framed_on_its_areas(designer: MapDesigner) -> bool:
    minx, miny, maxx, maxy = designer.design.map.bounds()
    y, x = designer.view.map.center
    wide = (maxx - minx) * 2**designer.view.map.zoom  # pixels, at the zoom the kernel asked
    return minx < x < maxx and miny < y < maxy and wide > 300


@pytest.mark.parametrize("width", [2000, 100000])
def test_undo_and_redo_across_a_new_sheet_frame_what_they_bring_back(tmp_path, monkeypatch, width):
    """After a 100000-wide blank sheet, Undo brought the 44 areas back framed on the sheet's
    middle: off the map's left edge, at a zoom the map refused to go below."""
    monkeypatch.chdir(tmp_path)
    designer = MapDesigner(MapDesign.load(STANDARD))
    designer.sheet_w.value = width
    designer.blank_button.click()
    assert designer.view.map.min_zoom <= designer.view.map.zoom  # the whole sheet can show
    designer.undo_button.click()
    assert len(designer.design.map) == 44
    assert _framed_on_its_areas(designer)
    designer.view.map.center, designer.view.map.zoom = (0, 0), 5  # the designer looks about
    designer.redo_button.click()
    assert designer.view.sheet == (0.0, 0.0, float(width), 1500.0)
    designer.undo_button.click()
    assert _framed_on_its_areas(designer)
    designer._on_click("C3")
    designer.area_name.value = "Sawgrass"
    designer._update()
    designer.view.map.zoom = 1  # zoomed in to edit: an ordinary Undo leaves the view alone
    designer.undo_button.click()
    assert designer.view.map.zoom == 1


def test_a_sight_ruling_says_whose_sight_it_rules_at_each_click():
    """Ruling on sight changed only the caption's count: the hint stayed the same, and
    nothing said which areas were ruled on."""
    designer = MapDesigner(MapDesign.load(STANDARD))
    designer.mode.value = "los"
    designer._on_click("C3")
    help_text = designer.mode_help.value
    assert "Observer <b>C3</b>: click the target's area." in help_text
    assert "data-observer='C3'" in help_text
    designer._on_click("F7")
    help_text = designer.mode_help.value
    assert "From <b>C3</b> to <b>F7</b>: rule it seen or blocked" in help_text
    assert designer.view._marks["F7"] == "target"
    assert designer.view._marks["C3"] == "selected"
    designer.blocked_button.click()
    assert "C3 and F7 are now ruled out of each other's sight." in designer.notice.value
    assert designer.design.map.los.explain("C3", "F7").visible is False
    designer.seen_button.click()
    assert "C3 and F7 are now ruled in each other's sight." in designer.notice.value
    designer.clear_button.click()
    assert "The ruling on C3 and F7 is cleared" in designer.notice.value
    designer._on_click("F6")  # another target for the same observer
    assert "From <b>C3</b> to <b>F6</b>" in designer.mode_help.value


def test_an_area_is_never_ruled_in_its_own_sight():
    """A review clicked F4 and pressed Rule: seen: the area under the pointer (F4 itself)
    stood in for the target, "F4 and F4 are now ruled in each other's sight" was said, and
    the caption counted one ruling. It is refused, saying what to click, and nothing changes."""
    designer = MapDesigner(MapDesign.load(STANDARD))
    rulings = len(designer.design.map.spec.los.overrides)
    designer._on_click("F4")
    designer.view.hovered = "F4"
    designer.seen_button.click()
    assert "click the observer&#x27;s area, then the target&#x27;s" in designer.errors.value
    assert "F4 and F4" not in designer.notice.value
    assert len(designer.design.map.spec.los.overrides) == rulings
    designer.view.hovered = "F5"  # the pointer over another area still stands for the target
    designer.seen_button.click()
    assert "F4 and F5 are now ruled in each other's sight." in designer.notice.value
    assert len(designer.design.map.spec.los.overrides) == rulings + 1


def test_the_caption_names_the_map_by_its_scenario_not_its_file_key():
    """A designer read "Map lz-albany: 44 areas": the map's id, a key in the file."""
    scenario = Path(__file__).resolve().parents[2] / "scenarios" / "lz_albany" / "standard.yaml"
    designer = MapDesigner(MapDesign.load(scenario))
    caption = designer.view.caption.value
    assert "lz-albany" not in caption
    assert f"The map of <b>{load_scenario(scenario).title}</b>: 44 areas" in caption
    blank = MapDesigner(MapDesign.blank()).view.caption.value
    assert "The map of <b>My LZ Albany scenario</b>: 0 areas" in blank


def test_the_selected_areas_form_shows_only_with_an_area_selected():
    """A review found the empty form of the selected area under the new area's, read as a
    second form to fill in: with nothing selected it is a line saying how to select."""
    designer = MapDesigner(MapDesign.load(STANDARD))
    assert designer.selected_form.layout.display == "none"
    assert "No area is selected: click one" in designer.selected_note.value
    designer._on_click("C4")
    assert designer.selected_form.layout.display is None
    assert designer.selected_note.layout.display == "none"
    designer._blank()  # a new sheet: nothing selected again
    assert designer.selected_form.layout.display == "none"


def test_hand_links_cross_both_areas_but_stop_short_of_their_names():
    """The east-edge areas' six links each to Transition and LZ Columbus met on those boxes'
    names and hid them: a link is drawn from inside one area to inside the other, ending half
    way between an area's edge and its name."""
    designer = MapDesigner(MapDesign.load(STANDARD))
    m = designer.design.map
    drawn = designer.view.links.data["features"]
    assert len(drawn) >= 12
    for feature in drawn:
        pair = feature["properties"]["pair"]  # ids hold hyphens: split where both are areas
        a, b = next(
            (pair[:i], pair[i + 1 :])
            for i, c in enumerate(pair)
            if c == "-" and pair[:i] in m and pair[i + 1 :] in m
        )
        ends = [Point(*xy) for xy in feature["geometry"]["coordinates"]]
        for area_id, end in zip((a, b), ends, strict=True):
            area = m.area(area_id).polygon
            assert area.buffer(1e-6).contains(end), (feature["properties"]["pair"], area_id)
            assert end.distance(area.representative_point()) > 10, (area_id, end)


def test_a_mistyped_place_tag_is_a_check_naming_the_tag_meant():
    """A review typed "edge north" for A1's tags: it was taken, A1 left the north edge, and the
    checks still said nothing to fix."""
    designer = MapDesigner(MapDesign.load(STANDARD))
    designer._on_click("A1")
    designer.tags.value = "edge north"
    designer._update()
    said = " ".join(row.children[0].value for row in designer.checks.rows.children)
    assert "A1 is marked “edge north”, a place no rule or set-up reads" in said
    assert "(did you mean edge-north?)" in said
