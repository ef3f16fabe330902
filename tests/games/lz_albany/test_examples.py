"""The LZ Albany rulebook's worked examples, played through the engine's own flows.

Each example runs from a chit or an activation (the same generators a game runs), not by
calling a resolver with numbers filled in by hand.
"""

from __future__ import annotations

import contextlib

from rulebook.games._decisions import Chance
from rulebook.games.lz_albany import _flow
from rulebook.games.lz_albany._state import ALBANY, COLUMBUS, GameOver
from rulebook.games.lz_albany.situation import Situation

FOUR = {"A/2-7-1": "C4", "A/2-7-2": "C4", "A/2-7-3": "C4", "A/2-7-4": "C4"}


def fire_offers(options: dict | None = None) -> set[str]:
    """The ways a Fire activation of A/2-7 in C4 may aim at one NVA platoon in D4."""
    s = Situation(place=FOUR | {"6/8-66-1": "D4"}, options=options, choose=lambda d: d.options[0])
    seen = []

    def record(decision):
        seen.append(decision)
        return next(o for o in decision.options if o.verb == "done")

    s.choose = record
    s.run("activate", "us", "us-ab-2-7", "fire")
    return {str(a) for a in seen[0].options if a.verb == "fire" and len(a.args) == 2}


def test_lza_6_1_example_four_platoons_in_one_area_only_two_fire():
    # Four rifle and weapons platoons (fire 2 each): under the example's reading only two
    # fire, 4 dice; under the case's sentence one die is lost for the one unit over three.
    assert fire_offers({"overstack_fire": "example_two_fire"}) == {"fire C4 D4:4"}
    assert fire_offers() == {"fire C4 D4:7"}


def dust_off_lift(area: str, hot: bool) -> int:
    """Wounded markers a Dust Off chit lifts from *area*, with NVA beside it if *hot*."""
    place = {"A/2-7-1": area} | ({"6/8-66-1": "B4"} if hot else {})
    s = Situation(
        place=place,
        markers={f"W-{i}": area for i in range(4)},
        dice=[6] * 4,  # a hot zone's roll damages it
        choices=[f"evacuate {area}"],
    )
    with contextlib.suppress(StopIteration, GameOver):
        flow = _flow.play_chit(s.state, s.state.chits["us-dust-off-1"])
        request = next(flow)
        while True:
            if isinstance(request, Chance):
                request = flow.send(request.options[0])
            else:
                answer = next(
                    (o for o in request.options if str(o) == f"evacuate {area}"),
                    request.options[0],
                )
                request = flow.send(answer)
    return sum(w.status == "evacuated" for w in s.state.wounded.values())


def test_lza_6_3_example_dust_off_lifts_three_in_lz_albany_two_in_sawgrass_one_less_damaged():
    assert dust_off_lift(ALBANY, hot=False) == 3
    assert dust_off_lift(ALBANY, hot=True) == 2
    assert dust_off_lift("C4", hot=False) == 2  # sawgrass
    assert dust_off_lift("C4", hot=True) == 1
    assert dust_off_lift("C3", hot=False) == 2  # sawgrass, no NVA beside it


def test_lza_7_5_example_with_two_units_in_the_area_a_die_picks_which_one_is_hit():
    place = {"Arty-1": COLUMBUS, "McDade": "C4", "6/8-66-1": "D4", "6/8-66-2": "D4"}
    hit = {}
    for face, expected in ((1, "6/8-66-1"), (2, "6/8-66-2")):
        # drift roll 2 (on target), three 6s, then the die that picks the unit
        s = Situation(
            place=place, dice=[2, 6, 6, 6, face] + [1] * 6, choices=["artillery Arty-1 D4"]
        )
        s.run("artillery")
        hit[expected] = [s.state.units[u].hits for u in ("6/8-66-1", "6/8-66-2")]
        picks = [r for r in s.state.dice.rolls if r.sides == 2]
        assert len(picks) == 1  # one even chance between the two units (the book's 1-3 / 4-6)
    assert hit == {"6/8-66-1": [3, 0], "6/8-66-2": [0, 3]}
