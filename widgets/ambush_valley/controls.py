"""Small parts of the Scenario tab's controls: short number fields with their labels beside
them, and the versions of the scenario being edited (undo and redo)."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as ipw

from rulebook.games.ambush_valley.problems import LONGEST_TABLE
from rulebook.maps._history import VersionHistory
from widgets._number import RangedFloatText

__all__ = ["Versions", "label", "number"]


def number(value: float, what: str, **kwargs: Any) -> RangedFloatText:
    """A number field in inches, from 0 to the longest table's side; *what* names it in its
    note ("the table's width"). Short and labelled by a :func:`label` beside it unless given a description (the
    page's CSS gives every widget description a wide minimum, too wide for a row of numbers)."""
    kwargs.setdefault("layout", ipw.Layout(width="4.5em"))
    return RangedFloatText(0, LONGEST_TABLE, what, value=value, **kwargs)


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
