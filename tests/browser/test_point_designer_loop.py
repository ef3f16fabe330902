"""The point-map designer's whole loop in headless Chromium (issue 18): from a blank sheet, draw a
twelve-location First Team map by mouse, set both sides' set-up, two NVA arrival waves and the
campaign's numbers, fix every problem the checks point at by clicking through to it, save and
check the file holds exactly what was drawn, play a turn of it in the campaign app, and weigh one
changed value over many campaigns in the balance lab.

``POINT_LOOP_GAMES`` sets the campaigns a side in the lab (500 by default, as the issue asks).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from browser._seen import (
    app_ready,
    click_empty_ground,
    click_location,
    lab_games_a_side,
    overlaps,
    raw_values,
    visible_boxes,
)

from rulebook.scenario import load_scenario

pytestmark = [pytest.mark.browser, pytest.mark.slow]

GAMES = int(os.environ.get("POINT_LOOP_GAMES", "500"))
DESIGNER = ".rb-point-designer"
CONTROLS = f"{DESIGNER} button, {DESIGNER} select, {DESIGNER} input, {DESIGNER} .leaflet-container"

# Twelve locations, west to east, at fractions of the map's width and height: Cambodia, two in
# each of zones A, B, D, G and J, and Pleiku in zone J.
PLACES = [
    ("Cambodia", "CAM1", 0.06, 0.50),
    ("A", "A1", 0.18, 0.30),
    ("A", "A2", 0.18, 0.70),
    ("B", "B1", 0.32, 0.25),
    ("B", "B2", 0.32, 0.65),
    ("D", "D1", 0.46, 0.80),
    ("D", "D2", 0.46, 0.40),
    ("G", "G1", 0.60, 0.22),
    ("G", "G2", 0.62, 0.62),
    ("J", "J1", 0.76, 0.30),
    ("J", "J2", 0.76, 0.72),
    ("Pleiku", "Pleiku", 0.90, 0.48),
]
LINES = [
    ("CAM1", "A1", "road"),
    ("CAM1", "A2", "jungle"),
    ("A1", "A2", "river"),
    ("A1", "B1", "jungle"),
    ("A2", "B2", "jungle and mountain"),
    ("B1", "B2", "jungle"),
    ("B1", "D2", "road"),
    ("B2", "D1", "jungle"),
    ("D1", "D2", "jungle"),
    ("D2", "G1", "road"),
    ("D1", "G2", "jungle"),
    ("G1", "G2", "river"),
    ("G1", "J1", "road"),
    ("G2", "J2", "jungle"),
    ("J1", "J2", "jungle"),
    ("J1", "Pleiku", "road"),
    ("J2", "Pleiku", "jungle"),
]
FILE_KIND = {"jungle and mountain": "jungle-mountain"}
RANKS = {"A": 1, "B": 2, "D": 3, "G": 4, "J": 5}
SENT = {"C": "B", "E": "D", "F": "D", "H": "G", "I": "G"}


def place(page, zone: str, fx: float, fy: float, expect: str) -> tuple[float, float]:
    """Place a location; return where the app says it placed it."""
    click_empty_ground(page, zone, fx, fy, expect)
    placed = page.wait_for_selector(f".rb-placed[data-loc='{expect}']")
    x, y = placed.get_attribute("data-xy").split()
    return float(x), float(y)


def select(page, name: str) -> None:
    click_location(page, name)
    page.wait_for_selector(f".rb-selected[data-loc='{name}']")


def join(page, a: str, b: str, kind: str) -> None:
    page.locator(".rb-line-kind").get_by_role("button", name=kind, exact=True).click()
    click_location(page, a)
    page.wait_for_selector(f".rb-line-from[data-loc='{a}']")
    click_location(page, b)
    page.wait_for_selector(f".rb-lined[data-line='{'-'.join(sorted((a, b)))}']")


def finding(page, words: str):
    """The checks' row saying *words* (it must be there)."""
    row = page.locator(f"{DESIGNER} .rb-checks .widget-hbox", has_text=words)
    row.first.wait_for()
    return row.first


