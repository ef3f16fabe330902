"""The turn stepper without a browser: it calls the engine's API and shows what comes back."""

from __future__ import annotations

from rulebook.games.lz_albany import new_game
from widgets.lz_albany_app import TurnStepper
from widgets.map_view import MapView, area_style


def test_apply_undo_and_undo_to_here(tmp_path):
    stepper = TurnStepper(new_game(seed=2), saves=tmp_path)
    for _ in range(4):
        stepper._apply()
    assert len(stepper.game.history) == 4
    stepper._undo()
    assert len(stepper.game.history) == 3
    stepper.replay.value = 1
    stepper._continue_from_here()
    assert len(stepper.game.history) == 1
    assert "data-actions='1'" in stepper.status.value


def test_errors_show_in_the_page_not_in_a_lost_traceback(tmp_path):
    stepper = TurnStepper(new_game(seed=2), saves=tmp_path)
    stepper._draw()  # the US must place units: not the pool's turn
    assert "not the chit pool" in stepper.errors.value
    stepper._apply()
    assert stepper.errors.value == ""


def test_auto_play_stops_at_the_next_phase_and_save_load_round_trip(tmp_path):
    stepper = TurnStepper(new_game(seed=3), saves=tmp_path, policy_seed=9)
    stepper.human.value = "none"
    stepper._auto(lambda before, after: before[1] != after[1])
    assert stepper.game.phase != "reinforcement"
    stepper.save_name.value = "mine"
    stepper._save()
    saved = (tmp_path / "mine.json").read_text()
    before = stepper.game.log_text()
    stepper._undo()
    stepper._load()
    assert stepper.game.log_text() == before
    assert '"actions"' in saved


def test_map_view_never_adds_a_tile_layer_and_styles_by_terrain():
    game = new_game(seed=1)
    view = MapView(game.board.map)
    assert all(type(layer).__name__ != "TileLayer" for layer in view.map.layers)
    style = area_style(game.board.map, {"C4": "selected"})
    c4 = {"properties": {"id": "C4", "terrain": "sawgrass"}}
    assert style(c4)["fillColor"] == game.board.map.terrains["sawgrass"].color
    assert style(c4)["weight"] == 4
    view._clicked(feature=c4)
    assert view.selected == "C4"
    assert "reconstructed" in view.caption.value


def test_interactions_app_updates_odds_and_trace_with_its_controls():
    from widgets.interactions import InteractionsApp

    app = InteractionsApp()
    assert "625/1296" in app.odds_view.value  # two rifle platoons, four dice, no six: (5/6)**4
    assert "lza:7.3" in app.trace_view.value
    app.target.value = "C5"  # jungle: one die less per firing platoon, two dice left
    assert "25/36" in app.odds_view.value
    app.procedure.value = "melee"
    assert "lza:7.2" in app.trace_view.value
    app.us.value = 0
    app.nva.value = 0  # nobody there: said, not given a table of nothing happening
    assert "No US units in C4 to melee: set US units to 1 or more" in app.errors.value
    assert app.odds_view.value == ""
    app.procedure.value = "gunship"
    assert "No NVA units in C5 to be attacked: set NVA units to 1 or more" in app.errors.value


def test_redo_walks_forward_again_to_the_same_game(tmp_path):
    stepper = TurnStepper(new_game(seed=5), saves=tmp_path, policy_seed=2)
    stepper.answer.value = False
    stepper.human.value = "none"
    stepper._auto(lambda before, after: before[1] != after[1] and after[1] == "action")
    for _ in range(6):  # into the chit draws, so redo must repeat a chance outcome
        stepper._auto(lambda before, after: True)
    finished = stepper.game.log_text()
    stepper.replay.value = len(stepper.game.log) - 5
    stepper._continue_from_here()
    stepper._undo()
    for _ in range(5):
        stepper._redo()
    assert stepper.game.log_text() == finished
    assert stepper.redo_button.disabled


def test_lza_7_5_an_attack_an_officer_calls_in_shows_the_officer_box_ticked():
    """With artillery picked and "US officer" unticked, the page said "called in by the
    officer in C4": the box is ticked and fixed for the attacks an officer calls in, and free
    again for the others. A battery is named as the log names it."""
    from widgets.interactions import InteractionsApp

    app = InteractionsApp()
    assert not app.us_officer.value
    app.procedure.value = "artillery"
    assert app.us_officer.value
    assert app.us_officer.disabled
    assert "Artillery battery 1 fires at D4, called in by the officer in C4" in app.headline.value
    app.procedure.value = "fire"
    assert not app.us_officer.disabled
    # and unticked again, as the reader left it: it stayed ticked, and rifle fire had a fifth
    # die nobody asked for (3125/7776 no hits, not 625/1296)
    assert not app.us_officer.value
    assert "625/1296" in app.odds_view.value
    app.us_officer.value = True  # ticked by the reader: kept through an air strike
    app.procedure.value = "bombs"
    app.procedure.value = "fire"
    assert app.us_officer.value


def test_the_seed_box_says_what_it_refused_and_the_odds_stay():
    """A seed of 2.5 became 25 and 1e5 became 15 (the browser's box dropped the keys it did not
    take), and -5 wiped the odds table, which no seed changes; a melee greyed nothing though
    it has no target; and 1 in 7,776 showed as 0.0%, as if it could not happen."""
    from widgets.interactions import InteractionsApp

    app = InteractionsApp()
    table = app.odds_view.value
    for typed, said in (("2.5", "2.5 is not a whole number"), ("-5", "-5 is less than")):
        app.seed.set_state({"value": typed})
        assert app.seed.value == (1 if typed == "2.5" else 0)
        assert said in app.seed.note.value
        assert app.odds_view.value == table
        assert app.errors.value == ""
    assert app.seed.note in app.children[0].children[0].children  # beside its box
    assert not app.target.disabled
    app.procedure.value = "melee"
    assert app.target.disabled
    app.procedure.value = "fire"
    app.us.value = 6
    app.us_officer.value = True  # six platoons and an officer: 13 dice, 13 sixes 1 in 6**13
    assert "under 0.1%" in app.odds_view.value or "over 99.9%" in app.odds_view.value
    assert ">0.0%<" not in app.odds_view.value
    assert ">100.0%<" not in app.odds_view.value


def test_an_attack_with_nobody_to_make_or_take_it_is_refused_in_words():
    """With US units at 0 the page said "The US units in C4 fire at D4 with no dice", and its
    roll "NVA fires from C4"; an artillery strike at an area no officer sees got odds."""
    from widgets.interactions import InteractionsApp

    app = InteractionsApp()
    app.us.value = 0
    assert "No US units in C4 to fire: set US units to 1 or more" in app.errors.value
    assert app.odds_view.value == app.trace_view.value == ""
    app.us.value = 2
    app.procedure.value = "artillery"
    app.area.value = "A1"
    app.target.value = "F7"
    assert "(lza:7.5): the officer in A1 does not see F7" in app.errors.value
