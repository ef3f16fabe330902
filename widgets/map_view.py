"""MapView: an area map on ipyleaflet, with no tile server, coloured by terrain, showing who is where."""

from __future__ import annotations

import base64
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as ipw
from ipyleaflet import DivIcon, DrawControl, GeoJSON, ImageOverlay, Map, Marker, projections
from shapely.geometry import LineString
from traitlets import Unicode

from rulebook.maps import AreaMap
from rulebook.render import provenance_badge
from widgets._closing import discard
from widgets._fit import Fitted, zoom_to_fit

__all__ = ["MapView", "area_style", "offline_map", "outline_draw_control"]


# Outline colours of marked areas: the clicked one, those in sight, the candidates a click may
# pick, the target of a designer's sight ruling.
MARK_COLOURS = {
    "selected": "#d62728",
    "visible": "#1f77b4",
    "problem": "#ff7f0e",
    "place": "#9467bd",
    "candidate": "#ffb000",
    "focus": "#d62728",
    "target": "#2ca02c",
}
# Candidates are also filled, so a projector shows them from the back of the room.
MARK_FILL = {"candidate": "#ffd966"}


def area_style(
    area_map: AreaMap, highlight: dict[str, str] | None = None
) -> Callable[[dict], dict]:
    """A pure style callback: fill by terrain, outline by highlight (``selected``, ``visible``)."""
    highlight = highlight or {}

    def style(feature: dict) -> dict:
        props = feature["properties"]
        terrain = area_map.terrains.get(props["terrain"])
        mark = highlight.get(props["id"])
        return {
            "fillColor": MARK_FILL.get(mark or "", terrain.color if terrain else "#cccccc"),
            "fillOpacity": 0.75 if mark != "place" else 0.95,
            "color": MARK_COLOURS.get(mark or "", "#333333"),
            "weight": 4 if mark else 1,
            "dashArray": "6 4" if mark == "problem" else None,
        }

    return style


def offline_map(
    width: float,
    height_units: float,
    center: tuple[float, float],
    *,
    height: str,
    min_zoom: float = -5,
    max_zoom: float = 3,
    pixels_wide: int = 1000,
    wheel_zoom: bool = True,
) -> Map:
    """A Leaflet map in plain units (``projections.Simple``) with no base layer, so nothing is
    ever fetched from a tile server, zoomed to fit *width* x *height_units*; by the mouse
    wheel too unless *wheel_zoom* is False (a page to scroll past the map: the play apps)."""
    return Map(
        crs=projections.Simple,
        layers=(),
        center=center,
        zoom=zoom_to_fit(width, height_units, int(height.removesuffix("px")), pixels_wide),
        min_zoom=min_zoom,
        max_zoom=max_zoom,
        zoom_snap=0.25,
        scroll_wheel_zoom=wheel_zoom,
        # Leaflet's keyboard handler focuses the map on every press of the mouse, and the
        # browser scrolls a focused element into view; it puts back only the window's scroll,
        # but Voila scrolls a panel inside the page. So on a map partly below the window the
        # page jumped under the pointer and the first click missed its area. Nobody pans or
        # zooms these maps by keys (the zoom buttons stay).
        keyboard=False,
        attribution_control=False,
        layout=ipw.Layout(height=height, width="100%"),
    )


def outline_draw_control() -> DrawControl:
    """Drawing tools for polygons and rectangles only."""
    shape = {"shapeOptions": {"color": "#d62728", "fillOpacity": 0.3}}
    return DrawControl(
        polygon=shape, rectangle=shape, polyline={}, circle={}, circlemarker={}, marker={}
    )


# Only hand links use these colours; the page's CSS lets clicks pass through them to the areas.
LINK_COLOURS = {"added": "#8e24aa", "removed": "#c62828"}


def _no_features() -> dict[str, Any]:
    return {"type": "FeatureCollection", "features": []}


def _link_style(feature: dict) -> dict:
    added = feature["properties"]["kind"] == "added"
    return {
        "color": LINK_COLOURS["added" if added else "removed"],
        "weight": 4,
        "opacity": 0.9,
        "dashArray": "10 6" if added else "2 6",
    }


