"""An Ambush Valley table on ipyleaflet, in inches and with no tile server: terrain to draw
on, tunnel spots to drag, things to click, and marks on what the checks object to and on what
is selected. Edits and clicks are reported to callbacks; the designer decides what they do."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as ipw
from ipyleaflet import (
    CircleMarker,
    DivIcon,
    GeoJSON,
    Marker,
    Polygon,
    Rectangle,
)
from shapely.geometry import Polygon as Shape

from rulebook.games.ambush_valley.naming import find, name_of
from rulebook.render.svg import SIDE_STROKE, TERRAIN_FILL
from rulebook.scenario._av_models import AmbushValleySpec
from widgets._closing import discard
from widgets._fit import Fitted, zoom_to_fit
from widgets.map_view import offline_map, outline_draw_control

__all__ = ["AvTableMap"]

Point = tuple[float, float]


def _ring(points: list[Point]) -> list[list[float]]:
    return [[x, y] for x, y in [*points, points[0]]]


def _polygons(items: list[Any], prop: str) -> dict:
    """GeoJSON of outlined items, each carrying one property (its terrain kind or side)."""
    return {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {prop: getattr(item, prop), "id": item.id},
                "geometry": {"type": "Polygon", "coordinates": [_ring(item.outline)]},
            }
            for item in items
        ],
    }


class AvTableMap(ipw.VBox):
    """Features coloured by terrain, roads, set-up zones, objectives, and draggable spots.

    ``on_draw(callback)``: callback(corners) when a polygon or rectangle is drawn;
    ``on_spot_moved(callback)``: callback(spot_id, (x, y)) when a tunnel spot is dropped;
    ``on_select(callback)``: callback(item_id) when a feature, zone or marker is clicked.
    ``set_marks(culprits, selected)`` marks what the checks name and what is selected.
    """

    def __init__(self, spec: AmbushValleySpec, *, height: str = "420px") -> None:
        self._draw_callbacks: list[Callable[[list[Point]], None]] = []
        self._spot_callbacks: list[Callable[[str, Point], None]] = []
        self._select_callbacks: list[Callable[[str], None]] = []
        self._dynamic: list[Any] = []
        self._marks: list[Any] = []
        self.culprits: tuple[str, ...] = ()
        self.selected: str | None = None
        width, depth = spec.table
        self.map = offline_map(
            width,
            depth,
            (depth / 2, width / 2),
            height=height,
            min_zoom=-2,
            max_zoom=6,
            pixels_wide=900,
        )
        # Framed at the size the browser gives the map (a guess of 900 pixels until it says):
        # a resized table was fitted to 900 pixels, and at 1024 the map is about half that.
        self._fitted = Fitted(
            self.map,
            width,
            depth,
            (depth / 2, width / 2),
            guess=(900, int(height.removesuffix("px"))),
        )
        self.draw = outline_draw_control()
        self.draw.on_draw(self._drawn)
        self.map.add(self.draw)
        super().__init__([self.map])
        self.add_class("rb-av-leaflet")
        self.set_spec(spec)

    def on_draw(self, callback: Callable[[list[Point]], None]) -> None:
        self._draw_callbacks.append(callback)

    def on_spot_moved(self, callback: Callable[[str, Point], None]) -> None:
        self._spot_callbacks.append(callback)

    def show(self, x: float, y: float) -> None:
        """Bring the point (*x*, *y*) in inches into view: centre on it when zoomed in past the
        whole table (at the fitting zoom the whole table, and so the point, is already shown)."""
        width, depth = self.spec.table
        wide, high = self._fitted.pixels  # type: ignore[misc]
        if self.map.zoom > zoom_to_fit(width, depth, high, wide):
            self.map.center = (y, x)

    def on_select(self, callback: Callable[[str], None]) -> None:
        self._select_callbacks.append(callback)

    def _clicked(self, item_id: str) -> None:
        for callback in self._select_callbacks:
            callback(item_id)

    def _clicked_shape(self, event: Any = None, feature: Any = None, **_: Any) -> None:
        if feature and feature.get("properties", {}).get("id"):
            self._clicked(feature["properties"]["id"])

    def _drawn(self, target: Any, action: str, geo_json: dict) -> None:
        if action != "created":
            return
        ring = geo_json["geometry"]["coordinates"][0]
        corners = [(round(x, 1), round(y, 1)) for x, y in ring[:-1]]
        self.draw.clear()
        for callback in self._draw_callbacks:
            callback(corners)

    def set_spec(self, spec: AmbushValleySpec) -> None:
        """Redraw everything from a (new version of the) scenario."""
        old = getattr(self, "spec", None)
        self.spec = spec
        discard(self.map, self._dynamic)
        self._dynamic = []
        width, depth = spec.table
        if old is not None and old.table != spec.table:  # another table size: frame it
            self._fitted.frame(width, depth, (depth / 2, width / 2))
        edge = Rectangle(
            bounds=((0, 0), (depth, width)),
            color="#333",
            weight=2,
            fill_color="#eef3e2",
            fill_opacity=1,
        )
        layout = spec.layout
        terrain = GeoJSON(
            data=_polygons(layout.features, "kind"),
            style_callback=lambda feat: {
                "fillColor": TERRAIN_FILL.get(feat["properties"]["kind"], "#ccc"),
                "fillOpacity": 0.85,
                "color": "#333",
                "weight": 1,
            },
        )
        roads = GeoJSON(
            data={
                "type": "FeatureCollection",
                "features": [
                    {
                        "type": "Feature",
                        "properties": {"kind": r.kind},
                        "geometry": {
                            "type": "LineString",
                            "coordinates": [[x, y] for x, y in r.path],
                        },
                    }
                    for r in layout.roads
                ],
            },
            style_callback=lambda feat: {
                "color": "#1976d2"
                if feat["properties"]["kind"] in ("river", "tributary")
                else "#a1887f",
                "weight": 6,
            },
        )
        sides = list(spec.sides)
        zones = GeoJSON(
            data=_polygons(layout.deployment, "side"),
            style_callback=lambda feat: {
                "color": SIDE_STROKE[sides.index(feat["properties"]["side"]) % len(SIDE_STROKE)]
                if feat["properties"]["side"] in sides
                else "#000",
                "dashArray": "6 3",
                "fillOpacity": 0.1,
                "weight": 2,
            },
        )
        terrain.on_click(self._clicked_shape)
        zones.on_click(self._clicked_shape)
        self._dynamic += [edge, terrain, roads, zones]
        for group, color in ((layout.objectives, "#ffd600"), (layout.civilians, "#7b1fa2")):
            for m in group:
                self._dynamic.append(
                    CircleMarker(
                        location=(m.at[1], m.at[0]),
                        radius=7,
                        color="#000" if group is layout.objectives else color,
                        weight=2,
                        fill_color=color,
                        fill_opacity=0.9,
                    )
                )
        for i, spot in enumerate(layout.tunnel_spots, 1):
            marker = Marker(
                location=(spot.at[1], spot.at[0]),
                draggable=True,
                title=f"tunnel spot {i}: drag to move, click to select",
                icon=DivIcon(
                    html=f"<div class='rb-av-spot-marker' data-spot='{spot.id}'>{i}</div>",
                    icon_size=(22, 22),
                    icon_anchor=(11, 11),
                ),
            )
            marker.observe(self._spot_dropped(spot.id), names="location")
            marker.on_click(lambda spot_id=spot.id, **_: self._clicked(spot_id))
            self._dynamic.append(marker)
        for layer in self._dynamic:
            self.map.add(layer)
        self.set_marks(self.culprits, self.selected)

    def set_marks(self, culprits: tuple[str, ...], selected: str | None) -> None:
        """Outline in orange, with a warning sign, each item the checks name; ring the selected
        one in purple with its name beneath. Ids the layout lacks are skipped."""
        discard(self.map, self._marks)
        self._marks = []
        self.culprits, self.selected = tuple(culprits), selected
        for item_id in dict.fromkeys(self.culprits):
            self._mark(item_id, "#e65100", "rb-av-culprit", "&#9650;", (-6, 26))
        if selected is not None:
            self._mark(
                selected,
                "#aa00ff",
                "rb-av-selected",
                escape(name_of(self.spec, selected)),
                (-20, 9),
            )
        for layer in self._marks:
            self.map.add(layer)

    def _mark(self, item_id: str, color: str, css: str, text: str, anchor: tuple[int, int]) -> None:
        found = find(self.spec, item_id)
        if found is None:
            return
        _group, _i, item = found
        if hasattr(item, "outline"):
            dashes = {"dash_array": "8 4"} if css == "rb-av-selected" else {}
            self._marks.append(
                Polygon(
                    locations=[(y, x) for x, y in item.outline],
                    color=color,
                    weight=4,
                    fill=False,
                    **dashes,
                )
            )
            point = Shape(item.outline).representative_point()
            x, y = point.x, point.y
        elif hasattr(item, "path"):
            x, y = item.path[len(item.path) // 2]
        else:
            x, y = item.at
            self._marks.append(
                CircleMarker(location=(y, x), radius=15, color=color, weight=3, fill=False)
            )
        # inline-block: the icon box is 0 x 0, so a block child would have no width of its own
        style = (
            f"display:inline-block;color:{color};font-weight:bold;white-space:nowrap;"
            "font-size:13px;pointer-events:none"
        )
        if css == "rb-av-selected":
            style += ";background:rgba(255,255,255,0.85);padding:0 3px;border:1px solid " + color
        self._marks.append(
            Marker(
                location=(y, x),
                draggable=False,
                keyboard=False,
                icon=DivIcon(
                    html=f"<div class='{css}' data-id='{escape(item_id)}' style='{style}'>{text}</div>",
                    icon_size=(0, 0),
                    icon_anchor=anchor,
                ),
            )
        )

    def _spot_dropped(self, spot_id: str) -> Callable[[dict], None]:
        def moved(change: dict) -> None:
            y, x = change["new"]
            for callback in self._spot_callbacks:
                callback(spot_id, (round(x, 1), round(y, 1)))

        return moved
