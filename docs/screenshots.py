"""Regenerate the apps' screenshots in docs/ from the real apps, as a user first sees them.

    python docs/screenshots.py                 # every app in SHOTS
    python docs/screenshots.py walkthrough     # only the shots whose name contains a word

It serves the apps exactly as a user does (``python -m rulebook serve`` on a free loopback
port), opens each in headless Chromium (/usr/bin/chromium) at 1400 x 900, waits for the
page's ``.rb-ready`` marker and the map tiles or widgets it names, runs the shot's steps
(clicks a user would make to show the app at work) and writes ``docs/<png>``.

To add an app, append a :class:`Shot` to ``SHOTS``: its notebook, its PNG, and, if the first
screen alone would show an empty app, a function of the Playwright page that does what a user
would do first. Look at every PNG you regenerate before you commit it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
sys.path.insert(0, str(ROOT / "tests"))  # Chromium as the browser tests run it
from browser._chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from browser._serve import ServerError, free_port, start, stop  # noqa: E402

VIEWPORT = {"width": 1400, "height": 900}


@dataclass(frozen=True)
class Shot:
    """One screenshot: which app, which file, and what a user does before it is taken.

    *steps* gets the Playwright page once the app is ready; *full_page* keeps the whole
    scrolled page rather than the first screen; *wait_for* is a selector to wait for after
    the steps (a result the steps produce).
    """

    name: str
    notebook: str
    png: str
    steps: Callable[[object], None] | None = None
    wait_for: str | None = None
    full_page: bool = False


def _click(text: str) -> Callable[[object], None]:
    """A step that clicks the first button whose label contains *text*."""

    def step(page) -> None:
        page.get_by_role("button", name=text).first.click()

    return step


def _lz_albany_turn(page) -> None:
    """The computer plays turn 1 for both sides, then hands the US to the reader (lit choices)."""
    page.get_by_role("button", name="neither: watch").click()
    page.wait_for_timeout(500)
    page.locator(".rb-computer select").select_option("to the end of the turn")
    page.wait_for_timeout(500)
    page.get_by_role("button", name="Computer plays").click()
    page.wait_for_function(
        "document.querySelector('.rb-status').innerText.includes('Turn 2')", timeout=120_000
    )
    page.get_by_role("button", name="US", exact=True).click()
    page.wait_for_timeout(1500)


def _first_team_turn(page) -> None:
    """The scripted US player plays turn 1; the screen then tells what the turn did."""
    page.locator(".rb-computer select").select_option("to the end of the turn")
    page.wait_for_timeout(500)
    page.get_by_role("button", name="Scripted US plays").click()


def _balance_comparison(page) -> None:
    """A designer picks the NVA rifle platoons' melee, raises it, and compares 40 games each."""
    page.get_by_placeholder("filter: flares").fill("NVA rifle melee")
    page.wait_for_selector("b:text-is('NVA rifle counters: melee')")
    page.get_by_label("new value").first.fill("3")
    page.get_by_role("button", name="Add to the variant").click()
    page.locator(".rb-games input").fill("40")
    page.get_by_role("button", name="Run", exact=True).click()
    # The page scrolls inside Voila's container, so a full-page shot stops at the first
    # screen: scroll down to show the change beside its comparison and verdict instead.
    page.wait_for_selector(".rb-verdict", timeout=120_000)
    page.locator(".rb-changes").evaluate("e => e.scrollIntoView({block: 'start'})")


#: Every app's screenshot. Add yours here.
def _av_problem_selected(page) -> None:
    """Dak Po with tunnel spot 2 moved too near spot 1: the problem in words, both spots marked,
    spot 1 selected from the problem's button."""
    page.locator(".rb-av-picker select").select_option(label="Search & Destroy at Dak Po")
    page.wait_for_selector("svg.av-table .civilians", state="attached", timeout=30_000)
    page.locator(".rb-av-item select").select_option(label="tunnel spot 2")
    # The kernel fills in the spot's position on selection; type over it only after that.
    page.wait_for_selector(".rb-av-selected[data-id='spot-2']", timeout=30_000)
    page.locator(".rb-av-item-x input").fill("14")
    page.locator(".rb-av-item-y input").fill("36")
    page.get_by_role("button", name="Move", exact=True).click()
    page.get_by_role("button", name="Select tunnel spot 1").click()


def _select_an_area(page) -> None:
    """Click C4: its outline, what it sees (lza:7.8) and the hand links show."""
    page.wait_for_selector(".rb-area-label[data-area='C4']", timeout=60_000)
    box = page.locator(".rb-area-label[data-area='C4']").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2 + 8)


