"""Ambush Valley's procedures, each against the book's rule and worked examples where it has them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulebook.dice import Dice, ScriptedDice
from rulebook.games.ambush_valley.checks import Check, spotting_check
from rulebook.games.ambush_valley.hazards import (
    booby_trap_cards,
    booby_trap_check,
    claymore_range,
    resolve_claymore,
    tripwire_check,
)
from rulebook.games.ambush_valley.solo import Situation, decide, may_act
from rulebook.games.ambush_valley.support import (
    IlluminationState,
    fire_mission_check,
    napalm,
    slap_flare,
)
from rulebook.games.ambush_valley.troops import (
    AmbushSituation,
    ambush_eligibility,
    civilian_fire_allowed,
    kit_carson_reliability,
    medic_light_wound,
    morale_shock_applies,
    serious_wound_survival,
    spotting_range,
    takes_morale_tests,
    vc_casualty,
    vc_casualty_odds,
)
from rulebook.games.ambush_valley.tunnels import TunnelNetwork, arrival_odds, neutralise_losses_odds
from rulebook.trace import Trace


def test_av_spotting_charlie_the_books_three_examples():
    """av:spotting-charlie, av:kit-carson-scout: a D8 scout needs 4+ on a D8; into Heavy Foliage
    he rolls a D6; D10 Green Berets spotting into Heavy Foliage roll a D8."""
    assert spotting_check(8).rolled_die == 8
    assert spotting_check(8, heavy_foliage=True).rolled_die == 6
    assert spotting_check(10, heavy_foliage=True).rolled_die == 8
    assert spotting_check(8).need == 4
    assert spotting_check(8).odds() == Fraction(5, 8)


def test_av_night_fighting_and_av_pointman_shift_the_spotting_die():
    """av:night-fighting: without night eyes, one type lower at night; av:pointman: one type
    higher, on range and die (interpretation av:pointman/spotting)."""
    assert spotting_check(8, night=True).rolled_die == 6
    assert spotting_check(8, night=True, night_eyes=True).rolled_die == 8
    assert spotting_check(8, pointman=True).rolled_die == 10
    assert spotting_range(8, pointman=True) == 10
    assert (
        spotting_check(6, heavy_foliage=True, night=True).rolled_die == 6
    )  # the ladder stops at D6
    assert spotting_check(8, vc_improved_tactics=2).modifier == -1


def test_a_check_rolls_with_its_rule_and_re_rolls_only_failures():
    dice = ScriptedDice([2, 5])
    result = Check(8, rerolls=1).roll(dice, "av:pointman", "spot")
    assert result.passed
    assert result.rolls == (2, 5)
    assert "assumed core target" in result.trace[0].text
    assert Check(8, rerolls=1).roll(ScriptedDice([6]), "av:pointman", "spot").rolls == (6,)


def test_av_booby_traps_the_books_examples_and_specialists():
    """av:booby-traps: D8 Marines at Cautious need 4+ on a D8; D8 Rangers in dense jungle roll
    a D6; Rapid movers get no roll unless a KCS is with them; non-trap cards allow none;
    re-rolls do not stack (interpretation av:booby-traps/rerolls)."""
    assert booby_trap_check(8).rolled_die == 8
    assert booby_trap_check(8, card="Spike Board", difficult_terrain=True).rolled_die == 6
    assert booby_trap_check(8, speed="rapid") is None
    with_kcs = booby_trap_check(8, speed="rapid", kit_carson=True)
    assert with_kcs is not None
    assert with_kcs.rerolls == 0  # no re-roll at Rapid
    assert booby_trap_check(8, kit_carson=True).rerolls == 1
    assert booby_trap_check(8, pointman=True, scout_dog=True).rerolls == 1
    assert booby_trap_check(8, card="Sniper") is None
    assert booby_trap_check(8, night=True).rolled_die == 6


def test_av_booby_traps_card_allowance():
    """av:booby-traps, av:building-the-insurgency: D8 cards for Local Force, D6 Main Force, +1 for artists."""
    assert booby_trap_cards("Local Force").mean() == Fraction(9, 2)
    assert booby_trap_cards("Main Force", artists=True)[7] == Fraction(1, 6)
    with pytest.raises(ValueError, match="no booby trap allowance"):
        booby_trap_cards("ARVN")


def test_av_claymores_range_test_and_attack():
    """av:claymores: twice the firer's Optimum Range, a TQ test, then 8D8."""
    assert claymore_range(10) == 20
    out = resolve_claymore(ScriptedDice([5]), 10, 18)
    assert out.fired
    assert out.attack == (8, 8)
    assert not resolve_claymore(ScriptedDice([]), 10, 21).fired  # out of reach, no roll
    assert not resolve_claymore(ScriptedDice([2]), 10, 5).fired  # the test failed


