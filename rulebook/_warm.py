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
import subprocess
import sys
import time
from pathlib import Path


def warm(folders: tuple[Path, ...] | None = None) -> list[str]:
    """Keep the rule links and every area map's line-of-sight table; say what each took.

    The maps are looked for in *folders*: by default the shipped scenarios and the designers'
    saves. Each step stands alone: one that fails (a test file half edited, a map the apps
    would refuse) is said and passed over, and the rest are still done.
    """
    from rulebook.games._files import PROJECT_ROOT
    from rulebook.maps import shared_area_map
    from rulebook.reference._links import implementations, named_in_tests
    from rulebook.scenario import load_scenario

    if folders is None:
        folders = (PROJECT_ROOT / "scenarios", PROJECT_ROOT / "notebooks" / "saves")
    said = []
    start = time.perf_counter()
    try:
        implementations(), named_in_tests()
        said.append(f"the rules' links to code and tests: {time.perf_counter() - start:.2f} s")
    except Exception as err:
        said.append(f"the rules' links to code and tests: not kept ({err})")
    for folder in folders:
        # .yaml and .yml, as the apps' pickers offer (rulebook.games._files)
        for path in sorted(folder.rglob("*.y*ml")) if folder.is_dir() else ():
            start = time.perf_counter()
            try:
                scenario = load_scenario(path)
                if scenario.map is None or not scenario.map.areas:
                    continue
                _ = shared_area_map(scenario.map).los.day
            except Exception:  # noqa: S112 - the apps say what is wrong once it is opened
                continue
            said.append(f"line of sight of {path.name}: {time.perf_counter() - start:.2f} s")
    return said


def compile_sources() -> None:
    """Compile the rulebook's and the widgets' modules to bytecode where it is missing or stale.

    Where ``PYTHONDONTWRITEBYTECODE`` is set (many container images set it, and so do this
    project's CI machines) no process keeps what it compiles, so every kernel an app starts,
    and every process of the test suite, would compile the same sources again: about 0.2 CPU-s
    each. Written once here, the bytecode is then only read. Up-to-date files are only looked
    at (some 20 ms for both packages); a folder that cannot be written to is passed over.
    """
    import compileall
    from importlib.util import find_spec

    for package in ("rulebook", "widgets"):
        spec = find_spec(package)
        for folder in (spec.submodule_search_locations or ()) if spec else ():
            with contextlib.suppress(OSError):
                compileall.compile_dir(folder, quiet=2)


#: What the short-lived launcher runs: the warming process in a session of its own (Ctrl-C on
#: the server does not cut it short), at low priority, with nothing printed; then it exits.
_LAUNCH = (
    "import os, subprocess, sys\n"
    "subprocess.Popen([sys.executable, '-m', 'rulebook._warm'], stdin=subprocess.DEVNULL,"
    " stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,"
    " preexec_fn=(lambda: os.nice(10)) if hasattr(os, 'nice') else None)\n"
)


def start_in_background() -> None:
    """Start :func:`warm` in a process of its own and return (in some 30 ms).

    Used by ``rulebook serve`` just before Voila takes its process over. The warming process
    is started by a launcher this process waits for, so once the launcher exits it is not this
    process's child: Voila never reaps a child it did not start, and it would stay a zombie
    for as long as the server runs. (Where the server itself is process 1, as in a container
    started without an init, the orphan is handed to it all the same.) Nothing here can stop
    the server from starting.
    """
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run(
            [sys.executable, "-c", _LAUNCH],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=30,
            check=False,
        )


if __name__ == "__main__":
    sys.stdout.write("".join(f"{line}\n" for line in warm()))
