"""The point-map designer's NVA tab: the regiments in the Unknown Box (ftv:7.0C), their arrivals
by the Offboard Movement Table (ftv:3.5.2), where the Intelligence Table finds them (ftv:3.2.2.1),
and zones the tables name that the map lacks.

The rules live in :mod:`rulebook.maps.point_forces`; this panel shows them in words and calls it.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as ipw

from rulebook.maps import setup
from rulebook.maps.point_design import ZONES, PointDesign
from rulebook.maps.point_forces import ROLLS, arrivals, regiments_by_digit, table_zones
from rulebook.maps.point_forces import regiment_words as regiment_name
from rulebook.render import provenance_badge
from widgets._closing import close_tree
from widgets._number import RangedIntText
from widgets.point_setup import DesignEdits, beside_book

__all__ = ["NvaPanel"]

# Ways to roll each total on two dice, to say how likely an Offboard Table result is.
WAYS = {r: 6 - abs(r - 7) for r in ROLLS}


def map_zones(design: PointDesign) -> list[str]:
    """The lettered zones with a numbered location on the map (where NVA units can be placed)."""
    return sorted(
        {
            design.zone_of(n)
            for n in design.spec.locations
            if n[-1].isdigit() and not n.startswith("CAM")
        }
    )


def _cell_words(cell: str, scenario: Any) -> str:
    if cell == "-":
        return "nothing moves"
    if cell == "up":
        return "the arrow: every identified NVA unit moves up a rank"
    by_digit = regiments_by_digit(scenario.first_team.nva.regiments)
    names = " and ".join(f"the {regiment_name(by_digit[d])}" for d in cell[:-1] if d in by_digit)
    return f"{names} to zone {cell[-1]}"


def _word(text: str) -> ipw.HTML:
    """A label before a field (ipywidgets' own descriptions take a fixed, wide column)."""
    return ipw.HTML(text, layout=ipw.Layout(margin="0 0.4em 0 0.8em", width="auto"))


def table_note(note: str) -> str:
    """A table's note: its first sentence, and the rest one click away (a note cut at 160
    characters ended mid-word: "...and the ar...").

    >>> table_note("Rebuilt. Each roll is a zone.")
    "<details class='rb-table-note'><summary><i>Rebuilt.</i></summary><i>Each roll is a zone.</i></details>"
    >>> table_note("One sentence only.")
    '<i>One sentence only.</i>'
    """
    first, _, rest = note.partition(". ")
    if not rest:
        return f"<i>{escape(note)}</i>"
    return (
        f"<details class='rb-table-note'><summary><i>{escape(first)}.</i></summary>"
        f"<i>{escape(rest)}</i></details>"
    )


class NvaPanel(DesignEdits, ipw.VBox):
    """NVA set-up, arrivals and zone sending, each change one undoable step."""

    def __init__(
        self, design: Callable[[], PointDesign], on_change: Callable[[], None], errors: ipw.HTML
    ) -> None:
        self._bind(design, on_change, errors)
        self._regiments: tuple[int, ...] = ()
        self.sizes = ipw.VBox()
        self.size_boxes: dict[int, RangedIntText] = {}
        self.size_notes: dict[int, ipw.HTML] = {}
        self.arrivals = ipw.HTML()
        self.turn = RangedIntText(1, 15, "a turn", layout=ipw.Layout(width="4.5em"))
        self.turn.add_class("rb-arrival-turn")
        self.roll = ipw.Dropdown(
            options=[(f"{r} ({WAYS[r]} in 36)", r) for r in ROLLS],
            value=7,
            layout=ipw.Layout(width="8.5em"),
        )
        self.roll.add_class("rb-arrival-roll")
        self.picks = ipw.HBox()
        self.pick_boxes: dict[int, ipw.Checkbox] = {}
        self.zone = ipw.Dropdown(options=ZONES, layout=ipw.Layout(width="4.5em"))
        self.zone.add_class("rb-arrival-zone")
        self.now = ipw.HTML()
        self.set_button = ipw.Button(description="Set arrival", layout=ipw.Layout(width="auto"))
        self.set_button.add_class("rb-set-arrival")
        self.clear_button = ipw.Button(
            description="Nothing on this roll", layout=ipw.Layout(width="auto")
        )
        self.clear_button.add_class("rb-clear-arrival")
        self.intel = ipw.HTML()
        self.intel_turn = RangedIntText(1, 15, "a turn", layout=ipw.Layout(width="4.5em"))
        self.intel_turn.add_class("rb-intel-turn")
        self.intel_die = ipw.Dropdown(options=list(range(1, 7)), layout=ipw.Layout(width="4.5em"))
        self.intel_die.add_class("rb-intel-die")
        self.intel_zone = ipw.Dropdown(layout=ipw.Layout(width="9em"))
        self.intel_zone.add_class("rb-intel-zone")
        self.intel_button = ipw.Button(description="Set finding", layout=ipw.Layout(width="auto"))
        self.intel_button.add_class("rb-set-intel")
        self.missing = ipw.Dropdown(layout=ipw.Layout(width="4.5em"))
        self.missing.add_class("rb-missing-zone")
        self.send_to = ipw.Dropdown(layout=ipw.Layout(width="4.5em"))
        self.send_to.add_class("rb-send-to")
        self.send_button = ipw.Button(
            description="Send its results there", layout=ipw.Layout(width="auto")
        )
        self.send_button.add_class("rb-send-zone")
        self.missing_text = ipw.HTML()
        self.missing_box = ipw.VBox(
            [
                self.missing_text,
                ipw.HBox(
                    [
                        _word("zone"),
                        self.missing,
                        _word("send to zone"),
                        self.send_to,
                        self.send_button,
                    ]
                ),
            ]
        )
        self.set_button.on_click(lambda _: self._set(clear=False))
        self.clear_button.on_click(lambda _: self._set(clear=True))
        self.send_button.on_click(self._send_zone)
        self.intel_button.on_click(self._set_intelligence)
        for box in (self.intel_turn, self.intel_die):
            box.observe(lambda _: self._show_intel_now(), names="value")
        for box in (self.turn, self.roll):
            box.observe(lambda _: self._show_now(), names="value")
        super().__init__(
            [
                ipw.HTML(
                    "<b>NVA set-up</b> (ftv:7.0C): every company starts unseen in the Unknown "
                    "Box. Companies in each regiment:"
                ),
                self.sizes,
                ipw.HTML(
                    "<b>Arrivals</b>: the NVA Offboard Movement Table (ftv:3.5.2) brings "
                    "regiments from the Unknown Box to a zone box when its roll of two dice comes "
                    "up on a turn. These are the campaign's reinforcement waves:"
                ),
                self.arrivals,
                ipw.HTML("<b>Set what a roll brings</b>:"),
                ipw.HBox(
                    [
                        _word("turn"),
                        self.turn,
                        _word("roll"),
                        self.roll,
                        _word("to zone"),
                        self.zone,
                        self.turn.note,
                    ],
                    layout=ipw.Layout(flex_flow="row wrap", align_items="center"),
                ),
                ipw.HBox([ipw.HTML("regiments:&nbsp;"), self.picks]),
                self.now,
                ipw.HBox([self.set_button, self.clear_button]),
                ipw.HTML(
                    "<b>Intelligence</b>: when the US identifies the enemy (ftv:3.2.2.1), a die on "
                    "the US Intelligence Table names the zone where the lowest-numbered regiment "
                    "still unseen is found. Zone by turn (rows) and die (columns):"
                ),
                self.intel,
                ipw.HBox(
                    [
                        _word("turn"),
                        self.intel_turn,
                        _word("die"),
                        self.intel_die,
                        _word("finds"),
                        self.intel_zone,
                        self.intel_button,
                        self.intel_turn.note,
                    ],
                    layout=ipw.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.missing_box,
            ]
        )
        self.add_class("rb-nva-panel")

    # --- edits ----------------------------------------------------------------------------

    def _size(self, regiment: int, companies: int) -> None:
        self._edit(lambda d: d.set_regiment_size(regiment, companies))

    def _set(self, *, clear: bool) -> None:
        chosen = [r for r, box in self.pick_boxes.items() if box.value]

        def act(d: PointDesign) -> None:
            if not clear and not chosen:
                raise ValueError("tick the regiments this roll brings, or choose Nothing")
            d.set_arrival(
                self.turn.value, self.roll.value, [] if clear else chosen, self.zone.value
            )

        self._edit(act)

    def _set_intelligence(self, _: Any = None) -> None:
        turn, die, zone = self.intel_turn.value, self.intel_die.value, self.intel_zone.value
        self._edit(lambda d: d.set_intelligence(turn, die, zone))

    def _send_zone(self, _: Any = None) -> None:
        gone, to = self.missing.value, self.send_to.value
        self._edit(lambda d: d.send_zone(gone, to))

    # --- view -----------------------------------------------------------------------------

    def _rebuild(self, regiments: tuple[int, ...]) -> None:
        """One size box and one tick box per regiment; rebuilt only when the regiments change."""
        self._regiments = regiments
        self.size_boxes, self.size_notes, self.pick_boxes = {}, {}, {}
        rows = []
        for regiment in regiments:
            box = RangedIntText(1, 20, "a regiment's companies", layout=ipw.Layout(width="5.5em"))
            box.add_class(f"rb-regiment-{regiment}")
            box.observe(lambda c, r=regiment: self._size(r, c["new"]), names="value")
            note = ipw.HTML()
            self.size_boxes[regiment], self.size_notes[regiment] = box, note
            rows.append(
                ipw.HBox(
                    [
                        ipw.HTML(regiment_name(regiment), layout=ipw.Layout(width="11em")),
                        box,
                        note,
                        box.note,
                    ]
                )
            )
            pick = ipw.Checkbox(
                description=regiment_name(regiment).replace(" Regiment", ""),
                indent=False,
                layout=ipw.Layout(width="6em"),
            )
            pick.add_class(f"rb-arrival-reg-{regiment}")
            self.pick_boxes[regiment] = pick
        old = (*self.sizes.children, *self.picks.children)
        self.sizes.children = rows
        self.picks.children = list(self.pick_boxes.values())
        close_tree(old)  # the last regiments' boxes, shown nowhere now

    def _show_now(self) -> None:
        scenario = self._design().scenario
        row = scenario.first_team.tables.offboard.turns.get(self.turn.value)
        cell = row[self.roll.value - 2] if row else "-"
        self.now.value = (
            f"<div class='rb-arrival-now'>Now turn {self.turn.value}, roll {self.roll.value}: "
            f"{escape(_cell_words(cell, scenario))}.</div>"
        )

    def _show_intel_now(self) -> None:
        """Set the zone picker to what the table says now, so Set changes only what is picked."""
        if self._syncing:
            return
        table = self._design().scenario.first_team.tables.intelligence
        row = table.turns.get(self.intel_turn.value)
        cell = row[self.intel_die.value - 1] if row else "-"
        zones = [value for _, value in self.intel_zone.options]
        self.intel_zone.value = cell if cell in zones else "-"

    def _intel_table(self, scenario: Any, zones: list[str]) -> str:
        table = scenario.first_team.tables.intelligence
        last = scenario.turns.value if scenario.turns else 15

        def cell(turn: int, die: int) -> str:
            row = table.turns.get(turn) or ["-"] * 6
            zone = row[die - 1]
            pinned = table.pinned.get(f"{turn}/{die}")
            off_map = zones and zone != "-" and zone not in zones
            shown = "none" if zone == "-" else zone
            mark = (
                f" class='rb-intel-pinned' title='printed in the rules ({pinned})'"
                if pinned
                else " class='rb-intel-off-map' title='this map has no such zone'"
                if off_map
                else ""
            )
            return f"<td{mark}>{shown}</td>"

        body = "".join(
            f"<tr data-turn='{turn}'><th>{turn}</th>"
            f"{''.join(cell(turn, die) for die in range(1, 7))}</tr>"
            for turn in range(1, last + 1)
        )
        head = "".join(f"<th>{die}</th>" for die in range(1, 7))
        note = table.note
        return (
            "<div style='max-height:12em;overflow:auto'><table class='rb-intel'>"
            f"<tr><th>turn</th>{head}</tr>{body}</table></div>"
            f"{provenance_badge(table.provenance)} {table_note(note)}"
        )

    def refresh(self) -> None:
        design = self._design()
        scenario = design.scenario
        ft = scenario.first_team
        book = setup.book_reference("first-team").first_team
        regiments = tuple(sorted(ft.nva.regiments))
        if regiments != self._regiments:
            self._rebuild(regiments)
        self._syncing = True
        try:
            for regiment, box in self.size_boxes.items():
                box.value = len(ft.nva.regiments[regiment])
                was = book.nva.regiments.get(regiment)
                self.size_notes[regiment].value = beside_book(
                    box.value, len(was) if was is not None else None, book.nva.provenance
                )
            last = scenario.turns.value if scenario.turns else 15
            self.turn.max = last
            zones = map_zones(design)
            self.zone.options = zones or ZONES
            missing = sorted(table_zones(scenario) - set(zones)) if zones else []
            self.missing.options = missing
            self.send_to.options = zones
            self.intel_turn.max = last
            on_map = zones or ZONES
            named = {c for row in ft.tables.intelligence.turns.values() for c in row} - {"-"}
            self.intel_zone.options = (
                [("nothing found", "-")]
                + [(f"zone {z}", z) for z in on_map]
                + [(f"zone {z} (not on this map)", z) for z in sorted(named - set(on_map))]
            )
            self.missing_box.layout.display = None if missing else "none"
            self.missing_text.value = (
                "<b>Zones the tables name that this map lacks</b>: the Intelligence Table (where a "
                "located regiment is found, ftv:3.2.2.1) and the Offboard Table send NVA units to "
                f"zone{'s' if len(missing) > 1 else ''} <span class='rb-missing-zones'>"
                f"{escape(', '.join(missing))}</span>. Send each one's results to a zone of the map:"
            )
        finally:
            self._syncing = False
        table = ft.tables.offboard
        rows = "".join(
            f"<tr class='rb-arrival' data-turn='{a.turn}' data-zone='{a.zone}'><td>{a.turn}</td>"
            f"<td>{' or '.join(str(r) for r in a.rolls)}</td>"
            f"<td>{escape(', '.join(regiment_name(r) for r in a.regiments))}</td>"
            f"<td>{a.zone}</td></tr>"
            for a in arrivals(scenario)
        )
        self.arrivals.value = (
            "<div style='max-height:12em;overflow:auto'><table class='rb-arrivals'>"
            "<tr><th>turn</th><th>on a roll of</th><th>regiments</th><th>to zone</th></tr>"
            f"{rows}</table></div>{provenance_badge(table.provenance)} {table_note(table.note)}"
        )
        self.intel.value = self._intel_table(scenario, zones)
        self._show_now()
        self._show_intel_now()
