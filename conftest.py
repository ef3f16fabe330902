"""Doctest namespace: the examples in docstrings may use these names without importing."""

from pathlib import Path

import pytest

import rulebook
from rulebook.maps import demo_map

ROOT = Path(__file__).resolve().parent


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict) -> None:
    doctest_namespace["rulebook"] = rulebook
    doctest_namespace["SCENARIOS"] = ROOT / "scenarios"
    doctest_namespace["demo_map"] = demo_map
