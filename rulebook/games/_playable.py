"""Whether an engine can set up and play a scenario: the engine itself is the test.

What a scenario must hold is whatever the engine reads. Rather than keep a second list
beside each engine, :func:`engine_problems` starts the engine on the scenario and plays one
seeded game through with uniformly random choices, and reports what stopped it: a value the
engine reads that the file lacks (by its field path), or the rule step where play failed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rulebook.errors import Problem, ScenarioError
from rulebook.games._decisions import CHANCE
from rulebook.scenario import Scenario

__all__ = ["MAX_ACTIONS", "EngineChecks", "engine_problems"]

MAX_ACTIONS = 20_000
"""A game that has not ended after this many actions is reported as not ending."""
_MAX_MISSING = 60  # values reported missing before giving up


def _said(err: BaseException) -> str:
    text = str(err.args[0]) if isinstance(err, KeyError) and err.args else str(err)
    return f"{type(err).__name__}: {text}" if text else type(err).__name__


@dataclass(frozen=True)
class EngineChecks:
    """A game's scenario checks: its checks by name first, then its engine set up and played.

    *named* finds what the engine would trip over unhelpfully (duplicate ids, arrivals with no
    room); *start* sets a game up from a scenario; *reference* is the shipped scenario that
    fills in a missing value to find the next one.
    """

    game: str
    named: Callable[[Scenario, str], list[Problem]]
    start: Callable[[Scenario], Any]
    reference: Callable[[], Scenario]

    def _engine(self, scenario: Scenario, file: str, *, play: bool) -> list[Problem]:
        return engine_problems(
            scenario, file, game=self.game, start=self.start, reference=self.reference, play=play
        )

    def setup_problems(self, scenario: Scenario, file: str) -> list[Problem]:
        """The checks by name, then whether the engine sets the scenario up."""
        return self.named(scenario, file) or self._engine(scenario, file, play=False)

    def play_problems(self, scenario: Scenario, file: str) -> list[Problem]:
        """Whether one seeded game plays through to its end; nothing if the set-up already
        failed, since :meth:`setup_problems` reports that."""
        if self.setup_problems(scenario, file):
            return []
        return self._engine(scenario, file, play=True)


def engine_problems(
    scenario: Scenario,
    file: str,
    *,
    game: str,
    start: Callable[[Scenario], Any],
    reference: Callable[[], Scenario],
    play: bool = True,
) -> list[Problem]:
    """Start the engine on *scenario* (and play one seeded game unless not *play*).

    A value the engine reads but the file lacks is reported by its path (``values.flares``),
    all of them, each filled in from the *reference* scenario to find the next; any other
    failure is reported once, with the turn and phase where it happened.
    """
    problems: list[Problem] = []
    trial: Scenario | None = scenario
    for _ in range(_MAX_MISSING):
        assert trial is not None
        try:
            state = start(trial)
        except Exception as err:  # any failure of the engine is the finding
            trial = _fill_missing(err, trial, problems, file=file, game=game, reference=reference)
            if trial is None:
                return problems
            continue
        if problems or not play:
            return problems
        return _play_through(state, file, game)
    return problems


def _fill_missing(
    err: Exception,
    trial: Scenario,
    problems: list[Problem],
    *,
    file: str,
    game: str,
    reference: Callable[[], Scenario],
) -> Scenario | None:
    """Record what stopped the set-up; the scenario to try next, if a missing value was all."""
    key = err.args[0] if isinstance(err, KeyError) and err.args else None
    if not isinstance(key, str) or key in trial.values:
        found = err.problems if isinstance(err, ScenarioError) else [_cannot(file, game, err)]
        problems.extend(found)
        return None
    problems.append(Problem(file, f"values.{key}", f"missing; the {game} engine reads it"))
    shipped = reference().values.get(key)
    if shipped is None:
        return None
    return trial.model_copy(update={"values": {**trial.values, key: shipped}})


def _cannot(file: str, game: str, err: BaseException) -> Problem:
    return Problem(file, "", f"the {game} engine cannot set up this scenario ({_said(err)})")


def _play_through(state: Any, file: str, game: str) -> list[Problem]:
    """One game with seeded random choices; the problem where it fails or fails to end."""
    rng = random.Random(0)  # noqa: S311 - choosing moves, not secrets
    try:
        for _ in range(MAX_ACTIONS):
            player = state.current_player()
            if player is None:
                return []
            if player == CHANCE:
                state.apply(state.sample_chance())
                continue
            options = state.legal_actions()
            if not options:
                return [
                    Problem(
                        file,
                        "",
                        f"the {game} engine offers {player} no action on turn {state.turn} "
                        f"({state.phase})",
                    )
                ]
            state.apply(options[rng.randrange(len(options))])
    except Exception as err:
        where = f"turn {getattr(state, 'turn', '?')} ({getattr(state, 'phase', '?')})"
        return [
            Problem(file, "", f"the {game} engine fails on {where} of a test game ({_said(err)})")
        ]
    return [Problem(file, "", f"a test game of {game} does not end within {MAX_ACTIONS} actions")]
