"""The First Team campaign: the worked examples of section 3, the NVA programme, and whole games."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.dice import Dice, ScriptedDice
from rulebook.games.first_team import (
    _air_strikes,
    _command,
    _fight,
    _fire_support,
    _flow,
    _ground,
    _nva,
    _nva_assault,
    _open_combat,
    _transport,
    campaign_crt,
    campaign_map,
    campaign_scenario,
)
from rulebook.games.first_team._state import EXITED, CampaignState, victory_level
from rulebook.games.first_team.engine import CampaignGame, new_campaign, replay_campaign
from rulebook.games.first_team.logistics import stacking_problem
from rulebook.games.first_team.policy import random_policy, scripted_policy
from rulebook.maps.point_map import AN_KHE


def state(dice) -> CampaignState:
    s = CampaignState(campaign_scenario(), dice, {}, campaign_crt(), campaign_map())
    s.board.place("D2", s.us["Duc Co"])
    s.board.place("G4", s.us["Plei Me"])
    return s


def in_zone(s: CampaignState, zone: str, *ids: str) -> None:
    for uid in ids:
        s.box[uid] = zone


def test_ftv_3_2_2_2_both_contact_examples():
    s = state(ScriptedDice([]))
    in_zone(s, "B", *[f"{n}/32" for n in range(1, 10)])
    assert _command.contact(s, "B", 4, 3) == ["1/32", "2/32", "3/32"]
    assert [u.id for u in s.board.nva("B4")] == ["1/32", "2/32", "3/32"]
    s = state(ScriptedDice([]))
    in_zone(s, "C", "7/32", "8/32", "9/32", "101/66", "102/66", "103/66")
    assert _command.contact(s, "C", 2, 5) == ["7/32", "8/32", "9/32"]
    s = state(ScriptedDice([]))
    in_zone(s, "C", "7/32", "9/32", "101/66")
    assert _command.contact(s, "C", 2, 5) == ["7/32"]  # 7 and 9 are not consecutive


def test_ftv_3_2_2_and_ftv_3_2_2_1_identify_on_turn_1_roll_4_finds_the_32nd_in_zone_b():
    s = state(ScriptedDice([3, 4]))  # 3 - 2 extra CPs = 1: located; intelligence roll 4
    flow = _command.intelligence_phase(s)
    decision = next(flow)
    assert "identify 2" in {str(a) for a in decision.options}
    from rulebook.games._decisions import Action

    with pytest.raises(StopIteration):  # nothing left to ask: the phase ends by itself
        flow.send(Action.of("identify", "2"))
    assert sorted(uid for uid, z in s.box.items() if z == "B") == sorted(
        f"{n}/32" for n in range(1, 10)
    )
    assert s.cp.left == 17


def test_ftv_3_5_1_the_target_determination_example():
    """Zone D holds the 32nd, 2/32 broken; Duc Co (D2) and the empty road location D5 are targets."""
    s = state(ScriptedDice([1, 1, 1]))
    in_zone(s, "D", *[f"{n}/32" for n in range(1, 10)])
    s.nva["2/32"].step = 4
    assert _nva.priority_targets(s, "D")[:2] == ["D2", "D5"]
    stacks = _nva.consecutive_stacks(s.zone_units("D"))
    assert [[u.id for u in st_] for st_ in stacks] == [
        ["1/32"],
        [f"{n}/32" for n in range(3, 9)],
        ["9/32"],
    ]
    _nva.target_determination(s)
    # Interpretation ftv:3.5.1/example-location: the stacks go to D2 itself, not the printed D3.
    assert [u.id for u in s.board.nva("D2")] == ["1/32", "3/32", "4/32", "5/32", "6/32", "7/32"]
    assert s.box["8/32"] == "D"  # no room for it: it stays in the box
    assert s.where(s.nva["8/32"]) is None
    assert [u.id for u in s.board.nva("D5")] == ["9/32"]
    assert s.where(s.nva["2/32"]) is None  # broken units stay in the box


def test_ftv_3_5_1_a_stack_that_fails_its_roll_stays_and_pleiku_takes_six_without_a_roll():
    s = state(ScriptedDice([4]))
    in_zone(s, "D", "1/32")
    _nva.target_determination(s)
    assert s.where(s.nva["1/32"]) is None
    s = state(ScriptedDice([]))
    in_zone(s, "J", *[f"{n}/32" for n in range(1, 9)])
    _nva.target_determination(s)
    assert len(s.board.nva("Pleiku")) == 6


def test_ftv_3_5_4_1_the_movement_scoring_example():
    s = state(Dice(0))
    a, b = s.nva["1/32"], s.nva["2/32"]
    s.board.place("C6", a, b)
    s.board.place("G4", *[s.us[f"{c}/1/8"] for c in "ABCD"])
    scores = _nva.score_locations(s, "C6", [a, b], broken=False)
    assert {k: scores[k] for k in ("B4", "G2", "G4")} == {"B4": 0, "G2": 1, "G4": 2}
    _nva.ground_movement(s)
    assert s.where(a) == "G4"
    assert s.where(b) == "G4"


def test_ftv_3_5_4_2_broken_units_head_for_cambodia():
    s = state(Dice(0))
    unit = s.nva["1/32"]
    unit.step = 4
    s.board.place("A5", unit)
    scores = _nva.score_locations(s, "A5", [unit], broken=True)
    assert max(scores, key=scores.get).startswith("CAM")


def test_ftv_3_4_3_5_the_zone_entry_example():
    """Zone G: 1/32-8/32 and 101/66-106/66 identified; a company moved C4 -> G2 beside Plei Me (G4)."""
    s = state(ScriptedDice([2, 2, 1, 1, 4]))
    in_zone(s, "G", *[f"{n}/32" for n in range(1, 9)], *[f"{n}/66" for n in range(101, 107)])
    s.start = {"A/1/8": "C4", "Plei Me": "G4"}
    s.board.place("G2", s.us["A/1/8"])
    ambushes = _ground.zone_entry(s, {"G2"})
    assert [u.id for u in s.board.nva("G2")] == [f"{n}/32" for n in range(1, 7)]
    assert [u.id for u in s.board.nva("G1")] == ["7/32", "8/32"]
    assert [u.id for u in s.board.nva("G4")] == [f"{n}/66" for n in range(101, 107)]  # 1 rerolled
    assert ambushes == ["G2"]  # not G4: the garrison was there before


def test_ftv_3_5_2_offboard_results_arrows_and_broken_drift():
    s = state(Dice(0))
    moved = _nva._arrivals(s, "23B")
    assert {s.nva[i].regiment for i in moved} == {32, 33}
    assert all(s.box[i] == "B" for i in moved)
    s = state(Dice(0))
    in_zone(s, "C", "1/32", "2/32")
    s.nva["2/32"].step = 4
    _nva._arrow(s)
    assert s.box["1/32"] == "F"  # the highest adjacent zone one rank up
    assert s.box["2/32"] == "C"  # broken units ignore the result
    _nva._broken_drift(s)
    assert s.box["2/32"] == "B"
    in_zone(s, "A", "3/32")
    s.nva["3/32"].step = 4
    _nva._broken_drift(s)
    assert s.box["3/32"] == EXITED
    s.turn = 15
    assert _nva.offboard_movement(s) == set()


def _with_regiments(regiments: dict[int, list[int]], offboard: dict | None = None):
    scenario = campaign_scenario()
    ft = scenario.first_team
    nva = ft.nva.model_copy(update={"regiments": regiments})
    tables = ft.tables
    if offboard is not None:
        turns = {**tables.offboard.turns, **offboard}
        tables = tables.model_copy(
            update={"offboard": tables.offboard.model_copy(update={"turns": turns})}
        )
    return scenario.model_copy(
        update={"first_team": ft.model_copy(update={"nva": nva, "tables": tables})}
    )


def test_ftv_3_5_2_a_digit_names_the_regiment_whose_number_ends_in_it():
    """Interpretation ftv:3.5.2/regiment-digits: a designer's 101st arrives on a 1 (the engine
    had known only 2, 3 and 6, so a new regiment the designer sent never came)."""
    regiments = {**campaign_scenario().first_team.nva.regiments, 101: [1, 2, 3]}
    scenario = _with_regiments(regiments)
    s = CampaignState(scenario, Dice(0), {}, campaign_crt(), campaign_map())
    moved = _nva._arrivals(s, "16C")
    assert {s.nva[i].regiment for i in moved} == {101, 66}
    assert sum(s.nva[i].regiment == 101 for i in moved) == 3


def test_ftv_3_5_2_the_check_names_regiments_a_digit_cannot_tell_apart():
    from rulebook.games.first_team.checks import setup_problems

    regiments = {**campaign_scenario().first_team.nva.regiments, 42: [1, 2]}
    said = [str(p) for p in setup_problems(_with_regiments(regiments), "mine.yaml")]
    assert said == [
        (
            "mine.yaml: first_team.nva.regiments.42: the 32nd Regiment and the 42nd Regiment "
            "both end in 2, the Offboard Table's digit for a regiment, so its results cannot "
            "tell them apart (ftv:3.5.2B)"
        )
    ]
    row = ["-"] * 10 + ["7B"]
    said = [
        str(p) for p in setup_problems(_with_regiments({32: [1], 33: [1], 66: [1]}, {3: row}), "m")
    ]
    assert said == [
        (
            "m: first_team.tables.offboard.turns.3: roll 12 gives 7B, but no NVA regiment's "
            "number ends in 7 (ftv:3.5.2B)"
        )
    ]
    assert setup_problems(campaign_scenario(), "campaign.yaml") == []


def test_ftv_3_2_2_1_the_check_names_turns_the_intelligence_table_has_no_row_for():
    """A 17-turn campaign on the 15 rows of the table: refused at turns.value, with the turns
    it lacks; a campaign of the table's length or shorter is not."""
    from rulebook.games.first_team.checks import setup_problems

    scenario = campaign_scenario()
    longer = scenario.model_copy(update={"turns": scenario.turns.model_copy(update={"value": 17})})
    said = [str(p) for p in setup_problems(longer, "long.yaml")]
    assert said == [
        (
            "long.yaml: turns.value: the campaign lasts 17 turns, but the Intelligence Table "
            "(ftv:3.2.2.1) has rows for turns 1 to 15 only; give it a row for each later turn "
            "(turns 16 to 17) or play fewer turns"
        )
    ]
    shorter = scenario.model_copy(update={"turns": scenario.turns.model_copy(update={"value": 9})})
    assert setup_problems(shorter, "short.yaml") == []


