"""Keep an offline Leaflet map framed on its content whatever size the browser gives it.

The zoom is worked out in Python when the map is built, for a guessed size; once the browser
reports the map's real bounds (on first draw, and again when the window changes its size), the
map is zoomed so that the content fits. A user's own zooming is left alone: only a change of the
map's size in pixels refits.
"""

from __future__ import annotations

import math

from ipyleaflet import Map

__all__ = ["keep_fitted"]


def keep_fitted(m: Map, width: float, height: float, center: tuple[float, float]) -> None:
    """Refit *m* (Simple CRS, ``2**zoom`` pixels per unit) to *width* x *height* units."""
    seen: dict[str, tuple[int, int]] = {}

    def refit(change: dict) -> None:
        bounds = change["new"]
        if not bounds or len(bounds) != 2:
            return
        (south, west), (north, east) = bounds
        scale = 2**m.zoom
        size = (round((east - west) * scale), round((north - south) * scale))
        if size[0] < 50 or size[1] < 50 or seen.get("size") == size:
            return
        seen["size"] = size
        fit = min(size[0] / max(width, 1e-9), size[1] / max(height, 1e-9))
        zoom = math.floor(math.log2(fit) * 4) / 4
        if abs(zoom - m.zoom) > 1e-6 or m.center != list(center):
            m.center = center
            m.zoom = zoom
            # The new zoom changes the pixel size read back from the bounds: keep it as seen.
            seen["size"] = size

    m.observe(refit, names="bounds")
