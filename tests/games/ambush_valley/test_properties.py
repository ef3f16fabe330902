"""Properties over many inputs: odds are distributions, pools are never negative, and a
scenario with random damage gets problems, never a crash."""

from __future__ import annotations

import copy
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.games.ambush_valley.checks import Check
from rulebook.games.ambush_valley.dice import LADDER, expression
from rulebook.games.ambush_valley.scenario import Scenario, problems
from rulebook.games.ambush_valley.weapons import firepower

DAK_PO = Scenario.load(
    Path(__file__).resolve().parents[3] / "scenarios" / "ambush_valley" / "dak_po.yaml"
)
WEAPONS = [
    "M16",
    "AK-47",
    "SMG",
    "M60",
    "M79",
    ".38 revolver",
    "bow",
    "M1 Garand",
    "57mm RR",
    "M14 Modified",
]


@given(count=st.integers(1, 4), sides=st.sampled_from([4, 6, 8, 10, 12]), bonus=st.integers(-3, 3))
def test_every_dice_expression_is_a_distribution(count, sides, bonus):
    text = f"{count}d{sides}{bonus:+d}" if bonus else f"{count}d{sides}"
    dist = expression(text)
    assert sum(dist.values()) == 1
    assert min(dist) == count + bonus
    assert max(dist) == count * sides + bonus


@given(
    die=st.sampled_from(LADDER),
    shifts=st.integers(-3, 3),
    modifier=st.integers(-3, 3),
    rerolls=st.integers(0, 2),
)
def test_check_odds_are_probabilities_and_rerolls_never_hurt(die, shifts, modifier, rerolls):
    p = Check(die, shifts=shifts, modifier=modifier, rerolls=rerolls).odds()
    assert Fraction(0) <= p <= 1
    assert p >= Check(die, shifts=shifts, modifier=modifier).odds()


@given(
    figures=st.lists(
        st.tuples(st.integers(1, 6), st.sampled_from(WEAPONS)), min_size=1, max_size=5
    ),
    tq=st.sampled_from(LADDER),
    supply=st.sampled_from(["Poor", "Normal", "Well"]),
    distance=st.floats(0, 40),
    movement=st.sampled_from(["stationary", "cautious", "rapid"]),
)
def test_firepower_pools_are_never_negative_and_cite_their_rules(
    figures, tq, supply, distance, movement
):
    pool = firepower(figures, tq=tq, supply=supply, distance=distance, movement=movement)
    assert all(n > 0 for n in pool.dice.values())
    assert set(pool.dice) <= set(LADDER)
    assert {"av:special-weapons"} <= set(pool.trace.rules())


@settings(max_examples=60)
@given(
    spot=st.integers(0, 4),
    x=st.floats(-10, 90, allow_nan=False),
    y=st.floats(-10, 60, allow_nan=False),
    width=st.floats(10, 100, allow_nan=False),
)
def test_a_scenario_with_a_moved_spot_or_a_new_size_gets_problems_not_a_crash(spot, x, y, width):
    spec = copy.deepcopy(DAK_PO.spec)
    marker = spec.layout.tunnel_spots[spot]
    spec.layout.tunnel_spots[spot] = marker.model_copy(update={"at": (x, y)})
    spec.table = (width, spec.table[1])
    found = problems(spec, "dak_po.yaml")
    for p in found:
        assert p.file == "dak_po.yaml", p
        assert p.path.startswith("ambush_valley."), p
        assert p.message[:1].isupper(), p  # a sentence
        assert p.message.endswith("."), p
    eps = 1e-6  # the checker's tolerance for points drawn on an edge
    off_table = not (-eps <= x <= width + eps and -eps <= y <= spec.table[1] + eps)
    if off_table:
        assert any(
            p.path == f"ambush_valley.layout.tunnel_spots[{spot}].at"
            and f"tunnel spot {spot + 1} at" in p.message.lower()
            and "off the" in p.message
            and f"spot-{spot + 1}" in p.places
            for p in found
        )
