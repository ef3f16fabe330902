"""Doctest namespace, the report header, and how the whole suite shares out over CPU cores.

Run with no paths (the README's ``pytest``), the suite runs on one pytest-xdist worker per core
(at most four): pyproject's ``-n auto --dist loadgroup``, with the number chosen below. Each
test module stays on one worker, so its module-scoped fixtures are built once; a browser test
that shares nothing with its neighbours (no module-scoped fixture) is a unit of its own, so the
browser tests spread over every worker, each worker with its own Voila server and Chromium.
The longest units are handed out first. Naming paths (``pytest tests/sim -x``) runs in this one
process, as before; ``-n 0`` or ``-n 2`` overrides either way.

Files the browser tests save under ``notebooks/saves`` carry this run's tag (see
``saves_file`` below) and are removed when the whole run ends, not by
each test: an app open on another worker lists that folder, and a file that vanished between
the listing and the click would fail a test that did nothing wrong.
"""

import contextlib
import importlib
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

# Imported up front: hypothesis's pytest plugin otherwise imports it while printing the
# summary, after the browser tests, and CPython 3.11 can fail to build ASTs late in a
# session that drove greenlets (SystemError "AST constructor recursion depth mismatch").
import hypothesis  # noqa: F401
import pytest

import rulebook
from rulebook.maps import demo_map

# pytest rewrites the asserts of every test module it imports, and keeps the result only where
# Python may write bytecode. Where PYTHONDONTWRITEBYTECODE is set (this project's CI machines
# and many container images set it) every run, and every xdist worker of it, rewrote all of
# them again: collecting took 13.9 CPU-s a process against 7.1 s with them kept. This process
# writes them (into __pycache__, which git ignores); the processes it starts (kernels, servers,
# the CLI) still follow the variable, as rulebook._warm.compile_sources explains.
sys.dont_write_bytecode = False

ROOT = Path(__file__).resolve().parent


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict) -> None:
    doctest_namespace["rulebook"] = rulebook
    doctest_namespace["SCENARIOS"] = ROOT / "scenarios"
    doctest_namespace["demo_map"] = demo_map


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> None:
    """Import a module of the project's packages the normal way before its doctests are read.

    Named alone on the command line (``pytest rulebook/games/lz_albany/_pieces.py tests/...``),
    a module was read by pytest's own importer before its package, and the package's other
    modules then imported a second copy of it: two ``WoundedMarker`` classes, and five LZ
    Albany tests failed that pass in the whole suite. Imported here through its package, it is
    the one copy pytest then finds in ``sys.modules``. (Collects nothing itself.)
    """
    try:
        parts = file_path.relative_to(ROOT).with_suffix("").parts
    except ValueError:
        return
    if (
        file_path.suffix == ".py"
        and parts[0] in ("rulebook", "widgets")
        and parts[-1] != "__main__"
    ):
        if parts[-1] == "__init__":
            parts = parts[:-1]
        with contextlib.suppress(Exception, SystemExit):  # not importable: pytest will say why
            importlib.import_module(".".join(parts))


def pytest_report_header(config: pytest.Config) -> str:
    """Say up front whether the tests that quote the games' source texts will run."""
    from sources import ENV, sources_dir

    folder = sources_dir()
    if folder is None:
        return f"source texts: not found; the tests that quote them skip (set {ENV})"
    return f"source texts: {folder}"


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """One line, not dozens, when the tests that quote the source texts skipped."""
    from sources import SKIP_REASON

    skipped = [
        r for r in terminalreporter.stats.get("skipped", []) if SKIP_REASON in str(r.longrepr)
    ]
    if skipped:
        terminalreporter.write_line(f"{len(skipped)} tests skipped: {SKIP_REASON}")