def test_av_nva_sappers_avoid_and_turn_a_claymore():
    """av:nva-sappers: a TQ test leaves it untriggered; a second at -2 turns it on the firer;
    failing the second means the sappers take it."""
    turned = resolve_claymore(ScriptedDice([6, 4, 6]), 8, 10, target_is_sapper=True)
    assert turned.victim == "firer"
    hit = resolve_claymore(ScriptedDice([6, 4, 3]), 8, 10, target_is_sapper=True)
    assert hit.victim == "target"
    blasted = resolve_claymore(ScriptedDice([6, 1]), 8, 10, target_is_sapper=True)
    assert blasted.victim == "target"


def test_av_trip_flares_and_av_improvised_alarms_reach_twice_the_defenders_range():
    """av:trip-flares, av:improvised-alarms: a mover within 2 x OR tests; VC Improved Tactics helps."""
    assert tripwire_check(8, distance=16, defender_tq=8) is not None
    assert tripwire_check(8, distance=17, defender_tq=8) is None
    assert tripwire_check(6, distance=5, defender_tq=8, vc_improved_tactics=1).rolled_die == 8


def test_av_fire_missions_the_nva_worked_example_and_free_world_modifiers():
    """av:fire-missions: an NVA leader with a radio calling on a designated target nets -1."""
    nva = fire_mission_check(8, side="nva", radio=True, designated_target=True)
    assert nva.modifier == -1
    assert nva.odds() == Fraction(4, 8)
    assert fire_mission_check(8, side="nva", radio=True, field_telephone=True).modifier == -1
    fw = fire_mission_check(8, side="free-world", actual_fo=True, anzac=True)
    assert (fw.modifier, fw.rerolls) == (2, 1)
    assert (
        fire_mission_check(8, side="free-world", arvn=True, squad_leader_or_lower=True).modifier
        == -2
    )
    with pytest.raises(ValueError, match="radio operator"):
        fire_mission_check(8, side="free-world", has_rto=False)
    with pytest.raises(ValueError, match="VC never have"):
        fire_mission_check(8, side="vc")


def test_av_napalm_attacks_fire_and_morale():
    """av:napalm: 8D10 on the target, 6D10 within 10 in, insurgents pinned, two canisters a strike."""
    effect = napalm(
        "VC cell",
        target_side="vc",
        within_splash=("US team",),
        other_units_of_force=("VC MG",),
        canisters=4,
    )
    assert effect.primary == (8, 10)
    assert effect.splash == (6, 10)
    assert effect.pinned == ("VC cell",)
    assert effect.morale_checks == ("VC MG",)
    assert effect.canisters_left == 2
    with pytest.raises(ValueError, match="needs 2 canisters"):
        napalm("x", target_side="nva", canisters=1)


def test_av_illumination_and_av_slap_flares():
    """av:illumination: a successful request lights two turns; av:slap-flares: once a game."""
    state, trace = IlluminationState(), Trace()
    assert state.request_offboard(ScriptedDice([4]), 8, has_radio=True, trace=trace)
    assert not state.night_effects
    state.end_turn()
    state.end_turn()
    assert state.night_effects
    assert slap_flare(state, "1st squad", 8, ScriptedDice([2]), trace) is False
    assert slap_flare(state, "1st squad", 8, ScriptedDice([5]), trace) is True
    assert not state.night_effects
    with pytest.raises(ValueError, match="already fired"):
        slap_flare(state, "1st squad", 8, ScriptedDice([5]), trace)
    with pytest.raises(ValueError, match="radio"):
        state.request_offboard(ScriptedDice([6]), 8, has_radio=False, trace=trace)


