"""Map labels that never overlap: placed around their point, pushed out on a leader line, or
kept for a closer zoom.

Positions are Web Mercator pixels at a zoom level (what Leaflet draws), so a placement is exact
for the map that shows it. Labels are placed in order (fixed ones first, then by priority); each
takes the first candidate spot that touches no placed label and no marker. A label with no free
spot near its point is dropped at this zoom and listed, so the page can say "zoom in to see".

>>> dots = [Label("a", "LZ X-Ray", 107.714, 13.568), Label("b", "LZ Albany", 107.715, 13.595)]
>>> placed, hidden = place_labels(dots, zoom=13)
>>> [p.id for p in placed], hidden
(['a', 'b'], [])
>>> placed[0].overlaps(placed[1])
False
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rulebook._boxes import boxes_overlap

__all__ = ["Label", "Placed", "lonlat", "pixel", "place_labels", "text_width"]

TILE = 256
#: Rough advance of one character as a share of the font size (DejaVu Sans / Serif, the
#: fonts headless Chromium uses here; generous so an estimate is never narrower than the text).
#: Capitals are wider: a country's name in spaced capitals overran the 0.64 estimate.
CHAR_EM, CAPITAL_EM = 0.64, 0.78
PAD = 6  # px of padding around a label's text


def pixel(lon: float, lat: float, zoom: float) -> tuple[float, float]:
    """Web Mercator world pixel of a point at *zoom* (Leaflet's and OpenStreetMap's).

    >>> pixel(0.0, 0.0, 0)
    (128.0, 128.0)
    """
    scale = TILE * 2**zoom
    x = (lon + 180.0) / 360.0 * scale
    phi = math.radians(lat)
    y = (1.0 - math.log(math.tan(phi) + 1.0 / math.cos(phi)) / math.pi) / 2.0 * scale
    return x, y


def lonlat(x: float, y: float, zoom: float) -> tuple[float, float]:
    """The inverse of :func:`pixel`.

    >>> [round(v, 6) for v in lonlat(*pixel(107.7, 13.6, 11), 11)]
    [107.7, 13.6]
    """
    scale = TILE * 2**zoom
    lon = x / scale * 360.0 - 180.0
    lat = math.degrees(math.atan(math.sinh(math.pi * (1.0 - 2.0 * y / scale))))
    return lon, lat


def text_width(text: str, size: float = 12, spacing: float = 0) -> float:
    """Estimated width in px of *text* at font *size* with letter *spacing*, padding included."""
    capitals = sum(c.isupper() for c in text)
    return len(text) * (size * CHAR_EM + spacing) + capitals * size * (CAPITAL_EM - CHAR_EM) + PAD


@dataclass(frozen=True, slots=True)
class Label:
    """A name to print near a point (``fixed``: centred on it, e.g. a river or a country)."""

    id: str
    text: str
    lon: float
    lat: float
    priority: int = 0
    fixed: bool = False
    size: float = 12
    spacing: float = 0
    marker: float = 6  # radius in px of the dot the label belongs to (0: no dot)

    @property
    def width(self) -> float:
        return text_width(self.text, self.size, self.spacing)

    @property
    def height(self) -> float:
        return self.size + PAD


@dataclass(frozen=True, slots=True)
class Placed:
    """Where a label went: its box in world pixels, its offset from its point, and whether a
    leader line joins them."""

    id: str
    text: str
    box: tuple[float, float, float, float]  # x0, y0, x1, y1
    dx: float  # the box's top-left corner relative to the point, in px
    dy: float
    leader: bool

    def overlaps(self, other: Placed | tuple[float, float, float, float]) -> bool:
        """Whether the boxes share any area (touching edges do not count)."""
        return boxes_overlap(self.box, other.box if isinstance(other, Placed) else other)


def _candidates(w: float, h: float, r: float) -> Iterable[tuple[float, float]]:
    """Top-left offsets of a w x h box around a point at distance r: right first, as atlases do."""
    yield r, -h / 2  # east
    yield -r - w, -h / 2  # west
    yield r * 0.7, -r * 0.7 - h  # north-east
    yield r * 0.7, r * 0.7  # south-east
    yield -r * 0.7 - w, -r * 0.7 - h  # north-west
    yield -r * 0.7 - w, r * 0.7  # south-west
    yield -w / 2, -r - h  # north
    yield -w / 2, r  # south


#: Distances (px) tried from the point; past the first, a leader line joins label and point.
RINGS = (4, 26, 48, 72)


def place_labels(
    labels: Sequence[Label],
    zoom: float,
    *,
    obstacles: Sequence[tuple[float, float, float, float]] = (),
    view: tuple[float, float, float, float] | None = None,
) -> tuple[list[Placed], list[str]]:
    """Place *labels* at *zoom*; return those placed and the ids of those kept for a closer zoom.

    *obstacles* are extra boxes (world pixels) no label may cover. Every label's own dot is an
    obstacle for the others. *view*, if given, is the box of the map on screen (world pixels),
    and no label is cut by its edge. A fixed label (a country, a river, a road) whose point is
    in sight slides inward until it fits, as an atlas prints a name inside the sheet; a place's
    label takes only spots inside the view, or waits for a closer zoom. A label whose point is
    out of sight stays wholly out of it, or is left out (it is not listed as kept back).

    >>> road = Label("r", "Route 19", 108.0, 13.9, fixed=True)
    >>> x, y = pixel(108.0, 13.9, 10)
    >>> [(p.box[2] <= x + 10) for p in place_labels([road], 10, view=(x - 300, y - 200, x + 10, y + 200))[0]]
    [True]
    """
    taken: list[tuple[float, float, float, float]] = list(obstacles)
    for lab in labels:
        if lab.marker and not lab.fixed:
            x, y = pixel(lab.lon, lab.lat, zoom)
            m = lab.marker
            taken.append((x - m, y - m, x + m, y + m))
    placed: list[Placed] = []
    hidden: list[str] = []
    order = sorted(labels, key=lambda lab: (not lab.fixed, -lab.priority))
    for lab in order:
        x, y = pixel(lab.lon, lab.lat, zoom)
        w, h = lab.width, lab.height
        own = (x - lab.marker, y - lab.marker, x + lab.marker, y + lab.marker)
        in_sight = view is None or (view[0] <= x <= view[2] and view[1] <= y <= view[3])
        if lab.fixed:
            dx, dy = -w / 2, -h / 2
            if view is not None and in_sight:
                dx, dy = _slid_inside((x + dx, y + dy, x + dx + w, y + dy + h), view, dx, dy)
            spots = [(dx, dy, False)]
        else:
            spots = [
                (dx, dy, ring > RINGS[0])
                for ring in RINGS
                for dx, dy in _candidates(w, h, ring + lab.marker)
            ]
            if view is not None and in_sight:
                spots = [s for s in spots if _inside((x + s[0], y + s[1], w, h), view)]
        if not in_sight:
            spots = [s for s in spots if _apart((x + s[0], y + s[1], w, h), view)]
            if not spots:
                continue  # its point is out of sight, and any spot for it would show a part
        for dx, dy, leader in spots:
            box = (x + dx, y + dy, x + dx + w, y + dy + h)
            trial = Placed(lab.id, lab.text, box, dx, dy, leader)
            if not any(trial.overlaps(t) for t in taken if t != own):
                placed.append(trial)
                taken.append(box)
                break
        else:
            hidden.append(lab.id)
    return placed, hidden


#: px kept clear between a label and the edge of the view.
EDGE = 4


def _inside(
    spot: tuple[float, float, float, float], view: tuple[float, float, float, float]
) -> bool:
    """Whether a box (left, top, width, height) lies within *view* and clear of its edge."""
    x0, y0, w, h = spot
    return (
        x0 >= view[0] + EDGE
        and y0 >= view[1] + EDGE
        and x0 + w <= view[2] - EDGE
        and y0 + h <= view[3] - EDGE
    )


def _apart(
    spot: tuple[float, float, float, float], view: tuple[float, float, float, float]
) -> bool:
    """Whether a box (left, top, width, height) lies wholly outside *view*."""
    x0, y0, w, h = spot
    return not boxes_overlap((x0, y0, x0 + w, y0 + h), view)


def _slid_inside(
    box: tuple[float, float, float, float],
    view: tuple[float, float, float, float],
    dx: float,
    dy: float,
) -> tuple[float, float]:
    """The offsets *dx*, *dy* of *box* moved just enough to bring it inside *view* (each way
    it fits; a label wider than the view stays centred)."""
    for axis, (low, high) in enumerate(((view[0], view[2]), (view[1], view[3]))):
        start, end = box[axis], box[axis + 2]
        if end - start > high - low - 2 * EDGE:
            continue
        shift = max(low + EDGE - start, 0) + min(high - EDGE - end, 0)
        if axis == 0:
            dx += shift
        else:
            dy += shift
    return dx, dy
