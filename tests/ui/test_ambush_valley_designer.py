"""The Ambush Valley designer's panels, driven without a browser."""

from __future__ import annotations

import json
import re
from html import unescape

import ipywidgets as ipw
import pytest

from rulebook.games.ambush_valley.problems import ScenarioProblem
from rulebook.games.ambush_valley.scenario import Scenario
from widgets.ambush_valley import ambush_valley_app


def test_build_a_scenario_from_blank_and_save_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    panel = ambush_valley_app().children[-1].scenario
    panel.new_button.click()
    assert "New scenario" in panel.summary.value
    panel.platoon.value, panel.side.value = "vc-local-force-cadre", "vc"
    panel.add_platoon.click()
    panel.platoon.value, panel.side.value = "us-aero-rifle", "us"
    panel.add_platoon.click()
    assert panel.scenario.figures("vc") == 2 + 3 * 9
    assert panel.scenario.figures("us") == 3 + 4 * 11
    assert "FP " in panel.forces_view.value
    panel.box[0].value = 70  # a feature hanging off the east edge
    panel.add_feature.click()
    assert "reaches off the 72 x 48 in table" in panel.problems.text
    target = tmp_path / "saves" / "mine.yaml"
    panel.file_name.value = "/elsewhere/mine.yaml"  # outside saves/: refused, naming the rule
    panel.save_button.click()
    assert "a save name is a plain file name in saves/" in panel.errors.value
    panel.file_name.value = "mine.yaml"
    panel.save_button.click()
    assert "Not saved" in panel.errors.value
    assert not target.exists()
    panel.width.value = 80
    panel.resize.click()
    assert "rb-ok" in panel.problems.summary.value
    panel.save_button.click()
    assert panel.errors.value == ""
    assert Scenario.load(target).spec.table == (80, 48)


def test_tables_and_catalogue_tabs():
    app = ambush_valley_app().children[-1]
    app.tables.name.value = "casualty-evacuated"
    assert "Final status" in app.tables.odds.value
    app.tables.name.value = "leadership-rating"
    assert app.tables.tq.disabled
    app.catalogue.kind.value = "helicopter"
    assert "14 stat blocks" in app.catalogue.view.value
    app.catalogue.search.value = "cobra"
    assert "1 stat blocks" in app.catalogue.view.value


def test_solo_tab_names_the_line_that_chose():
    solo = ambush_valley_app().children[-1].solo
    assert "3. out of cover, FP 6 or less" in solo.answer.value
    solo.fp_six.value = "high"
    solo.fp.value = 6
    assert "move into cover" in solo.answer.value
    solo.cover.value = True
    solo.enemy.value = 4
    assert "<b>fire</b>" in solo.answer.value


