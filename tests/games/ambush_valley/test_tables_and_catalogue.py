"""Structural checks over every Ambush Valley table and catalogue entry."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulebook.dice import Dice, ScriptedDice
from rulebook.games.ambush_valley._data import book
from rulebook.games.ambush_valley.boats import (
    boat_class,
    boat_damage,
    boat_damage_odds,
    resolve_boat_hits,
)
from rulebook.games.ambush_valley.catalogue import (
    figures,
    forces,
    platoon,
    platoons,
    vehicle,
    vehicles,
)
from rulebook.games.ambush_valley.dice import LADDER, expression, parse
from rulebook.games.ambush_valley.tables import table, table_names
from rulebook.rule_ids import is_rule_id


@pytest.mark.parametrize("name", table_names())
def test_every_die_table_reads_every_total_once(name):
    """Rows neither overlap nor leave a rollable total without a result; odds sum to one."""
    t = table(name)
    assert is_rule_id(t.rule)
    dist = t.dice(tq=8)
    seen = {}
    for low, high, _ in t.rows:
        for v in range(low, (high if high is not None else max(dist)) + 1):
            assert v not in seen, f"{name}: total {v} in two rows"
            seen[v] = True
    for total in dist:
        t.lookup(total)  # raises if a total has no row
    assert sum(t.odds(tq=8).values()) == 1
    if t.provenance != "printed":
        assert t.note or t.provenance == "printed", f"{name}: a {t.provenance} table needs a note"


@pytest.mark.parametrize("tq", LADDER)
def test_two_tq_tables_take_every_quality_die(tq):
    for name in (
        "casualty-evacuated",
        "casualty-accompanied",
        "casualty-straggler",
        "combat-fatigue",
    ):
        odds = table(name).odds(tq=tq)
        assert sum(odds.values()) == 1


def test_a_two_tq_table_without_a_quality_die_says_so():
    with pytest.raises(ValueError, match="give tq"):
        table("combat-fatigue").odds()


def test_an_unknown_table_lists_the_tables():
    with pytest.raises(KeyError, match="leadership-rating"):
        table("no-such-table")


def test_av_leadership_rating_odds():
    """av:leadership-rating: -2 on 1, -1 on 2-3, +1 on 4-5, +2 on 6."""
    odds = table("leadership-rating").odds()
    assert dict(odds) == {
        -2: Fraction(1, 6),
        -1: Fraction(1, 3),
        1: Fraction(1, 3),
        2: Fraction(1, 6),
    }


def test_av_mission_generator_has_six_missions_kept_as_data():
    """av:mission-generator: six missions on a D6, each with deployment and objective."""
    missions = [table("mission-generator").lookup(face) for face in range(1, 7)]
    assert [m["mission"] for m in missions][:3] == [
        "Breaking Contact",
        "Blocking Positions",
        "Over Run",
    ]
    assert all(m["objective"] for m in missions)


def test_dice_expressions_and_their_errors():
    assert parse("1d6-1") == (1, 6, -1)
    assert expression("d6+2").mean() == Fraction(11, 2)
    assert expression("2d6")[7] == Fraction(1, 6)
    for bad in ("2d7", "dd6", "six", "3"):
        with pytest.raises(ValueError, match="dice expression"):
            expression(bad)


# --- boats -------------------------------------------------------------------------------------


@pytest.mark.parametrize("weight", ["light", "heavy"])
def test_av_boat_damage_light_and_av_boat_damage_heavy_ladder_fits_every_printed_cell(weight):
    """av:boat-damage-light, av:boat-damage-heavy: the one-ladder reading matches each cell the
    flattened charts print; blank cells (past Sinking) read Sinking."""
    printed = book("tables")["boat_damage"]["printed"][weight]
    names = {"Half Movement", "Half FP Dice"}
    cells = 0
    for face, row in printed.items():
        for hits, result in enumerate(row, start=1):
            assert boat_damage(int(face), hits, weight) == result, (weight, face, hits)
            cells += 1
        for hits in range(len(row) + 1, 5):
            assert boat_damage(int(face), hits, weight) == "Sinking"
    assert cells == (18 if weight == "light" else 21)
    assert names <= set(book("tables")["boat_damage"]["ladder"])


def test_av_boat_damage_results_odds_and_trace():
    """av:boat-damage-results: four or more hits read the 4+ column; the trace explains the result."""
    assert boat_damage_odds(7, "heavy") == boat_damage_odds(4, "heavy")
    assert boat_damage_odds(1, "heavy")["PING"] == Fraction(1, 3)
    hit = resolve_boat_hits(ScriptedDice([6]), 1, "light")
    assert hit.result == "Sinking"
    assert hit.trace.rules() == ["av:boat-damage-results"]
    assert boat_class("ATC") == "heavy"
    with pytest.raises(ValueError, match="one hit or more"):
        boat_damage(3, 0, "light")


# --- catalogues --------------------------------------------------------------------------------


def test_every_stat_block_is_well_formed():
    frame = vehicles()
    assert frame.index.is_unique
    assert set(frame["kind"]) == {"ground", "boat", "helicopter", "aircraft"}
    assert len(frame) >= 60
    for name, row in frame.iterrows():
        assert row["survivability"], name
        assert row["armor_front"], name
        assert row["provenance"] in ("printed", "derived"), name
        v = vehicle(name)
        assert v.lines, name
        assert all(1 <= line <= 1205 for line in v.lines), name
        if v.provenance == "derived":
            assert v.note, f"{name}: a derived block says what was untangled"
    for kind in ("ground", "boat", "helicopter", "aircraft"):
        assert (vehicles(kind)["kind"] == kind).all()


def test_helicopters_all_defend_with_3d8_and_the_jeep_keeps_its_printed_1d6():
    heli = vehicles("helicopter")
    assert set(heli["armor_front"]) == {"3D8"}
    assert vehicle("M38A1/M151 jeep").armor.front == "1D6"
    assert vehicle("ZSU-57/2").armor.front == "3D10"  # printed as Class 2 with 3D10


def test_every_platoon_list_belongs_to_a_force_and_counts_its_figures():
    frame = platoons()
    assert len(frame) >= 13
    known = set(forces().index)
    for pid, row in frame.iterrows():
        assert row["force"] in known
        assert row["figures"] == figures(pid).eval("count * copies").sum()
        assert row["figures"] > 0
    # Aero-rifle: HQ of 3 and four squads of 11.
    assert platoon("us-aero-rifle").figures == 3 + 4 * 11


def test_forces_cover_every_army_the_book_lists():
    assert {
        "us-army",
        "usmc",
        "cidg-mike-force",
        "arvn",
        "rf-pf",
        "gvn-police",
        "rok",
        "anzac",
        "nva",
        "vc-main-force",
        "vc-local-force",
    } <= set(forces().index)
    assert forces().loc["anzac", "conflict"]  # the D8/D10 against D10/D8 clash is recorded


def test_a_bad_catalogue_entry_names_the_entry_and_field(monkeypatch):
    from rulebook.games.ambush_valley import catalogue

    broken = {
        "ground": [
            {
                "name": "Bad Tank",
                "nation": "US",
                "lines": [1],
                "weapons": [],
                "survivability": "4+/D8",
                "crew": 3,
                "armour": {},
            }
        ],
        "boats": [],
        "helicopters": [],
        "aircraft": [],
    }
    monkeypatch.setattr(catalogue, "book", lambda name: broken)
    catalogue._vehicles.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"ground\[0\] Bad Tank: armour"):
            catalogue._vehicles()
    finally:
        catalogue._vehicles.cache_clear()


def test_rolls_are_recorded_with_their_rule():
    dice = Dice(4)
    result = table("unit-development").resolve(dice)
    assert result.trace.rolls()[0].label == "av:combat-team-development"
