"""Work out ahead, and keep in the cache folder, what an app would otherwise work out at its
first visitor's click: the rules' links to code and tests (the rules reference, 1.3 s) and the
line-of-sight table of each area map in the project's scenarios and saves (0.3 s for LZ
Albany's, 10 s for one of 800 areas).

``rulebook serve`` starts this in a process of its own, at low priority, as the server starts,
so the first visitor of the day finds it done; Binder's ``postBuild`` runs it once, so the
image carries it to every visitor. Anything already kept and still current is only read back.
A file that cannot be read is passed over: this never stops a server from starting.

Run: python -m rulebook._warm    (prints what it did)
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
#: Where scenario files with maps are looked for: the shipped ones and the designers' saves.
FOLDERS = (PROJECT_ROOT / "scenarios", PROJECT_ROOT / "notebooks" / "saves")


def warm(folders: tuple[Path, ...] = FOLDERS) -> list[str]:
    """Keep the rule links and every area map's line-of-sight table; say what each took."""
    from rulebook.errors import ScenarioError
    from rulebook.maps import shared_area_map
    from rulebook.reference._links import implementations, named_in_tests
    from rulebook.scenario import load_scenario

    said = []
    start = time.perf_counter()
    implementations(), named_in_tests()
    said.append(f"the rules' links to code and tests: {time.perf_counter() - start:.2f} s")
    for folder in folders:
        for path in sorted(folder.rglob("*.yaml")) if folder.is_dir() else ():
            start = time.perf_counter()
            try:
                scenario = load_scenario(path)
            except (ScenarioError, OSError):
                continue  # the apps say what is wrong with it when it is opened
            if scenario.map is None or not scenario.map.areas:
                continue
            with contextlib.suppress(ValueError):  # a map the apps would refuse
                _ = shared_area_map(scenario.map).los.day
                said.append(f"line of sight of {path.name}: {time.perf_counter() - start:.2f} s")
    return said


def start_in_background() -> None:
    """Run :func:`warm` in a process of its own at low priority, with nothing printed; return
    at once. Used by ``rulebook serve`` just before Voila takes its process over.

    Where processes fork, the warming process is started by a short-lived child that this
    process waits for, so it is nobody's child once that child exits: the server Voila becomes
    would never reap it, and it would stay a zombie for as long as the server runs.
    """
    if not hasattr(os, "fork"):
        _launch()
        return
    with contextlib.suppress(OSError):
        child = os.fork()
        if child == 0:  # the short-lived child
            try:
                os.setsid()  # Ctrl-C on the server does not cut the work short
                _launch()
            finally:
                os._exit(0)
        os.waitpid(child, 0)


def _launch() -> None:
    with contextlib.suppress(OSError):
        subprocess.Popen(
            [sys.executable, "-m", "rulebook._warm"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=(lambda: os.nice(10)) if hasattr(os, "nice") else None,  # noqa: PLW1509
        )


if __name__ == "__main__":
    sys.stdout.write("".join(f"{line}\n" for line in warm()))
