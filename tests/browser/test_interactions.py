"""The rule-interactions app in headless Chromium: the odds follow the controls."""

from __future__ import annotations

import pytest
from browser._seen import app_ready
from browser._words import read_every_view

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_changing_the_target_to_jungle_changes_the_exact_odds(voila_url, page, artifacts):
    page.goto(f"{voila_url}/voila/render/lz_albany_interactions.ipynb")
    app_ready(page)
    table = page.locator(".rb-interactions table.distribution")
    assert "625/1296" in table.inner_text()  # two rifle platoons, four dice, no six
    target = page.locator(".rb-interactions select").nth(2)  # attack, from, at
    target.select_option("C5")
    page.wait_for_function(
        "document.querySelector('.rb-interactions table.distribution').innerText.includes('25/36')",
    )
    # The traced roll follows the odds: it now fires into the jungle too.
    page.wait_for_function(
        "document.querySelector('.rb-interactions table.trace').innerText.includes('at C5')",
    )
    assert page.locator(".rb-interactions .trace-step").count() >= 2
    page.screenshot(path=str(artifacts / "lz_albany_interactions.png"), full_page=True)
    read_every_view(page, "lz_albany_interactions.ipynb", artifacts)