def test_campaign_tab_runs_a_turn_and_keeps_the_log(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    campaign = ambush_valley_app().children[-1].campaign
    assert campaign.pre_button.disabled
    campaign.platoon.value = "usmc-rifle-1969"
    campaign.start_button.click()
    campaign.pre_button.click()
    assert "secret until the game ends" in campaign.log_view.value
    first_team = campaign.committed.options[1]
    campaign.casualties.value = (f"{first_team}/1",)
    campaign.committed.value = (first_team,)
    campaign.eligible.value = (first_team,)
    campaign.after_button.click()
    assert campaign.errors.value == ""
    assert "Campaign turn 2" in campaign.log_view.value
    assert "av:casualty-status" in campaign.steps.value
    campaign.path.value = "saves/log.json"
    campaign.save_button.click()
    campaign.start_button.click()  # a fresh campaign...
    campaign.load_button.click()  # ...replaced by the saved one
    assert "Campaign turn 2" in campaign.log_view.value
    assert (tmp_path / "saves" / "log.json").is_file()
    campaign.path.value = "saves/missing.json"
    campaign.load_button.click()
    assert "there is no such file" in campaign.errors.value
    campaign.path.value = "log.py"
    campaign.load_button.click()
    assert "this app saves .json files, not .py" in campaign.errors.value
    assert "Campaign turn 2" in campaign.log_view.value  # a failed load changes nothing


def test_the_interactive_table_refits_to_a_larger_table():
    panel = ambush_valley_app().children[-1].scenario
    panel.picker.value = "dak_po"
    small = (panel.table_map.map.center, panel.table_map.map.zoom)
    panel.picker.value = "hornets_nest"  # 96 x 72 in against 72 x 48
    assert list(panel.table_map.map.center) == [36, 48]
    assert panel.table_map.map.zoom < small[1]


def test_a_table_of_no_size_or_of_a_street_s_length_is_refused_and_nothing_changes():
    """The boxes hold a side to 0.5..240 in and say so; a side a box held (-5 or 0 as 0.5) is
    refused by its own words, not as a side never typed, and the boxes show the table again."""
    panel = ambush_valley_app().children[-1].scenario
    panel.picker.value = "dak_po"
    before = panel.scenario.spec.table
    for width, depth, said in (
        (-5, 48, "-5 is less than the table's width takes (0.5 to 240): held at 0.5"),
        (72, 0, "0 is less than the table's depth takes (0.5 to 240): held at 0.5"),
    ):
        panel.width.value, panel.depth.value = width, depth
        panel.resize.click()
        assert said in unescape(panel.errors.value)
        assert "The boxes show 72 x 48 in again" in panel.errors.value
        assert (panel.width.value, panel.depth.value) == before
        assert panel.scenario.spec.table == before
    panel.width.set_state({"value": "999999"})  # the box holds a side to the longest table's
    assert panel.width.value == 240
    assert "999,999 is more than the table's width takes" in panel.width.note.value
    panel.width.value, panel.depth.value = 96, 72
    panel.resize.click()
    assert panel.errors.value == ""
    assert panel.scenario.spec.table == (96, 72)
    panel.undo_button.click()
    assert panel.scenario.spec.table == before


def test_problem_rows_keep_their_height_in_the_scrolling_list():
    """Rows of a list that scrolls must not shrink, or their sentences overlap (as a designer
    saw with eleven problems); the panel's own row layout (centred) keeps that."""
    panel = ambush_valley_app().children[-1].scenario
    panel.picker.value = "dak_po"
    panel.problems.show(
        [ScenarioProblem("s.yaml", "p", f"Problem {i}.", places=("x",)) for i in range(12)], {}
    )
    rows = panel.problems.rows.children
    assert len(rows) == 12
    assert {(r.layout.flex, r.layout.align_items) for r in rows} == {("0 0 auto", "center")}


def test_a_problem_names_the_spot_marks_it_and_its_button_selects_it(tmp_path, monkeypatch):
    """av:tunnel-spots: a spot moved within 6 in of another is named in words, marked on the
    table, selected by its problem's button, and the fixed scenario saves."""
    monkeypatch.chdir(tmp_path)
    panel = ambush_valley_app().children[-1].scenario
    panel.picker.value = "dak_po"
    panel.item.value = "spot-2"
    panel.item_x.value, panel.item_y.value = 14.0, 36.0  # 4 in below tunnel spot 1 at 14, 40
    panel.move_item.click()
    assert panel.problems.text == (
        "Tunnel spot 1 is 4.0 in from tunnel spot 2; tunnel spots must be at least 6 in apart "
        "(av:tunnel-spots)."
    )
    assert panel.table_map.culprits == ("spot-1", "spot-2")
    row = panel.problems.rows.children[0]
    assert "data-places='spot-1 spot-2'" in row.children[0].value
    assert "rules_reference.ipynb?rule=av%3Atunnel-spots" in row.children[0].value
    button = row.children[1]
    assert button.description == "Select tunnel spot 1"
    panel.item.value = ""  # nothing selected, then the problem's button
    button.click()
    assert panel.selected == "spot-1"
    assert panel.item.value == "spot-1"
    assert panel.table_map.selected == "spot-1"
    assert (panel.item_x.value, panel.item_y.value) == (14.0, 40.0)
    panel.table_map.map.zoom += 2  # zoomed in, a selection pans to the spot
    panel.item.value = ""
    button.click()
    assert list(panel.table_map.map.center) == [40.0, 14.0]
    panel.item_x.value = 20.0  # 8.9 in from spot 2 now, and clear of the road exits
    panel.move_item.click()
    assert "rb-ok" in panel.problems.summary.value
    assert panel.table_map.culprits == ()
    panel.file_name.value = "fixed.yaml"
    panel.save_button.click()
    saved = Scenario.load(tmp_path / "saves" / "fixed.yaml").spec.layout.tunnel_spots
    assert [(m.id, m.at) for m in saved[:2]] == [("spot-1", (20.0, 40.0)), ("spot-2", (14.0, 36.0))]
    # The saved file joins the scenario list, chosen, so Revert goes back to it, not to the book.
    assert panel.picker.value == "saves/fixed.yaml"
    assert panel.picker.label == "Search & Destroy at Dak Po (saved as saves/fixed.yaml)"
    panel.item.value = "spot-3"
    panel.delete_item.click()
    panel.revert.click()
    assert len(panel.scenario.spec.layout.tunnel_spots) == 5
    assert panel.scenario.spec.layout.tunnel_spots[0].at == (20.0, 40.0)
    reopened = ambush_valley_app().children[-1].scenario
    assert "saves/fixed.yaml" in dict(reopened.picker.options).values()


def test_selecting_terrain_by_a_click_on_the_table_and_deleting_it():
    panel = ambush_valley_app().children[-1].scenario
    panel.picker.value = "dak_po"
    panel.table_map._clicked_shape(feature={"properties": {"id": "hamlet", "kind": "open"}})
    assert panel.item.value == "hamlet"
    assert panel.item_tools.children == (panel.item_kind, panel.change_kind)  # no x, y
    assert panel.item_kind.value == "open"
    panel.item_kind.value = "paddy"
    panel.change_kind.click()
    assert panel.scenario.spec.layout.features[4].kind == "paddy"
    assert "Dak Po (paddy)" in dict(panel.item.options)
    panel.delete_item.click()
    # The tunnel rules keep spots away from the hamlet: without it the check says so.
    assert "no terrain feature has that id" in panel.problems.text
    assert panel.item.value == ""


def test_every_visible_choice_is_in_words():
    app = ambush_valley_app().children[-1]
    panel = app.scenario
    panel.picker.value = "dak_po"
    labels = [label for label, _ in panel.item.options]
    assert "tunnel spot 1" in labels
    assert "Dak Po (open ground)" in labels
    assert "Point A (US set-up)" in labels
    assert ("heavy foliage", "heavy-foliage") in panel.kind.options
    assert ("VC Local Force Cadre", "vc-local-force-cadre") in panel.platoon.options
    assert "average-woods" not in panel.legend.value
    assert "average woods" in panel.legend.value
    assert "Viet Cong Local Force" in panel.forces_view.value
    assert ("Casualty straggler", "casualty-straggler") in app.tables.name.options


def test_descendants_say_what_they_ask_and_which_rule_reads_them():
    campaign = ambush_valley_app().children[-1].campaign
    report = next(c for c in campaign.children if "rb-av-report" in c._dom_classes)
    fields = [w for w in _walk(report) if "rb-av-field" in getattr(w, "_dom_classes", ())]
    texts = {
        field.children[0].children[0].value: field.children[1].value for field in fields
    }  # label -> what it asks and its rules
    labels = " ".join(texts)
    assert ">where the wounded were<" in labels
    assert ">teams that fought<" in labels
    assert "they lay" not in labels
    wounded = next(v for k, v in texts.items() if "where the wounded were" in k)
    assert "alone on it" in wounded
    assert "rules_reference.ipynb?rule=av%3Acasualty-status" in wounded
    fought = next(v for k, v in texts.items() if "teams that fought" in k)
    assert "Combat Fatigue" in fought
    assert "av:combat-fatigue" in fought
    assert "Combat Fatigue" in campaign.committed.tooltip


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def test_undo_and_redo_every_edit_and_a_revert():
    panel = ambush_valley_app().children[-1].scenario
    panel.picker.value = "dak_po"
    assert not panel.undo_button.disabled  # picking a scenario is a step too (back to the last)
    panel.item.value = "spot-1"
    panel.item_x.value = 20.0
    panel.move_item.click()
    panel.item.value = "civilians-1"
    panel.delete_item.click()
    assert len(panel.scenario.spec.layout.civilians) == 2
    panel.undo_button.click()
    assert len(panel.scenario.spec.layout.civilians) == 3
    assert panel.scenario.spec.layout.tunnel_spots[0].at == (20.0, 40.0)
    panel.undo_button.click()
    assert panel.scenario.spec.layout.tunnel_spots[0].at == (14.0, 40.0)
    assert panel.picker.value == "dak_po"  # one more Undo would go back to the scenario before
    panel.redo_button.click()
    panel.redo_button.click()
    assert len(panel.scenario.spec.layout.civilians) == 2
    assert panel.redo_button.disabled
    panel.revert.click()  # the file again, and undoable
    assert len(panel.scenario.spec.layout.civilians) == 3
    panel.undo_button.click()
    assert len(panel.scenario.spec.layout.civilians) == 2
    assert panel.errors.value == ""


def test_a_problem_with_a_sides_forces_opens_that_side():
    """A unit set up at a place the table lacks is named with its side, and the problem's button
    unfolds that side's forces."""
    panel = ambush_valley_app().children[-1].scenario
    panel.picker.value = "dak_po"
    spec = panel._edit()
    spec.sides["vc"].units[0].setup = "the-old-well"
    panel._commit(spec)
    panel.refresh()
    row = panel.problems.rows.children[0]
    assert "sets up at “the-old-well”, which is no zone, feature or marker" in panel.problems.text
    assert row.children[1].description == "Show VC forces"
    assert "rb-av-flagged" not in panel.forces_view.value
    row.children[1].click()
    assert "open class='rb-av-side rb-av-flagged'" in panel.forces_view.value
    assert "data-side='vc'" in panel.forces_view.value.split("rb-av-flagged")[1][:80]


@pytest.mark.parametrize("mission", [{"x": 1}, {"mission": 5}], ids=["no name", "a number"])
def test_campaign_tab_refuses_a_log_with_a_bad_mission_and_keeps_its_own(
    tmp_path, monkeypatch, mission
):
    monkeypatch.chdir(tmp_path)
    campaign = ambush_valley_app().children[-1].campaign
    campaign.start_button.click()
    before = (campaign.record, campaign.log_view.value)
    log = json.loads(campaign.record.to_json()) | {"mission": mission}
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "bad.json").write_text(json.dumps(log))
    campaign.path.value = "bad.json"
    campaign.load_button.click()
    assert "saves/bad.json: mission.mission: expected one of" in campaign.errors.value
    assert (campaign.record, campaign.log_view.value) == before


