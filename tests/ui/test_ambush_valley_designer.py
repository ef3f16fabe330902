"""The Ambush Valley designer's panels, driven without a browser."""

from __future__ import annotations

from rulebook.games.ambush_valley.scenario import Scenario
from widgets.ambush_valley_designer import ambush_valley_app


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
    assert "off the 72x48 in table" in panel.problems_view.value
    target = tmp_path / "saves" / "mine.yaml"
    panel.file_name.value = "/elsewhere/mine.yaml"  # outside saves/: refused, naming the rule
    panel.save_button.click()
    assert "a save name is a plain file name in saves/" in panel.errors.value
    panel.file_name.value = "mine.yaml"
    panel.save_button.click()
    assert "not saved" in panel.errors.value
    assert not target.exists()
    panel.width.value = 80
    panel.resize.click()
    assert "rb-ok" in panel.problems_view.value
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
    campaign.casualties.value = f"{first_team}/1"
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
    assert "No such file" in campaign.errors.value
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
