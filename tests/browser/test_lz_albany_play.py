"""The LZ Albany play app in headless Chromium, as a teacher projects it.

At 1400 x 900 and at 800 px wide the map and the choices share the first screen, no two
controls overlap and no Python value shows. The demonstration path: open the app on a scenario
named in the URL, against the computer, play two turns by clicking the lit areas of the map
(Apply when a choice has no place), step the log back and forward with the map following, save.
"""

from __future__ import annotations

import pytest
from browser._chromium import WAIT_MS
from browser._seen import (
    MAP_CLICK_HEIGHT,
    MAP_CLICK_WIDTH,
    app_ready,
    click_place,
    cut_selects,
    in_first_screen,
    map_top,
    overlaps,
    partly_below,
    press_and_release,
    raw_values,
    resize,
    visible_boxes,
    wait_answered,
    wait_next_refresh,
)
from browser._words import read_every_view
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

APP = "/voila/render/lz_albany_play.ipynb?scenario=scenarios/lz_albany/standard.yaml"


def status(page, key: str) -> int:
    return int(page.locator(".rb-status").get_attribute(f"data-{key}"))


def undo_to_the_start(page) -> None:
    """Press Undo until no action is left. The page writes the prompt, then the buttons, the
    map and last the status: each click waits for the status to drop, or a status not yet
    rewritten asks for an Undo the page has disabled. (A loaded machine once took two Undo
    clicks as one, hence a loop rather than a count.)"""
    for _ in range(4):
        left = status(page, "actions")
        if left == 0:
            break
        page.get_by_role("button", name="Undo").click()
        page.wait_for_function(
            "n => Number(document.querySelector('.rb-status').dataset.actions) < n", arg=left
        )
    expect(page.locator(".rb-status")).to_have_attribute("data-actions", "0")


def open_app(shared_app, width: int, height: int = 900):
    """The app at *width* x *height*: opened once for this module at 1400 x 900 (see
    ``shared_app``), then resized as a person resizes the window. The app lays out by CSS and
    its map refits to its size (``browser._seen.resize``), so a resized page shows what a page
    opened at that size shows (the same boxes and labels, measured), and the module opens the
    app once rather than once a size: an open costs Chromium and a kernel ~5 CPU-s."""
    page = shared_app(APP, 1400, 900)
    resize(page, width, height)
    page.wait_for_selector(".rb-map .leaflet-container")
    page.wait_for_selector(".rb-area-label[data-area='C3']")
    return page


@pytest.mark.parametrize("width", [1400, 800])
def test_map_and_choices_share_the_first_screen_in_words(shared_app, width):
    """The app as it opens, then resized to 800 px wide (this test only reads it; the next
    ones play on the same page)."""
    page = open_app(shared_app, width)
    assert in_first_screen(page, ".rb-map .leaflet-container", 900)
    assert in_first_screen(page, ".rb-choices", 900)
    assert in_first_screen(page, ".rb-play-controls", 900) or width < 900
    assert overlaps(visible_boxes(page)) == []
    text = page.locator(".rb-page").inner_text()
    assert raw_values(text) == []
    assert cut_selects(page) == []  # "LZ Albany, 17 November 1965 (standard.y" at 24em
    options = [o.replace("\xa0", " ") for o in page.locator(".rb-choices option").all_inner_texts()]
    assert "Place A/2-7-1 in C3" in options  # actions in words, not notation
    assert page.pageerrors == []


def test_the_line_under_the_map_tells_the_area_clicked_and_keeps_its_room(shared_app):
    """As a teacher saw it at 1400 x 900: Apply, then a click on C4 put A/2-7-2 there while the
    line under the map said "C4: empty.", and the line's appearing pushed the replay bar down.
    (The two actions are taken back: the demonstration starts from the opening position.)"""
    page = open_app(shared_app, 1400)
    replay_at = page.locator(".rb-replay").bounding_box()["y"]
    line = page.locator(".rb-stack")
    expect(line).to_contain_text("Point at an area")
    before = page.locator(".rb-prompt").get_attribute("data-refresh")
    page.get_by_role("button", name="Apply").click()
    wait_next_refresh(page, before)
    before = page.locator(".rb-prompt").get_attribute("data-refresh")
    assert click_place(page, "C4")
    wait_next_refresh(page, before)
    expect(line).to_contain_text("C4: US platoon A/2-7-2.")
    assert page.locator(".rb-replay").bounding_box()["y"] == replay_at
    # Back to the opening position.
    undo_to_the_start(page)
    expect(line).to_contain_text("C4: empty.")
    assert page.locator(".rb-replay").bounding_box()["y"] == replay_at


