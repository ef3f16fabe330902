"""What a designer's Save checks before it writes: that Load would open the file again.

A design can hold what the file format refuses (a number past Load's bounds, say), and a save
that Load then refuses loses the designer's work at the next visit; so each designer reads its
text back as Load does before it writes anything.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from rulebook.errors import Problem, ScenarioError

__all__ = ["opens_again", "reasons"]


def reasons(problems: Iterable[Problem]) -> str:
    """Problems in one line: each field (``map > areas > 0 > id``), then what is wrong."""
    return "; ".join(
        f"{p.path.replace('.', ' > ')}: {p.message}" if p.path else p.message for p in problems
    )


def opens_again(target: Path, read: Callable[[], object]) -> None:
    """Refuse to save what Load would refuse (*read* reads the text as Load does), giving
    Load's reasons; nothing is written then."""
    try:
        read()
    except ScenarioError as err:
        raise ValueError(
            f"not saved: {target.name} would not open again ({reasons(err.problems)})"
        ) from None
