"""Ground combat, each test named after the rule case it checks (lza:6.1, 7.1-7.4, 8, 10.3, 11.1)."""

from __future__ import annotations

from rulebook.games.lz_albany.situation import Situation

US = ["A/2-7-1", "A/2-7-2", "A/2-7-3", "C/2-7-1", "C/2-7-2"]
NVA = ["6/8-66-1", "6/8-66-2", "6/8-66-3", "7/8-66-1", "7/8-66-2"]
# Two NVA mortar platoons with an officer in C5, beside a melee in D4.
NVA_MORTARS_AND_A_MELEE = {
    "Mtr/1-33-1": "C5",
    "Mtr/1-33-2": "C5",
    "A": "C5",
    "A/2-7-1": "D4",
    "6/8-66-1": "D4",
}


def steps(result, rule):
    return [str(s) for s in result.trace if s.rule == rule]


def test_lza_7_1_each_six_is_a_hit_and_nothing_else_is():
    s = Situation(place={"A/2-7-1": "C4", "6/8-66-1": "D4"}, dice=[6, 5, 1, 2, 2, 2])
    result = s.run("fire", "C4", "D4:3")
    assert result.state.units["6/8-66-1"].hits == 1
    assert steps(result, "lza:7.1")[0].startswith("[lza:7.1] 3 dice, 1 hit(s)")


def test_lza_7_3_jungle_takes_one_die_per_firing_unit():
    s = Situation(place={"A/2-7-1": "C4", "A/2-7-2": "C4", "6/8-66-1": "C5"}, dice=[1] * 20)
    result = s.run("fire", "C4", "C5:6")
    assert "[lza:7.3] firing into jungle C5: one die less per firing unit (dice 6 → 4)" in steps(
        result, "lza:7.3"
    )


def test_lza_7_3_split_fire_rolls_each_area_and_firer_places_first_hit_in_primary():
    s = Situation(
        place={
            "A/2-7-1": "C4",
            "A/2-7-2": "C4",
            "6/8-66-1": "D4",
            "6/8-66-2": "D4",
            "7/8-66-1": "C3",
        },
        dice=[6, 6, 1, 1, 6, 1] + [1] * 12,
        choices=["hit 6/8-66-2"],
    )
    result = s.run("fire", "C4", "D4:4", "C3:2")
    units = result.state.units
    assert units["6/8-66-2"].hits == 1  # the firer's pick
    assert units["6/8-66-1"].hits + units["6/8-66-2"].hits == 2
    assert units["7/8-66-1"].hits == 1
    chooser = [d.player for d, _ in result.decisions]
    assert chooser[:2] == ["us", "nva"]  # first hit by the firer, the rest by the owner (lza:8.1)


def test_lza_7_3_officers_are_targets_only_on_turn_1():
    place = {"A/2-7-1": "C4", "6/8-66-1": "D4", "6/8-66-CO": "D4"}
    early = Situation(place=place, turn=1, dice=[6, 1, 1] + [1] * 4)
    options = [str(a) for a in early.run("fire", "C4", "D4:3").decisions[0][0].options]
    assert "hit 6/8-66-CO" in options
    later = Situation(place=place, turn=2, dice=[6, 1, 1] + [1] * 4)
    hit_choices = [d for d, _ in later.run("fire", "C4", "D4:3").decisions if d.rule == "lza:8.1"]
    assert hit_choices == []  # the platoon is the only target left: no choice to make


def test_lza_7_3_return_fire_and_advance_into_a_cleared_area():
    s = Situation(
        place={"A/2-7-1": "C4", "A/2-7-2": "C4", "6/8-66-1": "D4"},
        hits={"6/8-66-1": 3},
        dice=[6, 1, 1, 1, 1, 1],
        choices=["advance A/2-7-1 D4", "hold C4"],
    )
    result = s.run("fire", "C4", "D4:6")
    assert result.state.units["6/8-66-1"].status == "eliminated"
    assert result.state.units["A/2-7-1"].area == "D4"
    assert result.state.units["A/2-7-2"].area == "C4"  # the player chose who advances
    assert any("(not a move)" in t for t in steps(result, "lza:7.3"))


def test_lza_6_1_return_fire_into_an_over_stacked_area_is_a_massed_target():
    place = dict.fromkeys(US[:4], "C4") | {"6/8-66-1": "D4"}
    s = Situation(place=place, dice=[1] * 30)
    result = s.run("fire", "C4", "D4:11")
    assert "[lza:6.1] massed target: 1 unit(s) over three in C4 (dice 2 → 3)" in steps(
        result, "lza:6.1"
    )


