"""The Catalogue tab: every vehicle, boat, helicopter and aircraft stat block as a table a
reader scans and filters, and each platoon list figure by figure."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as ipw

from rulebook.games.ambush_valley.catalogue import figures, platoons, vehicles
from rulebook.render import provenance_badge
from widgets.ambush_valley.words import force_name, platoon_options

__all__ = ["CATALOGUE_COLUMNS", "CataloguePanel", "catalogue_html"]

CATALOGUE_COLUMNS = {  # column of the catalogue frame -> heading in words
    "name": "vehicle or aircraft",
    "kind": "kind",
    "nation": "nation",
    "weapons": "weapons",
    "armor_front": "front armour",
    "armor_side": "side armour",
    "survivability": "survivability",
    "crew": "crew",
    "passengers": "passengers",
    "characteristics": "characteristics",
    "provenance": "provenance",
    "lines": "book lines",
}

FIGURE_COLUMNS = {"unit": "unit", "copies": "copies", "count": "figures", "role": "role (weapon)"}


def _table_html(frame: Any, css: str) -> str:
    """A frame as HTML with blank empty cells and no index."""
    frame = frame.astype(object).where(frame.notna(), "")
    return frame.to_html(classes=css, index=False, na_rep="", escape=True)


def catalogue_html(frame: Any) -> str:
    """Stat blocks as a table a reader scans: headings in words, empty cells blank, no index."""
    table = frame.reset_index()[list(CATALOGUE_COLUMNS)].rename(columns=CATALOGUE_COLUMNS)
    return (
        "<div class='rb-av-catalogue-scroll' style='max-height:32rem;overflow:auto'>"
        + _table_html(table, "rb-av-catalogue")
        + "</div>"
    )


class CataloguePanel(ipw.VBox):
    """Every stat block and platoon list, filterable."""

    def __init__(self) -> None:
        self.errors = ipw.HTML()
        self.kind = ipw.Dropdown(
            options=[
                ("all", "all"),
                ("ground vehicles", "ground"),
                ("boats", "boat"),
                ("helicopters", "helicopter"),
                ("aircraft", "aircraft"),
            ],
            description="kind",
        )
        self.search = ipw.Text(description="search", placeholder="M113, Cobra, DRV...")
        self.kind.observe(self.refresh, "value")
        self.search.observe(self.refresh, "value")
        self.view = ipw.HTML()
        self.view.add_class("rb-av-vehicles")
        self.platoon = ipw.Dropdown(
            options=platoon_options(),
            description="platoon list",
            layout=ipw.Layout(width="34em"),
        )
        self.platoon.observe(self.refresh, "value")
        self.platoon_view = ipw.HTML()
        super().__init__(
            [ipw.HBox([self.kind, self.search]), self.view, self.platoon, self.platoon_view]
        )
        self.refresh()

    def refresh(self, _: Any = None) -> None:
        frame = vehicles(None if self.kind.value == "all" else self.kind.value)
        text = self.search.value.strip().lower()
        if text:
            mask = frame.index.str.lower().str.contains(text, regex=False) | frame[
                "nation"
            ].str.lower().str.contains(text, regex=False)
            frame = frame[mask]
        self.view.value = f"<p>{len(frame)} stat blocks</p>" + catalogue_html(frame)
        row = platoons().loc[self.platoon.value]
        listing = figures(self.platoon.value)
        listing = listing.assign(
            role=[
                f"{role} ({weapon})"
                for role, weapon in zip(listing.role, listing.weapon, strict=True)
            ]
        )[list(FIGURE_COLUMNS)].rename(columns=FIGURE_COLUMNS)
        self.platoon_view.value = (
            f"<p><b>{escape(row['name'])}</b>: {escape(force_name(row['force']))}, "
            f"TQ {row['tq']}, Morale {row['morale']}, {row['figures']} figures "
            f"{provenance_badge(row['provenance'])}</p>" + _table_html(listing, "rb-av-figures")
        )
