"""Chits and activations: what a drawn chit lets a side do (lza:3.8, 5.1, 5.2, 5.5C, 6.2, 7.0, 7.7, 8.1, 10.1)."""

from __future__ import annotations

import contextlib

from rulebook.games._decisions import Decision
from rulebook.games.lz_albany import _flow
from rulebook.games.lz_albany.situation import Situation


def first_decision(situation: Situation, procedure: str, *args: str) -> Decision:
    seen: list[Decision] = []

    def record(decision: Decision):
        seen.append(decision)
        return next(
            (o for o in decision.options if o.verb in ("done", "pass", "hold", "stay", "keep")),
            decision.options[0],
        )

    situation.choose = record
    situation.run(procedure, *args)
    return seen[0]


def test_lza_5_2_a_group_acts_at_most_twice_a_turn():
    s = Situation(place={"A/2-7-1": "C4", "C/2-7-1": "D4"})
    s.state.activations["us-ab-2-7"] = 2
    chit = s.state.chits["us-fire-move-1"]
    flow = _flow.fire_move(s.state, chit)
    decision = next(flow)
    offered = {a.args[0] for a in decision.options if a.verb == "activate"}
    assert offered == {"us-cd-2-7"}


def test_lza_5_2a_the_player_chooses_fire_or_move_and_may_pass():
    s = Situation(place={"A/2-7-1": "C4"})
    decision = next(_flow.fire_move(s.state, s.state.chits["us-fire-move-1"]))
    verbs = {str(a) for a in decision.options}
    assert {"pass us-fire-move-1", "activate us-ab-2-7 fire", "activate us-ab-2-7 move"} <= verbs


def test_lza_6_2_each_unit_moves_once_into_an_adjacent_area():
    s = Situation(place={"A/2-7-1": "C4", "A/2-7-2": "C4"})
    decision = first_decision(s, "move", "us", "us-ab-2-7")
    moves = {a.args[1] for a in decision.options if a.verb == "move" and a.args[0] == "A/2-7-1"}
    assert moves == set(s.state.map.neighbors("C4"))
    seen = []
    again = Situation(place={"A/2-7-1": "C4", "A/2-7-2": "C4"}, choices=["move A/2-7-1 D4"])
    again.choose = lambda d: (seen.append(d), d.options[0])[1]
    again.run("move", "us", "us-ab-2-7")
    later = [a for d in seen for a in d.options if a.verb == "move"]
    assert later
    assert all(a.args[0] != "A/2-7-1" for a in later)


def test_lza_7_0_an_engaged_group_must_melee_before_it_may_fire_or_finish():
    s = Situation(
        place={"A/2-7-1": "C4", "6/8-66-1": "C4", "A/2-7-2": "C3", "7/8-66-1": "C3"}, dice=[1] * 20
    )
    decision = first_decision(s, "activate", "us", "us-ab-2-7", "fire")
    assert [str(a) for a in decision.options] == ["melee C3", "melee C4"]


def test_lza_8_1_the_owner_places_every_hit_after_the_first():
    s = Situation(
        place={"A/2-7-1": "C4", "6/8-66-1": "D4", "6/8-66-2": "D4"}, dice=[6, 6, 6] + [1] * 6
    )
    result = s.run("fire", "C4", "D4:3")
    players = [d.player for d, _ in result.decisions if d.rule == "lza:8.1"]
    assert players == ["us", "nva", "nva"]


def test_lza_7_7_skyraider_targets_undisputed_nva_areas_near_the_us():
    s = Situation(
        place={
            "A/2-7-1": "C4",
            "6/8-66-1": "D4",
            "7/8-66-1": "F7",
            "A/2-7-2": "C3",
            "8/8-66-1": "C3",
        }
    )
    decision = first_decision(s, "skyraider")
    areas = {a.args[0] for a in decision.options if a.verb in ("bombs", "napalm")}
    assert "D4" in areas  # next to C4
    assert "C3" not in areas  # disputed
    assert "F7" not in areas  # far away and unseen


def test_lza_10_1_an_officer_alone_may_move_once_a_turn_on_a_friendly_chit():
    s = Situation(place={"McDade": "C4", "A/2-7-1": "E4"})
    flow = _flow.lone_officers(s.state, "us")
    decision = next(flow)
    assert decision.options[0].verb == "stay"
    move = next(a for a in decision.options if a.verb == "move")
    with contextlib.suppress(StopIteration):
        flow.send(move)
    assert s.state.lone_moves["McDade"] == 1
    assert list(_flow.lone_officers(s.state, "us")) == []  # not again this turn


def test_lza_3_8_and_lza_5_1_administration_returns_every_chit_and_clears_the_turn():
    s = Situation(place={"A/2-7-1": "C4"}, flares=["C4"])
    state = s.state
    for cid in ("us-fire-move-1", "nva-fire-move-1", "us-adrenaline-1"):
        state.chits[cid].in_play = True
    state.activations["us-ab-2-7"] = 2
    state.adrenaline_box["us"] = "us-adrenaline-1"
    list(_flow.administrative_phase(state))
    assert sorted(state.pool) == ["nva-fire-move-1", "us-adrenaline-1", "us-fire-move-1"]
    assert not state.flares
    assert not state.activations
    assert state.adrenaline_box == {"us": None, "nva": None}


def test_lza_4_3_a_tie_without_albany_goes_to_fewer_officer_casualties():
    s = Situation(place={})
    state = s.state
    state.vp = {"us": 5, "nva": 5}
    state.officer_casualties.update({"us": 2, "nva": 1})
    _flow.final_scoring(state)
    assert (state.winner, state.ending) == ("nva", "tie broken by fewer officer casualties")


def test_lza_5_2d_a_senior_officer_joins_a_group_in_his_area_at_most_twice():
    from rulebook.games.lz_albany._activation import activated

    s = Situation(place={"A/2-7-1": "C4", "McDade": "C4"})
    assert "McDade" in activated(s.state, "us", "us-ab-2-7")
    s.state.officer_activations["McDade"] = 2
    assert "McDade" not in activated(s.state, "us", "us-ab-2-7")
    elsewhere = Situation(place={"A/2-7-1": "C4", "McDade": "D4"})
    assert "McDade" not in activated(elsewhere.state, "us", "us-ab-2-7")