def test_lza_6_1_activation_dice_text_reading_and_example_reading():
    from rulebook.games.lz_albany._combat import firing_dice

    place = dict.fromkeys(US[:4], "C4")
    text = Situation(place=place)
    units = text.state.platoons("C4", "us")
    assert firing_dice(text.state, units, "fire", "C4", "us", officers=0, rule="lza:7.3") == 8 - 1
    example = Situation(place=place, options={"overstack_fire": "example_two_fire"})
    units = example.state.platoons("C4", "us")
    assert firing_dice(example.state, units, "fire", "C4", "us", officers=0, rule="lza:7.3") == 4


def test_lza_6_1_massed_target_adds_a_die_per_enemy_unit_over_three():
    place = {"A/2-7-1": "C4"} | dict.fromkeys(NVA[:4], "D4")
    s = Situation(place=place, dice=[1] * 30)
    result = s.run("fire", "C4", "D4:3")
    assert "[lza:6.1] massed target: 1 unit(s) over three in D4 (dice 3 → 4)" in steps(
        result, "lza:6.1"
    )


def test_lza_10_3_each_officer_adds_one_die_to_one_unit():
    from rulebook.games.lz_albany._combat import firing_dice

    s = Situation(place={"A/2-7-1": "C4", "A/2-7-CO": "C4", "McDade": "C4"})
    units = s.state.platoons("C4", "us")
    assert firing_dice(s.state, units, "fire", "C4", "us", officers=2, rule="lza:7.3") == 2 + 1


def test_lza_7_2_melee_is_simultaneous_and_first_hits_go_to_the_opponent():
    s = Situation(
        place={"A/2-7-1": "C4", "A/2-7-CO": "C4", "6/8-66-1": "C4"},
        dice=[6, 1, 1, 1] + [6, 1, 1, 1],
        choices=["hit A/2-7-CO"],
    )
    result = s.run("melee", "C4", "us")
    assert result.state.units["6/8-66-1"].hits == 1
    assert result.state.units["A/2-7-CO"].wounded  # the NVA picked the officer for its first hit
    first = result.decisions[0][0]
    assert first.player == "nva"
    assert {str(o) for o in first.options} == {"hit A/2-7-1", "hit A/2-7-CO"}


def test_lza_7_2_survivors_may_fall_back_into_areas_free_of_the_enemy():
    s = Situation(
        place={"A/2-7-1": "C4", "6/8-66-1": "C4", "7/8-66-1": "D4"},
        dice=[1] * 10,
        choices=["retreat 6/8-66-1 C5"],
    )
    result = s.run("melee", "C4", "us")
    options = [str(a) for a in result.decisions[0][0].options]
    assert "retreat 6/8-66-1 C5" in options
    assert not any(o.endswith(" D4") for o in options if o.startswith("retreat A/2-7"))
    assert result.state.units["6/8-66-1"].area == "C5"


def test_lza_11_1d_us_melee_at_night_needs_a_spotting_roll():
    place = {"A/2-7-1": "C4", "6/8-66-1": "C4"}
    missed = Situation(place=place, turn=9, dice=[5])
    result = missed.run("melee", "C4", "us")
    assert "not spotted, no melee" in steps(result, "lza:11.1D")[0]
    assert result.state.units["6/8-66-1"].hits == 0
    seen = Situation(place=place, turn=9, dice=[2] + [6, 6, 1] + [1, 1, 1, 1])
    assert seen.run("melee", "C4", "us").state.units["6/8-66-1"].hits >= 1


def test_lza_11_1b_night_costs_a_die_unless_a_flare_lights_the_target():
    place = {"A/2-7-1": "C4", "Mtr/1-33-1": "D4"}  # mortars do not return rifle fire
    dark = Situation(place=place, turn=9, dice=[1] * 10)
    assert any(
        "night: one die less" in t for t in steps(dark.run("fire", "C4", "D4:3"), "lza:11.1B")
    )
    lit = Situation(place=place, turn=9, flares=["D4"], dice=[1] * 10)
    assert steps(lit.run("fire", "C4", "D4:3"), "lza:11.1B") == []


