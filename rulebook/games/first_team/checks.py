"""What the First Team engine needs of a scenario, for :func:`rulebook.scenario.validate`.

The set-up garrisons each camp the map names after a US garrison (ftv:7.0B), counts LZ markers out one by one
(two per zone at most, ftv:3.2.1), and builds unit ids from battalions and letters, so those
are checked by name here; everything else the engine reads is found by starting it and
playing a seeded game (:mod:`rulebook.games._playable`).
"""

from __future__ import annotations

from collections import Counter

from rulebook._words import join_words, quoted
from rulebook.errors import Problem
from rulebook.games._playable import EngineChecks
from rulebook.games.first_team._pieces import regiment_digit, regiment_name
from rulebook.maps.point_checks import location_zone
from rulebook.scenario import Scenario

__all__ = ["play_problems", "setup_problems"]


def _duplicates(items: list[str]) -> list[str]:
    return sorted(k for k, n in Counter(items).items() if n > 1)


def _negative(values: dict[str, tuple[int, ...] | list[int] | int]) -> list[str]:
    return [k for k, v in values.items() if min(v if isinstance(v, list | tuple) else [v]) < 0]


def _camp_problems(spec, file: str) -> list[Problem]:
    """Each camp on the map names a US garrison, and each garrison has one camp (ftv:7.0B)."""
    problems = []
    camps = spec.map.special_forces_camps
    for loc, camp in camps.items():
        if camp not in spec.us.garrisons:
            problems.append(
                Problem(
                    file,
                    f"first_team.map.special_forces_camps.{loc}",
                    f"the camp at {loc} is called {quoted(camp)}, but the US forces have no garrison of "
                    f"that name to put there (ftv:7.0B); garrisons: {', '.join(spec.us.garrisons)}",
                )
            )
    for garrison in spec.us.garrisons:
        where = [loc for loc, camp in camps.items() if camp == garrison]
        if len(where) != 1:
            problems.append(
                Problem(
                    file,
                    "first_team.map.special_forces_camps",
                    f"the {garrison} garrison needs exactly one camp of that name on the map "
                    f"(ftv:7.0B); this map has {len(where)}",
                )
            )
    return problems


def _map_table_problems(spec, file: str) -> list[Problem]:
    """Play looks up the fatigue of every line a move crosses (ftv:3.4.3) and the rank of every
    location's zone (ftv:1.5.21): a gap in either would stop a campaign part-way."""
    problems = []
    board = spec.map
    for kind in sorted({*board.lines.values(), *board.an_khe.values()} - set(board.fatigue)):
        problems.append(
            Problem(
                file,
                "first_team.map.fatigue",
                f"no fatigue cost for {kind} lines, which this map has (ftv:3.4.3)",
            )
        )
    unranked: dict[str, list[str]] = {}
    for loc in board.locations:
        zone = location_zone(board, loc)
        if zone != "Cambodia" and zone not in board.zone_display.ranks:
            unranked.setdefault(zone, []).append(loc)
    for zone, locs in sorted(unranked.items()):
        if zone == "?":
            problems.append(
                Problem(file, "first_team.map.zone_of", "Pleiku is in no zone: name its zone")
            )
            continue
        problems.append(
            Problem(
                file,
                "first_team.map.zone_display.ranks",
                f"zone {zone} (of {', '.join(locs)}) has no rank on the Zone Display (ftv:1.5.21)",
            )
        )
    return problems


def _digit_problems(spec, file: str) -> list[Problem]:
    """Regiments an Offboard Table digit cannot tell apart, and results naming no regiment
    (ftv:3.5.2B, interpretation ftv:3.5.2/regiment-digits)."""
    problems = []
    by_digit: dict[str, list[int]] = {}
    for regiment in sorted(spec.nva.regiments):
        by_digit.setdefault(regiment_digit(regiment), []).append(regiment)
    for digit, regiments in sorted(by_digit.items()):
        if len(regiments) > 1:
            names = " and ".join(f"the {regiment_name(r)}" for r in regiments)
            problems.append(
                Problem(
                    file,
                    f"first_team.nva.regiments.{regiments[1]}",
                    f"{names} both end in {digit}, the Offboard Table's digit for a regiment, "
                    "so its results cannot tell them apart (ftv:3.5.2B)",
                )
            )
    for turn, cells in sorted(spec.tables.offboard.turns.items()):
        for roll, cell in enumerate(cells, start=2):
            missing = sorted({d for d in cell[:-1] if cell != "up" and d not in by_digit})
            if missing:
                problems.append(
                    Problem(
                        file,
                        f"first_team.tables.offboard.turns.{turn}",
                        f"roll {roll} gives {cell}, but no NVA regiment's number ends in "
                        f"{' or '.join(missing)} (ftv:3.5.2B)",
                    )
                )
    return problems


