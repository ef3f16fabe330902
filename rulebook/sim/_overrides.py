from __future__ import annotations

import difflib
from typing import Any

from pydantic import ValidationError

from rulebook._datafile import MAX_NUMBER
from rulebook._words import quoted
from rulebook.games._playable import goes_negative
from rulebook.games._reads import check_read
from rulebook.scenario import Scenario, validate
from rulebook.scenario._io import validation_problems
from rulebook.sim.values import format_value


def scaled(old: float, value: str) -> float:
    """*old* scaled by *value* (``*1.5``), a whole number rounded to a whole number.

    >>> scaled(8, "*1.5"), scaled(2, "*1.2"), scaled(0.5, "*3")
    (12, 2, 1.5)
    """
    new = old * float(value[1:])
    return round(new) if isinstance(old, int) else new


def parse_override(text: str) -> tuple[str, str]:
    """``PATH=VALUE`` as given on the command line (``lz_albany.unit_types.nva-rifle.melee=*1.1``)."""
    path, sep, value = text.partition("=")
    if not sep or not path or not value:
        raise ValueError(
            f"{quoted(text)}: write PATH=VALUE, e.g. values.flares.value=4 or lz_albany.unit_types.nva-rifle.melee=*1.1"
        )
    return path.strip(), value.strip()


_TRUE, _FALSE = ("1", "true", "yes"), ("0", "false", "no")


def _numbers(value: str, path: str) -> list[int]:
    """Faces or turns, written "[1, 2, 3]" or "1, 2, 3" ("[]" for none); an empty place
    between commas ("9,,10") is a slip, refused rather than read as 9, 10."""
    text = value.strip().removeprefix("[").removesuffix("]")
    items = text.split(",")
    if text.strip() and any(not x.strip() for x in items):
        raise ValueError(
            f"{path}: {quoted(value)} has an empty place between commas; give whole numbers "
            "separated by commas"
        )
    try:
        return [int(x) for x in items if x.strip()]
    except ValueError:
        raise ValueError(
            f"{path}: give whole numbers separated by commas, not {quoted(value)}"
        ) from None


def _coerce(old: Any, value: str, path: str) -> Any:
    """*value* as the same kind of thing as *old*, or a ValueError naming *path*."""
    if isinstance(old, dict):
        # One of its own parts as the example (it offered options.overstack_fire.0, which is
        # no field of a mapping), a value's part before a group's.
        parts = sorted(old, key=lambda k: (isinstance(old[k], dict | list), str(k)))
        example = f"{path}.{parts[0]}" if parts else path
        raise ValueError(f"{path}: is a group of values; set one of its parts (e.g. {example})")
    if isinstance(old, list) and any(isinstance(item, dict | list) for item in old):
        raise ValueError(f"{path}: is a list of groups of values; set a part of one ({path}.0...)")
    if isinstance(old, list):
        return _numbers(value, path)
    try:
        if value.startswith("*"):
            if not isinstance(old, int | float) or isinstance(old, bool):
                raise ValueError(f"{path}: can only scale a number, not {quoted(old)}")
            return scaled(old, value)
        if isinstance(old, bool):
            if value.lower() not in _TRUE + _FALSE:
                raise ValueError(f"{path}: {quoted(value)} is not true or false")
            return value.lower() in _TRUE
        if isinstance(old, int):
            return int(value)
        if isinstance(old, float):
            return float(value)
    except ValueError as err:
        if str(err).startswith(path):
            raise
        kind = "a whole number" if isinstance(old, int) else "a number"
        raise ValueError(f"{path}: give {kind} (it is {old} now), not {quoted(value)}") from None
    return value


def _checked(old: Any, value: str, path: str) -> Any:
    """*value* as :func:`_coerce` reads it, refused if it goes below zero where *old* did not."""
    new = _coerce(old, value, path)
    numbers = new if isinstance(new, list) else [new]
    if any(isinstance(n, int | float) and abs(n) > MAX_NUMBER for n in numbers):
        # as a scenario file's numbers are: 99999999999999999999 flares, or 8 scaled by 1e9
        raise ValueError(
            f"{path}: numbers in a scenario lie within ±{MAX_NUMBER:,}, not {quoted(value)}"
            + (f" ({new:,})" if value.startswith("*") else "")
        )
    if goes_negative(new, old):
        raise ValueError(
            f"{path}: cannot be below zero (it is {format_value(old)} now), not {quoted(value)}"
        )
    return new


def _is_unit_count(path: str) -> bool:
    parts = path.split(".")
    return len(parts) == 4 and parts[:2] == ["first_team", "us"] and parts[3] == "count"