def test_campaign_tab_shows_a_log_it_cannot_draw_as_an_error():
    campaign = ambush_valley_app().children[-1].campaign
    campaign.start_button.click()
    campaign.record.mission = {"x": 1}  # set by hand, past the checks of a load
    campaign.refresh()
    assert "KeyError" in campaign.errors.value


def test_a_new_scenario_or_another_picked_is_one_undo_from_the_edits_it_replaced():
    """New scenario and the picker replaced the whole history: a designer's edits were gone
    with Undo greyed. And Resize table with the size unchanged made an undo step of nothing."""
    panel = ambush_valley_app().children[-1].scenario
    panel.picker.value = "dak_po"
    panel.width.value, panel.depth.value = 96, 72
    panel.resize.click()
    edited = panel.scenario
    panel.resize.click()  # the same size again: refused, no step
    assert "The table is already 96 by 72 inches" in panel.errors.value
    panel.undo_button.click()
    assert panel.scenario.spec.table != (96, 72)
    panel.redo_button.click()
    assert panel.scenario is edited
    panel.new_button.click()
    assert "New scenario" in panel.summary.value
    panel.undo_button.click()
    assert panel.scenario is edited
    panel.picker.value = "hornets_nest"
    assert panel.scenario is not edited
    panel.undo_button.click()
    assert panel.scenario is edited
    assert panel.picker.value == "dak_po"  # the picker follows the version shown


