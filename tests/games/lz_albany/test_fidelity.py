"""Rules fidelity, round two: each verified deviation of the audit, played through the engine.

Each test names its case; where a reading was chosen, the test also plays the alternative
through its scenario option, so both readings stay honest.
"""

from __future__ import annotations

from rulebook.dice import Dice, ScriptedDice
from rulebook.games._decisions import Action, Chance, Decision
from rulebook.games.lz_albany import _flow
from rulebook.games.lz_albany._activation import move_options
from rulebook.games.lz_albany._state import ALBANY, COLUMBUS, State
from rulebook.games.lz_albany._support import capacity
from rulebook.games.lz_albany.engine import standard_scenario
from rulebook.games.lz_albany.situation import Situation


def drive(flow, choose=lambda d: d.options[0]) -> list[tuple[Decision, Action]]:
    """Run a flow to its end: chance takes its first outcome, *choose* answers decisions."""
    seen: list[tuple[Decision, Action]] = []
    try:
        request = next(flow)
        while True:
            if isinstance(request, Chance):
                answer = request.options[0]
            else:
                answer = choose(request)
                seen.append((request, answer))
            request = flow.send(answer)
    except StopIteration:
        pass
    return seen


def fresh(options: dict | None = None, dice=1) -> State:
    state = State.new(standard_scenario(), Dice(dice) if isinstance(dice, int) else dice)
    state.rules.options.update(options or {})
    return state


def prefer(*verbs: str):
    """Answer with the first option whose verb is in *verbs*, else the first option."""

    def choose(decision: Decision) -> Action:
        return next((o for o in decision.options if o.verb in verbs), decision.options[0])

    return choose


# --- lza:3.2D with lza:6.1: LZ Columbus --------------------------------------------------


def arrive_through(state: State, last_turn: int, choose) -> None:
    for turn in range(1, last_turn + 1):
        state.turn = turn
        drive(_flow.reinforcement_phase(state), choose)


def test_lza_3_2d_every_listed_reinforcement_reaches_lz_columbus():
    state = fresh()
    # B/1-5 may be held for an airlift; here every arrival is placed at once.
    arrive_through(state, 7, prefer("place"))
    at_columbus = {u.id for u in state.in_area(COLUMBUS, "us")}
    for company in ("Arty", "A/1-5", "B/1-5"):
        listed = {u.id for u in state.units.values() if u.company == company}
        assert listed <= at_columbus, company
    assert len(state.platoons(COLUMBUS, "us")) == 14  # 4 batteries and two companies of 1-5 Cav
    waiting = [u.id for u in state.units.values() if u.status == "waiting"]
    assert waiting == []


def test_lza_6_1_columbus_is_a_base_under_either_reading():
    base = fresh()
    arrive_through(base, 6, prefer("place"))
    assert base.over_stack(COLUMBUS, "us") == 0  # no-limit: no over-stacking effects there
    loose = fresh({"columbus_stacking": "placement-only"})
    arrive_through(loose, 6, prefer("place"))
    assert len(loose.platoons(COLUMBUS, "us")) == 9  # everyone still arrives...
    assert loose.over_stack(COLUMBUS, "us") == 6  # ...but over-stacking counts in a fight there


def test_lza_3_2d_stacking_still_limits_placement_outside_columbus():
    state = fresh()
    state.turn = 1
    crowd = prefer()  # always the first area offered

    def first_area(decision: Decision) -> Action:
        return crowd(decision)

    drive(_flow.reinforcement_phase(state), first_area)
    for area in state.map.areas:
        if area != COLUMBUS:
            assert len(state.platoons(area, "us")) <= 3
            assert len(state.platoons(area, "nva")) <= 3


# --- lza:5.2E: the NVA retreat -----------------------------------------------------------


def test_lza_5_2e_in_retreat_an_nva_chit_cannot_be_passed_and_is_a_move():
    s = Situation(place={"6/8-66-1": "C5", "1/1-33-1": "C2", "A/2-7-1": "C3"})
    s.state.retreat = True
    decision = next(_flow.fire_move(s.state, s.state.chits["nva-fire-move-1"]))
    assert {a.verb for a in decision.options} == {"activate"}
    assert {a.args[1] for a in decision.options} == {"move"}


def test_lza_5_2e_retreating_units_must_close_on_an_edge_before_the_group_may_stop():
    place = {"6/8-66-1": "C5", "6/8-66-2": "C5"}
    s = Situation(place=place, choose=prefer("done"))
    s.state.retreat = True
    result = s.run("move", "nva", "nva-66-678")
    first = result.decisions[0][0]
    assert "done" not in {a.verb for a in first.options}
    assert first.prompt.startswith("retreat")
    for uid in place:  # both had to move, each one area nearer an edge
        assert result.state.units[uid].area != "C5"
    lenient = Situation(place=place, options={"nva_retreat_moves": "moves-toward-edge"})
    lenient.choose = prefer("done")
    lenient.state.retreat = True
    stayed = lenient.run("move", "nva", "nva-66-678")
    assert [u.area for u in (stayed.state.units[i] for i in place)] == ["C5", "C5"]


