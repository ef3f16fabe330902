"""Each app as its notebook builds it: what a user sees first, checked here and not in the app.

These checks used to be "self-check" cells at the end of each notebook. Run inside Voila they
changed the app before anyone saw it (the rules reference opened with a Back history the reader
never made, the Ambush Valley designer on the last scenario it checked), so they live here now
and the notebooks hold only the page.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_notebook_holds_only_the_page_the_user_sees(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert len(code) == 1, f"{path.name}: one code cell builds the app, found {len(code)}"
    assert "assert" not in code[0], f"{path.name}: checks belong in tests, not in the app"
    assert code[0].rstrip().endswith("page"), f"{path.name}: the cell should end by showing page"
    # A kernel `rulebook serve` started ahead of the visit waits before the app is built, so
    # the app reads the visit's query string and the saved files as they are then.
    lines = code[0].splitlines()
    waits = [i for i, line in enumerate(lines) if line.startswith("wait_for_visitor()")]
    builds = [i for i, line in enumerate(lines) if line.startswith("page = ")]
    assert len(waits) == 1, f"{path.name}: the cell waits for its visitor once"
    assert len(builds) == 1, f"{path.name}: the cell builds one page"
    assert waits[0] < builds[0], f"{path.name}: wait_for_visitor() must come before the page"
    assert not any(
        "(" in line and not line.startswith(("from ", "import ")) for line in lines[: waits[0]]
    ), f"{path.name}: only imports run before wait_for_visitor()"
    meta = nb["metadata"].get("rulebook", {})
    assert meta.get("title"), (
        f"{path.name}: metadata.rulebook.title names the app on the start page"
    )
    assert meta.get("audience") in {"everyone", "teachers", "designers", "readers"}, path.name


def test_start_page_shows_the_odds_of_three_dice():
    from widgets import start_page

    page = start_page(ROOT / "notebooks", ROOT / "scenarios")
    assert 'data-exact="91/216"' in page.children[-1].result.value


def test_ambush_valley_designer_validates_its_scenarios_and_catches_a_misplaced_spot():
    from widgets.ambush_valley import ambush_valley_app

    app = ambush_valley_app().children[-1].scenario
    first = app.picker.value
    for _title, name in app.picker.options:
        app.picker.value = name
        assert "rb-ok" in app.problems.summary.value, name
    app.picker.value = "dak_po"
    app.item.value = "spot-1"
    app.item_x.value, app.item_y.value = 2.0, 24.0
    app.move_item.click()
    assert "Tunnel spot 1 is 2.0 in from a road exit" in app.problems.text
    app.revert.click()
    assert app.errors.value == ""
    # A fresh app opens on its first scenario, not on the one a check left behind.
    assert ambush_valley_app().children[-1].scenario.picker.value == first


def test_balance_lab_compares_a_baseline_and_a_variant():
    from widgets.balance_lab import balance_lab_app

    lab = balance_lab_app().children[-1]
    assert [v.name for v in lab.variants()] == ["baseline", "variant"]


def test_first_team_campaign_scripted_player_finishes_turn_1_and_the_nva_moves():
    from widgets.first_team_app import CampaignStepper, campaign_app

    app = next(c for c in campaign_app().children if isinstance(c, CampaignStepper))
    app.pace.value = "to the end of the turn"
    app.auto_button.click()
    assert app.game.turn == 2, app.game.turn
    assert "ftv:3.5.2" in {s.rule for e in app.game.log for s in e.trace}
    assert "data-turn='2'" in app.status.value
    assert "data-summary-turn='1'" in app.below_map.value  # the turn just played, told
    assert app.errors.value == ""


def test_first_team_combat_reproduces_the_4_1_example_with_the_books_rolls():
    from widgets.first_team_combat import first_team_combat_app

    app = first_team_combat_app().children[-1]
    app.example.click()
    assert "US on column <b>11</b>" in app.headline.value
    assert "NVA on column <b>7</b>" in app.headline.value
    assert "US fire: 8* — the NVA lose 8 steps" in app.trace_view.value
    assert "NVA fire: 3 — 3 US casualty points" in app.trace_view.value
    assert app.errors.value == ""
    # the step losses name the companies as the inputs do (they were "NVA 1" to "NVA 6")
    assert "8 step losses dealt one company at a time" in app.trace_view.value
    named = [box.description for box in app.nva_steps]
    assert named[0] == "NVA 4/32"
    assert "4/32 -" in app.trace_view.value


def test_first_team_combat_refused_set_up_takes_the_last_fight_off_the_page():
    """A set-up the rules refuse (no NVA at all) showed its refusal below the last fight's
    columns, odds and roll, as if they were this one's."""
    from widgets.first_team_combat import first_team_combat_app

    app = first_team_combat_app().children[-1]
    app.example.click()
    for box in app.nva_steps:
        box.value = 0
    assert "A fight needs" in app.errors.value
    assert app.headline.value == app.odds_view.value == app.trace_view.value == ""
    app.example.click()
    assert app.errors.value == ""
    assert "US on column <b>11</b>" in app.headline.value
    app.seed.set_state({"value": "-7"})
    assert app.seed.value == 0
    assert "-7 is less than a dice seed takes" in app.seed.note.value


