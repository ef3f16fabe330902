"""The rules reference app in headless Chromium: search as a reader, Enter, links, Back, URLs, layout."""

from __future__ import annotations

import pytest
from browser._words import read_every_view

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SHOWN = "document.querySelector('.rb-rule-entry [data-rule]')?.dataset.rule"


def open_app(shared_app, query="", width=1280):
    """The app at *width* x 900, opened once for this module (see ``shared_app``)."""
    page = shared_app(f"/voila/render/rules_reference.ipynb{query}", width)
    page.wait_for_function(f"{SHOWN} !== undefined")
    return page


def wait_shown(page, rule_id):
    page.wait_for_function(f"{SHOWN} === '{rule_id}'")


def test_a_rule_id_and_enter_opens_it_and_back_retraces(shared_app):
    """The app as it opens; the search test goes on from where this one leaves it."""
    page = open_app(shared_app)
    assert page.get_by_role("button", name="Back").is_disabled()  # nothing opened yet
    query = page.locator(".rb-rule-query input")
    query.fill("lza:7.8")
    page.wait_for_function(
        "document.querySelector('.rb-result-open')?.innerText.startsWith('lza:7.8')",
    )
    query.press("Enter")
    wait_shown(page, "lza:7.8")
    link = page.locator(".rb-rule-refers .rb-rule-link", has_text="lza:11.1A")
    link.click()
    wait_shown(page, "lza:11.1A")
    page.get_by_role("button", name="Back").click()
    wait_shown(page, "lza:7.8")


def test_search_los_and_nigth_rank_the_right_entry_first_and_say_why(shared_app, artifacts):
    page = open_app(shared_app)
    query = page.locator(".rb-rule-query input")
    query.fill("LOS")
    page.wait_for_function(
        "document.querySelector('.rb-result-open')?.innerText.startsWith('lza:7.8')",
    )
    # The reason is its own widget: wait for it as for the button (it may render a beat later).
    page.wait_for_function(
        "document.querySelector('.rb-result-why')?.innerText.includes('the main entry for LOS')",
    )
    query.fill("nigth")
    page.wait_for_function(
        "document.querySelector('.rb-result-open')?.innerText.startsWith('lza:11.0')",
    )
    page.wait_for_function(
        "document.querySelector('.rb-result-why')?.innerText.includes(\"read as “night”\")",
    )
    page.locator(".rb-result-open").first.click()
    wait_shown(page, "lza:11.0")
    page.screenshot(path=str(artifacts / "rules_reference.png"), full_page=True)


def test_the_url_opens_an_entry_and_at_800px_the_columns_stack(shared_app, artifacts):
    page = open_app(shared_app, "?rule=lza%3A7.3", width=800)
    wait_shown(page, "lza:7.3")
    side = page.locator(".rb-rule-side").bounding_box()
    main = page.locator(".rb-rule-main").bounding_box()
    assert main["y"] >= side["y"] + side["height"] - 1, (side, main)  # stacked, not overlapping
    box = page.locator(".rb-rule-query input").bounding_box()
    assert box["x"] + box["width"] <= 800
    page.screenshot(path=str(artifacts / "rules_reference_800.png"), full_page=True)


def test_a_first_team_entry_shows_its_wrong_cross_reference(shared_app):
    page = open_app(shared_app, "?rule=ftv%3A3.5.8")
    wait_shown(page, "ftv:3.5.8")
    assert "cites “6.1” (ftv:6.1)" in page.locator(".rb-findings").inner_text()


def test_a_link_to_an_unknown_rule_says_so_in_red_and_offers_the_nearest(shared_app, artifacts):
    """At 1024 px it read in black, with ids a reader could not click, above an unrelated entry."""
    page = shared_app("/voila/render/rules_reference.ipynb?rule=lza%3A99.9", 1024)
    error = page.locator(".rb-error")
    error.wait_for()
    assert error.inner_text() == "There is no rule lza:99.9 in the reference. The nearest:"
    assert error.evaluate("e => getComputedStyle(e).color") == "rgb(170, 0, 0)"
    assert page.locator(".rb-rule-entry").is_hidden()
    page.screenshot(path=str(artifacts / "rules_reference_unknown_rule.png"))
    page.locator(".rb-rule-suggested .rb-rule-link", has_text="lza:9.2 Rallying With").click()
    wait_shown(page, "lza:9.2")
    page.locator(".rb-rule-entry").wait_for()  # shown, not only filled
    assert page.locator(".rb-error").count() == 0


def test_every_view_speaks_in_words(shared_app, artifacts):
    """Last, on the page the tests above left (see ``browser._words``)."""
    read_every_view(open_app(shared_app), "rules_reference.ipynb", artifacts)
