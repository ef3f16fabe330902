"""A list of sentences, each with an optional button, that the page keeps as it changes.

The designers' checks are listed again after every click. A row's widgets (its sentence, its
button, the box that holds them) are made the first time that many rows are shown and then
rewritten in place: a long session leaves no widgets behind, and the page gets a few changed
values rather than a set of new widget models each time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as ipw

__all__ = ["KeptRows", "Row"]


@dataclass(frozen=True)
class Row:
    """One row: its *html*, and a button reading *button* (none if empty) that calls *action*;
    *css* is the button's class, which the pages' tests and styles find it by."""

    html: str
    button: str = ""
    tooltip: str = ""
    css: str = ""
    action: Callable[[], None] | None = field(default=None, compare=False)


class KeptRows(ipw.VBox):
    """Rows shown by :meth:`show`, kept and rewritten in place (see the module's docstring)."""

    def __init__(
        self,
        *,
        row_layout: dict[str, str] | None = None,
        row_class: str = "",
        button_layout: dict[str, str] | None = None,
        **box: Any,
    ) -> None:
        super().__init__(**box)
        # A row keeps its height in a scrolling list, whatever else its layout says: a flex
        # child would shrink and its words overlap the next row's.
        self._row_layout = {"flex": "0 0 auto", **(row_layout or {})}
        self._row_class = row_class
        self._button_layout = {"width": "auto", "flex": "0 0 auto", **(button_layout or {})}
        self._kept: list[_KeptRow] = []
        self._shown: tuple[Row, ...] | None = None

    def show(self, rows: Sequence[Row]) -> None:
        rows = tuple(rows)
        for kept, row in zip(self._kept, rows, strict=False):
            kept.row = row  # the actions may be new closures even where the words are not
        if rows == self._shown:
            return
        self._shown = rows
        while len(self._kept) < len(rows):
            self._kept.append(_KeptRow(self))
        for kept, row in zip(self._kept, rows, strict=False):
            kept.show(row)
        self.children = tuple(kept.box for kept in self._kept[: len(rows)])


class _KeptRow:
    def __init__(self, rows: KeptRows) -> None:
        self.row: Row | None = None
        self.text = ipw.HTML(layout=ipw.Layout(flex="1 1 auto", width="auto"))
        self.button = ipw.Button(layout=ipw.Layout(**rows._button_layout))
        self.button.on_click(self._clicked)
        self.box = ipw.HBox([self.text, self.button], layout=ipw.Layout(**rows._row_layout))
        if rows._row_class:
            self.box.add_class(rows._row_class)
        self._css = ""

    def _clicked(self, _: Any) -> None:
        if self.row is not None and self.row.action is not None:
            self.row.action()

    def show(self, row: Row) -> None:
        self.row = row
        self.text.value = row.html
        button = self.button
        if self._css != row.css:
            if self._css:
                button.remove_class(self._css)
            if row.css:
                button.add_class(row.css)
            self._css = row.css
        if row.button:
            button.description, button.tooltip = row.button, row.tooltip
        self.box.children = (self.text, button) if row.button else (self.text,)