def test_lza_7_4_mortar_hits_stop_at_two_per_unit():
    s = Situation(
        place={"A/2-7-5": "C4", "D/2-7-4": "C4", "A/2-7-CO": "C4", "6/8-66-1": "D4"},
        hits={"6/8-66-1": 1},
        dice=[6, 6, 6, 6] + [1],
    )
    result = s.run("mortar", "C4", "D4")
    assert result.state.units["6/8-66-1"].hits == 2
    assert any("cannot take hit 3" in t or "no target" in t for t in steps(result, "lza:7.4"))


def test_lza_7_4_nva_mortars_into_a_disputed_area_hit_their_own_on_ones():
    s = Situation(
        place=NVA_MORTARS_AND_A_MELEE,
        dice=[1, 1],  # two mortar dice, both 1s: two hits on their own platoon
    )
    result = s.run("mortar", "C5", "D4")
    assert result.state.units["6/8-66-1"].hits == 2
    assert any("rolls of 1 strike NVA units" in t for t in steps(result, "lza:7.4"))


def test_lza_7_4_leader_check_follows_a_scoring_mortar_attack():
    s = Situation(
        place={"A/2-7-5": "C4", "A/2-7-CO": "C4", "6/8-66-1": "D4", "6/8-66-CO": "D4"},
        dice=[6, 6],  # the one mortar die hits; the only officer there then rolls a 6
    )
    result = s.run("mortar", "C4", "D4")
    assert result.state.units["6/8-66-CO"].wounded


def test_lza_7_4_mortar_targets_need_range_sight_and_undisputed_for_us():
    from rulebook.games.lz_albany._combat import mortar_targets

    s = Situation(
        place={
            "A/2-7-5": "C4",
            "A/2-7-CO": "C4",
            "6/8-66-1": "D4",
            "7/8-66-1": "C3",
            "A/2-7-1": "C3",
        }
    )
    targets = mortar_targets(s.state, "C4", "us")
    assert "D4" in targets
    assert "C3" not in targets  # disputed


def test_lza_8_2_third_hit_reduces_fourth_eliminates_and_us_leaves_a_wounded_marker():
    s = Situation(place={"A/2-7-1": "C4", "6/8-66-1": "D4"})
    state = s.state
    unit = state.units["A/2-7-1"]
    for _ in range(3):
        state.hit(unit)
    assert unit.reduced
    assert state.vp["nva"] == 2  # lza:4.1B: a reduced US unit
    state.hit(unit)
    assert unit.status == "eliminated"
    assert "W-A/2-7-1" in state.wounded
    assert state.vp["nva"] == 4  # and eliminated, on top (lza:4.1 note)
    state.hit(state.wounded["W-A/2-7-1"])
    assert state.wounded["W-A/2-7-1"].status == "destroyed"
    assert state.vp["nva"] == 6


def test_lza_8_3_reduced_units_use_their_lower_values():
    s = Situation(place={"6/8-66-1": "D4"}, hits={"6/8-66-1": 3})
    unit = s.state.units["6/8-66-1"]
    assert (unit.strength("fire"), unit.strength("melee")) == (
        unit.reduced_fire,
        unit.reduced_melee,
    )


def test_lza_10_4_officer_is_wounded_then_killed_and_mcdade_scores_two():
    s = Situation(place={"McDade": "C4"})
    mcdade = s.state.units["McDade"]
    s.state.hit(mcdade)
    assert mcdade.wounded
    assert mcdade.on_map
    s.state.hit(mcdade)
    assert mcdade.status == "eliminated"
    assert s.state.vp["nva"] == 2


def test_lza_7_4_friendly_fire_never_gives_a_third_hit():
    s = Situation(
        place=NVA_MORTARS_AND_A_MELEE,
        hits={"6/8-66-1": 2},
        dice=[1, 1, 1, 1],
    )
    result = s.run("mortar", "C5", "D4")
    assert result.state.units["6/8-66-1"].hits == 2
    assert any("find no target and are lost" in t for t in steps(result, "lza:7.4"))


def test_lza_7_2a_no_fire_out_of_a_disputed_area():
    seen = []

    def choose(decision):
        seen.append(decision)
        return next(
            (o for o in decision.options if o.verb in ("stay", "done")), decision.options[0]
        )

    place = {"A/2-7-1": "C4", "6/8-66-1": "C4", "A/2-7-2": "C3", "7/8-66-1": "D3"}
    s = Situation(place=place, dice=[1] * 20, choose=choose)
    s.run("activate", "us", "us-ab-2-7", "fire")
    fire_from = {a.args[0] for d in seen for a in d.options if a.verb == "fire"}
    assert fire_from == {"C3"}  # C4 is disputed: its platoon melees instead


