"""A designer's whole loop on an area map, in the real apps (issue 18).

From a blank sheet: trace a scanned 4 x 3 grid, draw twelve areas by mouse with names and
terrain, link and unlink by hand, mark both sides' set-up places, move two reinforcement waves,
fix what the checks point at by clicking through to the culprits, save as YAML and GeoJSON and
check the files hold exactly what was drawn; then play turn 1 of the saved file in the LZ Albany
play app, and weigh one changed value over 500 games a side in the balance lab.
"""

from __future__ import annotations

import struct
import time
import zlib
from pathlib import Path

import pytest
from browser._seen import (
    app_ready,
    lab_games_a_side,
    overlaps,
    raw_values,
    visible_boxes,
    wait_next_refresh,
)

from rulebook.maps.design import MapDesign
from rulebook.scenario import load_scenario

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CONTROLS = (
    ".rb-designer button, .rb-designer select, .rb-designer input, .rb-designer .leaflet-container"
)
COLS, ROWS = 4, 3

# The twelve areas, row by row from the north: the id typed (None: the one offered), name, terrain.
# Two mistakes are drawn on purpose for the checks to catch: A2 and A3 share a name, and the
# clearing is drawn as A6 (its id must be LZ-Albany). LZ Columbus is drawn apart, inside its cell.
AREAS = [
    (None, "Western ridge", "dense jungle"),
    (None, "Ridge", "dense jungle"),
    (None, "Ridge", "deep sawgrass"),
    (None, "North-east woods", "dense jungle"),
    (None, "West grass", "deep sawgrass"),
    (None, "Albany clearing", "the LZ Albany clearing"),
    (None, "East grass", "deep sawgrass"),
    (None, "East woods", "dense jungle"),
    (None, "South-west woods", "dense jungle"),
    (None, "South grass", "deep sawgrass"),
    (None, "Creek woods", "dense jungle"),
    ("LZ-Columbus", "Columbus pads", "LZ Columbus (off map)"),
]
TERRAIN = {
    "dense jungle": "jungle",
    "deep sawgrass": "sawgrass",
    "the LZ Albany clearing": "clearing",
    "LZ Columbus (off map)": "lz",
}
US_SET_UP = ["A5", "LZ-Albany", "A7", "A9", "A10"]
NVA_SET_UP = ["A1", "A2", "A3", "A4", "A8"]
NVA_CIRCLE_2 = ["A11"]
GREEN_DOTS = ["A7", "A10"]


def grid_png(width: int = 400, height: int = 300) -> bytes:
    """A scanned map stand-in: a 4 x 3 grid of green and tan squares with dark borders."""
    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            border = x % 100 < 2 or y % 100 < 2
            green = (x // 100 + y // 100) % 2
            row += bytes((40, 40, 40) if border else (120, 160, 90) if green else (200, 190, 120))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows)))
        + chunk(b"IEND", b"")
    )


class Sheet:
    """Screen positions of the traced image's grid cells (read afresh: the page may scroll)."""

    def __init__(self, page) -> None:
        self.page = page

    def cell(self, index: int) -> tuple[float, float, float, float]:
        self.page.locator(".rb-map").scroll_into_view_if_needed()
        box = self.page.locator(".leaflet-image-layer").bounding_box()
        r, c = divmod(index, COLS)
        w, h = box["width"] / COLS, box["height"] / ROWS
        return box["x"] + c * w, box["y"] + r * h, w, h

    def click(self, index: int) -> None:
        """Click inside a cell, below its label (the cell must be in sight on the map)."""
        x, y, w, h = self.cell(index)
        at = (x + w / 2, y + h * 0.8)
        view = self.page.locator(".rb-map .leaflet-container").bounding_box()
        assert view["x"] < at[0] < view["x"] + view["width"], f"cell {index} is off the map"
        assert view["y"] < at[1] < view["y"] + view["height"], f"cell {index} is off the map"
        self.page.mouse.click(*at)


def wait_caption(page, **data: object) -> None:
    attrs = "".join(f"[data-{k}='{v}']" for k, v in data.items())
    page.wait_for_selector(f".rb-map-caption{attrs}")


