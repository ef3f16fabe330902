"""Every error the library raises on purpose, in one place.

The hierarchy, so a caller can catch as broadly or as narrowly as it needs::

    ValueError
    ├── RulebookError                 base of everything below
    │   ├── ScenarioError             a data file is unreadable or breaks the schema
    │   ├── InvalidActionError        an action's notation is malformed
    │   ├── IllegalActionError        well formed, but a rule forbids it (.rule, .reason)
    │   ├── AmbiguousActionError      the notation fits more than one action
    │   └── ScriptExhaustedError      a ScriptedDice was asked for more rolls than it holds

All subclass :class:`ValueError`, as the standard library does for "right type,
wrong value", so code that only knows Python's own errors still catches them.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "AmbiguousActionError",
    "IllegalActionError",
    "InvalidActionError",
    "Problem",
    "RulebookError",
    "ScenarioError",
    "ScriptExhaustedError",
]


class RulebookError(ValueError):
    """Base class of the library's own errors."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a data file: where it is and what was expected.

    Examples
    --------
    >>> str(Problem("s.yaml", "options.night_los.default", "expected one of: adjacent, full"))
    's.yaml: options.night_los.default: expected one of: adjacent, full'
    """

    file: str
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}: {self.path}" if self.path else self.file
        return f"{where}: {self.message}"


class ScenarioError(RulebookError):
    """A scenario or data file could not be loaded.

    ``problems`` lists every problem found, each naming the file and the field
    path; the message shows them all, one per line.
    """

    def __init__(self, problems: list[Problem]) -> None:
        if not problems:
            raise TypeError("ScenarioError needs at least one Problem")
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class InvalidActionError(RulebookError):
    """An action's notation could not be parsed."""


class IllegalActionError(RulebookError):
    """A well-formed action that a rule forbids.

    Examples
    --------
    >>> err = IllegalActionError("lza:6.2A", "a hit platoon may move only with an officer")
    >>> str(err)
    'lza:6.2A: a hit platoon may move only with an officer'
    >>> err.rule
    'lza:6.2A'
    """

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason
        super().__init__(f"{rule}: {reason}")


class AmbiguousActionError(RulebookError):
    """A notation that fits more than one legal action."""


class ScriptExhaustedError(RulebookError):
    """A :class:`~rulebook.dice.ScriptedDice` ran out of scripted rolls."""