def test_av_ambush_eligibility():
    """av:ambush: hidden in a feature, beyond the target's OR, unspotted; not against a KCS or Pointman."""
    ok = AmbushSituation("vc", True, True, True, False)
    assert ambush_eligibility(ok)[0]
    assert not ambush_eligibility(AmbushSituation("us", True, True, True, False))[0]
    assert not ambush_eligibility(AmbushSituation("nva", True, True, False, False))[0]
    blocked = AmbushSituation("vc", True, True, True, False, target_has_pointman=True)
    assert "cannot be ambushed" in ambush_eligibility(blocked)[1]


def test_av_medic_serious_and_light_wounds():
    """av:medic: left alone a seriously wounded figure dies on a 1 each turn; a medic within 6 in helps a stationary unit."""
    assert serious_wound_survival(3) == Fraction(125, 216)
    assert serious_wound_survival(3, with_medic=True) == 1
    assert medic_light_wound(8, stationary=True, medic_within=6) is not None
    assert medic_light_wound(8, stationary=False, medic_within=2) is None


def test_av_kit_carson_scout_may_desert():
    """av:kit-carson-scout: a failed morale check the first time under fire and he is gone."""
    trace = Trace()
    assert not kit_carson_reliability(ScriptedDice([3]), 8, trace)
    assert "deserts" in trace[-1].text
    assert kit_carson_reliability(ScriptedDice([4]), 8, Trace())


def test_av_suicide_squads_and_av_viet_cong_casualties():
    """av:suicide-squads never test morale; av:viet-cong casualties return on a 6 (5+ tougher)."""
    assert not takes_morale_tests(suicide_squad=True)
    assert vc_casualty_odds(victory_or_death=True)[True] == Fraction(1, 3)
    assert vc_casualty(ScriptedDice([6]), Trace())
    assert not vc_casualty(ScriptedDice([5]), Trace())
    assert vc_casualty(ScriptedDice([5]), Trace(), tougher=True)


def test_av_civilians_rules_of_engagement_and_morale_shock():
    """av:civilians: US and ANZAC hold fire within 12 in unless friends are under fire; ARVN may
    call off-board fire; VC may fire; ROK is exempt from morale shock, Marines are not."""
    assert not civilian_fire_allowed("us", offboard=True, civilians_within=10)[0]
    assert civilian_fire_allowed(
        "us", offboard=True, civilians_within=10, friends_under_fire_within_12=True
    )[0]
    assert civilian_fire_allowed("arvn", offboard=True, civilians_within=1)[0]
    assert not civilian_fire_allowed("arvn", offboard=False, civilians_within=1)[0]
    assert civilian_fire_allowed("vc", offboard=False, civilians_within=0)[0]
    assert morale_shock_applies("usmc")
    assert not morale_shock_applies("rok")


def test_av_tunnel_spots_placement_capacity_arrival_and_clearing():
    """av:tunnel-spots, av:vc-reinforce, av:tunnel-rat: 6 in apart; one unit below per active
    spot; a roll naming a closed spot is rolled again (interpretation
    av:tunnel-spots/neutralised-roll); each unit below dies on 1 (1-2 with a Tunnel Rat)."""
    net = TunnelNetwork({1: (0, 0), 2: (5, 0), 3: (20, 20)})
    assert any("6 in at least" in p for p in net.problems())
    net = TunnelNetwork({1: (10, 10), 2: (30, 10)})
    trace = Trace()
    net.enter("cell A", trace)
    net.enter("cell B", trace)
    with pytest.raises(ValueError, match="cannot enter"):
        net.enter("cell C", trace)
    assert net.neutralise(1, ScriptedDice([1, 3]), trace) == ["cell A"]
    assert (
        net.arrival(ScriptedDice([1, 4, 2]), trace) == 2
    )  # 1 is closed, 4 never existed: rolled again
    assert arrival_odds({2})[None] == Fraction(1, 2)
    assert neutralise_losses_odds(2, tunnel_rat=True)[0] == Fraction(4, 9)
    assert net.neutralise(2, ScriptedDice([2]), trace, tunnel_rat=True) == ["cell B"]
    assert any(s.rule == "av:tunnel-rat" for s in trace)