def draw_areas(page, sheet: Sheet) -> None:
    for index, (area_id, name, terrain) in enumerate(AREAS):
        x, y, w, h = sheet.cell(index)
        inset = w * 0.15 if area_id == "LZ-Columbus" else 2
        page.locator(".leaflet-draw-draw-rectangle").click()
        page.mouse.move(x + inset, y + inset)
        page.mouse.down()
        page.mouse.move(x + w - inset, y + h - inset, steps=6)
        page.mouse.up()
        page.wait_for_selector(".rb-drawn[data-corners='4']")
        offered = page.locator(".rb-area-id input").input_value()
        assert offered == f"A{index + 1}"  # the next free id, whatever was selected before
        assert page.locator(".rb-new-name input").input_value() == ""  # a new area starts blank
        if area_id:
            page.locator(".rb-area-id input").fill(area_id)
        page.locator(".rb-new-name input").fill(name)
        page.locator(".rb-new-terrain select").select_option(label=terrain)
        page.get_by_role("button", name="Add drawn area").click()
        wait_caption(page, areas=index + 1)
        page.wait_for_selector(f".rb-selected[data-area='{area_id or offered}']")


def findings(page) -> list[str]:
    """Every check in words: the panel lists the first four until the designer asks for all."""
    more = page.locator(".rb-more-checks:has-text('List all')")
    if more.is_visible():
        more.click()
        page.wait_for_selector(".rb-more-checks:has-text('List only')")
    return page.locator(".rb-finding").all_inner_texts()


def show(page, text: str) -> None:
    """Press Show on the check that says *text*."""
    row = page.locator(".rb-checks .widget-hbox").filter(has_text=text)
    row.get_by_role("button").click()


def link(page, sheet: Sheet, first: int, second: int, verb: str) -> None:
    page.get_by_role("button", name="link two areas").click()
    sheet.click(first)
    page.wait_for_selector(".rb-link-from")
    sheet.click(second)
    page.wait_for_selector(f".rb-linked:has-text('{verb}')")


def test_a_designer_draws_sets_up_checks_plays_and_weighs_a_map(
    voila_url, page, new_page, artifacts, saves_file
):
    started = time.perf_counter()
    yaml_file = saves_file("loop", ".yaml")
    geojson_file = saves_file("loop", ".geojson")
    image = artifacts / "grid_scan.png"
    image.write_bytes(grid_png())
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(f"{voila_url}/voila/render/scenario_designer.ipynb")
    app_ready(page)
    page.wait_for_selector(".rb-area-label[data-area='C4']")
    # Select an area of the shipped map first: nothing of it may leak into the new sheet.
    box = page.locator(".rb-area-label[data-area='C4']").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2 + 8)
    page.wait_for_selector(".rb-selected[data-area='C4']")
    sheet = Sheet(page)
    page.get_by_role("button", name="New blank sheet").click()
    wait_caption(page, areas=0)
    with page.expect_file_chooser() as chooser:
        page.locator(".rb-trace-upload").click()
    chooser.value.set_files(str(image))
    page.wait_for_selector(".rb-traced[data-width='400'][data-height='300']")
    page.screenshot(path=str(artifacts / "loop_1_traced.png"))

    draw_areas(page, sheet)
    page.screenshot(path=str(artifacts / "loop_2_drawn.png"))
    print(f"drawn: {time.perf_counter() - started:.0f} s")
    fix_the_map(page, sheet, artifacts)
    set_up(page, sheet, artifacts)
    save_and_compare(page, yaml_file, geojson_file, artifacts)
    print(f"designed and saved: {time.perf_counter() - started:.0f} s")
    play_turn_one(page, new_page, voila_url, yaml_file, artifacts)
    print(f"played turn 1: {time.perf_counter() - started:.0f} s")
    weigh(page, new_page, voila_url, yaml_file, artifacts)
    print(f"weighed: {time.perf_counter() - started:.0f} s")


def fix_the_map(page, sheet: Sheet, artifacts: Path) -> None:
    problems = findings(page)
    assert any("A2 and A3 are both named “Ridge”" in f for f in problems), problems
    assert any("LZ-Columbus touches no other area" in f for f in problems), problems
    assert any("There is no area LZ-Albany" in f for f in problems), problems
    assert raw_values(" ".join(problems)) == []

    # The duplicate name: Show selects the first culprit; rename it.
    show(page, "both named “Ridge”")
    page.wait_for_selector(".rb-selected[data-area='A2']")
    page.locator(".rb-selected-name input").fill("North ridge")
    page.get_by_role("button", name="Apply").click()
    page.wait_for_function(
        "![...document.querySelectorAll('.rb-finding')].some(e => e.innerText.includes('Ridge'))"
    )

    # The clearing was drawn as A6: give it the id the rules look for.
    sheet.click(5)
    page.wait_for_selector(".rb-selected[data-area='A6']")
    page.locator(".rb-selected-id input").fill("LZ-Albany")
    page.get_by_role("button", name="Apply").click()
    page.wait_for_selector(".rb-selected[data-area='LZ-Albany']")

    # LZ Columbus stands apart: Show it, then link it by hand to the woods north of it.
    show(page, "LZ-Columbus touches no other area")
    page.wait_for_selector(".rb-selected[data-area='LZ-Columbus']")
    link(page, sheet, 11, 7, "now neighbours")
    wait_caption(page, links=1)
    # A creek runs between A2 and A3 on the scan: they touch, but are no neighbours.
    link(page, sheet, 1, 2, "no longer neighbours")
    wait_caption(page, links=1, cuts=1)
    page.screenshot(path=str(artifacts / "loop_3_linked.png"))
    problems = findings(page)
    assert not any(w in f for f in problems for w in ("Ridge", "LZ-Albany", "LZ-Columbus touches"))


