"""Number boxes held to their range by the kernel, which says so when it holds one.

ipywidgets' number boxes judge what is typed in the browser, without a word: ``BoundedIntText``
turns 150 into 99 where 99 is the most, and every ``IntText`` drops the keys it does not take,
so 12.5 arrives as 125, ten times what was meant (``FloatText`` does the same to 12,5). These
boxes are text boxes: the browser sends what was typed, the kernel reads it, puts it back in
range, and the box's ``note`` (a widget shown beside it) says what was typed and what was
kept. The value the rest of the app reads, and the edit it makes, is always a number in range:
a whole one from :class:`RangedIntText`, any from :class:`RangedFloatText`.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal, InvalidOperation
from html import escape
from typing import Any

import ipywidgets as ipw
import traitlets

__all__ = ["MAX_SEED", "RangedFloatText", "RangedIntText", "seed_box"]


def _shown(value: float | str, widget: Any = None) -> str:
    return f"{value:.10g}" if isinstance(value, float) else str(value)


_GROUPED = re.compile(r"-?\d{1,3}(,\d{3})+")  # 1,000 or 12,500: thousands, grouped


#: Past this many digits a typed number is only "more" or "less" than a box takes.
_MOST_DIGITS = 30


def _words(number: float) -> str:
    """A number as the notes write it: 1,500 and 12.5, never 1.5e+03; one too long to read
    whole by its sign and size."""
    if math.isinf(number) or abs(number) >= 10**_MOST_DIGITS:
        return f"{'-' if number < 0 else ''}a number of over {_MOST_DIGITS} digits"
    return f"{number:,}" if isinstance(number, int) else f"{number:,.10g}"


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
    >>> box.set_state({"value": " 1,5 "}); box.value, "1,5 is not a whole number: 0 kept" in box.note.value
    (0, True)
    >>> box.set_state({"value": "15"}); box.set_state({"value": "12.5"}); box.value, "12.5 is not a whole number: 15 kept" in box.note.value
    (15, True)
    >>> box.set_state({"value": ""}); box.value, "the box was empty: 15 kept" in box.note.value
    (15, True)
    >>> box.set_state({"value": "-1,000"}); box.value, "-1,000 is less than" in box.note.value
    (0, True)

    A whole number written as a float box takes it is that number; digits past reading are
    named by their size:

    >>> box.set_state({"value": "1e1"}); box.value, box.note.value
    (10, '')
    >>> box.set_state({"value": "12.0"}); box.value
    12
    >>> box.set_state({"value": "1.25e1"}); box.value, "1.25e1 is not a whole number" in box.note.value
    (12, True)
    >>> box.set_state({"value": "1e400"}); box.value, box.note.value.count("a number of over 30 digits is more than")
    (99, 1)
    >>> box.set_state({"value": "99999999999999999999"}); "99,999,999,999,999,999,999 is more" in box.note.value
    True
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
        kwargs.setdefault("tooltip", f"{what}, {_words(low)} to {_words(high)}")
        super().__init__(**kwargs)
        self._name_note()

    @traitlets.observe("_dom_classes")
    def _name_note(self, _: Any = None) -> None:
        """The note named after its box (``rb-lab-games`` -> ``rb-lab-games-note``), for pages
        and tests, whenever the box is given a class."""
        for name in self._dom_classes:
            self.note.add_class(f"{name}-note")

    def _say(self, words: str) -> None:
        self.note.value = f"<span style='color:#a00'>{escape(words, quote=False)}</span>"

    #: What a number typed here must be, in the note's words.
    kind = "a whole number"

    def parse(self, text: str) -> float:
        """The number *text* gives; ValueError if it is none. Thousands may be grouped
        (1,000 or 1 000); a comma elsewhere (12,5) is refused, not read as 125. A whole
        number written as the float boxes take it (1e3, 12.0) is read as that number."""
        text = text.replace("_", "").replace(" ", "")
        if "," in text and not _GROUPED.fullmatch(text):
            raise ValueError(text)
        # Read exactly: 0.1e1 is 1, and 1e400 is no float's infinity.
        try:
            number = Decimal(text.replace(",", ""))
        except InvalidOperation:
            raise ValueError(text) from None
        if not number.is_finite() or number != number.to_integral_value():
            raise ValueError(text)
        if number.adjusted() > _MOST_DIGITS:  # (1e999999999 as an int would take a while)
            return math.copysign(math.inf, number)
        return int(number)

    @traitlets.validate("value")
    def _in_range(self, proposal: dict[str, Any]) -> float:
        typed = proposal["value"]
        last = self.low if self._kept is None else self._kept
        if isinstance(typed, str):
            text = typed.strip()
            try:
                typed = self.parse(text)
            except ValueError:
                said = (
                    "the box was empty"
                    if not text
                    else f"{text[:20]}{'…' if len(text) > 20 else ''} is not {self.kind}"
                )
                self._say(f"{said}: {_words(last)} kept ({self._range()})")
                self._kept = last
                return last
        kept = min(max(typed, self.low), self.high)
        if kept != typed:
            way = "more" if typed > self.high else "less"
            self._say(
                f"{_words(typed)} is {way} than {self.what} takes ({self._range(named=False)}): "
                f"held at {_words(kept)}"
            )
        elif typed != self._kept:  # a new value (the app writing back the same one is not)
            self.note.value = ""
        self._kept = kept
        return kept

    def _range(self, *, named: bool = True) -> str:
        span = f"{_words(self.low)} to {_words(self.high)}"
        return f"{self.what}, {span}" if named else span


class RangedFloatText(RangedIntText):
    """A box of numbers, whole or not, held to *low*..*high* like :class:`RangedIntText`.

    >>> box = RangedFloatText(0, 240, "a side of the table in inches")
    >>> box.set_state({"value": "12.5"}); box.value, box.note.value
    (12.5, '')
    >>> box.set_state({"value": "12,5"}); box.value, "12,5 is not a number" in box.note.value
    (12.5, True)
    >>> _ = box.add_class("rb-side"); box.note._dom_classes
    ('rb-refused', 'rb-side-note')
    >>> box.set_state({"value": "1e3"}); box.value, "held at 240" in box.note.value
    (240.0, True)
    >>> box.set_state({"value": "nan"}); box.value, "nan is not a number" in box.note.value
    (240.0, True)
    """

    value = traitlets.Union([traitlets.Float(), traitlets.Unicode()], default_value=0.0).tag(
        sync=True, to_json=_shown
    )
    kind = "a number (a point marks the decimals: 12.5)"

    def parse(self, text: str) -> float:
        if "," in text:  # 12,5 or 1,000: which is meant cannot be told
            raise ValueError(text)
        number = float(text.replace("_", "").replace(" ", ""))
        if not math.isfinite(number):
            raise ValueError(text)
        return number


#: The most a dice seed box takes: any whole number would do; ten digits read back at a glance.
MAX_SEED = 999_999_999


def seed_box(
    value: int = 1, *, what: str = "a dice seed", description: str = "dice seed", **kwargs: Any
) -> RangedIntText:
    """The box every app takes a dice seed in: whole numbers 0 to MAX_SEED, read by the kernel
    (ipywidgets' IntText made 2.5 seed 25 without a word). Show its ``note`` beside it."""
    return RangedIntText(0, MAX_SEED, what, value=value, description=description, **kwargs)