def test_ftv_3_5_3_the_second_determination_takes_only_units_that_moved():
    s = state(ScriptedDice([1]))
    in_zone(s, "D", "1/32", "5/33")
    _nva.target_determination(s, only={"5/33"}, rule="ftv:3.5.3")
    assert s.where(s.nva["5/33"]) == "D2"
    assert s.where(s.nva["1/32"]) is None


def test_ftv_3_5_7_evasion_when_the_us_is_stronger():
    s = state(ScriptedDice([6, 1]))
    s.board.place("F3", s.nva["1/32"], s.nva["2/32"])
    s.board.place("F3", *[s.us[f"{c}/1/8"] for c in "ABCD"])
    s.nva["2/32"].step = 2  # 6-2: a roll of 1 is below its efficiency
    gone = _nva.evade(s, "F3")
    assert gone == ["1/32"]  # 6 >= 3 evades; 1 < 2 stays
    assert s.box["1/32"] == "F"


def test_ftv_5_1_sole_possession_scores_and_pleiku_ends_the_game():
    s = state(Dice(0))
    s.board.place("D5", s.nva["1/32"])
    s.board.place("C6", s.nva["2/32"])
    s.score_possession()
    assert s.vp == 1  # a road location; C6 scores nothing
    s.board.place("CAM1", s.nva["3/32"])
    s.score_possession()
    assert s.vp == 2  # CAM 1 is excluded
    s.board.place("Pleiku", s.nva["4/32"])
    from rulebook.games.first_team._state import GameOver

    with pytest.raises(GameOver):
        s.score_possession()
    assert s.ending == "NVA Strategic"


