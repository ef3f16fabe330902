"""The engine core every game shares: rules as a generator of decisions, driven by actions.

A game's sequence of play is a Python generator. It yields a
:class:`~rulebook.games._decisions.Decision` whenever a player must choose (or a
:class:`~rulebook.games._decisions.Chance` when the pool decides) and receives the chosen
:class:`~rulebook.games._decisions.Action`. :class:`FlowGame` wraps such a generator in the
OpenSpiel-style interface the apps, policies and simulations use (``legal_actions``,
``apply``, ``current_player``, ``is_terminal``), keeps a log whose every entry carries the rule
trace it caused, and makes a game replayable from its scenario, seed and action list.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Protocol

from rulebook._words import quoted
from rulebook.dice import Dice, QuietDice
from rulebook.errors import IllegalActionError, InvalidActionError, Problem, ScenarioError
from rulebook.games._decisions import CHANCE, RESTART, Action, Chance, Decision
from rulebook.scenario import Scenario
from rulebook.scenario._models import same_choice, written_choice
from rulebook.trace import NullTrace, Trace, TraceStep

__all__ = ["Board", "FlowGame", "LogEntry"]


class Board(Protocol):
    """What the core needs of a game's position."""

    trace: list[TraceStep]
    turn: int
    phase: str

    def summary(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One step of a game: who chose what, when, and every rule that fired as a result."""

    index: int
    turn: int
    phase: str
    player: str
    action: str
    trace: Trace
    # The rule case of the decision or chance this entry answered (lza:6.2 for a move, say):
    # a log's headline links to it. Empty for the set-up entry.
    rule: str = ""

    def __str__(self) -> str:
        head = f"{self.index:4d}  T{self.turn} {self.phase:<14} {self.player:<6} {self.action}"
        return "\n".join([head, *(f"        {step}" for step in self.trace)])


@dataclass(frozen=True, slots=True)
class _Past:
    """What a game loaded from a saved checkpoint has not rebuilt yet: the log entries, rolls
    and trace steps of the actions before the checkpoint (rebuilt by a replay when read)."""

    actions: int
    rolls: int
    trace: int


@dataclass(frozen=True, slots=True)
class _Checkpoint:
    """A copy of the position after some actions, with the dice's state, to restart from."""

    actions: int
    board: Any
    rng: Any
    rolls: int
    trace: int


class FlowGame:
    """A game in progress. Change it only through :meth:`apply`, :meth:`play` or :meth:`advance`.

    Subclasses say how to set up the position (:meth:`new_board`), what the sequence of play is
    (:meth:`sequence`), what the result is (:meth:`outcome`) and which scenario a saved record
    belongs to by default (:meth:`default_scenario`).
    """

    name: ClassVar[str] = "game"
    over_rule: ClassVar[str]
    chance_rule: ClassVar[str] = ""
    log_version: ClassVar[int] = 1
    # A recorded game copies its position at a resumable point (a resumable pending decision,
    # or a RESTART its sequence yields) at most this often (in actions), so Undo restarts from
    # the nearest copy; 0 for games whose sequence cannot resume.
    checkpoint_every: ClassVar[int] = 0
    # The package under rulebook/games whose code plays the game (its hash signs saved
    # checkpoints); a game that writes checkpoints into its records also defines
    # board_record and restore_board.
    rules_package: ClassVar[str] = ""
    # True for a game whose checkpoints are taken at the RESTARTs its sequence yields (before a
    # step runs) rather than at a resumable decision: a loaded checkpoint is that position.
    restarts_between_steps: ClassVar[bool] = False

    def __init__(
        self,
        scenario: Scenario,
        seed: int = 0,
        options: dict[str, Any] | None = None,
        *,
        record: bool = True,
        rolls: bool | None = None,
    ) -> None:
        for option, value in (options or {}).items():
            if option not in scenario.options:
                raise InvalidActionError(
                    f"unknown option {quoted(option)}; the scenario has {', '.join(sorted(scenario.options))}"
                )
            offered = scenario.options[option].choices
            if not any(same_choice(value, c) for c in offered):  # (1 is not true)
                # as a file or a command line writes them: true and false, not Python's True
                choices = ", ".join(map(written_choice, offered))
                raise InvalidActionError(
                    f"option {option}: {quoted(value)} is not one of {choices}"
                )
        self.scenario = scenario
        self.seed = seed
        self.options = dict(options or {})
        # The dice keep every roll for a recorded game, and for a quiet one that will take a
        # record's log (*rolls*, see undo); a game played for its result alone keeps none.
        self.dice = Dice(seed) if (record if rolls is None else rolls) else QuietDice(seed)
        self.board = self.new_board()
        # record=False is the simulation mode: the same rules, dice and choices, but no trace
        # steps and no log entries are kept (a sweep only wants the result).
        self.record = record
        if not record:
            self.board.trace = NullTrace()
        self.history: list[Action] = []
        self._log: list[LogEntry] = []
        self._past: _Past | None = None
        self._checkpoints: list[_Checkpoint] = []
        self._flow = self.sequence()
        self._pending: Decision | Chance | None = None
        self._step(None, "start", "setup")

    # --- what a game defines ------------------------------------------------------------

    def new_board(self) -> Any:
        raise NotImplementedError

    def sequence(self) -> Generator[Decision | Chance, Action, None]:
        raise NotImplementedError

    def outcome(self) -> dict[str, Any] | None:
        raise NotImplementedError

    def resumable(self) -> bool:
        """Whether the sequence could restart from the board alone at the current node."""
        return False

    def resume_sequence(self) -> Generator[Decision | Chance, Action, None]:
        """The sequence of play picked up at a resumable node (see :meth:`resumable`)."""
        raise NotImplementedError

    def shared_parts(self) -> list[object]:
        """Parts of the board that never change in play, shared rather than copied."""
        return [self.scenario]

    @classmethod
    def default_scenario(cls) -> Scenario:
        raise NotImplementedError

    def board_record(self, board: Any) -> dict[str, Any] | None:
        """A position as JSON-ready data, for the checkpoint a saved record carries (None:
        this game writes none, and its records are replayed in full when loaded)."""
        return None

    def restore_board(self, board: Any, record: dict[str, Any]) -> None:
        """Put a position written by :meth:`board_record` onto a freshly set-up *board*."""
        raise NotImplementedError

    # --- the log ---------------------------------------------------------------------

    @property
    def log(self) -> list[LogEntry]:
        """One entry per action (and one for the set-up), each with the trace it caused.

        A game loaded from a saved checkpoint rebuilds the entries before the checkpoint
        the first time its log is read (a replay of those actions).
        """
        if self._past is not None:
            self._rebuild_past()
        return self._log

    @log.setter
    def log(self, entries: list[LogEntry]) -> None:
        self._log = entries
        self._past = None

    def _rebuild_past(self) -> None:
        """Replay the actions before the loaded checkpoint with traces and put their log
        entries, rolls and trace steps in front of this game's own."""
        past, self._past = self._past, None
        assert past is not None
        full = type(self).replay(
            self.scenario, self.seed, self.history[: past.actions], self.options
        )
        rolls, trace = full.dice.rolls, list(full.board.trace)
        if self.restarts_between_steps:  # the replay ran on past the restart to a decision
            rolls, trace = rolls[: past.rolls], trace[: past.trace]
        if (len(full._log), len(rolls), len(trace)) != (past.actions + 1, past.rolls, past.trace):
            raise RuntimeError("replaying the actions before the checkpoint does not match it")
        self._log = full._log + self._log
        self.dice.rolls[:0] = rolls
        self.board.trace = type(self.board.trace)([*trace, *self.board.trace])
        self._checkpoints = full._checkpoints + [
            c for c in self._checkpoints if c.actions > past.actions
        ]

    def _before(self) -> tuple[int, int, int]:
        """Log entries, rolls and trace steps not held yet (a loaded game's rebuilt later)."""
        past = self._past
        return (0, 0, 0) if past is None else (past.actions + 1, past.rolls, past.trace)

    # --- the decision loop --------------------------------------------------------------

    def _advance(self, action: Action | None) -> None:
        """Run the sequence on to its next decision (None once it ends).

        A sequence may also yield :data:`~rulebook.games._decisions.RESTART` where it could
        start again from the board alone (a game's :meth:`resume_sequence` picks it up there):
        a recorded game may copy the position at such a point (see :meth:`_maybe_checkpoint`).
        """
        flow = self._flow
        try:
            pending = flow.send(action) if action is not None else next(flow)
            while pending is RESTART:
                if self.record:
                    self._maybe_checkpoint()
                pending = next(flow)
        except StopIteration:
            pending = None
        self._pending = pending

    def _step(self, action: Action | None, player: str, label: str) -> None:
        if not self.record:
            self._advance(action)
            return
        mark = len(self.board.trace)
        turn, phase = self.board.turn, self.board.phase
        answered = self._pending
        self._advance(action)
        steps = Trace(self.board.trace[mark:])
        index = len(self._log) + (self._past.actions + 1 if self._past is not None else 0)
        rule = answered.rule if answered is not None else ""
        self._log.append(LogEntry(index, turn, phase, player, label, steps, rule))
        if self.checkpoint_every and self._pending is not None and self.resumable():
            self._maybe_checkpoint()

    def _maybe_checkpoint(self) -> None:
        """Copy the position if ``checkpoint_every`` actions have passed since the last copy."""
        every = self.checkpoint_every
        if every:
            last = self._checkpoints[-1].actions if self._checkpoints else 0
            if len(self.history) - last >= every:
                self._checkpoints.append(self._checkpoint())

    # --- checkpoints -----------------------------------------------------------------

    def _copy_board(self, board: Any, dice: Any, trace: Any) -> Any:
        memo: dict[int, Any] = {id(part): part for part in self.shared_parts()}
        for part in (board.dice, board.trace):
            if part is not None:
                memo[id(part)] = None  # neither copied nor kept: the caller supplies its own
        copied = copy.deepcopy(board, memo)
        copied.dice, copied.trace = dice, trace
        return copied

    def _checkpoint(self) -> _Checkpoint:
        _, rolls, trace = self._before()
        return _Checkpoint(
            len(self.history),
            self._copy_board(self.board, None, None),
            self.dice._rng.getstate(),
            rolls + len(self.dice.rolls),
            trace + len(self.board.trace),
        )

    def _restored(self, keep: int) -> FlowGame | None:
        """This game after its first *keep* actions, from the nearest checkpoint (None if none)."""
        usable = [c for c in self._checkpoints if c.actions <= keep]
        if not usable:
            return None
        point = usable[-1]
        if self._past is not None and point.actions < self._past.actions:
            self._rebuild_past()  # going back before a loaded checkpoint: the log is needed
        entries, rolls, trace = self._before()  # a loaded game's undo stays as lazy as it is
        game = object.__new__(type(self))
        game.scenario, game.seed, game.options = self.scenario, self.seed, self.options
        game.record = self.record
        game.dice = Dice(self.seed)
        game.dice._rng.setstate(point.rng)
        game.dice.rolls = self.dice.rolls[: point.rolls - rolls]
        game.board = self._copy_board(point.board, game.dice, None)
        game.board.trace = self.board.trace[: point.trace - trace]
        game.history = self.history[: point.actions]
        game._log = self._log[: point.actions + 1 - entries]
        game._past = self._past
        game._checkpoints = usable  # a new list; the checkpoints in it never change once taken
        game._flow = game.resume_sequence()
        game._advance(None)
        for action in self.history[point.actions : keep]:
            if game.current_player() == CHANCE:
                game.dice.pick(game.option_count(), game.chance_rule)
            game.apply(action)
        return game

    def current_player(self) -> str | None:
        """The player to act, ``'chance'``, or None when the game is over."""
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
        """Apply a legal action. Raises IllegalActionError, naming the rule, otherwise."""
        if self._pending is None:
            raise IllegalActionError(self.over_rule, "the game is over")
        if action not in self._pending.options:
            raise IllegalActionError(
                self._pending.rule,
                f"{quoted(action.notation())} is not allowed now ({self._pending.prompt}); "
                f"legal: {', '.join(a.notation() for a in self._pending.options[:8])}"
                + (" ..." if len(self._pending.options) > 8 else ""),
            )
        player = self._pending.player
        self.history.append(action)
        self._step(action, player, action.notation() if self.record else "")

    def option_count(self) -> int:
        """How many options the current decision or chance node has (0 when the game is over)."""
        pending = self._pending
        if pending is None:
            return 0
        return len(pending.outcomes) if type(pending) is Chance else len(pending.options)

    def apply_option(self, index: int) -> Action:
        """Apply the *index*-th legal action (as ordered by :meth:`legal_actions`) and return it.

        A policy that picks by position needs neither the list of actions nor a search of it.
        """
        pending = self._pending
        if pending is None:
            raise IllegalActionError(self.over_rule, "the game is over")
        chance = type(pending) is Chance
        action = pending.outcomes[index][0] if chance else pending.options[index]
        self.history.append(action)
        if self.record:
            self._step(action, pending.player, action.notation())
        else:  # what _step does without a record, one call fewer (this runs at every step)
            self._advance(action)
        return action

    def play_by_index(self, pick: dict[str, Callable[[Any], int]], max_actions: int) -> None:
        """Play on until the game ends: each chance node by the game's dice, each decision by
        the option at the position ``pick[player](self)`` gives.

        The same game as :meth:`resolve_chance` and :meth:`apply_option` called in turn (a
        recorded game is played so); a game without a record takes each step in one loop,
        a few calls fewer a step. Raises RuntimeError if it has not ended after *max_actions*.
        """
        if self.record:
            for _ in range(max_actions):
                pending = self._pending
                if pending is None:
                    break
                if type(pending) is Chance:
                    self.resolve_chance()
                else:
                    self.apply_option(pick[pending.player](self))
        else:
            self._play_quietly(pick, max_actions)
        if self._pending is not None:
            raise RuntimeError(f"the game did not end within {max_actions} actions")

    def _play_quietly(self, pick: dict[str, Callable[[Any], int]], max_actions: int) -> None:
        """:meth:`play_by_index` without a record: resolve_chance, apply_option and _advance
        inlined into one loop (no checkpoint is taken at a RESTART without a record)."""
        add, flow, roll, rule = self.history.append, self._flow, self.dice.pick, self.chance_rule
        for _ in range(max_actions):
            pending = self._pending
            if pending is None:
                return
            if type(pending) is Chance:
                outcomes = pending.outcomes
                action = outcomes[roll(len(outcomes), rule)][0]
            else:
                action = pending.options[pick[pending.player](self)]
            add(action)
            try:
                pending = flow.send(action)
                while pending is RESTART:
                    pending = next(flow)
            except StopIteration:
                pending = None
            self._pending = pending

    def play(self, notation: str) -> None:
        """Parse a notation, check it and apply it."""
        self.apply(Action.from_notation(notation))

    def sample_chance(self) -> Action:
        """Pick a chance outcome with the game's dice."""
        options = self.chance_outcomes()
        return options[self.dice.pick(len(options), self.chance_rule)][0]

    def resolve_chance(self) -> Action:
        """Let the game's dice pick the chance outcome and apply it (as ``apply(sample_chance())``)."""
        pending = self._pending
        count = len(pending.outcomes) if type(pending) is Chance else self.option_count()
        return self.apply_option(self.dice.pick(count, self.chance_rule))

    def advance(self) -> None:
        """Resolve chance nodes until a player must decide or the game ends."""
        while self.current_player() == CHANCE:
            self.resolve_chance()

    def is_terminal(self) -> bool:
        return self._pending is None

    def is_over(self) -> bool:
        return self.is_terminal()

    # --- records ------------------------------------------------------------------------

    def to_json(self) -> str:
        """The replayable record (scenario id, seed, options, actions) and the position reached.

        A game that can resume from a copy of its position adds its latest checkpoint (see
        :mod:`rulebook.games._saved`), so loading need not replay every action.
        """
        actions = [a.notation() for a in self.history]
        record = {
            "log_version": self.log_version,
            "scenario": self.scenario.id,
            "seed": self.seed,
            "options": self.options,
            "actions": actions,
            "position": self.board.summary(),
        }
        checkpoint = self._saved_checkpoint(actions)
        if checkpoint is not None:
            record["checkpoint"] = checkpoint
        return json.dumps(record, indent=1)

    def _saved_checkpoint(self, actions: list[str]) -> dict[str, Any] | None:
        from rulebook.games._saved import checkpoint_record, rules_digest

        point = self._checkpoints[-1] if self._checkpoints and self.rules_package else None
        board = None if point is None else self.board_record(point.board)
        if point is None or board is None:
            return None
        return checkpoint_record(
            rules=rules_digest(self.rules_package),
            scenario_json=self.scenario.model_dump_json(),
            seed=self.seed,
            options=self.options,
            actions=actions[: point.actions],
            rolls=point.rolls,
            trace=point.trace,
            rng=point.rng,
            board=board,
        )

    @classmethod
    def _from_checkpoint(
        cls, scenario: Scenario, data: dict[str, Any], actions: list[Action]
    ) -> FlowGame | None:
        """The game at a record's checkpoint, if it has one this code can trust (else None)."""
        from rulebook.games._saved import rng_state, rules_digest, usable_checkpoint

        if not cls.rules_package or "checkpoint" not in data:
            return None
        point = usable_checkpoint(
            data["checkpoint"],
            rules=rules_digest(cls.rules_package),
            scenario_json=scenario.model_dump_json(),
            seed=data["seed"],
            options=data.get("options") or {},
            actions=data["actions"],
        )
        if point is None:
            return None
        try:
            game = cls(scenario, data["seed"], data.get("options"))
            game.restore_board(game.board, point["board"])
            game.dice._rng.setstate(rng_state(point["rng"]))
        except (KeyError, TypeError, ValueError):
            return None
        count = point["actions"]
        game.dice.rolls, game.board.trace = [], Trace()
        game.history = actions[:count]
        game._log = []
        game._past = _Past(count, point["rolls"], point["trace"])
        taken = game._checkpoint() if cls.restarts_between_steps else None
        game._flow = game.resume_sequence()
        game._advance(None)
        if taken is None:
            if not game.resumable():
                return None
            taken = game._checkpoint()
        game._checkpoints = [taken]
        return game

    @classmethod
    def from_json(
        cls, text: str, scenario: Scenario | None = None, file: str = "<game record>"
    ) -> FlowGame:
        """Rebuild a game by replaying its record; the position must match the one saved.

        Raises
        ------
        ScenarioError
            The record is not JSON, lacks a field or has one of the wrong type, is of another
            scenario, or does not replay: an action that is malformed or not allowed where it
            comes, or a different final position. The message names *file* and the field.
        """
        from rulebook.games._records import parse_game_record

        scenario = scenario or cls.default_scenario()
        data = parse_game_record(text, file, scenario_id=scenario.id, log_version=cls.log_version)
        try:
            actions = [Action.from_notation(a) for a in data["actions"]]
            state = cls._from_checkpoint(scenario, data, actions)
        except InvalidActionError:
            state = None
        if state is not None:  # only the actions after the checkpoint are replayed
            try:
                state.replay_more(actions[len(state.history) :])
            except (ValueError, KeyError):
                state = None
            if state is not None and state.board.summary() != data["position"]:
                state = None
        if state is None:  # no checkpoint, or one that does not hold: replay from the start
            state = cls._replayed(scenario, data, file)
        if state.board.summary() != data["position"]:
            raise ScenarioError(
                [
                    Problem(
                        file, "position", "replaying the record does not reach the saved position"
                    )
                ]
            )
        return state

    @classmethod
    def _replayed(cls, scenario: Scenario, data: dict[str, Any], file: str) -> FlowGame:
        try:
            state = cls.replay(scenario, data["seed"], [], data.get("options"))
        except InvalidActionError as err:  # an option the scenario does not have, or its value
            raise ScenarioError([Problem(file, "options", str(err))]) from None
        for i, notation in enumerate(data["actions"]):
            try:
                state.replay_more([notation])
            except (ValueError, KeyError) as err:
                raise ScenarioError(
                    [Problem(file, f"actions.{i}", f"{quoted(notation)}: {err}")]
                ) from None
        return state

    @classmethod
    def replay(
        cls,
        scenario: Scenario,
        seed: int,
        actions: Iterable[Action | str],
        options: dict[str, Any] | None = None,
        *,
        record: bool = True,
        rolls: bool | None = None,
    ) -> FlowGame:
        """Replay a recorded game: the same scenario, seed and actions give the same log."""
        state = cls(scenario, seed, options, record=record, rolls=rolls)
        state.replay_more(actions)
        return state

    def replay_more(self, actions: Iterable[Action | str]) -> None:
        """Go on replaying recorded *actions* from here (chance outcomes consume their roll)."""
        for action in actions:
            step = action if isinstance(action, Action) else Action.from_notation(action)
            if self.current_player() == CHANCE:
                # The outcome was chosen by the dice: consume the same roll to stay in step.
                self.dice.pick(self.option_count(), self.chance_rule)
            self.apply(step)

    def log_text(self) -> str:
        """The whole log, one entry per action with its trace."""
        return "\n".join(str(e) for e in self.log)

    def undo(self, steps: int = 1) -> FlowGame:
        """A new game with the last *steps* actions taken back.

        A recorded game restarts from its nearest checkpoint (a copy of the position taken at
        a point the sequence can resume from) and replays the few actions after it. Without
        one, the actions kept are replayed without traces and the game takes this game's log
        up to that point. Replay is deterministic, so either way the result is the game a full
        replay gives, byte for byte.
        """
        keep = max(0, len(self.history) - steps)
        if self.record:
            restored = self._restored(keep)
            if restored is not None:
                return restored
        game = self.replay(
            self.scenario,
            self.seed,
            self.history[:keep],
            self.options,
            record=False,
            rolls=self.record,
        )
        if self.record:
            game._adopt_log(self, keep)
        return game

    def _adopt_log(self, source: FlowGame, actions: int) -> None:
        """Take *source*'s log, trace and checkpoints as they stood after its first *actions*."""
        log = source.log[: actions + 1]
        before = len(source.board.trace) - sum(len(e.trace) for e in source.log)
        steps = before + sum(len(e.trace) for e in log)
        self.board.trace = source.board.trace[:steps]  # a Trace or list slice: the same kind
        self.log = list(log)
        self.record = True
        self._checkpoints = [c for c in source._checkpoints if c.actions <= actions]

    def __repr__(self) -> str:
        return f"<{self.name} game seed={self.seed} turn={self.turn} phase={self.phase} actions={len(self.history)}>"
