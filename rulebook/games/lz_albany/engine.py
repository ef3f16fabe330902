"""The LZ Albany engine: OpenSpiel-style verbs over the rulebook's sequence of play.

>>> from rulebook.games.lz_albany import new_game
>>> g = new_game(seed=1)
>>> g.current_player(), g.phase
('us', 'reinforcement')
>>> g.legal_actions()[0]
Action.from_notation('place A/2-7-1 LZ-Albany')
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from rulebook.dice import Dice
from rulebook.errors import IllegalActionError, InvalidActionError
from rulebook.games.lz_albany._decisions import CHANCE, Action, Chance, Decision
from rulebook.games.lz_albany._flow import game as sequence_of_play
from rulebook.games.lz_albany._state import State
from rulebook.scenario import Scenario, load_scenario
from rulebook.trace import Trace

__all__ = ["LOG_VERSION", "GameState", "LogEntry", "new_game", "replay", "standard_scenario"]

LOG_VERSION = 1
STANDARD = Path(__file__).resolve().parents[3] / "scenarios" / "lz_albany" / "standard.yaml"


@cache
def _standard() -> Scenario:
    return load_scenario(STANDARD)


def standard_scenario() -> Scenario:
    """The shipped LZ Albany scenario (read once; each caller gets its own copy)."""
    return _standard().model_copy(deep=True)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One step of a game: who chose what, when, and every rule that fired as a result."""

    index: int
    turn: int
    phase: str
    player: str
    action: str
    trace: Trace

    def __str__(self) -> str:
        head = f"{self.index:4d}  T{self.turn} {self.phase:<14} {self.player:<6} {self.action}"
        return "\n".join([head, *(f"        {step}" for step in self.trace)])


