"""Notebook views over the :mod:`rulebook` core, for the Voila apps.

Widgets hold view state only: they observe engine objects and call their
public API, and every rule they show is computed in :mod:`rulebook`.
(Import ipywidgets as ``ipw`` in this project: ``widgets`` is this package.)

The names below are imported when first asked for, not with the package: every app's kernel
imports some module of this package, and `rulebook serve` runs ``widgets.voila_server``, and
neither needs the start page's odds explorer (importing it here cost the server 0.58 s of
its start).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from widgets.launcher import AppLink, app_links
    from widgets.odds import OddsExplorer
    from widgets.start import start_page

__all__ = ["AppLink", "OddsExplorer", "app_links", "start_page"]

_HOME = {
    "AppLink": "widgets.launcher",
    "app_links": "widgets.launcher",
    "OddsExplorer": "widgets.odds",
    "start_page": "widgets.start",
}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module 'widgets' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME[name]), name)
    globals()[name] = value  # (asked once)
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
