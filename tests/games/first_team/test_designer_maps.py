"""A designer's First Team map plays: camps wherever the map puts them, zones with fewer than six
locations, and a whole seeded campaign on a twelve-location map (ftv:7.0B, ftv:3.2.2.2)."""

from __future__ import annotations

import pytest

from rulebook.games.first_team import _command
from rulebook.games.first_team._flow import camp_garrisons
from rulebook.games.first_team.checks import setup_problems
from rulebook.games.first_team.engine import new_campaign
from rulebook.games.first_team.policy import scripted_policy
from rulebook.maps.point_design import PointDesign

# Twelve locations: Cambodia, zones A, B, D, G and J with two each, and Pleiku in zone J.
PLACES = {
    "CAM1": (5, 30),
    "A1": (15, 20),
    "A2": (15, 40),
    "B1": (28, 15),
    "B2": (28, 35),
    "D1": (40, 45),
    "D2": (40, 25),
    "G1": (52, 15),
    "G2": (55, 35),
    "J1": (68, 20),
    "J2": (68, 40),
    "Pleiku": (80, 30),
}
LINES = [
    ("CAM1", "A1", "road"),
    ("CAM1", "A2", "jungle"),
    ("A1", "A2", "river"),
    ("A1", "B1", "jungle"),
    ("A2", "B2", "jungle-mountain"),
    ("B1", "B2", "jungle"),
    ("B1", "D2", "road"),
    ("B2", "D1", "jungle"),
    ("D1", "D2", "jungle"),
    ("D2", "G1", "road"),
    ("D1", "G2", "jungle"),
    ("G1", "G2", "river"),
    ("G1", "J1", "road"),
    ("G2", "J2", "jungle"),
    ("J1", "J2", "jungle"),
    ("J1", "Pleiku", "road"),
    ("J2", "Pleiku", "jungle"),
]


def twelve() -> PointDesign:
    """The map, with the camps at D2 and G1 (not the book's G4) and its NVA sent to its zones."""
    d = PointDesign.blank()
    for name, xy in PLACES.items():
        d.add_location(name, xy)
    d.set_pleiku_zone("J")
    for a, b, kind in LINES:
        d.set_line(a, b, kind)
    for zone, rank in {"A": 1, "B": 2, "D": 3, "G": 4, "J": 5}.items():
        d.set_rank(zone, rank)
    d.set_zone_adjacency([("Cambodia", "A"), ("A", "B"), ("B", "D"), ("D", "G"), ("G", "J")])
    d.set_camp("D2", "Duc Co")
    d.set_camp("G1", "Plei Me")
    d.set_an_khe("J2", "road")
    d.set_lz_markers(6, 2)
    for gone, to in {"C": "B", "E": "D", "F": "D", "H": "G", "I": "G"}.items():
        d.send_zone(gone, to)
    return d


def test_ftv_7_0_b_designer_camps_take_their_garrison_and_supply_where_the_map_puts_them():
    d = twelve()
    assert d.findings() == []
    assert camp_garrisons(d.scenario.first_team) == {"D2": "Duc Co", "G1": "Plei Me"}
    assert setup_problems(d.scenario, "twelve.yaml") == []
    game = new_campaign(d.scenario, seed=1)
    s = game.board
    assert [u.id for u in s.board.us("G1") if u.garrison] == ["Plei Me"]
    assert s.board.supply == {"D2": 2, "G1": 2}
    assert any("Plei Me (G1)" in t.text for t in s.trace if t.rule == "ftv:7.0")


def test_ftv_7_0_b_a_camp_named_after_no_garrison_is_a_problem():
    d = twelve()
    d.set_camp("G1", "Pleiku Ridge")
    texts = [f.text for f in d.findings()]
    assert any("no Pleiku Ridge garrison" in t and "(G1)" not in t for t in texts)
    assert any("No location is the Plei Me camp" in t for t in texts)
    where = [p.path for p in setup_problems(d.scenario, "twelve.yaml")]
    assert "first_team.map.special_forces_camps.G1" in where


def test_ftv_3_2_2_2_a_location_die_the_zone_lacks_is_rolled_again():
    game = new_campaign(twelve().scenario, seed=3)
    s = game.board
    dice = iter([5, 3, 6, 2])  # 5, 3 and 6 name no location of zone A (A1 and A2 only)
    s.dice.d6 = lambda rule: next(dice)  # type: ignore[method-assign]
    assert _command.location_die(s, "A", "ftv:3.2.2.2") == 2
    rerolled = [t.text for t in s.trace if "rolled again" in t.text]
    assert len(rerolled) == 3
    assert "no location A5" in rerolled[0]


def test_ftv_3_2_2_2_a_zone_without_numbered_locations_is_named():
    game = new_campaign(twelve().scenario, seed=3)
    with pytest.raises(ValueError, match="zone E has no numbered location"):
        _command.location_die(game.board, "E", "ftv:3.2.2.2")


@pytest.mark.parametrize("seed", [0, 1])
def test_a_twelve_location_campaign_plays_fifteen_turns_to_a_victory_level(seed):
    game = new_campaign(twelve().scenario, seed=seed, record=False)
    policy = scripted_policy()
    while not game.is_over():
        game.apply(policy(game))
    out = game.outcome()
    assert out["level"] in {
        "NVA Strategic",
        "NVA Tactical",
        "NVA Limited",
        "Draw",
        "US Tactical",
    }
    assert 1 <= out["turns"] <= 15


def test_ftv_3_4_3_5_i_a_stack_no_location_of_a_small_zone_can_hold_stays_in_its_box():
    """The book's rerolls end because a six-location zone always has room; on a designer's zone of
    two locations both can fill up. This seed, at 12 CP a turn, once looped on the reroll for
    good (and grew without end in the balance lab); now the stack stays in its Zone Box."""
    import random

    from rulebook.games.first_team.policy import random_policy
    from rulebook.sim import apply_overrides

    scenario = apply_overrides(twelve().scenario, {"values.cp_per_turn.value": "12"})
    game = new_campaign(scenario, seed=119)
    pick = random_policy(random.Random(119)).index
    for _ in range(5_000):
        if game.is_over():
            break
        game.apply_option(pick(game))
    assert game.is_over()
    stayed = [t.text for t in game.board.trace if "no location of the zone has room" in t.text]
    assert stayed, "the seed no longer meets a full zone: pick another that does"