def test_back_and_the_slider_are_on_a_projectors_first_screen_and_stay_put(shared_app):
    """At 1280 x 720 the replay controls were under the log, off the first screen. They head
    the side panel now, and pressing Back again and again finds the button where it was, as
    the status, dice and prompt under it change. (Back to the opening position after.)
    Refusals show above the computer's controls: "Computer plays" at the visitor's turn said
    why below the window's edge."""
    page = open_app(shared_app, 1280, 720)
    back = page.get_by_role("button", name="◀ Back")
    assert in_first_screen(page, ".rb-replay", 720)
    assert in_first_screen(page, ".rb-computer", 720)  # before the sides, which are set once
    for _ in range(3):
        before = page.locator(".rb-prompt").get_attribute("data-refresh")
        page.get_by_role("button", name="Apply").click()
        wait_next_refresh(page, before)
    at = back.bounding_box()
    assert at["y"] + at["height"] <= 720, at
    for entry in (2, 1, 0):
        back.click()
        expect(page.locator(".rb-status")).to_have_attribute("data-entry", str(entry))
        assert back.bounding_box() == at
    expect(page.locator(".rb-replay-note")).to_contain_text("entry 0 of 3")
    # The present's choices are not offered over the past, even greyed out.
    expect(page.locator(".rb-choices")).to_be_hidden()
    page.get_by_role("button", name="Back to now").click()
    expect(page.locator(".rb-status.rb-past")).to_have_count(0)
    expect(page.locator(".rb-choices")).to_be_visible()
    page.get_by_role("button", name="Computer plays").click()
    expect(page.locator(".rb-error")).to_contain_text("It is your turn to decide (US)")
    assert in_first_screen(page, ".rb-error", 720)
    undo_to_the_start(page)


def test_first_click_on_lz_albany_map_partly_below_reads_its_area(voila_url, new_page):
    """The app opened at 1024 x 768, its map partly below the window (see
    ``browser._seen.press_and_release``). A page of its own: on the module's page, a CI run
    later found an error naming F3, an area no choice lit (this click's kind of area), over the
    failed-load test's page, so this test keeps what it clicks off the pages the others read."""
    page = new_page(MAP_CLICK_WIDTH, MAP_CLICK_HEIGHT)
    page.goto(voila_url + APP)
    app_ready(page)
    at = partly_below(page)
    before, held = press_and_release(page, at)
    assert held == before, f"pressing the map scrolled the page by {before - held:.0f} px"
    # The line under the map names the area a click fell on.
    expect(page.locator(".rb-stack")).to_contain_text(f"{at['area']}:", timeout=WAIT_MS)
    assert map_top(page) == before


