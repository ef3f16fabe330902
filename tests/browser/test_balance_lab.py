"""The balance lab in headless Chromium: run a small sweep and see both variants compared."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_small_sweep_fills_the_comparison(voila_url, page, artifacts):
    page.goto(f"{voila_url}/voila/render/balance_lab.ipynb")
    page.wait_for_selector(".rb-ready", timeout=120_000)
    page.locator(".rb-balance-lab .noUi-handle").first.focus()
    page.keyboard.press("Home")  # the fewest games the slider allows
    page.wait_for_function(
        "document.querySelector('.rb-balance-lab .widget-readout').innerText.trim() === '2'"
    )
    page.get_by_role("button", name="Run", exact=True).click()
    page.wait_for_selector(".rb-balance tr[data-variant='variant']", timeout=120_000)
    assert page.locator(".rb-balance tr[data-variant='baseline']").count() == 1
    assert page.locator(".rb-error").count() == 0
    page.screenshot(path=str(artifacts / "balance_lab.png"), full_page=True)
