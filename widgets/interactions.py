"""Rule interactions: set up one attack with a few controls, see the exact odds and a resolved example."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as ipw

from rulebook.games.lz_albany import standard_scenario
from rulebook.games.lz_albany._pieces import battery_name
from rulebook.games.lz_albany.odds import PROCEDURES, odds
from rulebook.games.lz_albany.situation import CALLED_IN, attack
from rulebook.maps import AreaMap
from rulebook.reference import load_reference
from rulebook.render import distribution_html
from widgets._number import seed_box
from widgets._page import app_page, error_html, rule_links
from widgets._turn_story import count, place

__all__ = ["InteractionsApp", "interactions_app", "outcome_words", "situation_words"]

LABELS = {
    "melee": "Melee",
    "fire": "Infantry fire",
    "mortar": "Mortar fire",
    "artillery": "Artillery",
    "gunship": "Gunship",
    "bombs": "Air strike (bombs)",
}
SIDES = {"us": "US", "nva": "NVA"}


def outcome_words(procedure: str, key: Any, args: tuple[str, ...]) -> str:
    """One outcome of an attack's distribution in words (the engine keys it as numbers).

    >>> outcome_words("artillery", (False, 2), ("Arty-1", "D4"))
    'on target: two hits'
    >>> outcome_words("melee", (1, 0), ("C4", "us"))
    'US scores one hit, NVA none'
    >>> outcome_words("fire", 0, ("C4", "D4:4"))
    'no hits in D4'
    """
    if procedure == "melee":
        attacker = args[1] if len(args) > 1 else "us"
        defender = "nva" if attacker == "us" else "us"
        scored = count(key[1], "hit") if key[1] else "none"
        return f"{SIDES[attacker]} scores {count(key[0], 'hit')}, {SIDES[defender]} {scored}"
    if procedure == "fire":
        targets = [place(a.split(":")[0]) for a in args[1:]]
        hits = key if isinstance(key, tuple) else (key,)
        return ", ".join(f"{count(h, 'hit')} in {t}" for h, t in zip(hits, targets, strict=False))
    if procedure == "mortar" and isinstance(key, tuple):
        return f"{count(key[0], 'hit')} on the enemy, {count(key[1], 'one')} on their own side"
    if procedure == "artillery":
        return f"{'drifted off target' if key[0] else 'on target'}: {count(key[1], 'hit')}"
    tail = {"gunship": " on the target unit", "bombs": " before collateral damage"}
    return count(key, "hit") + tail.get(procedure, "")


def situation_words(procedure: str, args: tuple[str, ...], area: str) -> str:
    """What is being resolved, in a sentence, with the game's notation explained.

    >>> situation_words("fire", ("C4", "D4:4"), "C4")
    "The US units in C4 fire at D4 with four dice. In the game's notation: <code>fire C4 D4:4</code>, where <code>D4:4</code> means four dice aimed at area D4."
    """
    notation = f"<code>{escape(' '.join([procedure, *args]))}</code>"
    if procedure == "fire":
        aims = [a.split(":") for a in args[1:]]
        at = " and ".join(f"{place(t)} with {count(int(n), 'die', 'dice')}" for t, n in aims)
        explain = "; ".join(
            f"<code>{escape(t)}:{n}</code> means {count(int(n), 'die', 'dice')} aimed at area "
            f"{escape(place(t))}"
            for t, n in aims
        )
        return (
            f"The US units in {escape(place(args[0]))} fire at {escape(at)}. In the game's "
            f"notation: {notation}, where {explain}."
        )
    sentence = {
        "melee": f"A melee in {place(args[0])}, the {SIDES.get(args[-1], 'US')} attacking.",
        "mortar": f"The mortars in {place(args[0])} fire at {place(args[-1])}.",
        "artillery": f"{battery_name(args[0])} fires at {place(args[-1])}, called in by the "
        f"officer in {place(area)}.",
        "gunship": f"A gunship attacks the NVA unit {args[0]}.",
        "bombs": f"An air strike on {place(args[0])}.",
    }.get(procedure, "")
    if procedure == "melee":
        notation += f", where <code>{escape(args[-1])}</code> names the attacking side"
    return f"{escape(sentence, quote=False)} In the game's notation: {notation}."


def odds_table(procedure: str, dist: Any, args: tuple[str, ...]) -> str:
    """The exact odds as a labelled table: each outcome in words, its fraction and percentage."""
    return distribution_html(dist, "result", lambda key: outcome_words(procedure, key, args))


class InteractionsApp(ipw.VBox):
    """Pick a procedure and a situation; the odds and a seeded resolution update together."""

    def __init__(self) -> None:
        scenario = standard_scenario()
        areas = [a for a in AreaMap(scenario.map).areas if a not in ("Transition", "LZ-Columbus")]
        overstack = scenario.options["overstack_fire"]
        small = ipw.Layout(width="16em")
        self.procedure = ipw.Dropdown(
            options=[(LABELS.get(p, p), p) for p in PROCEDURES], value="fire", description="Attack"
        )
        self.area = ipw.Dropdown(options=areas, value="C4", description="from", layout=small)
        self.target = ipw.Dropdown(options=areas, value="D4", description="at", layout=small)
        self.us = ipw.IntSlider(value=2, min=0, max=6, description="US units")
        self.nva = ipw.IntSlider(value=1, min=0, max=6, description="NVA units")
        self.us_officer = ipw.Checkbox(value=False, description="US officer")
        self.nva_officer = ipw.Checkbox(value=False, description="NVA officer")
        self.turn = ipw.IntSlider(value=3, min=1, max=10, description="turn")
        self.flare = ipw.Checkbox(value=False, description="flare on target")
        readings = {
            r.id: r.text for r in load_reference().interpretation(overstack.interpretation).readings
        }
        self.reading_texts = readings
        self.reading = ipw.RadioButtons(
            options=[(_short(readings.get(c, str(c))), c) for c in overstack.choices],
            value=overstack.default,
            description="Over-stacked fire",
            style={"description_width": "initial"},
            layout=ipw.Layout(width="auto"),
        )
        self.reading_note = ipw.HTML()
        self.seed = seed_box(1, layout=small)
        self._own_officer = False  # the box as the reader left it, before a called-in attack
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
        shown = [*controls[:-1], self.reading_note, self.seed, self.seed.note]
        for control in controls:
            control.observe(self._refresh, names="value")
        left = ipw.VBox(shown, layout=ipw.Layout(width="26em", flex="0 0 26em"))
        right = ipw.VBox(
            [self.errors, self.headline, self.odds_view],
            layout=ipw.Layout(flex="1 1 24em", min_width="20em", padding="0 0 0 1rem"),
        )
        super().__init__(
            [
                ipw.HBox([left, right], layout=ipw.Layout(flex_flow="row wrap")),
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
            for view in (self.headline, self.odds_view, self.trace_view):
                view.value = ""  # no odds of the last set-up shown as if of this one

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
        # Mortars, artillery and air are called in by a US officer who sees the target
        # (lza:7.4-7.7), so one always stands in the firing area: the box says so rather than
        # stay unticked beside "called in by the officer in C4".
        # Back from one, the box is as the reader left it: it stayed ticked, and the next rifle
        # fire had a fifth die nobody asked for.
        called = procedure in CALLED_IN
        self.target.disabled = procedure == "melee"  # a melee is fought in its own area
        if called != self.us_officer.disabled:
            if called:
                self._own_officer = self.us_officer.value
            self.us_officer.disabled = called
            self.us_officer.description = "US officer (calls it in)" if called else "US officer"
            wanted = called or self._own_officer
            if self.us_officer.value != wanted:
                self.us_officer.value = wanted  # (refreshes again, with the box so)
                return
        situation, args = self._situation()
        dist = odds(situation, procedure, *args)
        night = ", at night" if situation.state.night else ""
        self.reading_note.value = (
            f"<small>{escape(self.reading_texts.get(self.reading.value, ''))} "
            f"{rule_links(['lza:6.1'])}</small>"
        )
        self.headline.value = (
            f"<p class='rb-headline' data-procedure='{procedure}'><b>{escape(LABELS[procedure])}, "
            f"turn {self.turn.value}{night}.</b> {situation_words(procedure, args, self.area.value)}"
            " The table gives the exact chance of each result. Counter values are "
            "<span class='provenance reconstructed'>reconstructed</span>.</p>"
        )
        self.odds_view.value = odds_table(procedure, dist, args)
        again, args = self._situation()
        result = again.run(procedure, *args)
        self.trace_view.value = result.trace._repr_html_()


def _short(text: str) -> str:
    """A reading's first clause, for a radio button: the full text is shown beside it."""
    for stop in (":", ";", ",", "."):
        text = text.split(stop, maxsplit=1)[0]
    return text.strip()


def interactions_app() -> ipw.VBox:
    """The whole page: title, a word on what it shows, and the app."""
    intro = (
        "<h1>LZ Albany: rule interactions</h1><p>Choose an attack and a situation. The table gives the "
        "exact probability of every result; below it, one seeded roll is resolved with each rule case it used.</p>"
    )
    return app_page(intro, InteractionsApp())
