"""The sequence of play, chits, movement limits, wounded, rally and victory (lza:3-6, 8.4, 9, 11.2)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulebook.games.lz_albany import Action, new_game
from rulebook.games.lz_albany._activation import destinations, move_options
from rulebook.games.lz_albany._flow import final_scoring
from rulebook.games.lz_albany._state import GameOver
from rulebook.games.lz_albany.situation import Situation


def test_lza_3_2_us_sets_up_first_on_green_circles_and_nva_chits_start_the_pool():
    game = new_game(seed=3)
    assert game.current_player() == "us"
    areas = {a.args[1] for a in game.legal_actions()}
    assert areas == set(game.board.map.tagged("us-green-1"))
    while game.current_player() != "chance":
        game.apply(game.legal_actions()[0])
    assert sorted(game.board.pool) == [f"nva-fire-move-{i}" for i in range(1, 5)]
    on_map = {u.side for u in game.board.on_map()}
    assert on_map == {"us", "nva"}


def test_lza_3_2d_stacking_limits_apply_at_placement():
    game = new_game(seed=3)
    target = "LZ-Albany"
    placed = 0
    while game.current_player() == "us" and placed < 4:
        options = game.legal_actions()
        pick = next((a for a in options if a.args[-1] == target), None)
        if pick is None:
            break
        if not game.board.units[pick.args[0]].is_officer:
            placed += 1
        game.apply(pick)
    assert placed == 3
    assert len(game.board.platoons(target, "us")) == 3


def test_lza_3_3_turn_1_us_skips_event_and_rally():
    game = new_game(seed=4)
    texts = []
    while game.turn < 2 and not game.is_over():
        if game.current_player() == "chance":
            game.apply(game.sample_chance())
        else:
            game.apply(game.legal_actions()[0])
    texts = [str(step) for entry in game.log for step in entry.trace if step.rule == "lza:3.3"]
    assert "[lza:3.3] turn 1: the US player skips the event phase" in texts
    assert "[lza:3.3] turn 1: the US player skips the rally phase" in texts


def test_lza_3_6_chits_are_drawn_blind_with_equal_odds():
    game = new_game(seed=5)
    while game.current_player() != "chance":
        game.apply(game.legal_actions()[0])
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 4
    assert {p for _, p in outcomes} == {Fraction(1, 4)}
    assert sum(p for _, p in outcomes) == 1


def test_illegal_action_names_the_rule_and_the_options():
    game = new_game(seed=1)
    with pytest.raises(ValueError, match=r"lza:3.2C: “place McDade B7” is not allowed now"):
        game.play("place McDade B7")


def test_lza_5_2e_retreat_at_30_us_vp_pulls_the_nva_adrenaline_and_scores_3():
    s = Situation(place={"6/8-66-1": "D4"})
    state = s.state
    state.chits["nva-adrenaline-1"].in_play = True
    state.pool.append("nva-adrenaline-1")
    state.vp["us"] = 28
    state.award("us", "nva_eliminated")
    assert state.retreat
    assert state.vp["us"] == 33
    assert "nva-adrenaline-1" not in state.pool


def test_lza_5_2e_retreating_nva_only_close_on_a_board_edge():
    s = Situation(place={"6/8-66-1": "D4", "7/8-66-1": "D7"})
    s.state.retreat = True
    unit = s.state.units["6/8-66-1"]
    dist = s.state.map.edge_distance()
    assert all(dist[d] < dist["D4"] for d in destinations(s.state, unit))
    options = [str(a) for a in move_options(s.state, {"7/8-66-1"}, set(), "nva", adrenaline=False)]
    assert "exit 7/8-66-1" in options


def test_lza_4_2_nva_wins_the_moment_it_reaches_35():
    s = Situation(place={})
    s.state.vp["nva"] = 33
    with pytest.raises(GameOver):
        s.state.award("nva", "us_eliminated")
    assert (s.state.winner, s.state.ending) == ("nva", "automatic victory")


def test_lza_4_1_vp_only_from_the_listed_schedule():
    s = Situation(place={})
    with pytest.raises(KeyError, match="not on the us VP schedule"):
        s.state.award("us", "bravery")


def test_lza_4_1_each_vp_scored_is_told_in_words():
    """The trace said "NVA scores 2 VP (us reduced)": the schedule's file key, not English."""
    from rulebook.games.lz_albany._state import VP_SOURCES, VP_WORDS

    assert set(VP_WORDS) == {source for sources in VP_SOURCES.values() for source in sources}
    s = Situation(place={})
    s.state.award("nva", "us_reduced")
    s.state.award("nva", "wounded_left", 3)
    told = [step.text for step in s.state.trace]
    assert told == [
        "NVA scores 2 VP: a US platoon reduced",
        "NVA scores 3 VP: 3 wounded markers left on the map",
    ]


