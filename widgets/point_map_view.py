"""PointMapView: First Team's point-to-point map on ipyleaflet, clickable, with counters at each location.

Locations are circles joined by lines coloured by kind (road, jungle, river, mountain); each
location carries a label drawn as HTML. Like :class:`~widgets.map_view.MapView`, labels and marks
change in place: no widget is created after the map is built.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as ipw
from ipyleaflet import CircleMarker, DivIcon, Marker, Polyline
from traitlets import Unicode

from rulebook.maps.point_map import PointMap
from rulebook.render import provenance_badge
from rulebook.render.svg import LINE_COLORS
from widgets._fit import keep_fitted
from widgets.map_view import MARK_COLOURS, offline_map

__all__ = ["PointMapView"]

LABEL_SIZE = (84, 40)
# A mark changes a location's ring only: its fill keeps saying what the place is (a pale
# yellow camp or Pleiku), so a lit choice never passes for a camp on the legend.
PLAIN = {"color": "#333333", "weight": 1}
MARKED = {
    "candidate": {"color": MARK_COLOURS["candidate"], "weight": 4},
    "focus": {"color": MARK_COLOURS["focus"], "weight": 4},
}
SPECIAL_FILL, FILL = "#fff3c4", "#ffffff"


class PointMapView(ipw.VBox):
    """A PointMap drawn in map units; ``on_place_click(callback)`` reports the location clicked."""

    hovered = Unicode(allow_none=True, default_value=None)

    def __init__(self, point_map: PointMap, *, height: str = "540px") -> None:
        self.point_map = point_map
        xy = {n: point_map.graph.nodes[n]["xy"] for n in point_map.graph}
        minx, maxx = min(x for x, _ in xy.values()) - 4, max(x for x, _ in xy.values()) + 4
        miny, maxy = min(y for _, y in xy.values()) - 4, max(y for _, y in xy.values()) + 4
        self.map = offline_map(
            maxx - minx,
            maxy - miny,
            ((miny + maxy) / 2, (minx + maxx) / 2),
            height=height,
            min_zoom=0,
            max_zoom=7,
            pixels_wide=900,
        )
        keep_fitted(self.map, maxx - minx, maxy - miny, ((miny + maxy) / 2, (minx + maxx) / 2))
        self._callbacks: list[Callable[[str], None]] = []
        for a, b, kind in point_map.graph.edges(data="kind"):
            (x1, y1), (x2, y2) = xy[a], xy[b]
            self.map.add(
                Polyline(
                    locations=[(y1, x1), (y2, x2)],
                    color=LINE_COLORS.get(kind, "#555"),
                    weight=5 if kind == "road" else 3,
                    opacity=0.8,
                    fill=False,
                )
            )
        self.circles: dict[str, CircleMarker] = {}
        self._labels: dict[str, Marker] = {}
        self._icons: dict[str, list[DivIcon]] = {}
        self._shown: dict[str, str] = {}
        self._marks: dict[str, str] = {}
        for name, (x, y) in xy.items():
            camp = point_map.spec.special_forces_camps.get(name)
            circle = CircleMarker(
                location=(y, x),
                radius=13 if name != "An Khe" else 18,
                fill_opacity=0.9,
                **PLAIN,
                fill_color=SPECIAL_FILL if camp or name == "Pleiku" else FILL,
            )
            circle.on_click(self._click_handler(name))
            circle.on_mouseover(self._hover_handler(name))
            self.circles[name] = circle
            self.map.add(circle)
            html = self._label(name, "")
            icons = [
                DivIcon(html=html, icon_size=LABEL_SIZE, icon_anchor=(LABEL_SIZE[0] // 2, 8))
                for _ in range(2)
            ]
            marker = Marker(location=(y, x), draggable=False, icon=icons[0])
            self._labels[name], self._icons[name], self._shown[name] = marker, icons, html
            self.map.add(marker)
        self.caption = ipw.HTML(
            f"<div class='rb-map-caption'>Map {provenance_badge(point_map.spec.provenance.value)}: "
            "roads orange, jungle green, rivers blue, mountain tracks black; pale yellow circles "
            "are Pleiku and the Special Forces camps; a thick ring lights a place you may choose "
            "now.</div>"
        )
        super().__init__([self.map, self.caption])
        self.add_class("rb-map")
        self.add_class("rb-ftv-map")

    def _label(self, name: str, body: str) -> str:
        return (
            f"<div class='rb-area-label rb-counters' data-area='{escape(name)}'>"
            f"<div class='rb-area-name'>{escape(name)}</div>{body}</div>"
        )

    def _click_handler(self, name: str) -> Callable[..., None]:
        def clicked(**_: Any) -> None:
            for callback in list(self._callbacks):
                callback(name)

        return clicked

    def _hover_handler(self, name: str) -> Callable[..., None]:
        def hovered(**_: Any) -> None:
            self.hovered = name

        return hovered

    def on_place_click(self, callback: Callable[[str], None], remove: bool = False) -> None:
        """Call ``callback(location)`` whenever a location is clicked."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def set_label(self, name: str, body_html: str) -> None:
        """Show *body_html* (counters) under a location's name; unchanged labels cost nothing."""
        html = self._label(name, body_html)
        if self._shown.get(name) == html:
            return
        marker, icons = self._labels[name], self._icons[name]
        spare = icons[1] if marker.icon is icons[0] else icons[0]
        spare.html = html
        marker.icon = spare
        self._shown[name] = html

    def mark(self, marks: dict[str, str]) -> None:
        """Outline locations by a mark (``candidate``, ``focus``); the others plain."""
        for name in set(self._marks) | set(marks):
            if self._marks.get(name) == marks.get(name):
                continue
            circle = self.circles[name]
            style = MARKED.get(marks.get(name, ""), PLAIN)
            circle.color, circle.weight = style["color"], style["weight"]
        self._marks = dict(marks)
