"""The Scenario tab's checks: each problem as a sentence, with a button that selects the thing
it is about (and so marks it on the table and offers it for editing)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape

import ipywidgets as ipw

from rulebook.games.ambush_valley.problems import ScenarioProblem
from widgets._page import rule_links
from widgets._rows import KeptRows, Row

__all__ = ["ProblemsPanel"]


class ProblemsPanel(ipw.VBox):
    """A count, then one row a problem: its sentence, its rule as a link, and a button naming
    the first thing it is about; the button calls ``on_select(item_id)``, or, for a problem
    with a side's forces, ``on_side(side)``."""

    def __init__(
        self, on_select: Callable[[str], None], on_side: Callable[[str], None] | None = None
    ) -> None:
        self.on_select = on_select
        self.on_side = on_side
        self.summary = ipw.HTML()
        self.rows = KeptRows(
            row_layout={"align_items": "center"},
            row_class="rb-av-problem-row",
            button_layout={"max_width": "16em"},
            layout=ipw.Layout(max_height="300px", overflow="auto"),
        )
        self.found: list[ScenarioProblem] = []
        super().__init__([self.summary, self.rows])
        self.add_class("rb-av-problems")

    @property
    def text(self) -> str:
        """Every problem's sentence, one a line (what a reader of the panel reads)."""
        return "\n".join(p.message for p in self.found)

    def show(self, found: Sequence[ScenarioProblem], names: Mapping[str, str]) -> None:
        """List *found*; *names* gives the name of each layout id for the buttons."""
        self.found = list(found)
        n = len(self.found)
        self.summary.value = (
            "<p class='rb-ok'>Valid: no problems found.</p>"
            if not n
            else f"<p class='rb-av-problem-count' data-count='{n}'><b>{n} problem"
            f"{'s' if n != 1 else ''} to fix</b> before the scenario can be saved:</p>"
        )
        self.rows.show([self._row(p, names) for p in self.found])

    def _row(self, p: ScenarioProblem, names: Mapping[str, str]) -> Row:
        sentence = escape(p.message, quote=False)
        if p.rule:  # the rule case becomes a link to the rules reference
            sentence = sentence.replace(f"({p.rule})", f"({rule_links([p.rule])})")
        html = (
            f"<div class='rb-av-problem' data-places='{escape(' '.join(p.places))}'>"
            f"{sentence}</div>"
        )
        if p.places:
            target = next((i for i in p.places if i in names), p.places[0])
            return Row(
                html,
                f"Select {names.get(target, target)}",
                "select it for editing and centre the table on it",
                "rb-av-select-culprit",
                lambda: self.on_select(target),
            )
        if p.side and self.on_side is not None:
            side = p.side
            return Row(
                html,
                f"Show {side.upper()} forces",
                "open that side's forces, beneath the reinforcement odds",
                "rb-av-show-side",
                lambda: self.on_side(side),  # type: ignore[misc]
            )
        return Row(html)
