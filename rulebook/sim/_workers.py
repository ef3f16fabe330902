"""Worker processes that die with their parent and leave Ctrl-C to it.

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
import os
import signal
import sys
import threading
import time

__all__ = ["die_with_parent"]

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
