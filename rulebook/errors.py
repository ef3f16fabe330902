"""Every error the library raises on purpose, in one place.

The hierarchy, so a caller can catch as broadly or as narrowly as it needs::

    ValueError
    ├── RulebookError                 base of everything below
    │   ├── ScenarioError             a data file is unreadable or breaks the schema
    │   ├── InvalidActionError        an action's notation is malformed
    │   ├── IllegalActionError        well formed, but a rule forbids it (.rule, .reason)
    │   ├── AmbiguousActionError      the notation fits more than one action
    │   ├── AreaNotFoundError         an area id that the map does not have
    │   └── ScriptExhaustedError      a ScriptedDice was asked for more rolls than it holds

All subclass :class:`ValueError`, as the standard library does for "right type,
wrong value", so code that only knows Python's own errors still catches them.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook._words import quoted

__all__ = [
    "AmbiguousActionError",
    "AreaNotFoundError",
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


class AreaNotFoundError(RulebookError, KeyError):
    """An area id that is not on the map; the message suggests the closest ids.

    Examples
    --------
    >>> str(AreaNotFoundError.for_id("LZ-Albny", "lza", ["LZ-Albany", "B4"]))
    'area “LZ-Albny” is not in map “lza”; did you mean “LZ-Albany”?'
    """

    @classmethod
    def for_id(cls, area: str, map_id: str, known: list[str]) -> AreaNotFoundError:
        """Build the error, with up to three close matches from *known*."""
        import difflib

        same_case = [k for k in known if k.lower() == area.lower()]
        close = same_case or difflib.get_close_matches(area, known, n=3)
        hint = f"; did you mean {' or '.join(quoted(c) for c in close)}?" if close else ""
        return cls(f"area {quoted(area)} is not in map {quoted(map_id)}{hint}")

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])
