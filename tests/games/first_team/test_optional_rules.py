"""The campaign's options: section 6's optional rules, the house rule and the play notes."""

from __future__ import annotations

import random

import pytest

from rulebook.dice import Dice, ScriptedDice
from rulebook.games.first_team import (
    _air_strikes,
    _fight,
    _ground,
    _nva,
    _nva_assault,
    _optional,
    campaign_crt,
    campaign_map,
    campaign_scenario,
)
from rulebook.games.first_team._state import CampaignState
from rulebook.games.first_team.engine import CampaignGame, new_campaign
from rulebook.games.first_team.policy import random_policy

from .test_campaign import check_invariants, drive, in_zone, offered, play


def state(dice, **options) -> CampaignState:
    s = CampaignState(campaign_scenario(), dice, options, campaign_crt(), campaign_map())
    s.board.place("D2", s.us["Duc Co"])
    s.board.place("G4", s.us["Plei Me"])
    _optional.attach_batteries(s)
    return s


def test_ftv_6_2_1_a_battery_rides_with_the_first_company_and_passes_on_when_it_breaks():
    s = state(Dice(0), nva_artillery=True)
    assert {r: b.company for r, b in s.batteries.items()} == {
        32: "1/32",
        33: "1/33",
        66: "101/66",
    }
    s.board.place("F3", s.nva["1/32"])
    assert _optional.batteries_at(s, "F3") == [s.batteries[32]]
    s.nva["1/32"].step = 4  # broken
    s.nva["2/32"].step = 4
    _optional.battery_upkeep(s)
    assert s.batteries[32].company == "3/32"  # 2/32 is broken too: the next unbroken one up
    assert _optional.batteries_at(s, "F3") == []  # it went with 3/32, off the map
    s.nva["3/32"].step = 5  # eliminated
    _optional.battery_upkeep(s)
    assert s.batteries[32].eliminated
    assert s.extra_nva_eliminated == 0  # lost with its company, not with its regiment


def test_ftv_6_2_1_d_a_regiment_wiped_out_takes_its_battery_and_counts_one_more_company():
    s = state(Dice(0), nva_artillery=True)
    before = s.final_vp()["NVA units eliminated"]
    for unit in s.nva.values():
        if unit.regiment == 33:
            unit.step = 5
    _optional.battery_upkeep(s)
    assert s.batteries[33].eliminated
    assert s.final_vp()["NVA units eliminated"] == before - 3 * (
        sum(1 for u in s.nva.values() if u.regiment == 33) + 1
    )


def test_ftv_6_2_1_without_the_option_there_are_no_batteries():
    s = state(Dice(0))
    assert s.batteries == {}


def _fight_with_a_gunship(face: int) -> CampaignState:
    s = state(ScriptedDice([face] * 40), nva_artillery=True)
    s.board.place("F3", s.nva["1/32"], s.nva["2/32"], s.us["A/1/8"], s.us["B/1/8"])
    s.board.supply["F3"] = 2
    drive(_fight.fight(s, "F3", attacker="us"), "commit GUN-D/227 1")
    return s


def test_ftv_6_2_2_aa_guns_destroy_a_committed_helicopter_on_a_starred_result():
    starred = 0
    for face in range(1, 7):
        s = _fight_with_a_gunship(face)
        nva_results = [
            step.text for step in s.trace if step.rule.startswith("ftv:4.2") and "*" in step.text
        ]
        lost = "ftv:6.2.2" in [step.rule for step in s.trace]
        star = any("NVA" in t or "helicopter" in t for t in nva_results)
        assert lost == bool(s.aircraft_destroyed), face
        if lost:
            starred += 1
            assert star, face
            assert s.aircraft_destroyed == ["GUN-D/227"]
            assert s.support["GUN-D/227"].box == "gone"
            assert s.vp == 25  # interpretation ftv:6.2.2/vp
        assert s.batteries[32].fired  # it shifted the NVA fire, so it flips (ftv:6.2.1E)
    assert starred, "no die face gave the NVA a starred result: the test proves nothing"


def test_ftv_6_2_1_e_and_ftv_3_5_8_fired_batteries_recover_in_maintenance():
    s = state(Dice(0), nva_artillery=True)
    s.batteries[32].fired = True
    drive(_nva_assault.maintenance(s))
    assert not s.batteries[32].fired


def test_ftv_6_1_cambodia_is_closed_without_the_option():
    s = state(Dice(0))
    s.board.place("A1", s.us["A/1/8"])
    s.board.place("CAM1", s.nva["1/32"])
    assert not any("CAM" in o for o in offered(_ground.ground_movement_segment(s)))
    assert not any("CAM" in o for o in offered(_air_strikes.air_strike_segment(s)))


