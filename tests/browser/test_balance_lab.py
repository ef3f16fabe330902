"""The balance lab in headless Chromium: pick a value from the table, run, read the verdict."""

from __future__ import annotations

import pytest
from browser._seen import app_ready
from browser._words import read_every_view
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_value_picked_from_the_table_is_compared_with_a_verdict(voila_url, page, artifacts):
    page.goto(f"{voila_url}/voila/render/balance_lab.ipynb")
    app_ready(page)
    page.get_by_placeholder("filter: flares").fill("NVA rifle melee")
    page.wait_for_selector("b:text-is('NVA rifle counters: melee')")  # the picked value's card
    page.get_by_label("new value").first.fill("3")
    page.get_by_role("button", name="Add to the variant").click()
    page.wait_for_selector("text=NVA rifle counters: melee: 2 → 3")
    games = page.locator(".rb-games input")
    games.fill("5000")  # past the most: held to it, and the page says so beside the box
    games.press("Tab")
    expect(games).to_have_value("2000")
    note = page.locator(".rb-games-note")
    expect(note).to_contain_text("5,000 is more than the lab takes (2 to 2,000): held at 2,000")
    games.fill("12.5")  # read as typed: not 125, as a number box's key filter made it
    games.press("Tab")
    expect(note).to_contain_text("12.5 is not a whole number: 2,000 kept")
    expect(games).to_have_value("2000")
    games.fill("2")  # the fewest games the lab allows
    games.press("Tab")
    expect(note).to_have_text("")
    page.get_by_role("button", name="Run", exact=True).click()
    page.wait_for_selector(".rb-timing", timeout=120_000)  # the run is over (not a table so far)
    assert page.locator(".rb-balance tr[data-variant='baseline']").count() == 1
    # (a first line says so when every game of both versions went to one side)
    assert "US win rate:" in " ".join(page.locator(".rb-verdict").all_inner_texts())
    assert page.locator(".rb-error").count() == 0
    # The games just played are kept: the page says a second run would take them all.
    known = page.locator(".rb-known-games")
    expect(known).to_contain_text("all of the baseline's 2 games and all of the variant's")
    page.screenshot(path=str(artifacts / "balance_lab.png"), full_page=True)
    read_every_view(page, "balance_lab.ipynb", artifacts)
