"""Every value of a scenario a designer may change, in words, with its provenance and rule.

The balance lab lists these instead of asking for dotted paths; each row's ``path`` is
what :func:`rulebook.sim.apply_overrides` takes, so a change made from the table is the
same change ``rulebook simulate --set`` makes.

>>> from rulebook.games.lz_albany import standard_scenario
>>> rows = {row.path: row for row in scenario_values(standard_scenario())}
>>> row = rows["values.flares.value"]
>>> row.label, row.value, row.provenance, row.rule
('Flares the US player has', 8, 'printed', 'lza:11.2')
>>> rows["lz_albany.unit_types.nva-rifle.melee"].label
'NVA rifle counters: melee'
>>> rows["options.overstack_fire.default"].choices
('die_per_extra_unit', 'example_two_fire')
>>> rows["options.overstack_fire.default"].label
'Reading: Fire from an over-stacked area'
>>> rows["options.overstack_fire.default"].value_words()
'one die less for each unit past three'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rulebook._datafile import is_number
from rulebook._words import words
from rulebook.scenario import Scenario

__all__ = ["ScenarioValue", "format_value", "scenario_values", "words"]

# Sections that hold geometry or bookkeeping rather than balance values.
_SKIP = ("map", "first_team.map", "ambush_valley.layout", "lz_albany.companies")


def _owner(node: dict[str, Any], key: str) -> str:
    """What a group of numbers belongs to, in words (a counter type, a chit, the air support)."""
    if "kind" in node and "side" in node and "turn" in node:  # a chit of the pool
        return f"{words(node['side'])} {words(node['kind'], capital=False)} chits of turn {node['turn']}"
    return words(str(node.get("name") or node.get("id") or key))


def format_value(value: Any) -> str:
    """A value as a reader writes it: lists as ``1, 2, 3``, booleans as yes/no.

    >>> format_value([9, 10]), format_value(True), format_value("d6-plus-units")
    ('9, 10', 'yes', 'd6 plus units')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(format_value(v) for v in value)
    if isinstance(value, str):
        return value.replace("_", " ").replace("-", " ")
    return str(value)


@dataclass(frozen=True)
class ScenarioValue:
    """One changeable value: where it is, what it is called, what it is now and why."""

    path: str
    label: str
    value: Any
    provenance: str
    rule: str
    note: str = ""
    choices: tuple[Any, ...] | None = None
    choice_words: tuple[str, ...] | None = None  # what a reader calls each of the choices

    def value_words(self) -> str:
        """The value now, as a reader says it (a choice by its words)."""
        return self.words_for(self.value)

    def words_for(self, value: Any) -> str:
        """*value* (as held, or as typed: ``true``, ``example_two_fire``) as a reader says it:
        a choice by its words, anything else as :func:`format_value` writes it."""
        if self.choices is not None and self.choice_words is not None:
            for choice, said in zip(self.choices, self.choice_words, strict=True):
                if choice == value or str(choice).lower() == str(value).lower():
                    return said
        return format_value(value)

    @property
    def kind(self) -> str:
        """``choice``, ``number``, ``numbers`` (a list of faces or turns) or ``text``."""
        if self.choices is not None:
            return "choice"
        if isinstance(self.value, bool):
            return "choice"
        if isinstance(self.value, int | float):
            return "number"
        if isinstance(self.value, list):
            return "numbers"
        return "text"

    def matches(self, text: str) -> bool:
        """Whether every word of *text* appears in the label, rule, provenance or note."""
        haystack = f"{self.label} {self.rule} {self.provenance} {self.note} {self.path}".lower()
        return all(word in haystack for word in text.lower().split())


def scenario_values(scenario: Scenario) -> list[ScenarioValue]:
    """The scenario's changeable values: turns, ``values``, options, and counter numbers."""
    from rulebook.games._reads import check_read

    data = scenario.model_dump(mode="json")
    rows = list(_options(scenario))
    rows.extend(_walk(data, ()))
    rows.extend(_unit_counts(scenario))
    readable = []
    for row in rows:  # only values a rule reads: changing any other would change nothing
        try:
            check_read(scenario.game.value, row.path)
        except ValueError:
            continue
        readable.append(row)
    return readable


def _unit_counts(scenario: Scenario) -> Iterator[ScenarioValue]:
    """How many of each US air and helicopter unit a First Team campaign has: a count, not a
    number in the file, set by :func:`rulebook.sim.apply_overrides` as ``...transports.count``."""
    if scenario.first_team is None:
        return
    from rulebook.maps.point_forces import US_UNITS

    us = scenario.first_team.us
    for kind, (what, rule, _) in US_UNITS.items():
        yield ScenarioValue(
            path=f"first_team.us.{kind}.count",
            label=f"US {what}: how many",
            value=len(getattr(us, kind)),
            provenance=us.provenance.value,
            rule=rule,
            note="New ones copy the last one's values; fewer takes the last added away.",
        )


def _options(scenario: Scenario) -> Iterator[ScenarioValue]:
    for name, option in scenario.options.items():
        reading = option.interpretation is not None
        yield ScenarioValue(
            path=f"options.{name}.default",
            label=f"{'Reading' if reading else 'Optional rule'}: {option.title(name)}",
            value=option.default,
            provenance="interpretation" if reading else "optional rule",
            rule=option.rule,
            note=" ".join(option.description.split()),
            choices=tuple(option.choices),
            choice_words=tuple(option.said(c) for c in option.choices),
        )


def _walk(node: Any, path: tuple[str, ...]) -> Iterator[ScenarioValue]:
    dotted = ".".join(path)
    if dotted in _SKIP:
        return
    if isinstance(node, list):
        for i, item in enumerate(node):
            yield from _walk(item, (*path, str(i)))
        return
    if not isinstance(node, dict) or path == ("options",):
        return
    if "provenance" in node and "value" in node:
        yield ScenarioValue(
            path=f"{dotted}.value",
            label=words(path[-1]),
            value=node["value"],
            provenance=node["provenance"],
            rule=node.get("rule") or "",
            note=node.get("note") or "",
        )
        return
    if "provenance" in node:
        owner = _owner(node, path[-1])
        if path[-2:-1] == ("unit_types",):
            owner += " counters"
        for key, value in node.items():
            if is_number(value):
                yield ScenarioValue(
                    path=f"{dotted}.{key}",
                    label=f"{owner}: {words(key, capital=False)}",
                    value=value,
                    provenance=node["provenance"],
                    rule=node.get("rule") or "",
                    note=" ".join((node.get("note") or "").split()),
                )
    for key, value in node.items():
        yield from _walk(value, (*path, str(key)))