def gone(page, words: str) -> None:
    page.wait_for_function(
        "w => ![...document.querySelectorAll('.rb-finding')].some(e => e.innerText.includes(w))",
        arg=words,
    )


def commit(page, selector: str, value: str) -> None:
    """Type a number into a number box and press Enter (the box sends its value then)."""
    box = page.locator(f"{selector} input")
    box.fill(value)
    box.press("Enter")


def shot(page, artifacts: Path, name: str) -> None:
    """A screenshot at 1400 x 900 with no overlapping controls and no Python values shown."""
    assert overlaps(visible_boxes(page, CONTROLS)) == [], name
    assert raw_values(page.locator(".rb-page").inner_text()) == [], name
    page.screenshot(path=str(artifacts / f"point_loop_{name}.png"))


def draw(page, artifacts) -> dict[str, tuple[float, float]]:
    """Twelve locations by clicking the map, then seventeen typed access lines."""
    page.get_by_role("button", name="place location").click()
    drawn = {name: place(page, zone, fx, fy, name) for zone, name, fx, fy in PLACES}
    page.get_by_role("button", name="draw line").click()
    for a, b, kind in LINES:
        join(page, a, b, kind)
    page.wait_for_selector(".rb-map-caption[data-locations='12'][data-lines='17']")
    assert page.locator(".rb-error").count() == 0
    shot(page, artifacts, "1_drawn")
    return drawn


def fix_the_map(page, artifacts):
    """Each problem the checks point at on the map, fixed by clicking through to it."""
    page.get_by_role("button", name="select").click()
    row = finding(page, "Pleiku counts in no zone")
    row.get_by_role("button", name="Show Pleiku").click()
    page.wait_for_selector(".rb-selected[data-loc='Pleiku']")
    page.get_by_label("Pleiku in zone").select_option("J")
    page.get_by_role("button", name="Apply").click()
    gone(page, "Pleiku counts in no zone")

    for loc, camp in (("D2", "Duc Co"), ("G1", "Plei Me")):  # the US set-up's camps (ftv:7.0B)
        finding(page, f"No location is the {camp} camp").get_by_role(
            "button", name="Open Map"
        ).click()
        select(page, loc)
        page.get_by_label("camp").fill(camp)
        page.get_by_role("button", name="Apply").click()
        gone(page, f"No location is the {camp} camp")
    finding(page, "The An Khe Box reaches no location")
    select(page, "J2")
    page.get_by_label("An Khe line").select_option(label="road")
    page.get_by_role("button", name="Apply").click()
    gone(page, "The An Khe Box reaches no location")

    finding(page, "no rank on the Zone Display").locator(".rb-show-culprit").click()
    # The culprits are outlined on the map (the marker is a zero-size anchor: attached, not visible).
    page.wait_for_selector(".rb-loc.problem[data-loc='A2']", state="attached")
    page.wait_for_selector(".rb-rank-A input", state="visible")  # Zones opened
    for zone, rank in RANKS.items():
        commit(page, f".rb-rank-{zone}", str(rank))
    gone(page, "no rank on the Zone Display")
    page.get_by_role("button", name="Take from access lines").click()
    page.wait_for_function("document.querySelector('.rb-touching textarea').value.includes('G-J')")
    shot(page, artifacts, "2_zones")


def set_the_campaign(page, artifacts):
    """The US set-up, Command Points and a victory level, opened from the checks."""
    finding(page, "LZ markers").get_by_role("button", name="Open Campaign").click()
    commit(page, ".rb-lz-real", "6")  # the US set-up: 6 real and 2 empty LZ markers (ftv:7.0A)
    commit(page, ".rb-lz-empty", "2")
    gone(page, "LZ markers")
    commit(page, ".rb-cp", "18")  # Command Points each turn, beside the book's 20 (ftv:3.1)
    page.wait_for_selector("text=book: 20")
    commit(page, ".rb-value-nva-tactical-at", "25")  # a victory level (ftv:5.2)
    page.wait_for_selector("text=book: 30")
    assert "Duc Co at D2, Plei Me at G1" in page.locator(".rb-us-setup").inner_text()
    shot(page, artifacts, "3_campaign")


