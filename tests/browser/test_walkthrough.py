"""The campaign walkthrough as a class sees it on a 1400 x 900 projector, with no tile server."""

from __future__ import annotations

import re

import pytest
from browser._seen import KernelRequests, app_ready
from browser._words import read_every_view

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LABEL_BOXES = """() => [...document.querySelectorAll('.rb-walkthrough .rb-label')]
  .map(e => { const r = e.getBoundingClientRect();
              return {id: e.dataset.label, x0: r.left, y0: r.top, x1: r.right, y1: r.bottom}; })"""
# Each label's text as drawn (it may run past its box if the width was guessed short).
TEXT_BOXES = """() => [...document.querySelectorAll('.rb-walkthrough .rb-label')].map(e => {
  const range = document.createRange(); range.selectNodeContents(e);
  const r = range.getBoundingClientRect();
  return {id: e.dataset.label, x0: r.left, y0: r.top, x1: r.right, y1: r.bottom}; })"""
# The right edge of the page's widest part outside the map (whose panes run past on purpose).
WIDEST = """() => Math.max(...[...document.querySelectorAll('.rb-walkthrough *')]
  .filter(e => !e.closest('.leaflet-container')).map(e => e.getBoundingClientRect().right))"""
MAP_BOX = """() => { const r = document.querySelector('.rb-walkthrough .leaflet-container')
  .getBoundingClientRect(); return {x0: r.left, y0: r.top, x1: r.right, y1: r.bottom}; }"""


def _overlaps(a: dict, b: dict) -> bool:
    return (
        a["x0"] < b["x1"] - 0.5
        and b["x0"] < a["x1"] - 0.5
        and a["y0"] < b["y1"] - 0.5
        and b["y0"] < a["y1"] - 0.5
    )


def _visible_labels(page) -> list[dict]:
    frame = page.evaluate(MAP_BOX)
    return [
        b
        for b in page.evaluate(LABEL_BOXES)
        if b["x1"] > frame["x0"]
        and b["x0"] < frame["x1"]
        and b["y1"] > frame["y0"]
        and b["y0"] < frame["y1"]
    ]


def _assert_no_overlap(page, chapter: str) -> None:
    boxes = _visible_labels(page)
    assert boxes, f"{chapter}: no labels on the map"
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not _overlaps(a, b), f"{chapter}: labels {a['id']} and {b['id']} overlap"


def _assert_whole_in_sight(page, chapter: str) -> set[str]:
    """Every name on the map that reaches into sight is all in sight; returns their ids."""
    f = page.evaluate(MAP_BOX)
    shown = [
        b
        for b in page.evaluate(TEXT_BOXES)
        if b["x1"] > f["x0"] and b["x0"] < f["x1"] and b["y1"] > f["y0"] and b["y0"] < f["y1"]
    ]
    cut = [
        b
        for b in shown
        if b["x0"] < f["x0"] - 0.5
        or b["x1"] > f["x1"] + 0.5
        or b["y0"] < f["y0"] - 0.5
        or b["y1"] > f["y1"] + 0.5
    ]
    assert not cut, f"{chapter}: labels cut by the map's edge {f}: {cut}"
    return {b["id"] for b in shown}


def _labels_settle(page, kernel: KernelRequests, timeout_ms: int = 15_000) -> None:
    """Wait until the kernel has answered the page (a new view is relabelled for its zoom) and
    the labels have stopped moving (Leaflet animates a zoom and a pan)."""
    last, stable, waited = None, 0, 0
    while waited < timeout_ms:
        boxes = page.evaluate(LABEL_BOXES)
        stable = stable + 1 if boxes == last and not kernel.pending else 0
        if stable >= 2:
            return
        last = boxes
        page.wait_for_timeout(150)
        waited += 150


