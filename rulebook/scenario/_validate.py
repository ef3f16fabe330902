from __future__ import annotations

from pathlib import Path

from rulebook._words import quoted
from rulebook.errors import Problem, ScenarioError
from rulebook.scenario._checks import registered_checks
from rulebook.scenario._map_models import MapSpec
from rulebook.scenario._models import Game, Scenario

MAX_TURNS = 99
"""The longest game a scenario may set (the printed games last 10 and 15 turns)."""


def validate(scenario: Scenario, file: str = "<scenario>", *, play: bool = True) -> list[Problem]:
    """Every problem that makes a well-formed scenario unfit to play; empty when it is fine.

    Loading already enforces the schema; this finds what the schema cannot:
    values that cite another game's rules, a turn count below one, a section of
    another game, and then whatever the game's engine needs (each game registers
    its checks with :func:`~rulebook.scenario.register_check`; its engine is
    the single source of what a scenario must hold). It never stops at the
    first problem of a kind, so a designer sees the whole list. With *play*
    (the default) the engine also plays one seeded game of the scenario through;
    editors that check on every change pass ``play=False``.

    Examples
    --------
    >>> from rulebook.scenario import Scenario
    >>> s = Scenario.model_validate({"schema_version": 1, "id": "demo", "game": "lz-albany",
    ...     "title": "Demo", "values": {"flares": {"value": 8, "provenance": "printed",
    ...     "rule": "ftv:11.2"}}})
    >>> for p in validate(s, "demo.yaml"):
    ...     print(p)
    demo.yaml: values.flares.rule: cites “ftv:11.2”, a rule of another game; lz-albany rules start with “lza:”
    demo.yaml: lz_albany: missing; lz-albany scenarios need this section
    """
    problems: list[Problem] = []
    prefix = scenario.game.rule_prefix + ":"

    def cite(path: str, rule: str | None) -> None:
        if rule is not None and not rule.startswith(prefix):
            problems.append(
                Problem(
                    file,
                    path,
                    f"cites {quoted(rule)}, a rule of another game; {scenario.game.value} rules start with {quoted(prefix)}",
                )
            )

    if scenario.turns is not None:
        cite("turns.rule", scenario.turns.rule)
        if not 1 <= scenario.turns.value <= MAX_TURNS:
            problems.append(
                Problem(
                    file,
                    "turns.value",
                    f"a game lasts 1 to {MAX_TURNS} turns, not {scenario.turns.value}",
                )
            )
    for name, option in scenario.options.items():
        cite(f"options.{name}.rule", option.rule)
    for name, value in scenario.values.items():
        cite(f"values.{name}.rule", value.rule)
        problems += _faces_and_turns(name, value.value, file)
    if scenario.map is not None:
        problems += map_problems(scenario.map, file)
    problems += _sections_of_another_game(scenario, file)
    if not problems:  # each game's engine checks only what is well formed so far
        for check in registered_checks(scenario.game, play=play):
            problems += check(scenario, file)
    return problems


#: The faces a value names are of a six-sided die: every single die the games roll for a face
#: is a d6 (lza:2.0, the players provide six-sided dice), so a face of 7 never comes up and 0
#: is no face.
DIE_FACES = range(1, 7)


def _faces_and_turns(name: str, value: object, file: str) -> list[Problem]:
    """What a value named as die faces (``hit_face``, ``night_spotting_faces``) or as turns
    (``night_turns``) may hold: faces of a d6, turns 1 to MAX_TURNS, none named twice."""
    words = name.split("_")
    faces = "face" in words or "faces" in words
    turns = words[-1] == "turns"
    if not (faces or turns) or isinstance(value, bool):
        return []
    items = value if isinstance(value, list) else [value]
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in items):
        return []
    path = f"values.{name}.value"
    if faces:
        low, high = DIE_FACES[0], DIE_FACES[-1]
        what = f"a face of a six-sided die is {low} to {high}"
    else:  # (past the game's last turn is allowed: a variant may shorten the game alone)
        low, high, what = 1, MAX_TURNS, f"a turn is 1 to {MAX_TURNS}"
    wrong = [n for n in items if not low <= n <= high]
    if wrong:
        said = ", ".join(str(n) for n in wrong)
        return [Problem(file, path, f"{what}, not {said}")]
    twice = sorted({n for n in items if items.count(n) > 1})
    if twice:
        return [Problem(file, path, f"names {', '.join(map(str, twice))} twice")]
    return []


_SECTIONS = {
    Game.LZ_ALBANY: "lz_albany",
    Game.FIRST_TEAM: "first_team",
    Game.AMBUSH_VALLEY: "ambush_valley",
}