def set_the_nva(page, artifacts):
    """The NVA set-up and two arrival waves; the tables sent to zones the map has."""
    finding(page, "tables name zones").get_by_role("button", name="Open NVA").click()
    for missing, to in SENT.items():
        page.locator(".rb-missing-zone select").select_option(missing)
        page.locator(".rb-send-to select").select_option(to)
        page.get_by_role("button", name="Send its results there").click()
        page.wait_for_function(
            "z => !document.querySelector('.rb-missing-zones')"
            " || !document.querySelector('.rb-missing-zones').innerText.includes(z)",
            arg=missing,
        )
    # The NVA set-up (ftv:7.0C) and two arrival waves from the Unknown Box (ftv:3.5.2).
    commit(page, ".rb-regiment-66", "5")
    page.wait_for_selector("text=book: 6")
    for turn, roll, regiments, zone in ((1, 7, (33,), "G"), (4, 8, (32, 66), "B")):
        commit(page, ".rb-arrival-turn", str(turn))
        page.locator(".rb-arrival-roll select").select_option(
            label=f"{roll} ({6 - abs(roll - 7)} in 36)"
        )
        for regiment in (32, 33, 66):
            page.locator(f".rb-arrival-reg-{regiment} input").set_checked(regiment in regiments)
        page.locator(".rb-arrival-zone select").select_option(zone)
        page.get_by_role("button", name="Set arrival").click()
        page.wait_for_selector(
            f".rb-arrival-now:has-text('turn {turn}, roll {roll}'):has-text('zone {zone}')",
        )
    page.wait_for_selector(".rb-problems.none")
    shot(page, artifacts, "4_nva")


def check_the_file(save: Path, drawn: dict):
    """The saved file holds exactly what was drawn and set."""
    saved = load_scenario(save)
    spec = saved.first_team.map
    assert {n: loc.xy for n, loc in spec.locations.items()} == drawn
    assert dict(spec.lines) == {
        "-".join(sorted((a, b))): FILE_KIND.get(kind, kind) for a, b, kind in LINES
    }
    assert spec.special_forces_camps == {"D2": "Duc Co", "G1": "Plei Me"}
    assert spec.an_khe == {"J2": "road"}
    assert spec.zone_of == {"Pleiku": "J"}
    assert spec.zone_display.ranks == RANKS
    assert sorted(tuple(sorted(p)) for p in spec.zone_display.adjacent) == [
        ("A", "B"),
        ("A", "Cambodia"),
        ("B", "D"),
        ("D", "G"),
        ("G", "J"),
    ]
    ft = saved.first_team
    assert (ft.us.lz_markers, ft.us.no_lz_markers) == (6, 2)
    assert saved.values["cp_per_turn"].value == 18
    assert saved.values["nva_tactical_at"].value == 25
    assert ft.nva.regiments[66] == [101, 102, 103, 104, 105]
    offboard = ft.tables.offboard
    assert offboard.turns[1][5] == "3G"
    assert offboard.turns[4][6] == "26B"
    for table in (ft.tables.intelligence, offboard):
        named = {c[-1] for cells in table.turns.values() for c in cells if c not in ("-", "up")}
        assert named <= set(RANKS)


def play_a_turn(page, new_page, voila_url: str, artifacts):
    """Save and play: a turn of it in the campaign app."""
    page.get_by_role("button", name="Save and play").click()
    link = page.wait_for_selector(".rb-play-link")
    play = new_page()
    play.goto(f"{voila_url}/voila/render/{link.get_attribute('href')}")
    app_ready(play)
    play.wait_for_selector(".rb-area-label[data-area='G1']")
    assert play.locator(".rb-error").count() == 0
    play.locator(".rb-computer select").select_option("to the end of the turn")
    play.get_by_role("button", name="Scripted US plays").click()
    play.wait_for_selector(".rb-ftv-board[data-turn='2']", timeout=120_000)
    assert "NVA phase" in play.locator(".rb-turn-summary[data-summary-turn='1']").inner_text()
    assert play.locator(".rb-cp-track span").count() == 18
    assert raw_values(play.locator(".rb-page").inner_text()) == []
    play.screenshot(path=str(artifacts / "point_loop_5_played.png"))
    new_page.done(play)


