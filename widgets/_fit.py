"""Keep an offline Leaflet map framed on its content whatever size the browser gives it.

The zoom is worked out in Python when the map is built, for a guessed size; once the browser
reports the map's real bounds (on first draw, and again when the window changes its size), the
map is zoomed so that the content fits. A user's own zooming is left alone: only a change of the
map's size in pixels refits, or new content to frame (:meth:`Fitted.frame`: a designer's blank
sheet or a file opened).
"""

from __future__ import annotations

import math

from ipyleaflet import Map

__all__ = ["Fitted", "zoom_to_fit"]


def zoom_to_fit(width: float, height: float, pixels_high: int, pixels_wide: int = 1000) -> float:
    """The zoom (in quarter steps) at which the map fits the view; Simple CRS: 2**zoom pixels per unit.

    Worked out here rather than with ``Map.fit_bounds``, which waits on the browser.
    """
    scale = min(pixels_high / max(height, 1e-9), pixels_wide / max(width, 1e-9))
    return math.floor(math.log2(scale) * 4) / 4


class Fitted:
    """*m* (Simple CRS, ``2**zoom`` pixels per unit) kept fitted to a box of content; *guess*,
    the map's pixels (wide, high) to frame new content at until the browser says."""

    def __init__(
        self,
        m: Map,
        width: float,
        height: float,
        center: tuple[float, float],
        guess: tuple[int, int] | None = None,
    ) -> None:
        self.map = m
        self.width, self.height, self.center = width, height, center
        self.size: tuple[int, int] | None = None  # the map's pixels, once the browser says
        self.guess = guess
        m.observe(self._resized, names="bounds")

    def frame(self, width: float, height: float, center: tuple[float, float]) -> None:
        """Fit new content: now at the map's known size (or the guess), else when the browser
        reports it."""
        self.width, self.height, self.center = width, height, center
        if self.size is not None or self.guess is not None:
            self._fit()

    def _resized(self, change: dict) -> None:
        bounds = change["new"]
        if not bounds or len(bounds) != 2:
            return
        (south, west), (north, east) = bounds
        scale = 2**self.map.zoom
        size = (round((east - west) * scale), round((north - south) * scale))
        if size[0] < 50 or size[1] < 50 or self.size == size:
            return
        self.size = size
        self._fit()
        # The new zoom changes the pixel size read back from the bounds: keep it as seen.
        self.size = size

    @property
    def pixels(self) -> tuple[int, int] | None:
        """The map's size in pixels (wide, high): as the browser said, else the guess."""
        return self.size or self.guess

    def _fit(self) -> None:
        wide, high = self.pixels  # type: ignore[misc]
        zoom = zoom_to_fit(self.width, self.height, high, wide)
        m = self.map
        if abs(zoom - m.zoom) > 1e-6 or list(m.center) != list(self.center):
            m.center = self.center
            m.zoom = zoom
