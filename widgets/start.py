"""The start page: what the project is, the three games, the apps and a first taste of the odds."""

from __future__ import annotations

from html import escape
from pathlib import Path

import ipywidgets as ipw

from rulebook.games import GAMES
from widgets._page import app_page
from widgets.launcher import app_links, audience_html
from widgets.odds import OddsExplorer

__all__ = ["start_page"]

START_FILE = "00_start_here.ipynb"


def _games_html(scenarios_root: Path) -> str:
    rows = []
    for info in GAMES:
        folder = scenarios_root / info.scenarios_dir
        count = len(list(folder.glob("*.yaml"))) if folder.is_dir() else 0
        rows.append(
            f'<tr data-game="{info.game.value}"><td><b>{escape(info.title)}</b></td>'
            f"<td>{escape(info.kind)}</td><td><code>{info.rule_prefix}:</code></td>"
            f"<td>{count}</td></tr>"
        )
    return (
        '<table class="rb-games"><thead><tr><th>game</th><th>kind</th><th>rule ids</th>'
        "<th>scenario files</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )


def start_page(notebooks: str | Path = ".", scenarios: str | Path = "../scenarios") -> ipw.VBox:
    """Compose the start page from the notebooks and scenarios folders (relative to the app)."""
    intro = (
        "<h1>Ia Drang Rulebook</h1>"
        "<p>Executable rules for three wargames of the Vietnam war, centred on the Ia Drang"
        " campaign of October and November 1965. Every result names the rule case that"
        " produced it, every probability is exact, and every value the printed games keep"
        " off the page is tagged "
        '<span class="provenance reconstructed">reconstructed</span> so it is never'
        " mistaken for the original.</p>"
        "<h2>The games</h2>"
        + _games_html(Path(scenarios))
        + "<h2>Apps</h2>"
        + audience_html(app_links(notebooks, exclude=START_FILE))
        + "<p>To read the rules without starting a kernel: <code>pip install -e '.[site]'</code>"
        " then <code>rulebook rules site -o site</code> builds them as a static web site with"
        " its own search; open <code>site/index.html</code>.</p>"
        + "<h2>Try it: the odds of a hit</h2>"
        "<p>In LZ Albany each die that shows a 6 is one hit (case 7.1). Move the slider to"
        " see the exact chances for a pool of dice.</p>"
    )
    return app_page(intro, OddsExplorer(), home=False)
