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
