"""The second fidelity audit of First Team (issue 15): each fixed deviation, by its case."""

from __future__ import annotations

from rulebook.dice import Dice, ScriptedDice
from rulebook.games.first_team import _air_strikes, _fight, _ground, _nva, _nva_assault
from rulebook.games.first_team import _open_combat as open_combat
from rulebook.games.first_team.board import Board
from rulebook.games.first_team.combat import Effects
from rulebook.games.first_team.crt import Result
from rulebook.games.first_team.retreat import nva_retreat
from rulebook.maps.point_map import AN_KHE

from .test_campaign import drive, in_zone, offered, state


def steps(s, rule: str) -> list[str]:
    return [step.text for step in s.trace if step.rule == rule]


def test_ftv_2_5_1_b_and_ftv_2_5_1_c_nva_on_a_road_location_keep_a_garrison_under_hold():
    s = state(Dice(3))
    s.board.place("D5", s.nva["3/32"], s.nva["1/32"])  # listed out of order on purpose
    s.segment = "ground movement"
    s.segment = "ambush"  # the end of a segment marks the garrison
    assert (s.nva["1/32"].hold, s.nva["3/32"].hold) == (True, False)  # the lowest-numbered
    assert "lowest-numbered" in steps(s, "ftv:2.5.1")[0]
    _nva.ground_movement(s)
    assert s.where(s.nva["1/32"]) == "D5"  # the garrison stays when the others move on
    s.board.place("E1", s.nva["5/32"])  # E1 is no road location: no garrison
    s.segment = "evasion"
    assert not s.nva["5/32"].hold


def test_ftv_3_4_1_3_the_b52_example_60_against_8_through_the_campaign():
    """Two B-52s strike together at 60: seven shifts onto column 8 against each 8-SP company,
    and a 9 there (2B) reaches only the company struck (ftv:3.4.1.3C-E)."""
    # Per company: two dice, then a break roll for each 2B; 9 and 11 read 2B on column 8.
    dice = ScriptedDice([4, 5, 6, 5, 6, 1, 1, 1, 3, 3, 1, 1, 1, 1])
    s = state(dice)
    companies = ["1/32", "2/32", "3/32", "4/32"]
    s.board.place("F3", *(s.nva[c] for c in companies))
    drive(_air_strikes.air_strike_segment(s), "strike F3 B52-1", "join B52-2")
    assert s.cp.left == 16  # 2 CP a counter
    assert {s.support["B52-1"].box, s.support["B52-2"].box} == {"gone"}
    assert "B52-1 (30) + B52-2 (30) strike F3 together at 60" in steps(s, "ftv:3.4.1.3")
    strikes = [t for t in steps(s, "ftv:3.4.1.3") if t.startswith("strike 60 against")]
    assert len(strikes) == 4
    assert all("7 shift(s) to column 8" in t for t in strikes)
    assert "roll 9: 2B" in strikes[0]
    assert "roll 11: 2B" in strikes[1]
    # Each 2B reached only the company struck: one break roll each, 6 breaks and 1 holds.
    assert s.nva["1/32"].broken
    assert not s.nva["2/32"].broken
    possible = sum(t.rstrip("*").endswith("B") for t in strikes)  # 1B, 2B, 3B results
    assert [r.label for r in dice.rolls].count("ftv:4.2.4.1") == possible  # one roll each
    assert "F3" in s.struck


def test_ftv_3_4_1_2_c_and_ftv_2_5_2_a_no_b52_where_a_camp_garrison_stands():
    s = state(Dice(1))
    s.board.place("G4", s.nva["1/32"])  # beside the Plei Me garrison
    s.board.place("F3", s.nva["2/32"])
    options = offered(_air_strikes.air_strike_segment(s))
    assert "strike G4 TAC-1" in options
    assert not any(o.startswith("strike G4 B52") for o in options)
    assert "strike F3 B52-1" in options
    s.board.remove(s.us["Plei Me"])
    assert "strike G4 B52-1" in offered(_air_strikes.air_strike_segment(s))


def test_ftv_3_4_1_1_b_b52s_and_tactical_air_never_strike_a_zone_together():
    s = state(Dice(1))
    in_zone(s, "C", "1/32")
    flow = _air_strikes.air_strike_segment(s)
    next(flow)
    joiners = {str(a) for a in flow.send(_action("strike-zone C B52-1")).options}
    assert "join B52-2" in joiners
    assert not any("TAC" in j for j in joiners)


def _action(text: str):
    from rulebook.games._decisions import Action

    return Action.from_notation(text)


def test_ftv_3_4_4_4_d_aero_rockets_alone_pool_their_second_values():
    s = state(ScriptedDice([1, 1] * 3))
    s.board.place("F3", s.nva["6/32"])
    drive(open_combat.support_and_combat_segment(s), "rockets F3 A/2/20", "join B/2/20")
    assert s.cp.left == 18  # 1 CP each
    assert "A/2/20 + B/2/20 fire on F3 together at 6" in steps(s, "ftv:3.4.4.4")
    assert any(t.startswith("strike 6 against 6/32") for t in steps(s, "ftv:3.4.4.4"))
    assert {s.support["A/2/20"].box, s.support["B/2/20"].box} == {"refit"}
    assert s.support["C/2/20"].box == "an-khe"


