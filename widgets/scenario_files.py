"""Which scenario files and saved games an app can open, and the one a URL asks for.

An app opens directly on ``?scenario=<path relative to the project root>`` (Voila passes the query
in ``os.environ['QUERY_STRING']``); the designers' "Save and play" button links there.

>>> scenario_from_query("scenario=scenarios/lz_albany/standard.yaml&x=1")
'scenarios/lz_albany/standard.yaml'
>>> scenario_from_query("") is None
True
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple
from urllib.parse import parse_qs

from rulebook._words import quoted

if TYPE_CHECKING:
    from rulebook.scenario import Game, Scenario

__all__ = [
    "Linked",
    "linked_scenario",
    "resolve_query_path",
    "scenario_choices",
    "scenario_from_query",
]

#: The folder a link's scenario path starts from.
PROJECT_ROOT = Path(__file__).resolve().parents[1]

_GAME_LINE = re.compile(r"^game:\s*['\"]?([a-z-]+)", re.MULTILINE)
_ID_LINE = re.compile(r"^id:\s*['\"]?([A-Za-z0-9_.-]+)", re.MULTILINE)
_TITLE_LINE = re.compile(r"^title:\s*['\"]?(.+?)['\"]?\s*$", re.MULTILINE)


def scenario_from_query(query: str | None = None) -> str | None:
    """The ``scenario`` parameter of the page's query string, if any."""
    query = os.environ.get("QUERY_STRING", "") if query is None else query
    values = parse_qs(query).get("scenario")
    return values[0] if values else None


def resolve_query_path(value: str, root: Path) -> Path:
    """A path from the URL, relative to the project root; it must stay inside the project."""
    path = (root / value).resolve()
    if root.resolve() not in path.parents:
        raise ValueError(f"the scenario path {quoted(value)} leaves the project folder")
    if not path.is_file():
        raise FileNotFoundError(f"there is no scenario file at {value} (under {root.resolve()})")
    return path


def _header(path: Path) -> str:
    """The start of a scenario file, or "" for one that cannot be read as UTF-8 text (a folder,
    a pipe, damaged bytes): the picker passes it over rather than failing the app's start."""
    if not path.is_file():  # a pipe would block the read, and the app with it
        return ""
    try:
        with path.open(encoding="utf-8") as f:
            return f.read(4000)
    except (OSError, UnicodeDecodeError):
        return ""


def scenario_choices(game: str, root: Path, saves: Path) -> list[tuple[str, str]]:
    """(label, path) of every scenario file of *game* under scenarios/ and the saves folders, and
    every saved game of it; scenario files first.

    A label names its file by its name alone ("Standard scenario (standard.yaml)"): the path
    from the project's folder ran past the picker's edge on a 1024-pixel screen. Files that
    share a name are told apart by their paths.
    """
    folders = [root / "scenarios", root / "saves", root / "notebooks" / "saves", saves]
    folders = [folder for folder in folders if folder.is_dir()]
    seen: set[Path] = set()
    ids: set[str] = set()
    files = []
    for real, sid, title in _scenario_files(folders, game, seen):
        ids.add(sid)
        files.append((title, real))
    found = files + _saved_games(folders, ids, seen)
    names = Counter(real.name for _, real in found)
    return [
        (f"{words} ({real.name if names[real.name] == 1 else _relative(real, root)})", str(real))
        for words, real in found
    ]


def _scenario_files(folders: list[Path], game: str, seen: set[Path]) -> list[tuple[Path, str, str]]:
    """(path, id, title) of each scenario file of *game* in *folders*, read from its first lines."""
    found = []
    for path in (p for folder in folders for p in sorted(folder.rglob("*.yaml"))):
        real = path.resolve()
        if real in seen:
            continue
        seen.add(real)
        head = _header(path)
        m = _GAME_LINE.search(head)
        if not m or m.group(1) != game:
            continue
        sid, title = _ID_LINE.search(head), _TITLE_LINE.search(head)
        found.append(
            (real, sid.group(1) if sid else path.stem, title.group(1) if title else path.stem)
        )
    return found


def _saved_games(folders: list[Path], ids: set[str], seen: set[Path]) -> list[tuple[str, Path]]:
    """(words, path) of each saved game in *folders* of a scenario in *ids*."""
    games = []
    for path in (p for folder in folders for p in sorted(folder.glob("*.json"))):
        real = path.resolve()
        if real in seen or not path.is_file():  # (a pipe would block the read)
            continue
        seen.add(real)
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):  # (UnicodeDecodeError is a ValueError)
            continue
        if not isinstance(record, dict) or not isinstance(record.get("scenario"), str):
            continue
        if record["scenario"] not in ids:
            continue
        # A damaged record is still offered: opening it says what is wrong with it.
        actions = record.get("actions", [])
        size = f"{len(actions)} actions" if isinstance(actions, list) else "damaged"
        games.append((f"Saved game {path.stem}, {size}", real))
    return games


class Linked(NamedTuple):
    """The scenario a play app's link names, the file it came from, and the line the app shows
    about it; no scenario and no file where there was no link or it could not be opened."""

    scenario: Scenario | None
    path: Path | None
    note: str


def linked_scenario(wanted: str | None, game: Game, instead: str) -> Linked:
    """Read the scenario file *wanted* (``?scenario=``, from the project root) for *game*'s
    play app, checked as playable.

    The note says which scenario is played from which file (a designer testing a version must
    see it is that version on the board); a bad link still opens the app, on *instead* (words:
    "the standard scenario"), and the note says why.
    """
    if not wanted:
        return Linked(None, None, "")
    from html import escape

    from rulebook.scenario import load_playable

    try:
        path = resolve_query_path(wanted, PROJECT_ROOT)
        scenario = load_playable(path, game)
    except Exception as err:  # a bad link must still open the app, saying why
        return Linked(
            None,
            None,
            f"<p class='rb-error'>Could not open {escape(wanted)}: {escape(str(err))}. "
            f"Showing {escape(instead)}.</p>",
        )
    note = (
        f"<p class='rb-playing'>Playing <b>{escape(scenario.title)}</b> from "
        f"{escape(_relative(path, PROJECT_ROOT))}.</p>"
    )
    return Linked(scenario, path, note)


def _relative(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root.resolve()))
    except ValueError:
        return str(path)
