from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from rulebook._atomic import atomic_write_text
from rulebook._datafile import parse_yaml, read_data_text, spelt
from rulebook._words import quoted
from rulebook.errors import Problem, ScenarioError
from rulebook.scenario._forms import FORM_WORDS
from rulebook.scenario._models import SCHEMA_VERSION, Game, Scenario


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


#: Pydantic's phrasing ("Input should be ...") as a designer reads it; first match wins.
_IN_WORDS = tuple(
    (re.compile(pattern), words)
    for pattern, words in (
        (r"^Input should be a valid integer.*", "expected a whole number"),
        (r"^Input should be a valid number.*", "expected a number"),
        (r"^Input should be a valid string.*", "expected text"),
        (r"^Input should be a valid boolean.*", "expected true or false"),
        (r"^Input should be a valid (?:list|array|tuple|set).*", "expected a list"),
        (r"^Input should be a valid dictionary.*", "expected a mapping of fields"),
        (r"^Input should be greater than or equal to (.+)$", r"must be \1 or more"),
        (r"^Input should be less than or equal to (.+)$", r"must be \1 or less"),
        (r"^Input should be greater than (.+)$", r"must be more than \1"),
        (r"^Input should be less than (.+)$", r"must be less than \1"),
        (r"^Input should be (.+)$", r"expected \1"),
        (
            r"^\w+ should have at (least|most) (\d+ \w+) after validation, not (\d+)$",
            r"expected at \1 \2, not \3",
        ),
        (r"^\w+ should have at (least|most) (\d+ \w+)$", r"expected at \1 \2"),
    )
)

_PATTERN = re.compile(r"^String should match pattern '(.*)'$")


def in_words(message: str) -> str:
    """A pydantic error message in the words the rest of the project's messages use.

    >>> in_words("Input should be less than or equal to 50")
    'must be 50 or less'
    >>> in_words("Input should be 'road', 'jungle' or 'river'")
    "expected 'road', 'jungle' or 'river'"
    >>> in_words("List should have at least 2 items after validation, not 1")
    'expected at least 2 items, not 1'
    >>> in_words("String should match pattern '^[a-z][a-z0-9_]*$'")
    'expected a lower-case letter, then lower-case letters, digits and underscores (night_los)'
    >>> in_words("Value error, a company needs a battalion")
    'a company needs a battalion'
    """
    message = message.removeprefix("Value error, ")
    form = _PATTERN.match(message)
    if form:
        return f"expected {FORM_WORDS.get(form[1], 'text of the form ' + quoted(form[1]))}"
    for pattern, words in _IN_WORDS:
        found = pattern.match(message)
        if found:
            return found.expand(words)
    return message


def _describe(error: dict[str, Any]) -> tuple[str, str]:
    """What the field expected, and the value it got as the file writes it ("" when the
    field path already says it, or there was none)."""
    message = in_words(error["msg"])
    if error["type"] == "missing":
        return "required field is missing", ""
    if error["type"] == "extra_forbidden":
        return "unknown field (check its spelling against the schema)", ""
    given = error.get("input")
    wants_mapping = error["type"] in ("model_type", "dict_type")
    if wants_mapping:  # (pydantic names the model class: "instance of ChoiOiTable")
        message = "expected a mapping of fields"
    if isinstance(given, dict | list):  # the field path already says which block
        return message, "a list" if wants_mapping and isinstance(given, list) else ""
    shown = "null (nothing)" if given is None else spelt(given)
    if error["loc"] and error["loc"][-1] == "[key]":  # the key is the path's last part already
        return message, ""
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return message, shown


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
                    f"expected a mapping of fields at the top, got {_kind_of(data)}",
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
    # (true == 1 and 1.0 == 1 in Python: a version is a whole number, written as one)
    if type(version) is not int or version != SCHEMA_VERSION:
        message = (
            f"version {version} is not supported"
            if type(version) is int
            else f"expected a whole number; got {spelt(version)}"
        )
        raise ScenarioError(
            [
                Problem(
                    _where(file, _line_of(root, ("schema_version",))),
                    "schema_version",
                    f"{message}; this library reads version {SCHEMA_VERSION}",
                )
            ]
        )
    try:
        return Scenario.model_validate(data)
    except ValidationError as err:
        raise ScenarioError(validation_problems(err, file, root)) from None