def mark(page, sheet: Sheet, place: str, tag: str, areas: list[str], *, already: int = 0) -> None:
    """Pick a set-up place and click its areas in mark-place mode (*already* marked before)."""
    page.locator(".rb-place select").select_option(label=place)
    page.get_by_role("button", name="mark place").click()
    ids = [a[0] or f"A{i + 1}" for i, a in enumerate(AREAS)]
    ids[5] = "LZ-Albany"
    for n, area in enumerate(areas, already + 1):
        sheet.click(ids.index(area))
        page.wait_for_selector(f".rb-marked[data-tag='{tag}'][data-count='{n}']")


def arrival(page, unit: str, turn: int, where: str) -> None:
    row = page.locator(f".rb-arrival:has([data-unit='{unit}'])")
    row.locator("input").fill(str(turn))
    row.locator("input").press("Enter")
    row.locator("select").select_option(label=where)
    page.wait_for_function(
        f"document.querySelector(\".rb-arrival:has([data-unit='{unit}']) select\")"
        ".selectedOptions[0].text.replace(/\\u00a0/g, ' ') === '" + where + "'"
    )
    row.locator(".provenance.assumed").wait_for()  # marked as a change from the book


def set_up(page, sheet: Sheet, artifacts: Path) -> None:
    page.get_by_role("tab", name="Set-up").click()
    mark(page, sheet, "US set-up circle 1 (green)", "us-green-1", US_SET_UP[:4])
    room = "Turn 1: 15 US platoons arrive in US set-up circle 1 (green), which has 4 areas"
    assert any(room in f for f in findings(page)), findings(page)
    show(page, room)  # outlines the four, so the designer sees where a fifth fits
    page.wait_for_selector(".rb-selected[data-area='A5']")
    mark(page, sheet, "US set-up circle 1 (green)", "us-green-1", US_SET_UP[4:], already=4)
    assert not any(room in f for f in findings(page))
    mark(page, sheet, "NVA set-up circle 1 (tan)", "nva-tan-1", NVA_SET_UP)
    mark(page, sheet, "NVA set-up circle 2 (tan)", "nva-tan-2", NVA_CIRCLE_2)
    # A slip of the mouse marks LZ Columbus too: Undo takes it back.
    sheet.click(11)
    page.wait_for_selector(".rb-marked[data-tag='nva-tan-2'][data-count='2']")
    page.get_by_role("button", name="Undo").click()
    page.wait_for_selector(".rb-marked[data-tag='nva-tan-2'][data-count='1']")
    edge = "No area lies on a board edge"
    assert any(edge in f for f in findings(page))
    page.get_by_role("button", name="Mark board edges").click()
    page.wait_for_function(
        f"![...document.querySelectorAll('.rb-finding')].some(e => e.innerText.includes('{edge}'))"
    )
    page.get_by_role("button", name="select", exact=True).click()

    # Two reinforcement waves: B/2-7 flies in on turn 3 (McDade's B Company landed at Albany),
    # and the NVA 10th Company comes in from the north-east woods on turn 4.
    page.get_by_text("Who arrives when and where").click()
    page.wait_for_selector(".rb-arrival [data-unit='B/2-7']")
    arrival(page, "B/2-7", 3, "area LZ-Albany")
    arrival(page, "10/8-66", 4, "area A4")
    # Five platoons cannot land in one area (three to an area): the check says so and shows it.
    crowded = "Turn 3: 5 US platoons arrive in area LZ-Albany, which holds 3"
    assert any(crowded in f for f in findings(page)), findings(page)
    show(page, crowded)
    page.wait_for_selector(".rb-selected[data-area='LZ-Albany']")
    # So B/2-7 lands by the green dots, marked in two sawgrass areas.
    arrival(page, "B/2-7", 3, "green landing dots in sawgrass")
    page.get_by_text("Set-up places on the map", exact=True).click()
    mark(page, sheet, "green landing dots", "green-dot", GREEN_DOTS)
    page.get_by_role("button", name="select", exact=True).click()
    page.wait_for_selector(".rb-problems.none")  # nothing left to fix
    text = page.locator(".rb-designer").inner_text()
    assert raw_values(text) == [], raw_values(text)
    assert overlaps(visible_boxes(page, CONTROLS)) == []
    page.screenshot(path=str(artifacts / "loop_4_set_up.png"))


