"""What the LZ Albany engine needs of a scenario, for :func:`rulebook.scenario.validate`.

Arrivals must find room on the map (lza:3.2, lza:6.1) and ids must be unique, since the
engine keys counters and chits by them; everything else it reads is found by starting the
engine and playing one seeded game through (:mod:`rulebook.games._playable`).
"""

from __future__ import annotations

from collections import Counter

from rulebook._words import quoted
from rulebook.errors import Problem
from rulebook.games._playable import EngineChecks
from rulebook.scenario import Scenario

__all__ = ["play_problems", "setup_problems"]


def _duplicate_ids(scenario: Scenario, file: str) -> list[Problem]:
    spec = scenario.lz_albany
    assert spec is not None
    problems = []
    for field, ids in (
        ("unit_groups", [g.id for g in spec.unit_groups]),
        ("companies", [c.id for c in spec.companies]),
        ("senior_officers", [o.id for o in spec.senior_officers]),
    ):
        for dup in sorted(k for k, n in Counter(ids).items() if n > 1):
            problems.append(Problem(file, f"lz_albany.{field}", f"id {quoted(dup)} is used twice"))
    # Officers are counters the engine keys by id beside the senior officers: two of one name
    # played as one counter. The second of a name is the one named.
    officers = [
        (f"lz_albany.senior_officers.{i}.id", o.id) for i, o in enumerate(spec.senior_officers)
    ]
    officers += [
        (f"lz_albany.companies.{i}.officer", c.officer)
        for i, c in enumerate(spec.companies)
        if c.officer
    ]
    seen: set[str] = set()
    for path, name in officers:
        if name in seen and not path.startswith("lz_albany.senior"):  # (those: just above)
            problems.append(
                Problem(
                    file,
                    path,
                    f"officer {quoted(name)} is named twice: each counter needs its own id",
                )
            )
        seen.add(name)
    for side, words in (("us", "US"), ("nva", "NVA")):
        if not any(c.side == side for c in spec.companies):
            problems.append(
                Problem(
                    file,
                    "lz_albany.companies",
                    f"no {words} company: that side has no counters to play",
                )
            )
    return problems


def _arrival_problems(scenario: Scenario, file: str) -> list[Problem]:
    """Arrivals that point at tags, terrains or areas the map does not have, or have no room."""
    spec = scenario.lz_albany
    assert spec is not None
    problems = []
    areas = {a.id: a for a in scenario.map.areas} if scenario.map else {}
    if not areas:
        return [Problem(file, "map", "an LZ Albany scenario needs a map section")]
    arrivals = [
        (f"lz_albany.companies.{i}.arrives", c.arrives, len(c.platoons))
        for i, c in enumerate(spec.companies)
    ]
    arrivals += [
        (f"lz_albany.senior_officers.{i}.arrives", o.arrives, 0)
        for i, o in enumerate(spec.senior_officers)
    ]
    limit = scenario.values["stacking_limit"].value if "stacking_limit" in scenario.values else 3
    last = scenario.turns.value if scenario.turns else None
    if last is not None:  # counters and chits due after the last turn never come (lza:3.2, 5.1)
        due = [(f"{path}.turn", arrival.turn, "it never enters") for path, arrival, _ in arrivals]
        due += [
            (f"lz_albany.chits.{i}.turn", c.turn, "it is never drawn")
            for i, c in enumerate(spec.chits)
        ]
        problems += [
            Problem(file, path, f"due on turn {turn}, after the last turn ({last}): {does}")
            for path, turn, does in due
            if turn > last
        ]
    for path, arrival, _ in arrivals:
        fits = [
            a
            for a in areas.values()
            if (not arrival.area or a.id == arrival.area)
            and (not arrival.tag or arrival.tag in a.tags)
            and (not arrival.terrain or a.terrain == arrival.terrain)
        ]
        if not fits:
            wanted = ", ".join(
                f"{k} {quoted(v)}"
                for k, v in (
                    ("area", arrival.area),
                    ("tag", arrival.tag),
                    ("terrain", arrival.terrain),
                )
                if v
            )
            problems.append(Problem(file, path, f"no area of the map has {wanted}"))
    by_place: dict[tuple, int] = {}
    for _, arrival, platoons in arrivals:
        key = (arrival.turn, arrival.area, arrival.tag, arrival.terrain)
        by_place[key] = by_place.get(key, 0) + platoons
    for (turn, area, tag, terrain), platoons in by_place.items():
        room = limit * len(
            [
                a
                for a in areas.values()
                if (not area or a.id == area)
                and (not tag or tag in a.tags)
                and (not terrain or a.terrain == terrain)
            ]
        )
        if area is None and platoons > room:
            problems.append(
                Problem(
                    file,
                    "lz_albany.companies",
                    f"turn {turn}: {platoons} platoons arrive on "
                    f"{tag or terrain} areas with room for {room} at {limit} an area",
                )
            )
    return problems


def _vp_problems(scenario: Scenario, file: str) -> list[Problem]:
    """Every source the engine awards VP for is on the schedule (lza:4.1)."""
    from rulebook.games.lz_albany._state import VP_SOURCES

    spec = scenario.lz_albany
    assert spec is not None
    problems = []
    for side, sources in VP_SOURCES.items():
        missing = [s for s in sources if s not in spec.vp.get(side, {})]
        if missing:
            problems.append(
                Problem(
                    file,
                    f"lz_albany.vp.{side}",
                    f"the engine awards {side} VP for {', '.join(missing)}, which the schedule "
                    "lacks (lza:4.1)",
                )
            )
    return problems


def _spec_problems(scenario: Scenario, file: str) -> list[Problem]:
    return (
        _duplicate_ids(scenario, file)
        + _vp_problems(scenario, file)
        + _arrival_problems(scenario, file)
    )


def _start(scenario: Scenario):
    from rulebook.games.lz_albany import new_game

    return new_game(scenario, seed=0)


def _reference() -> Scenario:
    from rulebook.games.lz_albany import standard_scenario

    return standard_scenario()


CHECKS = EngineChecks("LZ Albany", _spec_problems, _start, _reference)
setup_problems = CHECKS.setup_problems
play_problems = CHECKS.play_problems