def test_walkthrough_opens_on_its_first_chapter_and_fetches_nothing():
    from widgets.walkthrough import walkthrough_app

    walk = walkthrough_app().children[-1]
    assert "data-chapter='plei-me'" in walk.text.value
    assert all(type(layer).__name__ != "TileLayer" for layer in walk.map.layers)


def test_interactions_two_rifle_platoons_fire_four_dice():
    from widgets.interactions import interactions_app

    app = interactions_app().children[-1]
    assert "625/1296" in app.odds_view.value
    assert app.errors.value == ""


def test_lz_albany_play_a_new_game_waits_for_the_us_set_up():
    from widgets.lz_albany_app import play_app

    stepper = play_app(seed=1).children[-1]
    assert stepper.game.current_player() == "us"
    assert "data-log-length='1'" in stepper.status.value


def test_rules_reference_search_open_follow_and_come_back():
    from widgets.rule_browser import rule_browser_app

    app = rule_browser_app().children[-1]
    assert app.back.disabled, "a reader who has opened nothing has nowhere to go back to"
    app.query.value = "night wounded"
    assert app.hits[0].entry.id == "lza:8.4D"
    app.show("ftv:3.5.8")
    assert "ftv:3.5.8 cites “6.1” (ftv:6.1)" in app.details.value
    app.refers.children[0].click()
    assert app.current == app.ref.refers_to("ftv:3.5.8")[0]
    app.back.click()
    assert app.current == "ftv:3.5.8"
    assert app.errors.value == ""


def test_scenario_designer_opens_the_reconstructed_map_with_nothing_to_fix():
    from widgets.designer import designer_app

    designer = designer_app(
        ROOT / "scenarios" / "lz_albany" / "standard.yaml", save_to="saves/my_map.yaml"
    ).children[-1]
    assert len(designer.design.map) == 44
    assert "nothing to fix" in designer.checks.summary.value


def test_interactions_refuses_fire_at_its_own_area_and_clears_the_last_odds():
    from widgets.interactions import interactions_app

    app = interactions_app().children[-1]
    assert "625/1296" in app.odds_view.value
    app.target.value = app.area.value
    assert "in C4 itself the two sides melee (lza:7.2)" in app.errors.value
    assert app.odds_view.value == app.headline.value == app.trace_view.value == ""
    app.target.value = "D4"
    assert app.errors.value == ""
    assert "625/1296" in app.odds_view.value


def test_first_team_combat_puts_its_odds_before_the_shifts_and_names_whose_support():
    """At 1024 x 768 the column shifts filled the first screen and the odds began at its foot;
    two sliders were both "support locations", and the odds ended "How to read a result:
    ftv:4.1.12 ftv:4.2", ids without words."""
    import re

    from widgets.first_team_combat import FirstTeamCombat

    app = FirstTeamCombat()
    right = app.children[0].children[1].children
    assert right.index(app.odds_view) < right.index(app.columns_view)
    assert (app.us_support.description, app.nva_support.description) == (
        "US support locations",
        "NVA support locations",
    )
    words = re.sub(r"<[^>]+>", "", app.odds_view.value)
    assert "How to read a result" not in words
    assert "The results table ftv:4.1.12 and what each result does ftv:4.2" in words
