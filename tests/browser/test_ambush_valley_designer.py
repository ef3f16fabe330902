"""The Ambush Valley designer in headless Chromium: pick a scenario, see its table and odds,
break it and see the problem named, revert, save; roll a table."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from rulebook.games.ambush_valley.scenario import Scenario

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def test_pick_break_revert_and_save_a_scenario(voila_url, page, artifacts):
    page.goto(f"{voila_url}/voila/render/ambush_valley_designer.ipynb")
    page.wait_for_selector(".rb-ready", timeout=120_000)
    page.wait_for_selector("svg.av-table", state="attached", timeout=30_000)
    page.locator(".rb-av-picker select").select_option(label="Operation Crimp, Ho Bo Woods")
    page.wait_for_function(
        "document.querySelector('.rb-av-odds')?.innerText.includes('Support Cell')", timeout=15_000
    )
    assert page.locator("svg.av-table .tunnel-spot").count() == 5
    assert page.locator("svg.av-table").get_attribute("data-provenance") == "reconstructed"
    assert "%" in page.locator(".rb-any-arrival").inner_text()

    page.locator(".rb-av-picker select").select_option(label="Search & Destroy at Dak Po")
    page.wait_for_selector("svg.av-table .civilians", state="attached", timeout=15_000)
    # Drag tunnel spot 1 on the map onto the west road exit: the checker objects at once.
    page.wait_for_selector(".rb-av-spot-marker[data-spot='spot-1']", timeout=30_000)
    marker = page.locator(".leaflet-marker-icon", has=page.locator("[data-spot='spot-1']"))
    marker.hover()
    box = marker.bounding_box()
    sx, sy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(sx - 6 * step, sy + 9 * step)
    page.mouse.up()
    try:
        page.wait_for_function(
            "document.querySelector('.rb-av-problems')?.innerText.includes('road exit')",
            timeout=15_000,
        )
    finally:
        page.screenshot(path=str(artifacts / "ambush_valley_drag.png"), full_page=True)
    # Draw a rectangle of Heavy Foliage with the mouse.
    page.locator(".rb-av-leaflet .leaflet-draw-draw-rectangle").click()
    map_box = page.locator(".rb-av-leaflet .leaflet-container").bounding_box()
    mx, my = map_box["x"] + map_box["width"] * 0.55, map_box["y"] + map_box["height"] * 0.55
    page.mouse.move(mx, my)
    page.mouse.down()
    page.mouse.move(mx + 50, my + 35, steps=8)
    page.mouse.up()
    page.wait_for_selector(".rb-av-drawn[data-corners='4']", timeout=15_000)
    page.screenshot(path=str(artifacts / "ambush_valley_designer.png"), full_page=True)
    page.get_by_role("button", name="Revert to file").click()
    page.wait_for_selector(".rb-ok", timeout=15_000)

    save = NOTEBOOKS / "saves" / f"av_browser_test_{int(time.time() * 1000)}.yaml"
    page.locator(".rb-av-file input").fill(f"saves/{save.name}")
    page.get_by_role("button", name="Save", exact=True).click()
    page.wait_for_selector(".rb-saved", timeout=15_000)
    try:
        assert Scenario.load(save).problems() == []
    finally:
        save.unlink(missing_ok=True)
    assert page.locator(".rb-error").count() == 0


def test_roll_a_table_with_its_odds(voila_url, page, artifacts):
    page.goto(f"{voila_url}/voila/render/ambush_valley_designer.ipynb")
    page.wait_for_selector(".rb-ready", timeout=120_000)
    page.get_by_role("tab", name="Tables").click()
    page.wait_for_selector(".rb-av-table-odds .distribution", timeout=15_000)
    assert "Captured" in page.locator(".rb-av-table-odds").inner_text()
    page.get_by_role("button", name="Roll").click()
    page.wait_for_selector(
        "table.trace .trace-step[data-rule='av:casualty-status']", timeout=15_000
    )
    page.screenshot(path=str(artifacts / "ambush_valley_tables.png"), full_page=True)


def test_the_solo_vc_answers_as_the_situation_changes(voila_url, page, artifacts):
    page.goto(f"{voila_url}/voila/render/ambush_valley_designer.ipynb")
    page.wait_for_selector(".rb-ready", timeout=120_000)
    page.get_by_role("tab", name="Solo VC").click()
    decision = page.locator(".rb-av-decision")
    page.wait_for_selector(".rb-av-decision", timeout=15_000)
    assert "move out of sight" in decision.inner_text()
    page.get_by_text("in cover", exact=True).click()
    page.wait_for_function(
        "!document.querySelector('.rb-av-decision').innerText.includes('out of sight')",
        timeout=15_000,
    )
    page.screenshot(path=str(artifacts / "ambush_valley_solo.png"), full_page=True)
