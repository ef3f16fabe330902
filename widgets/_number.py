"""A whole-number box held to its range by the kernel, which says so when it holds it.

ipywidgets' ``BoundedIntText`` keeps its range in the browser: a designer who types 150 where
99 is the most sees 99, with no word of why, and the kernel never learns what was typed. This
box lets the browser send what was typed; the kernel puts it back in range, and the box's
``note`` (a widget shown beside it) says what was typed, the range, and what was kept. The
value the rest of the app reads, and the edit it makes, is always in range.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as ipw
import traitlets

__all__ = ["RangedIntText"]


class RangedIntText(ipw.IntText):
    """An ``IntText`` whose kernel holds it to *low*..*high*; *what* names it in the note.

    >>> box = RangedIntText(0, 99, "a victory point award")
    >>> box.value = 150
    >>> box.value, "150 is more than a victory point award takes" in box.note.value
    (99, True)
    >>> box.value = 99  # the app setting the value it holds: the note stays
    >>> bool(box.note.value)
    True
    >>> box.value = 7  # a new value in range: the note goes
    >>> box.value, box.note.value
    (7, '')

    The page's changes come through ``set_state``, which sets the value before validating it:
    the same holds there.

    >>> box.set_state({"value": -1}); box.value, bool(box.note.value)
    (0, True)
    >>> box.set_state({"value": 5}); box.value, box.note.value
    (5, '')
    """

    def __init__(self, low: int, high: int, what: str, **kwargs: Any) -> None:
        self.low, self.high, self.what = low, high, what
        self._kept: int | None = None  # the value last held (self.value may be the typed one
        # already: a change from the page is set first and validated after)
        self.note = ipw.HTML(layout=ipw.Layout(width="auto"))
        self.note.add_class("rb-refused")
        kwargs.setdefault("value", low)
        # what a pointer or a screen reader is told of the box (without it, the page's own
        # name for it was "null")
        kwargs.setdefault("tooltip", f"{what}, {low:,} to {high:,}")
        super().__init__(**kwargs)

    @traitlets.validate("value")
    def _in_range(self, proposal: dict[str, Any]) -> int:
        typed = proposal["value"]
        kept = min(max(typed, self.low), self.high)
        if kept != typed:
            way = "more" if typed > self.high else "less"
            self.note.value = (
                f"<span style='color:#a00'>{typed:,} is {way} than {escape(self.what)} takes "
                f"({self.low:,} to {self.high:,}): {kept:,} kept</span>"
            )
        elif typed != self._kept:  # a new value (the app writing back the same one is not)
            self.note.value = ""
        self._kept = kept
        return kept