def test_demonstration_two_turns_by_map_clicks_replay_and_save(shared_app, artifacts, saves_file):
    """From the opening position (the first-screen test only read it), as a teacher plays it."""
    page = open_app(shared_app, 1400)
    assert status(page, "actions") == 0
    assert "You play" in page.locator(".rb-human-side").inner_text()
    clicks = applies = missed = 0
    for step in range(400):
        if status(page, "log-length") and "Turn 3" in page.locator(".rb-status").inner_text():
            break
        prompt = page.locator(".rb-prompt")
        before = prompt.get_attribute("data-refresh")
        lit = (prompt.get_attribute("data-candidates") or "").split()
        if lit and step % 4 != 3:  # mostly the map; now and then the first item of the list
            try:
                if click_place(page, lit[step % len(lit)]):
                    wait_next_refresh(page, before, timeout=8_000)
                    clicks += 1
                    continue
            except PlaywrightTimeout:
                pass  # the click landed beside the area (a label near its edge)
            missed += 1
        page.get_by_role("button", name="Apply").click()
        applies += 1
        wait_next_refresh(page, before)
        assert page.locator(".rb-error").count() == 0, page.locator(".rb-error").inner_text()
    assert "Turn 3" in page.locator(".rb-status").inner_text()
    assert clicks > 20
    assert missed <= clicks // 10  # a person's click on a lit area is nearly always understood
    # The computer played the NVA: its counters are on the map, and dice were rolled.
    assert page.locator(".rb-ctr.rb-nva").count() > 5
    assert page.locator(".rb-die").count() >= 1
    assert raw_values(page.locator(".rb-page").inner_text()) == []

    # Step the log back and forward: the map and the status follow.
    # The last click's handler may still be playing the computer's side (the page redraws as
    # it goes): read the log once the kernel has answered every click.
    wait_answered(page, page.kernel)
    now = status(page, "entry")
    labels_now = page.locator(".rb-counters").all_inner_texts()
    for _ in range(3):
        page.get_by_role("button", name="◀ Back").click()
    page.wait_for_function(f"document.querySelector('.rb-status').dataset.entry === '{now - 3}'")
    assert page.locator(".rb-status.rb-past").count() == 1
    page.get_by_role("button", name="Forward ▶").click()
    page.wait_for_function(f"document.querySelector('.rb-status').dataset.entry === '{now - 2}'")
    page.get_by_role("button", name="Back to now").click()
    page.wait_for_function(f"document.querySelector('.rb-status').dataset.entry === '{now}'")
    assert page.locator(".rb-counters").all_inner_texts() == labels_now

    saved = saves_file("demo-browser", ".json")  # tagged, and removed when the run ends
    page.locator(".rb-files input[type='text']").fill(saved.stem)
    page.get_by_role("button", name="Save").click()
    page.wait_for_selector(".rb-notice:has-text('Saved')")
    notice = page.locator(".rb-notice")
    assert notice.is_visible()
    assert saved.name in notice.inner_text()
    assert saved.is_file()
    assert overlaps(visible_boxes(page)) == []
    page.screenshot(path=str(artifacts / "lz_albany_play.png"))


def test_the_last_click_is_told_beside_the_map_and_the_past_leaves_undo_alone(shared_app):
    """On the page the tests above left (a game under way): what a click did is told beside
    the map with its rule (the log is under the map, off a projector's first screen); in the
    past Undo is off (it took back the present's last action over a position of a turn
    before). The test makes its own click: it reads nothing an earlier test had to leave."""
    page = open_app(shared_app, 1400)
    page.locator("h1").scroll_into_view_if_needed()
    wait_answered(page, page.kernel)
    before = page.locator(".rb-prompt").get_attribute("data-refresh")
    page.get_by_role("button", name="Apply").click()
    wait_next_refresh(page, before)
    wait_answered(page, page.kernel)  # (the computer's answer, if any, redraws it again)
    latest = page.locator(".rb-latest")
    expect(latest).to_contain_text("Just done")
    assert latest.locator(".rb-rulecase").count() >= 1
    assert in_first_screen(page, ".rb-latest", 900)
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_be_enabled()
    now = status(page, "entry")
    page.get_by_role("button", name="◀ Back").click()
    page.wait_for_function(f"document.querySelector('.rb-status').dataset.entry === '{now - 1}'")
    expect(undo).to_be_disabled()
    expect(latest).to_contain_text("Shown")
    page.get_by_role("button", name="Back to now").click()
    expect(undo).to_be_enabled()


def test_a_failed_load_says_why(shared_app):
    """In the middle of a game (after the demonstration, when the module runs in order)."""
    page = open_app(shared_app, 1400)
    page.locator(".rb-files input[type='text']").fill("no-such-game")
    page.get_by_role("button", name="Load").click()
    expect(page.locator(".rb-error")).to_contain_text("There is no saved game at")


def test_every_view_speaks_in_words(shared_app, artifacts):
    """Last, on the page the tests above left (see ``browser._words``)."""
    read_every_view(open_app(shared_app, 1400), "lz_albany_play.ipynb", artifacts)
