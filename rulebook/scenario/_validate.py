from __future__ import annotations

from rulebook.errors import Problem
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
    return problems


def is_playable(scenario: Scenario) -> bool:
    """Whether :func:`validate` finds nothing wrong."""
    return not validate(scenario)
