"""Fixtures that run the real app: `rulebook serve` on a free loopback port, and headless Chromium.

Outside CI a machine without Chromium skips these tests and says why; with
CI=true a missing browser is an error, never a skip.

What a browser test can ask for (opening an app starts a kernel and runs its notebook: the
costly step, a few seconds each, so share an opened app where the tests allow it):

- ``voila_url`` (session): the base URL of one `rulebook serve` for the whole run.
- ``browser`` (session): one headless Chromium.
- ``page`` (per test): a 1280 x 900 page (only loopback requests leave the browser: see
  ``browser``). Use it when the test needs the app as it opens, or changes it in ways the next
  test must not see. All pages of a worker share one browser context, so its HTTP cache: an
  app's scripts are fetched and compiled once per worker (see ``_Tabs``).
- ``shared_app`` (per module): ``shared_app(path, width=1400, height=900)`` opens
  ``voila_url + path`` once per module and viewport and returns that same page to every test
  of the module that asks for it (``.pageerrors`` collects the page's script errors since it
  opened). Tests sharing an app run in file order: put the ones that only read before the
  ones that change it, and say in each which state it expects.
- ``new_page(width, height)``: a page of that size, put back after the test, or at once with
  ``new_page.done(page)``. A page the test opens from a page (a popup) is put back after the
  test too. A page put back has its kernel shut down and is parked for the next test to
  reuse, or closed (see ``_Tabs``).
- ``artifacts`` (session): the folder for screenshots and the server log (ignored by git).
- ``browser._serve.serving(*options, log=path)`` (a context manager, not a fixture): a server
  of a test's own, with other ``rulebook serve`` options, yielding its base URL.

Under ``pytest`` with no paths the suite runs on pytest-xdist workers (conftest.py at the
root): each worker that runs browser tests starts its own server and Chromium, and a test that
uses no module-scoped fixture (``shared_app``) may run on any worker. So a test that saves a
file takes its path from ``saves_file(stem, suffix)`` (root conftest.py): the name carries the
run's tag and the file is removed when the run ends, never while an app on another worker may
be listing the saves folder.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import socket
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser._chromium import CHROMIUM, CHROMIUM_ARGS, NAVIGATION_MS, WAIT_MS
from browser._seen import KernelRequests, app_ready
from browser._serve import require, serving

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "browser" / "artifacts"


def _server_log() -> Path:
    """One log per xdist worker (each starts its own server); plain voila.log otherwise."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return ARTIFACTS / (f"voila-{worker}.log" if worker else "voila.log")


@pytest.fixture(scope="session")
def voila_url() -> Iterator[str]:
    """Start the apps exactly as a user does (`rulebook serve`) and wait until Voila answers."""
    with serving(log=_server_log()) as base:
        yield base


@pytest.fixture(scope="session")
def browser():
    require(
        Path(CHROMIUM).exists(), f"{CHROMIUM} is missing (apt-get install chromium chromium-driver)"
    )
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)  # its default, 5 s, is shorter than a busy kernel's answer
    # Nothing may reach past this machine (Voila's template asks a CDN for fonts, a map with no
    # layers asks a tile server): every request but loopback goes to a proxy on a port that is
    # bound and never listens, so it is refused at once. Chromium never proxies loopback. (A
    # route handler on every page did this before, at the cost of a round trip through this
    # process for each of the ~100 files an app loads.)
    with socket.socket() as nowhere, sync_playwright() as p:
        nowhere.bind(("127.0.0.1", 0))
        proxy = f"--proxy-server=http://127.0.0.1:{nowhere.getsockname()[1]}"
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, proxy])
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where browser tests leave screenshots and the server log (ignored by git)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


#: A kernel's websocket: http base URL and kernel id.
_KERNEL_SOCKET = re.compile(r"^ws(://[^/]+)/api/kernels/([0-9a-f-]+)/channels")


