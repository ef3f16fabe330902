"""MapView without a browser: labels change in place, so a long session does not grow the kernel."""

from __future__ import annotations

from ipywidgets.widgets.widget import _instances as live_widgets  # the kernel's widget registry

from rulebook.games.lz_albany import new_game
from widgets.map_view import MapView


def test_a_thousand_label_refreshes_leave_the_widget_count_flat():
    """Issue 16: show_counts made 44 DivIcons per refresh and never closed them."""
    game = new_game(seed=1)
    view = MapView(game.board.map)
    view.show_counts({"C3": "US 1"})
    before = len(live_widgets)
    for i in range(1000):
        view.show_counts({"C3": f"US {i % 7}", "D4": f"NVA {i % 3}"})
    assert len(live_widgets) == before
    assert (
        "US 5" in view._labels["C3"].icon.html
    )  # 999 % 7: the last refresh is what the marker shows
    assert "NVA 0" in view._labels["D4"].icon.html


def test_an_unchanged_label_is_not_sent_again():
    view = MapView(new_game(seed=1).board.map)
    view.show_counts({"C3": "US 1"})
    icon = view._labels["C3"].icon
    view.show_counts({"C3": "US 1"})
    assert view._labels["C3"].icon is icon
    view.show_counts({"C3": "US 2"})
    assert view._labels["C3"].icon is not icon
