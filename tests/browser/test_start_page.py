"""The start page, rendered by the real Voila in headless Chromium."""

from __future__ import annotations

import re

import pytest
from browser._seen import app_ready
from browser._words import read_every_view

pytestmark = [pytest.mark.browser, pytest.mark.slow]

APP = "/voila/render/00_start_here.ipynb"


def test_start_page_renders_and_the_odds_respond(shared_app, artifacts):
    """The page as it opens (the tab-closing test below closes it, last)."""
    page = shared_app(APP, 1280, 900)

    assert page.locator("h1").first.inner_text() == "Ia Drang Rulebook"
    for game in ("LZ Albany", "First Team: Vietnam", "Ambush Valley"):
        assert page.get_by_text(game, exact=False).first.is_visible()
    headline = page.locator(".rb-odds .at-least-one")
    assert headline.get_attribute("data-exact") == "91/216"

    # Move the dice slider one step right with the keyboard, as a user would.
    page.locator(".rb-odds .slider-container .noUi-handle").first.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "document.querySelector('.rb-odds .at-least-one').dataset.exact === '671/1296'",
    )
    assert re.search(r"Rolling 4 dice", page.locator(".rb-odds").inner_text())
    page.screenshot(path=str(artifacts / "start_page.png"), full_page=True)
    read_every_view(page, "00_start_here.ipynb", artifacts)
    assert page.pageerrors == []


def test_nothing_leaves_the_machine(page):
    """Only loopback requests leave the browser: a request elsewhere is refused at once by the
    dead proxy the browser fixture sets (not left to time out, or to an offline machine's DNS)."""
    from playwright.sync_api import Error

    with pytest.raises(Error, match="ERR_PROXY_CONNECTION_FAILED"):
        page.goto("http://example.com/", timeout=10_000)


def test_closing_a_tab_shuts_its_kernel_down(voila_url, shared_app):
    """Voila's unload beacon echoes the ``_xsrf`` cookie, which Voila 0.5 never set, so it was
    refused and a closed tab's kernel lived until the idle cull (widgets.voila_server). The tab
    is the start page the first test opened (a tab of its own cost an app open)."""
    import time
    import urllib.error
    import urllib.request

    page = shared_app(APP, 1280, 900)
    assert "_xsrf" in {cookie["name"] for cookie in page.context.cookies()}
    (_, kernel), *_ = page.kernels

    def alive() -> bool:
        try:
            with urllib.request.urlopen(f"{voila_url}/api/kernels/{kernel}", timeout=10):  # noqa: S310
                return True
        except urllib.error.HTTPError as err:
            status = err.code
        assert status == 404  # gone, not some other failure
        return False

    assert alive()
    page.close(run_before_unload=True)  # as a visitor closes the tab
    deadline = time.monotonic() + 60
    while alive():
        assert time.monotonic() < deadline, (
            f"kernel {kernel} still runs a minute after its tab closed"
        )
        time.sleep(0.5)


def test_a_page_served_without_its_output_is_reloaded_once_then_reported(page):
    """``app_ready`` (browser._seen) waits through the reload a page served without its output
    makes of itself (widgets.voila_server), adds none of its own, and reports a page that comes
    back empty again at once, without waiting the full three minutes."""
    import time

    from widgets.voila_server import RELOAD_IF_EMPTY

    served = []

    def serve(route):
        served.append(route.request.url)
        route.fulfill(content_type="text/html", body=f"<html><body></body></html>{RELOAD_IF_EMPTY}")

    page.route("http://127.0.0.1:9/app", serve)
    page.goto("http://127.0.0.1:9/app")
    started = time.monotonic()
    with pytest.raises(AssertionError, match="twice without its output"):
        app_ready(page, timeout_ms=60_000)
    assert time.monotonic() - started < 60
    assert len(served) == 2  # the page's own reload, and no other


def test_an_app_page_ends_with_the_reload_for_a_page_served_empty(voila_url):
    """Every page Voila renders ends with widgets.voila_server's RELOAD_IF_EMPTY."""
    import urllib.request

    from widgets.voila_server import RELOAD_IF_EMPTY

    with urllib.request.urlopen(f"{voila_url}/voila/render/first_team_combat.ipynb") as reply:  # noqa: S310
        html = reply.read().decode()
    assert html.rstrip().endswith(RELOAD_IF_EMPTY.strip())
    assert "jp-OutputArea-child" in html  # what the script looks for is in the HTML as sent


@pytest.mark.parametrize(
    ("output", "loads"), [("", 2), ("<div class='jp-OutputArea-child'>app</div>", 1)]
)
def test_a_page_served_without_output_reloads_itself_once_and_only_once(page, output, loads):
    """The script in Chromium: a page with no output loads twice (one reload, however often it
    comes back empty); a page with output loads once."""
    from widgets.voila_server import RELOAD_IF_EMPTY

    served = []

    def serve(route):
        served.append(route.request.url)
        route.fulfill(
            content_type="text/html", body=f"<html><body>{output}</body></html>{RELOAD_IF_EMPTY}"
        )

    page.route("http://127.0.0.1:9/app", serve)
    page.goto("http://127.0.0.1:9/app")  # (returns once the first page has loaded)
    for _ in range(900):  # the reload, if one is due: up to 90 s on a busy machine
        if len(served) >= loads:
            break
        page.wait_for_timeout(100)
    page.wait_for_load_state("load")
    page.wait_for_timeout(500)  # room for a further reload, which must not come
    assert len(served) == loads