def test_lza_6_2a_hit_platoons_move_only_with_an_officer_who_goes_along():
    s = Situation(place={"A/2-7-1": "C4", "A/2-7-CO": "C4"}, hits={"A/2-7-1": 1})
    ids = {"A/2-7-1", "A/2-7-CO"}
    options = [str(a) for a in move_options(s.state, ids, set(), "us", adrenaline=False)]
    platoon = [o for o in options if o.startswith("move A/2-7-1 ")]
    assert platoon
    assert all(" with A/2-7-CO" in o for o in platoon)
    alone = Situation(place={"A/2-7-1": "C4"}, hits={"A/2-7-1": 1})
    assert move_options(alone.state, {"A/2-7-1"}, set(), "us", adrenaline=False) == []


def test_lza_6_2c_artillery_never_leaves_columbus():
    s = Situation(place={"Arty-1": "LZ-Columbus"})
    assert destinations(s.state, s.state.units["Arty-1"]) == []


def test_lza_6_5_only_nva_use_the_transition_area_and_us_stay_in_a_contested_columbus():
    s = Situation(place={"6/8-66-1": "D7", "A/2-7-1": "D7", "A/1-5-1": "LZ-Columbus"})
    assert "Transition" in destinations(s.state, s.state.units["6/8-66-1"])
    assert "Transition" not in destinations(s.state, s.state.units["A/2-7-1"])
    assert "D7" in destinations(s.state, s.state.units["A/1-5-1"])
    contested = Situation(place={"A/1-5-1": "LZ-Columbus", "6/8-66-1": "LZ-Columbus"})
    assert destinations(contested.state, contested.state.units["A/1-5-1"]) == []


def test_lza_5_3_nva_adrenaline_move_cannot_enter_columbus():
    s = Situation(place={"6/8-66-1": "Transition"})
    unit = s.state.units["6/8-66-1"]
    assert "LZ-Columbus" in destinations(s.state, unit)
    assert "LZ-Columbus" not in destinations(s.state, unit, adrenaline=True)


def test_lza_6_5_no_combat_in_the_transition_area():
    s = Situation(place={"6/8-66-1": "Transition", "A/2-7-1": "Transition"})
    assert not s.state.disputed("Transition")


def test_lza_8_4a_a_platoon_carries_one_wounded_marker_or_all_under_the_other_reading():
    place = {"A/2-7-1": "C4"}
    markers = {"W-1": "C4", "W-2": "C4"}
    one = Situation(place=place, markers=markers)
    options = {str(a) for a in move_options(one.state, {"A/2-7-1"}, set(), "us", adrenaline=False)}
    assert "move A/2-7-1 D4 carry W-1" in options
    assert "move A/2-7-1 D4 carry all" not in options
    anyway = Situation(
        place=place,
        markers=markers,
        options={"wounded_per_platoon": "any"},
        choices=["move A/2-7-1 D4 carry all", "done"],
    )
    result = anyway.run("move", "us", "us-ab-2-7")
    assert {w.area for w in result.state.wounded.values()} == {"D4"}


