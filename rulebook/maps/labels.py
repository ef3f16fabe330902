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

__all__ = ["Label", "Placed", "lonlat", "pixel", "place_labels", "text_width"]

TILE = 256
#: Rough advance of one character as a share of the font size (DejaVu Sans / Serif, the
#: fonts headless Chromium uses here; generous so an estimate is never narrower than the text).
CHAR_EM = 0.64
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
    return len(text) * (size * CHAR_EM + spacing) + PAD


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
        b = other.box if isinstance(other, Placed) else other
        a = self.box
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


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
) -> tuple[list[Placed], list[str]]:
    """Place *labels* at *zoom*; return those placed and the ids of those kept for a closer zoom.

    *obstacles* are extra boxes (world pixels) no label may cover. Every label's own dot is an
    obstacle for the others.
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
        spots = (
            [(-w / 2, -h / 2, False)]
            if lab.fixed
            else [
                (dx, dy, ring > RINGS[0])
                for ring in RINGS
                for dx, dy in _candidates(w, h, ring + lab.marker)
            ]
        )
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
