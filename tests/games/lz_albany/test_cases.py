"""Cases the audit found without a test of their own (lza:3.7, 4.1, 4.1A, 5.5, 5.5A-C, 6.2B, 8.4, 9.0,
10.2, 11.1), each played through the engine."""

from __future__ import annotations

import contextlib

from rulebook.games._decisions import Action, Chance, Decision
from rulebook.games.lz_albany import _flow, new_game
from rulebook.games.lz_albany._activation import move_options
from rulebook.games.lz_albany._state import ALBANY, GameOver
from rulebook.games.lz_albany.situation import Situation


def drive(flow, choose=lambda d: d.options[0]) -> list[Decision]:
    asked: list[Decision] = []
    with contextlib.suppress(StopIteration, GameOver):
        request = next(flow)
        while True:
            if isinstance(request, Chance):
                request = flow.send(request.options[0])
                continue
            asked.append(request)
            request = flow.send(choose(request))
    return asked


def by_notation(*answers: str):
    """Answer with the scripted notations in order while they are offered, then the first option."""
    queue = [Action.from_notation(a) for a in answers]

    def choose(decision: Decision) -> Action:
        if queue and queue[0] in decision.options:
            return queue.pop(0)
        return next(
            (o for o in decision.options if o.verb in ("done", "hold", "pass")), decision.options[0]
        )

    return choose


def test_lza_3_7_the_rally_phase_follows_the_action_phase_every_turn():
    game = new_game(seed=6)
    while game.turn < 4 and not game.is_over():
        chance = game.current_player() == "chance"
        game.apply(game.sample_chance() if chance else game.legal_actions()[0])
    steps = [str(step) for entry in game.log for step in entry.trace]
    for turn in (1, 2, 3):
        rally = steps.index(f"[lza:3.7] turn {turn}: rally phase")
        end = steps.index(f"[lza:3.8] end of turn {turn}: chits return to the pool")
        draws = [i for i, t in enumerate(steps[:end]) if t.startswith("[lza:3.6] drawn:")]
        assert draws[-1] < rally < end  # after the last chit, before administration


def test_lza_4_1_and_lza_4_1a_reduced_and_eliminated_points_add_up():
    s = Situation(
        place={"A/2-7-1": "C4", "6/8-66-1": "D4"}, hits={"6/8-66-1": 2}, dice=[6, 6] + [1] * 9
    )
    result = s.run("fire", "C4", "D4:2")
    assert result.state.units["6/8-66-1"].status == "eliminated"
    # reduced (1 VP) and then eliminated (2 VP): the points for both are scored (lza:4.1 note)
    assert [(src, pts) for _, side, src, pts in result.state.vp_log if side == "us"] == [
        ("nva_reduced", 1),
        ("nva_eliminated", 2),
    ]
    man = Situation(place={"Man": "D4"}, dice=[6, 6])
    for _ in range(2):
        man.state.officer_casualty(man.state.units["Man"], "lza:7.4")
    assert man.state.vp["us"] == 2  # Commander Man's death


def test_lza_5_5_each_air_chit_acts_once_a_turn_then_waits_in_its_box():
    s = Situation(place={"A/2-7-1": "C4", "6/8-66-1": "D4"}, dice=[1] * 20)
    state = s.state
    state.pool = ["us-gunship-1"]
    state.chits["us-gunship-1"].in_play = True
    asked = drive(_flow.action_phase(state), by_notation("gunship 6/8-66-1"))
    assert [d.rule for d in asked].count("lza:7.6") == 1
    assert state.pool == []  # used: it is out of the pool until the administrative phase
    drive(_flow.administrative_phase(state))
    assert state.pool == ["us-gunship-1"]


def test_lza_5_5a_a_gunship_puts_every_hit_on_its_one_target():
    s = Situation(
        place={"A/2-7-1": "C4", "6/8-66-1": "D4", "6/8-66-2": "D4"}, dice=[1, 1] + [6] * 9
    )
    result = s.run("gunship", "6/8-66-2")
    assert result.state.units["6/8-66-1"].hits == 0
    assert result.state.units["6/8-66-2"].hits == 3  # three dice, three sixes, all on the target


