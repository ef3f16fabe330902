"""A whole-number box held to its range by the kernel, which says so when it holds it.

ipywidgets' number boxes judge what is typed in the browser, without a word: ``BoundedIntText``
turns 150 into 99 where 99 is the most, and every ``IntText`` drops the keys it does not take,
so 12.5 arrives as 125, ten times what was meant. This box is a text box: the browser sends
what was typed, the kernel reads it, puts it back in range, and the box's ``note`` (a widget
shown beside it) says what was typed and what was kept. The value the rest of the app reads,
and the edit it makes, is always a whole number in range.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as ipw
import traitlets

__all__ = ["RangedIntText"]


def _shown(value: int | str, widget: Any = None) -> str:
    return str(value)


class RangedIntText(ipw.Text):
    """A box of whole numbers whose kernel holds it to *low*..*high*; *what* names it in the note.

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

    The page's changes come through ``set_state`` as the text typed, set before it is
    validated: the same holds there, and text that is no whole number keeps the last value.

    >>> box.set_state({"value": "-1"}); box.value, bool(box.note.value)
    (0, True)
    >>> box.set_state({"value": " 1,5 "}); box.value, box.note.value
    (15, '')
    >>> box.set_state({"value": "12.5"}); box.value, "12.5 is not a whole number: 15 kept" in box.note.value
    (15, True)
    >>> box.set_state({"value": ""}); box.value, "the box was empty: 15 kept" in box.note.value
    (15, True)
    """

    # The page shows and sends text; the app reads and sets whole numbers (see _in_range).
    value = traitlets.Union([traitlets.Int(), traitlets.Unicode()], default_value=0).tag(
        sync=True, to_json=_shown
    )

    def __init__(self, low: int, high: int, what: str, **kwargs: Any) -> None:
        self.low, self.high, self.what = low, high, what
        self._kept: int | None = None  # the value last held (self.value may be the typed one
        # already: a change from the page is set first and validated after)
        self.note = ipw.HTML(layout=ipw.Layout(width="auto"))
        self.note.add_class("rb-refused")
        kwargs.setdefault("value", low)
        kwargs.setdefault("continuous_update", False)  # read when typing ends, not per key
        # what a pointer or a screen reader is told of the box (without it, the page's own
        # name for it was "null")
        kwargs.setdefault("tooltip", f"{what}, {low:,} to {high:,}")
        super().__init__(**kwargs)
        for name in self._dom_classes:  # the note named after its box, for pages and tests
            self.note.add_class(f"{name}-note")

    def _say(self, words: str) -> None:
        self.note.value = f"<span style='color:#a00'>{escape(words)}</span>"

    @traitlets.validate("value")
    def _in_range(self, proposal: dict[str, Any]) -> int:
        typed = proposal["value"]
        last = self.low if self._kept is None else self._kept
        if isinstance(typed, str):
            text = typed.strip()
            try:
                typed = int(text.replace(",", "").replace("_", "").replace(" ", ""))
            except ValueError:
                said = (
                    "the box was empty"
                    if not text
                    else f"{text[:20]}{'…' if len(text) > 20 else ''} is not a whole number"
                )
                self._say(f"{said}: {last:,} kept ({self.what}, {self.low:,} to {self.high:,})")
                self._kept = last
                return last
        kept = min(max(typed, self.low), self.high)
        if kept != typed:
            way = "more" if typed > self.high else "less"
            self._say(
                f"{typed:,} is {way} than {self.what} takes ({self.low:,} to {self.high:,}): "
                f"held at {kept:,}"
            )
        elif typed != self._kept:  # a new value (the app writing back the same one is not)
            self.note.value = ""
        self._kept = kept
        return kept