LABEL_SIZE = (90, 30)
#: An area this many times as tall as it is wide has its name written upright.
UPRIGHT_FROM = 2.5


def _anchor(size: tuple[int, int]) -> tuple[int, int]:
    return (size[0] // 2, size[1] // 2)


# Pixels at a map's left kept clear of what it frames: the zoom buttons and a designer's draw
# toolbar sit there, and on a 1024-wide window they covered the first column of area labels.
TOOLBAR_PX = 50


class _ClearOfToolbars(Fitted):
    """:class:`Fitted`, with the content framed right of the toolbars (:data:`TOOLBAR_PX`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.content = self.center

    @property
    def pixels(self) -> tuple[int, int] | None:
        seen = super().pixels
        return None if seen is None else (seen[0] - TOOLBAR_PX, seen[1])

    def frame(self, width: float, height: float, center: tuple[float, float]) -> None:
        self.content = center
        super().frame(width, height, center)

    def _fit(self) -> None:
        wide, high = self.pixels  # type: ignore[misc]
        zoom = zoom_to_fit(self.width, self.height, high, wide)
        y, x = self.content
        self.center = (y, x - TOOLBAR_PX / 2 / 2**zoom)  # half the toolbars' room to the right
        super()._fit()


class MapView(ipw.VBox):
    """An AreaMap drawn with ipyleaflet in map units (``projections.Simple``), never fetching tiles.

    ``selected`` holds the id of the clicked area; ``show_counts`` puts a label of
    the counters in each area.
    """

    selected = Unicode(allow_none=True, default_value=None)
    hovered = Unicode(allow_none=True, default_value=None)

    def __init__(
        self,
        area_map: AreaMap,
        *,
        height: str = "520px",
        sheet: tuple[float, float, float, float] | None = None,
        wheel_zoom: bool = True,
    ) -> None:
        self.area_map = area_map
        minx, miny, maxx, maxy = sheet or area_map.bounds()
        self.sheet = (minx, miny, maxx, maxy)
        self.map = offline_map(
            maxx - minx,
            maxy - miny,
            ((miny + maxy) / 2, (minx + maxx) / 2),
            height=height,
            wheel_zoom=wheel_zoom,
        )
        self.underlay: ImageOverlay | None = None
        self._fitted: Fitted | None = None  # kept fitted to the sheet once fit() is asked
        self._marks: dict[str, str] = {}
        self._click_callbacks: list[Callable[[str], None]] = []
        self.areas = GeoJSON(
            data=self._geojson(),
            style_callback=area_style(area_map),
            hover_style={"fillOpacity": 0.95},
        )
        self.areas.on_click(self._clicked)
        self.areas.on_hover(self._hover)
        self.map.add(self.areas)
        self.links = GeoJSON(data=_no_features(), style_callback=_link_style)
        self.map.add(self.links)
        self._labels: dict[str, Marker] = {}
        # Two icons per label, swapped on each change: the front end redraws a marker only when its
        # icon changes, and a fresh DivIcon per refresh would leak a widget every time (issue 16).
        self._icons: dict[str, list[DivIcon]] = {}
        self._shown: dict[str, tuple[str, tuple[int, int]]] = {}
        self._add_labels()
        self.caption = ipw.HTML(
            # the map's id is a file key (lz-albany), not words: the caption shows its provenance
            f'<div class="rb-map-caption">Map '
            f"{provenance_badge(area_map.provenance)} <span class='note'>{escape(area_map.spec.note)}</span></div>"
        )
        super().__init__([self.map, self.caption])
        self.add_class("rb-map")

    def _add_labels(self, areas: Any = None) -> None:
        """Labels for *areas* (every area of the map by default), added to the map at once: one
        layer list sent, not one a label."""
        new = [self._new_label(area) for area in (self.area_map if areas is None else areas)]
        if new:
            self.map.layers = (*self.map.layers, *new)

    def _new_label(self, area: Any) -> Marker:
        p = area.polygon.representative_point()
        html, size = self._label_html(area.id, ""), LABEL_SIZE
        icons = [DivIcon(html=html, icon_size=size, icon_anchor=_anchor(size)) for _ in range(2)]
        marker = Marker(location=(p.y, p.x), draggable=False, icon=icons[0])
        self._labels[area.id] = marker
        self._icons[area.id] = icons
        self._shown[area.id] = (html, size)
        return marker

    def set_map(self, area_map: AreaMap) -> None:
        """Show another version of the map (after an edit): outlines, styles and labels.

        Each area's label is kept and moved, not made again: a designer's edit changes one
        area, and three new widgets an area (a marker and its two icons), each drawn anew by
        the browser, made every edit of a 44-area map take some 0.7 s to show.
        """
        if area_map is self.area_map:  # (a set-up place picked: the same map, nothing to send)
            return
        self.area_map = area_map
        self._marks = {k: v for k, v in self._marks.items() if k in area_map}
        self.areas.data = self._geojson()
        self.areas.style_callback = area_style(area_map, self._marks)
        gone = [a for a in self._labels if a not in area_map]
        discard(self.map, [self._labels.pop(a) for a in gone])  # (with the icon it shows)
        for area_id in gone:
            for icon in self._icons.pop(area_id):  # (and the spare one)
                icon.close()
            del self._shown[area_id]
        self._add_labels([area for area in area_map if area.id not in self._labels])
        for area in area_map:
            p = area.polygon.representative_point()
            marker = self._labels[area.id]
            if tuple(marker.location) != (p.y, p.x):
                marker.location = (p.y, p.x)
            self.set_label(area.id, self._label_html(area.id, ""))

    def fit(self, sheet: tuple[float, float, float, float], pixels_wide: int = 800) -> None:
        """Centre on *sheet* ``(minx, miny, maxx, maxy)`` and zoom so that all of it shows, right
        of the toolbars: at the size the browser gave the map once it has said (a 1024-wide
        window cut the first column of areas off when 800 pixels were assumed), else
        *pixels_wide*."""
        minx, miny, maxx, maxy = self.sheet = sheet
        center = ((miny + maxy) / 2, (minx + maxx) / 2)
        # Leaflet holds the zoom to min_zoom: a 100000-wide sheet showed only its middle, with
        # the zoom-out button greyed. Low enough for the sheet to fit a small map.
        self.map.min_zoom = min(self.map.min_zoom, zoom_to_fit(maxx - minx, maxy - miny, 100, 100))
        if self._fitted is None:
            high = int(str(self.map.layout.height).removesuffix("px"))
            self._fitted = _ClearOfToolbars(
                self.map, maxx - minx, maxy - miny, center, guess=(pixels_wide, high)
            )
        self._fitted.frame(maxx - minx, maxy - miny, center)

    def set_underlay(
        self,
        image: bytes,
        mime: str = "image/png",
        *,
        opacity: float = 0.5,
        bounds: tuple[tuple[float, float], tuple[float, float]] | None = None,
    ) -> None:
        """Lay a scan of a printed map under the areas, for tracing; embedded, so nothing is fetched.

        *bounds* is ``((min_y, min_x), (max_y, max_x))`` in map units; by default the areas' extent.
        """
        if not mime.startswith("image/"):
            raise ValueError(f"an underlay must be an image, not {mime}")
        if bounds is None:
            minx, miny, maxx, maxy = self.sheet
            bounds = ((miny, minx), (maxy, maxx))
        url = f"data:{mime};base64,{base64.b64encode(image).decode('ascii')}"
        if self.underlay is not None:
            discard(self.map, [self.underlay])
        self.underlay = ImageOverlay(url=url, bounds=bounds, opacity=opacity)
        # Beneath the areas: the outlines stay clickable and readable over the scan.
        self.map.layers = (self.underlay, *self.map.layers)

    def show_links(self, added: list[tuple[str, str]], removed: list[tuple[str, str]]) -> None:
        """Draw hand edits of adjacency between areas: links dashed purple, cuts dotted red."""
        features = []
        for kind, pairs in (("added", added), ("removed", removed)):
            for a, b in pairs:
                if a in self.area_map and b in self.area_map:
                    features.append(
                        {
                            "type": "Feature",
                            "properties": {"kind": kind, "pair": f"{a}-{b}"},
                            "geometry": {
                                "type": "LineString",
                                "coordinates": self._link_ends(a, b),
                            },
                        }
                    )
        self.links.data = {"type": "FeatureCollection", "features": features}

    def _link_ends(self, a: str, b: str) -> list[list[float]]:
        """Where a hand link between *a* and *b* is drawn: the line between their label points,
        cut back to a quarter of its run inside each area, so it still crosses into both but
        leaves their names clear (the six edge areas' links to Transition and LZ Columbus met
        on those names and hid them; cut back by half, they still met Transition's, upright
        in the middle of its narrow box)."""
        one, other = (self.area_map.area(x).polygon for x in (a, b))
        line = LineString([one.representative_point(), other.representative_point()])
        start = line.intersection(one).length * 3 / 4
        end = line.length - line.intersection(other).length * 3 / 4
        if end <= start:  # areas overlapping on the line: draw it whole
            start, end = 0.0, line.length
        return [[p.x, p.y] for p in (line.interpolate(start), line.interpolate(end))]

    def on_area_click(self, callback: Callable[[str], None], remove: bool = False) -> None:
        """Call ``callback(area_id)`` whenever an area is clicked."""
        if remove:
            self._click_callbacks.remove(callback)
        else:
            self._click_callbacks.append(callback)

    def _geojson(self) -> dict[str, Any]:
        data = self.area_map.to_geojson()
        for feature in data["features"]:
            ring = feature["geometry"]["coordinates"][0]
            # Leaflet's Simple CRS reads [x, y] GeoJSON positions as (lng, lat): x east, y north.
            feature["geometry"]["coordinates"] = [[list(p) for p in ring]]
        return data

    def _label_html(self, area_id: str, counts: str) -> str:
        extra = f"<br><span class='rb-counts'>{escape(counts)}</span>" if counts else ""
        # An area much taller than wide (Transition, beside LZ Columbus) has its name upright,
        # inside its box: written across, it ran past the box into its neighbour's name.
        minx, miny, maxx, maxy = self.area_map.area(area_id).polygon.bounds
        upright = (maxy - miny) >= UPRIGHT_FROM * (maxx - minx)
        turn = "transform:rotate(-90deg);" if upright else ""
        return (
            f"<div class='rb-area-label' data-area='{escape(area_id)}' style='font:11px sans-serif;"
            f"text-align:center;color:#111;text-shadow:0 0 3px #fff;{turn}'>"
            f"{escape(area_id)}{extra}</div>"
        )

    def _clicked(self, feature: dict | None = None, **_: Any) -> None:
        if feature:
            area_id = feature["properties"]["id"]
            self.selected = area_id
            for callback in list(self._click_callbacks):
                callback(area_id)

    def _hover(self, feature: dict | None = None, **_: Any) -> None:
        if feature:
            self.hovered = feature["properties"]["id"]

    def highlight(self, marks: dict[str, str]) -> None:
        """Outline areas by a mark (``selected``, ``visible``); others plain."""
        self._marks = dict(marks)
        self.areas.style_callback = area_style(self.area_map, self._marks)

    def show_counts(self, counts: dict[str, str]) -> None:
        """Label each area with a short text of its counters (``US 3 · NVA 2``)."""
        for area_id in self._labels:
            self.set_label(area_id, self._label_html(area_id, counts.get(area_id, "")))

    def set_label(self, area_id: str, html: str, size: tuple[int, int] = LABEL_SIZE) -> None:
        """Show *html* (centred, *size* pixels) as the label of an area; unchanged labels cost nothing.

        The label's two icons take turns: the hidden one gets the new HTML, then becomes the
        marker's icon, so no widget is ever created after the map is built.
        """
        if self._shown.get(area_id) == (html, size):
            return
        marker, icons = self._labels[area_id], self._icons[area_id]
        spare = icons[1] if marker.icon is icons[0] else icons[0]
        spare.html, spare.icon_size, spare.icon_anchor = html, size, _anchor(size)
        marker.icon = spare
        self._shown[area_id] = (html, size)