def test_ftv_5_2_victory_levels():
    assert [victory_level(v) for v in (45, 30, 12, 0, -14, -15, -40)] == [
        "NVA Tactical", "NVA Tactical", "NVA Limited", "Draw", "Draw", "US Tactical", "US Tactical",
    ]  # fmt: skip


def test_ftv_2_7_c_and_ftv_3_8_units_out_of_supply_do_not_shed_fatigue():
    s = state(Dice(0))
    pleiku, camp, home = s.us["A/1/8"], s.us["B/1/8"], s.us["C/1/8"]
    for unit in (pleiku, camp, home):
        unit.fatigue = 3
    s.board.place("Pleiku", pleiku)
    s.board.place("G4", camp)
    s.board.place(AN_KHE, home)
    _flow.fatigue_reduction(s)
    assert (pleiku.fatigue, camp.fatigue) == (3, 3)  # no supply marker: no recovery
    assert home.fatigue == 1  # An Khe is always in supply (ftv:2.7B)
    assert "out of supply and cannot shed fatigue" in " ".join(step.text for step in s.trace)
    s.board.supply["G4"] = 1
    _flow.fatigue_reduction(s)
    assert (pleiku.fatigue, camp.fatigue) == (3, 1)


def test_ftv_3_8_rest_removes_two_fatigue_where_it_is_safe():
    s = state(Dice(0))
    rested, moved, crowded = s.us["A/1/8"], s.us["B/1/8"], s.us["C/1/8"]
    for unit in (rested, moved, crowded):
        unit.fatigue = 3
    s.board.place("Pleiku", rested, moved)
    s.board.place("G4", crowded)
    s.board.place("G4", s.nva["1/32"])
    s.board.supply["Pleiku"] = 2  # in supply: out of supply, no one rests (ftv:2.7C)
    s.moved.add(moved.id)
    _flow.fatigue_reduction(s)
    assert (rested.fatigue, moved.fatigue, crowded.fatigue) == (1, 3, 3)