def _with_unit_count(scenario: Scenario, path: str, value: str) -> Scenario:
    """``first_team.us.transports.count=6``: how many US air or helicopter units of a kind
    (:func:`rulebook.maps.point_forces.with_us_units`)."""
    from rulebook.maps.point_forces import US_UNITS, with_us_units

    kind = path.split(".")[2]
    ft = scenario.first_team
    if ft is None or kind not in US_UNITS:
        known = ", ".join(f"first_team.us.{k}.count" for k in US_UNITS)
        raise ValueError(f"{path}: no such count in the scenario; counts are {known}")
    now = len(getattr(ft.us, kind))
    count = _checked(now, value, path)
    try:
        return with_us_units(scenario, kind, count)
    except ValueError as err:
        raise ValueError(f"{path}: {err}") from None


def apply_overrides(scenario: Scenario, overrides: dict[str, str] | None) -> Scenario:
    """A copy of *scenario* with values changed by dotted paths; ``*F`` scales a number.

    Every change is validated again, so a bad value fails with the field named; a path no rule
    of the game reads, or a value of the wrong kind, is refused (:mod:`rulebook.games._reads`).

    >>> from rulebook.games.lz_albany import standard_scenario
    >>> s = apply_overrides(standard_scenario(), {"lz_albany.unit_types.nva-rifle.melee": "*1.5"})
    >>> s.lz_albany.unit_types["nva-rifle"].melee
    3
    >>> from rulebook.games.first_team import campaign_scenario
    >>> apply_overrides(campaign_scenario(), {"values.cp_per_turn.value": "many"})
    Traceback (most recent call last):
    ...
    ValueError: values.cp_per_turn.value: give a whole number (it is 20 now), not “many”
    >>> apply_overrides(campaign_scenario(), {"values.cp_per_turn.value": "-3"})
    Traceback (most recent call last):
    ...
    ValueError: values.cp_per_turn.value: cannot be below zero (it is 20 now), not “-3”
    >>> s = apply_overrides(campaign_scenario(), {"first_team.us.transports.count": "*0.5"})
    >>> len(s.first_team.us.transports)
    4
    >>> apply_overrides(campaign_scenario(), {"values.cp_per_turn.value": "*1e9"})
    Traceback (most recent call last):
    ...
    ValueError: values.cp_per_turn.value: numbers in a scenario lie within ±1,000,000,000, not “*1e9” (20,000,000,000)
    >>> apply_overrides(campaign_scenario(), {"turns.value": "1000000000"})
    Traceback (most recent call last):
    ...
    ValueError: turns.value: a game lasts 1 to 99 turns, not 1000000000
    """
    if not overrides:
        return scenario
    counts = {p: v for p, v in overrides.items() if _is_unit_count(p)}
    for path, value in counts.items():
        scenario = _with_unit_count(scenario, path, value)
    data = scenario.model_dump(mode="json")
    for path, value in overrides.items():
        if path in counts:
            continue
        node = data
        parts = path.split(".")
        for part in parts[:-1]:
            node = node[_key(node, part, path)]
        key = _key(node, parts[-1], path)
        check_read(scenario.game.value, path)
        node[key] = _checked(node[key], value, path)
    try:
        changed = type(scenario).model_validate(data)
    except ValidationError as err:  # a value of the right kind the schema still refuses
        said = [
            p.message if p.path in overrides else f"{p.path}: {p.message}"
            for p in validation_problems(err, "")
        ]
        raise ValueError(f"{', '.join(overrides)}: {'; '.join(said)}") from None
    _check_as_a_file(changed, overrides)
    return changed


def _check_as_a_file(changed: Scenario, overrides: dict[str, str]) -> None:
    """Refuse a changed value the checks of a scenario file (``rulebook validate``) refuse,
    naming it: 1,000,000,000 turns passed the schema and played for ever, and terrain “lava”
    played as nothing. What a change does elsewhere is left to the designer to weigh (a game
    cut to eight turns leaves later reinforcements out: a question the lab answers)."""
    said = [
        f"{p.path}: {p.message}"
        for p in validate(changed, play=False)
        if any(p.path == path or p.path.startswith(f"{path}.") for path in overrides)
    ]
    if said:
        raise ValueError("; ".join(said))


def _key(node: Any, part: str, path: str) -> Any:
    """The key or list position *part* names in *node*, or a ValueError naming *path*."""
    if isinstance(node, list):
        if not part.isdigit() or int(part) >= len(node):
            last = f"0 to {len(node) - 1}" if node else "none"
            raise ValueError(
                f"{path}: no item {quoted(part)} in a list of {len(node)} (items: {last})"
            )
        return int(part)
    if not isinstance(node, dict) or part not in node:
        near = difflib.get_close_matches(part, node, n=3) if isinstance(node, dict) else []
        hint = f" (did you mean {' or '.join(quoted(n) for n in near)}?)" if near else ""
        raise ValueError(f"{path}: no field {quoted(part)} in the scenario{hint}")
    return part
