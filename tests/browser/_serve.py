"""Starting `rulebook serve` as a user does, for the browser tests, the screenshots script
(``docs/screenshots.py``) and the app-opening benchmark; and skipping (or, in CI, failing) a
test with the reason when something it needs is missing."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

ROOT = Path(__file__).resolve().parents[2]
START_S = 90  # how long Voila may take to answer at all (it starts no kernel for that)


class ServerError(RuntimeError):
    """`rulebook serve` ended, or did not answer in time; the message says where its log is."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(*options: str, log: Path, port: int | None = None) -> tuple[subprocess.Popen, str]:
    """`rulebook serve` with *options* on *port* (a free one if None), its output in *log*:
    the server and its base URL, once Voila answers. Raises ServerError otherwise."""
    port = free_port() if port is None else port
    log.parent.mkdir(parents=True, exist_ok=True)
    found = shutil.which("rulebook")  # the command a user types, where it is installed
    command = [found] if found else [sys.executable, "-m", "rulebook"]
    with log.open("w") as out:  # the child keeps its own copy of the file
        server = subprocess.Popen(
            [*command, "serve", "--port", str(port), *options],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_S
    while True:
        if server.poll() is not None:
            raise ServerError(f"rulebook serve exited with {server.returncode}; see {log}")
        try:
            # The folder listing: it answers as soon as the server is up and starts no kernel.
            with urllib.request.urlopen(f"{base}/", timeout=2):  # noqa: S310 - http URL we built
                return server, base
        except OSError:
            if time.monotonic() > deadline:
                stop(server)
                raise ServerError(
                    f"Voila did not answer on {base} within {START_S} s; see {log}"
                ) from None
            time.sleep(0.3)


def stop(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()


def require(condition: bool, why: str) -> None:
    if condition:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser test cannot run in CI: {why}")
    pytest.skip(why)


@contextlib.contextmanager
def serving(*options: str, log: Path) -> Iterator[str]:
    """For a test: :func:`start` on a free port, the base URL, and the server stopped on
    leaving; the test fails with the reason if the server does not come up."""
    require(
        shutil.which("rulebook") is not None,
        "the rulebook command is not installed (pip install -e '.[app,test]')",
    )
    try:
        server, base = start(*options, log=log)
    except ServerError as err:
        pytest.fail(str(err))
    try:
        yield base
    finally:
        stop(server)


def wait_until_kernels_idle(timeout_s: float = 180) -> None:
    """Until every Jupyter kernel started under this process has used no CPU for a second: a
    kernel kept ready is then past its imports, waiting for its visitor."""
    deadline = time.monotonic() + timeout_s
    before = None
    while True:
        used = {}
        for process in psutil.Process().children(recursive=True):
            with contextlib.suppress(psutil.Error):  # (one that ended meanwhile)
                if "ipykernel" in " ".join(process.cmdline()):
                    used[process.pid] = sum(process.cpu_times()[:2])
        if used and used == before:
            return
        if time.monotonic() > deadline:
            raise ServerError(f"the kernels were still busy after {timeout_s} s")
        before = used
        time.sleep(1)
