"""The scenario on the drawn map (LZ Albany): set-up places, arrivals by turn, chits, victory points.

Every value shows the book's beside it and its provenance; a changed value turns
``assumed``. The panel edits through :mod:`rulebook.maps.setup` and the designer's
undoable :meth:`~rulebook.maps.design.MapDesign.edit_scenario`.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as ipw

from rulebook._words import words
from rulebook.games.lz_albany.narrate import VP_WORDS
from rulebook.maps import setup
from rulebook.maps.design import MapDesign
from rulebook.maps.places import PLACE_TAGS, arrival_words, by_id, place_label
from rulebook.render import provenance_badge
from widgets._closing import close_tree
from widgets._number import RangedIntText

__all__ = ["SetupPanel"]

AWARDS = VP_WORDS  # (the trace names the VP sources in the same words)
VALUES = ["stacking_limit", "nva_retreat_at_us_vp", "nva_automatic_victory_vp", "flares"]


def _small() -> ipw.Layout:
    """A number box's layout: one for each box, so a rebuilt tab can close the old ones."""
    return ipw.Layout(width="5.5em")


def _wrap() -> ipw.Layout:
    """A row's layout, whose note (a number held to its range) goes under it if it must."""
    return ipw.Layout(flex_flow="row wrap", align_items="center")


def _words(text: str) -> str:
    return AWARDS.get(text) or (
        words(text, capital=False) if text in VALUES else text.replace("_", " ")
    )


