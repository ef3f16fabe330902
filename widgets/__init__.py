"""Notebook views over the :mod:`rulebook` core, for the Voila apps.

Widgets hold view state only: they observe engine objects and call their
public API, and every rule they show is computed in :mod:`rulebook`.
(Import ipywidgets as ``ipw`` in this project: ``widgets`` is this package.)
"""

from widgets.launcher import AppLink, app_links
from widgets.odds import OddsExplorer
from widgets.start import start_page

__all__ = ["AppLink", "OddsExplorer", "app_links", "start_page"]
