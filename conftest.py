"""Doctest namespace: the examples in docstrings may use these names without importing."""

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