# --- lza:6.2A and lza:10.3: an officer leads hit platoons ----------------------------------


def test_lza_6_2a_and_10_3_one_officer_takes_any_number_of_hit_platoons():
    hurt = {"A/2-7-1": 1, "A/2-7-2": 2, "A/2-7-3": 3}
    s = Situation(
        place=dict.fromkeys([*hurt, "A/2-7-CO"], "C4"),
        hits=hurt,
        choices=[
            "move A/2-7-1 D4 with A/2-7-CO",
            "follow A/2-7-2 D4 after A/2-7-CO",
            "follow A/2-7-3 D4 after A/2-7-CO",
            "done",
        ],
    )
    result = s.run("move", "us", "us-ab-2-7")
    assert {result.state.units[u].area for u in [*hurt, "A/2-7-CO"]} == {"D4"}
    asked = [d for d, _ in result.decisions if d.rule == "lza:6.2A"]
    assert asked
    assert "which hit or reduced platoon" in asked[0].prompt


def test_lza_6_2a_an_officer_may_leave_hit_platoons_behind_and_only_leads_his_own():
    s = Situation(
        place={"A/2-7-1": "C4", "C/2-7-1": "C4", "A/2-7-CO": "C4"},
        hits={"A/2-7-1": 1, "C/2-7-1": 1},
        choices=["move A/2-7-CO D4", "leave A/2-7-CO", "done"],
    )
    result = s.run("move", "us", "us-ab-2-7")
    offered = {str(a) for d, _ in result.decisions if d.rule == "lza:6.2A" for a in d.options}
    assert "follow A/2-7-1 D4 after A/2-7-CO" in offered
    assert not any("C/2-7-1" in o for o in offered)  # another company's platoon
    assert result.state.units["A/2-7-1"].area == "C4"


def test_lza_6_2a_an_escort_must_be_activated_with_the_group():
    s = Situation(place={"A/2-7-1": "C4", "McDade": "C4"}, hits={"A/2-7-1": 1})
    s.state.officer_activations["McDade"] = 2  # his two activations are spent (lza:5.2D)
    ids = {"A/2-7-1"}
    assert move_options(s.state, ids, set(), "us", adrenaline=False) == []


# --- lza:6.4: airlift room ----------------------------------------------------------------


def held(s: Situation, *ids: str) -> None:
    for uid in ids:
        s.state.units[uid].status = "held"


B15 = ("B/1-5-1", "B/1-5-2", "B/1-5-3", "B/1-5-4", "B/1-5-5", "B/1-5-CO")


def test_lza_6_4_airlift_room_counts_platoons_already_there_and_the_player_picks():
    s = Situation(
        place={"A/2-7-1": ALBANY, "A/2-7-2": ALBANY},
        choices=["airlift LZ-Albany", "lift B/1-5-4 LZ-Albany"],
        choose=prefer("lift"),
    )
    held(s, *B15)
    result = s.run("dust-off")
    assert len(result.state.platoons(ALBANY, "us")) == 3
    assert result.state.units["B/1-5-4"].area == ALBANY  # the player's pick, not the first listed
    assert result.state.units["B/1-5-CO"].area == ALBANY
    assert result.state.units["B/1-5-1"].status == "held"


def test_lza_6_4_jungle_takes_one_sawgrass_two_and_a_full_area_is_not_offered():
    for area, room in (("B4", 1), ("C4", 2), (ALBANY, 3)):
        s = Situation(place={}, choices=[f"airlift {area}"], choose=prefer("lift"))
        held(s, *B15)
        result = s.run("dust-off")
        assert len(result.state.platoons(area, "us")) == room, area
    full = Situation(place=dict.fromkeys(("A/2-7-1", "A/2-7-2", "A/2-7-3"), ALBANY))
    held(full, *B15)
    first = full.run("dust-off").decisions[0][0]
    assert f"airlift {ALBANY}" not in {str(a) for a in first.options}
    per_landing = Situation(
        place=dict.fromkeys(("A/2-7-1", "A/2-7-2"), ALBANY),
        options={"airlift_room": "per-landing"},
        choices=[f"airlift {ALBANY}"],
        choose=prefer("lift"),
    )
    held(per_landing, *B15)
    assert len(per_landing.run("dust-off").state.platoons(ALBANY, "us")) == 5


