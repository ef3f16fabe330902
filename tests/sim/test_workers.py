"""A local sweep's workers die with their parent (SIGKILL, SIGTERM): no orphans playing on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SWEEP = (
    "from rulebook.games.lz_albany import standard_scenario\n"
    "from rulebook.sim import sweep\n"
    "sweep(standard_scenario(), 400, 1, workers=2)\n"
)


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(c) for c in path.read_text().split()] if path.exists() else []


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0]
    except (FileNotFoundError, IndexError):
        return False
    return state != "Z"


def _wait_for(check, limit: float = 60.0) -> bool:
    """Poll *check* until true or *limit* seconds pass (a bound on waiting, not a timing test)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.2)
    return check()


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_killing_the_parent_of_a_sweep_takes_its_workers(sig):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    parent = subprocess.Popen([sys.executable, "-c", SWEEP], env=env)
    try:
        assert _wait_for(lambda: len(_children(parent.pid)) >= 2), "the workers never started"
        workers = _children(parent.pid)
        parent.send_signal(sig)
        parent.wait(timeout=60)
        # Killed by the kernel at once; unguarded, a worker plays its batch out (tens of seconds).
        assert _wait_for(lambda: not any(_alive(w) for w in workers), limit=8.0), "orphans remain"
    finally:
        if parent.poll() is None:
            parent.kill()
