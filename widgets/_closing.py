"""Widgets and map layers taken off the page for good are closed, with the widgets they own.

A widget no longer shown but not closed stays in the kernel's widget registry, and its model in
the page, for the rest of the session: a panel that rebuilds its rows, or a map that redraws its
marks, on every click would leave hundreds behind within minutes.
"""

from __future__ import annotations

from collections.abc import Iterable

from ipyleaflet import Layer, Map
from ipywidgets import Widget

__all__ = ["close_tree", "discard"]


def discard(m: Map, layers: Iterable[Layer]) -> None:
    """Take each of *layers* off *m* (if it is there) and close it, its icon and its popup."""
    for layer in layers:
        if layer in m.layers:
            m.remove(layer)
        for owned in (getattr(layer, "icon", None), getattr(layer, "popup", None)):
            if isinstance(owned, Widget):
                owned.close()
        layer.close()


def close_tree(widgets: Iterable[Widget]) -> None:
    """Close each of *widgets*, its children's trees, and the layout and style it owns.

    Only for widgets made for one place in the page and shown nowhere else: a layout or child
    shared with a widget still shown would be closed under it.
    """
    for widget in widgets:
        close_tree(w for w in getattr(widget, "children", ()) or () if isinstance(w, Widget))
        for owned in (getattr(widget, "layout", None), getattr(widget, "style", None)):
            if isinstance(owned, Widget):
                owned.close()
        widget.close()
