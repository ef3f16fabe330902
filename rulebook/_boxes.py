"""Boxes on a page or a map, ``(x0, y0, x1, y1)``: what label placement on the atlas and on the
maps both ask of them."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["boxes_overlap", "least_covering", "overlap_area"]

Box = tuple[float, float, float, float]


def boxes_overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share any area (touching edges do not count).

    >>> boxes_overlap((0, 0, 2, 2), (1, 1, 3, 3)), boxes_overlap((0, 0, 2, 2), (2, 0, 4, 2))
    (True, False)
    """
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def overlap_area(a: Box, b: Box) -> float:
    """The area two boxes share.

    >>> overlap_area((0, 0, 2, 2), (1, 1, 3, 3)), overlap_area((0, 0, 2, 2), (2, 0, 4, 2))
    (1, 0)
    """
    return max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))


def least_covering(
    candidates: Sequence[Box], obstacles: Sequence[Box], weights: Sequence[float] | None = None
) -> int:
    """The index of the first candidate box that covers none of *obstacles*, else of the one
    covering least of them by area: how a count or a stack of counters finds a spot beside its
    place that hides no neighbour, or hides the least of one (a corner of a circle rather than
    all of it). *weights* scales each obstacle's area (1 each by default), so hiding a place
    can cost more than hiding another stack.

    >>> least_covering([(0, 0, 2, 2), (3, 0, 5, 2), (6, 0, 8, 2)], [(1, 1, 4, 4)])
    2
    >>> least_covering([(0, 0, 2, 2), (3, 0, 5, 2)], [(1, 1, 4, 4), (-1, -1, 1, 1)])
    1
    >>> least_covering([(0, 0, 2, 2), (3, 0, 5, 2)], [(1, 1, 2, 2), (4, 1, 6, 3)], [3, 1])
    1
    """
    best, least = 0, None
    for i, box in enumerate(candidates):
        covered = sum(
            (1 if weights is None else weights[k]) * overlap_area(box, other)
            for k, other in enumerate(obstacles)
            if boxes_overlap(box, other)
        )
        if covered == 0:
            return i
        if least is None or covered < least:
            best, least = i, covered
    return best
