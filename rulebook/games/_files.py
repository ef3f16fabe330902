"""The scenario files of a game a user can pick: the shipped ones and their own saves."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from rulebook.errors import ScenarioError
from rulebook.scenario import Game, load_scenario

__all__ = ["PROJECT_ROOT", "ScenarioFile", "scenario_files"]

PROJECT_ROOT = Path(__file__).resolve().parents[2]
_DIRS = {Game.LZ_ALBANY: "lz_albany", Game.FIRST_TEAM: "first_team"}


@dataclass(frozen=True)
class ScenarioFile:
    """A file offered in a picker: its title, where it is, and why it cannot be used if so."""

    title: str
    path: Path
    problem: str = ""

    @property
    def label(self) -> str:
        """What a picker shows: the title and, for a user's save, the file name."""
        where = "shipped" if PROJECT_ROOT / "scenarios" in self.path.parents else self.path.name
        return f"{self.title} ({where})"


def scenario_files(game: Game, saves: Iterable[str | Path] = ("saves",)) -> list[ScenarioFile]:
    """Every scenario of *game*: the shipped ones first, then valid files in the *saves* folders.

    Files of another game are left out; files that fail to load are listed last with
    their problem, so a picker can say why a save is missing.

    >>> [f.title for f in scenario_files(Game.LZ_ALBANY, saves=())]
    ['LZ Albany, 17 November 1965']
    """
    shipped = sorted((PROJECT_ROOT / "scenarios" / _DIRS[game]).glob("*.yaml"))
    found: list[ScenarioFile] = []
    broken: list[ScenarioFile] = []
    seen: set[Path] = set()
    own = [
        path
        for folder in saves
        if Path(folder).is_dir()
        for path in sorted(Path(folder).glob("*.y*ml"))
    ]
    for path in (p.resolve() for p in [*shipped, *own]):
        if path in seen or not path.is_file():
            continue
        seen.add(path)
        try:
            scenario = load_scenario(path)
        except ScenarioError as err:
            broken.append(ScenarioFile(path.name, path, str(err).splitlines()[0]))
            continue
        if scenario.game == game:
            found.append(ScenarioFile(scenario.title, path))
    return found + broken
