"""The point-map designer's Zones and Campaign tabs: zone ranks and which boxes touch (ftv:1.5.21),
and the US set-up, Command Points, LZ markers and victory values beside the book's."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as ipw

from rulebook._words import quoted
from rulebook.games._playable import goes_negative
from rulebook.maps import setup
from rulebook.maps.point_design import ZONES, PointDesign
from rulebook.maps.point_forces import US_UNITS
from rulebook.render import provenance_badge
from widgets._number import RangedIntText
from widgets._page import error_html

__all__ = ["CampaignPanel", "ZonesPanel"]

SMALL = ipw.Layout(width="5.5em")


class DesignEdits:
    """An edit of the design from a panel's field: a refused edit says why under the panel, and
    edits made while the panel fills its own fields (``_syncing``) are ignored."""

    _syncing: bool
    _errors: ipw.HTML

    def _bind(
        self, design: Callable[[], PointDesign], on_change: Callable[[], None], errors: ipw.HTML
    ) -> None:
        """Where the panel finds the design, whom it tells of a change, where refusals go."""
        self._design = design
        self._on_change = on_change
        self._errors = errors
        self._syncing = False

    def _edit(self, action: Callable[[PointDesign], None]) -> None:
        if self._syncing:
            return
        self._errors.value = ""
        try:
            action(self._design())
        except ValueError as err:
            self._errors.value = error_html(err)
        self._on_change()


class ZonesPanel(DesignEdits, ipw.VBox):
    """A rank box per zone (blank: not on the display) and the list of boxes that touch."""

    def __init__(
        self, design: Callable[[], PointDesign], on_change: Callable[[], None], errors: ipw.HTML
    ) -> None:
        self._bind(design, on_change, errors)
        self.ranks: dict[str, RangedIntText] = {}
        rows = []
        for zone in ZONES:
            box = RangedIntText(0, 20, "a rank", layout=SMALL)
            box.add_class(f"rb-rank-{zone}")
            box.observe(lambda c, zone=zone: self._rank(zone, c["new"]), names="value")
            self.ranks[zone] = box
            rows.append(
                ipw.HBox([ipw.HTML(f"zone {zone}", layout=ipw.Layout(width="5em")), box, box.note])
            )
        self.touching = ipw.Textarea(
            placeholder="A-B, B-C, Cambodia-A", layout=ipw.Layout(width="95%", height="5em")
        )
        self.touching.add_class("rb-touching")
        self.apply_touching = ipw.Button(description="Apply", layout=ipw.Layout(width="auto"))
        self.from_lines = ipw.Button(
            description="Take from access lines", layout=ipw.Layout(width="auto")
        )
        self.apply_touching.on_click(self._set_touching)
        self.from_lines.on_click(self._take_from_lines)
        self.display = ipw.HTML()
        grid = ipw.GridBox(rows, layout=ipw.Layout(grid_template_columns="repeat(2, 12em)"))
        super().__init__(
            [
                ipw.HTML(
                    "Each zone's <b>rank</b> on the Zone Display (ftv:1.5.21): 1 is lowest, next to "
                    "Cambodia; 0 leaves the zone off. NVA units climb the ranks towards Pleiku."
                ),
                grid,
                ipw.HTML("<b>Boxes that touch</b>, as pairs (Cambodia counts as rank 0):"),
                self.touching,
                ipw.HBox([self.apply_touching, self.from_lines]),
                self.display,
            ]
        )

    def _rank(self, zone: str, value: int) -> None:
        self._edit(lambda d: d.set_rank(zone, value or None))

    def _set_touching(self, _: Any = None) -> None:
        pairs = []
        for raw in re.split(r"[,\n;]+", self.touching.value):
            part = raw.strip()
            if not part:
                continue
            a, sep, b = part.partition("-")
            if not sep:
                self._errors.value = (
                    f"<div class='rb-error' style='color:#a00'>Write each pair as A-B, not "
                    f"{escape(quoted(part))}</div>"
                )
                return
            pairs.append((a.strip(), b.strip()))
        self._edit(lambda d: d.set_zone_adjacency(pairs))

    def _take_from_lines(self, _: Any = None) -> None:
        def take(d: PointDesign) -> None:
            ranked = set(d.spec.zone_display.ranks) | {"Cambodia"}
            d.set_zone_adjacency([p for p in d.zones_joined_by_lines() if set(p) <= ranked])

        self._edit(take)

    def refresh(self) -> None:
        display = self._design().spec.zone_display
        self._syncing = True
        try:
            for zone, box in self.ranks.items():
                box.value = display.ranks.get(zone, 0)
            self.touching.value = ", ".join(f"{a}-{b}" for a, b in display.adjacent)
        finally:
            self._syncing = False
        by_rank: dict[int, list[str]] = {}
        for zone, rank in display.ranks.items():
            by_rank.setdefault(rank, []).append(zone)
        rows = "".join(
            f"<tr><td>rank {r}</td><td>{escape(', '.join(sorted(z)))}</td></tr>"
            for r, z in sorted(by_rank.items(), reverse=True)
        )
        self.display.value = (
            f"<table class='rb-zone-display'><tr><th>rank</th><th>zones</th></tr>{rows}"
            "<tr><td>0</td><td>Cambodia</td></tr></table>"
            f"{provenance_badge(display.provenance)} <i>{escape(display.note)}</i>"
        )


# The campaign's numbers a designer sets here, in words, by section (scenario ``values``).
VALUE_ROWS = {
    "cp_per_turn": "Command Points each turn (ftv:3.1)",
    "vp_road_location": "each road location the NVA hold alone",
    "vp_camp": "a camp held alone, on top of its road",
    "vp_casualty_point": "each US casualty point, at the end",
    "vp_us_broken": "each US company broken at the end",
    "vp_us_eliminated": "each US company lost",
    "vp_garrison_lost": "each camp garrison lost",
    "vp_nva_broken": "each NVA company broken at the end",
    "vp_nva_eliminated": "each NVA company lost",
    "nva_tactical_at": "NVA Tactical victory from",
    "nva_limited_at": "NVA Limited victory from",
    "draw_at": "a Draw from (below: US Tactical)",
}
VICTORY_FROM = "nva_tactical_at"


def _first_words(row: str) -> str:
    """A value row's words with the first raised, for the start of a sentence."""
    return row[0].upper() + row[1:]


