"""A long session in each play app and designer leaves the kernel's widget count flat (issue 16):
a hundred steps, with Undo, Redo and the replay slider along the way, or a designer's hundred edits
with their checks, create no widget that outlives its use.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ipywidgets.widgets.widget import _instances as live_widgets  # the kernel's widget registry

from rulebook.games.first_team.engine import new_campaign
from rulebook.games.lz_albany import new_game
from rulebook.maps import demo_spec
from rulebook.maps.design import MapDesign
from rulebook.maps.point_design import PointDesign
from widgets.ambush_valley import ambush_valley_app
from widgets.designer import MapDesigner
from widgets.first_team_app import CampaignStepper
from widgets.lz_albany_app import LzAlbanyStepper
from widgets.point_designer import PointDesigner
from widgets.rule_browser import RuleBrowser

STANDARD = Path(__file__).resolve().parents[2] / "scenarios" / "lz_albany" / "standard.yaml"


def _one_step(start, now) -> bool:
    return True


@pytest.mark.parametrize(
    "make",
    [
        lambda saves: LzAlbanyStepper(new_game(seed=1), saves=saves),
        lambda saves: CampaignStepper(new_campaign(seed=1), saves=saves),
    ],
    ids=["lz-albany", "first-team"],
)
def test_a_hundred_steps_with_undo_and_replay_leave_the_widget_count_flat(make, tmp_path):
    stepper = make(tmp_path)
    both = {"us", "nva"}
    for _ in range(5):  # the first positions draw the map's labels and the log's rows once
        stepper.run_computer(_one_step, both)
        stepper.refresh()
    before = len(live_widgets)
    played = len(stepper.game.history)
    for i in range(100):
        stepper.run_computer(_one_step, both)
        stepper.refresh()
        if i % 10 == 0:
            stepper._undo()
            stepper.refresh()
            stepper._redo()
            stepper.refresh()
            stepper.replay.value = max(0, stepper.replay.value - 3)
            stepper._present()
    assert len(stepper.game.history) >= played + 100  # the session really went on
    assert stepper.errors.value == ""
    assert len(live_widgets) == before


def test_a_hundred_edits_in_the_point_designer_leave_the_widget_count_flat():
    """Placing, joining, selecting and undoing: each refresh rewrites the checks' rows and the
    markers' labels in place (they made ~50 new widgets a click before, never closed)."""
    designer = PointDesigner(PointDesign.blank())
    designer.mode.value = "place"
    for x in (10, 20, 30):
        designer._on_map(type="click", coordinates=[20, x])
    first = next(iter(designer.design.spec.locations))

    def edits(rounds: int) -> None:
        for i in range(rounds):
            designer.mode.value = "place"
            designer.zone.value = "AD"[i % 2]
            designer._on_map(type="click", coordinates=[40, 40])
            placed = list(designer.design.spec.locations)[-1]
            designer.mode.value = "line"
            designer._on_location(first)
            designer._on_location(placed)
            designer.mode.value = "move"
            designer._on_location(first if i % 2 else placed)  # selected: its marker relabelled
            designer._undo()
            designer._undo()
            assert len(designer.design.spec.locations) == 3

    edits(5)  # the first findings make their rows once
    before = len(live_widgets)
    edits(100)
    assert designer.errors.value == ""
    assert designer.checks.rows.children  # there were findings to show all along
    assert len(live_widgets) == before


def test_a_hundred_edits_in_the_area_designer_leave_the_widget_count_flat():
    designer = MapDesigner(MapDesign(demo_spec()))
    areas = sorted(designer.design.map.areas)

    def edits(rounds: int) -> None:
        for i in range(rounds):
            ring = [[900, 0], [1000, 0], [1000, 100], [900, 100], [900, 0]]
            designer._on_draw(None, "created", {"geometry": {"coordinates": [ring]}})
            designer.new_id.value = "G9"
            designer._add()
            designer._on_click(areas[i % len(areas)])
            designer._undo()

    edits(5)
    before = len(live_widgets)
    edits(100)
    assert designer.errors.value == ""
    assert len(live_widgets) == before


def test_areas_drawn_with_the_set_up_tab_open_leave_the_widget_count_flat():
    """Each area drawn rebuilds the set-up tab's rows (they list the places units may arrive
    at): the rows of the last build are closed, not left behind (a few hundred each time)."""
    designer = MapDesigner(MapDesign.load(STANDARD))
    designer.tabs.selected_index = 1  # Set-up

    def draw_and_undo(rounds: int) -> None:
        for i in range(rounds):
            ring = [[2000, 0], [2100, 0], [2100, 100], [2000, 100], [2000, 0]]
            designer._on_draw(None, "created", {"geometry": {"coordinates": [ring]}})
            designer.new_id.value = f"Z{i % 3}"
            designer._add()
            designer._undo()

    draw_and_undo(2)
    before = len(live_widgets)
    draw_and_undo(10)
    assert designer.setup.active
    assert designer.errors.value == ""
    assert len(live_widgets) == before


def test_a_hundred_entries_opened_in_the_rules_reference_leave_the_widget_count_flat():
    """Each entry's links are buttons: kept and relabelled, not made anew for each entry."""
    browser = RuleBrowser()
    ids = list(browser.ref.entries)
    for rule_id in ids:  # every entry once: the most links any entry has are made here
        browser.show(rule_id)
    before = len(live_widgets)
    for i in range(100):
        browser.show(ids[(i * 7) % len(ids)])
        if i % 10 == 0:
            browser._go_back()
    assert len(live_widgets) == before


def test_a_hundred_selections_in_the_ambush_valley_designer_leave_the_widget_count_flat(
    tmp_path, monkeypatch
):
    """Its problems are kept rows, and the marks it draws on the table are closed when redrawn."""
    monkeypatch.chdir(tmp_path)
    panel = ambush_valley_app().children[-1].scenario
    panel.picker.value = "dak_po"
    panel.item.value = "spot-2"
    panel.item_x.value, panel.item_y.value = 14.0, 36.0  # too near tunnel spot 1: a problem
    panel.move_item.click()
    select = panel.problems.rows.children[0].children[1]
    items = [value for _, value in panel.item.options if value][:6]

    def session(rounds: int) -> None:
        for i in range(rounds):
            panel.item.value = items[i % len(items)]
            select.click()
            if i % 10 == 0:
                panel.picker.value = "hornets_nest"
                panel.picker.value = "dak_po"
                panel.item.value = "spot-2"
                panel.item_x.value, panel.item_y.value = 14.0, 36.0
                panel.move_item.click()

    session(5)
    before = len(live_widgets)
    session(100)
    assert panel.problems.found  # the problem was there to list all along
    assert len(live_widgets) == before


def test_a_hundred_chapter_changes_in_the_walkthrough_leave_the_widget_count_flat():
    """Each chapter places the atlas's labels again: a label drawn as before keeps its widgets,
    the rest are closed (about 29 widgets were left behind at every change)."""
    from widgets.walkthrough import Walkthrough

    walk = Walkthrough()
    chapters = [value for _, value in walk.timeline.options]
    for chapter in chapters:  # every chapter once: each label look there is is made here
        walk.timeline.value = chapter
    before = len(live_widgets)
    for i in range(100):
        walk.timeline.value = chapters[(i * 5) % len(chapters)]
    walk.timeline.value = chapters[-1]
    assert len(live_widgets) <= before