#: The tags pydantic adds to a location for each branch of a plain union (a choice is text, a
#: whole number or true or false): "choices.0.int" is no field of the file.
_BRANCHES = frozenset({"str", "int", "bool", "float"})


def _kind_of(value: Any) -> str:
    """What a value of a file is, in words (not Python's type names).

    >>> _kind_of("x"), _kind_of(3), _kind_of([]), _kind_of(None)
    ('text', 'a number', 'a list', 'nothing (null)')
    """
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    return "a list" if isinstance(value, list) else "a mapping"


def validation_problems(
    err: ValidationError, file: str, root: yaml.Node | None = None
) -> list[Problem]:
    """Rewrite pydantic's errors as Problems naming the file, line and field path.

    One value that fits no branch of a union is one problem, its branches' expectations
    joined (``expected text, or expected a whole number, or expected true or false``).
    """
    # Each place's expectations (one a union branch), and the value it got, said once.
    found: dict[tuple[str, str], tuple[list[str], str]] = {}
    for e in err.errors():
        # pydantic adds the tag of a union or generic branch to the location; drop it.
        loc = tuple(
            p for p in e["loc"] if not (isinstance(p, str) and ("[" in p or p in _BRANCHES))
        )
        if e["type"] == "invalid_key":  # (pydantic writes the key in its place, None as "None")
            loc, expected, got = loc[:-1], f"a field's name is text, not {spelt(e['input'])}", ""
        else:
            expected, got = _describe(e)
        where = (_where(file, _line_of(root, loc)), ".".join(str(p) for p in loc))
        found.setdefault(where, ([], got))[0].append(expected)
    return [
        Problem(where, path, ", or ".join(expected) + (f"; got {got}" if got else ""))
        for (where, path), (expected, got) in found.items()
    ]


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


def check_replaceable(path: str | os.PathLike[str], game: Game) -> None:
    """Refuse to write a *game* scenario over what *path* holds, unless it is nothing or a
    scenario of the same game.

    Each designer saves into one folder under a name the designer types: a name another
    designer's save already had (a First Team campaign, an Ambush Valley table) was replaced
    without a word, and its work lost. A file of the same game is replaced, as a designer
    saving again expects; its contents are not checked, so an older save that no longer
    validates can still be saved over.

    Raises
    ------
    ValueError
        Naming the file and what it holds (another game's scenario, or no scenario).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> (folder / "mine.yaml").write_text("schema_version: 1\\ngame: first-team\\n")
    35
    >>> check_replaceable(folder / "mine.yaml", Game.LZ_ALBANY)
    Traceback (most recent call last):
    ValueError: not saved: mine.yaml holds a First Team: Vietnam scenario, which this one would replace; choose another name, or delete that file first
    >>> check_replaceable(folder / "mine.yaml", Game.FIRST_TEAM)
    >>> check_replaceable(folder / "new.yaml", Game.LZ_ALBANY)
    """
    target = Path(path)
    if not os.path.lexists(target):
        return
    name = target.name
    try:
        data, _ = parse_yaml(read_data_text(target, "scenario file"), name)
        held = Game(data["game"]) if isinstance(data, dict) else None
    except (ScenarioError, KeyError, TypeError, ValueError):  # (no or an unknown game)
        held = None
    if held is None:
        raise ValueError(
            f"not saved: {name} already holds a file that is not a scenario, which this one "
            "would replace; choose another name, or delete that file first"
        )
    if held != game:
        raise ValueError(
            f"not saved: {name} holds a {held.title} scenario, which this one would replace; "
            "choose another name, or delete that file first"
        )
