"""Games a sweep need not play again: every result is a function of the rules code, the scenario
as played, the seed, the scenario options and the players, so a second sweep of the same version
of a scenario (the baseline of each comparison a designer makes in the balance lab) can take the
games the first one played.

>>> from rulebook.games.lz_albany import standard_scenario
>>> from rulebook.sim import KnownGames, Variant, sweep
>>> known = KnownGames()
>>> first = sweep(standard_scenario(), 3, seed=1, executor="serial", known=known)
>>> again = sweep(standard_scenario(), 5, seed=1, executor="serial", known=known)
>>> first.reused, again.reused, again.results[:3] == first.results
(0, 3, True)

Given a *folder*, the games are also kept on disk, a file per version, so a designer who
comes back tomorrow finds the baseline played (see :class:`KnownGames`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import warnings
from collections import OrderedDict
from dataclasses import astuple, fields, replace
from functools import cache
from pathlib import Path

from rulebook._atomic import atomic_write_text
from rulebook._cache import env_folder, user_cache
from rulebook.games._saved import rules_digest
from rulebook.scenario import Scenario
from rulebook.sim._run import GameResult

__all__ = ["KnownGames", "default_folder"]

#: The file format; a file of another format is read as no games.
FORMAT = 1
#: What a game's line holds in a file: a result but its variant name, which is the reader's.
_COLUMNS = [f.name for f in fields(GameResult)][1:]
_TYPES = {
    "seed": (int,),
    "winner": (str, type(None)),
    "ending": (str, type(None)),
    "retreat": (bool,),
}
#: How a file of this class is named: its version's digest.
_FILE = re.compile(r"[0-9a-f]{64}\.json")
# The code that turns a played game into its result, beside each game's rules package.
_SUMMARY = Path(__file__).with_name("_run.py")


def default_folder() -> Path:
    """Where the balance lab keeps its games: ``$RULEBOOK_KNOWN_GAMES``, else ``known-games`` in
    the project's cache folder (:func:`rulebook._cache.user_cache`: ``$RULEBOOK_CACHE``, else
    ``$XDG_CACHE_HOME`` or ``~/.cache`` under ``ia-drang-rulebook``)."""
    named = env_folder("RULEBOOK_KNOWN_GAMES")  # (a blank one is unset)
    return named if named is not None else user_cache("known-games")


@cache
def _rules(game: str) -> str:
    """A hash of the code that plays and sums up a game of *game* (read once, as
    :func:`rules_digest` is: the code does not change under a running process)."""
    h = hashlib.sha256(rules_digest(game.replace("-", "_")).encode())
    h.update(_SUMMARY.read_bytes())
    return h.hexdigest()


class KnownGames:
    """The games played so far, for each version of a scenario.

    A version is the rules code, the scenario's whole content after a variant's changes, the
    scenario options and the players (:meth:`version`): two variants that change a value to
    the same number are one version, and any other change, however small, is another, as is
    a change to the code of the rules. In memory, the versions used least recently are
    forgotten past *versions* of them.

    With a *folder*, each version's games are also kept in a file of their own there, read
    when a sweep first asks for that version and written (atomically, merged with what another
    process wrote meanwhile) by :meth:`keep`; the oldest files beyond *files* are removed. A
    file that cannot be read as games is passed over with a warning naming it, and its
    version's games are played again and written over it.
    """

    def __init__(self, versions: int = 8, *, folder: Path | str | None = None, files: int = 64):
        self.limit = versions
        self.folder = Path(folder) if folder is not None else None
        self.files = files
        self._games: OrderedDict[str, dict[int, GameResult]] = OrderedDict()
        self._new: set[str] = set()  # versions with games not yet written to the folder

    @staticmethod
    def version(scenario: Scenario, options: dict[str, str] | None, policies: str) -> str:
        """What decides a game besides its seed, as one digest (*scenario* as it is played)."""
        text = (
            _rules(scenario.game.value)
            + scenario.model_dump_json()
            + repr(sorted((options or {}).items()))
            + policies
        )
        return hashlib.sha256(text.encode()).hexdigest()

    def played(self, version: str, variant: str) -> dict[int, GameResult]:
        """The games of *version* by seed, named as *variant*'s."""
        games = self._loaded(version)
        return {seed: replace(r, variant=variant) for seed, r in games.items()}

    def seeds(self, version: str) -> set[int]:
        """The seeds of *version* whose games are known (what a run would take, not play)."""
        return set(self._loaded(version))

    def _loaded(self, version: str) -> dict[int, GameResult]:
        """*version*'s games by seed, read from the folder the first time they are asked for."""
        games = self._games.get(version)
        if games is None and self.folder is not None:
            games = self._read(version)
            if games:
                self._remember(version).update(games)
        if not games:
            return {}
        self._games.move_to_end(version)
        return games

    def add(self, version: str, result: GameResult) -> None:
        self._remember(version)[result.seed] = result
        if self.folder is not None:
            self._new.add(version)

    def keep(self) -> None:
        """Write the versions with new games to the folder (nothing without a folder)."""
        if self.folder is None:
            return
        for version in sorted(self._new):
            if version in self._games:
                self._write(version, {**self._read(version, quiet=True), **self._games[version]})
        self._new.clear()
        self._prune()

    def __len__(self) -> int:
        """The games kept in memory, over every version."""
        return sum(map(len, self._games.values()))

    def _remember(self, version: str) -> dict[int, GameResult]:
        """*version*'s games in memory (a new, empty dict if none), forgetting the versions used
        least recently past the limit (written first, if they hold games not yet written)."""
        games = self._games.get(version)
        if games is None:
            games = self._games[version] = {}
            while len(self._games) > self.limit:
                dropped, kept = self._games.popitem(last=False)
                if dropped in self._new:
                    self._new.discard(dropped)
                    self._write(dropped, {**self._read(dropped, quiet=True), **kept})
        return games

    def _path(self, version: str) -> Path:
        return self.folder / f"{version}.json"  # type: ignore[operator]

    def _read(self, version: str, *, quiet: bool = False) -> dict[int, GameResult]:
        """The games the folder holds for *version* ({} for none, or for a file it cannot read)."""
        path = self._path(version)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return _games_of(data, version)
        except (FileNotFoundError, NotADirectoryError):
            return {}
        except OSError as exc:
            if not quiet:
                warnings.warn(f"could not read the games kept in {path}: {exc}", stacklevel=3)
            return {}
        except (ValueError, TypeError, KeyError) as exc:
            if not quiet:
                warnings.warn(
                    f"{path}: not a file of known games ({exc}); its games will be played "
                    "again and the file written anew",
                    stacklevel=3,
                )
            return {}

    def _write(self, version: str, games: dict[int, GameResult]) -> None:
        if not games:
            return
        path = self._path(version)
        rows = [list(astuple(games[seed]))[1:] for seed in sorted(games)]
        text = json.dumps(
            {"format": FORMAT, "version": version, "columns": _COLUMNS, "games": rows},
            separators=(",", ":"),
        )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(path, text)  # a reader sees the old file or the new, never half
        except OSError as exc:  # games not kept are played again later: the sweep goes on
            folder = path.parent
            # (a file where the folder should be was said as "[Errno 17] File exists: ...")
            if folder.exists() and not folder.is_dir():
                why = f"{folder} is a file, not a folder"
            else:
                why = exc.strerror or str(exc)
            warnings.warn(f"could not keep the games played in {folder}: {why}", stacklevel=3)

    def _prune(self) -> None:
        """Remove the files written longest ago beyond the newest ``files`` of them (only files
        named as this class names them: the folder may be one a user named for other things)."""
        try:
            ours = [p for p in self.folder.iterdir() if _FILE.fullmatch(p.name)]  # type: ignore[union-attr]
            found = sorted(ours, key=lambda p: p.stat().st_mtime)
        except OSError:
            return
        for path in found[: max(len(found) - self.files, 0)]:
            with contextlib.suppress(OSError):
                path.unlink()


def _games_of(data: object, version: str) -> dict[int, GameResult]:
    """The games of a file's JSON *data*; ValueError naming what is wrong with it."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not format {FORMAT}")
    if data.get("version") != version:
        raise ValueError("it holds the games of another version")
    if data.get("columns") != _COLUMNS:
        raise ValueError(f"its columns are not {', '.join(_COLUMNS)}")
    games: dict[int, GameResult] = {}
    for i, row in enumerate(data["games"]):
        if not isinstance(row, list) or len(row) != len(_COLUMNS):
            raise ValueError(f"game {i + 1} is not a list of {len(_COLUMNS)} values")
        for name, value in zip(_COLUMNS, row, strict=True):
            allowed = _TYPES.get(name, (int,))
            if not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed):
                raise ValueError(f"game {i + 1}: {name} is {json.dumps(value)}")
        result = GameResult("", *row)
        games[result.seed] = result
    return games