class _Tabs:
    """The worker's one browser context, and every page (tab) opened in it, in order.

    All pages of a run share one context, hence one HTTP cache: an app's ~100 script and style
    files are fetched, parsed and compiled once per worker, not once per page (a context of its
    own per page cost Chromium ~5 CPU-s per app opened, one shared context ~2.5 s, and each
    open ~3 s less wall time). The apps keep nothing in the browser between pages (no local
    storage; their state lives in each page's own kernel), so a test still sees its app as a
    visitor who opens it does. Each page notes the kernel it started (``kernels``), for
    ``close_since`` to shut down. The pages are tabs of one window, and only the front tab
    gets animation frames: a test that goes back to a page behind another brings it to the
    front first (``shared_app`` does). Each page's ``kernel`` holds the requests its kernel has
    not yet answered (``browser._seen.KernelRequests``), and its ``pageerrors`` the script
    errors seen since it was handed out.

    A page a test is done with is parked on ``about:blank`` and handed to the next test that
    opens one, rather than closed: a new tab starts a renderer process of its own, which cost
    Chromium about 1.7 CPU-s per app opened (2.3 s against 0.7 s, measured on the start page),
    while a navigation within the site keeps the tab's process. Leaving the app is also how a
    visitor's tab ends its kernel (Voila's unload beacon). A page the test gave a handler or a
    route of its own (``on``, ``once``, ``route``) is closed instead, so nothing of one test
    reaches the next.
    """

    #: Parked pages kept for reuse; more are closed.
    IDLE = 3

    def __init__(self, browser) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        # Voila answers an app's page only once its notebook has run: on two busy cores (CI
        # runs two workers beside two kernels) that took over 30 s, Playwright's default. A
        # click or a wait answered by a kernel gets more room than the default for the same
        # reason; a test that waits for something which never comes fails all the same.
        self.context.set_default_navigation_timeout(NAVIGATION_MS)
        self.context.set_default_timeout(WAIT_MS)
        self.opened: list = []
        self.kept: set = set()  # pages shared_app keeps open for the rest of a module
        self.idle: list = []  # parked pages, for open to hand out again
        self.context.on("page", self._watch)  # popups and second windows too

    def _watch(self, page) -> None:
        if hasattr(page, "kernels"):
            return
        page.kernels = set()
        page.on("websocket", lambda ws: page.kernels.update(_KERNEL_SOCKET.findall(ws.url)))
        page.kernel = KernelRequests(page)  # what its kernel has yet to answer (see _seen)
        page.pageerrors = []  # the page's script errors since it last opened an app
        page.on("pageerror", lambda exc: page.pageerrors.append(str(exc)))
        page.own_handlers = False
        for name in ("on", "once", "route"):  # a test's own: the page is not parked after it
            setattr(page, name, _marking(page, getattr(page, name)))
        self.opened.append(page)

    def open(self, width: int = 1280, height: int = 900):
        """A page of *width* x *height*: a parked one if there is one, else a new tab."""
        if self.idle:
            page = self.idle.pop()
            page.kernel.pending.clear()  # the requests of the app it showed before, unanswered
            page.pageerrors.clear()
            page.bring_to_front()  # only the front tab gets animation frames (see above)
            self.opened.append(page)
        else:
            page = self.context.new_page()
            self._watch(page)  # a no-op when the context's page event came first
        page.set_viewport_size({"width": width, "height": height})
        return page

    def mark(self) -> int:
        """A bookmark for ``close_since``: the number of pages opened so far.

        Taken as a test starts, which is also when the cookies of earlier tests are dropped
        (but while a module keeps a page open), so each test's apps set their own.
        """
        if not self.kept:
            self.context.clear_cookies()
        return len(self.opened)

    def close_since(self, mark: int, *, park: bool = True) -> None:
        """Shut down the kernels of the pages opened since *mark*, but those kept, and park
        the pages that can be reused (see above); close the rest."""
        for page in self.opened[mark:]:
            if page not in self.kept:
                self.put_back(page, park=park)
        self.opened[mark:] = [p for p in self.opened[mark:] if p in self.kept]

    def release(self, page) -> None:
        """A page kept for a module, no longer needed: put it back (see ``put_back``)."""
        self.kept.discard(page)
        self.opened = [p for p in self.opened if p is not page]
        self.put_back(page)

    def put_back(self, page, *, park: bool = True) -> None:
        """Park *page* for reuse if it can be and there is room, else close it; either way
        its kernels are shut down."""
        if park and len(self.idle) < self.IDLE and _parked(page):
            self.idle.append(page)
        else:
            _close(page)


