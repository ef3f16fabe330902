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
# Each label as painted: its text (which may run past its box if the width was guessed short),
# or its whole box where that has a background (a road's badge).
INK_BOXES = """() => [...document.querySelectorAll('.rb-walkthrough .rb-label')].map(e => {
  const range = document.createRange(); range.selectNodeContents(e);
  const r = getComputedStyle(e).backgroundColor === 'rgba(0, 0, 0, 0)'
    ? range.getBoundingClientRect() : e.getBoundingClientRect();
  return {id: e.dataset.label, x0: r.left, y0: r.top, x1: r.right, y1: r.bottom}; })"""
# px a name keeps inside the map's box: its border and inset paper frame (5 px) and some paper
# (Route 19's badge, ending 1 px short of the frame with its road running on, read as cut off).
CLEAR = 8
# Where a source in the figures' column breaks a line between two letters of one piece of text
# (a break at a space, after a hyphen, or at a <wbr> between two pieces is fine): the pieces.
MID_WORD = """() => { const out = [];
  for (const cell of document.querySelectorAll('.rb-walkthrough .rb-figures td.source')) {
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const r = document.createRange(); let last = null;
      for (let i = 0; i < n.length; i++) {
        if (/\\s/.test(n.data[i])) { last = null; continue; }
        r.setStart(n, i); r.setEnd(n, i + 1); const top = r.getBoundingClientRect().top;
        if (last !== null && top > last + 2 && n.data[i - 1] !== '-') out.push(n.data);
        last = top;
      }
    }
  }
  return out; }"""
# How far the figures' table and each source cell run past their room (0 when they fit).
SOURCES_OVER = """() => { const t = document.querySelector('.rb-walkthrough .rb-figures');
  const room = t.closest('.widget-html').getBoundingClientRect().right;
  return Math.max(t.getBoundingClientRect().right - room,
    ...[...t.querySelectorAll('td.source')].map(c => c.scrollWidth - c.clientWidth)); }"""
# The bar above the map: the chapter's title, in lines, beside the timeline or below it, and
# how far below the timeline the map starts.
BAR = """() => { const t = document.querySelector('.rb-walkthrough .rb-chapter-title');
  const s = document.querySelector('.rb-walkthrough .widget-hslider').getBoundingClientRect();
  const r = t.getBoundingClientRect();
  return {lines: t.getClientRects().length, middle: (r.top + r.bottom) / 2, s0: s.top,
          s1: s.bottom, map: document.querySelector('.rb-walkthrough .leaflet-container')
          .getBoundingClientRect().top - s.top}; }"""
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
    """Every name on the map that reaches into sight is all in sight, clear of the map's frame;
    returns their ids."""
    f = page.evaluate(MAP_BOX)
    shown = [
        b
        for b in page.evaluate(INK_BOXES)
        if b["x1"] > f["x0"] and b["x0"] < f["x1"] and b["y1"] > f["y0"] and b["y0"] < f["y1"]
    ]
    cut = [
        b
        for b in shown
        if b["x0"] < f["x0"] + CLEAR
        or b["x1"] > f["x1"] - CLEAR
        or b["y0"] < f["y0"] + CLEAR
        or b["y1"] > f["y1"] - CLEAR
    ]
    assert not cut, f"{chapter}: labels at or past the map's edge {f}: {cut}"
    return {b["id"] for b in shown}


def _assert_column_reads(page, chapter: str, map_below: float) -> None:
    """The chapter's title stands on one line beside the timeline (a long one dropped below it
    at 1024 px and pushed the map down), and its sources wrap only between words and at the
    points of a web address, inside their column."""
    bar = page.evaluate(BAR)
    assert bar["lines"] == 1, f"{chapter}: the title wraps: {bar}"
    assert bar["s0"] < bar["middle"] < bar["s1"], f"{chapter}: the title left the timeline: {bar}"
    assert abs(bar["map"] - map_below) < 1, f"{chapter}: the map moved from {map_below}: {bar}"
    assert not page.evaluate(MID_WORD), f"{chapter}: sources broken mid-word"
    assert page.evaluate(SOURCES_OVER) <= 0.5, f"{chapter}: the sources run out of their column"


def _assert_chapter_reads(page, chapter: str, map_below: float) -> set[str]:
    """A chapter as shown: its names whole and apart, its column readable; the names' ids."""
    _assert_no_overlap(page, chapter)
    _assert_column_reads(page, chapter, map_below)
    return _assert_whole_in_sight(page, chapter)


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
    map's edge in chapter 1) and the chapter's column fits the window and reads, from the last
    chapter back to the first; and a window a little narrower still names Route 19 whole."""
    page.bring_to_front()
    page.set_viewport_size({"width": 1024, "height": 768})
    _labels_settle(page, page.kernel)
    _assert_whole_in_sight(page, "albany at 1024 x 768")
    map_below = page.evaluate(BAR)["map"]
    for key, chapter in [("ArrowRight", "aftermath")] + [
        ("ArrowLeft", c) for c in ("albany", "x-ray", "pursuit", "plei-me")
    ]:
        handle.focus()
        page.keyboard.press(key)
        page.wait_for_selector(f".rb-chapter[data-chapter='{chapter}']")
        _labels_settle(page, page.kernel)
        seen = _assert_chapter_reads(page, f"{chapter} at 1024 x 768", map_below)
        # Nothing beside the map runs past the window (a source's address and First Team's
        # map pushed the chapter's column off it; the page cannot be scrolled sideways).
        assert page.evaluate(WIDEST) <= 1024.5, f"{chapter}: the page is wider than the window"
    assert {"route-19", "south-vietnam", "pleiku", "plei-me"} <= seen, seen
    page.screenshot(path=str(artifacts / "walkthrough_plei_me_1024.png"))
    # Too small a change of size to frame the chapter anew: names placed for the wider map
    # still clear the narrower one's edge (Route 19's badge ran past it at 1000 px).
    page.set_viewport_size({"width": 1000, "height": 768})
    _labels_settle(page, page.kernel)
    assert "route-19" in _assert_whole_in_sight(page, "plei-me at 1000 x 768")


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
    map_below = page.evaluate(BAR)["map"]
    _assert_chapter_reads(page, "plei-me", map_below)
    page.screenshot(path=str(artifacts / "walkthrough_plei_me.png"))

    handle = page.locator(".rb-walkthrough .slider-container .noUi-handle").first
    for chapter in ("pursuit", "x-ray", "albany"):
        handle.focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f".rb-chapter[data-chapter='{chapter}']")
        _labels_settle(page, kernel)
        _assert_chapter_reads(page, chapter, map_below)
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
    reference = new_page()  # a parked tab if the worker has one: no renderer to start
    reference.goto(f"{voila_url}/voila/render/{link.get_attribute('href')}")
    reference.wait_for_selector(f"[data-rule='{rule}']", timeout=120_000)

    _on_a_classroom_projector(page, handle, artifacts)
    read_every_view(page, "ia_drang_walkthrough.ipynb", artifacts)