def test_lza_8_4c_by_day_an_unguarded_wounded_marker_with_nva_is_lost():
    s = Situation(
        place={"6/8-66-1": "C4", "A/2-7-1": "D4", "7/8-66-1": "D4"},
        markers={"W-alone": "C4", "W-guarded": "D4"},
    )
    result = s.run("wounded")
    assert result.state.wounded["W-alone"].status == "destroyed"
    assert result.state.wounded["W-guarded"].status == "on-map"


def test_lza_8_4d_at_night_a_roll_of_1_to_3_loses_it_even_when_guarded():
    s = Situation(
        place={"A/2-7-1": "D4", "7/8-66-1": "D4"},
        markers={"W-1": "D4", "W-2": "D4"},
        turn=9,
        dice=[3, 4],
    )
    result = s.run("wounded")
    assert result.state.wounded["W-1"].status == "destroyed"
    assert result.state.wounded["W-2"].status == "on-map"


def test_lza_11_2_a_flare_loses_the_wounded_marker_without_a_roll():
    s = Situation(place={"7/8-66-1": "D4"}, markers={"W-1": "D4"}, turn=10, flares=["D4"], dice=[])
    assert s.run("wounded").state.wounded["W-1"].status == "destroyed"


def test_lza_9_1_hit_units_without_an_officer_recover_on_a_six():
    s = Situation(
        place={"A/2-7-1": "C4", "A/2-7-2": "C4"}, hits={"A/2-7-1": 1, "A/2-7-2": 2}, dice=[6, 5]
    )
    result = s.run("rally")
    assert result.state.units["A/2-7-1"].hits == 0
    assert result.state.units["A/2-7-2"].hits == 2


def test_lza_9_2_officers_rally_their_own_company_and_seniors_anyone():
    s = Situation(
        place={"A/2-7-1": "C4", "C/2-7-1": "C4", "A/2-7-CO": "C4"},
        hits={"A/2-7-1": 1, "C/2-7-1": 1},
        dice=[1],
        choices=["rally A/2-7-CO A/2-7-1"],
    )
    result = s.run("rally")
    options = [str(a) for a in result.decisions[0][0].options]
    assert "rally A/2-7-CO C/2-7-1" not in options
    assert result.state.units["A/2-7-1"].hits == 0
    senior = Situation(
        place={"C/2-7-1": "C4", "McDade": "C4"},
        hits={"C/2-7-1": 2},
        dice=[1],
        choices=["rally McDade C/2-7-1"],
    )
    assert senior.run("rally").state.units["C/2-7-1"].hits == 1


def test_lza_3_5_the_choi_oi_sniper_lets_the_roller_pick_an_officer():
    s = Situation(
        place={"6/8-66-1": "D4", "A/2-7-1": "C4", "A/2-7-CO": "C4"},
        turn=2,
        dice=[1, 5],
        choices=["hit A/2-7-CO"],
    )
    result = s.run("event")
    assert result.state.units["A/2-7-CO"].wounded


def test_lza_4_1c_and_4_3_albany_control_and_tie_breaks():
    s = Situation(place={"A/2-7-1": "LZ-Albany", "6/8-66-1": "C4"})
    state = s.state
    state.vp = {"us": 10, "nva": 12}
    final_scoring(state)
    assert state.vp["us"] == 12
    assert state.winner == "us"
    assert state.ending == "tie broken by control of LZ Albany"


def test_lza_4_1b_wounded_left_on_the_map_score_one_each():
    s = Situation(place={}, markers={"W-1": "C4", "W-2": "D4"})
    state = s.state
    final_scoring(state)
    assert state.vp["nva"] == 2
    assert state.winner == "nva"


def test_action_notation_round_trips():
    a = Action.from_notation("move A/2-7-1 D4 with A/2-7-CO carry W-1")
    assert Action.from_notation(a.notation()) == a
    with pytest.raises(ValueError, match="an empty action"):
        Action.from_notation("   ")


def test_lza_11_0_turns_9_and_10_are_night():
    from rulebook.games.lz_albany.situation import Situation

    dark = [t for t in range(1, 11) if Situation(place={"A/2-7-1": "C4"}, turn=t).state.night]
    assert dark == [9, 10]
