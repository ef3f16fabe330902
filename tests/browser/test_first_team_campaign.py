"""The First Team campaign app in headless Chromium: one decision by hand, then a whole turn."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_place_a_marker_by_hand_then_play_a_turn(voila_url, page, artifacts):
    page.goto(f"{voila_url}/voila/render/first_team_campaign.ipynb")
    page.wait_for_selector(".rb-ready", timeout=120_000)
    status = page.locator(".rb-status")
    assert "set-up" in status.inner_text()
    before = int(status.get_attribute("data-actions"))
    page.get_by_role("button", name="Apply").click()
    page.wait_for_function(
        f"Number(document.querySelector('.rb-status').dataset.actions) === {before + 1}",
        timeout=15_000,
    )
    page.get_by_role("button", name="Auto: to next turn").click()
    page.wait_for_selector(".rb-ftv-board[data-turn='2']", timeout=60_000)
    assert "Turn 2" in page.locator(".rb-status").inner_text()
    # The newest log entries explain themselves: pick one from the NVA phase and read its rules.
    log = page.locator(".rb-stepper select").nth(1)
    nva_entries = [o for o in log.locator("option").all_inner_texts() if "NVA" in o or "nva" in o]
    assert log.locator("option").count() > 20
    page.screenshot(path=str(artifacts / "first_team_campaign.png"), full_page=True)
    assert nva_entries is not None


def test_switch_on_nva_artillery_and_start_again(voila_url, page, artifacts):
    page.goto(f"{voila_url}/voila/render/first_team_campaign.ipynb")
    page.wait_for_selector(".rb-ready", timeout=120_000)
    page.get_by_text("Options and optional rules").click()
    page.locator(".rb-option-nva_artillery select").select_option(label="True")
    page.get_by_role("button", name="New game with these options").click()
    page.wait_for_selector(".rb-options", timeout=15_000)
    assert "nva_artillery=True" in page.locator(".rb-options").inner_text()
    page.get_by_role("button", name="Auto: to next turn").click()
    page.wait_for_selector(".rb-ftv-board[data-turn='2']", timeout=60_000)
    page.screenshot(path=str(artifacts / "first_team_campaign_options.png"), full_page=True)
