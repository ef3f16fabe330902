"""Widgets and map layers taken off the page for good are closed, with the widgets they own.

A widget no longer shown but not closed stays in the kernel's widget registry, and its model in
the page, for the rest of the session: a panel that rebuilds its rows, or a map that redraws its
marks, on every click would leave hundreds behind within minutes.
"""

from __future__ import annotations

from collections.abc import Iterable

from ipyleaflet import Layer, LayerGroup, Map
from ipywidgets import Widget

__all__ = ["close_tree", "discard"]


def discard(m: Map | LayerGroup, layers: Iterable[Layer]) -> None:
    """Take each of *layers* off *m* (if it is there) and close it, its icon and its popup.

    *m* is a map or a layer group. The layers go in one change of its layer list: removed one
    by one, each removal sent the whole list to the browser again (67 times when the point
    designer cleared its map).
    """
    layers = list(layers)
    gone = {id(layer) for layer in layers}
    if any(id(layer) in gone for layer in m.layers):
        m.layers = tuple(layer for layer in m.layers if id(layer) not in gone)
    for layer in layers:
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
