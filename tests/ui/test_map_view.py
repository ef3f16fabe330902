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


def test_an_edited_map_keeps_each_areas_label_and_moves_only_what_moved():
    """A designer's edit used to make every label again (three widgets an area, 132 on LZ
    Albany's map, each drawn anew by the browser): now kept, moved, added or closed."""
    from rulebook.maps import demo_map

    first = demo_map()
    view = MapView(first)
    labels = dict(view._labels)
    before = len(live_widgets)
    # Area A gets another terrain: nothing of the labels changes.
    recoloured = first.with_area(first.spec.areas[0].model_copy(update={"terrain": "jungle"}))
    view.set_map(recoloured)
    assert view._labels == labels
    assert all(view._labels[k] is marker for k, marker in labels.items())
    assert len(live_widgets) == before
    # Area F is removed: its label's three widgets are closed; a reshaped C moves its label.
    smaller = recoloured.without_area("F")
    c = smaller.spec.areas[2]
    moved = smaller.with_area(c.model_copy(update={"polygon": [(x, y + 5) for x, y in c.polygon]}))
    old_place = tuple(labels["C"].location)
    view.set_map(moved)
    assert set(view._labels) == {"A", "B", "C", "D", "E"}
    assert len(live_widgets) == before - 3
    assert view._labels["C"] is labels["C"]
    assert tuple(view._labels["C"].location) != old_place
    # F drawn again: one label more.
    view.set_map(recoloured)
    assert set(view._labels) == set("ABCDEF")
    assert len(live_widgets) == before


def test_no_map_takes_the_keyboard_so_a_press_never_scrolls_the_page():
    """Leaflet's keyboard handler focused a map on every press, and the page scrolled a map
    partly below the window into view under the pointer: the first click missed its area
    (``press_and_release`` in tests/browser/_seen.py says where the browser sees it). Every
    map the apps make is built without it."""
    from widgets.atlas import AtlasMap
    from widgets.map_view import offline_map

    assert offline_map(100, 100, (50, 50), height="400px").keyboard is False
    assert AtlasMap().map.keyboard is False


def test_a_tall_narrow_area_has_its_name_upright_and_links_stop_short_of_it():
    """Transition's name, written across its narrow box, ran into LZ Columbus's, and the edge
    areas' links still met it: upright names for areas 2.5 times as tall as wide, and links
    cut back to a quarter of their run inside each area."""
    from rulebook.games.lz_albany import standard_scenario
    from rulebook.maps._area_map import shared_area_map
    from widgets.map_view import MapView

    view = MapView(shared_area_map(standard_scenario().map))
    assert "rotate(-90deg)" in view._label_html("Transition", "")
    assert "rotate" not in view._label_html("C4", "")
    (x0, _), (x1, _) = view._link_ends("A7", "Transition")
    minx, _, maxx, _ = view.area_map.area("Transition").polygon.bounds
    middle = (minx + maxx) / 2
    assert x0 < x1 < middle  # into Transition's box, short of its upright name