def test_av_solo_vc_reaction_lists():
    """av:solo-vc: first line that fits; FP of exactly 6 counts as weak (interpretation
    av:solo-vc/fp-six); led units close in on 1-3 (interpretation av:solo-vc/led-roll)."""
    base = Situation(tq=8, in_cover=True, firepower=4, enemy_distance=12)
    assert (
        decide(Situation(in_cover=False, firepower=6)).action == "move out of sight, toward friends"
    )
    assert decide(Situation(in_cover=False, firepower=6, fp_six="high")).action == "move into cover"
    vehicle = Situation(
        activated_is_vehicle=True, can_hurt_vehicle=True, in_cover=False, firepower=2
    )
    assert decide(vehicle).action == "interrupt and fire"
    assert decide(base, ScriptedDice([2])).action == "move into Optimum Range"
    assert decide(base, ScriptedDice([3])).action == "fire"
    led = Situation(tq=8, in_cover=True, firepower=4, enemy_distance=12, has_leader=True)
    assert decide(led, ScriptedDice([3])).action == "move into Optimum Range"
    assert decide(Situation(tq=8, in_cover=True, firepower=4, enemy_distance=5)).action == "fire"
    strong_led = Situation(tq=8, in_cover=True, firepower=9, enemy_distance=30, has_leader=True)
    assert decide(strong_led).line.startswith("6.")


def test_av_solo_vc_end_of_turn_leaders_and_civilians():
    """av:solo-vc: end-of-turn lists, lone leaders and civilians."""
    assert (
        decide(Situation(when="end-of-turn", combat_within=4)).action
        == "take cover out of enemy sight"
    )
    assert (
        decide(Situation(when="end-of-turn", leader_in_los=True, in_cover=True)).action
        == "move at top speed to join him"
    )
    led = Situation(when="end-of-turn", has_leader=True, in_cover=True)
    assert decide(led).action == "move cautiously toward the nearest objective"
    assert (
        decide(Situation(kind="civilians", combat_within=3, enemy_distance=5)).action
        == "move away from the fighting"
    )
    assert decide(Situation(kind="civilians", vc_in_sight=True)).action == "move toward the VC unit"
    lone = Situation(kind="leader", when="end-of-turn", tunnel_spot_within=2)
    assert decide(lone).action == "take cover"
    trace = Trace()
    assert not may_act(Situation(tq=6), ScriptedDice([3]), trace)
    assert may_act(Situation(has_leader=True), Dice(0), trace)


def test_av_spotter_aircraft_by_day_and_by_night():
    """av:spotter-aircraft: by day a passed test stops VC out-of-contact moves and the aircraft
    calls fire; at night only Xenon helicopters, the AC-47 and (from 1967) the OV-1 and OV-10."""
    from rulebook.games.ambush_valley.support import spotter_aircraft

    day = spotter_aircraft(ScriptedDice([5]), 8, aircraft="L-19 FAC")
    assert (day.blocks_out_of_contact, day.detects_hidden, day.can_call_fire) == (True, False, True)
    blind = spotter_aircraft(ScriptedDice([]), 8, aircraft="L-19 FAC", night=True)
    assert not blind.blocks_out_of_contact
    assert not spotter_aircraft(
        ScriptedDice([]), 8, aircraft="OV-10 Bronco", night=True, year=1966
    ).blocks_out_of_contact
    spooky = spotter_aircraft(ScriptedDice([4]), 8, aircraft="AC-47 Spooky", night=True)
    assert spooky.detects_hidden
    assert not spotter_aircraft(
        ScriptedDice([3]), 8, aircraft="xenon-helicopter", night=True
    ).detects_hidden


