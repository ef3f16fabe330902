from __future__ import annotations

import os
from typing import Any

import yaml
from pydantic import ValidationError

from rulebook._atomic import atomic_write_text
from rulebook._datafile import parse_yaml, read_data_text
from rulebook.errors import Problem, ScenarioError
from rulebook.scenario._models import SCHEMA_VERSION, Scenario


def _line_of(root: yaml.Node | None, path: tuple[Any, ...]) -> int | None:
    """The 1-based line of the deepest node along *path* in a composed YAML tree."""
    node, line = root, None
    for part in path:
        if node is None:
            break
        line = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if k.value == str(part)), None)
        elif (
            isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value)
        ):
            node = node.value[part]
        else:
            node = None
    if node is not None:
        line = node.start_mark.line + 1
    return line


def _where(file: str, line: int | None) -> str:
    return f"{file}:{line}" if line else file


def _describe(error: dict[str, Any]) -> str:
    message = error["msg"].removeprefix("Value error, ")
    if error["type"] == "missing":
        return "required field is missing"
    if error["type"] == "extra_forbidden":
        return "unknown field (check its spelling against the schema)"
    given = error.get("input")
    wants_mapping = error["type"] in ("model_type", "dict_type")
    if wants_mapping:  # (pydantic names the model class: "instance of ChoiOiTable")
        message = "expected a mapping of fields"
    if isinstance(given, dict | list):  # the field path already says which block
        return f"{message}; got a list" if wants_mapping and isinstance(given, list) else message
    if given is None:
        shown = "null (nothing)"
    elif isinstance(given, bool):  # as the file spells it, not as Python does
        shown = "true" if given else "false"
    else:
        shown = repr(given)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return f"{message}; got {shown}"


def scenario_from_data(data: Any, file: str, root: yaml.Node | None = None) -> Scenario:
    """Validate already-parsed data as a :class:`Scenario`, naming every bad field."""
    if data is None:
        raise ScenarioError([Problem(file, "", "the file is empty; expected a scenario mapping")])
    if not isinstance(data, dict):
        raise ScenarioError(
            [
                Problem(
                    file,
                    "",
                    f"expected a mapping of fields at the top, got a {type(data).__name__}",
                )
            ]
        )
    version = data.get("schema_version")
    if version is None:
        raise ScenarioError(
            [
                Problem(
                    file,
                    "schema_version",
                    f"required field is missing; this library reads version {SCHEMA_VERSION}",
                )
            ]
        )
    if version != SCHEMA_VERSION:
        raise ScenarioError(
            [
                Problem(
                    _where(file, _line_of(root, ("schema_version",))),
                    "schema_version",
                    f"version {version!r} is not supported; this library reads version {SCHEMA_VERSION}",
                )
            ]
        )
    try:
        return Scenario.model_validate(data)
    except ValidationError as err:
        raise ScenarioError(validation_problems(err, file, root)) from None


def validation_problems(
    err: ValidationError, file: str, root: yaml.Node | None = None
) -> list[Problem]:
    """Rewrite pydantic's errors as Problems naming the file, line and field path."""
    problems = []
    for e in err.errors():
        # pydantic adds the tag of a union or generic branch to the location; drop it.
        loc = tuple(p for p in e["loc"] if not (isinstance(p, str) and "[" in p))
        problems.append(
            Problem(_where(file, _line_of(root, loc)), ".".join(str(p) for p in loc), _describe(e))
        )
    return problems


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Load and validate a scenario file.

    Raises
    ------
    ScenarioError
        If the file cannot be read (missing, not a regular file, over 4 MiB), is not
        valid YAML or exceeds its bounds (nesting, aliases, numbers), or breaks the schema;
        the message names the file, the line, the field path and what was
        expected, for every problem found.
    """
    file = str(path)
    text = read_data_text(path, "scenario file")
    data, root = parse_yaml(text, file)
    return scenario_from_data(data, file, root)


def dump_scenario(scenario: Scenario) -> str:
    """The YAML text of *scenario*; fields left at their defaults are omitted."""
    data = scenario.model_dump(mode="json", exclude_defaults=True)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def save_scenario(scenario: Scenario, path: str | os.PathLike[str]) -> None:
    """Write *scenario* to *path* atomically: on any failure the old file is unchanged."""
    atomic_write_text(path, dump_scenario(scenario))