def test_ftv_6_1_entering_cambodia_scores_ten_then_five_a_turn_for_air():
    s = state(Dice(1), invasion_of_cambodia=True)
    cambodian = [n for n in s.map.neighbors("A1") if s.map.in_cambodia(n)]
    assert cambodian, "the reconstructed map should join zone A to Cambodia"
    s.board.place("A1", s.us["A/1/8"])
    s.board.place("CAM1", s.nva["1/32"])
    assert f"move A/1/8 {cambodian[0]}" in offered(_ground.ground_movement_segment(s))
    assert any("CAM1" in o for o in offered(_air_strikes.air_strike_segment(s)))
    _optional.us_in_cambodia(s, cambodian[0], air=False)
    assert s.vp == 10
    _optional.us_in_cambodia(s, "CAM1", air=True)
    assert s.vp == 10  # the same turn scores once
    s.turn = 2
    _optional.us_in_cambodia(s, cambodian[0], air=False)
    assert s.vp == 10  # later turns score only for air
    _optional.us_in_cambodia(s, "CAM1", air=True)
    _optional.us_in_cambodia(s, "CAM1", air=True)
    assert s.vp == 15
    _optional.us_in_cambodia(s, "A3", air=True)
    assert s.vp == 15  # not in Cambodia


def test_ftv_3_5_1_common_sense_holds_back_a_zone_too_weak_for_its_target():
    """Play note of 3.5.1, option target_common_sense (interpretation ftv:3.5.1/common-sense)."""
    for choice, goes in (("always", True), ("strength-check", False)):
        s = state(ScriptedDice([1] * 5), target_common_sense=choice)
        in_zone(s, "D", "1/32")
        s.board.place("D2", s.us["A/1/8"], s.us["B/1/8"])
        assert _nva.priority_targets(s, "D")[0] == "D2"
        assert sum(u.strength for u in s.board.us("D2")) > s.nva["1/32"].strength
        s.phase = "first NVA assault"
        _nva.target_determination(s)
        assert (s.where(s.nva["1/32"]) == "D2") is goes, choice
    s.turn, s.phase = 15, "second NVA assault"  # the last NVA phase: they go anyway
    _nva.target_determination(s)
    assert s.where(s.nva["1/32"]) == "D2"


@pytest.mark.parametrize("choice", ["not-used", "used"])
def test_ftv_3_5_2_the_house_rule_moves_weak_idle_stacks_a_rank_up(choice):
    s = state(ScriptedDice([1, 1, 1]), offboard_house_rule=choice)
    s.turn = 3
    assert s.spec.tables.offboard.turns[3][0] == "-"  # a 2 on the table: nothing arrives
    in_zone(s, "C", "1/32")
    in_zone(s, "E", "1/33", "2/33")  # 16 SP or more is strong enough to stay
    assert s.nva["1/32"].strength < 16 <= s.nva["1/33"].strength + s.nva["2/33"].strength
    moved = _nva.offboard_movement(s)
    up = s.map.zone_up("C")
    if choice == "used":
        assert moved == {"1/32"}
        assert s.box["1/32"] == up
    else:
        assert moved == set()
        assert s.box["1/32"] == "C"
    assert s.box["1/33"] == s.box["2/33"] == "E"


def test_ftv_3_5_7_the_per_stack_evasion_option_rolls_once():
    for choice, rolls in (("per-unit", 2), ("per-stack", 1)):
        s = state(Dice(5), evasion_roll=choice)
        s.board.place("E2", s.nva["1/32"], s.nva["2/32"])
        s.board.place("E2", *[s.us[f"{c}/1/8"] for c in "ABCD"])
        for uid in ("1/32", "2/32"):
            s.nva[uid].step = 3  # worn down: the US ground strength is now the greater
        assert sum(u.strength for u in s.board.us("E2")) > sum(
            u.strength for u in s.board.nva("E2")
        )
        _nva.evade(s, "E2")
        assert len([r for r in s.dice.rolls if r.label == "ftv:3.5.7"]) == rolls, choice


@pytest.mark.parametrize("seed", [3, 11])
def test_campaigns_with_every_option_on_keep_the_invariants(seed):
    options = {
        "nva_artillery": True,
        "invasion_of_cambodia": True,
        "target_common_sense": "strength-check",
        "offboard_house_rule": "used",
        "evasion_roll": "per-stack",
    }
    game = play(
        new_campaign(seed=seed, options=options),
        random_policy(random.Random(seed)),
        check_invariants,
    )
    assert game.is_over()
    restored = CampaignGame.from_json(game.to_json())  # the options travel with the record
    assert restored.board.summary() == game.board.summary()
    rules = {step.rule for entry in game.log for step in entry.trace}
    assert "ftv:6.2.1" in rules  # the batteries were attached and followed


@pytest.mark.parametrize(("choice", "segments"), [("repeat-3-5", 2), ("without-maintenance", 1)])
def test_ftv_3_7_the_second_nva_phase_with_or_without_maintenance(choice, segments):
    game = new_campaign(seed=2, options={"nva_phase_steps": choice})
    policy = random_policy(random.Random(2))
    while game.board.turn < 2 and not game.is_over():
        game.apply(policy(game))
    steps = [s for e in game.log if e.turn == 1 for s in e.trace]
    readied = [s for s in steps if s.rule == "ftv:3.5.8" and "combat-ready again" in s.text]
    assert len(readied) == segments