def test_lza_5_5b_the_skyraider_makes_one_attack_bombs_or_napalm():
    s = Situation(place={"A/2-7-1": "C4", "6/8-66-1": "D4", "7/8-66-1": "C3"}, dice=[1] * 20)
    asked = drive(
        _flow.play_chit(s.state, s.state.chits["us-skyraider-1"]), by_notation("napalm D4")
    )
    first = asked[0]
    assert {a.verb for a in first.options} == {"bombs", "napalm", "hold"}
    assert {a.args[0] for a in first.options if a.verb == "napalm"} == {"D4", "C3"}
    assert s.state.units["6/8-66-1"].hits == 2
    assert s.state.units["7/8-66-1"].hits == 0  # one attack, on one area


def test_lza_5_5c_dust_off_either_evacuates_or_airlifts_not_both():
    evac = Situation(
        place={"A/2-7-1": ALBANY}, markers={"W-1": ALBANY}, choices=[f"evacuate {ALBANY}"]
    )
    evac.state.units["B/1-5-1"].status = "held"
    state = evac.run("dust-off").state
    assert state.wounded["W-1"].status == "evacuated"
    assert state.units["B/1-5-1"].status == "held"  # no airlift on the same sortie
    lift = Situation(place={"A/2-7-1": ALBANY}, markers={"W-1": ALBANY}, choices=["airlift C4"])
    lift.state.units["B/1-5-1"].status = "held"
    state = lift.run("dust-off").state
    assert state.units["B/1-5-1"].area == "C4"
    assert state.wounded["W-1"].status == "on-map"


def test_lza_6_2b_adrenaline_lets_a_group_move_twice():
    s = Situation(place={"A/2-7-1": "C4"})
    state = s.state
    state.activations["us-ab-2-7"] = 1
    state.adrenaline_box["us"] = "us-adrenaline-1"
    drive(
        _flow.fire_move(state, state.chits["us-fire-move-1"]),
        by_notation(
            "activate us-ab-2-7 move",
            "move A/2-7-1 D4",  # then done is the only choice left, taken without asking
            "adrenaline us-ab-2-7 move",
            "move A/2-7-1 E4",
        ),
    )
    assert state.units["A/2-7-1"].area == "E4"
    assert state.adrenaline_box["us"] is None


def test_lza_8_4_wounded_markers_never_move_alone():
    s = Situation(place={"A/2-7-1": "C4", "A/2-7-CO": "C4"}, markers={"W-1": "C4"})
    options = move_options(s.state, {"A/2-7-1", "A/2-7-CO"}, set(), "us", adrenaline=False)
    assert not any(a.args[0] == "W-1" for a in options)
    carried = [a for a in options if "carry" in a.args]
    assert carried
    assert all(a.args[0] == "A/2-7-1" for a in carried)  # a platoon carries, an officer does not


def test_lza_9_0_only_units_with_one_or_two_hits_rally():
    s = Situation(
        place={"A/2-7-1": "C4", "A/2-7-2": "C4", "A/2-7-3": "C4"},
        hits={"A/2-7-1": 1, "A/2-7-2": 2, "A/2-7-3": 3},
        dice=[6] * 5,
    )
    state = s.run("rally").state
    assert [state.units[u].hits for u in ("A/2-7-1", "A/2-7-2", "A/2-7-3")] == [0, 1, 3]


def test_lza_10_2_officers_move_on_their_own_and_never_count_for_stacking():
    s = Situation(
        place={"A/2-7-1": "C4", "A/2-7-CO": "C4"},
        choices=["move A/2-7-CO D4", "done"],
    )
    state = s.run("move", "us", "us-ab-2-7").state
    assert state.units["A/2-7-CO"].area == "D4"  # he left his platoon behind
    assert state.units["A/2-7-1"].area == "C4"
    crowd = Situation(
        place=dict.fromkeys(["A/2-7-1", "A/2-7-2", "A/2-7-3", "A/2-7-CO", "McDade"], "C4")
    )
    assert crowd.state.over_stack("C4", "us") == 0


def test_lza_11_1_at_night_sight_shrinks_attacks_lose_a_die_and_no_air_or_guns():
    place = {"McDade": "C4", "A/2-7-1": "C4", "6/8-66-1": "E5", "Arty-1": "LZ-Columbus"}
    day = Situation(place=place, turn=3)
    night = Situation(place=place, turn=9)
    assert day.state.spotted("us", "E5")  # two areas off: seen by day
    assert not night.state.spotted("us", "E5")  # only adjacent areas at night (lza:11.1A)
    texts = [str(t) for t in night.run("artillery").trace]
    assert texts == ["[lza:11.1C] night: no artillery"]
