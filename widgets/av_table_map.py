"""An Ambush Valley table on ipyleaflet, in inches and with no tile server: terrain to draw
on, tunnel spots to drag. Edits are reported to callbacks; the designer decides what they do."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as ipw
from ipyleaflet import (
    CircleMarker,
    DivIcon,
    GeoJSON,
    Marker,
    Rectangle,
)

from rulebook.render.svg import SIDE_STROKE, TERRAIN_FILL
from rulebook.scenario._av_models import AmbushValleySpec
from widgets.map_view import _zoom_to_fit, offline_map, outline_draw_control

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
                "properties": {prop: getattr(item, prop)},
                "geometry": {"type": "Polygon", "coordinates": [_ring(item.outline)]},
            }
            for item in items
        ],
    }


class AvTableMap(ipw.VBox):
    """Features coloured by terrain, roads, set-up zones, objectives, and draggable spots.

    ``on_draw(callback)``: callback(corners) when a polygon or rectangle is drawn;
    ``on_spot_moved(callback)``: callback(spot_id, (x, y)) when a tunnel spot is dropped.
    """

    def __init__(self, spec: AmbushValleySpec, *, height: str = "420px") -> None:
        self._draw_callbacks: list[Callable[[list[Point]], None]] = []
        self._spot_callbacks: list[Callable[[str, Point], None]] = []
        self._dynamic: list[Any] = []
        self._height = height
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
        for layer in self._dynamic:
            self.map.remove(layer)
        self._dynamic = []
        width, depth = spec.table
        if old is not None and old.table != spec.table:
            # Another table size: centre and fit the new one, as the constructor did.
            self.map.center = (depth / 2, width / 2)
            self.map.zoom = _zoom_to_fit(width, depth, int(self._height.removesuffix("px")), 900)
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
                title=f"tunnel spot {i} ({spot.id}): drag to move",
                icon=DivIcon(
                    html=f"<div class='rb-av-spot-marker' data-spot='{spot.id}'>{i}</div>",
                    icon_size=(22, 22),
                    icon_anchor=(11, 11),
                ),
            )
            marker.observe(self._spot_dropped(spot.id), names="location")
            self._dynamic.append(marker)
        for layer in self._dynamic:
            self.map.add(layer)

    def _spot_dropped(self, spot_id: str) -> Callable[[dict], None]:
        def moved(change: dict) -> None:
            y, x = change["new"]
            for callback in self._spot_callbacks:
                callback(spot_id, (round(x, 1), round(y, 1)))

        return moved
