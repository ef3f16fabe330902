"""The Ambush Valley designer app: its five tabs assembled under the page's introduction."""

from __future__ import annotations

import ipywidgets as ipw

from widgets._page import app_page
from widgets.ambush_valley.campaign_tab import CampaignPanel
from widgets.ambush_valley.catalogue_tab import CataloguePanel
from widgets.ambush_valley.scenario_tab import ScenarioPanel
from widgets.ambush_valley.solo_tab import SoloPanel
from widgets.ambush_valley.tables_tab import TablesPanel

__all__ = ["AmbushValleyDesigner", "ambush_valley_app"]


class AmbushValleyDesigner(ipw.Tab):
    """The five tabs: Scenario, Catalogue, Tables, Solo VC, Campaign."""

    def __init__(self) -> None:
        self.scenario = ScenarioPanel()
        self.catalogue = CataloguePanel()
        self.tables = TablesPanel()
        self.solo = SoloPanel()
        self.campaign = CampaignPanel()
        super().__init__(
            children=[self.scenario, self.catalogue, self.tables, self.solo, self.campaign],
            titles=("Scenario", "Catalogue", "Tables", "Solo VC", "Campaign"),
        )


def ambush_valley_app() -> ipw.VBox:
    """The page the notebook shows: header, introduction, the tabs."""
    intro = (
        "<h1>Ambush Valley: scenario designer</h1><p>Force on Force in Vietnam is played on a "
        "table in inches. Pick one of the book's six scenarios and see its table to scale, both "
        "sides' forces and the odds of every reinforcement; select, move and delete what is on "
        "the table, draw terrain and resize, and the checks the book's rules allow run at once, "
        "each problem in words with its culprit marked on the table; save when it is valid. The "
        "book prints no maps: every layout is marked <i>reconstructed</i>. The other tabs hold "
        "every stat block and platoon list, every table with its exact odds, the solo VC's "
        "priority lists, and a platoon's campaign stepped through the pre-action and "
        "after-action sequences.</p>"
    )
    return app_page(intro, AmbushValleyDesigner())