def _on_a_classroom_projector(page, handle, artifacts) -> None:
    """At 1024 x 768 every name in sight is whole (Route 19 and South Vietnam ran off the
    map's edge in chapter 1) and the chapter's column fits the window, from the last chapter
    back to the first."""
    page.bring_to_front()
    page.set_viewport_size({"width": 1024, "height": 768})
    _labels_settle(page, page.kernel)
    _assert_whole_in_sight(page, "albany at 1024 x 768")
    for chapter in ("x-ray", "pursuit", "plei-me"):
        handle.focus()
        page.keyboard.press("ArrowLeft")
        page.wait_for_selector(f".rb-chapter[data-chapter='{chapter}']")
        _labels_settle(page, page.kernel)
        seen = _assert_whole_in_sight(page, f"{chapter} at 1024 x 768")
        _assert_no_overlap(page, f"{chapter} at 1024 x 768")
        # Nothing beside the map runs past the window (a source's address and First Team's
        # map pushed the chapter's column off it; the page cannot be scrolled sideways).
        assert page.evaluate(WIDEST) <= 1024.5, f"{chapter}: the page is wider than the window"
    assert {"route-19", "south-vietnam", "pleiku", "plei-me"} <= seen, seen
    page.screenshot(path=str(artifacts / "walkthrough_plei_me_1024.png"))


def test_the_valley_fills_the_first_screen_and_labels_never_overlap(voila_url, new_page, artifacts):
    page = new_page(1400, 900)
    kernel = page.kernel
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(f"{voila_url}/voila/render/ia_drang_walkthrough.ipynb")
    app_ready(page)
    page.wait_for_selector(".rb-walkthrough .rb-label[data-label='plei-me']")
    _labels_settle(page, kernel)  # leaflet settles its size and the labels are redrawn

    # The map sits inside the first screen, and is big enough to read.
    frame = page.evaluate(MAP_BOX)
    assert frame["y1"] <= 900, frame
    assert frame["y0"] < 300, frame
    assert frame["y1"] - frame["y0"] > 450, frame
    assert frame["x1"] - frame["x0"] > 600, frame
    assert page.locator(".rb-chapter").get_attribute("data-chapter") == "plei-me"
    # The valley's features: the river, the border, the roads, the massif, the towns.
    seen = {b["id"] for b in _visible_labels(page)}
    assert {"ia-drang", "plei-me", "pleiku", "route-19", "route-14", "chu-pong"} <= seen, seen
    assert page.locator(".rb-walkthrough path[stroke='#6d4c7d']").count() >= 1  # the border
    _assert_no_overlap(page, "plei-me")
    page.screenshot(path=str(artifacts / "walkthrough_plei_me.png"))

    handle = page.locator(".rb-walkthrough .slider-container .noUi-handle").first
    for chapter in ("pursuit", "x-ray", "albany"):
        handle.focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f".rb-chapter[data-chapter='{chapter}']")
        _labels_settle(page, kernel)
        _assert_no_overlap(page, chapter)
    # Close in on Albany, every landing zone is named.
    seen = {b["id"] for b in _visible_labels(page)}
    assert {"lz-albany", "lz-x-ray", "lz-columbus"} <= seen, seen
    assert "151" in page.locator(".rb-figures").inner_text()
    # First Team's map follows the chapter: turn 11, 2-7 Cav's companies in A6 with the NVA.
    stage = page.locator(".rb-ftv-stage")
    assert stage.get_attribute("data-turn") == "11"
    assert "3 US 6 NVA" in stage.locator("g.count[data-location='A6']").text_content()
    page.screenshot(path=str(artifacts / "walkthrough_albany.png"))

    page.get_by_role("button", name="Play a turn of LZ Albany here").click()
    page.wait_for_selector(".rb-turn-log[data-turn='1']")
    log = page.locator(".rb-turn-log").inner_text()
    assert "Fire from" in log
    assert "After turn 1 the score is" in log
    assert page.locator(".rb-turn-log a.rb-rulecase").count() > 5
    text = page.locator(".rb-walkthrough").inner_text()
    for raw in (r"\{'", r"\bNone\b", r"\(True|\(False", r"- -> ", r"<NA>", r"\bNaN\b"):
        assert not re.search(raw, text), f"raw Python text on the page: {raw}"
    assert not [u for u in requests if "tile" in u or "openstreetmap" in u]  # no tile server asked
    page.screenshot(path=str(artifacts / "ia_drang_walkthrough.png"), full_page=True)

    # A rule link opens the rules reference on that rule.
    link = page.locator(".rb-turn-log a.rb-rulecase").first
    rule = link.inner_text().strip()
    reference = page.context.new_page()
    reference.goto(f"{voila_url}/voila/render/{link.get_attribute('href')}")
    reference.wait_for_selector(f"[data-rule='{rule}']", timeout=120_000)

    _on_a_classroom_projector(page, handle, artifacts)
    read_every_view(page, "ia_drang_walkthrough.ipynb", artifacts)
