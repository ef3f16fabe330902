"""The Tables tab: any table of the book with its exact odds, and a roll traced to its rule."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as ipw

from rulebook.dice import Dice
from rulebook.games.ambush_valley.campaign import casualty_status_odds
from rulebook.games.ambush_valley.dice import LADDER
from rulebook.games.ambush_valley.tables import table, table_names
from rulebook.render import distribution_html, provenance_badge, trace_html
from widgets._number import seed_box
from widgets._page import guarded, rule_links
from widgets.ambush_valley.words import id_words

__all__ = ["TablesPanel"]


class TablesPanel(ipw.VBox):
    """Any table of the book: its exact odds, and a roll traced to its rule."""

    def __init__(self) -> None:
        self.errors = ipw.HTML()
        self.name = ipw.Dropdown(
            options=[(id_words(n), n) for n in table_names()],
            value="casualty-straggler",
            description="table",
            layout=ipw.Layout(width="30em"),
        )
        self.tq = ipw.Dropdown(
            options=[(f"D{d}", d) for d in LADDER], value=8, description="TQ die"
        )
        self.seed = seed_box(1, description="seed")
        self.roll_button = ipw.Button(description="Roll")
        self.roll_button.on_click(self._roll)
        self.name.observe(self.refresh, "value")
        self.tq.observe(self.refresh, "value")
        self.odds = ipw.HTML()
        self.odds.add_class("rb-av-table-odds")
        self.rolled = ipw.HTML()
        super().__init__(
            [
                ipw.HBox([self.name, self.tq]),
                self.errors,
                self.odds,
                ipw.HBox([self.seed, self.roll_button, self.seed.note]),
                self.rolled,
            ]
        )
        self.refresh()

    def refresh(self, _: Any = None) -> None:
        t = table(self.name.value)
        self.tq.disabled = t.roll != "2tq"
        head = (
            f"<p>{rule_links([t.rule])} {provenance_badge(t.provenance)} rolled on "
            f"{'2 Troop Quality dice' if t.roll == '2tq' else escape(t.roll)}; source lines "
            f"{'-'.join(map(str, t.lines[:1] + t.lines[-1:]))}. {escape(t.note)}</p>"
        )
        body = str(distribution_html(t.odds(tq=self.tq.value), "result"))
        if self.name.value.startswith("casualty-"):
            where = self.name.value.removeprefix("casualty-")
            final = casualty_status_odds(self.tq.value, where)  # type: ignore[arg-type]
            body += "<p>Final status, following a recovered straggler on:</p>" + str(
                distribution_html(final, "status")
            )
        self.odds.value = head + body

    @guarded
    def _roll(self, _: Any = None) -> None:
        result = table(self.name.value).resolve(Dice(self.seed.value), tq=self.tq.value)
        self.rolled.value = str(trace_html(result.trace))
        self.seed.value += 1