def test_the_number_boxes_read_what_was_typed_and_say_what_they_kept():
    """The float boxes dropped the keys they did not take in the browser: 12,5 became 125 in.
    They are text boxes the kernel reads now: a decimal comma is refused by name, the last
    value kept, and nothing moves."""
    panel = ambush_valley_app().children[-1].scenario
    panel.picker.value = "dak_po"
    x, _, w, _ = panel.box
    x.set_state({"value": "12.5"})
    assert x.value == 12.5
    assert x.note.value == ""
    w.set_state({"value": "12,5"})
    assert w.value == 8  # its value before
    assert "12,5 is not a number (a point marks the decimals: 12.5): 8 kept" in w.note.value
    assert panel.scenario.spec.table == (72, 48)

    def shown(widget) -> set:
        return {widget} | {w for c in getattr(widget, "children", ()) for w in shown(c)}

    assert {b.note for b in (*panel.box, panel.item_x, panel.width)} <= shown(panel)
    # each note in the row of its box, and the rows wrap (at 1024 pixels their buttons ran
    # past the column's edge)
    # (the box may sit in a group with its label, inside the row)
    row = next(
        r
        for r in shown(panel)
        if isinstance(r, ipw.HBox) and w in shown(r) and r.layout.flex_flow == "row wrap"
    )
    assert w.note in row.children
    # the note stays beside its box through other actions while the box holds 8, not 12,5
    panel.width.value, panel.depth.value = 96, 60
    panel.resize.click()
    assert "12,5 is not a number" in w.note.value
    w.set_state({"value": "8"})  # a number typed, and taken: the note goes
    assert w.note.value == ""