def test_ftv_3_4_4_4_c_the_thirty_one_option_is_read():
    s = state(Dice(1))
    pair = [s.support["A/2/20"], s.support["B/2/20"]]
    assert _fight._rocket_support(s, pair) == 50  # two 25-3 counters
    s.options["aero_rocket_support"] = "thirty-one"
    assert _fight._rocket_support(s, pair) == 31  # the 3.4.4.4 example as printed
    assert _fight._rocket_support(s, pair[:1]) == 15


def test_ftv_3_4_3_5_case_2_entering_only_the_camp_makes_no_contact_roll():
    s = state(ScriptedDice([2, 2, 3]))
    in_zone(s, "G", "1/32", "2/32")
    s.board.place("G4", s.us["A/1/8"])  # Case 2: from B4 into G4 beside the Plei Me garrison
    assert _ground.zone_entry(s, {"G4"}) == []
    assert steps(s, "ftv:3.4.3.5") == []  # the step is ignored: no die rolled
    s.board.place("G2", s.us["B/1/8"])  # Case 3: into G2, so G2 and G4 count
    _ground.zone_entry(s, {"G2"})
    assert "zone G: 2 US-occupied location(s), roll 2" in steps(s, "ftv:3.4.3.5")[0]


def test_ftv_4_2_2_1_cambodia_has_no_letter_and_comes_after_the_lettered_zones(point_map):
    board = Board(point_map)
    empty = [n for n in point_map.neighbors("A5") if point_map.in_cambodia(n)]
    assert empty  # A5 borders Cambodia
    assert not point_map.in_cambodia(nva_retreat(board, "A5"))
    assert nva_retreat(board, "A5", cambodia="cambodia-first") == min(empty)


def test_ftv_4_2_3_2_c_the_player_shares_out_the_fatigue_points():
    s = state(Dice(1))
    a, b = s.us["A/1/8"], s.us["B/1/8"]
    s.board.place("F3", a, b)
    fx = Effects(Result("steps", 3), fatigue_owed=3)
    flow = _fight._share_fatigue(s, "F3", fx)
    first = next(flow)
    assert [str(o) for o in first.options] == ["fatigue A/1/8", "fatigue B/1/8"]
    assert first.rule == "ftv:4.2.3.2"
    drive(_fight._share_fatigue(s, "F3", fx), "fatigue B/1/8", "fatigue B/1/8", "fatigue B/1/8")
    assert (a.fatigue, b.fatigue) == (0, 3)  # all three where the player put them


def test_ftv_4_2_3_2_c_round_robin_is_offered_first_for_the_scripted_player():
    s = state(Dice(1))
    a, b = s.us["A/1/8"], s.us["B/1/8"]
    s.board.place("F3", a, b)
    drive(_fight._share_fatigue(s, "F3", Effects(Result("steps", 3), fatigue_owed=3)))
    assert (a.fatigue, b.fatigue) == (2, 1)  # the 4.2.3.2D example's split


def test_ftv_3_4_2_3_e_retreating_pathfinders_leave_by_their_own_helicopter():
    s = state(Dice(1))
    s.board.revealed_lz.add("C4")
    s.board.place("C4", s.us["A/1/8"])
    s.pathfinder = ("C4", "TRA-A/227")
    lifters = _fight._retreat_helicopters(s, "C4")
    assert "TRA-A/227" not in [h.id for h in lifters]
    drive(_fight._us_retreat(s, "C4"), "retreat AnKhe")
    assert s.where(s.us["A/1/8"]) == AN_KHE
    assert not s.support["TRA-A/227"].fatigued  # it carried the pathfinders, no one else
    assert any("the helicopter that brought them" in t for t in steps(s, "ftv:3.4.2.3"))


def test_ftv_3_5_8_us_artillery_recovery_is_a_scenario_option():
    s = state(Dice(1))
    s.support["A/2/19"].fired = True
    drive(_nva_assault.maintenance(s))
    assert not s.support["A/2/19"].fired  # default: recover in maintenance
    s.options["us_artillery_recovery"] = "never"
    s.support["A/2/19"].fired = True
    drive(_nva_assault.maintenance(s))
    assert s.support["A/2/19"].fired


def _commits(s, loc):
    return {o for o in offered(_fight.fight(s, loc, attacker="us")) if o.startswith("commit")}