def _sections_of_another_game(scenario: Scenario, file: str) -> list[Problem]:
    """A section no engine of the scenario's game reads, or the game's own section missing."""
    problems = []
    own = _SECTIONS[scenario.game]
    for game, section in _SECTIONS.items():
        present = getattr(scenario, section) is not None
        if game is not scenario.game and present:
            problems.append(
                Problem(
                    file,
                    section,
                    f"a section of {game.value} in a {scenario.game.value} scenario; "
                    f"expected {own} instead",
                )
            )
    if getattr(scenario, own) is None:
        problems.append(
            Problem(file, own, f"missing; {scenario.game.value} scenarios need this section")
        )
    return problems


def _self_pairs(spec: MapSpec, file: str) -> list[Problem]:
    return [
        Problem(
            file,
            f"map.adjacency.{kind}.{j}",
            f"names area {quoted(pair[0])} twice; a pair links two different areas",
        )
        for kind in ("add", "remove")
        for j, pair in enumerate(getattr(spec.adjacency, kind))
        if pair[0] == pair[1]
    ]


def _unknown_names(spec: MapSpec, file: str, ids: set[str]) -> list[Problem]:
    """Edits naming areas the map does not have, and sight blocked by a terrain it lacks."""
    problems = []
    for kind in ("add", "remove"):
        for j, pair in enumerate(getattr(spec.adjacency, kind)):
            for name in pair:
                if name not in ids:
                    problems.append(
                        Problem(
                            file,
                            f"map.adjacency.{kind}.{j}",
                            f"names area {quoted(name)}, which the map does not have",
                        )
                    )
    for j, terrain in enumerate(spec.los.blocking):  # (unknown, it blocked nothing, silently)
        if terrain not in spec.terrains:
            problems.append(
                Problem(
                    file,
                    f"map.los.blocking.{j}",
                    f"terrain {quoted(terrain)} blocks sight but is not in map.terrains "
                    f"({', '.join(spec.terrains)})",
                )
            )
    for j, override in enumerate(spec.los.overrides):
        for name in override.between:
            if name not in ids:
                problems.append(
                    Problem(
                        file,
                        f"map.los.overrides.{j}",
                        f"names area {quoted(name)}, which the map does not have",
                    )
                )
    return problems


def map_problems(spec: MapSpec, file: str = "<map>") -> list[Problem]:
    """Outlines that are not valid polygons, unknown terrains, edits naming missing areas, islands."""
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
                    f"area {area.id}: terrain {quoted(area.terrain)} is not in map.terrains ({', '.join(spec.terrains)})",
                )
            )
    problems += _self_pairs(spec, file) + _unknown_names(spec, file, ids)
    if not problems and len(spec.areas) > 1:
        from rulebook.maps import shared_area_map

        for part in shared_area_map(spec).cut_off():
            problems.append(
                Problem(
                    file,
                    "map.areas",
                    f"areas {', '.join(part)} are cut off from the rest of the map",
                )
            )
    return problems


def load_playable(path: str | Path, game: Game | str | None = None) -> Scenario:
    """:func:`~rulebook.scenario.load_scenario`, then :func:`require_playable`.

    >>> load_playable(SCENARIOS / "lz_albany" / "standard.yaml").title
    'LZ Albany, 17 November 1965'
    >>> load_playable(SCENARIOS / "lz_albany" / "standard.yaml", game="first-team")
    Traceback (most recent call last):
    ...
    rulebook.errors.ScenarioError: .../standard.yaml: game: this scenario is for LZ Albany; First Team: Vietnam cannot play it
    """
    from rulebook.scenario._io import load_scenario

    return require_playable(load_scenario(path), str(path), game)


def require_playable(scenario: Scenario, file: str, game: Game | str | None = None) -> Scenario:
    """*scenario*, once the checks an engine needs before it can set it up (no test game)
    find nothing: a file that loads but cannot be played raises a ScenarioError naming every
    problem by field, rather than stopping the engine later. With *game*, a scenario of
    another game is refused first, in the games' names."""
    if game is not None and scenario.game != Game(game):
        message = f"this scenario is for {scenario.game.title}; {Game(game).title} cannot play it"
        raise ScenarioError([Problem(file, "game", message)])
    problems = validate(scenario, file, play=False)
    if problems:
        raise ScenarioError(problems)
    return scenario


def is_playable(scenario: Scenario) -> bool:
    """Whether :func:`validate` finds nothing wrong."""
    return not validate(scenario)
