from __future__ import annotations

from rulebook.errors import Problem
from rulebook.scenario._map_models import MapSpec
from rulebook.scenario._models import Scenario


def validate(scenario: Scenario, file: str = "<scenario>") -> list[Problem]:
    """Every problem that makes a well-formed scenario unfit to play; empty when it is fine.

    Loading already enforces the schema; this finds what the schema cannot:
    values that cite another game's rules, and a turn count below one. It
    never stops at the first problem, so a designer sees the whole list.

    Examples
    --------
    >>> from rulebook.scenario import Scenario
    >>> s = Scenario.model_validate({"schema_version": 1, "id": "demo", "game": "lz-albany",
    ...     "title": "Demo", "values": {"flares": {"value": 8, "provenance": "printed",
    ...     "rule": "ftv:11.2"}}})
    >>> [str(p) for p in validate(s, "demo.yaml")]
    ["demo.yaml: values.flares.rule: cites 'ftv:11.2', a rule of another game; lz-albany rules start with 'lza:'"]
    """
    problems: list[Problem] = []
    prefix = scenario.game.rule_prefix + ":"

    def cite(path: str, rule: str | None) -> None:
        if rule is not None and not rule.startswith(prefix):
            problems.append(
                Problem(
                    file,
                    path,
                    f"cites {rule!r}, a rule of another game; {scenario.game.value} rules start with {prefix!r}",
                )
            )

    if scenario.turns is not None:
        cite("turns.rule", scenario.turns.rule)
        if scenario.turns.value < 1:
            problems.append(
                Problem(
                    file, "turns.value", f"a game lasts at least 1 turn, not {scenario.turns.value}"
                )
            )
    for name, option in scenario.options.items():
        cite(f"options.{name}.rule", option.rule)
    for name, value in scenario.values.items():
        cite(f"values.{name}.rule", value.rule)
    if scenario.map is not None:
        problems += map_problems(scenario.map, file)
    if scenario.lz_albany is not None:
        problems += _lz_albany_problems(scenario, file)
    if scenario.ambush_valley is not None:
        # The checks need the book's catalogue, which lives with the game.
        from rulebook.games.ambush_valley.scenario import problems as ambush_valley_problems

        problems += ambush_valley_problems(scenario.ambush_valley, file)
    return problems


def map_problems(spec: MapSpec, file: str = "<map>") -> list[Problem]:
    """Outlines that are not valid polygons, unknown terrains, edits naming missing areas, islands."""
    import networkx as nx
    from shapely.geometry import Polygon
    from shapely.validation import explain_validity

    problems = []
    ids = {a.id for a in spec.areas}
    for i, area in enumerate(spec.areas):
        where = f"map.areas.{i}"
        polygon = Polygon(area.polygon)
        if not polygon.is_valid:
            problems.append(
                Problem(
                    file,
                    f"{where}.polygon",
                    f"area {area.id}: outline is not a simple polygon ({explain_validity(polygon)})",
                )
            )
        if area.terrain not in spec.terrains:
            problems.append(
                Problem(
                    file,
                    f"{where}.terrain",
                    f"area {area.id}: terrain {area.terrain!r} is not in map.terrains ({', '.join(spec.terrains)})",
                )
            )
    for kind in ("add", "remove"):
        for j, pair in enumerate(getattr(spec.adjacency, kind)):
            for name in pair:
                if name not in ids:
                    problems.append(
                        Problem(
                            file,
                            f"map.adjacency.{kind}.{j}",
                            f"names area {name!r}, which the map does not have",
                        )
                    )
    for j, override in enumerate(spec.los.overrides):
        for name in override.between:
            if name not in ids:
                problems.append(
                    Problem(
                        file,
                        f"map.los.overrides.{j}",
                        f"names area {name!r}, which the map does not have",
                    )
                )
    if not problems and len(spec.areas) > 1:
        from rulebook.maps import AreaMap

        graph = AreaMap(spec).graph
        parts = sorted(nx.connected_components(graph), key=len, reverse=True)
        for part in parts[1:]:
            problems.append(
                Problem(
                    file,
                    "map.areas",
                    f"areas {', '.join(sorted(part))} are cut off from the rest of the map",
                )
            )
    return problems


def _lz_albany_problems(scenario: Scenario, file: str) -> list[Problem]:
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
                f"{k} {v!r}"
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


def is_playable(scenario: Scenario) -> bool:
    """Whether :func:`validate` finds nothing wrong."""
    return not validate(scenario)
