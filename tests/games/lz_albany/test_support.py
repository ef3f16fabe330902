"""Artillery, air and Dust Off (lza:5.4-5.6, 6.3, 6.4, 7.5-7.7, 11.1C)."""

from __future__ import annotations

from rulebook.games.lz_albany._support import capacity
from rulebook.games.lz_albany.situation import Situation


def rules_fired(result):
    return [s.rule for s in result.trace]


def test_lza_5_4a_guns_with_two_hits_stay_silent():
    s = Situation(
        place={"Arty-1": "LZ-Columbus", "A/2-7-CO": "C4", "6/8-66-1": "D4"}, hits={"Arty-1": 2}
    )
    result = s.run("artillery")
    said = "[lza:5.4A] Artillery battery 1 has 2 hits and cannot fire"
    assert said in [str(t) for t in result.trace]


def test_lza_7_5_a_battery_has_one_name_in_the_prompt_the_trace_and_the_log():
    """The traces called a battery Arty-1 where the log's sentences said Artillery battery 1
    (and "Arty-1 holds its fire" beside "Artillery battery 1 fires on D4")."""
    from rulebook.games._decisions import Action
    from rulebook.games.lz_albany.narrate import describe

    s = Situation(place={"Arty-1": "LZ-Columbus", "A/2-7-CO": "C4", "6/8-66-1": "D4"})
    board = s.state
    assert board.called("Arty-1") == "Artillery battery 1"
    fire, hold = Action.of("artillery", "Arty-1", "D4"), Action.of("hold", "Arty-1")
    assert describe(fire, board) == "Artillery battery 1 fires on D4"
    assert describe(hold, board) == "Artillery battery 1 holds its fire"


def test_lza_5_4b_columbus_under_attack_silences_the_guns():
    s = Situation(
        place={
            "Arty-1": "LZ-Columbus",
            "6/8-66-1": "LZ-Columbus",
            "A/2-7-CO": "C4",
            "7/8-66-1": "D4",
        }
    )
    result = s.run("artillery")
    assert rules_fired(result) == ["lza:5.4B"]
    covered = Situation(
        place={
            "Arty-1": "LZ-Columbus",
            "A/1-5-1": "LZ-Columbus",
            "6/8-66-1": "LZ-Columbus",
            "A/2-7-CO": "C4",
            "7/8-66-1": "D4",
        },
        dice=[3, 1, 1, 1],
    )
    assert "lza:5.4B" not in rules_fired(covered.run("artillery"))


def test_lza_7_5_a_one_drifts_the_fire_to_an_adjacent_area():
    s = Situation(
        place={"Arty-1": "LZ-Columbus", "A/2-7-CO": "C4", "6/8-66-1": "D4"},
        dice=[1, 2, 1, 1, 1],
        choices=["artillery Arty-1 D4"],
    )
    result = s.run("artillery")
    drift = [str(t) for t in result.trace if "drift roll 1" in str(t)]
    assert drift
    assert "lands on C5 instead" in drift[0]  # D4's neighbours sorted; the pick rolled 2


def test_lza_7_5_all_hits_fall_on_one_random_unit_and_us_units_stop_at_two():
    s = Situation(
        place={
            "Arty-1": "LZ-Columbus",
            "A/2-7-CO": "C3",
            "A/2-7-1": "D4",
            "6/8-66-1": "D4",
            "7/8-66-1": "E4",
        },
        dice=[1, 2, 6, 6, 6, 1],
        choices=["artillery Arty-1 E4"],
    )
    result = s.run("artillery")
    assert result.state.units["A/2-7-1"].hits == 2  # friendly fire, capped (lza:7.5)


def test_lza_11_1c_no_artillery_at_night():
    s = Situation(place={"Arty-1": "LZ-Columbus", "A/2-7-CO": "C4", "6/8-66-1": "D4"}, turn=9)
    assert rules_fired(s.run("artillery")) == ["lza:11.1C"]


def test_lza_5_6_visibility_grounds_gunships_and_skyraiders():
    s = Situation(place={"A/2-7-1": "C4", "6/8-66-1": "D4"})
    s.state.visibility_drawn = True
    assert rules_fired(s.run("gunship")) == ["lza:5.6"]
    assert rules_fired(s.run("skyraider")) == ["lza:5.6"]