def test_lza_7_2b_guns_alone_in_columbus_do_not_fight_back():
    s = Situation(place={"Arty-1": "LZ-Columbus", "6/8-66-1": "LZ-Columbus"}, dice=[1, 1, 1, 1])
    result = s.run("melee", "LZ-Columbus", "nva")
    assert "[lza:7.2B] 1 battery in LZ-Columbus does not fight back" in steps(result, "lza:7.2B")
    assert "[lza:7.2] no US platoon in LZ-Columbus fights (dice: 0)" in steps(result, "lza:7.2")
    with_officer = Situation(
        place={"Arty-1": "LZ-Columbus", "McDade": "LZ-Columbus", "6/8-66-1": "LZ-Columbus"},
        dice=[1, 1, 1, 1],
    )
    texts = steps(with_officer.run("melee", "LZ-Columbus", "nva"), "lza:7.1")
    assert texts[-1].startswith("[lza:7.1] 0 dice")  # McDade cannot lend the guns a die


def test_lza_7_2_a_us_platoon_falling_back_may_carry_a_casualty_of_its_players_choosing():
    """lza:7.2 retreat with lza:6.3/8.4A (interpretation lza:7.2/retreat-carry): the US player is
    offered to fall back alone or carrying each casualty in the area, and his pick is obeyed."""
    s = Situation(
        place={"A/2-7-1": "C4", "A/2-7-CO": "C4", "6/8-66-1": "C4", "7/8-66-1": "D4"},
        wounded_officers=["A/2-7-CO"],
        markers={"W-B/2-7-1": "C4"},
        dice=[1] * 10,
        choices=["retreat A/2-7-1 C3 carry W-B/2-7-1"],
    )
    result = s.run("melee", "C4", "nva")
    retreat = next(d for d, _ in result.decisions if d.player == "us" and d.rule == "lza:7.2")
    options = {str(a) for a in retreat.options}
    assert {
        "retreat A/2-7-1 C3",
        "retreat A/2-7-1 C3 carry W-B/2-7-1",
        "retreat A/2-7-1 C3 carry A/2-7-CO",
    } <= options
    state = result.state
    assert state.units["A/2-7-1"].area == "C3"
    assert state.wounded["W-B/2-7-1"].area == "C3"  # the one he chose went along
    assert state.units["A/2-7-CO"].area == "C4"  # the other stays in the melee area
    assert (
        "A/2-7-1 falls back from C4 to C3, carrying the wounded marker of B/2-7-1 (lza:8.4A)"
        in " ".join(steps(result, "lza:7.2"))
    )


def test_lza_7_2_nva_retreats_carry_nothing_and_the_us_may_leave_the_wounded():
    """Only US platoons carry casualties (lza:8.4A); falling back alone leaves them in place."""
    s = Situation(
        place={"A/2-7-1": "C4", "6/8-66-1": "C4"},
        markers={"W-B/2-7-1": "C4"},
        dice=[1] * 10,
        choices=["retreat 6/8-66-1 C5"],
    )
    result = s.run("melee", "C4", "us")
    nva = next(d for d, _ in result.decisions if d.player == "nva" and d.rule == "lza:7.2")
    assert not any("carry" in str(a) for a in nva.options)
    assert result.state.units["6/8-66-1"].area == "C5"
    left = Situation(
        place={"A/2-7-1": "C4", "6/8-66-1": "C4"},
        markers={"W-B/2-7-1": "C4"},
        dice=[1] * 10,
        choices=["retreat A/2-7-1 C3"],
    ).run("melee", "C4", "nva")
    assert left.state.wounded["W-B/2-7-1"].area == "C4"
    assert left.state.units["A/2-7-1"].area == "C3"


def test_lza_7_2_retreat_with_a_casualty_reads_as_a_sentence():
    from rulebook.games._decisions import Action
    from rulebook.games.lz_albany.narrate import describe

    text = describe(Action.from_notation("retreat A/2-7-1 C3 carry W-B/2-7-1"))
    assert text == "A/2-7-1 falls back to C3, carrying the wounded of B/2-7-1"


# Three NVA-held areas beside C4: D4 and C3 (clear) and C5 (jungle).
THREE_TARGETS = {
    "A/2-7-1": "C4",
    "A/2-7-2": "C4",
    "6/8-66-1": "D4",
    "7/8-66-1": "C3",
    "7/8-66-2": "C5",
}


