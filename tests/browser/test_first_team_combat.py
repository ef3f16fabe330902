"""The First Team combat app in headless Chromium: the 4.1 example, then a change of support."""

from __future__ import annotations

import pytest
from browser._seen import app_ready
from browser._words import read_every_view

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_worked_example_and_what_artillery_is_worth(voila_url, page, artifacts):
    page.goto(f"{voila_url}/voila/render/first_team_combat.ipynb")
    app_ready(page)
    page.get_by_role("button", name="The 4.1 example").click()
    page.wait_for_function(
        "document.querySelector('.rb-ftv-combat .rb-outcome')?.innerText.includes('US fire: 8*')",
    )
    headline = page.locator(".rb-ftv-combat .rb-headline")
    assert "US on column 11" in headline.inner_text()
    assert "NVA on column 7" in headline.inner_text()
    assert page.locator(".rb-ftv-combat .trace-step").count() >= 10
    page.screenshot(path=str(artifacts / "first_team_combat.png"), full_page=True)
    # Without the two batteries the observation helicopter is worth nothing too: 11 -> 8.
    batteries = page.locator(".rb-ftv-combat .widget-slider", has_text="batteries")
    batteries.locator(".ui-slider-handle, .noUi-handle").first.focus()
    for _ in range(2):
        page.keyboard.press("ArrowLeft")
    page.wait_for_function(
        "document.querySelector('.rb-ftv-combat .rb-headline')?.innerText.includes('US on column 8')",
    )
    read_every_view(page, "first_team_combat.ipynb", artifacts)