def test_ftv_3_9_and_ftv_2_7_each_location_on_the_map_uses_a_step():
    s = state(Dice(0))
    s.board.supply.update({"D2": 2, "G4": 1})
    _flow.final_supply(s)
    assert s.board.supply == {"D2": 1}


def test_ftv_3_1_and_ftv_3_3_cps_reset_and_buy_supply():
    game = new_campaign(seed=1)
    policy = scripted_policy()
    while game.phase != "supply":
        game.apply(policy(game))
    assert game.board.cp.left <= 20
    before = game.board.board.supply.get(AN_KHE, 0)
    game.play("buy-supply")
    assert game.board.board.supply[AN_KHE] == before + 2


def test_ftv_7_0_set_up():
    game = new_campaign(seed=2)
    s = game.board
    assert [u.id for u in s.board.us("G4")] == ["Plei Me"]
    assert s.board.supply == {"D2": 2, "G4": 2}
    assert len(s.unknown()) == 21
    assert len(s.board.us(AN_KHE)) == len([u for u in s.us.values() if not u.garrison])
    assert game.current_player() == "us"
    assert game.legal_actions()[0].verb == "place-lz"


def play(game: CampaignGame, policy, check=None) -> CampaignGame:
    while not game.is_over():
        game.apply(policy(game))
        if check:
            check(game)
    return game