def _fire_activation(place, choices, dice):
    from rulebook.games.lz_albany import _activation

    s = Situation(place=place, dice=dice, choices=choices)
    flow = _activation.fire_activation(s.state, "us", {"A/2-7-1", "A/2-7-2"})
    return s, flow


def _play(state, flow, answers):
    """Run *flow*, answering from *answers* (then the first option); return the decisions."""
    from .test_fidelity import drive

    def choose(request):
        answer = answers.pop(0) if answers else request.options[0]
        assert answer in request.options, (answer, [str(o) for o in request.options])
        return answer

    return drive(flow, choose)


def test_lza_7_3_fire_may_be_divided_over_three_areas_one_decision_at_a_time():
    """lza:7.3: the player names the primary area, then gives dice to each further area in
    turn (never the Cartesian product of splits), and each area rolls its own share."""
    from rulebook.games._decisions import Action

    s, flow = _fire_activation(THREE_TARGETS, [], [1] * 30)
    answers = [Action.from_notation(a) for a in ("fire C4 D4:4", "share C3 1", "share C5 2")]
    asked = _play(s.state, flow, answers)
    first = asked[0][0]
    fires = [str(o) for o in first.options if o.verb == "fire"]
    assert sorted(fires) == ["fire C4 C3:4", "fire C4 C5:4", "fire C4 D4:4"]  # one per area
    divide = asked[1][0]
    assert divide.rule == "lza:7.3"
    # two other areas x 1..3 dice, and "done": the primary keeps at least one die
    assert len(divide.options) == 1 + 2 * 3
    assert "share C3 3" in {str(o) for o in divide.options}
    second = {str(o) for o in asked[2][0].options}
    assert second == {"done D4", "share C5 1", "share C5 2"}  # C3 is served
    assert not any(o.verb == "share" for d, _ in asked[3:] for o in d.options)  # D4 has one die
    text = " ".join(str(t) for t in s.state.trace)
    assert "US fires from C4 at D4 (1 die), C3 (1 die), C5 (2 dice); primary target D4" in text
    # the jungle penalty (one die per firing unit) comes off the jungle share (lza:7.3/split-jungle)
    assert "firing into jungle C5: one die less per firing unit (dice 2 → 0)" in text


def test_lza_7_3_dividing_stops_when_the_primary_has_one_die_or_no_area_is_left():
    from rulebook.games._decisions import Action

    s, flow = _fire_activation(THREE_TARGETS, [], [1] * 30)
    answers = [Action.from_notation(a) for a in ("fire C4 C3:4", "share D4 3")]
    asked = _play(s.state, flow, answers)
    assert [a.verb for _, a in asked[:2]] == ["fire", "share"]
    assert not any(o.verb == "share" for d, _ in asked[2:] for o in d.options)  # one die left
    text = " ".join(str(t) for t in s.state.trace)
    assert "at C3 (1 die), D4 (3 dice); primary target C3" in text


def test_lza_7_3_dividing_fire_reads_as_sentences():
    from rulebook.games._decisions import Action
    from rulebook.games.lz_albany.narrate import describe

    assert (
        describe(Action.from_notation("share C3 2")) == "Send two dice of the fire into C3 as well"
    )
    assert describe(Action.from_notation("done D4")) == (
        "Done dividing the fire: the dice left go into D4, the primary target"
    )


def test_lza_7_3_a_primary_target_option_says_when_the_dice_may_be_divided_next():
    """Picking the primary, a player should know a split follows: only with two dice or more
    and another area in reach."""
    from rulebook.games._decisions import Action
    from rulebook.games.lz_albany.narrate import describe

    s, _flow = _fire_activation(THREE_TARGETS, [], [1] * 30)
    board = s.state
    told = describe(Action.from_notation("fire C4 D4:4"), board)
    assert told.startswith("Fire from C4: four dice into D4 as the primary target")
    assert "another area next" in told
    assert "next" not in describe(Action.from_notation("fire C4 D4:1"), board)  # one die
    assert "next" not in describe(Action.from_notation("fire C4 D4:2 C3:2"), board)  # divided
    assert "next" not in describe(Action.from_notation("fire C4 D4:4"))  # no position known


