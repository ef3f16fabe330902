"""The scenario designer in headless Chromium: draw an area by mouse, link it, see its sight change, save, reload."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from browser._chromium import WAIT_MS
from browser._seen import (
    MAP_CLICK_HEIGHT,
    MAP_CLICK_WIDTH,
    app_ready,
    map_top,
    partly_below,
    press_and_release,
)
from browser._words import read_every_view
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from rulebook.scenario import load_scenario

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def centre(page, selector: str) -> tuple[float, float]:
    """Where *selector* sits once it has stopped moving: the same box read three times, 150 ms
    apart. A panel above the map that grows as a kernel's answer lands shifts the map down;
    a click aimed before that lands beside its area (twice in about ten suite runs the link
    click on F7 made no link and the wait for it ran out)."""
    last, same = None, 0
    for _ in range(100):
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        same = same + 1 if box == last else 0
        if same >= 2:
            break
        last = box
        page.wait_for_timeout(150)
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


# Whether every area's label (its centre) lies inside the map on screen, and there are *n*.
ALL_LABELS_IN_MAP = """n => {
  const m = document.querySelector('.rb-designer .leaflet-container').getBoundingClientRect();
  const labels = [...document.querySelectorAll('.rb-designer .rb-area-label')];
  return labels.length === n && labels.every(e => { const r = e.getBoundingClientRect();
    const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    return x > m.left && x < m.right && y > m.top && y < m.bottom; }); }"""


def test_draw_link_save_and_reload_an_area(voila_url, page, new_page, artifacts, saves_file):
    save = saves_file("browser_test", ".yaml")
    # On a 1024-wide window the map is framed on all 44 areas (800 pixels were assumed, and the
    # first column of areas was off the map's left edge); then the window widens and it refits.
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{voila_url}/voila/render/scenario_designer.ipynb")
    app_ready(page)
    page.wait_for_selector(".rb-area-label[data-area='F7']")
    page.wait_for_function(ALL_LABELS_IN_MAP, arg=44, timeout=WAIT_MS)
    page.set_viewport_size({"width": 1400, "height": 900})
    page.wait_for_function(ALL_LABELS_IN_MAP, arg=44, timeout=WAIT_MS)
    caption = page.locator(".rb-map-caption")
    assert caption.get_attribute("data-areas") == "44"
    links = int(caption.get_attribute("data-links"))  # LZ Columbus's links to the east edge
    purple = "path.leaflet-interactive[stroke='#8e24aa']"
    assert page.locator(purple).count() == links

    # Select C4 first: the new area must not inherit its name or set-up tags.
    cx, cy = centre(page, ".rb-area-label[data-area='C4']")
    page.mouse.click(cx, cy + 8)
    page.wait_for_selector(".rb-selected[data-area='C4']")

    draw_g8(page)
    # The checks say it in words and can point at it.
    page.wait_for_selector(".rb-finding[data-places='G8']")
    assert "G8 touches no other area" in page.locator(".rb-finding").first.inner_text()

    # Link it to F7 by hand: two clicks in link mode, first G8 then F7.
    started = link_g8_to_f7(page, artifacts, links)
    page.wait_for_selector(".rb-selected[data-area='G8'][data-neighbours='1'][data-visible='1']")
    print(f"link click to updated sight panel: {(time.perf_counter() - started) * 1000:.0f} ms")
    page.wait_for_selector(".rb-problems.none")
    # The hand link is drawn on the map (a dashed line between the two areas).
    assert page.locator(purple).count() == links + 1

    page.get_by_role("button", name="select", exact=True).click()
    cx, cy = centre(page, ".rb-area-label[data-area='C4']")
    started = time.perf_counter()
    page.mouse.click(cx, cy + 8)
    page.wait_for_selector(".rb-selected[data-area='C4']")
    print(
        f"selection to highlight on a 45-area map: {(time.perf_counter() - started) * 1000:.0f} ms"
    )

    page.locator(".rb-path input").fill(f"saves/{save.name}")
    page.get_by_role("button", name="Save", exact=True).click()
    page.wait_for_selector(".rb-saved")
    check_saved(save)
    page.get_by_role("button", name="Load", exact=True).click()
    page.wait_for_selector(f".rb-map-caption[data-areas='45'][data-links='{links + 1}']")
    assert page.locator(".rb-error").count() == 0
    assert_no_overlaps(page)
    read_every_view(page, "scenario_designer.ipynb", artifacts)
    page.screenshot(path=str(artifacts / "scenario_designer.png"), full_page=True)

    play_test(page, new_page, voila_url, save)


def link_g8_to_f7(page, artifacts: Path, links: int) -> float:
    """Link G8 to F7 with two clicks in link mode; return when the second click was made."""
    page.get_by_role("button", name="link two areas").click()
    gx, gy = centre(page, ".rb-area-label[data-area='G8']")
    page.mouse.click(gx, gy + 8)
    page.wait_for_selector(".rb-link-from[data-area='G8']")
    fx, fy = centre(page, ".rb-area-label[data-area='F7']")
    started = time.perf_counter()
    page.mouse.click(fx, fy + 8)
    try:
        page.wait_for_selector(f".rb-map-caption[data-links='{links + 1}']", timeout=20_000)
    except PlaywrightTimeout:
        # Twice in about ten suite runs this click made no link. If the app still says it is
        # linking from G8, the click did not reach F7 (nothing asked it to link): record what the
        # page showed and click again, as a person would. Any other state fails below.
        page.screenshot(path=str(artifacts / "scenario_designer_link_missed.png"))
        assert page.locator(".rb-link-from[data-area='G8']").count() == 1, "the link click failed"
        print("the click on F7 reached no area; clicked again (see the _link_missed screenshot)")
        fx, fy = centre(page, ".rb-area-label[data-area='F7']")
        page.mouse.click(fx, fy + 8)
        page.wait_for_selector(f".rb-map-caption[data-links='{links + 1}']")
    return started


def draw_g8(page) -> None:
    """Draw a rectangle east of F7 with the mouse and add it as G8."""
    # Draw a rectangle east of F7, in empty ground, with the mouse. Positions are read
    # after each click that may scroll the page.
    page.locator(".leaflet-draw-draw-rectangle").click()
    fx, fy = centre(page, ".rb-area-label[data-area='F7']")
    page.mouse.move(fx + 45, fy - 20)
    page.mouse.down()
    page.mouse.move(fx + 85, fy + 20, steps=8)
    page.mouse.up()
    page.wait_for_selector(".rb-drawn[data-corners='4']")
    assert page.locator(".rb-area-id input").input_value() == "F8"  # the next free id
    page.locator(".rb-area-id input").fill("G8")
    page.get_by_role("button", name="Add drawn area").click()
    page.wait_for_selector(".rb-map-caption[data-areas='45']")
    page.wait_for_selector(".rb-selected[data-area='G8'][data-neighbours='0'][data-visible='0']")
    assert page.locator(".rb-area-id input").input_value() == "G9"  # blank, next id


def check_saved(save: Path) -> None:
    """The file holds what was drawn: G8 blank, linked by hand to F7; C4 unchanged."""
    saved = load_scenario(save)
    g8 = next(a for a in saved.map.areas if a.id == "G8")
    assert (g8.name, g8.tags) == ("", [])
    assert ("F7", "G8") in {tuple(p) for p in saved.map.adjacency.add}
    c4 = next(a for a in saved.map.areas if a.id == "C4")
    assert c4.name == "Area C4"


def play_test(page, new_page, voila_url: str, save: Path) -> None:
    # Play-test: the button saves and links the play app on this file.
    page.get_by_role("button", name="Save and play").click()
    link = page.wait_for_selector(".rb-play-link")
    href = link.get_attribute("href")
    assert href.startswith("lz_albany_play.ipynb?scenario=")
    assert href.endswith(f"saves/{save.name}")
    play = new_page()
    play.goto(f"{voila_url}/voila/render/{href}")
    app_ready(play)
    assert play.locator(".rb-error").count() == 0
    new_page.done(play)


def assert_no_overlaps(page) -> None:
    """No two visible buttons, inputs or dropdowns of the designer's form overlap."""
    boxes = page.eval_on_selector_all(
        ".rb-designer .widget-button, .rb-designer .widget-text input, "
        ".rb-designer .widget-dropdown select, .rb-designer .widget-toggle-button",
        "els => els.filter(e => e.offsetParent).map(e => {const r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom, e.textContent || e.value || '']})",
    )
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            overlap_x = min(a[2], b[2]) - max(a[0], b[0])
            overlap_y = min(a[3], b[3]) - max(a[1], b[1])
            assert overlap_x <= 1 or overlap_y <= 1, f"{a[4]!r} overlaps {b[4]!r}"