def test_av_pink_teams_the_loach_draws_fire():
    """av:pink-teams: hidden units within 18 in of the Loach test or reveal themselves."""
    from rulebook.games.ambush_valley.support import pink_team

    hidden = {"near, steady": ((10, 10), 8), "near, jumpy": ((12, 10), 6), "far": ((60, 40), 6)}
    trace = Trace()
    assert pink_team(ScriptedDice([4, 2]), (10, 20), hidden, trace) == ["near, jumpy"]
    assert "Cobra" in trace[-1].text


def test_av_scout_dogs_find_vc_within_eight_inches():
    """av:scout-dogs: automatic spotting within 8 in."""
    from rulebook.games.ambush_valley.troops import scout_dog_spots

    assert scout_dog_spots(8)
    assert not scout_dog_spots(8.5)


def test_av_solo_vc_insurgency_level_moves_once_each_way_a_turn():
    """av:solo-vc: interpretation av:solo-vc/insurgency-change; civilians flee first
    (interpretation av:solo-vc/civilians-flee)."""
    from rulebook.games.ambush_valley.solo import InsurgencyLevel

    level, trace = InsurgencyLevel(4), Trace()
    assert level.civilians_hit("regulars", trace) == 5
    assert level.civilians_hit("regulars", trace) == 5
    assert level.civilians_hit("vc", trace) == 4
    level.end_turn()
    assert level.civilians_hit("regulars", trace) == 5


def test_av_vc_reinforce_waits_for_the_first_fire_and_rolls_the_scenario_table():
    """av:vc-reinforce: no roll before the VC have been fired on (interpretation
    av:vc-reinforce/first-fire), the scenario's window and threshold, then the tunnel spot."""
    from pathlib import Path

    from rulebook.games.ambush_valley.scenario import Scenario

    root = Path(__file__).resolve().parents[3]
    s = Scenario.load(root / "scenarios" / "ambush_valley" / "dak_po.yaml")
    trace = Trace()
    assert s.reinforcement_turn(0, 1, Dice(0), trace, fired_on_before=True) == (None, None)
    assert s.reinforcement_turn(0, 3, Dice(0), trace, fired_on_before=False) == (None, None)
    assert s.reinforcement_turn(0, 3, ScriptedDice([5]), trace, fired_on_before=True) == (
        None,
        None,
    )
    result = s.reinforcement_turn(
        0, 3, ScriptedDice([4, 6, 2]), trace, fired_on_before=True, network=s.tunnel_network()
    )
    assert result == ("VC MG team: 3 figures with a Maxim", 2)


def test_av_firefight_model_is_explicit_and_assumed():
    """The core firefight is not in the book: opposed pools with assumed thresholds."""
    from rulebook.games.ambush_valley.core import firefight_odds, firefight_parameters

    assert firefight_parameters() == {"hit_on": 4, "save_on": 4}
    assert firefight_odds(1, 6, 0, 6)[1] == Fraction(1, 2)
    assert firefight_odds(1, 6, 1, 6)[1] == Fraction(1, 4)
    assert firefight_odds(1, 6, 0, 6, hit_on=6)[1] == Fraction(1, 6)


def test_av_special_weapons_pools():
    """av:special-weapons: SMGs +1 within range and D6 beyond; handguns a type lower, no reach
    beyond range, +1 in close combat; M60 by movement; M79 and Beehive; bows; old rifles;
    av:supply-quality adds or takes a die."""
    from rulebook.games.ambush_valley.weapons import firepower, weapon_kind

    assert weapon_kind("MAT-49 SMG") == "smg"
    assert weapon_kind(".38 revolver") == "handgun"
    assert firepower([(1, "SMG")], tq=8, supply="Normal", distance=4).dice == {8: 2}
    assert firepower([(1, "SMG")], tq=8, supply="Normal", distance=12).dice == {6: 1}
    assert firepower([(1, ".38 revolver")], tq=8, supply="Normal", distance=4).dice == {6: 1}
    assert firepower([(1, ".38 revolver")], tq=8, supply="Normal", distance=12).dice == {}
    assert firepower(
        [(1, ".38 revolver")], tq=8, supply="Normal", distance=0, close_combat=True
    ).dice == {8: 2}
    m60 = [(1, "M60")]
    assert [
        firepower(m60, tq=8, supply="Normal", distance=4, movement=m).count
        for m in ("rapid", "cautious", "stationary")
    ] == [1, 2, 3]
    assert firepower([(1, "M79")], tq=8, supply="Normal", distance=4, beehive=True).count == 3
    assert firepower([(1, "M79")], tq=8, supply="Normal", distance=12, beehive=True).count == 2
    assert firepower([(2, "bow")], tq=6, supply="Normal", distance=10).dice == {6: 2}
    assert firepower([(2, "bow")], tq=8, supply="Normal", distance=25).dice == {}
    assert (
        firepower([(2, "M1 Garand"), (2, "AK-47")], tq=8, supply="Normal", distance=4).count == 4
    )  # half, not over half
    assert firepower([(4, "AK-47")], tq=6, supply="Poor", distance=4).count == 3
    assert (
        firepower(
            [(4, "M14 Modified")], tq=8, supply="Normal", distance=4, movement="cautious"
        ).count
        == 4
    )


