"""Layers taken off a Leaflet map for good are closed, with the widgets they own.

A layer removed from a map but not closed stays in the kernel's widget registry, and its model
in the page, for the rest of the session: a view that redraws its marks on every click would
leave a few hundred behind an hour.
"""

from __future__ import annotations

from collections.abc import Iterable

from ipyleaflet import Layer, Map
from ipywidgets import Widget

__all__ = ["discard"]


def discard(m: Map, layers: Iterable[Layer]) -> None:
    """Take each of *layers* off *m* (if it is there) and close it, its icon and its popup."""
    for layer in layers:
        if layer in m.layers:
            m.remove(layer)
        for owned in (getattr(layer, "icon", None), getattr(layer, "popup", None)):
            if isinstance(owned, Widget):
                owned.close()
        layer.close()