def test_lza_7_6_ground_fire_damages_the_gunship_on_a_six():
    s = Situation(
        place={"A/2-7-1": "C4", "6/8-66-1": "D4", "6/8-66-2": "D4"},
        dice=[6, 2] + [6, 1],
        choices=["gunship 6/8-66-1"],
    )
    result = s.run("gunship")
    chit = next(c for c in result.state.chits.values() if c.kind == "gunship")
    assert chit.damaged
    assert result.state.vp["nva"] == 2  # an air unit casualty (lza:4.1B; reading recorded)
    assert result.state.units["6/8-66-1"].hits == 1  # damaged gunship rolls its lower fire


def test_lza_7_7a_bombs_roll_six_dice_and_spill_into_a_random_neighbour():
    # Six bomb dice (one 6); the spill picks D4's first neighbour, C4, whose one platoon rolls a 6.
    s = Situation(
        place={"A/2-7-1": "C4", "6/8-66-1": "D4"},
        dice=[6, 1, 1, 1, 1, 1] + [1, 6],
        choices=["bombs D4"],
    )
    result = s.run("skyraider")
    assert result.state.units["6/8-66-1"].hits == 1
    assert result.state.units["A/2-7-1"].hits == 1
    assert any("collateral check in C4 on A/2-7-1: rolled 6" in str(t) for t in result.trace)


def test_lza_7_7b_napalm_brings_units_to_two_hits_and_spares_those_already_there():
    s = Situation(
        place={"A/2-7-1": "C3", "6/8-66-1": "D4", "6/8-66-2": "D4"},
        hits={"6/8-66-2": 2},
        markers={"W-x": "D4"},
        dice=[1] * 10,
    )
    result = s.run("napalm", "D4")
    assert result.state.units["6/8-66-1"].hits == 2
    assert result.state.units["6/8-66-2"].hits == 2
    assert result.state.wounded["W-x"].status == "destroyed"


def test_lza_6_3_dust_off_lift_by_terrain_and_damage_never_below_one():
    s = Situation(place={})
    state = s.state
    assert capacity(state, "LZ-Albany", damaged=False) == 3
    assert capacity(state, "LZ-Albany", damaged=True) == 2
    assert capacity(state, "C4", damaged=False) == 2  # sawgrass
    assert capacity(state, "C4", damaged=True) == 1
    assert capacity(state, "B4", damaged=False) == 1  # jungle
    assert capacity(state, "B4", damaged=True) == 1


def test_lza_6_3_evacuation_scores_two_per_wounded_marker():
    s = Situation(
        place={"A/2-7-1": "LZ-Albany"},
        markers={"W-1": "LZ-Albany", "W-2": "LZ-Albany"},
        choices=["evacuate LZ-Albany"],
    )
    result = s.run("dust-off")
    assert [w.status for w in result.state.wounded.values()] == ["evacuated", "evacuated"]
    assert result.state.vp["us"] == 4


def test_lza_6_4_airlift_lands_by_terrain_and_hot_landings_can_hit():
    s = Situation(place={"6/8-66-1": "B4"}, dice=[6, 1, 1], choices=["airlift LZ-Albany"])
    for uid in ("B/1-5-1", "B/1-5-2", "B/1-5-3", "B/1-5-4"):
        s.state.units[uid].status = "held"
    result = s.run("dust-off")
    landed = [u for u in result.state.units.values() if u.area == "LZ-Albany"]
    assert len([u for u in landed if not u.is_officer]) == 3
    assert result.state.units["B/1-5-1"].hits == 1


def test_lza_5_4_the_artillery_chit_fires_each_battery_once():
    s = Situation(
        place={"Arty-1": "LZ-Columbus", "Arty-2": "LZ-Columbus", "A/2-7-CO": "C4", "6/8-66-1": "D4"}
    )
    result = s.run("artillery")
    drift_rolls = [t for t in result.trace if t.rule == "lza:7.5" and "drift roll" in str(t)]
    assert len(drift_rolls) == 2  # one fire mission per battery, then the chit is spent
    one_gun = Situation(place={"Arty-1": "LZ-Columbus", "A/2-7-CO": "C4", "6/8-66-1": "D4"})
    assert sum("drift roll" in str(t) for t in one_gun.run("artillery").trace) == 1