def test_av_cs_gas_and_av_body_armor():
    """av:cs-gas: one Morale test a type lower per hit (the book's example: two hits take D8
    to D6); av:body-armor: flak vests by the chosen option."""
    from rulebook.games.ambush_valley.weapons import armour_dice, cs_gas_morale

    assert cs_gas_morale(8, 2) == 6
    assert cs_gas_morale(10, 1) == 8
    assert armour_dice("frag-only", "fragmentation") == 1
    assert armour_dice("frag-only", "other") == 0
    assert armour_dice("everything", "other") == 1
    assert armour_dice("ignore", "fragmentation") == 0


def test_av_terrain_and_av_heavy_foliage_and_av_vc_and_terrain():
    """av:terrain: dense woods 2 in, average 4 in, light none; av:heavy-foliage: blocks sight,
    half Optimum Range inside (the book's D10 LRRPs see 5 in), Cautious for non-indigenous
    troops; av:vc-and-terrain: the VC ignore all but impassable ground."""
    from rulebook.games.ambush_valley.terrain import movement, sight_from_edge, sight_inside

    assert sight_from_edge("dense-woods") == 2
    assert sight_inside("average-woods", viewer_tq=8) == 4
    assert sight_from_edge("light-woods") is None
    assert sight_from_edge("heavy-foliage") == 0
    assert sight_inside("heavy-foliage", viewer_tq=10) == 5
    assert movement("heavy-foliage", "infantry") == "cautious"
    assert movement("heavy-foliage", "infantry", scenario_lifts_foliage=True) == "any"
    assert movement("paddy", "infantry") == "no-rapid"
    assert movement("paddy", "infantry", vc=True) == "any"
    assert movement("dense-woods", "vehicle") == "impassable"
    assert movement("heavy-foliage", "vehicle") == "not stated"
    with pytest.raises(KeyError, match="no rules for “swamp”"):
        movement("swamp", "infantry")


def test_av_night_eyes_and_av_starlight_scopes():
    """av:night-eyes: the VC, scouts, Special Forces, snipers and SEALs; av:starlight-scopes:
    only for a unit that did not move, firing without penalty only with a mounted scope."""
    from rulebook.games.ambush_valley.checks import has_night_eyes, starlight_scope

    assert has_night_eyes("vc")
    assert not has_night_eyes("us-army")
    assert has_night_eyes("us-army", scenario_grants=True)
    assert starlight_scope(moved=False, weapon_mounted=True) == {
        "daylight_spotting": True,
        "no_night_fire_penalty": True,
    }
    assert starlight_scope(moved=False, weapon_mounted=False)["no_night_fire_penalty"] is False
    assert starlight_scope(moved=True, weapon_mounted=True)["daylight_spotting"] is False


def test_av_kit_carson_scout_light_of_the_revolution():
    """av:kit-carson-scout, av:building-the-insurgency: each scout tests at the start or goes."""
    from rulebook.games.ambush_valley.checks import light_of_the_revolution

    trace = Trace()
    assert light_of_the_revolution(ScriptedDice([5, 2]), {"Nguyen": 8, "Tran": 8}, trace) == [
        "Nguyen"
    ]
    assert "Tran is removed" in trace[-1].text