def weigh(page, new_page, voila_url: str, save: Path, artifacts):
    """One changed value over many campaigns in the balance lab, read as a verdict."""
    lab_href = page.locator(".rb-lab-link").get_attribute("href")
    lab = new_page(1400, 900)
    lab.goto(f"{voila_url}/voila/render/{lab_href}")
    app_ready(lab)
    picked = lab.get_by_label("scenario").evaluate("e => e.options[e.selectedIndex].text")
    assert save.name in picked
    lab.get_by_placeholder("filter: flares").fill("CP per turn")
    lab.wait_for_selector("b:text-is('CP per turn')")
    assert "18" in lab.locator(".rb-balance-lab b:text-is('CP per turn') >> xpath=..").inner_text()
    # The change weighed is one whose effect shows, VP per casualty point tripled, so the lab
    # stops at its first look (100 a side, 6 s). Command Points 18 -> 12, weighed before, barely
    # moves a random US player's campaign: the lab played all 1,000 to say "no effect", about
    # 40 CPU-s of the suite's 470.
    lab.get_by_placeholder("filter: flares").fill("VP casualty point")
    lab.wait_for_selector("b:text-is('VP casualty point')")
    lab.get_by_label("new value").first.fill("3")
    lab.get_by_role("button", name="Add to the variant").click()
    lab.wait_for_selector("text=VP casualty point: 1 → 3")
    games = lab.locator(".rb-games input")
    games.fill(str(GAMES))
    games.press("Enter")
    started = time.monotonic()
    lab.get_by_role("button", name="Run", exact=True).click()
    # The table forms while the games run ('So far N of M games'); the timing line comes last.
    lab.wait_for_selector(".rb-timing", timeout=3_600_000)
    took = time.monotonic() - started
    played = lab_games_a_side(lab, GAMES)  # all, or fewer where the difference was clear early
    print(
        f"balance lab: {played} of {GAMES} campaigns a side on the twelve-location map in {took:.0f} s"
    )
    verdicts = lab.locator(".rb-verdict").all_inner_texts()
    print("\n".join(verdicts))
    mean = next(v for v in verdicts if v.startswith("Mean NVA VP"))
    assert "Beyond chance: " in mean, mean  # higher VP a casualty shows
    assert lab.locator(".rb-error").count() == 0
    assert raw_values(lab.locator(".rb-page").inner_text()) == []
    lab.locator(".rb-verdict").first.scroll_into_view_if_needed()
    lab.screenshot(path=str(artifacts / "point_loop_6_weighed.png"))
    new_page.done(lab)


def test_a_twelve_location_map_from_blank_to_a_played_turn_and_a_balance_verdict(
    voila_url, page, new_page, artifacts, saves_file
):
    save = saves_file("browser_loop", ".yaml")
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(f"{voila_url}/voila/render/point_map_designer.ipynb")
    app_ready(page)
    page.get_by_role("button", name="New blank map").click()
    page.wait_for_selector(".rb-map-caption[data-locations='0']")
    finding(page, "There is no Pleiku")

    drawn = draw(page, artifacts)
    fix_the_map(page, artifacts)
    set_the_campaign(page, artifacts)
    set_the_nva(page, artifacts)
    page.locator(".rb-path input").fill(f"saves/{save.name}")
    page.get_by_role("button", name="Save", exact=True).click()
    page.wait_for_selector(".rb-saved")
    check_the_file(save, drawn)
    play_a_turn(page, new_page, voila_url, artifacts)
    weigh(page, new_page, voila_url, save, artifacts)
