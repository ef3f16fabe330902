"""The Ia Drang as a printed atlas would draw it, offline: border, rivers, massif, roads, places.

Every layer is read from the sourced GeoJSON in ``scenarios/ia_drang/`` (see
:mod:`rulebook.geography`) and every place from ``places.yaml``; nothing is fetched. Labels are
placed by :func:`rulebook.maps.labels.place_labels` for the zoom on screen, so they never
overlap: crowded ones get a leader line, and the rest wait for a closer zoom (the page says
which). The map fills the window below the timeline and frames each chapter's places.
"""

from __future__ import annotations

import math
from html import escape

import ipywidgets as ipw
from ipyleaflet import (
    CircleMarker,
    DivIcon,
    GeoJSON,
    LayerGroup,
    Map,
    Marker,
    Polygon,
    Polyline,
    ScaleControl,
)
from shapely.geometry import shape
from shapely.ops import linemerge

from rulebook.geography import MapFeature, load_layers
from rulebook.history import Place, load_places
from rulebook.maps.labels import Label, Placed, lonlat, pixel, place_labels
from widgets._closing import discard

__all__ = ["ACTIVE", "IDLE", "AtlasMap", "frame_zoom"]

ACTIVE, IDLE = "#c0392b", "#3b3b3b"
PAPER = "#f3eedc"
STYLE = {
    "border": {"color": "#6d4c7d", "weight": 2.5, "dashArray": "10 4 2 4", "opacity": 0.9},
    "river": {"color": "#3d7ab8", "weight": 2.6, "opacity": 0.95},
    "stream": {"color": "#6f9fcf", "weight": 1.3, "opacity": 0.85},
    "massif": {
        "color": "#8a6a3f",
        "weight": 1,
        "dashArray": "3 3",
        "fillColor": "#c9a878",
        "fillOpacity": 0.45,
    },
    "road": {"color": "#b23a22", "weight": 3, "opacity": 0.9},
}
#: Below this zoom the landing zones and fire bases crowd each other: only a chapter's own are named.
CROWDED_BELOW = 12
DEFAULT_SIZE = (760, 600)  # px, until the browser reports the map's real size
MIN_SPAN_DEG = 0.07  # never zoom closer than about 8 km across
# px from the map's corners that Leaflet's zoom buttons (top left) and the scale bar (top
# right) cover, with their 10 px margins: no label is placed under them.
ZOOM_BUTTONS, SCALE_BAR = (50, 80), (125, 50)
# px that labels keep from the map's edge: its border and inset paper frame (5 px) and a little
# more, or a name slid up against the edge (Route 19's badge, with its road running on behind
# it) reads as cut off by it.
EDGE = 10


def frame_zoom(
    south: float, west: float, north: float, east: float, size: tuple[float, float]
) -> int:
    """The largest whole zoom at which the box fits *size* (width, height px) with a margin.

    >>> frame_zoom(13.55, 107.70, 13.60, 107.75, (760, 600))
    13
    """
    x0, y1 = pixel(west, south, 0)
    x1, y0 = pixel(east, north, 0)
    fit = min(size[0] * 0.8 / max(x1 - x0, 1e-9), size[1] * 0.8 / max(y1 - y0, 1e-9))
    return max(7, min(14, math.floor(math.log2(fit))))


def _latlngs(coords: list) -> list:
    return [(lat, lon) for lon, lat in coords]