def _turn_table_problems(scenario: Scenario, file: str) -> list[Problem]:
    """Turns the Intelligence Table has no row for: a successful identify there read a row
    that is not there (a lab variant of 30 turns stopped with a Python error at turn 20). A
    turn the Offboard Table has no row for moves no one (ftv:3.5.2, as the engine reads it),
    so only this table is named."""
    spec = scenario.first_team
    assert spec is not None
    if scenario.turns is None:
        return []
    rows = spec.tables.intelligence.turns
    missing = [t for t in range(1, scenario.turns.value + 1) if t not in rows]
    if not missing:
        return []
    have = f"turns {min(rows)} to {max(rows)}" if rows else "no turn"
    return [
        Problem(
            file,
            "turns.value",
            f"the campaign lasts {scenario.turns.value} turns, but the Intelligence Table "
            f"(ftv:3.2.2.1) has rows for {have} only; give it a row for each later turn "
            f"({_turns_words(missing)}) or play fewer turns",
        )
    ]


def _turns_words(turns: list[int]) -> str:
    """Turns as runs of turns.

    >>> _turns_words([16, 17, 18, 20]), _turns_words([16])
    ('turns 16 to 18 and 20', 'turn 16')
    """
    runs: list[list[int]] = []
    for t in turns:
        if runs and t == runs[-1][-1] + 1:
            runs[-1].append(t)
        else:
            runs.append([t])
    said = [f"{r[0]} to {r[-1]}" if len(r) > 1 else str(r[0]) for r in runs]
    return f"{'turn' if len(turns) == 1 else 'turns'} {join_words(said)}"


def _spec_problems(scenario: Scenario, file: str) -> list[Problem]:
    spec = scenario.first_team
    assert spec is not None
    problems = _camp_problems(spec, file) + _turn_table_problems(scenario, file)
    us = spec.us
    ids = [
        letter if "/" in letter else f"{letter}/{name}"
        for name, battalion in us.battalions.items()
        for letter in battalion.companies
    ] + list(us.garrisons)
    for dup in _duplicates(ids):
        problems.append(
            Problem(file, "first_team.us.battalions", f"company {quoted(dup)} is listed twice")
        )
    for field in ("transports", "gunships", "observation"):
        for dup in _duplicates(getattr(us, field)):
            problems.append(
                Problem(file, f"first_team.us.{field}", f"{quoted(dup)} is listed twice")
            )
    for regiment, companies in spec.nva.regiments.items():
        for dup in _duplicates([str(n) for n in companies]):
            problems.append(
                Problem(
                    file,
                    f"first_team.nva.regiments.{regiment}",
                    f"company {dup}/{regiment} is listed twice",
                )
            )
    problems += _map_table_problems(spec, file)
    problems += _digit_problems(spec, file)
    for i, (strength, efficiency) in enumerate(spec.nva.steps):
        for what, value in (("strength", strength), ("efficiency", efficiency)):
            if value < 0:
                problems.append(
                    Problem(
                        file,
                        f"first_team.nva.steps.{i}",
                        f"step {i + 1}'s {what} is {value}; it cannot be negative",
                    )
                )
    for field, values in (
        ("company", {"company": us.company}),
        ("broken", {"broken": us.broken}),
        ("special_companies", us.special_companies),
        ("garrisons", us.garrisons),
        ("aero_rockets", us.aero_rockets),
        ("airstrikes", us.airstrikes),
        ("b52s", us.b52s),
    ):
        for key in _negative(values):
            where = f"first_team.us.{field}" + ("" if key == field else f".{key}")
            problems.append(Problem(file, where, "values cannot be negative"))
    zones = {spec.map.zone_of.get(loc, loc[0]) for loc in spec.map.locations}
    room = 2 * len(zones)
    markers = us.lz_markers + us.no_lz_markers
    if markers > room:
        # The field at fault is whichever of the two counts was changed: name both.
        problems.append(
            Problem(
                file,
                "first_team.us.lz_markers",
                f"{markers} LZ markers in all ({us.lz_markers} and no_lz_markers "
                f"{us.no_lz_markers}), but at most two go in each of the map's {len(zones)} "
                f"zones, so at most {room} (ftv:3.2.1)",
            )
        )
    return problems


def _start(scenario: Scenario):
    from rulebook.games.first_team.engine import new_campaign

    return new_campaign(scenario, seed=0)


def _reference() -> Scenario:
    from rulebook.games.first_team import campaign_scenario

    return campaign_scenario()


CHECKS = EngineChecks("First Team", _spec_problems, _start, _reference)
setup_problems = CHECKS.setup_problems
play_problems = CHECKS.play_problems
