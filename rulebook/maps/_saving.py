"""How a designer saves: atomically, and only what Load would open again.

A design can hold what the file format refuses (a number past Load's bounds, say), and a save
that Load then refuses loses the designer's work at the next visit; so each designer reads its
text back as Load does before it writes anything.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from rulebook._atomic import atomic_write_text
from rulebook._datafile import parse_yaml
from rulebook.errors import Problem, ScenarioError
from rulebook.scenario import Scenario
from rulebook.scenario._io import scenario_from_data

__all__ = ["reasons", "save_checked", "scenario_text"]


def reasons(problems: Iterable[Problem]) -> str:
    """Problems in one line: each field (``map > areas > 0 > id``), then what is wrong."""
    return "; ".join(
        f"{p.path.replace('.', ' > ')}: {p.message}" if p.path else p.message for p in problems
    )


def scenario_text(text: str, file: str) -> Scenario:
    """A scenario YAML text read as Load reads a file."""
    return scenario_from_data(*parse_yaml(text, file))


def save_checked(target: Path, text: str, read: Callable[[str, str], object]) -> None:
    """Write *text* to *target* atomically, unless Load would refuse it: *read* reads a text
    (and a file name) as Load does. A refusal gives Load's reasons, and nothing is written."""
    try:
        read(text, target.name)
    except ScenarioError as err:
        raise ValueError(
            f"not saved: {target.name} would not open again ({reasons(err.problems)})"
        ) from None
    atomic_write_text(target, text)