def save_and_compare(page, yaml_file: Path, geojson_file: Path, artifacts: Path) -> None:
    """Save as GeoJSON and as a scenario; both hold exactly what was drawn and set."""
    for target in (geojson_file, yaml_file):
        page.locator(".rb-path input").fill(f"saves/{target.name}")
        page.get_by_role("button", name="Save", exact=True).click()
        page.wait_for_selector(f".rb-saved:has-text('{target.name}')")
    page.wait_for_selector(".rb-problems.none")  # the test game found nothing
    # The GeoJSON opens again in the designer with its hand links, then the scenario file.
    for target in (geojson_file, yaml_file):
        page.locator(".rb-path input").fill(f"saves/{target.name}")
        page.get_by_role("button", name="Load", exact=True).click()
        page.wait_for_selector(".rb-selected:not([data-area])")  # a new design
        wait_caption(page, areas=12, links=1, cuts=1)
        Sheet(page).click(5)
        page.wait_for_selector(".rb-selected[data-area='LZ-Albany']")
    page.wait_for_selector(".rb-problems.none")
    saved = load_scenario(yaml_file)
    ids = [a.id for a in saved.map.areas]
    assert ids == [a[0] or f"A{i + 1}" for i, a in enumerate(AREAS)][:5] + ["LZ-Albany"] + [
        f"A{i}" for i in range(7, 12)
    ] + ["LZ-Columbus"]
    names = [a[1] for a in AREAS]
    names[1] = "North ridge"
    assert [a.name for a in saved.map.areas] == names
    assert [a.terrain for a in saved.map.areas] == [TERRAIN[a[2]] for a in AREAS]
    tags = {a.id: {t for t in a.tags if not t.startswith("edge-")} for a in saved.map.areas}
    expected = {area: set() for area in ids}
    for tag, areas in (
        ("us-green-1", US_SET_UP),
        ("nva-tan-1", NVA_SET_UP),
        ("nva-tan-2", NVA_CIRCLE_2),
        ("green-dot", GREEN_DOTS),
    ):
        for area in areas:
            expected[area].add(tag)
    assert tags == expected
    edges = {a.id: {t for t in a.tags if t.startswith("edge-")} for a in saved.map.areas}
    assert edges["A1"] == {"edge-north", "edge-west"}
    assert edges["LZ-Albany"] == set()
    assert [tuple(p) for p in saved.map.adjacency.add] == [("A8", "LZ-Columbus")]
    assert [tuple(p) for p in saved.map.adjacency.remove] == [("A2", "A3")]
    # Each outline lies on its cell of the traced grid (500 map units a cell, north row on top).
    for index, area in enumerate(saved.map.areas):
        r, c = divmod(index, COLS)
        xs = [x for x, _ in area.polygon]
        ys = [y for _, y in area.polygon]
        cell = (c * 500, 1000 - r * 500, c * 500 + 500, 1500 - r * 500)
        drawn = (min(xs), min(ys), max(xs), max(ys))
        assert max(abs(d - c) for d, c in zip(drawn, cell, strict=True)) < 100, area.id
    arrivals = {c.id: c.arrives for c in saved.lz_albany.companies}
    b27 = arrivals["B/2-7"]
    assert (b27.turn, b27.area, b27.tag, b27.terrain) == (3, None, "green-dot", "sawgrass")
    assert (arrivals["10/8-66"].turn, arrivals["10/8-66"].area) == (4, "A4")
    assert arrivals["A/2-7"].tag == "us-green-1"
    assert arrivals["HQ/8-66"].tag == "nva-tan-2"
    # The GeoJSON holds the same map: outlines, names, terrain, tags and hand links.
    from_geojson = MapDesign.load(geojson_file).map.spec
    assert from_geojson.areas == saved.map.areas
    assert from_geojson.adjacency.add == saved.map.adjacency.add
    assert from_geojson.adjacency.remove == saved.map.adjacency.remove


