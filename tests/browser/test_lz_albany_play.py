"""The LZ Albany play app in headless Chromium: decide, undo, and see the map."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def log_length(page) -> int:
    return int(page.locator(".rb-status").get_attribute("data-log-length"))


def test_play_three_decisions_then_undo_shrinks_the_log(voila_url, page, artifacts):
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{voila_url}/voila/render/lz_albany_play.ipynb")
    page.wait_for_selector(".rb-ready", timeout=120_000)
    page.wait_for_selector(".rb-map .leaflet-container", timeout=60_000)
    assert log_length(page) == 1
    apply = page.get_by_role("button", name="Apply")
    for n in range(2, 5):
        apply.click()
        page.wait_for_function(
            f"document.querySelector('.rb-status').dataset.logLength === '{n}'", timeout=15_000
        )
    assert "place" in page.locator(".rb-entry").inner_text()
    page.get_by_role("button", name="Undo", exact=True).click()
    page.wait_for_function(
        "document.querySelector('.rb-status').dataset.logLength === '3'", timeout=15_000
    )
    # The map shows the placed counters in their areas.
    assert page.locator(".rb-area-label .rb-counts").count() >= 1
    assert page.locator(".leaflet-interactive").count() >= 44  # one outline per area
    assert page.locator(".rb-error").count() == 0
    page.screenshot(path=str(artifacts / "lz_albany_play.png"), full_page=True)
    assert errors == []


def test_auto_play_reaches_the_next_turn(voila_url, page):
    page.goto(f"{voila_url}/voila/render/lz_albany_play.ipynb")
    page.wait_for_selector(".rb-ready", timeout=120_000)
    page.get_by_role("button", name="Auto: to next turn").click()
    page.wait_for_function(
        "document.querySelector('.rb-status').innerText.includes('Turn 2')", timeout=60_000
    )
    assert log_length(page) > 20  # a whole turn of placements, draws and activations
    assert page.locator(".rb-error").count() == 0
