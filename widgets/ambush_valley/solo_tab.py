"""The Solo VC tab: describe what a VC piece sees, read what the solo rules make it do and why."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as ipw

from rulebook.dice import Dice
from rulebook.games.ambush_valley.solo import Situation, decide
from rulebook.trace import Trace
from widgets._number import seed_box

__all__ = ["SoloPanel"]


class SoloPanel(ipw.VBox):
    """The solo VC's priority lists: describe what a VC piece sees, read what it does and why."""

    def __init__(self) -> None:
        self.errors = ipw.HTML()
        style = {"description_width": "12em"}
        self.kind = ipw.Dropdown(
            options=[
                ("VC unit", "unit"),
                ("VC leader without a unit", "leader"),
                ("civilians", "civilians"),
            ],
            description="piece",
            style=style,
        )
        self.when = ipw.Dropdown(
            options=[("reacting to a Regular unit", "reaction"), ("end of turn", "end-of-turn")],
            description="moment",
            style=style,
        )
        self.leader = ipw.Checkbox(description="has a leader")
        self.cover = ipw.Checkbox(description="in cover")
        self.fired_on = ipw.Checkbox(description="was fired on")
        self.los = ipw.Checkbox(description="sees the enemy from cover")
        self.vehicle = ipw.Checkbox(
            description="a vehicle it can hurt is moving", layout=ipw.Layout(width="22em")
        )
        self.no_enemy = ipw.Checkbox(description="no Regular in sight")
        self.tq = ipw.Dropdown(
            options=[("D6", 6), ("D8", 8), ("D10", 10)],
            value=6,
            description="Troop Quality",
            style=style,
        )
        self.fp = ipw.IntSlider(value=4, min=0, max=14, description="firepower dice", style=style)
        self.enemy = ipw.FloatSlider(
            value=10, min=0, max=40, step=1, description="nearest Regular (in)", style=style
        )
        self.combat = ipw.FloatSlider(
            value=20, min=0, max=40, step=1, description="nearest combat (in)", style=style
        )
        self.seed = seed_box(1, description="seed for its D6", style=style)
        self.fp_six = ipw.ToggleButtons(
            options=[("FP 6 counts as weak", "low"), ("FP 6 counts as strong", "high")],
            description="reading",
        )
        self.answer = ipw.HTML()
        self.answer.add_class("rb-av-solo")
        controls = [
            self.kind,
            self.when,
            self.tq,
            self.fp,
            self.enemy,
            self.combat,
            self.seed,
            self.fp_six,
        ]
        shown = [*controls[:-1], self.seed.note, self.fp_six]  # what the seed box kept, beneath it
        boxes = [self.leader, self.cover, self.fired_on, self.los, self.vehicle, self.no_enemy]
        for w in controls[:-1]:
            w.layout.width = "30em"
        for w in controls + boxes:
            w.observe(self.refresh, "value")
        left = ipw.VBox(shown, layout=ipw.Layout(width="34em", min_width="34em"))
        super().__init__([ipw.HBox([left, ipw.VBox(boxes)]), self.errors, self.answer])
        self.refresh()

    def situation(self) -> Situation:
        return Situation(
            kind=self.kind.value,
            when=self.when.value,
            has_leader=self.leader.value,
            tq=self.tq.value,
            in_cover=self.cover.value,
            firepower=self.fp.value,
            enemy_distance=None if self.no_enemy.value else self.enemy.value,
            activated_is_vehicle=self.vehicle.value,
            can_hurt_vehicle=self.vehicle.value,
            fired_on=self.fired_on.value,
            has_los_to_enemy=self.los.value,
            combat_within=self.combat.value,
            leader_in_los=self.leader.value and self.kind.value == "unit",
            fp_six=self.fp_six.value,
        )

    def refresh(self, _: Any = None) -> None:
        decision = decide(self.situation(), Dice(self.seed.value), Trace())
        roll = f" (its D6 rolled {decision.roll})" if decision.roll is not None else ""
        self.answer.value = (
            f"<p class='rb-av-decision' data-rule='{escape(decision.rule)}'><b>{escape(decision.action)}</b>{roll}</p>"
            f"<p>chosen by the line <i>{escape(decision.line)}</i> of <code>{escape(decision.rule)}</code>; "
            "a leaderless unit first passes a Quality check to act at all.</p>"
        )
