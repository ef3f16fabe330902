"""PointDesigner: draw a First Team-style point map: place locations, draw typed access lines,
rank zones, mark camps, Pleiku and the An Khe Box, set the campaign's numbers, check, save and
play-test. Every rule it applies lives in :mod:`rulebook.maps.point_design`."""

from __future__ import annotations

import functools
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as ipw
from ipyleaflet import DivIcon, GeoJSON, Marker

from rulebook._words import quoted
from rulebook.maps.point_design import LINE_KINDS, ZONES, PointDesign, line_key
from rulebook.render import provenance_badge
from widgets._closing import discard
from widgets._fit import Fitted
from widgets._page import app_page, guarded
from widgets.designer_common import ChecksPanel, DesignerFiles, designer_columns
from widgets.map_view import offline_map
from widgets.point_forces import NvaPanel
from widgets.point_setup import CampaignPanel, ZonesPanel

__all__ = ["LINE_STYLE", "PointDesigner", "point_designer_app"]

MODES = [
    ("select", "select"),
    ("place location", "place"),
    ("draw line", "line"),
    ("move location", "move"),
]
CLICK_REACH_PX = 14  # how near a location (in screen pixels) a click must land to pick it
# How far a location's label reaches from its point, in pixels, as POINT_CSS draws it: the dot
# and its ring (Pleiku's dot is the widest, 20 pixels), and the name to the right (moved past
# the ring of a selected location; bold 11-pixel letters, at most 7 pixels each), its camp
# under it. Framing the map leaves this much room.
NAME_LEFT, RING_REACH, LETTER_PX, LINE_PX = 13, 15, 7, 14
RISE = 10_000  # past any other marker's z-index, which Leaflet sets from its pixel row
HELP = {
    "select": "Click a location to edit it.",
    "move": "Click a location, then the spot it should move to.",
    "place": "Click empty ground to place the next location of the chosen zone.",
    "line": "Click one location, then another: a line of the chosen kind joins them "
    "(click a joined pair again to change its kind, or with the same kind to remove it).",
}
# How each kind of access line is drawn: road red, jungle green, river blue, jungle and mountain brown.
LINE_STYLE = {
    "road": {"color": "#c0392b", "weight": 4, "dashArray": None},
    "jungle": {"color": "#2e7d32", "weight": 3, "dashArray": "6 4"},
    "river": {"color": "#1565c0", "weight": 3, "dashArray": None},
    "jungle-mountain": {"color": "#6d4c41", "weight": 4, "dashArray": "2 5"},
}
KIND_WORDS = {"jungle-mountain": "jungle and mountain"}
TABS = ("Map", "Zones", "NVA", "Campaign")
ZONE_CHOICES = [*[(f"zone {z}", z) for z in ZONES], ("Cambodia", "Cambodia"), ("Pleiku", "Pleiku")]


def _line_style(feature: dict) -> dict:
    style = dict(LINE_STYLE[feature["properties"]["kind"]])
    style["opacity"] = 0.9
    return style