def beside_book(value: Any, was: Any, provenance: Any) -> str:
    """A value's note: its provenance where it is the book's, else assumed, with the book's.

    >>> beside_book(5, 8, "reconstructed").endswith("assumed</span> <i>book: 8</i>")
    True
    """
    if value == was:
        return f"&nbsp;{provenance_badge(provenance)} as the book"
    return f"&nbsp;{provenance_badge('assumed')} <i>book: {was if was is not None else 'none'}</i>"


class CampaignPanel(DesignEdits, ipw.VBox):
    """The US set-up, Command Points, LZ markers, air and helicopters and the victory values,
    each beside the book's."""

    def __init__(
        self, design: Callable[[], PointDesign], on_change: Callable[[], None], errors: ipw.HTML
    ) -> None:
        self._bind(design, on_change, errors)
        self.us_setup = ipw.HTML()
        self.boxes: dict[str, RangedIntText] = {}
        self.notes: dict[str, ipw.HTML] = {}
        rows: dict[str, ipw.HBox] = {}
        for name, words in VALUE_ROWS.items():
            # Whole numbers read by the kernel (an IntText made 12.5 into 125 without a word);
            # below zero is for the checks to judge against the book's value (see _value).
            box = RangedIntText(-999, 999, "a value of the rules", layout=SMALL)
            box.add_class(f"rb-value-{name.replace('_', '-')}")
            box.observe(lambda c, name=name: self._value(name, c["new"]), names="value")
            note = ipw.HTML()
            self.boxes[name], self.notes[name] = box, note
            rows[name] = self._row(words, box, note)
        self.cp, self.cp_note = self.boxes["cp_per_turn"], self.notes["cp_per_turn"]
        self.cp.add_class("rb-cp")
        self.lz = RangedIntText(0, 30, "a count of LZ markers", layout=SMALL)
        self.lz.add_class("rb-lz-real")
        self.no_lz = RangedIntText(0, 30, "a count of LZ markers", layout=SMALL)
        self.no_lz.add_class("rb-lz-empty")
        self.lz_note, self.no_lz_note = ipw.HTML(), ipw.HTML()
        for box in (self.lz, self.no_lz):
            box.observe(lambda _: self._markers(), names="value")
        self.units: dict[str, RangedIntText] = {}
        self.unit_notes: dict[str, ipw.HTML] = {}
        unit_rows = []
        for kind, (words, rule, _) in US_UNITS.items():
            box = RangedIntText(0, 30, "a count of units", layout=SMALL)
            box.add_class(f"rb-us-{kind.replace('_', '-')}")
            box.observe(lambda c, kind=kind: self._units(kind, c["new"]), names="value")
            self.units[kind], self.unit_notes[kind] = box, ipw.HTML()
            unit_rows.append(
                self._row(f"{words[0].upper()}{words[1:]} ({rule})", box, self.unit_notes[kind])
            )
        victory = [rows[n] for n in VALUE_ROWS if n.startswith("vp_")]
        levels = [rows[n] for n in VALUE_ROWS if n.endswith("_at")]
        super().__init__(
            [
                ipw.HTML("<b>US set-up</b> (ftv:7.0)"),
                self.us_setup,
                rows["cp_per_turn"],
                ipw.HTML(
                    "LZ markers go face down at the start, at most two to a zone and none in "
                    "camps, Pleiku or Cambodia; the player picks their spots (ftv:7.0A)."
                ),
                self._row("real LZ markers", self.lz, self.lz_note),
                self._row("empty (No LZ) markers", self.no_lz, self.no_lz_note),
                ipw.HTML(
                    "<b>Air and helicopters</b>: how many the division has. New ones copy the "
                    "last one's values; fewer takes away the last added."
                ),
                *unit_rows,
                ipw.HTML("<b>Victory</b>: only the NVA score (ftv:5.1). NVA VP for"),
                *victory,
                ipw.HTML(
                    "<b>Victory levels</b> by the final NVA VP (ftv:5.2; Pleiku held alone "
                    "is an NVA Strategic victory at once):"
                ),
                *levels,
            ]
        )

    @staticmethod
    def _row(text: str, box: RangedIntText, note: ipw.HTML) -> ipw.HBox:
        return ipw.HBox([ipw.HTML(text, layout=ipw.Layout(width="17em")), box, note, box.note])

    def _value(self, name: str, value: int) -> None:
        def change(s: Any) -> Any:
            book = setup.book_scenario("first-team").values[name]
            if goes_negative(value, book.value):  # as the balance lab and the file checks refuse
                raise ValueError(
                    f"{_first_words(VALUE_ROWS[name])}: cannot be below zero (the book has "
                    f"{book.value}), not {value}"
                )
            if name not in s.values:  # a file older than the value: start from the book's
                s = s.model_copy(update={"values": {**s.values, name: book}})
            return setup.with_value(s, name, value)

        self._edit(lambda d: d.edit_scenario(change(d.scenario)))

    def _units(self, kind: str, count: int) -> None:
        self._edit(lambda d: d.set_us_units(kind, count))

    def _markers(self) -> None:
        real, empty = self.lz.value, self.no_lz.value
        self._edit(lambda d: d.set_lz_markers(real, empty))

    def _us_words(self) -> str:
        design = self._design()
        us = design.scenario.first_team.us
        companies = sum(len(b.companies) for b in us.battalions.values())
        camps = design.spec.special_forces_camps
        garrisoned = [
            f"{escape(name)} at {escape(loc)}"
            for loc, name in camps.items()
            if name in us.garrisons
        ]
        return (
            f"<div class='rb-us-setup'>All {companies} US companies of {len(us.battalions)} "
            f"battalions start in the An Khe Box with {len(us.transports)} transport "
            f"helicopter companies, {len(us.artillery) * 4} batteries and the air units, and no "
            "supply (ftv:7.0D). Each camp takes its garrison and a full supply counter (ftv:7.0B): "
            + (", ".join(garrisoned) if garrisoned else "<i>no camp marked yet</i>")
            + f". {provenance_badge(us.provenance)}</div>"
        )

    def refresh(self) -> None:
        scenario = self._design().scenario
        book = setup.book_reference("first-team")
        us, book_us = scenario.first_team.us, book.first_team.us
        self.us_setup.value = self._us_words()
        self._syncing = True
        try:
            for name, box in self.boxes.items():
                value = scenario.values.get(name) or book.values[name]
                box.value = value.value
                self.notes[name].value = beside_book(
                    value.value, book.values[name].value, value.provenance
                )
            self.lz.value, self.no_lz.value = us.lz_markers, us.no_lz_markers
            for box, note, was in (
                (self.lz, self.lz_note, book_us.lz_markers),
                (self.no_lz, self.no_lz_note, book_us.no_lz_markers),
            ):
                note.value = beside_book(box.value, was, book_us.provenance)
            for kind, box in self.units.items():
                box.value = len(getattr(us, kind))
                was = len(getattr(book_us, kind))
                self.unit_notes[kind].value = beside_book(box.value, was, book_us.provenance)
        finally:
            self._syncing = False
