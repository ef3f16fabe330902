"""PointMapView: First Team's point-to-point map on ipyleaflet, clickable, with counters at each location.

Locations are circles joined by lines coloured by kind (road, jungle, river, mountain); each
location carries a label drawn as HTML: its name on its circle, and its counters in a block
beside it, on the first side where the block hides no other location, name or block at the
map's zoom (D2's counters sat on D4 at a 1024-pixel window's zoom). Like
:class:`~widgets.map_view.MapView`, labels and marks change in place: no widget is created
after the map is built.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as ipw
from ipyleaflet import CircleMarker, DivIcon, Marker, Polyline
from traitlets import Unicode

from rulebook._boxes import least_covering
from rulebook.maps.point_map import AN_KHE, PointMap
from rulebook.render import provenance_badge
from rulebook.render.svg import LINE_COLORS
from widgets._fit import Fitted
from widgets._play_style import CHIP, chips_size
from widgets.map_view import MARK_COLOURS, offline_map

__all__ = ["PointMapView"]

LABEL_SIZE = (84, 40)
# Where a label's point sits in its box: the name is centred on the point, 8 pixels above it.
ANCHOR = (LABEL_SIZE[0] // 2, 8)
NARROW_ROW = 3 * CHIP + 2  # a stack's rows of three chips, where six a row find no room
RADIUS = {AN_KHE: 18}  # a circle's radius in pixels; 13 for every other location
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

    def __init__(
        self, point_map: PointMap, *, height: str = "540px", wheel_zoom: bool = True
    ) -> None:
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
            wheel_zoom=wheel_zoom,
        )
        Fitted(self.map, maxx - minx, maxy - miny, ((miny + maxy) / 2, (minx + maxx) / 2))
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
        self._xy = xy
        # What the pointer resting on a location says: its id and the scenario's name for it
        # (the label is rewritten at every refresh; the map's names never change).
        self._titles = {n: escape(point_map.called(n)) for n in xy}
        self._stacks: dict[str, tuple[str, list[list[int]]]] = {}  # counters, chip widths
        for name, (x, y) in xy.items():
            camp = point_map.spec.special_forces_camps.get(name)
            circle = CircleMarker(
                location=(y, x),
                radius=RADIUS.get(name, 13),
                fill_opacity=0.9,
                **PLAIN,
                fill_color=SPECIAL_FILL if camp or name == "Pleiku" else FILL,
            )
            circle.on_click(self._click_handler(name))
            circle.on_mouseover(self._hover_handler(name))
            self.circles[name] = circle
            self.map.add(circle)
            html = self._label(name, "")
            icons = [DivIcon(html=html, icon_size=LABEL_SIZE, icon_anchor=ANCHOR) for _ in range(2)]
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
        self.map.observe(lambda _: self._show_stacks(), names="zoom")

    def _label(self, name: str, body: str, at: tuple[float, float] | None = None) -> str:
        """A location's label: its name, and *body* (its counters) with its top left corner
        *at* pixels from the location's point."""
        if body and at is not None:
            body = (
                f"<div class='rb-stack-at' style='left:{ANCHOR[0] + at[0]:.0f}px;"
                f"top:{ANCHOR[1] + at[1]:.0f}px'>{body}</div>"
            )
        return (
            f"<div class='rb-area-label rb-counters rb-ftv-label' data-area='{escape(name)}'"
            f" title='{self._titles[name]}'>"
            f"<div class='rb-area-name'>{escape(name)}</div>{body}</div>"
        )

    def stack_spots(self) -> dict[str, tuple[float, float, float, float]]:
        """Where each location's counters stand at the map's zoom: their box in pixels, from
        the point (0, 0) of the map's units, y downward.

        Largest stacks choose first. Each takes the first of its spots (under its name, as
        before; above it; right, left; the four corners; clear of its circle), in rows of six
        chips, then of three, that covers no other location's circle or name and no stack
        placed before it; else the one that covers least, a location counting three times a
        stack (a teacher saw F5's chips hide F4 whole).
        """
        scale = 2**self.map.zoom
        at = {n: (x * scale, -y * scale) for n, (x, y) in self._xy.items()}
        rings = {}
        for n, (x, y) in at.items():
            r = RADIUS.get(n, 13)
            half = max(r, len(n) * 3.5)  # a name wider than its circle (Pleiku, An Khe)
            rings[n] = [(x - r, y - r, x + r, y + r), (x - half, y - 8, x + half, y + 4)]
        taken: list[tuple[float, float, float, float]] = []
        spots = {}
        sizes = {n: chips_size(widths) for n, (_, widths) in self._stacks.items()}
        for name in sorted(self._stacks, key=lambda n: (-sizes[n][0] * sizes[n][1], n)):
            x, y = at[name]
            r = RADIUS.get(name, 13)
            boxes = []
            widths = self._stacks[name][1]
            for w, h in dict.fromkeys([sizes[name], chips_size(widths, most=NARROW_ROW)]):
                tops = [
                    (x - w / 2, y + 5),
                    (x - w / 2, y - 9 - h),
                    (x + r + 1, y - h / 2),
                    (x - r - 1 - w, y - h / 2),
                    (x + r - 3, y + r - 3),
                    (x - r + 3 - w, y + r - 3),
                    (x + r - 3, y - r + 3 - h),
                    (x - r + 3 - w, y - r + 3 - h),
                    (x - w / 2, y + r + 2),
                    (x - w / 2, y - r - 2 - h),
                    (x + r + 2, y + r + 2),
                    (x - r - 2 - w, y + r + 2),
                    (x + r + 2, y - r - 2 - h),
                    (x - r - 2 - w, y - r - 2 - h),
                ]
                boxes += [(left, top, left + w, top + h) for left, top in tops]
            places = [box for n, pair in rings.items() if n != name for box in pair]
            obstacles = [*places, rings[name][1], *taken]
            weights = [3] * (len(places) + 1) + [1] * len(taken)
            best = boxes[least_covering(boxes, obstacles, weights)]
            taken.append(best)
            spots[name] = best
        return spots

    def _show_stacks(self) -> None:
        """Lay out every location's counters again (the zoom changed, or a stack's size)."""
        scale = 2**self.map.zoom
        for name, (x0, y0, x1, _) in self.stack_spots().items():
            x, y = self._xy[name]
            html = f"<div style='width:{x1 - x0:.0f}px'>{self._stacks[name][0]}</div>"
            self._show(name, self._label(name, html, (x0 - x * scale, y0 + y * scale)))

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

    def set_stacks(self, stacks: dict[str, tuple[str, list[list[int]]]]) -> None:
        """Show each location's counters: *stacks* maps a location to the HTML of its rows of
        chips (``.rb-ctr-row``) and each row's chip widths in pixels, which tell the map how
        much room they take; a location left out shows its name alone. Unchanged labels cost
        nothing."""
        self._stacks = {n: stack for n, stack in stacks.items() if stack[0]}
        for name in self._xy:
            if name not in self._stacks:
                self._show(name, self._label(name, ""))
        self._show_stacks()

    def _show(self, name: str, html: str) -> None:
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