class SetupPanel(ipw.VBox):
    """Set-up places on the map, and the forces, chits and victory points of an LZ Albany scenario."""

    def __init__(self, design: Callable[[], MapDesign], on_change: Callable[[], None]) -> None:
        self._design = design
        self._on_change = on_change
        self._syncing = False
        self.place = ipw.Dropdown(
            options=[(label, tag) for tag, label in PLACE_TAGS.items()]
            + [(f"{edge} edge", f"edge-{edge}") for edge in ("north", "south", "east", "west")],
            description="place",
            layout=ipw.Layout(width="22em"),
        )
        self.place.add_class("rb-place")
        self.edges_button = ipw.Button(
            description="Mark board edges",
            layout=ipw.Layout(width="auto"),
            tooltip="tag the areas on the drawing's outer border as north, south, east or west edge",
        )
        self.edges_button.on_click(self._mark_edges)
        self.marked = ipw.HTML()
        self.arrival_rows = ipw.VBox()
        self.chit_rows = ipw.VBox()
        self.vp_rows = ipw.VBox()
        self.value_rows = ipw.VBox()
        self._built_for: tuple = ()
        # The tables hold a few hundred controls: built when the tab is first opened, not before.
        self.active = False
        self.tabs = ipw.Accordion(
            children=[
                ipw.VBox(
                    [
                        ipw.HTML(
                            "Pick a place, choose <b>mark place</b> above the map and click "
                            "areas to add or remove them."
                        ),
                        self.place,
                        self.marked,
                        ipw.HTML(
                            "Board edges (where retreating NVA leave the map, lza:5.2E) can be "
                            "marked the same way, or all at once from the drawing's outline:"
                        ),
                        ipw.HBox([self.edges_button]),
                    ]
                ),
                self.arrival_rows,
                self.chit_rows,
                ipw.VBox([self.vp_rows, self.value_rows]),
            ],
            titles=(
                "Set-up places on the map",
                "Who arrives when and where",
                "Chit pool by turn",
                "Victory points and limits",
            ),
            selected_index=0,
        )
        self.place.observe(lambda _: self._on_change(), names="value")
        super().__init__([self.tabs])
        self.add_class("rb-setup")

    # --- edits ------------------------------------------------------------------------

    def _mark_edges(self, _: Any = None) -> None:
        self._design().mark_edges()
        self._on_change()

    def _edit(self, make: Callable[[Any], Any]) -> None:
        if self._syncing:
            return
        design = self._design()
        design.edit_scenario(make(design.scenario))
        self._on_change()

    # --- building and syncing -----------------------------------------------------------

    def refresh(self) -> None:
        design = self._design()
        scenario = design.scenario
        if scenario is None or scenario.lz_albany is None:
            self.marked.value = "<i>This file has no LZ Albany forces to set up.</i>"
            return
        tag = self.place.value
        areas = by_id(design.map.tagged(tag))
        self.marked.value = (
            f"<div class='rb-marked' data-tag='{escape(tag)}' data-count='{len(areas)}'>"
            f"{escape(place_label(tag))}: "
            + (escape(", ".join(areas)) if areas else "<i>no area yet</i>")
            + "</div>"
        )
        if not self.active:
            return
        # The arrivals may name any area drawn so far: the design's map, not the file's old one.
        scenario = scenario.model_copy(update={"map": design.map.spec})
        rows = setup.arrivals(scenario)
        # Rows keep their places while the designer edits: a row that jumped to its new turn's
        # place under the pointer would be lost; they are sorted again when the tab is rebuilt.
        key = (
            tuple(sorted(r.unit for r in rows)),
            len(scenario.lz_albany.chits),
            tuple(a.id for a in design.map),
        )
        if key != self._built_for:
            self._close_rows()
            self._build(scenario, rows)
            self._built_for = key
        self._sync(scenario, rows)

    def _close_rows(self) -> None:
        """Close the rows of the last build for good, or each rebuild (every area drawn while
        this tab is open) would leave its few hundred widgets behind."""
        for box in (self.arrival_rows, self.chit_rows, self.vp_rows, self.value_rows):
            old, box.children = box.children, ()
            close_tree(old)

    def _build(self, scenario: Any, rows: list[setup.ArrivalRow]) -> None:
        places = setup.places(scenario)
        options = [(arrival_words(*p), p) for p in places]
        # A turn box holds its number to the game's turns, and says so when it does.
        last = scenario.turns.value if scenario.turns else 20
        header = ipw.HTML(
            "<div class='rb-setup-head'>Each company or officer: the turn it comes on and where. "
            f"Turn 1 is the set-up; later turns, up to the last ({last}), are reinforcements "
            "(lza:3.2). A change from the book is marked <i>assumed</i> with the book's value; "
            "point at <i>printed</i> for the rule case that sets it (lza:3.2C, 3.2E).</div>"
        )
        self._arrivals = {}
        widgets = [header]
        for row in rows:
            turn = RangedIntText(1, last, "a turn", layout=ipw.Layout(width="3em"))
            where = ipw.Dropdown(options=options, layout=ipw.Layout(width="auto", max_width="100%"))
            # The book's value sits beside the row, or under it when it does not fit beside.
            book = ipw.HTML(layout=ipw.Layout(flex="1 1 auto", width="auto", margin="0 0 0 0.5em"))
            unit = row.unit

            def changed(_: Any, unit: str = unit, turn: Any = turn, where: Any = where) -> None:
                self._edit(
                    lambda s: setup.with_arrival(s, unit, turn=turn.value, place=where.value)
                )

            turn.observe(changed, names="value")
            where.observe(changed, names="value")
            label = ipw.HTML(
                f"<span style='white-space:nowrap' title='{row.platoons} platoons' "
                f"data-unit='{escape(row.unit)}'>"
                f"<b>{escape(row.unit)}</b> <small>{row.side.upper()}</small></span>",
                layout=ipw.Layout(width="7em"),
            )
            self._arrivals[unit] = (turn, where, book)
            box = ipw.HBox(
                [label, turn, where, turn.note, book], layout=ipw.Layout(flex_flow="row wrap")
            )
            box.add_class("rb-arrival")
            widgets.append(box)
        self.arrival_rows.children = widgets

        lza = scenario.lz_albany
        self._chits = []
        chit_widgets = [
            ipw.HTML(
                "Chits added to the pool at the start of each turn (lza:3.2): 0 to 9 of a kind, "
                f"on turn 1 to {last}."
            )
        ]
        for i, chit in enumerate(lza.chits):
            count = RangedIntText(0, 9, "a count of chits", layout=_small())
            turn = RangedIntText(1, last, "a turn", layout=_small())
            badge = ipw.HTML()
            count.observe(
                lambda c, i=i: self._edit(lambda s: setup.with_chit(s, i, count=c["new"])),
                names="value",
            )
            turn.observe(
                lambda c, i=i: self._edit(lambda s: setup.with_chit(s, i, turn=c["new"])),
                names="value",
            )
            label = ipw.HTML(
                f"{chit.side.upper()} {escape(chit.kind.replace('-', ' '))}",
                layout=ipw.Layout(width="11em"),
            )
            self._chits.append((count, turn, badge))
            chit_widgets.append(
                ipw.HBox(
                    [label, count, ipw.HTML("on turn"), turn, badge, count.note, turn.note],
                    layout=_wrap(),
                )
            )
        self.chit_rows.children = chit_widgets

        self._vp = {}
        vp_widgets = [ipw.HTML("Victory points each event earns (lza:4.1), 0 to 99.")]
        for side, awards in lza.vp.items():
            for award in awards:
                box = RangedIntText(0, 99, "a victory point award", layout=_small())
                book = ipw.HTML()
                box.observe(
                    lambda c, side=side, award=award: self._edit(
                        lambda s: setup.with_vp(s, side, award, c["new"])
                    ),
                    names="value",
                )
                self._vp[(side, award)] = (box, book)
                vp_widgets.append(
                    ipw.HBox(
                        [
                            ipw.HTML(
                                f"{side.upper()}: {escape(_words(award))}",
                                layout=ipw.Layout(width="17em"),
                            ),
                            box,
                            book,
                            box.note,
                        ],
                        layout=_wrap(),
                    )
                )
        self.vp_rows.children = vp_widgets

        self._values = {}
        value_widgets = []
        for name in VALUES:
            if name not in scenario.values:
                continue
            box = RangedIntText(0, 99, "a value of the rules", layout=_small())
            book = ipw.HTML()
            box.observe(
                lambda c, name=name: self._edit(lambda s: setup.with_value(s, name, c["new"])),
                names="value",
            )
            self._values[name] = (box, book)
            value_widgets.append(
                ipw.HBox(
                    [
                        ipw.HTML(escape(_words(name)), layout=ipw.Layout(width="17em")),
                        box,
                        book,
                        box.note,
                    ],
                    layout=_wrap(),
                )
            )
        self.value_rows.children = value_widgets

    def _sync(self, scenario: Any, rows: list[setup.ArrivalRow]) -> None:
        self._syncing = True
        try:
            for row in rows:
                turn, where, book = self._arrivals[row.unit]
                turn.value = row.turn
                if row.place not in [v for _, v in where.options]:
                    where.options = [*where.options, (row.where, row.place)]
                where.value = row.place
                if row.book_turn is None:
                    book.value = f"{provenance_badge('assumed')} not in the book"
                elif row.changed:
                    book.value = (
                        f"{provenance_badge('assumed')} <i>book: turn {row.book_turn}, "
                        f"{escape(arrival_words(*row.book_place))}</i>"
                    )
                else:
                    book.value = (
                        f"<span class='rb-book' title='as the book sets it up ({escape(row.rule)})'>"
                        f"{provenance_badge('printed')}</span>"
                    )
            book_lza = setup.book_reference().lz_albany
            for i, chit in enumerate(scenario.lz_albany.chits):
                count, turn, badge = self._chits[i]
                count.value, turn.value = chit.count, chit.turn
                badge.value = f"{provenance_badge(chit.provenance)} {escape(chit.rule)}"
            for (side, award), (box, book) in self._vp.items():
                box.value = scenario.lz_albany.vp[side][award]
                was = book_lza.vp.get(side, {}).get(award)
                book.value = (
                    f"{provenance_badge('printed')} lza:4.1"
                    if was == box.value
                    else f"{provenance_badge('assumed')} <i>book: {was}</i>"
                )
            for name, (box, book) in self._values.items():
                sourced = scenario.values[name]
                box.value = sourced.value
                rule = f" {escape(sourced.rule)}" if sourced.rule else ""
                note = f" <i>{escape(sourced.note)}</i>" if sourced.note else ""
                book.value = f"{provenance_badge(sourced.provenance)}{rule}{note}"
        finally:
            self._syncing = False