def check_invariants(game: CampaignGame) -> None:
    s = game.board
    assert 0 <= s.cp.left <= 20
    assert all(1 <= u.step <= 5 for u in s.nva.values())
    for loc in s.map.locations:
        us = s.board.us(loc)
        if s.map.in_cambodia(loc) and not s.options.get("invasion_of_cambodia"):
            assert not us, loc
        assert len(s.board.nva(loc)) <= 6, loc
    for uid, zone in s.box.items():
        if s.where(s.nva[uid]) is None:
            assert zone in ("unknown", "exited") or zone in "ABCDEFGHIJ"


def check_stacking_after_segments(game: CampaignGame) -> None:
    check_invariants(game)
    s = game.board
    if game.current_player() == "us" and game.decision.rule in (
        "ftv:3.4.4",
        "ftv:3.4.5",
        "ftv:3.5.8",
    ):
        for loc in s.map.locations:
            mix = s.options.get("us_stacking_mix", "battalion")
            assert stacking_problem(s.board.us(loc), mix=mix) is None, loc


OPTIONS = st.fixed_dictionaries(
    {name: st.sampled_from(option.choices) for name, option in campaign_scenario().options.items()}
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), options=OPTIONS)
def test_random_campaigns_keep_every_invariant_and_score_by_5_2(seed, options):
    """Any seed, any combination of the scenario's options and optional rules."""
    game = play(
        new_campaign(seed=seed, options=options),
        random_policy(random.Random(seed)),
        check_stacking_after_segments,
    )
    outcome = game.outcome()
    if outcome["level"] != "NVA Strategic":
        assert outcome["turns"] == 15
        assert outcome["level"] == victory_level(outcome["nva_vp"])


def test_scripted_campaigns_end_and_replay_identically():
    game = play(new_campaign(seed=7), scripted_policy(), check_invariants)
    again = replay_campaign(campaign_scenario(), 7, game.history)
    assert again.log_text() == game.log_text()
    assert again.board.summary() == game.board.summary()
    restored = CampaignGame.from_json(game.to_json())
    assert restored.outcome() == game.outcome()
    assert game.outcome()["turns"] == 15


def test_every_nva_decision_is_explained_with_its_rule():
    game = play(new_campaign(seed=3), scripted_policy())
    rules = {step.rule for entry in game.log for step in entry.trace}
    for case in (
        "ftv:3.5.1",
        "ftv:3.5.2",
        "ftv:3.5.4.1",
        "ftv:5.1",
        "ftv:5.2",
        "ftv:3.1",
        "ftv:3.9",
    ):
        assert case in rules, case


def drive(flow, *notations: str) -> None:
    """Run a flow, answering with *notations* in order, then ending each loop (done / fight) and
    taking the first offer of the player's picks (fatigue, retreat, breaks, lifting transports)."""
    from rulebook.games._decisions import Action

    answers = list(notations)
    decision = next(flow, None)
    while decision is not None:
        if answers:
            action = Action.from_notation(answers.pop(0))
            assert action in decision.options, (action, decision.prompt, decision.options[:10])
        else:
            action = next(
                a
                for a in decision.options
                if a.verb
                in (
                    "done",
                    "fight",
                    "retreat",
                    "fatigue",
                    "lift",
                    "check",
                    "break",
                    "lose",
                    "to-refit",
                    "shot-down",
                )
            )
        try:
            decision = flow.send(action)
        except StopIteration:
            decision = None
    assert not answers, f"never asked for {answers}"


def offered(flow) -> set[str]:
    """What the flow offers at its first question (nothing if 'done' was the only choice)."""
    try:
        return {str(a) for a in next(flow).options}
    except StopIteration:
        return set()


