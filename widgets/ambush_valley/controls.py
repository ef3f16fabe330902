"""Small parts of the Scenario tab's controls: short number fields with their labels beside
them, and the versions of the scenario being edited (undo and redo)."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as ipw
import traitlets

from rulebook.games.ambush_valley.problems import LONGEST_TABLE
from rulebook.maps._history import VersionHistory
from widgets._number import RangedFloatText

__all__ = ["InchBox", "Versions", "label", "number"]


class InchBox(RangedFloatText):
    """A box of inches whose :attr:`held` says, while it holds a number other than the one
    typed, what its note says of that; an action reading the box refuses while it does (the
    Add terrain button took x = -5 as 0, without a word). Typing a number in range clears the
    note, the number the box kept as well, so a kept number can be taken by typing it again.

    >>> box = InchBox(0, 72, "a place across the table", value=10)
    >>> box.set_state({"value": "abc"}); box.value, box.held
    (10.0, 'abc is not a number (a point marks the decimals: 12.5): 10 kept (a place across the table, 0 to 72)')
    >>> box.set_state({"value": "10"}); box.value, box.held, box.note.value
    (10.0, None, '')
    >>> box.set_state({"value": "-5"}); box.held
    '-5 is less than a place across the table takes (0 to 72): held at 0'
    >>> box.value = 0  # the app writing back the number the box holds: the note stays
    >>> bool(box.held)
    True
    """

    _words: str = ""
    _said = False

    def _say(self, words: str) -> None:
        super()._say(words)
        self._words, self._said = words, True

    @traitlets.validate("value")
    def _in_range(self, proposal: dict[str, Any]) -> float:
        self._said = False
        kept = super()._in_range(proposal)
        if isinstance(proposal["value"], str) and not self._said:
            self.note.value = ""  # a number typed, and taken: the note on an earlier one goes
        return kept

    @property
    def held(self) -> str | None:
        """What the note says while it stands (the number kept is not the one typed), or None."""
        return self._words if self.note.value else None


def number(value: float, what: str, *, least: float = 0, **kwargs: Any) -> InchBox:
    """A number field in inches, from *least* to the longest table's side; *what* names it in
    its note ("the table's width"). Short and labelled by a :func:`label` beside it unless given a description (the
    page's CSS gives every widget description a wide minimum, too wide for a row of numbers)."""
    kwargs.setdefault("layout", ipw.Layout(width="4.5em"))
    return InchBox(least, LONGEST_TABLE, what, value=value, **kwargs)


def label(text: str) -> ipw.HTML:
    return ipw.HTML(
        f"<span style='padding:0 0.3em 0 0.6em;white-space:nowrap'>{escape(text)}</span>"
    )


class Versions(VersionHistory):
    """The versions of the scenario being edited, for undo and redo; a new edit drops the
    versions after the current one.

    >>> v = Versions("a"); v.push("b"); v.undo(); v.current, v.can_redo
    ('a', True)
    >>> v.push("c"); v.current, v.can_redo
    ('c', False)
    """

    def __init__(self, first: Any) -> None:
        self._versions, self._at = [first], 0

    @property
    def current(self) -> Any:
        return self._versions[self._at]

    def push(self, version: Any) -> None:
        self._versions = [*self._versions[: self._at + 1], version]
        self._at += 1

    def all(self) -> list[Any]:
        return list(self._versions)
