"""Rule interactions: set up one attack with a few controls, see the exact odds and a resolved example."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as ipw

from rulebook.games.lz_albany import standard_scenario
from rulebook.games.lz_albany.odds import PROCEDURES, odds
from rulebook.games.lz_albany.situation import attack
from rulebook.maps import AreaMap
from rulebook.render import distribution_html
from widgets._page import app_page, error_html

__all__ = ["InteractionsApp", "interactions_app"]


class InteractionsApp(ipw.VBox):
    """Pick a procedure and a situation; the odds and a seeded resolution update together."""

    def __init__(self) -> None:
        scenario = standard_scenario()
        areas = [a for a in AreaMap(scenario.map).areas if a not in ("Transition", "LZ-Columbus")]
        overstack = scenario.options["overstack_fire"]
        small = ipw.Layout(width="16em")
        self.procedure = ipw.Dropdown(options=list(PROCEDURES), value="fire", description="attack")
        self.area = ipw.Dropdown(options=areas, value="C4", description="from", layout=small)
        self.target = ipw.Dropdown(options=areas, value="D4", description="at", layout=small)
        self.us = ipw.IntSlider(value=2, min=0, max=6, description="US units")
        self.nva = ipw.IntSlider(value=1, min=0, max=6, description="NVA units")
        self.us_officer = ipw.Checkbox(value=False, description="US officer")
        self.nva_officer = ipw.Checkbox(value=False, description="NVA officer")
        self.turn = ipw.IntSlider(value=3, min=1, max=10, description="turn")
        self.flare = ipw.Checkbox(value=False, description="flare on target")
        self.reading = ipw.Dropdown(
            options=overstack.choices,
            value=overstack.default,
            description="lza:6.1",
            layout=ipw.Layout(width="22em"),
        )
        self.seed = ipw.IntText(value=1, description="dice seed", layout=small)
        self.headline = ipw.HTML()
        self.odds_view = ipw.HTML()
        self.trace_view = ipw.HTML()
        self.errors = ipw.HTML()
        controls = [
            self.procedure,
            self.area,
            self.target,
            self.us,
            self.nva,
            self.us_officer,
            self.nva_officer,
            self.turn,
            self.flare,
            self.reading,
            self.seed,
        ]
        for control in controls:
            control.observe(self._refresh, names="value")
        left = ipw.VBox(controls, layout=ipw.Layout(width="26em"))
        right = ipw.VBox([self.headline, self.odds_view, self.errors])
        super().__init__(
            [
                ipw.HBox([left, right]),
                ipw.HTML("<h2>One roll of it, step by step</h2>"),
                self.trace_view,
            ]
        )
        self.add_class("rb-interactions")
        self._refresh()

    def _refresh(self, _: Any = None) -> None:
        self.errors.value = ""
        try:
            self._show()
        except Exception as err:  # every failure must reach the user, whatever its type
            self.errors.value = error_html(err)

    def _situation(self):  # -> (Situation, arguments for run and odds)
        return attack(
            self.procedure.value,
            self.area.value,
            self.target.value,
            us=self.us.value,
            nva=self.nva.value,
            us_officer=self.us_officer.value,
            nva_officer=self.nva_officer.value,
            turn=self.turn.value,
            flare=self.flare.value,
            options={"overstack_fire": self.reading.value},
            seed=self.seed.value,
        )

    def _show(self) -> None:
        procedure = self.procedure.value
        situation, args = self._situation()
        dist = odds(situation, procedure, *args)
        meaning = PROCEDURES[procedure][1]
        night = " (night)" if situation.state.night else ""
        self.headline.value = (
            f"<p class='rb-headline' data-procedure='{procedure}'>Exact odds of <b>{escape(procedure)}</b> "
            f"{escape(' '.join(args))} on turn {self.turn.value}{night}; outcome = {escape(meaning)}. "
            "Counter values are <span class='provenance reconstructed'>reconstructed</span>.</p>"
        )
        self.odds_view.value = distribution_html(dist, outcome="outcome")
        again, args = self._situation()
        result = again.run(procedure, *args)
        self.trace_view.value = result.trace._repr_html_()


def interactions_app() -> ipw.VBox:
    """The whole page: title, a word on what it shows, and the app."""
    intro = (
        "<h1>LZ Albany: rule interactions</h1><p>Choose an attack and a situation. The table gives the "
        "exact probability of every result; below it, one seeded roll is resolved with each rule case it used.</p>"
    )
    return app_page(intro, InteractionsApp())
