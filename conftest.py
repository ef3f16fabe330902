"""Doctest namespace, the report header, and how the whole suite shares out over CPU cores.

Run with no paths (the README's ``pytest``), the suite runs on one pytest-xdist worker per core
(at most four): pyproject's ``-n auto --dist loadgroup``, with the number chosen below. Each
test module stays on one worker, so its module-scoped fixtures are built once; the browser tests
that save or list files in the apps' ``saves/`` folder share one worker, one Voila server and
one Chromium, and those marked ``browser_reads`` (apps that only read) may run on another. Naming paths (``pytest tests/sim -x``) runs in this one process, as before; ``-n 0`` or
``-n 2`` overrides either way.
"""

import os
from pathlib import Path

# Imported up front: hypothesis's pytest plugin otherwise imports it while printing the
# summary, after the browser tests, and CPython 3.11 can fail to build ASTs late in a
# session that drove greenlets (SystemError "AST constructor recursion depth mismatch").
import hypothesis  # noqa: F401
import pytest

import rulebook
from rulebook.maps import demo_map

ROOT = Path(__file__).resolve().parent


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict) -> None:
    doctest_namespace["rulebook"] = rulebook
    doctest_namespace["SCENARIOS"] = ROOT / "scenarios"
    doctest_namespace["demo_map"] = demo_map


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
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    workers = min(cores or 1, MAX_WORKERS)
    return workers if workers > 1 else 0


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook turns the marks into groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep each module's tests together on one worker, and the browser tests in two groups.

    The browser tests whose apps save or list files under ``notebooks/saves`` share one worker
    (one Voila server; no test sees another's file come and go); those marked
    ``browser_reads`` form a second group that may run on another worker beside them.
    """
    for item in items:
        if item.get_closest_marker("browser_reads"):
            group = "browser-reads"
        elif item.get_closest_marker("browser"):
            group = "browser"
        else:
            group = item.nodeid.split("::")[0]
        item.add_marker(pytest.mark.xdist_group(group))
