"""Checking a saved game record before replaying it: every field, the scenario and the seed.

A record is JSON: ``log_version``, ``scenario`` (id), ``seed``, ``options``, ``actions`` (the
notations) and ``position`` (the summary the replay must reach). A truncated or altered record
is a :class:`~rulebook.errors.ScenarioError` naming the file and the field, never a raw
KeyError or TypeError.

>>> check_game_record({"log_version": 1, "scenario": "standard", "seed": -3, "actions": [],
...     "position": {}}, "g.json", scenario_id="standard", log_version=1)
Traceback (most recent call last):
...
rulebook.errors.ScenarioError: g.json: seed: expected a whole number 0 or more, got -3
"""

from __future__ import annotations

import json
from typing import Any

from rulebook._datafile import parse_json
from rulebook._words import quoted
from rulebook.errors import Problem, ScenarioError

__all__ = ["check_game_record", "parse_game_record"]


def parse_game_record(text: str, file: str, *, scenario_id: str, log_version: int) -> dict:
    """The record in *text*, checked field by field (see :func:`check_game_record`)."""
    return check_game_record(
        parse_json(text, file, "game record"),
        file,
        scenario_id=scenario_id,
        log_version=log_version,
    )


def _kind(value: Any) -> str:
    return {dict: "a mapping", list: "a list", str: "text", bool: "true/false"}.get(
        type(value), "a number" if isinstance(value, int | float) else "nothing"
    )


def check_game_record(data: Any, file: str, *, scenario_id: str, log_version: int) -> dict:
    """*data* if it is a whole record of *scenario_id*; else a ScenarioError naming each field."""
    if not isinstance(data, dict):
        raise ScenarioError(
            [Problem(file, "", f"expected a game record mapping, got {_kind(data)}")]
        )
    version = data.get("log_version")
    if type(version) is not int or version != log_version:  # (true and 1.0 equal 1 in Python)
        found = (
            "no record version"
            if "log_version" not in data
            else f"game record version {json.dumps(version)}"
        )
        raise ScenarioError(
            [Problem(file, "log_version", f"{found}; this library reads {log_version}")]
        )
    problems = []

    def want(field: str, ok: bool, expected: str) -> None:
        if field not in data:
            problems.append(Problem(file, field, f"required field is missing; expected {expected}"))
        elif not ok:
            problems.append(Problem(file, field, f"expected {expected}, got {_kind(data[field])}"))

    seed = data.get("seed")
    want("scenario", isinstance(data.get("scenario"), str), "a scenario id")
    want("seed", isinstance(seed, int) and not isinstance(seed, bool), "a whole number 0 or more")
    if isinstance(seed, int) and not isinstance(seed, bool) and seed < 0:
        problems = [p for p in problems if p.path != "seed"]
        problems.append(Problem(file, "seed", f"expected a whole number 0 or more, got {seed}"))
    actions = data.get("actions")
    want(
        "actions",
        isinstance(actions, list) and all(isinstance(a, str) for a in actions),
        "a list of action notations",
    )
    want("position", isinstance(data.get("position"), dict), "the position summary (a mapping)")
    if data.get("options") is not None and not isinstance(data["options"], dict):
        problems.append(
            Problem(file, "options", f"expected a mapping, got {_kind(data['options'])}")
        )
    if not problems and data["scenario"] != scenario_id:
        problems.append(
            Problem(
                file,
                "scenario",
                f"the record is a game of scenario {quoted(data['scenario'])}; "
                f"this game plays {quoted(scenario_id)}",
            )
        )
    if problems:
        raise ScenarioError(problems)
    return data
