"""MapDesigner: draw areas, set terrain and tags, link neighbours, rule on line of sight, check, save."""

from __future__ import annotations

import functools
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from rulebook.maps.design import MapDesign
from widgets._page import app_page, guarded
from widgets.map_view import MapView, outline_draw_control

__all__ = ["MapDesigner", "designer_app"]

MODES = [("select", "select"), ("link / unlink", "link"), ("rule on sight", "los")]


class MapDesigner(ipw.VBox):
    """A map editor over :class:`~rulebook.maps.design.MapDesign`; every rule it applies lives there."""

    def __init__(self, design: MapDesign, *, path: str | Path = "saves/my_map.yaml") -> None:
        self.design = design
        self.anchor: str | None = None
        self.drawn: list[tuple[float, float]] | None = None
        self.view = MapView(design.map, height="520px")
        self.draw = outline_draw_control()
        self.draw.on_draw(self._on_draw)
        self.view.map.add(self.draw)
        self.view.on_area_click(self._on_click)
        self.view.observe(self._on_hover, names="hovered")

        text = functools.partial(ipw.Text, layout=ipw.Layout(width="18em"))
        button = functools.partial(ipw.Button, layout=ipw.Layout(width="auto"))
        self.area_id = text(description="id", placeholder="e.g. G8")
        self.area_name = text(description="name")
        self.terrain = ipw.Dropdown(options=list(design.map.terrains), description="terrain")
        self.tags = text(description="tags", placeholder="us-green-1, edge-east")
        self.add_button = button(description="Add drawn area", button_style="primary")
        self.update_button = button(description="Apply to selected")
        self.delete_button = button(description="Delete selected", button_style="danger")
        self.mode = ipw.ToggleButtons(options=MODES, value="select", description="click to")
        self.show_los = ipw.Checkbox(
            value=True,
            description="show line of sight from the selected area",
            indent=False,
            layout=ipw.Layout(width="auto"),
        )
        self.seen_button = button(description="Rule: seen")
        self.blocked_button = button(description="Rule: blocked")
        self.clear_button = button(description="Clear ruling")
        self.undo_button = button(description="Undo")
        self.redo_button = button(description="Redo")
        self.path = ipw.Text(value=str(path), description="file", layout=ipw.Layout(width="20em"))
        self.save_button = button(description="Save")
        self.load_button = button(description="Load")
        self.area_id.add_class("rb-area-id")
        self.path.add_class("rb-path")
        self.scan = ipw.FileUpload(accept="image/*", multiple=False, description="Map scan")
        self.scan_opacity = ipw.FloatSlider(
            value=0.5, min=0.0, max=1.0, step=0.05, description="scan opacity"
        )
        self.info = ipw.HTML()
        self.los_info = ipw.HTML()
        self.problems_view = ipw.HTML()
        self.errors = ipw.HTML()
        self.notice = ipw.HTML()

        self._wire()

        form = ipw.VBox(
            [
                ipw.HTML("<b>Area</b> (draw one with the toolbar, or click one)"),
                self.area_id,
                self.area_name,
                self.terrain,
                self.tags,
                ipw.HBox([self.add_button, self.update_button, self.delete_button]),
                self.mode,
                self.show_los,
                ipw.HBox([self.seen_button, self.blocked_button, self.clear_button]),
                ipw.HBox([self.undo_button, self.redo_button]),
                ipw.HBox([self.path, self.save_button, self.load_button]),
                self.notice,
                self.errors,
            ],
            layout=ipw.Layout(width="34em"),
        )
        panel = ipw.VBox([self.info, self.los_info, ipw.HTML("<b>Checks</b>"), self.problems_view])
        super().__init__([ipw.HBox([form, panel]), self.view])
        self.add_class("rb-designer")
        self.refresh()

    def _before_action(self) -> None:
        self.notice.value = ""

    def _wire(self) -> None:
        self.add_button.on_click(self._add)
        self.update_button.on_click(self._update)
        self.delete_button.on_click(self._delete)
        self.seen_button.on_click(lambda _: self._rule(True))
        self.blocked_button.on_click(lambda _: self._rule(False))
        self.clear_button.on_click(lambda _: self._rule(None))
        self.undo_button.on_click(self._undo)
        self.redo_button.on_click(self._redo)
        self.save_button.on_click(self._save)
        self.load_button.on_click(self._load)
        self.show_los.observe(lambda _: self.refresh(), names="value")
        self.scan.observe(self._scan_uploaded, names="value")
        self.scan_opacity.observe(self._scan_opacity, names="value")

    # --- events ---------------------------------------------------------------------

    def _on_draw(self, target: Any, action: str, geo_json: dict) -> None:
        if action != "created":
            return
        ring = geo_json["geometry"]["coordinates"][0]
        self.drawn = [(round(x, 1), round(y, 1)) for x, y in ring[:-1]]
        self.info.value = (
            f"<div class='rb-drawn' data-corners='{len(self.drawn)}'>Drawn an outline with "
            f"{len(self.drawn)} corners: give it an id and press <b>Add drawn area</b>.</div>"
        )

    @guarded
    def _on_click(self, area_id: str) -> None:
        if self.mode.value == "link" and self.anchor and self.anchor != area_id:
            # The first area stays chosen, so several neighbours can be linked to it in a row.
            self.design.toggle_adjacency(self.anchor, area_id)
            self.view.set_map(self.design.map)
            return
        if self.mode.value == "los" and self.anchor and self.anchor != area_id:
            self.partner = area_id
            return
        self.anchor = area_id
        area = self.design.map.area(area_id)
        self.area_id.value, self.area_name.value = area.id, area.name
        self.terrain.value = area.terrain
        self.tags.value = ", ".join(sorted(area.tags))

    def _on_hover(self, change: dict) -> None:
        source, target = self.anchor, change["new"]
        if not (source and target and self.show_los.value):
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
        self.view.set_underlay(
            bytes(upload["content"]),
            upload.get("type") or "image/png",
            opacity=self.scan_opacity.value,
        )

    def _scan_opacity(self, change: dict) -> None:
        if self.view.underlay is not None:
            self.view.underlay.opacity = change["new"]

    # --- edits ------------------------------------------------------------------------

    def _tag_list(self) -> list[str]:
        return [t.strip() for t in self.tags.value.split(",") if t.strip()]

    @guarded
    def _add(self, _: Any = None) -> None:
        if not self.drawn:
            raise ValueError("draw an outline on the map first (polygon or rectangle tool)")
        if not self.area_id.value.strip():
            raise ValueError("give the new area an id")
        self.design.add_area(
            self.area_id.value.strip(),
            self.drawn,
            terrain=self.terrain.value,
            name=self.area_name.value.strip(),
            tags=self._tag_list(),
        )
        self.anchor = self.area_id.value.strip()
        self.drawn = None
        self.draw.clear()
        self.view.set_map(self.design.map)

    @guarded
    def _update(self, _: Any = None) -> None:
        if not self.anchor:
            raise ValueError("click an area first")
        changes: dict[str, Any] = {
            "terrain": self.terrain.value,
            "name": self.area_name.value.strip(),
            "tags": self._tag_list(),
        }
        if self.drawn:  # a freshly drawn outline reshapes the selected area
            changes["polygon"] = self.drawn
            self.drawn = None
            self.draw.clear()
        self.design.update_area(self.anchor, **changes)
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
        partner = getattr(self, "partner", None) or self.view.hovered
        if not (self.anchor and partner):
            raise ValueError(
                "in 'rule on sight' mode, click the observer's area, then the target's"
            )
        self.design.set_los(self.anchor, partner, visible, note="set in the designer")

    @guarded
    def _undo(self, _: Any = None) -> None:
        self.design.undo()
        self.view.set_map(self.design.map)

    @guarded
    def _redo(self, _: Any = None) -> None:
        self.design.redo()
        self.view.set_map(self.design.map)

    @guarded
    def _save(self, _: Any = None) -> None:
        path = Path(self.path.value)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.design.save(path)
        self.notice.value = f"<div class='rb-saved'>saved to {escape(str(path))}</div>"

    @guarded
    def _load(self, _: Any = None) -> None:
        self.design = MapDesign.load(self.path.value)
        self.anchor = None
        self.view.set_map(self.design.map)

    # --- view ---------------------------------------------------------------------------

    def refresh(self) -> None:
        m = self.design.map
        m.los.day  # worked out after each edit or load, so a click answers at once  # noqa: B018
        marks: dict[str, str] = {}
        if self.anchor and self.anchor in m and self.show_los.value:
            marks = dict.fromkeys(m.los.visible_from(self.anchor), "visible")
        if self.anchor and self.anchor in m:
            marks[self.anchor] = "selected"
            neighbours = ", ".join(m.neighbors(self.anchor)) or "none"
            seen = len(m.los.visible_from(self.anchor)) - 1
            self.info.value = (
                f"<div class='rb-selected' data-area='{escape(self.anchor)}' "
                f"data-neighbours='{len(m.neighbors(self.anchor))}' data-visible='{seen}'>"
                f"<b>{escape(self.anchor)}</b> ({escape(m.area(self.anchor).terrain)}): "
                f"neighbours {escape(neighbours)}; sees {seen} other area(s).</div>"
            )
        elif not self.drawn:
            self.info.value = "<div class='rb-selected'>Click an area, or draw a new one.</div>"
        self.view.highlight(marks)
        problems = self.design.problems()
        self.problems_view.value = (
            "<ul class='rb-problems'>"
            + "".join(f"<li>{escape(str(p))}</li>" for p in problems)
            + "</ul>"
            if problems
            else "<p class='rb-problems none'>No problems found.</p>"
        )
        self.undo_button.disabled = not self.design.can_undo
        self.redo_button.disabled = not self.design.can_redo
        self.view.caption.value = (
            f"<div class='rb-map-caption' data-areas='{len(m)}'>Map <b>{escape(m.id)}</b>: "
            f"{len(m)} areas, {m.graph.number_of_edges()} adjacencies "
            f"({len(m.added)} added and {len(m.removed)} removed by hand), "
            f"{len(m.spec.los.overrides)} sight ruling(s). "
            f"<span class='provenance {m.provenance.value}'>{m.provenance.value}</span></div>"
        )


def designer_app(
    source: str | Path = "../scenarios/lz_albany/standard.yaml",
    save_to: str | Path = "saves/my_map.yaml",
) -> ipw.VBox:
    """The designer page, opened on a scenario's map (the reconstructed LZ Albany map by default)."""
    intro = (
        "<h1>Scenario designer: areas, neighbours and line of sight</h1>"
        "<p>Draw an area with the polygon or rectangle tool, name it and press <b>Add drawn area</b>. "
        "Neighbours come from shared borders; in <b>link / unlink</b> mode click two areas to change that "
        "by hand. To reshape an area, click it, draw its new outline and press <b>Apply to selected</b>. "
        "A scanned map can go underneath for tracing. Click an area to see what it can see by rule lza:7.8 (outlined in blue); hover another "
        "to read why or why not. Saving keeps the rest of the scenario.</p>"
    )
    return app_page(intro, MapDesigner(MapDesign.load(source), path=save_to))