def play_turn_one(page, new_page, voila_url: str, yaml_file: Path, artifacts: Path) -> None:
    """Save and play: the play app opens on the saved file; play through turn 1."""
    page.get_by_role("button", name="Save and play").click()
    link = page.wait_for_selector(".rb-play-link")
    href = link.get_attribute("href")
    assert href.endswith(f"saves/{yaml_file.name}")
    play = new_page(1400, 900)
    play.goto(f"{voila_url}/voila/render/{href}")
    app_ready(play)
    assert play.locator(".rb-error").count() == 0, play.locator(".rb-error").inner_text()
    play.wait_for_selector(".rb-area-label[data-area='LZ-Columbus']")
    assert play.locator(".rb-area-label[data-area='A6']").count() == 0  # the renamed clearing
    # The first choice is where the first US platoon sets up: exactly the areas marked for it.
    options = [o.replace("\xa0", " ") for o in play.locator(".rb-choices option").all_inner_texts()]
    placed = {o.rsplit(" in ", 1)[1] for o in options if o.startswith("Place A/2-7")}
    assert placed == set(US_SET_UP), options
    status = play.locator(".rb-status")
    for _ in range(300):
        if "Turn 2" in status.inner_text():
            break
        before = play.locator(".rb-prompt").get_attribute("data-refresh")
        play.get_by_role("button", name="Apply").click()
        wait_next_refresh(play, before)
        assert play.locator(".rb-error").count() == 0, play.locator(".rb-error").inner_text()
    assert "Turn 2" in status.inner_text()
    # The set-up the designer marked is where the counters stood: US in its five areas.
    assert play.locator(".rb-area-label[data-area='LZ-Albany'] .rb-ctr.rb-us").count() >= 1
    assert raw_values(play.locator(".rb-page").inner_text()) == []
    play.screenshot(path=str(artifacts / "loop_5_played.png"))
    new_page.done(play)


def weigh(page, new_page, voila_url: str, yaml_file: Path, artifacts: Path) -> None:
    """The balance lab on the saved file: one value from the table, 500 games a side, a verdict."""
    href = page.locator(".rb-lab-link").get_attribute("href")
    assert href.startswith("balance_lab.ipynb?scenario=")
    assert href.endswith(yaml_file.name)
    lab = new_page(1400, 900)
    lab.goto(f"{voila_url}/voila/render/{href}")
    app_ready(lab)
    picked = lab.locator(".rb-balance-lab select").first  # the scenario picker
    assert yaml_file.name in lab.locator(".rb-balance-lab").inner_text() or yaml_file.name in (
        picked.input_value()
    )
    lab.get_by_placeholder("filter: flares").fill("US rifle melee")
    lab.wait_for_selector("b:text-is('US rifle counters: melee')")
    # A change whose effect shows at the lab's first look (100 a side, ~3 s); melee 3, weighed
    # before, took three looks (300 a side), ~12 CPU-s more of a suite run on two cores.
    lab.get_by_label("new value").first.fill("5")
    lab.get_by_role("button", name="Add to the variant").click()
    lab.wait_for_selector("text=US rifle counters: melee: 2 → 5")
    lab.locator(".rb-games input").fill("500")
    started = time.perf_counter()
    lab.get_by_role("button", name="Run", exact=True).click()
    # The table forms while the games run ('So far N of M games'); the timing line comes last.
    lab.wait_for_selector(".rb-timing", timeout=900_000)
    played = lab_games_a_side(lab, 500)  # 500, or fewer where the difference was clear early
    print(f"{played} of 500 games a side: {time.perf_counter() - started:.0f} s")
    timing = lab.locator(".rb-timing").inner_text()
    assert timing.startswith(
        f"{2 * played:,} games in " if played == 500 else f"{2 * played:,} of 1,000 games in "
    )
    rows = lab.locator(".rb-balance tr[data-variant]")
    assert rows.count() == 2
    verdict = lab.locator(".rb-verdict").first.inner_text()
    print(verdict)
    assert verdict.startswith("US win rate:")
    assert "Beyond chance: " in verdict or "Within chance, so " in verdict
    assert raw_values(lab.locator(".rb-page").inner_text()) == []
    assert lab.locator(".rb-error").count() == 0
    assert overlaps(visible_boxes(lab, ".rb-balance-lab button, .rb-balance-lab select")) == []
    lab.locator(".rb-verdict").first.scroll_into_view_if_needed()
    lab.screenshot(path=str(artifacts / "loop_6_weighed.png"))
    new_page.done(lab)
