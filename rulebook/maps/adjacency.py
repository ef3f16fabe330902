"""Adjacency from outlines: two areas are neighbours when their borders run together.

Hand-drawn outlines never share edges exactly, so borders count as shared
when they lie within a snapping *tolerance* of each other along at least
*min_shared* map units; areas that only touch at a corner are not neighbours.
"""

from __future__ import annotations

from collections.abc import Sequence

import shapely
from shapely.geometry.base import BaseGeometry

__all__ = ["derive_adjacency", "shared_border_length"]


def shared_border_length(a: BaseGeometry, b: BaseGeometry, tolerance: float) -> float:
    """Length of *a*'s boundary lying within *tolerance* of *b*.

    Near each end of a shared border the measure picks up to *tolerance* more
    from the edges that turn away, so two areas meeting at one corner measure
    about ``2 * tolerance``: keep ``min_shared`` above that.

    Examples
    --------
    >>> from shapely.geometry import box
    >>> shared_border_length(box(0, 0, 10, 10), box(10, 0, 20, 10), tolerance=1)
    12.0
    >>> shared_border_length(box(0, 0, 10, 10), box(10.5, 0, 20, 10), tolerance=1)
    11.0
    >>> round(shared_border_length(box(0, 0, 10, 10), box(10, 10, 20, 20), tolerance=1), 3)
    2.0
    """
    return float(a.boundary.intersection(b.buffer(tolerance)).length)


def derive_adjacency(
    ids: Sequence[str],
    polygons: Sequence[BaseGeometry],
    *,
    tolerance: float,
    min_shared: float,
) -> set[frozenset[str]]:
    """Every pair of areas whose borders run together for at least *min_shared*.

    Parameters
    ----------
    ids, polygons : sequences of equal length
        Area ids and their outlines.
    tolerance : float
        Widest gap still read as a shared border.
    min_shared : float
        Shortest shared stretch that makes two areas neighbours; below it
        (say, two areas meeting at a corner) they are not.

    Returns
    -------
    set of frozenset
        Unordered pairs of ids.

    Examples
    --------
    >>> from shapely.geometry import box
    >>> pairs = derive_adjacency(["a", "b", "c"], [box(0, 0, 10, 10), box(10.2, 0, 20, 10),
    ...                          box(20, 10, 30, 20)], tolerance=0.5, min_shared=2)
    >>> sorted(sorted(p) for p in pairs)
    [['a', 'b']]
    """
    if len(polygons) < 2:  # an empty sheet or a lone area has no pairs to test
        return set()
    tree = shapely.STRtree(polygons)
    left, right = tree.query(polygons, predicate="dwithin", distance=tolerance)
    pairs: set[frozenset[str]] = set()
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        if i >= j:
            continue
        shared = min(
            shared_border_length(polygons[i], polygons[j], tolerance),
            shared_border_length(polygons[j], polygons[i], tolerance),
        )
        if shared >= min_shared:
            pairs.add(frozenset((ids[i], ids[j])))
    return pairs
