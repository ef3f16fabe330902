"""Boxes on a page or a map, ``(x0, y0, x1, y1)``: what label placement on the atlas and on the
maps both ask of them."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["boxes_overlap", "least_covering"]

Box = tuple[float, float, float, float]


def boxes_overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share any area (touching edges do not count).

    >>> boxes_overlap((0, 0, 2, 2), (1, 1, 3, 3)), boxes_overlap((0, 0, 2, 2), (2, 0, 4, 2))
    (True, False)
    """
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def least_covering(candidates: Sequence[Box], obstacles: Sequence[Box]) -> int:
    """The index of the first candidate box that covers none of *obstacles*, else of the first
    of those covering fewest: how a count or a stack of counters finds a spot beside its place
    that hides no neighbour.

    >>> least_covering([(0, 0, 2, 2), (3, 0, 5, 2), (6, 0, 8, 2)], [(1, 1, 4, 4)])
    2
    >>> least_covering([(0, 0, 2, 2), (3, 0, 5, 2)], [(1, 1, 4, 4), (-1, -1, 1, 1)])
    1
    """
    best, fewest = 0, None
    for i, box in enumerate(candidates):
        covered = sum(boxes_overlap(box, other) for other in obstacles)
        if covered == 0:
            return i
        if fewest is None or covered < fewest:
            best, fewest = i, covered
    return best