MAX_WORKERS = 4  # each worker imports the whole project; browser tests add Voila and Chromium


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Workers for ``-n auto``: one per core for the whole suite; none when paths are named."""
    if config.args_source != pytest.Config.ArgsSource.TESTPATHS:
        return 0
    from rulebook.sim import usable_cores  # (a container's CPU quota counts, as for a sweep)

    workers = min(usable_cores(), MAX_WORKERS)
    return workers if workers > 1 else 0


#: The longest single tests (a designer's whole loop each, with 500 games a side in the balance
#: lab): handed out first, so neither is left to run alone at the end while the other worker idles.
LONGEST = ("tests/browser/test_designer_loop.py", "tests/browser/test_point_designer_loop.py")

RUN_TAG = pytest.StashKey[str]()
SAVES = ROOT / "notebooks" / "saves"


def pytest_configure(config: pytest.Config) -> None:
    """Tag this run's saved files; a worker takes the tag of the run that started it.

    The games the balance lab keeps (``rulebook.sim.KnownGames``) go to a folder of this
    process's own, removed when it ends: never the user's cache, and never games an earlier
    run or another worker played; so does the rest of the project's cache
    (``$RULEBOOK_CACHE``). Kernels and servers the tests start inherit both.
    """
    known = tempfile.mkdtemp(prefix="rulebook-known-games-")
    os.environ["RULEBOOK_KNOWN_GAMES"] = known
    config.add_cleanup(lambda: shutil.rmtree(known, ignore_errors=True))
    # The rest of what the project keeps between processes (the rules' links to code and
    # tests) goes to a folder of this process's own too, not to the user's cache.
    cache = tempfile.mkdtemp(prefix="rulebook-cache-")
    os.environ["RULEBOOK_CACHE"] = cache
    config.add_cleanup(lambda: shutil.rmtree(cache, ignore_errors=True))
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None and "rulebook_run_tag" in workerinput:
        config.stash[RUN_TAG] = workerinput["rulebook_run_tag"]
    else:
        config.stash[RUN_TAG] = f"run{os.getpid()}t{time.time_ns() // 1_000_000 % 10**8}"
    if workerinput is None:  # before any worker, kernel or server starts (rulebook._warm)
        from rulebook._warm import compile_sources

        compile_sources()
    # xdist would hand out groups by their number of tests; the order set below is by duration.
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    node.workerinput["rulebook_run_tag"] = node.config.stash[RUN_TAG]


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The run that started the workers removes the files its browser tests saved."""
    if hasattr(session.config, "workerinput") or RUN_TAG not in session.config.stash:
        return
    for path in SAVES.glob(f"*{session.config.stash[RUN_TAG]}*"):
        path.unlink(missing_ok=True)


@pytest.fixture
def project_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder of the test's own (``$RULEBOOK_CACHE``), as a new machine has."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("RULEBOOK_CACHE", str(folder))
    return folder


@pytest.fixture
def maps_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    """No map built and no line-of-sight table worked out in this process's memory, as in a
    new process, whatever tests ran here before (restored after the test)."""
    from rulebook.maps import _area_map, los

    monkeypatch.setattr(_area_map, "_SHARED", {})
    monkeypatch.setattr(los, "_DAY_TABLES", {})


@pytest.fixture(scope="session")
def saves_file(pytestconfig: pytest.Config):
    """``saves_file(stem, suffix)``: a path in ``notebooks/saves`` for a test to save to.

    The name carries this run's tag, and the file is removed when the run ends (see the module
    docstring), so a test need not remove it.
    """
    tag = pytestconfig.stash[RUN_TAG]

    def path(stem: str, suffix: str) -> Path:
        SAVES.mkdir(exist_ok=True)
        return SAVES / f"{stem}_{tag}{suffix}"

    return path


def _shares_a_fixture(item: pytest.Item) -> bool:
    """Whether *item* uses a fixture built once per module (or class, or package)."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return True
    return any(
        d.scope in ("module", "class", "package")
        for defs in info.name2fixturedefs.values()
        for d in defs
    )


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook turns the marks into groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Give each test its unit of work for xdist, and put the longest units first.

    A module's tests stay together (its module-scoped fixtures are built once, and tests that
    share an opened app run in file order); a browser test that shares nothing is a unit of its
    own. The longest units (``LONGEST``) come first, then the tests without a browser in
    collection order, then the other browser tests: many short units last pack the end of the
    run tightly. (On this two-core machine the suite took 207 and 218 s so, against 228 and
    231 s with every browser test first; one run each way on a noisy machine.)
    """
    for item in items:
        module = item.nodeid.split("::")[0]
        browser = item.get_closest_marker("browser") is not None
        group = item.nodeid if browser and not _shares_a_fixture(item) else module
        item.add_marker(pytest.mark.xdist_group(group.replace("@", "_")))

    def rank(item: pytest.Item) -> int:
        module = item.nodeid.split("::")[0]
        if module in LONGEST:
            return 0
        return 2 if item.get_closest_marker("browser") else 1

    items.sort(key=rank)  # stable: each module keeps its order