def test_a_place_is_held_to_the_table_not_the_longest_one():
    """x 500 was held at 240 on a 72 x 48 in table, and the checks then said the spot was off
    the table: a place is held to the table's own size."""
    panel = ambush_valley_app().children[-1].scenario
    panel.picker.value = "dak_po"
    panel.item_x.set_state({"value": "500"})
    assert panel.item_x.value == 72
    assert "held at 72" in panel.item_x.note.value
    panel.box[1].set_state({"value": "60"})
    assert panel.box[1].value == 48


def test_a_resized_table_is_framed_at_the_maps_size_and_a_refusal_is_said_under_the_rows():
    """At 1024 pixels a 240 x 48 in table showed as a strip at the map's left (fitted to 900
    pixels, not the map's 480), and a table 0 inches wide was refused at the panel's top,
    out of sight of the Resize button."""
    from widgets._fit import zoom_to_fit

    panel = ambush_valley_app().children[-1].scenario
    panel.picker.value = "dak_po"
    view = panel.table_map
    scale = 2**view.map.zoom  # the browser reports a map 480 x 420 pixels
    view.map.set_trait("bounds", ((0, 0), (420 / scale, 480 / scale)))
    panel.width.value, panel.depth.value = 240, 48
    panel.resize.click()
    assert view.map.zoom == zoom_to_fit(240, 48, 420, 480)
    panel.width.value = 0
    panel.resize.click()
    assert "The table is unchanged: 0 is less than the table" in unescape(panel.errors.value)

    def shown(widget) -> set:
        return {widget} | {w for c in getattr(widget, "children", ()) for w in shown(c)}

    rows = next(b for b in shown(panel) if isinstance(b, ipw.VBox) and panel.saved in b.children)
    assert panel.errors in rows.children


def test_with_nothing_selected_the_row_says_what_to_pick_not_the_last_spots_place():
    """With nothing selected the row kept the last tunnel spot's x and y, greyed, which read
    as the place of nothing; a set-up zone showed them too, though it does not move."""
    panel = ambush_valley_app().children[-1].scenario
    panel.picker.value = "dak_po"
    panel.item.value = "spot-2"
    assert panel.item_x in panel.item_tools.children
    assert not panel.move_item.disabled
    zone = panel.scenario.spec.layout.deployment[0].id
    for chosen, said in (("", "Pick something here or on the table"), (zone, "A set-up zone")):
        panel.item.value = chosen
        assert panel.item_tools.children == (panel.item_hint,)
        assert panel.item_hint.value.startswith(said)
    panel.item.value = "spot-2"  # back to a spot: its place again
    assert panel.item_tools.children[1] is panel.item_x
    assert (panel.item_x.value, panel.item_y.value) == panel.scenario.spec.layout.tunnel_spots[1].at


