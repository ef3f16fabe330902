"""Set-up and reinforcements, case by case (lza:3.1, 3.2A-F, 3.4, 5.1, 5.2B-C), played through the engine."""

from __future__ import annotations

from collections import Counter

from rulebook.dice import Dice
from rulebook.games._decisions import Chance
from rulebook.games.lz_albany import _flow, new_game, scripted_policy
from rulebook.games.lz_albany._state import COLUMBUS, State
from rulebook.games.lz_albany.engine import standard_scenario


def placed(state: State, turn: int, pick=lambda d: d.options[0]) -> None:
    """Play the reinforcement phase of *turn*."""
    state.turn = turn
    flow = _flow.reinforcement_phase(state)
    try:
        request = next(flow)
        while True:
            request = flow.send(
                request.options[0] if isinstance(request, Chance) else pick(request)
            )
    except StopIteration:
        pass


def pool_kinds(state: State) -> Counter:
    return Counter(f"{state.chits[c].side} {state.chits[c].kind}" for c in state.pool)


def new_state() -> State:
    return State.new(standard_scenario(), Dice(4))


def test_lza_3_2a_markers_turn_one_eight_flares_and_no_vp():
    game = new_game(seed=1)
    assert game.turn == 1
    assert game.board.flares_left == 8
    assert game.board.vp == {"us": 0, "nva": 0}
    assert game.board.wounded == {}  # markers only appear as units fall (lza:8.2)


def test_lza_3_2b_the_pool_starts_with_four_nva_fire_move_chits():
    state = new_state()
    placed(state, 1)
    assert pool_kinds(state) == Counter({"nva fire-move": 4})


def test_lza_3_2c_us_forces_set_up_on_green_1_circles():
    state = new_state()
    placed(state, 1)
    green = set(state.map.tagged("us-green-1"))
    us = state.on_map("us")
    assert {u.company for u in us if not u.senior} == {"A/2-7", "C/2-7", "D/2-7"}
    assert len(us) == 3 * 6 + 1  # six counters a company, and McDade
    assert {u.area for u in us} <= green
    assert all(len(state.platoons(a, "us")) <= 3 for a in green)


def test_lza_3_2d_us_reinforcements_and_chits_arrive_on_their_turns():
    state = new_state()
    expected = {
        2: {"us fire-move": 4, "us artillery": 1},
        3: {"us adrenaline": 1},
        4: {"us gunship": 2},
        5: {"us visibility": 1},
        6: {"us fire-move": 2, "us skyraider": 1, "us dust-off": 1},
    }
    for turn in range(1, 8):
        before = pool_kinds(state)
        placed(state, turn)
        new = {k: v for k, v in (pool_kinds(state) - before).items() if k.startswith("us")}
        assert new == expected.get(turn, {}), turn
        if turn == 2:
            b27 = [u for u in state.units.values() if u.company == "B/2-7"]
            assert all(u.on_map for u in b27)
            for u in b27:
                area = state.map.area(u.area)
                assert area.terrain == "sawgrass"
                assert "green-dot" in area.tags
    assert all(state.units[f"Arty-{i}"].area == COLUMBUS for i in range(1, 5))


def test_lza_3_2d_b_1_5_may_be_held_for_an_airlift():
    state = new_state()
    for turn in range(1, 8):
        placed(
            state,
            turn,
            pick=lambda d: next((o for o in d.options if o.verb == "hold"), d.options[0]),
        )
    b15 = [u for u in state.units.values() if u.company == "B/1-5"]
    assert {u.status for u in b15} == {"held"}


def test_lza_3_2e_nva_forces_set_up_on_tan_1_circles():
    state = new_state()
    placed(state, 1)
    tan = set(state.map.tagged("nva-tan-1"))
    nva = state.on_map("nva")
    companies = {u.company for u in nva if not u.senior}
    assert companies == {"HQ/1-33", "1/1-33", "Mtr/1-33", "6/8-66", "7/8-66", "8/8-66"}
    assert {u.id for u in nva if u.senior} == {"Man", "A"}
    assert {u.area for u in nva} <= tan
    assert all(len(state.platoons(a, "nva")) <= 3 for a in tan)


def test_lza_3_2f_the_rest_of_8_66_and_two_chits_and_adrenaline_on_turn_2():
    state = new_state()
    placed(state, 1)
    before = pool_kinds(state)
    placed(state, 2)
    new = {k: v for k, v in (pool_kinds(state) - before).items() if k.startswith("nva")}
    assert new == {"nva fire-move": 2, "nva adrenaline": 1}
    tan2 = set(state.map.tagged("nva-tan-2"))
    late = [u for u in state.on_map("nva") if u.company in ("10/8-66", "HQ/8-66") or u.id == "Ba"]
    assert len(late) == 3 + 1 + 2 + 1  # 10th Coy, HQ platoon, their officers, Ba
    assert {u.area for u in late} <= tan2


def test_lza_3_1_and_lza_3_4_a_game_runs_its_turns_with_arrivals_in_the_reinforcement_phase():
    game = new_game(seed=2)
    policies = {side: scripted_policy(side) for side in ("us", "nva")}
    while not game.is_over():
        player = game.current_player()
        game.apply(game.sample_chance() if player == "chance" else policies[player](game))
    drawing, entries = False, 0
    for step in (step for entry in game.log for step in entry.trace):
        if step.text.startswith("drawn: "):
            drawing = True  # the action phase has begun
        elif step.text.startswith("end of turn"):
            drawing = False
        elif " enters in " in step.text:
            entries += 1
            assert not drawing, step.text  # arrivals come before the first chit (lza:3.4)
    assert entries > 50
    assert game.board.turn <= 10
    assert game.outcome()["ending"] in (
        "victory points",
        "automatic victory",
        "tie broken by control of LZ Albany",
        "tie broken by fewer officer casualties",
        "draw",
    )
    if game.outcome()["ending"] != "automatic victory":
        assert game.board.turn == 10  # without an early end the game runs all its turns


def test_lza_5_2b_and_lza_5_2c_three_unit_groups_a_side_activated_independently():
    state = new_state()
    groups = {
        side: {g.id for g in state.scenario.lz_albany.unit_groups if g.side == side}
        for side in ("us", "nva")
    }
    assert groups == {
        "us": {"us-1-5", "us-ab-2-7", "us-cd-2-7"},
        "nva": {"nva-33", "nva-66-678", "nva-66-10hq"},
    }
    of = {u.company: u.group for u in state.units.values() if u.company and u.group}
    assert of["A/1-5"] == of["B/1-5"] == "us-1-5"
    assert of["A/2-7"] == of["B/2-7"] == "us-ab-2-7"
    assert of["C/2-7"] == of["D/2-7"] == "us-cd-2-7"
    assert of["1/1-33"] == of["Mtr/1-33"] == of["HQ/1-33"] == "nva-33"
    assert of["6/8-66"] == of["7/8-66"] == of["8/8-66"] == "nva-66-678"
    assert of["10/8-66"] == of["HQ/8-66"] == "nva-66-10hq"
