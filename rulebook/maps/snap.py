"""Snapping a hand-drawn outline to the areas already on the map.

A mouse never lands exactly on a neighbour's border. A drawn outline is
therefore tidied in two steps before it becomes an area: each corner near a
neighbour's corner or border moves onto it, then whatever still overlaps the
neighbours is cut away. Two areas drawn side by side end up sharing a border,
which is what makes them neighbours (see :mod:`rulebook.maps.adjacency`).
"""

from __future__ import annotations

from collections.abc import Sequence

import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

__all__ = ["next_free_id", "snap_outline"]

Corner = tuple[float, float]


def snap_outline(
    outline: Sequence[Corner], others: Sequence[BaseGeometry], reach: float
) -> list[Corner]:
    """The outline with corners moved onto nearby borders and overlaps with *others* cut away.

    Parameters
    ----------
    outline : sequence of (x, y)
        The drawn corners, without the closing repeat.
    others : sequence of polygons
        The areas already on the map.
    reach : float
        How far (map units) a corner may move to meet a neighbour's corner or border.

    Returns
    -------
    list of (x, y)
        The tidied corners. If cutting would split or empty the outline, only the
        corner snapping is kept, so a drawing is never lost.

    Examples
    --------
    >>> from shapely.geometry import box
    >>> snap_outline([(103, 0), (200, 0), (200, 100), (98, 100)], [box(0, 0, 100, 100)], reach=5)
    [(100.0, 0.0), (200.0, 0.0), (200.0, 100.0), (100.0, 100.0)]
    >>> snap_outline([(80, 0), (200, 0), (200, 100), (80, 100)], [box(0, 0, 100, 100)], reach=5)
    [(100.0, 0.0), (200.0, 0.0), (200.0, 100.0), (100.0, 100.0)]
    """
    corners = [_snap_corner(p, others, reach) for p in outline]
    drawn = Polygon(corners)
    if not drawn.is_valid or not others:
        return corners
    near = [g for g in others if g.distance(drawn) <= reach]
    if not near:
        return corners
    cut = drawn.difference(shapely.union_all(near))
    if cut.geom_type != "Polygon" or cut.is_empty or cut.area < 0.05 * drawn.area:
        return corners
    cut = shapely.set_precision(cut, 0.1)
    if cut.geom_type != "Polygon" or cut.is_empty:
        return corners
    ring = [(round(float(x), 1), round(float(y), 1)) for x, y in cut.exterior.coords[:-1]]
    return _drop_straight_corners(_start_like(ring, corners))


def _snap_corner(p: Corner, others: Sequence[BaseGeometry], reach: float) -> Corner:
    point = Point(p)
    best: Corner | None = None
    best_d = reach
    for geometry in others:  # a neighbour's corner first: borders then meet end to end
        for x, y in geometry.exterior.coords[:-1]:
            d = point.distance(Point(x, y))
            if d <= best_d:
                best, best_d = (float(x), float(y)), d
    if best is not None:
        return best
    for geometry in others:
        d = geometry.exterior.distance(point)
        if d <= best_d:
            q = nearest_points(geometry.exterior, point)[0]
            best, best_d = (round(q.x, 1), round(q.y, 1)), d
    return best if best is not None else (float(p[0]), float(p[1]))


def _start_like(ring: list[Corner], corners: list[Corner]) -> list[Corner]:
    """Rotate *ring* to start at the corner closest to the drawing's first corner, same winding."""
    if Polygon(ring).exterior.is_ccw != Polygon(corners).exterior.is_ccw:
        ring = ring[::-1]
    first = Point(corners[0])
    start = min(range(len(ring)), key=lambda i: first.distance(Point(ring[i])))
    return ring[start:] + ring[:start]


def _drop_straight_corners(ring: list[Corner]) -> list[Corner]:
    out = []
    n = len(ring)
    for i, (x, y) in enumerate(ring):
        (ax, ay), (bx, by) = ring[i - 1], ring[(i + 1) % n]
        if (
            abs((x - ax) * (by - ay) - (y - ay) * (bx - ax))
            > 1e-6 * max(1.0, abs(bx - ax) + abs(by - ay)) ** 2
        ):
            out.append((x, y))
    return out if len(out) >= 3 else ring


def next_free_id(ids: Sequence[str]) -> str:
    """The id a new area or location gets: one past the highest number of the last id's letters.

    Examples
    --------
    >>> next_free_id([])
    'A1'
    >>> next_free_id(["A1", "A2", "B7", "LZ-Columbus"])
    'B8'
    >>> next_free_id(["r1c1"])
    'r1c2'
    """
    import re

    taken = set(ids)
    numbered = [m for m in (re.match(r"^(.*?)(\d+)$", i) for i in ids) if m]
    prefix = numbered[-1].group(1) if numbered else "A"
    highest = max((int(m.group(2)) for m in numbered if m.group(1) == prefix), default=0)
    n = highest + 1
    while f"{prefix}{n}" in taken:
        n += 1
    return f"{prefix}{n}"