def test_ftv_3_2_and_ftv_3_2_1_landing_zones_then_one_attempt_a_turn():
    s = state(ScriptedDice([6]))
    s.lz_markers.update({"C1": True, "C2": False})
    drive(_command.intelligence_phase(s), "find-lz C1", "find-lz C2", "identify 0")
    assert s.board.revealed_lz == {"C1"}
    assert s.lz_markers == {}
    assert s.cp.left == 17
    again = _command.intelligence_phase(s)
    assert "identify 0" in offered(again)  # a new phase (a new turn) allows a new attempt


def test_ftv_3_4_1_air_strikes_cost_two_and_b52s_are_used_once():
    s = state(ScriptedDice([1, 1, 1, 1]))
    s.board.place("F3", s.nva["1/32"])
    drive(_air_strikes.air_strike_segment(s), "strike F3 B52-1")
    assert s.cp.left == 18
    assert s.support["B52-1"].box == "gone"
    assert "strike F3 B52-2" not in offered(_air_strikes.air_strike_segment(s))  # once per turn


def test_ftv_3_4_2_1_and_ftv_3_4_2_2_and_ftv_3_4_6_hot_landings_ambush_and_helicopters_tire():
    s = state(Dice(4))
    s.board.revealed_lz.add("F3")
    s.board.place("F3", s.nva["1/32"])
    s.board.place(AN_KHE, s.us["A/1/8"])
    drive(_transport.transport_segment(s, first=True), "fly A/1/8 F3")
    rules = [step.rule for step in s.trace]
    assert "ftv:3.4.2.1" in rules
    assert "ftv:4.1.3" in rules  # the NVA fire with the ambush shifts
    used = [u for u in s.support.values() if u.kind == "transport" and u.fatigued]
    assert len(used) == 1
    assert used[0].box == "an-khe"
    used[0].fatigued = True
    s.board.place(AN_KHE, s.us["B/1/8"])
    drive(_transport.transport_segment(s, first=False), "fly B/1/8 Pleiku")
    assert used[0].box == "refit"  # flown again while fatigued: it goes to the Refit Box
    assert "ftv:3.4.6" in [step.rule for step in s.trace]


def test_ftv_3_4_2_3_pathfinders_make_a_landing_zone_for_the_segment():
    s = state(Dice(1))
    s.board.place("C3", s.nva["1/32"])
    s.board.place(AN_KHE, s.us["A/1/8"])
    flow = _transport.transport_segment(s, first=True)
    assert "pathfinder C4" in offered(flow)
    drive(_transport.transport_segment(s, first=True), "pathfinder C4", "fly A/1/8 C4")
    assert s.where(s.us["A/1/8"]) == "C4"


def test_ftv_3_4_3_4_walking_into_the_nva_alone_is_an_ambush():
    s = state(Dice(2))
    s.board.place("E1", s.us["A/1/8"])
    s.board.place("E2", s.nva["1/32"])
    drive(_ground.ground_movement_segment(s), "move A/1/8 E2")
    rules = [step.rule for step in s.trace]
    assert "ftv:3.4.3.4" in rules
    assert "ftv:4.1.3" in rules


def test_ftv_3_4_3_6_evasion_is_checked_after_movement():
    s = state(Dice(3))
    s.board.place("E2", s.nva["1/32"], s.us["A/1/8"], s.us["B/1/8"], s.us["C/1/8"])
    drive(_ground.ground_movement_segment(s))
    assert "ftv:3.4.3.6" in [step.rule for step in s.trace]


def test_ftv_3_4_5_only_supplied_units_not_under_hold_may_attack():
    s = state(Dice(0))
    s.board.place("E2", s.nva["1/32"], s.us["A/1/8"])
    assert "attack E2" not in offered(_open_combat.support_and_combat_segment(s))  # no supply
    s.board.supply["E2"] = 2
    assert "attack E2" in offered(_open_combat.support_and_combat_segment(s))
    s.us["A/1/8"].hold = True
    assert "attack E2" not in offered(_open_combat.support_and_combat_segment(s))
    s.board.place("G4", s.nva["2/32"])
    s.board.supply["G4"] = 2
    assert "attack G4" in offered(
        _open_combat.support_and_combat_segment(s)
    )  # a camp counts as HOLD yet attacks