APP = "/voila/render/scenario_designer.ipynb"


def test_at_1024_the_map_stays_put_and_clear_of_its_toolbar_and_the_selection_shows(shared_app):
    """At 1024 x 768 the draw toolbar covered A1 to C1, the map moved 28 px between a link's two
    clicks (its hint lost a line), and a clicked area's description was below the window. The
    app as it opens (the map-click test below goes on from here)."""
    page = shared_app(APP, 1024, 768)
    page.wait_for_function(ALL_LABELS_IN_MAP, arg=44, timeout=WAIT_MS)
    toolbars = page.eval_on_selector_all(
        ".rb-designer .leaflet-top.leaflet-left .leaflet-bar",
        "els => els.map(e => e.getBoundingClientRect().right)",
    )
    lefts = page.eval_on_selector_all(
        ".rb-designer .rb-area-label", "els => els.map(e => e.getBoundingClientRect().left)"
    )
    # (a label's box is 90 px, centred: its words start well inside it)
    assert min(lefts) + 45 - 15 > max(toolbars), "a label's words lie under the toolbars"
    # A press in the map's corner first, on no area: once it focused the map and scrolled the
    # page (no longer, since the maps take no keyboard focus), which this test keeps out of
    # what it measures, the link's two clicks.
    box = page.locator(".rb-designer .leaflet-container").bounding_box()
    page.mouse.click(box["x"] + box["width"] - 5, box["y"] + 5)
    page.get_by_role("button", name="link two areas").click()

    def map_top() -> float:
        return page.locator(".rb-designer .leaflet-container").bounding_box()["y"]

    before = map_top()
    cx, cy = centre(page, ".rb-area-label[data-area='C3']")
    page.mouse.click(cx, cy + 8)
    page.wait_for_selector(".rb-link-from[data-area='C3']")
    assert map_top() == before
    selected = page.wait_for_selector(".rb-selected[data-area='C3']")
    assert selected.bounding_box()["y"] + selected.bounding_box()["height"] <= 768


