"""Fixtures that run the real app: `rulebook serve` on a free loopback port, and headless Chromium.

Outside CI a machine without Chromium skips these tests and says why; with
CI=true a missing browser is an error, never a skip.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = ROOT / "tests" / "browser" / "artifacts"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _require(condition: bool, why: str) -> None:
    if condition:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser test cannot run in CI: {why}")
    pytest.skip(why)


@pytest.fixture(scope="session")
def voila_url() -> Iterator[str]:
    """Start the apps exactly as a user does (`rulebook serve`) and wait until Voila answers."""
    rulebook = shutil.which("rulebook")
    _require(
        rulebook is not None, "the rulebook command is not installed (pip install -e '.[app,test]')"
    )
    port = _free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    log = ARTIFACTS / "voila.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [rulebook, "serve", "--port", str(port)], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 90
            while True:
                if server.poll() is not None:
                    pytest.fail(f"rulebook serve exited with {server.returncode}; see {log}")
                try:
                    # The folder listing: it answers as soon as the server is up and starts no kernel.
                    with urllib.request.urlopen(f"{base}/", timeout=2):  # noqa: S310 - http URL we built
                        break
                except OSError:
                    if time.monotonic() > deadline:
                        pytest.fail(f"Voila did not answer on {base} within 90 s; see {log}")
                    time.sleep(0.3)
            yield base
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()


@pytest.fixture(scope="session")
def browser():
    _require(
        Path(CHROMIUM).exists(), f"{CHROMIUM} is missing (apt-get install chromium chromium-driver)"
    )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where browser tests leave screenshots and the server log (ignored by git)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    # Nothing may reach past this machine; Voila's template asks a CDN for fonts.
    page.route(
        "**/*",
        lambda route: (
            route.continue_()
            if route.request.url.startswith(("http://127.0.0.1", "data:", "blob:"))
            else route.abort()
        ),
    )
    yield page
    context.close()
