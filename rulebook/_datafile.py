"""Reading data files that may be damaged or hostile: bounded, and every failure a ScenarioError.

Scenario files, maps, game records and campaign logs come from users. Whatever a file holds,
reading it either gives plain data or raises :class:`~rulebook.errors.ScenarioError` naming the
file, the line where known, and what was expected. Nothing reads forever (FIFOs, devices), and
nothing grows without bound (huge files, deep nesting, alias bombs, numbers of 5,000 digits).

>>> parse_yaml("turns: 10\\n", "s.yaml")[0]
{'turns': 10}
>>> try:
...     parse_yaml("turns: 1.0e+400\\n", "s.yaml")
... except ScenarioError as err:
...     print(err)
s.yaml:1: the number 1.0e+400 is out of range; numbers in data files lie within +-1000000000
"""

from __future__ import annotations

import datetime as dt
import errno
import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

import yaml

from rulebook._words import quoted
from rulebook.errors import Problem, ScenarioError

__all__ = [
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_NUMBER",
    "MAX_VALUES",
    "parse_json",
    "parse_yaml",
    "read_data_text",
]

MAX_FILE_BYTES = 4 * 1024 * 1024
"""Files over 4 MiB are refused; the biggest shipped file is a few tens of kilobytes."""
MAX_DEPTH = 48
"""Nesting deeper than this is refused (the deepest shipped scenario nests 8 levels)."""
MAX_VALUES = 200_000
"""More values than this, counting every alias as a copy, are refused (the alias-bomb guard)."""
MAX_NUMBER = 1_000_000_000
"""No number any game uses comes near a billion; larger ones are typing slips or attacks."""
_MAX_NUMBER_TEXT = 40  # characters of a number's text before it is read at all
_TOO_DEEP = f"nested more than {MAX_DEPTH} levels deep; data files are never that deep"


#: What the commonest reasons a file cannot be read mean to a reader (the system's own words,
#: "No such file or directory", read as a programmer's).
_WHY_UNREADABLE = {
    errno.ENOENT: "there is no such file",
    errno.ENAMETOOLONG: "the name is longer than this machine's files may have",
    errno.EACCES: "this machine does not let the app read it",
    errno.ENOTDIR: "a folder on its path is a file",
}


def _unreadable(err: OSError) -> str:
    """Why *err* kept a file from being read, in words."""
    return f"cannot read the file: {_WHY_UNREADABLE.get(err.errno, err.strerror or str(err))}"


