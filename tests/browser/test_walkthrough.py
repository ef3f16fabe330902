"""The campaign walkthrough in headless Chromium, with no tile server: the timeline moves text and map."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_moving_the_timeline_changes_the_chapter_and_the_map(voila_url, page, artifacts):
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(f"{voila_url}/voila/render/ia_drang_walkthrough.ipynb")
    page.wait_for_selector(".rb-ready", timeout=120_000)
    page.wait_for_selector(".rb-walkthrough .leaflet-container", timeout=60_000)
    assert page.locator(".rb-chapter").get_attribute("data-chapter") == "plei-me"
    red_before = page.locator(".rb-walkthrough path[stroke='#c0392b']").count()
    assert red_before == 2  # Plei Me and Pleiku
    page.locator(".rb-walkthrough .slider-container .noUi-handle").first.focus()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector(".rb-chapter[data-chapter='albany']", timeout=15_000)
    page.wait_for_function(
        "document.querySelectorAll(\".rb-walkthrough path[stroke='#c0392b']\").length === 3",
        timeout=15_000,
    )
    assert "151" in page.locator(".rb-figures").inner_text()
    # First Team's map follows the chapter: turn 11, 2-7 Cav's companies in A6 with the NVA.
    stage = page.locator(".rb-ftv-stage")
    assert stage.get_attribute("data-turn") == "11"
    assert "3 US 6 NVA" in stage.locator("g.location[data-location='A6']").text_content()
    stage.screenshot(path=str(artifacts / "walkthrough_first_team.png"))
    page.get_by_role("button", name="Play a turn of LZ Albany here").click()
    page.wait_for_selector(".rb-turn-log[data-turn='1']", timeout=60_000)
    assert "lza:7" in page.locator(".rb-turn-log").inner_text()
    assert not [u for u in requests if "tile" in u or "openstreetmap" in u]  # no tile server asked
    page.screenshot(path=str(artifacts / "ia_drang_walkthrough.png"), full_page=True)