def _select_a_location(page) -> None:
    """Click the Plei Me camp (G4): its lines and zone show beside the map; then the NVA tab
    shows the regiments and their arrivals (the campaign's reinforcement waves) in words."""
    page.wait_for_selector(".rb-loc[data-loc='G4'] .dot", timeout=60_000)
    box = page.locator(".rb-loc[data-loc='G4'] .dot").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector(".rb-selected[data-loc='G4']", timeout=30_000)
    page.locator(".rb-point-tabs .lm-TabBar-tab", has_text="NVA").click()
    page.wait_for_selector(".rb-arrivals", timeout=30_000)


SHOTS: list[Shot] = [
    Shot("start", "00_start_here.ipynb", "start_page.png"),
    # A reader's search: the abbreviation LOS, each result saying why it matched.
    Shot("rules_reference", "rules_reference.ipynb?q=LOS&rule=lza%3A7.8", "rules_reference.png"),
    Shot("walkthrough", "ia_drang_walkthrough.ipynb", "ia_drang_walkthrough.png"),
    Shot("lz_albany_play", "lz_albany_play.ipynb", "lz_albany_play.png", steps=_lz_albany_turn),
    Shot("interactions", "lz_albany_interactions.ipynb", "lz_albany_interactions.png"),
    Shot(
        "first_team_combat",
        "first_team_combat.ipynb",
        "first_team_combat.png",
        steps=_click("4.1 example"),
    ),
    Shot(
        "first_team_campaign",
        "first_team_campaign.ipynb",
        "first_team_campaign.png",
        steps=_first_team_turn,
        wait_for=".rb-turn-summary[data-summary-turn='1']",
    ),
    Shot(
        "ambush_valley_designer",
        "ambush_valley_designer.ipynb",
        "ambush_valley_designer.png",
        steps=_av_problem_selected,
        wait_for=".rb-av-selected[data-id='spot-1']",
    ),
    Shot(
        "scenario_designer",
        "scenario_designer.ipynb",
        "scenario_designer.png",
        steps=_select_an_area,
        wait_for=".rb-selected[data-area='C4']",
    ),
    Shot(
        "point_map_designer",
        "point_map_designer.ipynb",
        "point_map_designer.png",
        steps=_select_a_location,
        wait_for=".rb-selected[data-loc='G4']",
    ),
    Shot(
        "balance_lab",
        "balance_lab.ipynb",
        "balance_lab.png",
        steps=_balance_comparison,
        wait_for=".rb-verdict",
    ),
]


def take(shots: list[Shot], port: int) -> list[Path]:
    """Take *shots* from the apps served on *port*; return the files written."""
    from playwright.sync_api import sync_playwright

    written = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for shot in shots:
            context = browser.new_context(viewport=VIEWPORT)
            page = context.new_page()
            # Nothing leaves the machine (Voila's template asks a CDN for fonts).
            page.route(
                "**/*",
                lambda route: (
                    route.continue_()
                    if route.request.url.startswith(("http://127.0.0.1", "data:", "blob:"))
                    else route.abort()
                ),
            )
            page.goto(f"http://127.0.0.1:{port}/voila/render/{shot.notebook}")
            page.wait_for_selector(".rb-ready", timeout=180_000)
            page.wait_for_timeout(1500)  # let leaflet and late widgets lay themselves out
            if shot.steps is not None:
                shot.steps(page)
            if shot.wait_for:
                page.wait_for_selector(shot.wait_for, timeout=120_000)
            page.wait_for_timeout(800)
            path = DOCS / shot.png
            page.screenshot(path=str(path), full_page=shot.full_page)
            written.append(path)
            print(f"wrote {path.relative_to(ROOT)}")  # noqa: T201 - a script reports its work
            context.close()
        browser.close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="only shots whose name contains one of these")
    args = parser.parse_args(argv)
    shots = [s for s in SHOTS if not args.names or any(n in s.name for n in args.names)]
    if not shots:
        known = ", ".join(s.name for s in SHOTS)
        raise SystemExit(f"no shot matches {args.names}; the shots are: {known}")
    port = free_port()
    log = ROOT / "tests" / "browser" / "artifacts" / "screenshots-voila.log"
    try:
        server, _ = start(log=log, port=port)
    except ServerError as err:
        raise SystemExit(str(err)) from None
    try:
        take(shots, port)
    finally:
        stop(server)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