def _shut_down(base: str, kernel: str) -> None:
    """Ask the Voila server at *base* to shut *kernel* down, as the page's own beacon would.

    The request carries an XSRF token and the same token as the ``_xsrf`` cookie, which is what
    Tornado's check compares.
    """
    token = secrets.token_hex(16)
    request = urllib.request.Request(  # noqa: S310 - http URL we built
        f"{base}/voila/api/shutdown/{kernel}",
        data=b"",
        method="POST",
        headers={"X-XSRFToken": token, "Cookie": f"_xsrf={token}"},
    )
    with contextlib.suppress(OSError):  # the server already stopped: nothing left to shut down
        urllib.request.urlopen(request, timeout=60).close()  # noqa: S310


def _marking(page, method):
    """*method* of *page*, which first notes that the test gave the page something of its own."""

    def marked(*args, **kwargs):
        page.own_handlers = True
        return method(*args, **kwargs)

    return marked


def _parked(page) -> bool:
    """Leave the app *page* shows for ``about:blank`` (which keeps the tab's process), its
    kernels shut down; False, and nothing done, if the page cannot be reused."""
    from playwright.sync_api import Error as PlaywrightError

    if page.is_closed() or page.own_handlers:
        return False
    try:
        page.goto("about:blank")  # the app's unload beacon goes first, as in a visitor's tab
    except PlaywrightError:  # a page that will not leave its app is closed instead
        return False
    _shut_down_kernels(page)  # (a kernel the beacon already ended answers 404: no matter)
    return True


def _shut_down_kernels(page) -> None:
    while page.kernels:
        base, kernel = page.kernels.pop()
        threading.Thread(target=_shut_down, args=(f"http{base}", kernel), daemon=True).start()


def _close(page) -> None:
    """Close *page* (if the test did not) and shut down the kernels it started.

    Voila shuts a page's kernel down from the page's ``beforeunload`` (a beacon that
    ``widgets/voila_server.py`` lets through), but Playwright closes a page without running
    that handler, so a closed page's kernel (85-250 MB) would live until culled and a whole
    run's kernels would pile up (40 and more) on a small machine; the real beacon has its own
    test (``test_closing_a_tab_shuts_its_kernel_down``). The shutdown takes the server ~0.7 s
    per kernel: it runs beside the next test, not before it.
    """
    _shut_down_kernels(page)
    if not page.is_closed():
        page.close()


@pytest.fixture(scope="session")
def _tabs(browser) -> Iterator[_Tabs]:
    tabs = _Tabs(browser)
    yield tabs
    tabs.kept.clear()
    tabs.close_since(0, park=False)
    for page in tabs.idle:
        page.close()
    tabs.context.close()


@pytest.fixture
def page(_tabs):
    """A 1280 x 900 page on ``about:blank``; it, and every page opened from it, is put back
    after the test (see ``_Tabs``)."""
    mark = _tabs.mark()
    yield _tabs.open(1280, 900)
    _tabs.close_since(mark)


@pytest.fixture
def new_page(_tabs):
    """``new_page(width, height)``: a page of that size, put back (its kernel shut down) after
    the test, or when the test is done with it: ``new_page.done(page)``."""
    mark = _tabs.mark()
    yield _Opener(_tabs)
    _tabs.close_since(mark)


class _Opener:
    """What ``new_page`` gives a test: call it for a page, hand the page back with ``done``."""

    def __init__(self, tabs: _Tabs) -> None:
        self._tabs = tabs

    def __call__(self, width: int = 1280, height: int = 900):
        return self._tabs.open(width, height)

    def done(self, page) -> None:
        """Put *page* back now, as a visitor leaves an app (see ``_Tabs``)."""
        self._tabs.release(page)


@pytest.fixture(scope="module")
def shared_app(_tabs, voila_url):
    """``shared_app(path, width=1400, height=900)``: an app opened once per module and viewport.

    Waits for ``.rb-ready`` (the app built and shown); the page carries ``pageerrors``, the
    script errors seen since it opened, and ``kernel``, the requests its kernel has not yet
    answered (``browser._seen.KernelRequests``).
    """
    pages: dict[tuple[str, int, int], object] = {}

    def open_once(path: str, width: int = 1400, height: int = 900):
        key = (path, width, height)
        if key not in pages:
            page = _tabs.open(width, height)
            _tabs.kept.add(page)
            page.goto(voila_url + path)
            app_ready(page)
            pages[key] = page
        # Pages of one context are tabs of one window: only the front one gets animation
        # frames, which Playwright's waits poll on (a test on a tab left behind a newer one
        # ran 8x slower).
        pages[key].bring_to_front()
        return pages[key]

    yield open_once
    for page in pages.values():
        _tabs.release(page)