class PointDesigner(DesignerFiles, ipw.VBox):
    """A point-map editor over :class:`~rulebook.maps.point_design.PointDesign`."""

    game = "first-team"
    play_words = "campaign app"

    def __init__(
        self, design: PointDesign, *, path: str | Path = "saves/my_point_map.yaml"
    ) -> None:
        self.design = design
        self.selected: str | None = None
        self.line_from: str | None = None
        self.culprits: tuple[str, ...] = ()
        # Zoom in three steps past the whole map: at 1024 pixels the shipped 67 locations'
        # names run together until one step in, and that was the last step.
        self.map = offline_map(90, 65, (30, 36), height="500px", pixels_wide=800, max_zoom=6)
        # A fixed height: grown to the checks' column beside it, the map was refitted (its
        # locations moving under the pointer) whenever a click changed the checks, and ran
        # past the first screen.
        self.map.layout.flex = "0 0 auto"
        self._fitted = Fitted(self.map, 90, 65, (30, 36), guess=(800, 500))
        self._framed_at: tuple[int, int] | None = None
        self.map.observe(self._resized, names="bounds")
        self.lines = GeoJSON(
            data={"type": "FeatureCollection", "features": []}, style_callback=_line_style
        )
        self.map.add(self.lines)
        self.map.on_interaction(self._on_map)
        self._markers: dict[str, Marker] = {}
        self._make_controls(path)
        self._wire()
        super().__init__(self._layout())
        self.add_class("rb-designer")
        self.add_class("rb-point-designer")
        self.refresh()

    def _make_controls(self, path: str | Path) -> None:
        button = functools.partial(ipw.Button, layout=ipw.Layout(width="auto"))
        self.mode = ipw.ToggleButtons(options=MODES, value="select")
        self.mode.style.button_width = "auto"  # (four fixed-width buttons took two rows at 1024)
        # Room for two lines, as in the area designer: the help grows when a zone is full, and
        # the map below must not move between picking a zone and clicking it.
        self.mode_help = ipw.HTML(layout=ipw.Layout(min_height="56px"))
        self.zone = ipw.Dropdown(
            options=ZONE_CHOICES, description="zone", layout=ipw.Layout(width="14em")
        )
        self.zone.add_class("rb-zone-pick")
        self.kind = ipw.ToggleButtons(
            options=[(KIND_WORDS.get(k, k), k) for k in LINE_KINDS],
            value="jungle",
        )
        self.kind.style.button_width = "auto"
        self.kind.add_class("rb-line-kind")
        self.route = ipw.Text(
            description="route", placeholder="19", layout=ipw.Layout(width="12em")
        )
        self.label = ipw.Text(
            description="name", placeholder="optional", layout=ipw.Layout(width="17em")
        )
        self.camp = ipw.Combobox(
            description="camp",
            placeholder="none",
            options=sorted(self.design.scenario.first_team.us.garrisons),
            layout=ipw.Layout(width="17em"),
        )
        self.an_khe = ipw.Dropdown(
            options=[("no", "")] + [(KIND_WORDS.get(k, k), k) for k in LINE_KINDS],
            description="An Khe line",
            layout=ipw.Layout(width="17em"),
        )
        self.pleiku_zone = ipw.Dropdown(
            options=ZONES, description="Pleiku in zone", layout=ipw.Layout(width="14em")
        )
        self.apply_button = button(description="Apply")
        self.delete_button = button(description="Delete", button_style="danger")
        self._make_file_controls(path)
        self.blank_button = button(description="New blank map")
        self.info = ipw.HTML()
        self.notice = ipw.HTML()
        # A line's room kept for an error, so one appearing does not shift the editor under the
        # pointer (a one-line refusal moved the tabs 27 px down as the designer clicked).
        self.errors = ipw.HTML(layout=ipw.Layout(min_height="1.6em"))
        self.caption = ipw.HTML()
        self.checks = ChecksPanel(self._show_culprits, noun="location", on_open=self._open_tab)
        # Tall enough for five findings at a 1024-pixel window, where the column beside the
        # map wraps each to two or three lines (at 10em a designer saw two).
        self.checks.rows.layout.max_height = "19em"
        self.zones = ZonesPanel(lambda: self.design, self.refresh, self.errors)
        self.nva = NvaPanel(lambda: self.design, self.refresh, self.errors)
        self.campaign = CampaignPanel(lambda: self.design, self.refresh, self.errors)

    def _layout(self) -> list[ipw.Widget]:
        edit = ipw.VBox(
            [
                ipw.HTML("<b>New locations</b> go in"),
                self.zone,
                ipw.HTML("<b>New lines</b> are"),
                self.kind,
                self.route,
                ipw.HTML("<b>Selected location</b>"),
                self.label,
                self.camp,
                self.an_khe,
                self.pleiku_zone,
                ipw.HBox([self.apply_button, self.delete_button]),
                ipw.HTML(
                    "<b>Lines:</b> "
                    + ", ".join(
                        f"<span style='color:{LINE_STYLE[k]['color']}'>&#9644; {KIND_WORDS.get(k, k)}</span>"
                        for k in LINE_KINDS
                    )
                ),
            ]
        )
        tabs = self.tabs = ipw.Tab(
            children=[edit, self.zones, self.nva, self.campaign], titles=TABS
        )
        # (less its 2-pixel margins: at 100% its right border ran past the page at 1024)
        tabs.layout = ipw.Layout(width="calc(100% - 4px)", max_height="600px", overflow="auto")
        tabs.add_class("rb-point-tabs")
        return designer_columns(
            [*self._file_controls(), self.blank_button, self.play_button],
            [
                # (on one line: at 1024 pixels it broke after "the", beside two rows of buttons)
                ipw.HBox(
                    [
                        ipw.HTML("<b style='white-space: nowrap'>Click on the map to</b>&nbsp;"),
                        self.mode,
                    ]
                ),
                self.mode_help,
                self.map,
                self.caption,
                self.info,
            ],
            [self.notice, self.errors, self.checks, tabs],
        )

    def _wire(self) -> None:
        self.mode.observe(self._mode_changed, names="value")
        self.apply_button.on_click(self._apply)
        self.delete_button.on_click(self._delete)
        self._wire_files()
        self.blank_button.on_click(self._blank)
        self.zone.observe(lambda _: self.refresh(), names="value")

    def _before_action(self) -> None:
        self.notice.value = ""

    # --- events -------------------------------------------------------------------------

    def _mode_changed(self, _: dict) -> None:
        self.line_from = None
        self.refresh()

    def _on_map(self, **event: Any) -> None:
        """Every click comes here: the nearest location within reach, or empty ground."""
        if event.get("type") != "click":
            return
        y, x = event["coordinates"]
        near = self._nearest(x, y)
        if self.mode.value == "place" and near is None:
            self._place(round(x, 1), round(y, 1))
        elif self.mode.value == "move" and self.selected and near is None:
            self._move(self.selected, round(x, 1), round(y, 1))
        elif near is not None:
            self._on_location(near)

    def _nearest(self, x: float, y: float) -> str | None:
        reach = CLICK_REACH_PX / 2 ** float(self.map.zoom)  # Simple CRS: 2**zoom pixels a unit
        best, best_d = None, reach
        for name, loc in self.design.spec.locations.items():
            d = ((loc.xy[0] - x) ** 2 + (loc.xy[1] - y) ** 2) ** 0.5
            if d <= best_d:
                best, best_d = name, d
        return best

    @guarded
    def _place(self, x: float, y: float) -> None:
        name = self.design.next_location(self.zone.value)
        self.design.add_location(name, (x, y))
        self._select(name)
        self._keep_in_view(name)
        # Pleiku's zone is not guessed: the checks ask for it and "Pleiku in zone" sets it.
        then = " Now pick the zone it counts in, and Apply." if name == "Pleiku" else ""
        self.notice.value = (
            f"<div class='rb-placed' data-loc='{escape(name)}' data-xy='{x} {y}'>Placed "
            f"{escape(name)} at {x} km east, {y} km north.{then}</div>"
        )

    @guarded
    def _on_location(self, name: str) -> None:
        if self.mode.value == "line":
            if self.line_from is None or self.line_from == name:
                self.line_from = name
                self._select(name)
                return
            first, self.line_from = self.line_from, None
            key = line_key(first, name)
            old = self.design.spec.lines.get(key)
            kind = None if old == self.kind.value else self.kind.value
            route = self.route.value.strip()
            self.design.set_line(first, name, kind, route or None)
            said = "removed" if kind is None else f"now {KIND_WORDS.get(kind, kind)}"
            if route and kind not in (None, "road"):  # (set_line keeps routes for roads alone)
                said += f"; a route number, such as {escape(quoted(route))}, is for roads only"
            self.notice.value = (
                f"<div class='rb-lined' data-line='{key}'>The line {first}-{name} is {said}.</div>"
            )
            return
        self._select(name)

    def _select(self, name: str) -> None:
        self.selected = name
        spec = self.design.spec
        loc = spec.locations[name]
        self.label.value = loc.name or ""
        self.camp.value = spec.special_forces_camps.get(name, "")
        self.an_khe.value = spec.an_khe.get(name, "")
        if name == "Pleiku":  # blank until one is picked: no zone is guessed for it
            self.pleiku_zone.value = spec.zone_of.get("Pleiku")

    @guarded
    def _move(self, name: str, x: float, y: float) -> None:
        self.design.update_location(name, xy=(x, y))
        self._keep_in_view(name)

    def _open_tab(self, tab: str) -> None:
        """Open the tab where a finding is fixed (the checks' Open button); one already open
        is said to be, or the button seems to do nothing (its field may be below the screen)."""
        if tab not in TABS:
            return
        if self.tabs.selected_index == TABS.index(tab):
            self.notice.value = (
                f"<div class='rb-tab-open'>The {escape(tab)} tab is open already, under the "
                "checks: scroll down to it if it is out of sight.</div>"
            )
        self.tabs.selected_index = TABS.index(tab)

    def _show_culprits(self, places: tuple[str, ...]) -> None:
        self.culprits = tuple(p for p in places if p in self.design.spec.locations)
        if self.culprits:
            self._select(self.culprits[0])
            x, y = self.design.spec.locations[self.culprits[0]].xy
            self.map.center = (y, x)
        self.refresh()

    # --- edits --------------------------------------------------------------------------

    @guarded
    def _apply(self, _: Any = None) -> None:
        name = self.selected
        if not name:
            raise ValueError("click a location first")
        spec = self.design.spec
        done = []  # what Apply changed, said back: a name alone changes nothing on the map
        label, camp = self.label.value.strip(), self.camp.value.strip()
        if (spec.locations[name].name or "") != label:
            self.design.update_location(name, label=label)
            done.append(f"named {quoted(label)}" if label else "its name taken away")
        if spec.special_forces_camps.get(name, "") != camp:
            self.design.set_camp(name, camp or None)
            done.append(f"marked as the {camp} camp" if camp else "no longer a camp")
        if spec.an_khe.get(name, "") != self.an_khe.value:
            self.design.set_an_khe(name, self.an_khe.value or None)
            kind = self.an_khe.value
            done.append(
                f"joined to An Khe by {KIND_WORDS.get(kind, kind)}"
                if kind
                else "no longer joined to An Khe"
            )
        picked = self.pleiku_zone.value
        if name == "Pleiku" and picked is not None and spec.zone_of.get("Pleiku") != picked:
            self.design.set_pleiku_zone(picked)
            done.append(f"counted in zone {picked}")
        said = "; ".join(done) if done else "nothing to change: the map has it as the form says"
        self.notice.value = f"<div class='rb-applied'>{escape(name)}: {escape(said)}.</div>"

    @guarded
    def _delete(self, _: Any = None) -> None:
        if not self.selected:
            raise ValueError("click a location first")
        self.design.delete_location(self.selected)
        self.selected = None

    def _open(self, path: Path) -> None:
        self.design.start_again(PointDesign.load(path))  # Undo brings back what it replaced
        self.selected = self.line_from = None
        self._fit()

    @guarded
    def _blank(self, _: Any = None) -> None:
        self.design.start_again(PointDesign.blank())
        self.selected = self.line_from = None

    def _fit(self) -> None:
        """Frame the locations, with room for their labels, at the map's size on screen."""
        self._frame([self._reach(name) for name in self.design.spec.locations])

    def _resized(self, _: dict) -> None:
        """Frame the locations again at a new size on screen: their labels' room, in map
        units, was worked out for the old one (or for the guess before the browser said)."""
        if self._fitted.size is not None and self._fitted.size != self._framed_at:
            self._fit()

    def _keep_in_view(self, name: str) -> None:
        """Widen the view just enough to show *name*'s label whole, when a click put it at the
        map's edge (its dot and name were cut by the border): what was in view stays so."""
        x, y = self.design.spec.locations[name].xy
        (cy, cx), scale = self.map.center, 2 ** float(self.map.zoom)
        wide, high = self._fitted.pixels  # type: ignore[misc]
        west, east, south, north = self._reach(name)[:4]
        if (
            cx - wide / 2 / scale <= x - west / scale
            and x + east / scale <= cx + wide / 2 / scale
            and cy - high / 2 / scale <= y - south / scale
            and y + north / scale <= cy + high / 2 / scale
        ):
            return
        corners = [
            (0, 0, 0, 0, cx + dx * wide / 2 / scale, cy + dy * high / 2 / scale)
            for dx in (-1, 1)
            for dy in (-1, 1)
        ]
        self._frame([*corners, self._reach(name)])

    def _reach(self, name: str) -> tuple[float, float, float, float, float, float]:
        """How far *name*'s label reaches west, east, south and north of its point, in pixels,
        and the point (x, y) in map units."""
        spec = self.design.spec
        camp = spec.special_forces_camps.get(name, "")
        east = NAME_LEFT + 2 + LETTER_PX * max(len(name), len(camp))
        south = max(RING_REACH, LINE_PX * (2 if camp else 1))
        return (RING_REACH, east, south, RING_REACH, *spec.locations[name].xy)

    def _frame(self, reaches: list[tuple[float, float, float, float, float, float]]) -> None:
        """Fit the map to points whose labels reach so many pixels from them (``_reach``).

        The room a label needs in map units grows as the zoom shrinks to make it: the scale is
        narrowed down from the deepest zoom until the points and their labels fit.
        """
        if not reaches:
            return
        wide, high = self._fitted.pixels  # type: ignore[misc]
        scale = 2.0**self.map.max_zoom
        for _ in range(12):
            west = min(x - w / scale for w, _, _, _, x, _ in reaches)
            east = max(x + e / scale for _, e, _, _, x, _ in reaches)
            south = min(y - s / scale for _, _, s, _, _, y in reaches)
            north = max(y + n / scale for _, _, _, n, _, y in reaches)
            scale = min(scale, wide / (east - west), high / (north - south))
        self._framed_at = self._fitted.pixels
        self._fitted.frame(east - west, north - south, ((south + north) / 2, (west + east) / 2))

    # --- view ---------------------------------------------------------------------------

    def _sync_markers(self, marks: dict[str, str]) -> None:
        spec = self.design.spec
        gone = [
            self._markers.pop(name) for name in list(self._markers) if name not in spec.locations
        ]
        discard(self.map, gone)
        new = []  # added to the map at once: one layer list sent, not one a location
        for name, loc in spec.locations.items():
            x, y = loc.xy
            camp = spec.special_forces_camps.get(name)
            classes = ["rb-loc", marks.get(name, "")]
            if camp:
                classes.append("camp")
            if name == "Pleiku":
                classes.append("objective")
            if name in spec.an_khe:
                classes.append("an-khe")
            title = escape(loc.name or camp or "")
            html = (
                f"<div class='{' '.join(c for c in classes if c)}' data-loc='{escape(name)}' "
                f"title='{title}'><span class='dot'></span><span class='name'>{escape(name)}"
                + (f"<br><i>{escape(camp)}</i>" if camp else "")
                + "</span></div>"
            )
            # A ringed location is drawn above its neighbours, whose dots would cover its name.
            rise = RISE if marks.get(name) else 0
            marker = self._markers.get(name)
            if marker is None:
                marker = Marker(
                    location=(y, x),
                    draggable=False,
                    icon=DivIcon(html=html, icon_size=(1, 1), icon_anchor=(0, 0)),
                    z_index_offset=rise,
                )
                self._markers[name] = marker
                new.append(marker)
            else:
                if tuple(marker.location) != (y, x):
                    marker.location = (y, x)
                if marker.z_index_offset != rise:
                    marker.z_index_offset = rise
                if marker.icon.html != html:
                    old, marker.icon = (
                        marker.icon,
                        DivIcon(html=html, icon_size=(1, 1), icon_anchor=(0, 0)),
                    )
                    old.close()  # else every relabelled marker leaves a widget behind
        if new:
            self.map.layers = (*self.map.layers, *new)

    def refresh(self) -> None:
        spec = self.design.spec
        if self.selected not in spec.locations:
            self.selected = None
        self.mode_help.value = f"<span class='rb-mode-help'>{HELP[self.mode.value]}</span>"
        if self.mode.value == "place":
            try:
                upcoming = self.design.next_location(self.zone.value)
                self.mode_help.value += f" Next: <b class='rb-next-loc'>{escape(upcoming)}</b>."
            except ValueError as err:
                self.mode_help.value += f" <i>{escape(str(err))}</i>"
        if self.mode.value == "line" and self.line_from:
            self.mode_help.value = (
                f"<span class='rb-mode-help rb-line-from' data-loc='{escape(self.line_from)}'>"
                f"Line from <b>{escape(self.line_from)}</b>: click the location at its other end.</span>"
            )
        findings = self.design.findings()
        live = {p for f in findings for p in f.places}
        marks = {c: "problem" for c in self.culprits if c in live}
        if self.selected:
            marks[self.selected] = "selected"
        self._sync_markers(marks)
        features = []
        for key, kind in spec.lines.items():
            a, b = key.split("-")
            features.append(
                {
                    "type": "Feature",
                    "properties": {"kind": kind, "line": key},
                    "geometry": {
                        "type": "LineString",
                        "coordinates": [list(spec.locations[a].xy), list(spec.locations[b].xy)],
                    },
                }
            )
        self.lines.data = {"type": "FeatureCollection", "features": features}
        self.checks.show(findings)
        self.zones.refresh()
        self.nva.refresh()
        self.campaign.refresh()
        self.undo_button.disabled = not self.design.can_undo
        self.redo_button.disabled = not self.design.can_redo
        self.caption.value = (
            f"<div class='rb-map-caption' data-locations='{len(spec.locations)}' "
            f"data-lines='{len(spec.lines)}'>{len(spec.locations)} location"
            f"{'s' if len(spec.locations) != 1 else ''}, {len(spec.lines)} access line"
            f"{'s' if len(spec.lines) != 1 else ''}, {len(spec.special_forces_camps)} camp"
            f"{'s' if len(spec.special_forces_camps) != 1 else ''}; the An Khe Box reaches "
            f"{len(spec.an_khe)}. The map's positions are {provenance_badge(spec.provenance)}"
            "</div>"
        )
        if self.selected:
            name = self.selected
            joined = sorted(
                (k.replace(name, "").strip("-"), v)
                for k, v in spec.lines.items()
                if name in k.split("-")
            )
            lines = ", ".join(f"{o} by {KIND_WORDS.get(v, v)}" for o, v in joined) or "nothing yet"
            zone = self.design.zone_of(name)
            rank = spec.zone_display.ranks.get(zone)
            where = (
                "Cambodia"
                if zone == "Cambodia"
                else "no zone yet (pick one below)"
                if name == "Pleiku" and name not in spec.zone_of
                else f"zone {escape(zone)}"
            )
            named = spec.locations[name].name
            self.info.value = (
                f"<div class='rb-selected' data-loc='{escape(name)}' data-lines='{len(joined)}'>"
                f"<b>{escape(name)}</b>"
                + (f" ({escape(named)})" if named else "")
                + f" in {where}"
                + (f" (rank {rank})" if rank is not None else "")
                + f": joined to {escape(lines)}.</div>"
            )
        else:
            self.info.value = "<div class='rb-selected'>Click a location, or place a new one.</div>"
        self.pleiku_zone.layout.display = None if self.selected == "Pleiku" else "none"


