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

from rulebook._datafile import is_number, spelt
from rulebook.errors import Problem, ScenarioError
from rulebook.games._decisions import CHANCE
from rulebook.scenario import Scenario
from rulebook.scenario._numbers import TRUTH_HINT, holds_truth_value

__all__ = ["MAX_ACTIONS", "EngineChecks", "engine_problems", "goes_negative", "value_kind_problems"]

MAX_ACTIONS = 20_000
"""A game that has not ended after this many actions is reported as not ending."""
_MAX_MISSING = 60  # values reported missing before giving up


def _said(err: BaseException) -> str:
    text = str(err.args[0]) if isinstance(err, KeyError) and err.args else str(err)
    return f"{type(err).__name__}: {text}" if text else type(err).__name__


_KINDS = (
    (bool, "yes or no (true or false)"),
    (int, "a whole number"),
    (float, "a number"),
    (str, "a word or phrase"),
    (dict, "a table of named entries"),
)
_PLURALS = {"a whole number": "whole numbers", "a number": "numbers", "a word or phrase": "words"}


def _kind(value: Any) -> str:
    """What sort of value this is, in words a designer reads."""
    if isinstance(value, list):
        kinds = {_kind(v) for v in value}
        plural = _PLURALS.get(kinds.pop()) if len(kinds) == 1 else None
        return f"a list of {plural}" if plural else "a list"
    found = next((words for kind, words in _KINDS if isinstance(value, kind)), None)
    return found or ("nothing" if value is None else type(value).__name__)


def _fits(value: Any, book: Any) -> bool:
    """Whether *value* is of the sort the engine reads where the book has *book* (a whole
    number where a number is read is fine; an empty list fits any list)."""
    if isinstance(book, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(book, bool)
    if isinstance(book, float):
        return isinstance(value, int | float)
    if isinstance(book, list):
        return isinstance(value, list) and (not book or all(_fits(v, book[0]) for v in value))
    return isinstance(value, type(book))


def _numbers(value: Any) -> list[float]:
    items = value if isinstance(value, list) else [value]
    return [v for v in items if is_number(v)]


def goes_negative(value: Any, book: Any) -> bool:
    """Whether *value* has a number below zero where every number of the book's *book* is zero
    or more: a count, a die face, a turn or a bonus's size, which a minus sign makes
    meaningless (the books write a penalty as a positive size, and VP lost as a negative).

    >>> goes_negative(-5, 8), goes_negative([9, -1], [9, 10]), goes_negative(-4, -1)
    (True, True, False)
    """
    new, old = _numbers(value), _numbers(book)
    return bool(old) and min(old) >= 0 and any(v < 0 for v in new)


def value_kind_problems(scenario: Scenario, reference: Scenario, file: str) -> list[Problem]:
    """Each value whose sort differs from the shipped scenario's value of the same name, by
    path: ``values.stacking_limit.value: a whole number is expected (the book has 3), not
    'three'``. The engine would otherwise stop on it with a type error far from the file.

    >>> from rulebook.games.lz_albany import standard_scenario
    >>> book = standard_scenario()
    >>> def mend(name, value):
    ...     return book.values[name].model_copy(update={"value": value})
    >>> bad = book.model_copy(update={"values": {**book.values,
    ...     "stacking_limit": mend("stacking_limit", "three"),
    ...     "night_turns": mend("night_turns", [9, "ten"])}})
    >>> for p in value_kind_problems(bad, book, "mine.yaml"):
    ...     print(p)
    mine.yaml: values.night_turns.value: a list of whole numbers is expected (the book has [9, 10]), not [9, 'ten']
    mine.yaml: values.stacking_limit.value: a whole number is expected (the book has 3), not 'three'
    """
    problems = []
    for name in sorted(scenario.values):
        book = reference.values.get(name)
        value = scenario.values[name].value
        if book is None:
            continue
        if _fits(value, book.value):
            if goes_negative(value, book.value):
                problems.append(
                    Problem(
                        file,
                        f"values.{name}.value",
                        f"cannot be below zero (the book has {spelt(book.value)}), not "
                        f"{spelt(value)}",
                    )
                )
            continue
        problems.append(
            Problem(
                file,
                f"values.{name}.value",
                f"{_kind(book.value)} is expected (the book has {spelt(book.value)}), not "
                f"{spelt(value)}{f' ({TRUTH_HINT})' if holds_truth_value(value) else ''}",
            )
        )
    return problems


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
        """Values of the wrong kind, the checks by name, then whether the engine sets the
        scenario up."""
        return (
            value_kind_problems(scenario, self.reference(), file)
            or self.named(scenario, file)
            or self._engine(scenario, file, play=False)
        )

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