def test_ftv_3_5_4_and_ftv_3_5_4_3_moving_onto_abandoned_supply_restores_steps():
    s = state(Dice(0))
    unit = s.nva["1/32"]
    unit.step = 3
    s.board.place("C6", unit)
    s.board.remove(s.us["Plei Me"])  # the camp stands empty, its supply left behind
    s.board.supply["G4"] = 2
    s.entered = {}
    _nva.ground_movement(s)
    assert "ftv:3.5.4.1" in [step.rule for step in s.trace]
    assert s.where(unit) == "G4"  # camp, road and zone G: the best score
    assert "G4" not in s.board.supply  # both steps consumed
    assert unit.step == 1  # two steps regained, never past full strength


def test_ftv_3_5_5_nva_entering_a_us_only_location_may_ambush():
    s = state(ScriptedDice([3, *[1] * 10]))
    s.board.place("E2", s.us["A/1/8"])
    before = {"E2": True}
    s.board.place("E2", s.nva["1/32"])
    s.entered = {"E2": {"1/32"}}
    drive(_nva_assault._nva_ambushes(s, before))
    text = " ".join(step.text for step in s.trace if step.rule == "ftv:3.5.5")
    assert "roll 3 against 3: ambush" in text


def test_ftv_3_5_6_nva_open_combat_checks_for_night():
    s = state(Dice(5))
    s.board.place("E2", s.nva["1/32"], s.us["A/1/8"])
    drive(_fight.fight(s, "E2", attacker="nva", nva_open_combat=True))
    assert "ftv:4.1.7" in [step.rule for step in s.trace]


def test_ftv_3_5_8_maintenance_readies_helicopters_and_refit_costs_a_cp():
    s = state(Dice(0))
    tired, broken = s.support["TRA-A/227"], s.support["TRA-B/227"]
    tired.fatigued = True
    broken.box, broken.fatigued = "refit", True
    drive(_nva_assault.maintenance(s), "refit TRA-B/227")
    assert not tired.fatigued
    assert broken.box == "an-khe"
    assert s.cp.left == 19


def test_ftv_3_4_3_1_two_road_lines_make_a_double_move_unless_the_nva_block_the_first():
    s = state(Dice(0))
    unit = s.us["A/1/8"]
    s.board.place("F1", unit)
    assert s.map.line("F1", "F2") == s.map.line("F2", "F5") == "road"
    assert "move A/1/8 F2 F5" in offered(_ground.ground_movement_segment(s))
    s.board.place("F2", s.nva["1/32"])
    assert "move A/1/8 F2 F5" not in offered(_ground.ground_movement_segment(s))
    s.board.remove(s.nva["1/32"])
    drive(_ground.ground_movement_segment(s), "move A/1/8 F2 F5")
    assert s.where(unit) == "F5"
    assert unit.fatigue == 1  # roads cost nothing; without a supply counter, one in all


def test_ftv_3_4_3_3_a_stack_carries_its_supply_counter_and_moves_together():
    s = state(Dice(0))
    a, b = s.us["A/1/8"], s.us["B/1/8"]
    s.board.place("D4", a, b)
    s.board.supply["D4"] = 3
    flow = _ground.ground_movement_segment(s)
    assert {"stack D4 D5 supply", "stack D4 D5", "move A/1/8 D5 supply"} <= offered(flow)
    drive(_ground.ground_movement_segment(s), "stack D4 D5 supply")
    assert s.where(a) == s.where(b) == "D5"
    assert s.board.supply["D5"] == 2
    assert s.board.supply["D4"] == 1
    cost = s.map.fatigue_cost("D4", "D5")
    assert a.fatigue == b.fatigue == cost  # supplied: the line's cost only (ftv:3.4.3D)