def test_the_campaign_seed_is_read_by_the_kernel_and_says_what_it_refused():
    """The campaign tab's seed was ipywidgets' IntText, which made 2.5 seed 25 without a word
    (the interactions app's box did the same); every seed box is the same one now."""
    panel = ambush_valley_app().children[-1].campaign
    panel.seed.set_state({"value": "2.5"})
    assert panel.seed.value == 1965
    assert "2.5 is not a whole number: 1,965 kept" in panel.seed.note.value
    assert panel.seed.note in panel.children[1].children  # shown beside the box


def test_every_number_box_of_the_campaign_solo_and_tables_tabs_says_what_it_kept():
    """The game report's VP and OMP boxes and the solo and tables tabs' seeds were IntTexts too:
    12.5 VP arrived as 125 and a negative seed was kept, without a word."""
    app = ambush_valley_app().children[-1]
    campaign = app.campaign
    campaign.vp.set_state({"value": "12.5"})
    assert campaign.vp.value == 15
    assert "12.5 is not a whole number: 15 kept" in campaign.vp.note.value
    campaign.omp_left.set_state({"value": "-2"})
    assert campaign.omp_left.value == 0
    assert "-2 is less than a count of OMP takes (0 to 99): held at 0" in (
        campaign.omp_left.note.value
    )
    field = next(w for w in descendants(campaign) if campaign.vp in getattr(w, "children", ()))
    assert campaign.vp.note in field.children  # beside the box it speaks of
    for panel in (app.solo, app.tables):
        panel.seed.set_state({"value": "-3"})
        assert panel.seed.value == 0
        assert "-3 is less than a dice seed takes" in panel.seed.note.value
        assert panel.seed.note in list(descendants(panel))


def descendants(widget):
    """Every box under *widget* (depth first)."""
    for child in getattr(widget, "children", ()):
        yield child
        yield from descendants(child)


def test_a_number_a_terrain_box_did_not_take_adds_no_terrain_and_its_note_stays():
    """x = abc reverted to 10, x = -5 became 0 and a size of 99999 became 240, and the terrain
    was added with no word: the note was cleared by the click. A box holding a number other
    than the one typed refuses the Add, in the panel's error area, and keeps its note beside it."""
    panel = ambush_valley_app().children[-1].scenario
    panel.picker.value = "dak_po"
    x, _, width, _ = panel.box
    before = len(panel.scenario.spec.layout.features)
    typed = {
        (x, "abc"): "abc is not a number (a point marks the decimals: 12.5): 10 kept",
        (x, "-5"): "-5 is less than a terrain's x takes (0 to 72): held at 0",
        (width, "99999"): "99,999 is more than a terrain's width takes (0.5 to 240): held at 240",
        (width, "0"): "0 is less than a terrain's width takes (0.5 to 240): held at 0.5",
    }
    for (box, text), said in typed.items():
        box.set_state({"value": text})
        panel.add_feature.click()
        assert len(panel.scenario.spec.layout.features) == before, text
        assert "No terrain added" in panel.errors.value
        assert said in unescape(panel.errors.value)
        assert said in box.note.value  # still beside the box after the click
        assert "Added" not in panel.drawn_info.value
        box.set_state({"value": "12"})  # a number in range: its note goes
        assert box.note.value == ""
    x.set_state({"value": "abc"})  # 12 kept; typing 12 again keeps it, and the Add takes it
    x.set_state({"value": "12"})
    assert x.note.value == ""
    panel.add_feature.click()
    assert panel.errors.value == ""
    added = panel.scenario.spec.layout.features[-1]
    assert added.outline[0] == (12, 10)
    assert added.outline[2] == (24, 16)


