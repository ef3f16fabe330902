"""The LZ Albany engine: OpenSpiel-style verbs over the rulebook's sequence of play.

>>> from rulebook.games.lz_albany import new_game
>>> g = new_game(seed=1)
>>> g.current_player(), g.phase
('us', 'reinforcement')
>>> g.legal_actions()[0]
Action.from_notation('place A/2-7-1 LZ-Albany')
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from rulebook.games._core import FlowGame, LogEntry
from rulebook.games._decisions import Action, Chance
from rulebook.games._reads import reads
from rulebook.games.lz_albany import _saved
from rulebook.games.lz_albany._flow import game as sequence_of_play
from rulebook.games.lz_albany._state import State
from rulebook.scenario import Scenario, load_scenario

__all__ = ["LOG_VERSION", "GameState", "LogEntry", "new_game", "replay", "standard_scenario"]

LOG_VERSION = 1
# Every scenario path the LZ Albany rules read (dotted, * for any one part): each value in
# ``values`` (tests/games/lz_albany/test_values.py changes each one and watches play change),
# the counters, groups, arrivals, chits, air numbers, Choi Oi table and VP schedule, the map
# (areas, adjacency and its LOS rule, lza:7.8), the turn count and the options.
READS = (
    "turns.value",
    "values.*.value",
    "options",
    "map",
    *(
        f"lz_albany.unit_types.*.{k}"
        for k in ("kind", "fire", "melee", "reduced_fire", "reduced_melee")
    ),
    "lz_albany.unit_groups",
    "lz_albany.companies",
    "lz_albany.senior_officers",
    "lz_albany.chits",
    "lz_albany.air.gunship_fire",
    "lz_albany.air.gunship_damaged_fire",
    "lz_albany.air.dust_off_capacity",
    "lz_albany.choi_oi.entries",
    "lz_albany.vp",
)
reads("lz-albany", *READS)
STANDARD = Path(__file__).resolve().parents[3] / "scenarios" / "lz_albany" / "standard.yaml"


@cache
def _standard() -> Scenario:
    return load_scenario(STANDARD)


def standard_scenario() -> Scenario:
    """The shipped LZ Albany scenario (read once; each caller gets its own copy)."""
    return _standard().model_copy(deep=True)


class GameState(FlowGame):
    """An LZ Albany game in progress (the engine core is :class:`~rulebook.games._core.FlowGame`).

    Parameters
    ----------
    scenario : Scenario
        An LZ Albany scenario (with ``map`` and ``lz_albany`` sections).
    seed : int
        Seeds the dice; the same scenario, seed and actions give the same game.
    options : dict, optional
        Scenario options to override (see the scenario's ``options``).
    """

    name = "LZ Albany"
    over_rule = "lza:3.3"
    chance_rule = "lza:3.6"
    log_version = LOG_VERSION
    checkpoint_every = 40  # a copy costs about as much as 20 actions; Undo replays < 40 + a chit
    rules_package = "lz_albany"

    def new_board(self) -> State:
        board = State.new(self.scenario, self.dice)
        board.rules.options.update(self.options)
        return board

    def sequence(self):
        return sequence_of_play(self.board)

    def resumable(self) -> bool:
        """At a chit draw the whole flow is on the board (see ``_flow.game``)."""
        pending = self._pending
        return isinstance(pending, Chance) and pending.rule == "lza:3.6"

    def resume_sequence(self):
        return sequence_of_play(self.board, resume=True)

    def board_record(self, board: State) -> dict[str, Any]:
        return _saved.board_record(board)

    def restore_board(self, board: State, record: dict[str, Any]) -> None:
        _saved.restore_board(board, record)

    def shared_parts(self) -> list[object]:
        board = self.board
        return [self.scenario, board.map, board.rules, *board.arrivals.values()]

    @classmethod
    def default_scenario(cls) -> Scenario:
        return standard_scenario()

    def outcome(self) -> dict[str, Any] | None:
        """Winner, how the game ended and the VP, once it is over."""
        if not self.is_terminal():
            return None
        return {"winner": self.board.winner, "ending": self.board.ending, "vp": dict(self.board.vp)}


def new_game(
    scenario: Scenario | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    *,
    record: bool = True,
) -> GameState:
    """Start a game of the given scenario (the standard one by default).

    ``record=False`` plays the same game without keeping traces or a log (for simulations).
    """
    return GameState(scenario or standard_scenario(), seed, options, record=record)


def replay(
    scenario: Scenario,
    seed: int,
    actions: Iterable[Action | str],
    options: dict[str, Any] | None = None,
) -> GameState:
    """Replay a recorded game: the same scenario, seed and actions give the same log."""
    return GameState.replay(scenario, seed, actions, options)  # type: ignore[return-value]
