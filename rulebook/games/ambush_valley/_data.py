"""The book's data files, loaded once: tables, vehicles, army lists (all under ``data/``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from rulebook.scenario._io import parse_yaml

DATA = Path(__file__).with_name("data")


@cache
def book(name: str) -> dict[str, Any]:
    """One data file by stem (``tables``, ``vehicles``, ``army_lists``), parsed strictly."""
    path = DATA / f"{name}.yaml"
    data, _ = parse_yaml(path.read_text(encoding="utf-8"), str(path))
    return data
