"""MapDesigner: draw areas (over a traced image if you like), link neighbours, rule on line of
sight, set the scenario on the map, check, save and play-test."""

from __future__ import annotations

import functools
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from rulebook.maps import AreaMap
from rulebook.maps.design import MapDesign
from rulebook.maps.places import by_id, place_label
from widgets._number import RangedIntText
from widgets._page import app_page, guarded
from widgets.designer_common import (
    ChecksPanel,
    DesignerFiles,
    designer_columns,
)
from widgets.designer_setup import SetupPanel
from widgets.image_size import image_size
from widgets.map_view import MapView, outline_draw_control

__all__ = ["MapDesigner", "designer_app"]

MODES = [
    ("select", "select"),
    ("link two areas", "link"),
    ("rule on sight", "los"),
    ("mark place", "place"),
]
HELP = {
    "select": "Click an area to edit it; draw with the toolbar on the map's left to add one.",
    "link": "Click the first area, then the second: they become neighbours (or stop being).",
    "los": "Click the observer's area, then the target's, then rule seen or blocked.",
    "place": "Pick a place under Set-up; each click adds an area to it or takes it away.",
}


class MapDesigner(DesignerFiles, ipw.VBox):
    """A map editor over :class:`~rulebook.maps.design.MapDesign`; every rule it applies lives there."""

    game = "lz-albany"

    def __init__(self, design: MapDesign, *, path: str | Path = "saves/my_map.yaml") -> None:
        self.design = design
        self.anchor: str | None = None  # the selected area
        self.link_from: str | None = None  # first click in link mode
        self.partner: str | None = None  # second click in sight mode
        self.drawn: list[tuple[float, float]] | None = None
        self.culprits: tuple[str, ...] = ()
        # The map before and after each blank sheet or file opened: an Undo or Redo between
        # them shows other work, framed anew (the sheet stays the larger one, and a 100000-wide
        # blank left the 44 areas brought back as a speck off the view's edge).
        self._replaced: list[tuple[AreaMap, AreaMap]] = []
        self.view = MapView(design.map, height="500px", sheet=design.sheet)
        self.view.fit(design.sheet)  # and kept fitted to the map's size in the browser
        self.draw = outline_draw_control()
        self.draw.on_draw(self._on_draw)
        self.view.map.add(self.draw)
        self.view.on_area_click(self._on_click)
        self.view.observe(self._on_hover, names="hovered")
        self._make_controls(design, path)
        self._wire()
        super().__init__(self._layout())
        self.add_class("rb-designer")
        self.new_id.value = design.next_area_id()
        self.refresh()

    def _make_controls(self, design: MapDesign, path: str | Path) -> None:
        text = functools.partial(ipw.Text, layout=ipw.Layout(width="17em"))
        button = functools.partial(ipw.Button, layout=ipw.Layout(width="auto"))
        terrains = [(t.label or name, name) for name, t in design.map.terrains.items()]
        # A new area and the selected area have separate fields, so a new one never
        # inherits the selected one's name, terrain or tags.
        self.new_id = text(description="id")
        self.new_name = text(description="name", placeholder="optional")
        self.new_terrain = ipw.Dropdown(options=terrains, description="terrain")
        self.snap = ipw.Checkbox(
            value=True, description="snap to neighbours' borders", indent=False
        )
        self.add_button = button(description="Add drawn area", button_style="primary")
        self.area_id = text(description="id")
        self.area_id.add_class("rb-selected-id")
        self.area_name = text(description="name")
        self.terrain = ipw.Dropdown(options=terrains, description="terrain")
        self.tags = text(description="tags", placeholder="edge-east, off-map")
        self.update_button = button(description="Apply")
        self.reshape_button = button(description="Reshape to drawing")
        self.delete_button = button(description="Delete", button_style="danger")
        self.mode = ipw.ToggleButtons(options=MODES, value="select")
        self.mode.style.button_width = "auto"
        # Two lines kept whatever the hint's length (a line is 28 px, ipywidgets' inline height):
        # a hint going from two lines to one moved the map up under the pointer between a
        # link's two clicks, and the second could land on the wrong area.
        self.mode_help = ipw.HTML(layout=ipw.Layout(min_height="56px"))
        self.show_los = ipw.Checkbox(
            value=True, description="show what the selected area sees", indent=False
        )
        self.seen_button = button(description="Rule: seen")
        self.blocked_button = button(description="Rule: blocked")
        self.clear_button = button(description="Clear ruling")
        self._make_file_controls(path)
        self.sheet_w = RangedIntText(
            100, 100000, "a sheet's width", value=2000, layout=ipw.Layout(width="6em")
        )
        self.sheet_h = RangedIntText(
            100, 100000, "a sheet's height", value=1500, layout=ipw.Layout(width="6em")
        )
        self.blank_button = button(description="New blank sheet")
        self.new_id.add_class("rb-area-id")
        self.new_name.add_class("rb-new-name")
        self.new_terrain.add_class("rb-new-terrain")
        self.area_name.add_class("rb-selected-name")
        self.terrain.add_class("rb-selected-terrain")
        self.scan = ipw.FileUpload(
            accept="image/*", multiple=False, tooltip="Trace image: load a picture to draw over"
        )
        self.scan.add_class("rb-trace-upload")
        self.scan_opacity = ipw.FloatSlider(
            value=0.5, min=0.0, max=1.0, step=0.05, description="image opacity"
        )
        self.scan_info = ipw.HTML()
        # Beside the map, at the top of its column: under the map it was below a 1024 x 768
        # window. Two lines kept, so the checks and tabs under it move less as areas are clicked.
        self.info = ipw.HTML(layout=ipw.Layout(min_height="56px"))
        self.los_info = ipw.HTML()
        # A line's room kept for an error, so one appearing does not shift the editor under the
        # pointer (a one-line refusal moved the tabs 27 px down as the designer clicked).
        self.errors = ipw.HTML(layout=ipw.Layout(min_height="1.6em"))
        self.notice = ipw.HTML()
        self.checks = ChecksPanel(self._show_culprits, listed=4)
        # The selected area's form shows only with an area selected: empty, under the new
        # area's form, it read as a second form to fill in.
        self.selected_form = ipw.VBox(
            [
                self.area_id,
                self.area_name,
                self.terrain,
                self.tags,
                ipw.HBox([self.update_button, self.reshape_button, self.delete_button]),
            ]
        )
        self.selected_note = ipw.HTML(
            "<span class='rb-none-selected'>No area is selected: click one on the map (in "
            "<i>select</i> mode) to rename, retype, reshape or delete it.</span>"
        )
        self.setup = SetupPanel(lambda: self.design, self._after_setup)

    def _layout(self) -> list[ipw.Widget]:
        draw_tab = ipw.VBox(
            [
                ipw.HTML(
                    "<b>New area</b>: draw its outline with the polygon or rectangle tool "
                    "(left of the map), then"
                ),
                self.new_id,
                self.new_name,
                self.new_terrain,
                ipw.HBox([self.add_button, self.snap], layout=ipw.Layout(flex_flow="row wrap")),
                ipw.HTML("<b>Selected area</b>"),
                self.selected_note,
                self.selected_form,
                ipw.HTML("<b>Line of sight</b> (lza:7.8)"),
                self.show_los,
                ipw.HBox([self.seen_button, self.blocked_button, self.clear_button]),
                ipw.HTML("<b>Trace over an image</b> (scaled to the sheet)"),
                ipw.HBox([self.scan, self.scan_opacity]),
                self.scan_info,
                ipw.HTML("<b>Start again</b> on a blank sheet, width x height in map units"),
                ipw.HBox([self.sheet_w, ipw.HTML("x"), self.sheet_h, self.blank_button]),
                self.sheet_w.note,
                self.sheet_h.note,
            ]
        )
        self.tabs = ipw.Tab(children=[draw_tab, self.setup], titles=("Draw", "Set-up"))
        # (less its 2-pixel margins: at 100% its right border ran past the page at 1024)
        self.tabs.layout = ipw.Layout(width="calc(100% - 4px)", max_height="600px", overflow="auto")
        self.tabs.observe(self._tab_opened, names="selected_index")
        return designer_columns(
            [*self._file_controls(), self.play_button],
            [
                ipw.HBox([ipw.HTML("<b>Click on the map to</b>&nbsp;"), self.mode]),
                self.mode_help,
                self.view,
                self.los_info,
            ],
            [self.notice, self.errors, self.info, self.checks, self.tabs],
            # Narrower on a small window, for the map: at 1024 pixels its labels ran together.
            side="clamp(26em, 40%, 35em)",
        )

    def _before_action(self) -> None:
        self.notice.value = ""
        self.los_info.value = ""  # a sight line read before an edit may no longer hold
        self._tested = []

    def _wire(self) -> None:
        self.add_button.on_click(self._add)
        self.update_button.on_click(self._update)
        self.reshape_button.on_click(self._reshape)
        self.delete_button.on_click(self._delete)
        self.seen_button.on_click(lambda _: self._rule(True))
        self.blocked_button.on_click(lambda _: self._rule(False))
        self.clear_button.on_click(lambda _: self._rule(None))
        self._wire_files()
        self.blank_button.on_click(self._blank)
        self.show_los.observe(lambda _: self.refresh(), names="value")
        self.mode.observe(self._mode_changed, names="value")
        self.scan.observe(self._scan_uploaded, names="value")
        self.scan_opacity.observe(self._scan_opacity, names="value")

    # --- events ---------------------------------------------------------------------

    def _after_setup(self) -> None:
        self.view.set_map(self.design.map)
        self.refresh()

    def _tab_opened(self, change: dict) -> None:
        if change["new"] == 1 and not self.setup.active:
            self.setup.active = True
            self.setup.refresh()

    def _mode_changed(self, _: dict) -> None:
        self.link_from = self.partner = None
        self.refresh()

    def _on_draw(self, target: Any, action: str, geo_json: dict) -> None:
        if action != "created":
            return
        ring = geo_json["geometry"]["coordinates"][0]
        self.drawn = [(round(x, 1), round(y, 1)) for x, y in ring[:-1]]
        self.new_id.value = self.design.next_area_id()
        self.new_name.value = ""
        self.info.value = (
            f"<div class='rb-drawn' data-corners='{len(self.drawn)}'>Drawn an outline with "
            f"{len(self.drawn)} corners: press <b>Add drawn area</b> to make it area "
            f"{escape(self.new_id.value)}, or <b>Reshape to drawing</b> for the selected area.</div>"
        )

    @guarded
    def _on_click(self, area_id: str) -> None:
        mode = self.mode.value
        if mode == "link":
            if self.link_from is None or self.link_from == area_id:
                self.link_from = area_id
                self._select(area_id)
                return
            first, self.link_from = self.link_from, None
            was = self.design.map.adjacent(first, area_id)
            self.design.toggle_adjacency(first, area_id)
            self.view.set_map(self.design.map)
            self.notice.value = (
                f"<div class='rb-linked'>{escape(first)} and {escape(area_id)} are "
                f"{'no longer neighbours' if was else 'now neighbours'}.</div>"
            )
            return
        if mode == "los" and self.anchor:
            # The observer clicked again drops the target, so the rulings buttons rule nothing.
            self.partner = area_id if area_id != self.anchor else None
            return
        if mode == "place":
            tag = self.setup.place.value
            area = self.design.map.area(area_id)
            tags = sorted(area.tags - {tag}) if tag in area.tags else sorted(area.tags | {tag})
            self.design.update_area(area_id, tags=tags)
            self.view.set_map(self.design.map)
            return
        self._select(area_id)

    def _select(self, area_id: str) -> None:
        self.anchor = area_id
        area = self.design.map.area(area_id)
        self.area_id.value = area.id
        self.area_name.value = area.name
        self.terrain.value = area.terrain
        self.tags.value = ", ".join(sorted(area.tags))

    def _on_hover(self, change: dict) -> None:
        source, target = self.anchor, change["new"]
        if not (source and target and self.show_los.value) or source not in self.design.map:
            return
        result = self.design.map.los.explain(source, target)
        self.los_info.value = (
            f"<div class='rb-los' data-visible='{str(result.visible).lower()}'>"
            f"{escape(str(result))}</div>"
        )

    @guarded
    def _scan_uploaded(self, change: dict) -> None:
        if not change["new"]:
            return
        upload = change["new"][0]
        content = bytes(upload["content"])
        minx, miny, maxx, _maxy = self.design.sheet
        width, height = image_size(content)
        # Scaled to the sheet's width, keeping the image's proportions, from the sheet's corner.
        top = miny + (maxx - minx) * height / width
        self.view.set_underlay(
            content,
            upload.get("type") or "image/png",
            opacity=self.scan_opacity.value,
            bounds=((miny, minx), (top, maxx)),
        )
        self.scan_info.value = (
            f"<div class='rb-traced' data-width='{width}' data-height='{height}'>"
            f"{escape(upload.get('name', 'image'))}, {width} x {height} pixels, laid over "
            f"{maxx - minx:.0f} x {top - miny:.0f} map units.</div>"
        )

    def _scan_opacity(self, change: dict) -> None:
        if self.view.underlay is not None:
            self.view.underlay.opacity = change["new"]

    def _show_culprits(self, places: tuple[str, ...]) -> None:
        self.culprits = tuple(p for p in places if p in self.design.map)
        if self.culprits:
            first = self.design.map.area(self.culprits[0])
            self._select(first.id)
            p = first.polygon.representative_point()
            (south, west), (north, east) = self.view.map.bounds or ((0, 0), (0, 0))
            if not (south <= p.y <= north and west <= p.x <= east):
                self.view.map.center = (p.y, p.x)  # pan only when it is out of sight
        self.refresh()

    # --- edits ------------------------------------------------------------------------

    def _tag_list(self) -> list[str]:
        return [t.strip() for t in self.tags.value.split(",") if t.strip()]

    @guarded
    def _add(self, _: Any = None) -> None:
        if not self.drawn:
            raise ValueError("draw an outline on the map first (polygon or rectangle tool)")
        area_id = self.new_id.value.strip()
        if not area_id:
            raise ValueError("give the new area an id")
        outline = self.design.snap(self.drawn) if self.snap.value else self.drawn
        self.design.add_area(
            area_id, outline, terrain=self.new_terrain.value, name=self.new_name.value.strip()
        )
        self.drawn = None
        self.draw.clear()
        self.view.set_map(self.design.map)
        self._select(area_id)
        self.new_id.value = self.design.next_area_id()
        self.new_name.value = ""

    @guarded
    def _update(self, _: Any = None) -> None:
        if not self.anchor:
            raise ValueError("click an area first")
        new_id = self.area_id.value.strip()
        if not new_id:
            raise ValueError(
                f"the id box is empty: type a new id for {self.anchor}, or {self.anchor} to keep it"
            )
        # One step, checked whole before any of it is made: a refused id must not leave the
        # name or tags changed, nor the selection following an id the map never took.
        self.design.update_area(
            self.anchor,
            id=new_id,
            terrain=self.terrain.value,
            name=self.area_name.value.strip(),
            tags=self._tag_list(),
        )
        self.anchor = new_id
        self.view.set_map(self.design.map)

    @guarded
    def _reshape(self, _: Any = None) -> None:
        if not self.anchor:
            raise ValueError("click the area to reshape first")
        if not self.drawn:
            raise ValueError("draw the area's new outline first")
        outline = (
            self.design.snap(self.drawn, ignore=self.anchor) if self.snap.value else self.drawn
        )
        self.design.update_area(self.anchor, polygon=outline)
        self.drawn = None
        self.draw.clear()
        self.view.set_map(self.design.map)

    @guarded
    def _delete(self, _: Any = None) -> None:
        if not self.anchor:
            raise ValueError("click an area first")
        self.design.delete_area(self.anchor)
        self.anchor = None
        self.view.set_map(self.design.map)

    @guarded
    def _rule(self, visible: bool | None) -> None:
        # The area under the pointer stands for a target not clicked, unless it is the
        # observer's own (a ruling of an area on itself was made, and counted).
        hovered = self.view.hovered if self.view.hovered != self.anchor else None
        partner = self.partner or hovered
        if not (self.anchor and partner):
            raise ValueError(
                "in 'rule on sight' mode, click the observer's area, then the target's"
            )
        self.design.set_los(self.anchor, partner, visible, note="set in the designer")
        pair = f"{escape(self.anchor)} and {escape(partner)}"
        if visible is None:
            said = f"The ruling on {pair} is cleared: the terrain decides what they see again."
        else:
            said = f"{pair} are now ruled {'in' if visible else 'out of'} each other's sight."
        self.notice.value = f"<div class='rb-ruled'>{said}</div>"

    def _after_history(self) -> None:
        shown, now = self.view.area_map, self.design.map
        self.view.set_map(now)
        self.new_id.value = self.design.next_area_id()  # (A1 was offered again after an Undo)
        if any({shown, now} == {a, b} for a, b in self._replaced):
            self._forget_selection()
            self._frame()

    def _frame(self) -> None:
        """Fit the view to the map's areas, or to its sheet while it has none."""
        m = self.design.map
        self.view.fit(m.bounds() if len(m) else self.design.sheet)

    def _after_save(self) -> None:
        # Saving is when a short test game is played: too slow for every click.
        self._tested = [f for f in self.design.findings(play=True) if not f.places]

    def _problems_left(self) -> bool:
        return bool(self.design.findings() or self._tested)

    def _open(self, path: Path) -> None:
        self._start_again(MapDesign.load(path))

    @guarded
    def _blank(self, _: Any = None) -> None:
        self._start_again(MapDesign.blank(self.sheet_w.value, self.sheet_h.value))

    def _start_again(self, design: MapDesign) -> None:
        """Show *design* as the next step of the history: Undo brings back what it replaced."""
        before = self.design.map
        self.design.start_again(design)
        self._replaced.append((before, self.design.map))
        self._forget_selection()
        self.view.set_map(design.map)
        self._frame()
        self.new_id.value = design.next_area_id()

    def _forget_selection(self) -> None:
        """Other work shown: its areas may share no id with the selection, link or sight pair."""
        self.anchor = self.link_from = self.partner = None
        self.culprits = ()
        self.tags.value = self.area_name.value = self.area_id.value = ""

    # --- view ---------------------------------------------------------------------------

    def refresh(self) -> None:
        m = self.design.map
        self.mode_help.value = f"<span class='rb-mode-help'>{HELP[self.mode.value]}</span>"
        if self.mode.value == "link" and self.link_from:
            self.mode_help.value = (
                f"<span class='rb-mode-help rb-link-from' data-area='{escape(self.link_from)}'>"
                f"Linking from <b>{escape(self.link_from)}</b>: click its neighbour.</span>"
            )
        if self.mode.value == "los" and self.anchor in m:
            observer = escape(self.anchor)  # type: ignore[arg-type]
            target = escape(self.partner) if self.partner in m else ""  # type: ignore[arg-type]
            self.mode_help.value = (
                f"<span class='rb-mode-help rb-sight' data-observer='{observer}' "
                f"data-target='{target}'>"
                + (
                    f"From <b>{observer}</b> to <b>{target}</b>: rule it seen or blocked "
                    "(Draw tab), or click another target."
                    if target
                    else f"Observer <b>{observer}</b>: click the target's area."
                )
                + "</span>"
            )
        marks: dict[str, str] = {}
        if self.anchor and self.anchor in m and self.show_los.value and self.mode.value != "place":
            marks = dict.fromkeys(m.los.visible_from(self.anchor), "visible")
        if self.mode.value == "place":
            marks = dict.fromkeys(m.tagged(self.setup.place.value), "place")
        findings = self.design.findings()
        findings += [f for f in getattr(self, "_tested", []) if f not in findings]
        live = {p for f in findings for p in f.places}
        for culprit in self.culprits:
            if culprit in m and culprit in live:
                marks[culprit] = "problem"
        if self.mode.value == "los" and self.partner in m:
            marks[self.partner] = "target"  # type: ignore[index]
        chosen = bool(self.anchor and self.anchor in m)
        self.selected_form.layout.display = None if chosen else "none"
        self.selected_note.layout.display = "none" if chosen else None
        if chosen:
            marks[self.anchor] = "selected"  # type: ignore[index]
            area = m.area(self.anchor)
            neighbours = ", ".join(by_id(m.neighbors(self.anchor))) or "none"
            seen = len(m.los.visible_from(self.anchor)) - 1
            places = ", ".join(place_label(t) for t in sorted(area.tags)) or "none"
            self.info.value = (
                f"<div class='rb-selected' data-area='{escape(self.anchor)}' "
                f"data-neighbours='{len(m.neighbors(self.anchor))}' data-visible='{seen}'>"
                f"<b>{escape(self.anchor)}</b> {escape(area.name if area.name != area.id else '')} "
                f"({escape(m.terrains[area.terrain].label or area.terrain) if area.terrain in m.terrains else escape(area.terrain)}): "
                f"neighbours {escape(neighbours)}; sees {seen} other area{'s' if seen != 1 else ''}; "
                f"marked {escape(places)}.</div>"
            )
        elif not self.drawn:
            self.info.value = "<div class='rb-selected'>Click an area, or draw a new one.</div>"
        self.view.highlight(marks)
        self.view.show_links(
            [tuple(p) for p in m.spec.adjacency.add], [tuple(p) for p in m.spec.adjacency.remove]
        )
        self.checks.show(findings)
        self.setup.refresh()
        self.undo_button.disabled = not self.design.can_undo
        self.redo_button.disabled = not self.design.can_redo
        added, removed = len(m.added), len(m.removed)
        self.view.caption.value = (
            f"<div class='rb-map-caption' data-areas='{len(m)}' data-links='{added}' "
            f"data-cuts='{removed}'>{self._map_named()}: {len(m)} area"
            f"{'s' if len(m) != 1 else ''}, {m.graph.number_of_edges()} pairs of neighbours "
            f"({added} linked and {removed} unlinked by hand: "
            "<span style='color:#8e24aa'>dashed purple</span> and "
            "<span style='color:#c62828'>dotted red</span> lines), "
            f"{len(m.spec.los.overrides)} sight ruling{'s' if len(m.spec.los.overrides) != 1 else ''}. "
            f"<span class='provenance {m.provenance.value}'>{m.provenance.value}</span></div>"
        )

    def _map_named(self) -> str:
        """The map in words for the caption: its scenario's title, as the scenario list names
        it. Its id (lz-albany) is a key in the file, which a designer read as a name."""
        scenario = self.design.scenario
        if scenario is None or not scenario.title:
            return "This map"
        return f"The map of <b>{escape(scenario.title)}</b>"


def designer_app(
    source: str | Path | None = "../scenarios/lz_albany/standard.yaml",
    save_to: str | Path = "saves/my_map.yaml",
) -> ipw.VBox:
    """The designer page, opened on a scenario's map (the reconstructed LZ Albany map by default),
    or on a blank sheet when *source* is None."""
    intro = (
        "<h1>Scenario designer: LZ Albany-style area maps</h1>"
        "<p>Draw areas with the tools at the map's left (neighbours come from shared borders; "
        "<b>link two areas</b> changes that by hand), or trace a scanned map loaded as an "
        "image. Under <b>Set-up</b>, mark where each side sets up and who arrives when. The "
        "checks list what is left to fix; <b>Save and play</b> saves the map and links it to "
        "the play app and the balance lab.</p>"
    )
    design = MapDesign.blank() if source is None else MapDesign.load(source)
    return app_page(intro, MapDesigner(design, path=save_to))