class AtlasMap(ipw.VBox):
    """The map, its legend and its sources; ``frame(place_ids)`` shows a chapter's places."""

    def __init__(self) -> None:
        self.places: dict[str, Place] = load_places()
        self.layers = load_layers()
        self.active: set[str] = set()
        self.map = Map(
            center=(13.75, 107.85),
            zoom=10,
            layers=(),  # no tile layer: nothing is fetched
            scroll_wheel_zoom=False,  # the wheel scrolls the chapters' page; the buttons zoom
            keyboard=False,  # as offline_map: a press would scroll a map partly out of view
            attribution_control=False,
            zoom_snap=1,
            layout=ipw.Layout(height="calc(100vh - 250px)", min_height="420px", width="100%"),
        )
        self.map.add_class("rb-atlas")
        self.map.add(ScaleControl(position="topright", metric=True, imperial=True))
        for layer in self._base_layers():
            self.map.add(layer)
        self.dots: dict[str, CircleMarker] = {}
        for place in self.places.values():
            dot = CircleMarker(
                location=(place.lat, place.lon),
                radius=self._radius(place, False),
                color=IDLE,
                weight=2,
                fill_color=self._fill(place, False),
                fill_opacity=1.0,
            )
            self.dots[place.id] = dot
            self.map.add(dot)
        self.labels = LayerGroup(layers=())
        self._drawn: dict[tuple, list] = {}  # each label's look -> its widgets (see relabel)
        self.map.add(self.labels)
        self.hidden_note = ipw.HTML()
        self.legend = ipw.HTML(self._legend_html())
        self.sources = ipw.HTML(self._sources_html())
        self._size = DEFAULT_SIZE
        self._frame_ids: list[str] = []
        self._framing = False  # frame() moves centre and zoom, then relabels once
        self.map.observe(self._on_view, names=["zoom", "center"])
        self.map.observe(self._on_size, names="pixel_bounds")
        super().__init__([self.map, self.hidden_note, self.legend, self.sources])
        self.add_class("rb-map")
        self.relabel()

    # --- drawing ------------------------------------------------------------------------

    def _base_layers(self) -> list:
        out = []
        border = self.layers["border"][0]
        out.append(self._cambodia_tint(border))
        for name in ("massif", "rivers", "border"):
            for feat in self.layers[name]:
                out.append(
                    GeoJSON(
                        data={"type": "Feature", "properties": {}, "geometry": feat.geometry},
                        style=STYLE[feat.kind],
                        name=feat.name,
                    )
                )
        for feat in self.layers["roads"]:  # a light casing under the red line, as on road maps
            coords = _latlngs(feat.geometry["coordinates"])
            out.append(Polyline(locations=coords, color="#fffaf0", weight=6, fill=False))
            out.append(Polyline(locations=coords, fill=False, **STYLE["road"]))
        return out

    @staticmethod
    def _cambodia_tint(border: MapFeature) -> Polygon:
        """Cambodia's side of the border, tinted as atlases tint a neighbouring country."""
        line = linemerge(shape(border.geometry))
        # The dataset's pieces need not meet exactly: chain them from north to south.
        parts = [list(g.coords) for g in getattr(line, "geoms", [line])]
        coords = []
        for part in sorted(parts, key=lambda c: -max(y for _, y in c)):
            coords += part if part[0][1] >= part[-1][1] else part[::-1]
        west = 106.5
        ring = [*coords, (west, coords[-1][1]), (west, coords[0][1])]
        return Polygon(
            locations=_latlngs(ring), color=PAPER, weight=0, fill_color="#e2dccb", fill_opacity=0.9
        )

    @staticmethod
    def _radius(place: Place, active: bool) -> float:
        base = {"town": 6, "camp": 5, "fire base": 4}.get(place.kind, 4)
        return base + (3 if active else 0)

    @staticmethod
    def _fill(place: Place, active: bool) -> str:
        if active:
            return ACTIVE
        return "#222" if place.kind in ("town", "camp") else "#fffaf0"

    # --- labels -------------------------------------------------------------------------

    def _label_set(self, zoom: float) -> tuple[list[Label], list[str]]:
        """The labels to place at *zoom*, and the names kept back for a closer zoom."""
        labels, later = [], []
        for feat in [
            f for name in ("regions", "massif", "rivers", "roads") for f in self.layers[name]
        ]:
            close = zoom >= CROWDED_BELOW and feat.label_close
            where = (
                close
                or feat.label_lonlat
                or (
                    tuple(feat.geometry["coordinates"])
                    if feat.geometry["type"] == "Point"
                    else None
                )
            )
            if where is None:
                continue
            text = f"Route {feat.ref}" if feat.ref else feat.name
            size, spacing = (
                (13, 3) if feat.kind == "country" else (12, 1 if feat.kind == "massif" else 0)
            )
            labels.append(
                Label(
                    feat.id,
                    text.upper() if feat.kind in ("country", "massif") else text,
                    where[0],
                    where[1],
                    priority=50,
                    fixed=True,
                    size=size,
                    spacing=spacing,
                    marker=0,
                )
            )
        for place in self.places.values():
            active = place.id in self.active
            if not active and zoom < CROWDED_BELOW and place.kind in ("landing zone", "fire base"):
                later.append(place.name)
                continue
            priority = (100 if active else 0) + {"town": 20, "camp": 15}.get(place.kind, 0)
            labels.append(
                Label(
                    place.id,
                    place.name,
                    place.lon,
                    place.lat,
                    priority=priority,
                    size=13 if active else 12,
                    marker=self._radius(place, active),
                )
            )
        return labels, later

    def relabel(self) -> None:
        """Place every label for the current zoom and redraw them (and their leader lines).

        A label drawn the same as before (same words, place, size and leader) keeps its
        widgets; the others are made, and those no longer shown are closed: a chapter change
        used to leave some 29 widgets behind in the kernel and make every label anew.
        """
        zoom = self.map.zoom
        wanted, later = self._label_set(zoom)
        labels = {lab.id: lab for lab in wanted}
        view, controls = self._view(zoom)
        placed, hidden = place_labels(wanted, zoom, obstacles=controls, view=view)
        drawn, layers = {}, []
        for p in placed:
            look = self._label_look(labels[p.id], p, zoom)
            found = drawn[look] = self._drawn.pop(look, None) or _label_layers(*look)
            layers.extend(found)
        self.labels.layers = tuple(layers)
        for gone in self._drawn.values():
            discard(self.labels, gone)
        self._drawn = drawn
        names = later + [labels[h].text for h in hidden]
        self.hidden_note.value = (
            f"<p class='rb-hidden-labels'>Zoom in to name: {escape(', '.join(names))}.</p>"
            if names
            else ""
        )

    def _view(self, zoom: float) -> tuple[tuple, list[tuple]]:
        """The part of the map on screen that labels may use, in world pixels at *zoom* (from its
        centre and the size the browser reported, less the EDGE), and what no label may cover:
        the corners its zoom buttons and scale bar take, and the EDGE itself."""
        x, y = pixel(self.map.center[1], self.map.center[0], zoom)
        w, h = self._size
        x0, y0, x1, y1 = x - w / 2, y - h / 2, x + w / 2, y + h / 2
        inner = (x0 + EDGE, y0 + EDGE, x1 - EDGE, y1 - EDGE)
        # A name whose point lies in the EDGE is out of the inner view's sight and kept wholly
        # out of it, so it could still show a sliver in the EDGE: the EDGE is an obstacle too.
        edge = [(x0, y0, x1, inner[1]), (x0, inner[3], x1, y1)]
        edge += [(x0, y0, inner[0], y1), (inner[2], y0, x1, y1)]
        return inner, [
            (x0, y0, x0 + ZOOM_BUTTONS[0], y0 + ZOOM_BUTTONS[1]),
            (x1 - SCALE_BAR[0], y0, x1, y0 + SCALE_BAR[1]),
            *edge,
        ]

    def _on_view(self, change: dict) -> None:
        if not self._framing:
            self.relabel()  # a zoom, or a pan by the reader: names at the edge move in

    def _label_look(self, lab: Label, p: Placed, zoom: float) -> tuple:
        """What a placed label looks like: its HTML, size, anchor, place and leader line (or
        None), all a label's widgets are made from, so equal looks can share them."""
        w, h = p.box[2] - p.box[0], p.box[3] - p.box[1]
        kind = "fixed" if lab.fixed else ("active" if lab.id in self.active else "place")
        # The box is wider than most text (widths are estimated generously): the text keeps to
        # the side of it nearest its point, or a name west of its dot floats away from it.
        align = "left" if p.dx >= 0 else "right" if p.dx + w <= 0 else "center"
        style = (
            f"width:{w:.0f}px;height:{h:.0f}px;line-height:{h:.0f}px;font-size:{lab.size}px;"
            f"letter-spacing:{lab.spacing}px;text-align:{align}"
        )
        html = (
            f"<div class='rb-label rb-label-{kind}' data-label='{escape(lab.id)}' "
            f"style='{style}'>{escape(lab.text)}</div>"
        )
        leader = None
        if p.leader:
            x, y = pixel(lab.lon, lab.lat, zoom)
            bx = min(max(x, p.box[0]), p.box[2])
            by = min(max(y, p.box[1]), p.box[3])
            lon, lat = lonlat(bx, by, zoom)
            leader = ((lab.lat, lab.lon), (lat, lon))
        size, anchor = (round(w), round(h)), (round(-p.dx), round(-p.dy))
        return html, size, anchor, (lab.lat, lab.lon), leader

    # --- framing ------------------------------------------------------------------------

    def frame(self, place_ids: list[str]) -> None:
        """Highlight *place_ids* and frame them, sized to the map on screen."""
        self.active = set(place_ids)
        for pid, dot in self.dots.items():
            place, active = self.places[pid], pid in self.active
            dot.fill_color = self._fill(place, active)
            dot.radius = self._radius(place, active)
            dot.color = ACTIVE if active else IDLE
        self._frame_ids = list(place_ids)
        pts = [self.places[p] for p in place_ids] or list(self.places.values())
        south, north = min(p.lat for p in pts), max(p.lat for p in pts)
        west, east = min(p.lon for p in pts), max(p.lon for p in pts)
        pad_lat = max(MIN_SPAN_DEG - (north - south), 0) / 2
        pad_lon = max(MIN_SPAN_DEG - (east - west), 0) / 2
        south, north, west, east = south - pad_lat, north + pad_lat, west - pad_lon, east + pad_lon
        zoom = frame_zoom(south, west, north, east, self._size)
        center = ((south + north) / 2, (west + east) / 2)
        self._framing = True
        try:
            self.map.center, self.map.zoom = center, zoom
        finally:
            self._framing = False
        self.relabel()  # once, for the new view and the chapter's places

    def _on_size(self, change: dict) -> None:
        bounds = change["new"]
        try:
            (x0, y0), (x1, y1) = bounds
        except (TypeError, ValueError):
            return
        size = (abs(x1 - x0), abs(y1 - y0))
        if (
            size[0] > 50
            and size[1] > 50
            and (abs(size[0] - self._size[0]) > 40 or abs(size[1] - self._size[1]) > 40)
        ):
            self._size = size
            self.frame(self._frame_ids)

    # --- what the map rests on ----------------------------------------------------------

    def _legend_html(self) -> str:
        def swatch(css: str) -> str:
            return f"<span class='rb-swatch' style='{css}'></span>"

        items = [
            (swatch("border-top:2.5px dashed #6d4c7d"), "border of Cambodia"),
            (swatch("border-top:3px solid #3d7ab8"), "Ia Drang"),
            (swatch("border-top:1.5px solid #6f9fcf"), "other rivers and streams"),
            (
                swatch("background:#c9a878;border:1px dashed #8a6a3f"),
                "Chu Pong massif (outline reconstructed)",
            ),
            (swatch("border-top:3px solid #b23a22"), "road (course reconstructed)"),
            (
                swatch("background:#fffaf0;border:1.5px solid #222;border-radius:50%"),
                "landing zone or fire base",
            ),
            (swatch(f"background:{ACTIVE};border-radius:50%"), "this chapter's places"),
        ]
        cells = "".join(f"<li>{s} {escape(t)}</li>" for s, t in items)
        return f"<ul class='rb-legend'>{cells}</ul>"

    def _sources_html(self) -> str:
        def link(text: str, url: str | None) -> str:
            return (
                f"<a href='{escape(url)}' target='_blank'>{escape(text)}</a>"
                if url
                else escape(text)
            )

        rows = []
        for name in ("border", "rivers", "massif", "roads"):
            for f in self.layers[name]:
                rows.append(
                    f"<li><b>{escape(f.name)}</b> <span class='provenance {f.provenance.value}'>"
                    f"{f.provenance.value}</span>: {link(f.source, f.url)}"
                    + (f". <i>{escape(f.note)}</i>" if f.note else "")
                    + "</li>"
                )
        for p in self.places.values():
            rows.append(
                f"<li><b>{escape(p.name)}</b> ({p.lat:.4f}, {p.lon:.4f}): {link(p.source, p.url)}"
                + (f". <i>{escape(p.note)}</i>" if p.note else "")
                + "</li>"
            )
        return (
            "<details class='rb-sources'><summary>Where the map comes from</summary>"
            f"<ul>{''.join(rows)}</ul></details>"
        )


def _label_layers(
    html: str,
    size: tuple[int, int],
    anchor: tuple[int, int],
    at: tuple[float, float],
    leader: tuple | None,
) -> list:
    """A label's widgets: its marker, after its leader line if it has one."""
    icon = DivIcon(html=html, icon_size=size, icon_anchor=anchor)
    out: list = [Marker(location=at, icon=icon, draggable=False, keyboard=False)]
    if leader is not None:
        out.insert(0, Polyline(locations=list(leader), color="#333", weight=1, fill=False))
    return out
