"""First Team: Vietnam combat: set up a fight, see every column shift, the exact odds and a traced roll."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as ipw

from rulebook.dice import ScriptedDice
from rulebook.games.first_team import campaign_map
from rulebook.games.first_team.situation import NVA_ORDER, CombatSetup, example_4_1
from rulebook.render import distribution_html, provenance_badge, trace_html
from rulebook.render._html import tidy_words
from rulebook.trace import Trace
from widgets._number import seed_box
from widgets._page import app_page, guarded, rule_links

__all__ = ["FirstTeamCombat", "first_team_combat_app"]

STEP_NAMES = {1: "8-3 full", 2: "6-2", 3: "4-1", 4: "2-0 broken"}


class FirstTeamCombat(ipw.VBox):
    """Controls for both sides on the left; columns, odds and one roll on the right."""

    def __init__(self, setup: CombatSetup | None = None) -> None:
        setup = setup or example_4_1()
        wide = ipw.Layout(width="22em")
        label = {"description_width": "11em"}  # "NVA support locations" in full
        self.attacker = ipw.ToggleButtons(options=[("US attacks", "us"), ("NVA attacks", "nva")])
        self.us_companies = ipw.IntSlider(
            min=1, max=4, description="US companies", layout=wide, style=label
        )
        self.us_broken = ipw.IntSlider(min=0, max=4, description="broken", layout=wide, style=label)
        self.garrison = ipw.Checkbox(description="Plei Me garrison (camp)")
        self.supplied = ipw.Checkbox(description="US supplied")
        self.us_hold = ipw.Checkbox(description="US under HOLD")
        self.aero = ipw.IntSlider(
            min=0, max=3, description="aero-rockets", layout=wide, style=label
        )
        self.air = ipw.IntSlider(min=0, max=4, description="tactical air", layout=wide, style=label)
        self.artillery = ipw.IntSlider(
            min=0, max=4, description="batteries", layout=wide, style=label
        )
        self.gunship = ipw.Checkbox(description="gunship")
        self.observation = ipw.Checkbox(description="observation helicopter")

        def support(side: str) -> ipw.IntSlider:
            return ipw.IntSlider(
                min=0,
                max=3,
                description=f"{side} support locations",  # two sliders: say whose
                tooltip=f"adjacent locations whose {side} units support this fight (ftv:4.1.4)",
                layout=wide,
                style=label,
            )

        self.us_support = support("US")
        self.nva_steps = [
            ipw.Dropdown(
                options=[("none", 0), *[(v, k) for k, v in STEP_NAMES.items()]],
                description=f"NVA {company}",  # the counter the trace names ("4/32 -1")
                layout=wide,
            )
            for company in NVA_ORDER
        ]
        self.nva_hold = ipw.Checkbox(description="NVA under HOLD")
        self.nva_support = support("NVA")
        self.ambush = ipw.Checkbox(description="ambush (only the attacker fires)")
        self.night = ipw.Checkbox(description="NVA Open Combat (night check)")
        self.seed = seed_box(0, layout=ipw.Layout(width="14em"))
        self.example = ipw.Button(description="The 4.1 example", icon="book")
        self.example.on_click(self._load_example)
        self.headline = ipw.HTML()
        self.columns_view = ipw.HTML()
        self.odds_view = ipw.HTML()
        self.trace_view = ipw.HTML()
        self.errors = ipw.HTML()
        self.map_view = ipw.HTML(campaign_map()._repr_svg_())
        self._controls = [
            self.attacker, self.us_companies, self.us_broken, self.garrison, self.supplied,
            self.us_hold, self.aero, self.air, self.artillery, self.gunship, self.observation,
            self.us_support, *self.nva_steps, self.nva_hold, self.nva_support, self.ambush,
            self.night, self.seed,
        ]  # fmt: skip
        self._results = (self.headline, self.columns_view, self.odds_view, self.trace_view)
        self._quiet = False
        self.set_setup(setup, seed=1)
        for control in self._controls:
            control.observe(self._changed, names="value")
        left = ipw.VBox(
            [self.example, *self._controls, self.seed.note], layout=ipw.Layout(width="24em")
        )
        # A refusal first, where the results were: they go with it. The odds come before the
        # column shifts that make them: at 1024 x 768 the shifts alone filled the first screen.
        right = ipw.VBox(
            [self.errors, self.headline, self.odds_view, self.columns_view],
            layout=ipw.Layout(width="46em"),
        )
        super().__init__(
            [
                ipw.HBox([left, right]),
                ipw.HTML("<h2>One roll of it, rule by rule</h2>"),
                self.trace_view,
                ipw.HTML(
                    "<h2>The campaign map</h2><p>Roads orange, jungle green, rivers blue, jungle and "
                    f"mountain black. {provenance_badge('reconstructed')}</p>"
                ),
                self.map_view,
            ]
        )
        self.add_class("rb-ftv-combat")
        self.refresh()

    # --- controls <-> setup ----------------------------------------------------------------

    def set_setup(self, setup: CombatSetup, *, seed: int | None = None) -> None:
        """Show *setup* in the controls (without recomputing for every control it touches)."""
        self._quiet = True
        try:
            self.attacker.value = setup.attacker
            self.us_companies.value = setup.us_companies
            self.us_broken.value = setup.us_broken
            self.garrison.value = setup.garrison
            self.supplied.value = setup.us_supplied
            self.us_hold.value = setup.us_hold
            self.aero.value, self.air.value = setup.aero_rockets, setup.airstrikes
            self.artillery.value = setup.artillery
            self.gunship.value, self.observation.value = setup.gunship, setup.observation
            self.us_support.value = setup.us_support_locations
            steps = list(setup.nva_steps) + [0] * (6 - len(setup.nva_steps))
            for control, step in zip(self.nva_steps, steps, strict=True):
                control.value = step
            self.nva_hold.value = setup.nva_hold
            self.nva_support.value = setup.nva_support_locations
            self.ambush.value, self.night.value = setup.ambush, setup.nva_open_combat
            if seed is not None:
                self.seed.value = seed
        finally:
            self._quiet = False

    def setup(self) -> CombatSetup:
        return CombatSetup(
            us_companies=self.us_companies.value,
            us_broken=min(self.us_broken.value, self.us_companies.value),
            garrison=self.garrison.value,
            nva_steps=tuple(c.value for c in self.nva_steps if c.value),
            attacker=self.attacker.value,
            ambush=self.ambush.value,
            nva_open_combat=self.night.value,
            aero_rockets=self.aero.value,
            airstrikes=self.air.value,
            artillery=self.artillery.value,
            gunship=self.gunship.value,
            observation=self.observation.value,
            us_supplied=self.supplied.value,
            us_hold=self.us_hold.value,
            nva_hold=self.nva_hold.value,
            us_support_locations=self.us_support.value,
            nva_support_locations=self.nva_support.value,
        )

    def _changed(self, _: Any = None) -> None:
        if not self._quiet:
            self.refresh()

    @guarded
    def _load_example(self, _: Any = None) -> None:
        self.set_setup(example_4_1(), seed=0)

    # --- output ----------------------------------------------------------------------------

    def refresh(self) -> None:
        self.errors.value = ""
        try:
            self._show()
        except Exception as err:  # every failure must reach the user, whatever its type
            from widgets._page import error_html

            self.errors.value = error_html(err)
            for view in self._results:  # no fight of the last set-up shown as if of this one
                view.value = ""

    def _show(self) -> None:
        setup = self.setup()
        attacker, defender = setup.forces()
        odds = setup.odds()
        seed = self.seed.value
        # Seed 0 is the book's own roll for the 4.1 example (US 5, NVA 6), so readers can check it.
        dice = ScriptedDice([5, 6, *[1] * 30]) if seed == 0 else None
        result = setup.resolve(dice, seed=seed)
        columns = " &middot; ".join(
            f"{side.upper()} on column <b>{c}</b>" for side, c in result.columns.items()
        )
        self.headline.value = (
            f"<p class='rb-headline' data-columns='{escape(str(result.columns))}'>{columns}. "
            f"CRT {provenance_badge('reconstructed')}: the rulebook prints no table, so it is "
            "rebuilt around the cells its worked examples show, which are kept as printed.</p>"
        )
        self.columns_view.value = self._shift_tables(attacker, defender, setup)
        parts = []
        for side, dist in odds.items():
            parts.append(
                f"<div class='rb-odds' data-side='{side}'><h3>{side.upper()} fire: chance of each result</h3>"
                f"{distribution_html(dist, 'result', lambda key, side=side: result_words(str(key), side))}</div>"
            )
        self.odds_view.value = (
            "<div style='display:flex;flex-wrap:wrap;gap:2em'>" + "".join(parts) + "</div>"
            f"<p><small>The results table {rule_links(['ftv:4.1.12'])} and what each result "
            f"does {rule_links(['ftv:4.2'])}; below, the shifts that set each side's column."
            "</small></p>"
        )
        totals = (
            f"<p class='rb-outcome'>US casualty points: <b>{result.us_casualty_points}</b>; "
            + "; ".join(
                f"{side.upper()} fire: {escape(result_words(str(r), side))}"
                for side, r in result.results.items()
            )
            + "</p>"
        )
        self.trace_view.value = totals + trace_html(result.trace)

    @staticmethod
    def _shift_tables(attacker, defender, setup: CombatSetup) -> str:
        from rulebook.games.first_team import column_for

        rows = []
        pairs = [(attacker, defender, True)] + (
            [] if setup.ambush else [(defender, attacker, False)]
        )
        for firer, target, attacking in pairs:
            trace = Trace()
            column_for(
                firer, target, attacking=attacking, ambush=setup.ambush and attacking, trace=trace
            )
            cells = "".join(
                f"<tr><td><code>{escape(s.rule)}</code></td><td>{escape(tidy_words(s.text))}</td></tr>"
                for s in trace
            )
            rows.append(
                f"<div class='rb-shifts' data-side='{firer.side}'><h3>{firer.side.upper()} column shifts</h3>"
                f"<table>{cells}</table></div>"
            )
        night = (
            "<p><i>Night attacks (1-4 on a die: three more NVA shifts) are folded into the odds.</i></p>"
            if setup.nva_open_combat
            else ""
        )
        return "".join(rows) + night


def result_words(code: str, firer: str) -> str:
    """A CRT result as what it does to the side fired on (ftv:4.1.12, 4.2.1-4.2.6).

    >>> result_words("8*", "us")
    '8* — the NVA lose 8 steps; with artillery firing, 1 US casualty point too'
    >>> result_words("2B", "nva")
    '2B — up to 2 US units may break'
    >>> result_words("AA", "us")
    'AA — 2 NVA units break'
    """
    from rulebook.games.first_team.crt import Result

    r = Result.parse(code)
    target = "NVA" if firer == "us" else "US"
    what = {
        "NE": "no effect",
        "R": f"the {target} retreat",
        "steps": f"the NVA lose {r.n} step{'s' if r.n != 1 else ''}"
        if target == "NVA"
        else f"{r.n} US casualty point{'s' if r.n != 1 else ''}",
        "possible": f"up to {r.n} {target} unit{'s' if r.n != 1 else ''} may break",
        "auto": f"{r.n} {target} unit{'s' if r.n != 1 else ''} break{'s' if r.n == 1 else ''}",
    }[r.kind]
    if r.star:
        what += (
            "; with artillery firing, 1 US casualty point too"
            if firer == "us"
            else "; one US helicopter goes to Refit"
        )
    return f"{code} — {what}"


def first_team_combat_app() -> ipw.VBox:
    intro = (
        "<h1>First Team: Vietnam: combat</h1><p>Set up a fight between US companies and NVA "
        "companies in one location. Each side starts on column 1 of the Combat Results Table and "
        "shifts right for superiority, efficiency, ambush, support, HOLD, artillery, night, supply "
        "and observation (case 4.1); then it rolls a die and adds the number of units it fires on. "
        "The button loads the rulebook's worked example; with dice seed 0 it rolls the book's own "
        "5 and 6.</p>"
    )
    return app_page(intro, FirstTeamCombat())