class GameState:
    """A game in progress. Change it only through :meth:`apply`, :meth:`play` or :meth:`advance`.

    Parameters
    ----------
    scenario : Scenario
        An LZ Albany scenario (with ``map`` and ``lz_albany`` sections).
    seed : int
        Seeds the dice; the same scenario, seed and actions give the same game.
    options : dict, optional
        Scenario options to override (see the scenario's ``options``).
    """

    def __init__(
        self, scenario: Scenario, seed: int = 0, options: dict[str, Any] | None = None
    ) -> None:
        for name, value in (options or {}).items():
            if name not in scenario.options:
                raise InvalidActionError(
                    f"unknown option {name!r}; the scenario has {sorted(scenario.options)}"
                )
            if value not in scenario.options[name].choices:
                raise InvalidActionError(
                    f"option {name}: {value!r} is not one of {scenario.options[name].choices}"
                )
        self.scenario = scenario
        self.seed = seed
        self.options = dict(options or {})
        self.dice = Dice(seed)
        self.board = State.new(scenario, self.dice)
        self.board.rules.options.update(self.options)
        self.history: list[Action] = []
        self.log: list[LogEntry] = []
        self._flow = sequence_of_play(self.board)
        self._pending: Decision | Chance | None = None
        self._step(None, "start", "setup")

    # --- the decision loop ----------------------------------------------------------

    def _step(self, action: Action | None, player: str, label: str) -> None:
        mark = len(self.board.trace)
        turn, phase = self.board.turn, self.board.phase
        try:
            self._pending = self._flow.send(action) if action is not None else next(self._flow)
        except StopIteration:
            self._pending = None
        steps = Trace(self.board.trace[mark:])
        self.log.append(LogEntry(len(self.log), turn, phase, player, label, steps))

    def current_player(self) -> str | None:
        """``'us'``, ``'nva'``, ``'chance'``, or None when the game is over."""
        return None if self._pending is None else self._pending.player

    @property
    def decision(self) -> Decision | Chance | None:
        """What the game is waiting for: the prompt, the rule and the options."""
        return self._pending

    @property
    def turn(self) -> int:
        return self.board.turn

    @property
    def phase(self) -> str:
        return self.board.phase

    def legal_actions(self) -> list[Action]:
        """The actions the current player may take (empty when the game is over)."""
        return [] if self._pending is None else list(self._pending.options)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node, each outcome with its exact probability."""
        return list(self._pending.outcomes) if isinstance(self._pending, Chance) else []

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    def apply(self, action: Action) -> None:
        """Apply a legal action (fast path: no parsing). Raises IllegalActionError otherwise."""
        if self._pending is None:
            raise IllegalActionError("lza:3.3", "the game is over")
        if action not in self._pending.options:
            raise IllegalActionError(
                self._pending.rule,
                f"{action.notation()!r} is not allowed now ({self._pending.prompt}); "
                f"legal: {', '.join(a.notation() for a in self._pending.options[:8])}"
                + (" ..." if len(self._pending.options) > 8 else ""),
            )
        player = self._pending.player
        self.history.append(action)
        self._step(action, player, action.notation())

    def play(self, notation: str) -> None:
        """Parse a notation, check it and apply it."""
        self.apply(Action.from_notation(notation))

    def sample_chance(self) -> Action:
        """Pick a chance outcome with the game's dice (the chit pool is drawn blind)."""
        options = self.chance_outcomes()
        return options[self.dice.pick(len(options), "lza:3.6")][0]

    def advance(self) -> None:
        """Resolve chance nodes until a player must decide or the game ends."""
        while self.current_player() == CHANCE:
            self.apply(self.sample_chance())

    def is_terminal(self) -> bool:
        return self._pending is None

    def is_over(self) -> bool:
        return self.is_terminal()

    def outcome(self) -> dict[str, Any] | None:
        """Winner, how the game ended and the VP, once it is over."""
        if not self.is_terminal():
            return None
        return {"winner": self.board.winner, "ending": self.board.ending, "vp": dict(self.board.vp)}

    # --- records -----------------------------------------------------------------------

    def to_json(self) -> str:
        """The game as data: scenario id, seed, options, actions (the replayable record) and the position."""
        return json.dumps(
            {
                "log_version": LOG_VERSION,
                "scenario": self.scenario.id,
                "seed": self.seed,
                "options": self.options,
                "actions": [a.notation() for a in self.history],
                "position": self.board.summary(),
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str, scenario: Scenario | None = None) -> GameState:
        """Rebuild a game by replaying its record; the position must match the one saved."""
        data = json.loads(text)
        if data.get("log_version") != LOG_VERSION:
            raise InvalidActionError(
                f"game record version {data.get('log_version')!r}; this library reads {LOG_VERSION}"
            )
        scenario = scenario or standard_scenario()
        state = replay(scenario, data["seed"], data["actions"], options=data.get("options"))
        if state.board.summary() != data["position"]:
            raise InvalidActionError("replaying the record does not reach the saved position")
        return state

    def log_text(self) -> str:
        """The whole log, one entry per action with its trace."""
        return "\n".join(str(e) for e in self.log)

    def undo(self, steps: int = 1) -> GameState:
        """A new game with the last *steps* actions taken back (replay from the start)."""
        return replay(
            self.scenario,
            self.seed,
            self.history[: max(0, len(self.history) - steps)],
            options=self.options,
        )

    def __repr__(self) -> str:
        return f"<LZ Albany game seed={self.seed} turn={self.turn} phase={self.phase} actions={len(self.history)}>"


def new_game(
    scenario: Scenario | None = None, seed: int = 0, options: dict[str, Any] | None = None
) -> GameState:
    """Start a game of the given scenario (the standard one by default)."""
    return GameState(scenario or standard_scenario(), seed, options)


def replay(
    scenario: Scenario,
    seed: int,
    actions: Iterable[Action | str],
    options: dict[str, Any] | None = None,
) -> GameState:
    """Replay a recorded game: the same scenario, seed and actions give the same log."""
    state = GameState(scenario, seed, options)
    for action in actions:
        step = action if isinstance(action, Action) else Action.from_notation(action)
        if state.current_player() == CHANCE:
            # The drawn chit was chosen by the dice: consume the same roll to stay in step.
            state.dice.pick(len(state.chance_outcomes()), "lza:3.6")
        state.apply(step)
    return state
