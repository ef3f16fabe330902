"""A first click on a map that is partly below the window, in headless Chromium at 1024 x 768.

As a reviewer saw it in the scenario designer: pressing the mouse on the map scrolled the page
about 100 px to bring the map into view, so the release landed elsewhere and the click chose no
area (or the wrong one). The press and release are sent as a person makes them, not by
Playwright's ``click()``, which scrolls its target into view first and would hide the fault.
"""

from __future__ import annotations

import pytest
from browser._chromium import WAIT_MS
from browser._seen import app_ready
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDTH, HEIGHT = 1024, 768

# The map's box and the point just under the name of its lowest area label wholly in the
# window, where a person would click that area.
LOWEST_AREA = """height => {
  const map = document.querySelector('.rb-map .leaflet-container').getBoundingClientRect();
  let best = null;
  for (const label of document.querySelectorAll('.rb-map .rb-area-label')) {
    const name = label.querySelector('.rb-area-name') || label;
    const r = name.getBoundingClientRect();
    const x = (r.left + r.right) / 2, y = r.bottom + 4;
    if (x > map.left + 60 && x < map.right - 10 && r.top > map.top && y < height - 10
        && (best === null || y > best.y)) best = {area: label.dataset.area, x, y};
  }
  return {top: map.top, bottom: map.bottom, ...best}; }"""


def lowest_area(page) -> dict:
    """:data:`LOWEST_AREA` once the layout has stopped moving: the same answer three times,
    150 ms apart (panels above the map grow as the kernel's first answers land)."""
    last, same = None, 0
    for _ in range(100):
        seen = page.evaluate(LOWEST_AREA, HEIGHT)
        same = same + 1 if seen == last else 0
        if same >= 2:
            return seen
        last = seen
        page.wait_for_timeout(150)
    raise AssertionError(f"the map kept moving: {seen}")


def map_top(page) -> float:
    # Voila scrolls a panel inside the page, not the window: the map's place on the screen
    # tells a scroll of either.
    return page.evaluate(
        "() => document.querySelector('.rb-map .leaflet-container').getBoundingClientRect().top"
    )


def press_and_release(page, at: dict) -> tuple[float, float]:
    """Press and release the mouse at *at*; the map's top before the press and while held."""
    page.mouse.move(at["x"], at["y"])
    before = map_top(page)
    page.mouse.down()
    # A scroll into view follows focus at once; two animation frames let it show if it comes.
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    held = map_top(page)
    page.mouse.up()
    return before, held


def open_partly_below(page, url: str) -> dict:
    page.goto(url)
    app_ready(page)
    page.wait_for_selector(".rb-map .rb-area-label", timeout=WAIT_MS)
    at = lowest_area(page)
    assert at["top"] < HEIGHT - 200 < HEIGHT < at["bottom"], f"map not partly below: {at}"
    assert at.get("area"), f"no area label in the window: {at}"
    return at


def test_first_click_on_designer_map_partly_below_selects_its_area(voila_url, new_page):
    page = new_page(WIDTH, HEIGHT)
    at = open_partly_below(page, f"{voila_url}/voila/render/scenario_designer.ipynb")
    before, held = press_and_release(page, at)
    assert held == before, f"pressing the map scrolled the page by {before - held:.0f} px"
    page.wait_for_selector(f".rb-selected[data-area='{at['area']}']", timeout=WAIT_MS)
    assert map_top(page) == before


def test_first_click_on_lz_albany_map_partly_below_reads_its_area(voila_url, new_page):
    page = new_page(WIDTH, HEIGHT)
    app = "lz_albany_play.ipynb?scenario=scenarios/lz_albany/standard.yaml"
    at = open_partly_below(page, f"{voila_url}/voila/render/{app}")
    before, held = press_and_release(page, at)
    assert held == before, f"pressing the map scrolled the page by {before - held:.0f} px"
    # The line under the map names the area a click fell on.
    expect(page.locator(".rb-stack")).to_contain_text(f"{at['area']}:", timeout=WAIT_MS)
    assert map_top(page) == before
