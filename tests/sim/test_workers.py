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


# --- how many workers a sweep starts -----------------------------------------------------------


def _cgroup(folder: Path, **files: str) -> Path:
    """A cgroup file system of the test's own: ``cpu_max`` for v2's cpu.max, ``quota`` and
    ``period`` for v1's files under ``cpu``."""
    if "cpu_max" in files:
        (folder / "cpu.max").write_text(files["cpu_max"])
    if "quota" in files:
        (folder / "cpu").mkdir()
        (folder / "cpu" / "cpu.cfs_quota_us").write_text(files["quota"])
        (folder / "cpu" / "cpu.cfs_period_us").write_text(files.get("period", "100000\n"))
    return folder


AFFINITY = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()


@pytest.mark.parametrize(
    ("files", "quota"),
    [
        ({"cpu_max": "max 100000\n"}, None),  # v2, no limit
        ({"cpu_max": "150000 100000\n"}, 1.5),  # v2: a core and a half
        ({"cpu_max": "50000 100000\n"}, 0.5),
        ({"quota": "-1\n"}, None),  # v1, no limit
        ({"quota": "200000\n", "period": "100000\n"}, 2.0),
        ({"quota": "25000\n", "period": "50000\n"}, 0.5),
        ({}, None),  # no cgroup file system (macOS, Windows)
        ({"cpu_max": "lots 100000\n"}, None),  # a file that cannot be read as a quota
        ({"cpu_max": ""}, None),
        ({"quota": "100000\n", "period": "0\n"}, None),
    ],
)
def test_the_cpu_quota_is_read_from_cgroup_v1_or_v2(tmp_path, files, quota):
    from rulebook.sim._workers import cpu_quota, usable_cores

    folder = _cgroup(tmp_path, **files)
    assert cpu_quota(folder) == quota
    expected = AFFINITY if quota is None else min(AFFINITY, max(1, int(-(-quota // 1))))
    assert usable_cores(folder) == expected


def test_usable_cores_on_this_machine_is_at_least_one_and_within_the_affinity():
    from rulebook.sim import usable_cores

    assert 1 <= usable_cores() <= AFFINITY


SWEEP_UNDER_QUOTA = (
    "import sys\n"
    "from pathlib import Path\n"
    "from rulebook.sim import _workers\n"
    "_workers.CGROUP = Path(sys.argv[1])\n"
    "from rulebook.games.lz_albany import standard_scenario\n"
    "from rulebook.sim import sweep\n"
    "sweep(standard_scenario(), 120, 1)\n"  # workers not given: one per usable core
)


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
@pytest.mark.skipif(AFFINITY < 2, reason="needs two cores to tell one worker from two")
def test_a_sweep_in_a_container_allowed_half_a_core_starts_one_worker(tmp_path):
    folder = _cgroup(tmp_path, cpu_max="50000 100000\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    parent = subprocess.Popen([sys.executable, "-c", SWEEP_UNDER_QUOTA, str(folder)], env=env)
    seen = set()
    try:
        while parent.poll() is None:  # every worker it starts, sampled until the sweep ends
            seen.update(_children(parent.pid))
            time.sleep(0.05)
        assert parent.returncode == 0
        assert len(seen) == 1, f"{len(seen)} workers started under a quota of half a core"
    finally:
        if parent.poll() is None:
            parent.kill()