# --- lza:6.1 with lza:7.4 and lza:7.5: massed target ----------------------------------------


FIVE_NVA = ["6/8-66-1", "6/8-66-2", "6/8-66-3", "7/8-66-1", "7/8-66-2"]


def test_lza_6_1_and_7_4_mortar_fire_into_five_units_adds_two_dice():
    s = Situation(
        place={"A/2-7-5": "C4", "McDade": "C4"} | dict.fromkeys(FIVE_NVA, "D4"), dice=[1] * 10
    )
    result = s.run("mortar", "C4", "D4")
    texts = [str(t) for t in result.trace]
    assert "[lza:6.1] massed target: 2 unit(s) over three in D4 (dice 1 → 3)" in texts
    assert any(t.startswith("[lza:7.1] 3 dice") for t in texts)


def test_lza_6_1_and_7_5_artillery_massed_dice_follow_the_reading():
    place = {"Arty-1": COLUMBUS, "McDade": "C4"} | dict.fromkeys(FIVE_NVA, "D4")
    with_guns = Situation(place=place, dice=[2] + [1] * 10)
    texts = [str(t) for t in with_guns.run("artillery", "Arty-1", "D4").trace]
    assert any(t.startswith("[lza:7.1] 5 dice") for t in texts)
    without = Situation(
        place=place, dice=[2] + [1] * 10, options={"massed_target": "not-artillery"}
    )
    texts = [str(t) for t in without.run("artillery", "Arty-1", "D4").trace]
    assert any(t.startswith("[lza:7.1] 3 dice") for t in texts)


# --- lza:7.2: officers retreat after their platoons ------------------------------------------


def test_lza_7_2_an_officer_can_fall_back_after_his_platoons_have_gone():
    s = Situation(
        place={"A/2-7-1": "C4", "A/2-7-CO": "C4", "6/8-66-1": "C4", "6/8-66-2": "C4"},
        dice=[1] * 20,
        choices=["stay 6/8-66-1", "stay 6/8-66-2", "retreat A/2-7-1 C3"],
    )
    s.choose = lambda d: next(
        (o for o in d.options if str(o) == "retreat A/2-7-CO C3"), d.options[0]
    )
    result = s.run("melee", "C4", "us")
    officer_asked = [d for d, _ in result.decisions if "A/2-7-CO" in d.prompt]
    assert officer_asked, "the officer was stranded without a choice"
    assert result.state.units["A/2-7-CO"].area == "C3"
    assert result.state.units["A/2-7-1"].area == "C3"


# --- lza:7.3: the advance --------------------------------------------------------------------


def test_lza_7_3_advance_asks_which_firing_units_move_and_never_takes_mortars():
    s = Situation(
        place={"A/2-7-1": "C4", "A/2-7-2": "C4", "A/2-7-5": "C4", "6/8-66-1": "D4"},
        hits={"6/8-66-1": 3},
        dice=[6] + [1] * 10,
        choices=["advance A/2-7-2 D4", "hold C4"],
    )
    result = s.run("fire", "C4", "D4:4")
    asked = [d for d, _ in result.decisions if d.rule == "lza:7.3" and "advances" in d.prompt]
    assert asked
    offered = {a.args[0] for a in asked[0].options if a.verb == "advance"}
    assert offered == {"A/2-7-1", "A/2-7-2"}  # the mortar did not fire and never advances
    assert result.state.units["A/2-7-2"].area == "D4"
    assert result.state.units["A/2-7-1"].area == "C4"
    assert result.state.units["A/2-7-5"].area == "C4"


# --- lza:7.7B: napalm checks every officer ---------------------------------------------------


def test_lza_7_7b_napalm_checks_each_officer_in_the_area_us_officers_too():
    s = Situation(place={"6/8-66-1": "D4", "Man": "D4", "McDade": "D4"}, dice=[6] * 10)
    result = s.run("napalm", "D4")
    checked = [str(t) for t in result.trace if "leader check" in str(t)]
    assert any("Man" in t for t in checked)
    assert any("McDade" in t for t in checked)
    assert result.state.units["McDade"].wounded
    assert result.state.units["Man"].wounded


# --- lza:10.1: a lone officer and any friendly chit --------------------------------------------


def test_lza_10_1_a_lone_officer_may_act_on_an_artillery_air_or_adrenaline_chit():
    for kind in ("adrenaline", "artillery", "dust-off", "visibility"):
        s = Situation(place={"McDade": "C4", "A/2-7-1": "E4"})
        chit = next(c for c in s.state.chits.values() if c.kind == kind and c.side == "us")
        seen = drive(_flow.play_chit(s.state, chit), prefer("move"))
        assert any(d.rule == "lza:10.1" for d, _ in seen), kind
        assert s.state.units["McDade"].area != "C4"
    nva = Situation(place={"Man": "C5", "6/8-66-1": "E6"})
    chit = next(c for c in nva.state.chits.values() if c.side == "nva" and c.kind == "adrenaline")
    assert any(d.rule == "lza:10.1" for d, _ in drive(_flow.play_chit(nva.state, chit)))