POINT_CSS = """<style>
.rb-point-designer .leaflet-div-icon { background: transparent; border: none; pointer-events: none; }
.rb-loc { position: relative; width: 0; height: 0; font: bold 11px/1.2 sans-serif; color: #111;
  text-shadow: 0 0 3px #fff; }
.rb-loc .name { position: absolute; left: 10px; top: -7px; white-space: nowrap; }
.rb-loc.selected .name, .rb-loc.problem .name { left: 13px; background: rgba(255, 255, 255, 0.85);
  border-radius: 3px; padding: 0 2px; }
.rb-loc.objective.selected .name, .rb-loc.objective.problem .name { left: 15px; }
.rb-loc .dot { position: absolute; left: -8px; top: -8px; box-sizing: border-box; width: 16px;
  height: 16px; border-radius: 50%; background: #333; border: 2px solid #fff; }
.rb-loc.camp .dot { background: #1565c0; border-radius: 2px; }
.rb-loc.objective .dot { background: #c0392b; left: -10px; top: -10px; width: 20px; height: 20px; }
.rb-loc.an-khe .dot { box-shadow: 0 0 0 3px #f9a825; }
.rb-loc.selected .dot { box-shadow: 0 0 0 4px #d62728; }
.rb-loc.problem .dot { box-shadow: 0 0 0 4px #ff7f0e; }
/* At 1024 pixels the map column is some 450 wide and the campaign's locations stand 28-30
   pixels apart: names ran into the next dot. Smaller dots and names there. */
@media (max-width: 1100px) {
  .rb-loc { font-size: 10px; }
  .rb-loc .name { left: 7px; top: -6px; }
  .rb-loc .dot { left: -6px; top: -6px; width: 12px; height: 12px; border-width: 1.5px; }
  .rb-loc.selected .name, .rb-loc.problem .name { left: 10px; }
}
.rb-point-designer .rb-finding { line-height: 1.35; padding: 3px 0; }
.rb-intel { border-collapse: collapse; font-size: 12px; }
.rb-intel th, .rb-intel td { padding: 1px 7px; text-align: center; border-bottom: 1px solid #eee; }
.rb-intel td.rb-intel-pinned { font-weight: bold; }
.rb-intel td.rb-intel-off-map { color: #a00; text-decoration: underline wavy #a00; }
</style>"""


def point_designer_app(
    source: str | Path | None = "../scenarios/first_team/campaign.yaml",
    save_to: str | Path = "saves/my_point_map.yaml",
) -> ipw.VBox:
    """The point-map designer page, on the shipped campaign map by default or a blank map."""
    intro = (
        POINT_CSS + "<h1>Scenario designer: First Team-style point maps</h1>"
        # Three lines at a 1024-pixel window, not five: the map starts that much higher.
        "<p>Click to place locations (named A1-J6, CAM1-CAM6 and Pleiku, as on the printed map) "
        "and draw the access lines between them; the <b>Zones</b>, <b>NVA</b> and "
        "<b>Campaign</b> tabs hold the rest of the campaign. The checks list what is left to fix "
        "and open the place to fix it; <b>Save and play</b> saves the map and links it to the "
        "campaign app and the balance lab.</p>"
    )
    design = PointDesign.blank() if source is None else PointDesign.load(source)
    designer = PointDesigner(design, path=save_to)
    designer._fit()
    return app_page(intro, designer)