def test_first_click_on_designer_map_partly_below_selects_its_area(shared_app):
    """On the page the test above left (a page of its own cost an app open, ~5 CPU-s), back in
    select mode: the map partly below the window and not holding focus, the mode button having
    taken the last click, as on a page just opened (see ``browser._seen.press_and_release``).
    """
    page = shared_app(APP, MAP_CLICK_WIDTH, MAP_CLICK_HEIGHT)
    page.get_by_role("button", name="select", exact=True).click()
    at = partly_below(page)
    before, held = press_and_release(page, at)
    assert held == before, f"pressing the map scrolled the page by {before - held:.0f} px"
    page.wait_for_selector(f".rb-selected[data-area='{at['area']}']", timeout=WAIT_MS)
    assert map_top(page) == before


def test_a_sixty_area_map_stays_responsive(voila_url, page, saves_file):
    """A page of its own: on the page the tests above left, resized, the second click of a CI
    run on a loaded machine selected nothing (r1c7, 90 s), which a fresh page never did."""
    from rulebook.maps._generate import voronoi_map
    from rulebook.maps.design import MapDesign

    save = saves_file("browser_sixty", ".geojson")
    MapDesign(voronoi_map(10, 6, seed=4)).save(save)
    page.goto(f"{voila_url}{APP}")
    app_ready(page)
    page.locator(".rb-path input").fill(f"saves/{save.name}")
    page.get_by_role("button", name="Load", exact=True).click()
    page.wait_for_selector(".rb-map-caption[data-areas='60']")
    page.wait_for_selector(".rb-area-label[data-area='r3c4']")
    timings = []
    for area in ("r3c4", "r1c7", "r4c2"):
        page.locator(".rb-map").scroll_into_view_if_needed()
        x, y = centre(page, f".rb-area-label[data-area='{area}']")
        started = time.perf_counter()
        page.mouse.click(x, y + 8)
        page.wait_for_selector(f".rb-selected[data-area='{area}']")
        timings.append((time.perf_counter() - started) * 1000)
    print("selection to highlight on a 60-area map: " + ", ".join(f"{t:.0f} ms" for t in timings))
    assert page.locator(".rb-error").count() == 0
