"""Worker processes: how many a sweep starts, and how they die with their parent.

A local sweep starts one worker per core it may use (:func:`usable_cores`): the cores its
affinity allows, or fewer where the container's CPU quota allows less, as on Binder or a shared
JupyterHub. ``os.cpu_count()`` counts every core of the host, and a container allowed one core
of a 64-core host would start 64 workers that fight over it.

A local sweep's workers are started with :func:`die_with_parent` as their initializer. Killing
the parent (SIGTERM, SIGKILL, a Jupyter kernel shut down mid-sweep) then takes the workers
with it, rather than leaving orphans that play games nobody will read: on Linux the kernel
sends them SIGKILL (``prctl(PR_SET_PDEATHSIG)``), and everywhere a watchdog thread ends the
worker once its parent is gone. Workers ignore SIGINT, so Ctrl-C reaches only the parent,
which stops the sweep and keeps the games already finished.
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import os
import signal
import sys
import threading
import time
from pathlib import Path

__all__ = ["die_with_parent", "usable_cores"]

CGROUP = Path("/sys/fs/cgroup")

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
_WATCH_SECONDS = 1.0


def die_with_parent(parent_pid: int) -> None:
    """Initializer of a worker process: end when *parent_pid* ends; ignore Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent_pid:  # the parent died before the line above took effect
        os._exit(1)
    threading.Thread(target=_watch, args=(parent_pid,), daemon=True, name="parent-watch").start()


def _watch(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(_WATCH_SECONDS)
    os._exit(1)


def usable_cores(cgroup: Path | None = None) -> int:
    """The cores this process may keep busy: those its affinity allows, capped by the CPU time
    its cgroup's quota allows (a quota of 1.5 CPUs gives 2). At least 1.

    *cgroup* is where the cgroup file system is mounted (``CGROUP`` by default; the tests give
    a folder of their own).
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # macOS and Windows have no affinity call
        cores = os.cpu_count() or 1
    quota = cpu_quota(CGROUP if cgroup is None else cgroup)
    if quota is not None:
        cores = min(cores, math.ceil(quota))
    return max(1, cores)


def cpu_quota(cgroup: Path) -> float | None:
    """The CPUs' worth of time a second the cgroup quota allows, or None where there is no quota
    (or no cgroup file system, or a file that cannot be read: never an error).

    cgroup v2 writes it as ``QUOTA PERIOD`` (or ``max PERIOD``) in ``cpu.max``; v1 as two files,
    ``cpu.cfs_quota_us`` (-1 for none) and ``cpu.cfs_period_us``, under ``cpu`` or
    ``cpu,cpuacct``.
    """
    try:
        quota, period = (cgroup / "cpu.max").read_text().split()
        return _ratio(quota, period)
    except (OSError, ValueError):
        pass
    for folder in ("cpu", "cpu,cpuacct"):
        try:
            quota = (cgroup / folder / "cpu.cfs_quota_us").read_text()
            period = (cgroup / folder / "cpu.cfs_period_us").read_text()
            return _ratio(quota, period)
        except (OSError, ValueError):
            continue
    return None


def _ratio(quota: str, period: str) -> float | None:
    if quota.strip() in ("max", "-1"):
        return None
    allowed, per = int(quota), int(period)
    if allowed <= 0 or per <= 0:
        raise ValueError("not a quota")
    return allowed / per
