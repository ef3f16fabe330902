"""A game's files: the scenarios and saves an app offers, save with a confirmation, load that says why not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebook._atomic import atomic_write_text
from rulebook._datafile import read_data_text
from rulebook.games._core import FlowGame
from rulebook.saves import resolve_save_name
from widgets._page import guarded
from widgets.scenario_files import scenario_choices

__all__ = ["GameFiles"]


class GameFiles:
    """Mixed into :class:`~widgets.stepper.GameStepper`: its save, load and open buttons."""

    def refresh_scenarios(self) -> None:
        """Offer every scenario file of this game under scenarios/ and saved games under saves/."""
        choices = scenario_choices(self.game_key, self.root, self.saves)
        self.scenario.options = choices
        if choices:
            self.scenario.value = choices[0][1]

    def _named_save(self, doing: str) -> Path:
        """The save the file box names; an empty box asks for a name rather than writing (or
        reading) saves/game.json, which would overwrite an earlier game without a word."""
        name = self.save_name.value.strip()
        if not name:
            raise ValueError(
                f"give a file name first, for example my_game, to {doing} saves/my_game.json"
            )
        return resolve_save_name(name, ".json", folder=self.saves)

    @guarded
    def _save(self, _: Any = None) -> None:
        path = self._named_save("save the game as")
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, self.game.to_json())
        n = len(self.game.history)
        self.notice = (
            f"Saved {n} action{'s' * (n != 1)} (turn {self.game.turn}, {self.game.phase}) "
            f"to {self._shown(path)}."
        )
        self.refresh_scenarios()

    @guarded
    def _load(self, _: Any = None) -> None:
        self._load_path(self._named_save("load"))

    @guarded
    def _open(self, _: Any = None) -> None:
        if not self.scenario.value:
            raise ValueError("there is no scenario file to open")
        path = Path(self.scenario.value)
        if path.suffix == ".json":
            self._load_path(path)
            return
        self.start(self.open_scenario(path))
        self.notice = f"Started a new game of {path.name}."

    def _load_path(self, path: Path) -> None:
        if not path.exists():
            raise FileNotFoundError(f"There is no saved game at {self._shown(path)}.")
        try:
            text = read_data_text(path, "game record")
            game = type(self.game).from_json(text, self.game.scenario, str(path))
        except Exception as err:
            raise ValueError(
                f"{path.name} could not be loaded: {err}. The game on the screen is unchanged."
            ) from err
        self.start(game)
        n = len(game.history)
        self.notice = f"Loaded {self._shown(path)}: turn {game.turn}, {n} action{'s' * (n != 1)}."

    def show_file(self, path: Path) -> None:
        """Select *path*, the file being played, in the scenario picker if it offers it: an app
        opened by a link on a designer's file must not name the standard scenario there."""
        wanted = str(path.resolve())
        if wanted in [value for _, value in self.scenario.options]:
            self.scenario.value = wanted

    def _shown(self, path: Path) -> str:
        """A file as the app's visitor knows it: ``saves/NAME`` for one in the saves folder
        (the server's own folders are nothing to a class watching), else its name."""
        try:
            return f"saves/{path.resolve().relative_to(Path(self.saves).resolve()).as_posix()}"
        except ValueError:
            return path.name

    def start(self, game: FlowGame) -> None:
        """Show another game from its start or from a record."""
        self.game = game
        self._future.clear()
        self._snaps = []
        self._picked, self._anywhere = [], None