def test_ftv_3_4_4_1_dedicated_artillery_costs_one_cp_others_two():
    s = state(Dice(1))
    s.board.place("F3", s.nva["1/32"], s.us["A/1/8"])  # 1/8 carries support numeral I
    commits = _commits(s, "F3")
    assert "commit A/2/19 1" in commits  # 2/19 is I: dedicated (ftv:1.5.9)
    assert "commit A/1/77 2" in commits  # II supports another brigade
    assert "commit A/2/17 1" in commits  # no numeral: 1 CP anywhere (ftv:3.4.4.1D)
    s.support["B/2/19"].fired = True
    assert not any("B/2/19" in c for c in _commits(s, "F3"))  # FIRED (ftv:3.4.4.1E)
    s.board.place("G4", s.nva["2/32"], s.us["B/1/8"])  # beside the Plei Me garrison
    assert "commit A/2/19 2" in _commits(s, "G4")  # a garrison makes it 2 (ftv:3.4.4.1C)


def test_ftv_3_4_4_2_tactical_air_supports_with_its_first_value_for_two_cp():
    s = state(Dice(1))
    s.board.place("F3", s.nva["1/32"], s.us["A/1/8"])
    assert "commit TAC-1 2" in _commits(s, "F3")
    assert not any("B52" in c for c in _commits(s, "F3"))  # no B-52 in close support
    us, _ = _fight._forces(s, "F3", [s.support["TAC-1"]])
    assert us.support_strength == 25  # the first value of a 25-5 counter


def test_ftv_3_4_4_3_gunship_and_observation_cost_one_and_the_1_9_fly_for_the_1_9():
    s = state(Dice(1))
    s.board.place("F3", s.nva["1/32"], s.us["A/1/8"])
    commits = _commits(s, "F3")
    assert {"commit GUN-D/227 1", "commit OBS-1 1"} <= commits
    assert not any("1/9" in c for c in commits)  # 1/9 helicopters only with the 1/9
    s.board.place("F3", s.us["1/9"])
    assert {"commit GUN-1/9 0", "commit OBS-1/9 0"} <= _commits(s, "F3")


def test_ftv_3_5_the_nva_assault_runs_its_segments_in_order():
    s = state(Dice(5))
    in_zone(s, "D", *[f"{n}/32" for n in range(1, 7)])
    drive(_nva_assault.nva_assault(s, 1))
    first_seen = list(dict.fromkeys(step.rule for step in s.trace))
    # The phase's heading comes first, so the log can tell it from the second (ftv:3.7).
    assert first_seen[:3] == ["ftv:3.5", "ftv:3.5.1", "ftv:3.5.2"]
    assert first_seen.index("ftv:3.5.3") < first_seen.index("ftv:3.5.8")
    assert s.segment == "US maintenance"  # the last of the eight


def test_ftv_3_4_and_ftv_3_6_the_turn_repeats_the_us_assault_after_the_nva():
    from rulebook.games.first_team.engine import new_campaign
    from rulebook.games.first_team.policy import scripted_policy

    game, policy, phases = new_campaign(seed=2), scripted_policy(), []
    while game.board.turn == 1 and not game.is_terminal():
        if not phases or phases[-1] != game.board.phase:
            phases.append(game.board.phase)
        game.apply(policy(game))
    assays = [p for p in phases if "assault" in p]
    assert assays[:3] == ["first US assault", "first NVA assault", "second US assault"]


def test_ftv_4_1_the_worked_example_played_through_a_campaign_fight():
    """The ftv:4.1 fight set up on the campaign map and fought through the campaign's own flow
    (support committed as decisions, CPs paid, results applied, supply used): the same columns
    and results as the example, and what follows from them on the board."""
    s = state(ScriptedDice([5, 6]))  # the US die, then the NVA die, as in the example
    s.board.place("F3", s.us["A/1/8"], s.us["B/1/8"])
    s.board.place("F3", *(s.nva[uid] for uid in ("4/32", "5/32", "6/32", "7/32")))
    s.nva["4/32"].step, s.nva["5/32"].step = 4, 2  # broken 2-0 and reduced 6-2
    s.board.place("F4", s.nva["1/32"])  # the NVA's supporting location
    s.board.supply["F3"] = 2
    cp_before = s.cp.left
    drive(
        _fight.fight(s, "F3", attacker="us"),
        "commit A/2/20 1",  # two 25-SP aero-rocket companies
        "commit B/2/20 1",
        "commit A/2/19 1",  # two batteries of the 2/19, dedicated to 1/8 (1 CP each)
        "commit B/2/19 1",
        "commit GUN-D/227 1",
        "commit OBS-1 1",
        "fight",
    )
    combat = steps(s, "ftv:4.1.11")
    assert "on column 11: 8*" in combat[0]  # US: 5 + 4 NVA units = 9 on column 11
    assert "on column 7: 3" in combat[1]  # NVA: 6 + 2 US units = 8 on column 7
    assert s.cp.left == cp_before - 6
    assert s.casualty_points == 3  # 3 halved by the gunship to 2, plus 1 for the star
    assert sorted(u.fatigue for u in (s.us["A/1/8"], s.us["B/1/8"])) == [1, 2]
    assert s.nva["4/32"].eliminated
    assert s.nva["5/32"].eliminated
    assert (s.nva["6/32"].step, s.nva["7/32"].step) == (3, 3)  # two steps each
    assert s.board.supply["F3"] == 1  # one supply step used (ftv:4.1.10)