# --- lza:8.4B against lza:6.3: the contradiction -------------------------------------------------


def test_lza_8_4b_dust_off_lifts_one_or_two_under_the_literal_reading():
    terrain = fresh()
    assert capacity(terrain, ALBANY, damaged=False) == 3  # 6.3's table (the reading taken)
    literal = fresh({"dust_off_capacity": "at-most-two"})
    assert capacity(literal, ALBANY, damaged=False) == 2
    assert capacity(literal, "C4", damaged=False) == 2
    assert capacity(literal, "B4", damaged=False) == 1
    s = Situation(
        place={"A/2-7-1": ALBANY},
        markers={f"W-{i}": ALBANY for i in range(3)},
        options={"dust_off_capacity": "at-most-two"},
        choices=[f"evacuate {ALBANY}"],
        dice=ScriptedDice([1] * 5),
    )
    result = s.run("dust-off")
    assert [w.status for w in result.state.wounded.values()].count("evacuated") == 2


# --- lza:5.2D: a senior officer's die is the player's to spend -----------------------------


def test_lza_5_2d_the_player_decides_whether_a_senior_officer_adds_his_die():
    rolled = {}
    for answer in ("join McDade C4", "spare McDade"):
        s = Situation(
            place={"A/2-7-1": "C4", "McDade": "C4", "6/8-66-1": "D4"},
            dice=[1] * 20,
            choices=["fire C4 D4:3", answer],
            choose=prefer("done", "hold"),
        )
        result = s.run("activate", "us", "us-ab-2-7", "fire")
        asked = [d for d, _ in result.decisions if d.rule == "lza:5.2D"]
        assert asked
        assert "2 activations left" in asked[0].prompt
        first_roll = next(str(t) for t in result.trace if str(t).startswith("[lza:7.1]"))
        rolled[answer.split()[0]] = (first_roll.split()[1], s.state.officer_activations["McDade"])
    assert rolled == {"join": ("3", 1), "spare": ("2", 0)}
    unlimited = Situation(
        place={"A/2-7-1": "C4", "McDade": "C4", "6/8-66-1": "D4"},
        options={"senior_officer_activations": "unlimited"},
        choices=["fire C4 D4:3"],
        choose=prefer("done", "hold"),
    )
    decisions = unlimited.run("activate", "us", "us-ab-2-7", "fire").decisions
    assert not [d for d, _ in decisions if d.rule == "lza:5.2D"]  # nothing to spend: he joins


def test_lza_5_2e_and_6_2a_a_hit_platoon_leaves_the_map_only_with_its_officer():
    place = {"6/8-66-1": "A2", "6/8-66-2": "A2", "6/8-66-CO": "A2"}
    hurt = {"6/8-66-1": 1, "6/8-66-2": 3}
    s = Situation(place=place, hits=hurt, choose=prefer("exit", "done"))
    s.state.retreat = True
    assert "exit 6/8-66-1" not in {
        str(a) for a in move_options(s.state, set(place), set(), "nva", adrenaline=False)
    }  # not on its own
    result = s.run("move", "nva", "nva-66-678")
    asked = [d for d, _ in result.decisions if d.rule == "lza:6.2A"]
    assert asked
    assert "leave" not in {a.verb for a in asked[0].options}  # in retreat they must go
    assert {result.state.units[u].status for u in place} == {"exited"}
    alone = Situation(place={"6/8-66-1": "A2"}, hits={"6/8-66-1": 1}, choose=prefer("exit", "done"))
    alone.state.retreat = True
    assert alone.run("move", "nva", "nva-66-678").state.units["6/8-66-1"].area == "A2"


def test_lza_3_2d_in_seeded_games_every_columbus_arrival_enters():
    import random

    from rulebook.games.lz_albany import new_game, play_out, random_policy

    for seed in range(1, 6):
        rng = random.Random(seed)
        policy = random_policy(rng)
        game = play_out(new_game(seed=seed), {"us": policy, "nva": policy})
        board = game.board
        steps = [str(step) for entry in game.log for step in entry.trace]
        assert not any("finds no area with room" in t for t in steps), seed
        for unit in board.units.values():
            if unit.company in ("Arty", "A/1-5", "B/1-5") and unit.arrival_turn <= board.turn:
                assert unit.status != "waiting", (seed, unit.id)
