"""Values of Ambush Valley's data files checked by hand against the book.

Each check names the value in our data, the number the book prints, and where: the test
asserts both that our data holds that number and that the source text prints it there, so a
wrong transcription and a wrong citation both fail.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sources import source_text

from rulebook.games.ambush_valley._data import book
from rulebook.games.ambush_valley.catalogue import forces, platoon, vehicle
from rulebook.games.ambush_valley.scenario import Scenario
from rulebook.games.ambush_valley.tables import table

T = book("tables")
QUAN_LOI = Scenario.load(
    Path(__file__).resolve().parents[3] / "scenarios" / "ambush_valley" / "quan_loi.yaml"
).spec


def _norm(text: str) -> str:
    return (
        text.replace("\u201d", '"')
        .replace("\u201c", '"')
        .replace("\u2019", "'")
        .replace("\u2013", "-")
        .lower()
    )


def printed(first: int, last: int, pattern: str) -> bool:
    """Whether *pattern* (a regex, case-insensitive) is on lines first..last of the book."""
    lines = source_text("002_").splitlines()  # skips the check of the book's side without it
    text = _norm("\n".join(lines[first - 1 : last]))
    return re.search(pattern.lower(), text) is not None


# (what, our value, the book's value, first line, last line, what the book prints there)
# fmt: off
CHECKS = [
    ("tunnel spots placed", T["tunnel_spots"]["default_count"], 5, 69, 69, r"place five \(5\) tunnel spot"),
    ("tunnel spot spacing", T["tunnel_spots"]["min_spacing_inches"], 6, 69, 69, r'within 6" of another'),
    ("claymore attack dice", T["claymore"]["attack_dice"], 8, 133, 137, r"8d8"),
    ("napalm primary dice", T["napalm"]["primary"]["dice"], 8, 169, 169, r"8d10"),
    ("napalm splash dice", T["napalm"]["splash"]["dice"], 6, 169, 169, r"6d10"),
    ("medic light wound range", T["medic"]["light_wound_range_inches"], 6, 144, 144, r'medic within 6"'),
    ("PBR speed", vehicle("PBR Mk I & II").move_inches, 12, 236, 236, r'12" per turn'),
    ("PACV speed", vehicle("PACV").move_inches, 15, 244, 244, r'15" per turn'),
    ("ATC speed", vehicle("ATC").move_inches, 10, 249, 249, r'10" per turn'),
    ("ATC capacity", vehicle("ATC").capacity_models, 25, 257, 257, r"up to 25 models"),
    ("PBR crew", vehicle("PBR Mk I & II").crew, 5, 239, 240, r"crew:\s*5"),
    ("ATC armour", vehicle("ATC").armor.all, "3D10", 252, 253, r"class 3 / 3d10"),
    ("PBR survivability", vehicle("PBR Mk I & II").survivability, "4+/D8", 239, 239, r"4\+ / 1d8"),
    ("M48 front armour", vehicle("M48A2 Patton").armor.front, "4D10", 315, 315, r"class 4 \(4d10\)"),
    ("M48 deck armour", vehicle("M48A2 Patton").armor.deck, "2D10", 315, 315, r"deck \(2d10\)"),
    ("jeep front armour", vehicle("M38A1/M151 jeep").armor.front, "1D6", 412, 412, r"class 1 \(1d6\)"),
    ("M16 halftrack front armour", vehicle("M16 Quad 50 halftrack").armor.front, "2D6", 370, 370, r"class 1 \(2d6\)"),
    ("M113 passengers", vehicle("M113 APC").passengers, 9, 374, 374, r"2\+9"),
    ("Ontos guns", vehicle("M50 Ontos").weapons[0].fp, "5D", 424, 424, r"each 5d"),
    ("Cobra survivability", vehicle("AH-1G Cobra").survivability, "D10", 547, 547, r"3d8 d10"),
    ("Spooky miniguns", vehicle("AC-47 Spooky").weapons[0].fp, "12D", 578, 578, r"miniguns \(heavy support\): 12d"),
    ("Spooky flares", "48" in vehicle("AC-47 Spooky").weapons[1].name, True, 578, 578, r"48 x mk 24"),
    ("Spooky crew", vehicle("AC-47 Spooky").crew, 8, 578, 578, r"crew: 8"),
    ("A-1 cannon", vehicle("A-1 Skyraider").weapons[0].fp, "8D", 564, 564, r"20mm cannon \(med. support\): 8d"),
    ("A-37 bombs", vehicle("A-37 Tweet").weapons[1].fp, "12D", 566, 566, r"500lb bombs.*12d w/8 inch radius"),
    ("Cherry replacement", table("replacement").lookup(1)["tq"], 6, 913, 913, r"cherry - d6 troop quality/d8 morale"),
    ("FNG replacement", table("replacement").lookup(4)["tq"], 8, 915, 915, r"fng - d8 troop quality/d8 morale"),
    ("Lifer replacement", table("replacement").lookup(6)["morale"], 10, 917, 917, r"lifer - d10 troop quality/d10 morale"),
    ("objective VP", T["victory_points"]["free_world"]["objective"], 15, 742, 742, r"each objective achieved: 15 vp"),
    ("enemy AFV disabled VP", T["victory_points"]["free_world"]["enemy_afv_disabled"], 3, 750, 750, r"afv disabled: 3 vp"),
    ("enemy AFV destroyed VP", T["victory_points"]["free_world"]["enemy_afv_destroyed"], 5, 752, 752, r"afv destroyed: 5 vp"),
    ("insurgent leader VP", T["victory_points"]["vc"]["insurgent_leader_killed"], -1, 758, 758, r"insurgent leader killed: -1 vp"),
    ("regular vehicle destroyed VP", T["victory_points"]["vc"]["regular_vehicle_destroyed"], 7, 762, 762, r"vehicle destroyed: 7 vp"),
    ("game length first check", T["game_length"]["checks"][5], 6, 769, 769, r"end of turn 5.*rolls a d6: on a 4\+"),
    ("sniper team cost", T["asset_costs"]["omp"]["Sniper Team"], 2, 695, 696, r"sniper team\s+2"),
    ("squad cost", T["asset_costs"]["omp"]["Squad from own platoon"], 5, 701, 702, r"squad from own platoon\s+5"),
    ("gunship air support cost", T["asset_costs"]["omp"]["Gunship air support"], 10, 724, 725, r"gunship air support\s+10"),
    ("leadership rating 1", table("leadership-rating").lookup(1), -2, 662, 669, r"1\s+-2"),
    ("leadership rating 6", table("leadership-rating").lookup(6), 2, 669, 670, r"6\s+\+2"),
    ("accompanied 2", table("casualty-accompanied").lookup(2), "Deceased", 799, 800, r"2\s+deceased"),
    ("accompanied 7-9", table("casualty-accompanied").lookup(8), "Incapacitating Injury", 805, 806, r"7-9\s+incapacitating injury"),
    ("straggler 4-6", table("casualty-straggler").lookup(5), "Captured", 816, 817, r"4-6\s+captured"),
    ("development 6", table("unit-development").lookup(6), "Firepower", 829, 836, r"6\s+firepower development"),
    ("development 1", table("unit-development").lookup(1), "Combat Fatigue", 827, 828, r"1\s+combat fatigue"),
    ("fatigue 10-11", table("combat-fatigue").lookup(10).startswith("Loss of Edge"), True, 853, 854, r"10-11\s+loss of edge"),
    ("special development 12 is the D12 list", table("special-development").roll, "d12", 873, 873, r"roll 1d12"),
    ("Quan Loi reinforcement trigger", QUAN_LOI.reinforcements[0].trigger.at_most, 4, 1139, 1139, r"4 or less on a d12"),
    ("Local Force TQ", forces().loc["vc-local-force", "tq"], "D6", 276, 276, r"troop quality d6 and morale d8"),
    ("aero-rifle squads", platoon("us-aero-rifle").units[1].count, 4, 265, 265, r"4 x aero rifle squad"),
    ("aero-rifle riflemen", platoon("us-aero-rifle").units[1].figures[-1][0], 6, 265, 265, r"6 x riflemen with m16"),
]
# fmt: on


def test_at_least_forty_values_are_checked_by_hand():
    assert len(CHECKS) >= 40


@pytest.mark.parametrize("check", CHECKS, ids=[c[0] for c in CHECKS])
def test_av_value_matches_the_book(check):
    what, ours, book_value, first, last, pattern = check
    assert ours == book_value, f"{what}: our data has {ours!r}, the book {book_value!r}"
    assert printed(first, last, pattern), (
        f"{what}: the book does not print /{pattern}/ on lines {first}-{last}"
    )