def spelt(value: Any) -> str:
    """A value as a scenario file writes it (true, null), not as Python does (True, None).

    >>> spelt([9, True, None, "ten"]), spelt({"night": [1, False]})
    ("[9, true, null, 'ten']", '{night: [1, false]}')
    >>> spelt(dt.date(2001, 12, 14))
    '2001-12-14'
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list):
        return "[" + ", ".join(map(spelt, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {spelt(v)}" for k, v in value.items()) + "}"
    if isinstance(value, dt.date):  # YAML reads 2001-12-14 as a date (and a datetime)
        return value.isoformat()
    return repr(value)


def is_number(value: Any) -> bool:
    """A plain int or float: never true or false, which Python counts as 1 and 0.

    >>> is_number(3), is_number(2.5), is_number(True), is_number("3")
    (True, True, False, False)
    """
    return isinstance(value, int | float) and not isinstance(value, bool)


def _where(file: str, line: int | None) -> str:
    return f"{file}:{line}" if line else file


def read_data_text(path: str | os.PathLike[str], what: str = "data file") -> str:
    """The UTF-8 text of a regular file of at most :data:`MAX_FILE_BYTES`.

    Raises
    ------
    ScenarioError
        If *path* is missing, unreadable, not a regular file (a folder, FIFO or device,
        which could block or never end), too big, or not UTF-8.
    """
    file = str(path)
    try:
        info = Path(path).stat()
    except OSError as err:
        raise ScenarioError([Problem(file, "", _unreadable(err))]) from None
    if stat.S_ISDIR(info.st_mode):
        raise ScenarioError([Problem(file, "", f"is a folder; expected a {what}")])
    if not stat.S_ISREG(info.st_mode):
        raise ScenarioError(
            [Problem(file, "", f"is not a regular file (a pipe or device); expected a {what}")]
        )
    if info.st_size > MAX_FILE_BYTES:
        raise ScenarioError(
            [
                Problem(
                    file,
                    "",
                    f"is {info.st_size / 2**20:.1f} MiB; a {what} may be at most "
                    f"{MAX_FILE_BYTES // 2**20} MiB",
                )
            ]
        )
    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise ScenarioError([Problem(file, "", _unreadable(err))]) from None
    if len(raw) > MAX_FILE_BYTES:  # it grew after the check
        raise ScenarioError([Problem(file, "", f"a {what} may be at most 4 MiB")])
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ScenarioError(
            [Problem(file, "", f"not UTF-8 text (byte {err.start} is {raw[err.start]:#04x})")]
        ) from None


def _number_problem(text: str) -> str:
    shown = text if len(text) <= 24 else text[:20] + "..."
    return f"the number {shown} is out of range; numbers in data files lie within +-{MAX_NUMBER}"


class _Bounds:
    """What both loaders add to YAML's own: a nesting bound while composing, and a value that
    cannot be read (a date of month 13) reported at its line."""

    _depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        if self._depth >= MAX_DEPTH:
            raise yaml.composer.ComposerError(
                None,
                None,
                _TOO_DEEP,
                self.peek_event().start_mark,  # type: ignore[attr-defined]
            )
        self._depth += 1
        try:
            return super().compose_node(parent, index)  # type: ignore[misc]
        finally:
            self._depth -= 1

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep=deep)  # type: ignore[misc]
        except yaml.MarkedYAMLError:
            raise
        except (ValueError, TypeError, OverflowError) as err:  # e.g. a date of month 13
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read this value ({err})", node.start_mark
            ) from None


class _BoundedLoader(_Bounds, yaml.SafeLoader):
    """Safe YAML (plain data only) with bounds, refusing a key given twice in one mapping."""


try:
    from yaml._yaml import CParser
except ImportError:  # PyYAML built without libyaml: the pure Python loader reads alone
    _LOADERS: tuple[type, ...] = (_BoundedLoader,)
else:

    class _FastBoundedLoader(
        _Bounds,
        yaml.composer.Composer,
        CParser,
        yaml.constructor.SafeConstructor,
        yaml.resolver.Resolver,
    ):
        """:class:`_BoundedLoader` with libyaml's scanner and parser, about five times faster
        (opening the Ambush Valley designer reads ten files). The nodes are still composed
        here, by PyYAML's Python composer: libyaml's own composer recurses in C with no bound,
        so a file nested a million deep would overflow the stack rather than be refused."""

        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)

    _LOADERS = (_BoundedLoader, _FastBoundedLoader)


def _bounded_int(loader: _BoundedLoader, node: yaml.ScalarNode) -> int:
    text = str(node.value)
    if len(text) > _MAX_NUMBER_TEXT:
        raise yaml.constructor.ConstructorError(None, None, _number_problem(text), node.start_mark)
    value = loader.construct_yaml_int(node)  # type: ignore[no-untyped-call]
    if abs(value) > MAX_NUMBER:
        raise yaml.constructor.ConstructorError(None, None, _number_problem(text), node.start_mark)
    return value


def _bounded_float(loader: _BoundedLoader, node: yaml.ScalarNode) -> float:
    value = loader.construct_yaml_float(node)  # type: ignore[no-untyped-call]
    if not math.isfinite(value) or abs(value) > MAX_NUMBER:
        raise yaml.constructor.ConstructorError(
            None, None, _number_problem(str(node.value)), node.start_mark
        )
    return value


def _mapping_without_duplicates(loader: _BoundedLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    seen: dict[Any, yaml.Node] = {}
    for key_node, _ in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            raise yaml.constructor.ConstructorError(
                None,
                None,
                "a key must be plain text or a number, not a list or mapping",
                key_node.start_mark,
            )
        key = loader.construct_object(key_node)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"key {quoted(key)} appears twice in one mapping", key_node.start_mark
            )
        seen[key] = key_node
    return loader.construct_mapping(node)  # type: ignore[no-untyped-call]


for _loader in _LOADERS:
    _loader.add_constructor(
        yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping_without_duplicates
    )
    _loader.add_constructor("tag:yaml.org,2002:int", _bounded_int)
    _loader.add_constructor("tag:yaml.org,2002:float", _bounded_float)
_Loader = _LOADERS[-1]  # the fastest there is


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _check_expansion(root: yaml.Node) -> None:
    """Refuse an alias that contains itself, or aliases that expand past :data:`MAX_VALUES`."""
    size: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, finished = stack.pop()
        key = id(node)
        if finished:
            on_path.discard(key)
            size[key] = 1 + sum(size[id(c)] for c in _children(node))
            if size[key] > MAX_VALUES:
                raise yaml.composer.ComposerError(
                    None,
                    None,
                    f"holds more than {MAX_VALUES:,} values once its aliases (*name) are "
                    "expanded; refused as an alias bomb",
                    node.start_mark,
                )
            continue
        if key in size:
            continue
        if key in on_path:
            raise yaml.composer.ComposerError(
                None, None, "an alias (*name) refers to a block that contains it", node.start_mark
            )
        on_path.add(key)
        stack.append((node, True))
        stack.extend((c, False) for c in _children(node) if id(c) not in size)


def parse_yaml(text: str, file: str) -> tuple[Any, yaml.Node | None]:
    """Parse YAML safely and within bounds; return the data and its node tree (for line numbers).

    Raises
    ------
    ScenarioError
        Naming the file and line: not YAML, an object tag, a duplicate or unhashable key,
        nesting past :data:`MAX_DEPTH`, aliases past :data:`MAX_VALUES`, a number past
        :data:`MAX_NUMBER`, or a value that cannot be read (a date of month 13).
    """
    if len(text) > MAX_FILE_BYTES:
        raise ScenarioError([Problem(file, "", f"the text is longer than {MAX_FILE_BYTES} bytes")])
    try:
        # One parse gives both the node tree (for line numbers) and the data.
        try:
            loader = _Loader(text)
        except UnicodeEncodeError:  # a lone surrogate: libyaml takes UTF-8, which cannot hold it
            loader = _BoundedLoader(text)  # (whose reader names the character)
        try:
            root = loader.get_single_node()
            if root is not None:
                _check_expansion(root)
            data = None if root is None else loader.construct_document(root)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        what = err.problem or "not valid YAML"
        if what.startswith("exceeded maximum nesting depth"):  # libyaml's own bound, 1,000 in
            what = _TOO_DEEP  # newer builds, met while scanning ahead of ours: say it as ours
        elif what == "but found another document":  # (the second half of PyYAML's sentence)
            what = "the file holds more than one document (a line of ---); a data file holds one"
        elif "tag:yaml.org,2002:merge" in what:
            what = "merge keys (<<) are not read: write each field out"
        elif "could not determine a constructor" in what:
            what += " (data files hold plain data; object tags are refused)"
        raise ScenarioError([Problem(_where(file, line), "", what)]) from None
    except yaml.YAMLError as err:
        # The reader's own errors (a NUL, a control character) give a position in the text,
        # not a line: the line is counted here, and the position's lines dropped.
        where = getattr(err, "position", None)
        line = text.count("\n", 0, where) + 1 if isinstance(where, int) else None
        said = str(getattr(err, "reason", "") or err).split("\n", 1)[0]
        character = getattr(err, "character", None)
        character = ord(character) if isinstance(character, str) else character
        if isinstance(character, int):
            said = f"{said} (character U+{character:04X})"
        raise ScenarioError([Problem(_where(file, line), "", f"not valid YAML: {said}")]) from None
    except RecursionError:  # a guard above was not enough: never a traceback
        raise ScenarioError([Problem(file, "", "nested too deeply to read")]) from None
    return data, root


class _NumberRangeError(ValueError):
    """A JSON number past the bounds, with its text (to find its line)."""

    def __init__(self, text: str) -> None:
        super().__init__(_number_problem(text))
        self.text = text


def _json_number(text: str) -> int:
    if len(text) > _MAX_NUMBER_TEXT:
        raise _NumberRangeError(text)
    return int(text)


def _bounded_json_int(text: str) -> int:
    value = _json_number(text)
    if abs(value) > MAX_NUMBER:
        raise _NumberRangeError(text)
    return value


def _bounded_json_float(text: str) -> float:
    value = float(text) if len(text) <= _MAX_NUMBER_TEXT else math.inf
    if not math.isfinite(value) or abs(value) > MAX_NUMBER:  # 1e999 reads as infinity
        raise _NumberRangeError(text)
    return value


def _json_constant(text: str) -> float:
    raise ValueError(f"{text} is not a number a record may hold")


# JSON's escape of a UTF-16 surrogate: a pair of them is one character, one alone is none.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_LONE_SURROGATE_ESCAPE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"  # a first half alone
    r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"  # a second half alone
)


def _holds_half_a_character(data: Any) -> bool:
    """Whether a string anywhere in *data* (keys too) holds a lone surrogate."""
    if isinstance(data, str):
        try:
            data.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(data, dict):
        return any(
            _holds_half_a_character(k) or _holds_half_a_character(v) for k, v in data.items()
        )
    if isinstance(data, list):
        return any(_holds_half_a_character(v) for v in data)
    return False


def parse_json(text: str, file: str, what: str = "JSON", *, bounded: bool = False) -> Any:
    """Parse JSON text within bounds, refusing NaN, Infinity, numbers of over 40 digits, and a
    string holding half a character (a lone surrogate escape, which no file can write back).

    A *bounded* file (a map: data, as a YAML data file is) also refuses numbers past
    :data:`MAX_NUMBER`, as the YAML loader does, naming the line of the first one.

    >>> parse_json('{"seed": 3}', "g.json")
    {'seed': 3}
    >>> parse_json('{"name": "\\\\ud83d\\\\ude00"}', "g.json")  # a pair: one character
    {'name': '😀'}
    >>> parse_json('{"a": "\\\\ud83d\\\\ude00",\\n "b": "\\\\ud800"}', "g.json")
    Traceback (most recent call last):
    ...
    rulebook.errors.ScenarioError: g.json:2: a string holds \\ud800 alone: half of a character (a lone surrogate), which is not text
    >>> parse_json('{"x": [1, 1e999]}', "m.geojson", bounded=True)
    Traceback (most recent call last):
    ...
    rulebook.errors.ScenarioError: m.geojson:1: the number 1e999 is out of range; numbers in data files lie within +-1000000000
    """
    if len(text) > MAX_FILE_BYTES:
        raise ScenarioError([Problem(file, "", f"the text is longer than {MAX_FILE_BYTES} bytes")])
    numbers = (
        {"parse_int": _bounded_json_int, "parse_float": _bounded_json_float}
        if bounded
        else {"parse_int": _json_number}
    )
    try:
        data = json.loads(text, parse_constant=_json_constant, **numbers)
    except json.JSONDecodeError as err:
        raise ScenarioError(
            [Problem(_where(file, err.lineno), "", f"not valid {what}: {err.msg}")]
        ) from None
    except _NumberRangeError as err:
        at = text.find(err.text)  # the first place the number's text appears: its line, or near
        line = text.count("\n", 0, at) + 1 if at >= 0 else None
        raise ScenarioError([Problem(_where(file, line), "", str(err))]) from None
    except ValueError as err:
        raise ScenarioError([Problem(file, "", str(err))]) from None
    except RecursionError:
        raise ScenarioError([Problem(file, "", f"the {what} is nested too deeply")]) from None
    escaped = _SURROGATE_ESCAPE.search(text)
    if escaped:  # (no escape of one, no walk: the common case costs one search)
        try:
            half = _holds_half_a_character(data)
        except RecursionError:
            raise ScenarioError([Problem(file, "", f"the {what} is nested too deeply")]) from None
        if half:
            escaped = (
                _LONE_SURROGATE_ESCAPE.search(text) or escaped
            )  # its place, as near as text shows
            line = text.count("\n", 0, escaped.start()) + 1
            problem = (
                f"a string holds {escaped.group(0)} alone: half of a character (a lone "
                "surrogate), which is not text"
            )
            raise ScenarioError([Problem(_where(file, line), "", problem)])
    return data