def test_lza_7_3_done_leaves_the_rest_on_the_primary_and_untargeted_areas_do_not_return_fire():
    """After one share the player says done: the primary rolls what is left, and only the areas
    given dice may return fire (lza:7.3 Return Fire, interpretation lza:7.3/primary-share)."""
    from rulebook.games._decisions import Action

    s, flow = _fire_activation(THREE_TARGETS, [], [1] * 30)
    answers = [Action.from_notation(a) for a in ("fire C4 D4:4", "share C3 1", "done D4")]
    asked = _play(s.state, flow, answers)
    text = " ".join(str(t) for t in s.state.trace)
    assert "US fires from C4 at D4 (3 dice), C3 (1 die); primary target D4" in text
    returns = {str(o) for d, _ in asked for o in d.options if o.verb == "return-fire"}
    assert returns == {"return-fire D4 C4", "return-fire C3 C4"}  # not C5, never targeted


def test_lza_7_2_with_the_left_behind_reading_a_retreating_platoon_carries_nobody():
    """Scenario option retreat_carry: left-behind (interpretation lza:7.2/retreat-carry)."""
    s = Situation(
        place={"A/2-7-1": "C4", "6/8-66-1": "C4"},
        markers={"W-B/2-7-1": "C4"},
        dice=[1] * 10,
        choices=["retreat A/2-7-1 C3"],
        options={"retreat_carry": "left-behind"},
    )
    result = s.run("melee", "C4", "nva")
    asked = next(d for d, _ in result.decisions if d.player == "us" and d.rule == "lza:7.2")
    assert "retreat A/2-7-1 C3" in {str(o) for o in asked.options}
    assert not any("carry" in str(o) for o in asked.options)
    assert result.state.wounded["W-B/2-7-1"].area == "C4"


def test_lza_7_3_the_firing_strength_names_the_platoons_there_that_do_not_fire():
    """Only the activated platoons fire (lza:7.3), and mortars only as mortars (lza:7.4), while
    any counter in the area can be hit: the count of firers names the others and why, or it
    reads as a miscount beside the longer list of counters offered for a hit."""
    from rulebook.games._decisions import Action
    from rulebook.games.lz_albany import _activation

    place = {"A/2-7-1": "C4", "A/2-7-5": "C4", "C/2-7-1": "C4", "6/8-66-1": "D4"}
    s = Situation(place=place, dice=[1] * 30)
    flow = _activation.fire_activation(s.state, "us", {"A/2-7-1", "A/2-7-5"})
    _play(s.state, flow, [Action.from_notation("fire C4 D4:2")])
    texts = [str(t) for t in s.state.trace]
    assert (
        "[lza:7.3] 1 of the 3 US platoons in C4 fires with strength 2 (A/2-7-5 fires only as a "
        "mortar; C/2-7-1 was not activated) (dice: 2)"
    ) in texts
    # return fire: every infantry platoon of the area fires, so none is named
    assert "[lza:7.3] 1 NVA platoon in D4 fires with strength 2 (dice: 2)" in texts


def test_lza_8_1_the_trace_says_who_places_each_hit_and_on_whom():
    """The choice of a hit is logged as "hit X" under the chooser's name, which read as a side
    shooting its own counters when the owner places it: the trace says who places which hit
    on whom (the firer the first, the owner the rest, lza:8.1; Choi Oi stray fire, lza:3.5)."""
    s = Situation(
        place={"A/2-7-1": "C3", "A/2-7-2": "C3", "6/8-66-1": "D4", "6/8-66-2": "D4"},
        dice=[6, 6, 1, 1] + [1] * 4,
        choices=["hit 6/8-66-2", "hit 6/8-66-1"],
    )
    placed = steps(s.run("fire", "C3", "D4:4"), "lza:8.1")
    assert placed == [
        "[lza:8.1] US places hit 1 of 2 on 6/8-66-2 in D4",
        "[lza:8.1] NVA places hit 2 of 2 on 6/8-66-1 in D4",
    ]
    stray = Situation(
        place={"A/2-7-1": "C3", "A/2-7-2": "C3", "6/8-66-1": "D4"},
        dice=[1, 3],  # the US roll comes to nothing; the NVA's 3 is stray fire on C3
        choices=["hit A/2-7-2"],
    )
    result = stray.run("event")
    assert result.decisions[0][0].prompt == "which US counter in C3 takes the hit?"
    assert steps(result, "lza:8.1") == ["[lza:8.1] US places the hit on A/2-7-2 in C3"]
