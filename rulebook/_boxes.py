"""Boxes on a page or a map, ``(x0, y0, x1, y1)``: what label placement on the atlas and on the
SVG maps both ask of them."""

from __future__ import annotations

__all__ = ["boxes_overlap"]


def boxes_overlap(
    a: tuple[float, float, float, float], b: tuple[float, float, float, float]
) -> bool:
    """Whether two boxes share any area (touching edges do not count).

    >>> boxes_overlap((0, 0, 2, 2), (1, 1, 3, 3)), boxes_overlap((0, 0, 2, 2), (2, 0, 4, 2))
    (True, False)
    """
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