def test_a_side_the_width_box_did_not_take_leaves_the_table_and_says_why():
    """Width -10 gave "The table is 0 x 48 in" (a side never typed), abc "The table is already
    72 by 48 inches", and 10000 made a 240 in table without a word. Each is refused by the
    box's words; the boxes show the table's sides again, so the next Resize is not refused
    anew for the number the box held."""
    panel = ambush_valley_app().children[-1].scenario
    panel.picker.value = "dak_po"
    typed = {
        "-10": "-10 is less than the table's width takes (0.5 to 240): held at 0.5",
        "abc": "abc is not a number (a point marks the decimals: 12.5): 72 kept",
        "10000": "10,000 is more than the table's width takes (0.5 to 240): held at 240",
    }
    for text, said in typed.items():
        panel.width.set_state({"value": text})
        panel.resize.click()
        assert panel.scenario.spec.table == (72, 48), text
        assert "The table is unchanged" in panel.errors.value
        assert said in unescape(panel.errors.value)
        assert "The boxes show 72 x 48 in again" in panel.errors.value
        assert "already" not in panel.errors.value
        assert (panel.width.value, panel.width.note.value) == (72, "")
    panel.width.set_state({"value": "96"})
    panel.resize.click()
    assert panel.errors.value == ""
    assert panel.scenario.spec.table == (96, 48)


def _second_tunnel_spot():
    """The Scenario tab on Dak Po with its second tunnel spot chosen, and that spot's place."""
    panel = ambush_valley_app().children[-1].scenario
    panel.picker.value = "dak_po"
    panel.item.value = "spot-2"
    return panel, panel.scenario.spec.layout.tunnel_spots[1].at


def test_a_place_the_box_did_not_take_moves_nothing():
    """x 500 is held at 72 on a 72 in table: Move says so rather than moving the spot there."""
    panel, at = _second_tunnel_spot()
    panel.item_x.set_state({"value": "500"})
    panel.move_item.click()
    assert panel.scenario.spec.layout.tunnel_spots[1].at == at
    assert "Nothing moved: 500 is more than a place across the table takes" in panel.errors.value
    assert f"The boxes show {at[0]:g} x {at[1]:g} in again" in panel.errors.value
    assert (panel.item_x.value, panel.item_x.note.value) == (at[0], "")  # the spot's place
    panel.item_x.set_state({"value": "20"})
    panel.move_item.click()
    assert panel.errors.value == ""
    assert panel.scenario.spec.layout.tunnel_spots[1].at == (20, at[1])


def test_a_save_is_named_as_the_visitor_knows_it_not_by_the_server_s_path(tmp_path, monkeypatch):
    """A save was told as "Saved to /tmp/…/nb/saves/x.yaml"; the other apps say saves/x.yaml."""
    monkeypatch.chdir(tmp_path)
    app = ambush_valley_app().children[-1]
    panel = app.scenario
    panel.picker.value = "dak_po"
    panel.file_name.value = "x"
    panel.save_button.click()
    assert panel.errors.value == ""
    assert "Saved to saves/x.yaml; it is in the scenario list" in panel.saved.value
    assert str(tmp_path) not in panel.saved.value
    campaign = app.campaign
    campaign.platoon.value = "usmc-rifle-1969"
    campaign.start_button.click()
    campaign.path.value = "log"
    campaign.save_button.click()
    assert "Saved to saves/log.json" in campaign.steps.value
    assert str(tmp_path) not in campaign.steps.value


def test_a_marker_chosen_again_shows_its_place_afresh():
    """The boxes keep a place typed through a refused Move, not through another choice."""
    panel, at = _second_tunnel_spot()
    panel.item_x.set_state({"value": "33"})
    panel.item.value = ""
    panel.item.value = "spot-2"
    assert (panel.item_x.value, panel.item_y.value) == at


def test_each_entry_of_the_table_key_stays_whole_on_its_line():
    """A review saw "VC set-" end one line of the key and "up" begin the next."""
    panel = ambush_valley_app().children[-1].scenario
    key = panel.legend.value
    entries = re.findall(r"<span style='white-space:nowrap'>(.*?)</span>(?: &nbsp; |</div>)", key)
    assert any(entry.endswith(" set-up") for entry in entries), key
    assert key.count("set-up") == sum(entry.count("set-up") for entry in entries)
