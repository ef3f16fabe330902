"""The LZ Albany play app: a title, the provenance of what is shown, and the turn stepper."""

from __future__ import annotations

import ipywidgets as ipw

from rulebook.games.lz_albany import new_game
from widgets._page import app_page
from widgets.stepper import TurnStepper

__all__ = ["play_app"]


def play_app(seed: int = 1, **options: str) -> ipw.VBox:
    """Compose the app around a new game of the standard scenario."""
    game = new_game(seed=seed, options=options or None)
    intro = (
        "<h1>LZ Albany, 17 November 1965</h1>"
        "<p>Step through the ambush of 2-7 Cav decision by decision. Pick an action and press "
        "<b>Apply</b>, let the pool <b>Draw</b> a chit, or let a random player act for both sides. "
        "Every log entry lists the rule cases it set off. The map and the counters' values are "
        '<span class="provenance reconstructed">reconstructed</span>: the source text describes '
        "them but does not print them.</p>"
    )
    return app_page(intro, TurnStepper(game))
