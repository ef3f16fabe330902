"""The rules reference app in headless Chromium: search, open an entry, follow a cross-reference."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_search_then_follow_a_cross_reference_and_come_back(voila_url, page, artifacts):
    page.goto(f"{voila_url}/voila/render/rules_reference.ipynb")
    page.wait_for_selector(".rb-ready", timeout=120_000)
    query = page.locator(".rb-rule-query input")
    query.fill("night wounded")
    query.press("Enter")
    results = page.locator(".rb-rule-results select")
    page.wait_for_function(
        "document.querySelector('.rb-rule-results select option')?.value !== undefined"
        " && document.querySelector('.rb-rule-results select').innerText.startsWith('lza:8.4D')",
        timeout=15_000,
    )
    results.select_option(index=0)
    entry = page.locator(".rb-rule-entry [data-rule]")
    page.wait_for_function(
        "document.querySelector('.rb-rule-entry [data-rule]')?.dataset.rule === 'lza:8.4D'",
        timeout=15_000,
    )
    assert "Eliminating Wounded Markers at Night" in entry.inner_text()
    # 8.4D is cited by 11.1's night rules or refers on; follow the first link either way.
    link = page.locator(".rb-rule-link").first
    target = link.inner_text().strip()
    link.click()
    page.wait_for_function(
        f"document.querySelector('.rb-rule-entry [data-rule]')?.dataset.rule === '{target}'",
        timeout=15_000,
    )
    # The target lists 8.4D among its links in the other direction, or at least Back returns.
    page.screenshot(path=str(artifacts / "rules_reference.png"), full_page=True)
    page.get_by_role("button", name="Back").click()
    page.wait_for_function(
        "document.querySelector('.rb-rule-entry [data-rule]')?.dataset.rule === 'lza:8.4D'",
        timeout=15_000,
    )


def test_a_first_team_entry_shows_its_wrong_cross_reference(voila_url, page):
    page.goto(f"{voila_url}/voila/render/rules_reference.ipynb")
    page.wait_for_selector(".rb-ready", timeout=120_000)
    query = page.locator(".rb-rule-query input")
    query.fill("ftv:3.5.8")
    query.press("Enter")
    page.wait_for_function(
        "document.querySelector('.rb-rule-results select')?.innerText.startsWith('ftv:3.5.8')",
        timeout=15_000,
    )
    page.locator(".rb-rule-results select").select_option(index=0)
    page.wait_for_selector(".rb-findings", timeout=15_000)
    assert "ftv:6.1 [topic]" in page.locator(".rb-findings").inner_text()
    assert "Interpretation" not in page.locator(".rb-findings").inner_text()
