"""The Ambush Valley designer, one module a tab: ``scenario_tab`` (with ``scenario_views``,
``problems_view`` and ``table_map``), ``catalogue_tab``, ``tables_tab``, ``solo_tab``,
``campaign_tab``; ``app`` assembles them."""

from widgets.ambush_valley.app import AmbushValleyDesigner, ambush_valley_app

__all__ = ["AmbushValleyDesigner", "ambush_valley_app"]