def test_ftv_3_4_3_d_moving_without_a_supply_counter_costs_one_more():
    s = state(Dice(0))
    unit = s.us["A/1/8"]
    s.board.place("D4", unit)
    s.board.supply["D4"] = 2
    drive(_ground.ground_movement_segment(s), "move A/1/8 D5")
    assert unit.fatigue == s.map.fatigue_cost("D4", "D5") + 1
    assert s.board.supply.get("D4") == 2  # the counter stayed behind


def test_ftv_3_4_2_a_a_helicopter_flies_out_and_back_in_one_segment_and_hops_for_a_cp():
    s = state(Dice(0))
    helicopters = [u for u in s.support.values() if u.kind == "transport" and u.id != "TRA-1/9"]
    s.board.place(AN_KHE, s.us["A/1/8"])
    s.board.place("Pleiku", s.us["B/1/8"])
    drive(
        _transport.transport_segment(s, first=True),
        "fly A/1/8 G4",
        "fly B/1/8 AnKhe",
        "hop A/1/8 D2",
    )
    assert s.where(s.us["A/1/8"]) == "D2"
    assert s.where(s.us["B/1/8"]) == AN_KHE
    assert s.cp.left == 19  # only the hop costs
    tired = [h for h in helicopters if h.fatigued]
    assert len(tired) == 2  # one made the round trip, one the hop
    assert "A/1/8" in s.flown


def test_ftv_3_4_2_a_supply_hops_between_landing_zones():
    s = state(Dice(0))
    s.board.place("Pleiku", s.us["A/2/12"])
    s.board.supply["G4"] = 2
    drive(_transport.transport_segment(s, first=True), "hop-supply G4 Pleiku")
    assert s.board.supply.get("Pleiku") == 2
    assert "G4" not in s.board.supply
    assert s.cp.left == 19


def test_ftv_4_1_4_us_locations_support_one_fight_a_segment_for_a_supply_step():
    s = state(Dice(2))
    s.board.place("D4", s.us["A/1/8"], s.nva["1/32"])
    s.board.place("D5", s.us["B/1/8"])
    s.board.supply.update({"D4": 2, "D5": 2})
    assert "support-from D5" in offered(_fight.fight(s, "D4", attacker="us"))
    drive(_fight.fight(s, "D4", attacker="us"), "support-from D5")
    assert s.board.supply["D5"] == 1
    shifts = [st for st in s.trace if st.rule == "ftv:4.1.4"]
    assert any("supported from 1 adjacent" in st.text for st in shifts)
    assert "D5" not in _fire_support.us_supporters(s, "D4")  # used once this segment
    s.supporting = {}
    s.board.supply.pop("D5")
    assert "D5" not in _fire_support.us_supporters(s, "D4")  # no supply step left to pay with


def test_ftv_4_1_4_c_an_nva_location_supports_only_its_highest_priority_fight():
    """NVA at G3 touch fights at G4 (Plei Me, a camp) and G2: they support G4 alone."""
    s = state(Dice(0))
    s.board.place("G3", s.nva["9/32"])
    s.board.place("G4", s.nva["1/32"])  # beside the Plei Me garrison
    s.board.place("G2", s.nva["2/32"], s.us["B/1/8"])
    assert _fire_support.nva_supporters(s, "G4") == 1
    assert _fire_support.nva_supporters(s, "G2") == 0
    s.board.remove(s.nva["1/32"])  # no fight at G4 any more: G3 now supports G2
    assert _fire_support.nva_supporters(s, "G2") == 1
    s.rocketed.add("G3")  # unless aero-rockets have hit G3 this segment (ftv:4.1.4A)
    assert _fire_support.nva_supporters(s, "G2") == 0
