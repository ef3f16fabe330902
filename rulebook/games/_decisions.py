"""Actions and the decisions that ask for them.

An :class:`Action` is a small frozen value with a text notation
(``move A/2-7-1 C4``); a game is its scenario, its seed and the list of
notations. The rules engine yields a :class:`Decision` when a player must
choose and a :class:`Chance` when the pool or a die decides.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import ClassVar, NamedTuple

from rulebook.errors import InvalidActionError

CHANCE = "chance"


class _Restart:
    """The type of :data:`RESTART`."""

    def __repr__(self) -> str:
        return "RESTART"


RESTART = _Restart()
"""Yielded by a sequence of play where it could start again from the board alone (between two
phases, say): no one is asked anything; a recorded game may copy its position there so that
Undo replays only the actions after it (see ``FlowGame._advance``)."""


class Action(NamedTuple):
    """A move in the game's notation: a verb and its arguments.

    A named tuple, so comparing and hashing actions (every apply checks membership in the
    legal options) runs at C speed.

    Examples
    --------
    >>> a = Action.from_notation("move A/2-7-1 C4")
    >>> a.verb, a.args
    ('move', ('A/2-7-1', 'C4'))
    >>> a
    Action.from_notation('move A/2-7-1 C4')
    """

    verb: str
    args: tuple[str, ...] = ()

    @classmethod
    def of(cls, verb: str, *args: str) -> Action:
        for a in args:
            if type(a) is not str:
                return _new(cls, (verb, tuple(map(str, args))))
        return _new(cls, (verb, args))

    @classmethod
    def from_notation(cls, text: str) -> Action:
        parts = text.split()
        if not parts:
            raise InvalidActionError("an empty action; write a verb and its arguments, e.g. 'pass'")
        return cls(parts[0], tuple(parts[1:]))

    def notation(self) -> str:
        return " ".join((self.verb, *self.args))

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Action.from_notation({self.notation()!r})"


_new = tuple.__new__  # what the named tuple's own constructor calls, without its wrapper

new_action = partial(_new, Action)
"""``new_action((verb, args))`` is ``Action(verb, args)`` made at C speed (*args* a tuple of
strings), for the rules code that makes thousands of options a game.

>>> new_action(("move", ("A/2-7-1", "C4"))) == Action("move", ("A/2-7-1", "C4"))
True
"""


_bare = object.__new__


class Options(Sequence[Action]):
    """A decision's options, made only when asked for: runs of actions, each a count and a maker.

    A long list (every way to split fire between two areas, every move of every unit) costs
    nothing until it is read; a policy that picks the k-th option builds that one action. It
    reads like a tuple: ``len``, indexing, iteration, ``in`` and ``==`` with any sequence.

    >>> o = Options([Action.of("done")]).run(3, lambda k: Action.of("fire", "C4", f"D4:{k + 1}"))
    >>> len(o), o[2], o[-1] == o[3]
    (4, Action.from_notation('fire C4 D4:2'), True)
    >>> o == [Action.of("done"), *(Action.of("fire", "C4", f"D4:{k}") for k in (1, 2, 3))]
    True

    A run may name the verb all its actions share, so a policy looking for one kind of action
    (:meth:`find`, :meth:`of_verb`, :meth:`index`) reads only the runs that can hold it:

    >>> o = Options().run(3, lambda k: Action.of("fire", f"D{k}"), verb="fire").add(Action.of("done"))
    >>> sorted(o.verbs()), o.find({"done"}), o.of_verb("fire")[1], o.index(Action.of("fire", "D2"))
    (['done', 'fire'], 3, Action.from_notation('fire D1'), 2)

    A run of several verbs may name them all as a frozenset (each of them present in it): a
    search for another verb skips it.

    >>> mixed = lambda k: Action.of("go" if k else "stay", "C4")
    >>> o = Options().run(2, mixed, frozenset({"stay", "go"})).add(Action.of("done"))
    >>> sorted(o.verbs()), o.find({"done"}), o.of_verb("go")
    (['done', 'go', 'stay'], 2, [Action.from_notation('go C4')])
    """

    __slots__ = ("_len", "_made", "_runs", "_starts", "_tail", "facts")

    def __init__(self, actions: Iterable[Action] = ()) -> None:
        self._runs: list[list] = []  # [start, count, make, verb, frozenset of verbs, or None]
        self._starts: list[int] = []  # each run's start, for a bisect without a key function
        self._len = 0
        self._made: tuple[Action, ...] | None = None
        self._tail: list[Action] | None = None  # actions added one by one, kept as they come
        # What the rules code that made the options knows of them, for a policy that chooses by
        # facts rather than by reading actions (the code's own description; None if nothing).
        self.facts: object = None
        if actions:
            self.extend(actions)

    @classmethod
    def of_runs(cls, runs: Iterable[tuple[int, Callable[[int], Action]]]) -> Options:
        """Options made of runs given at once, each a count (1 or more) and the maker of its
        k-th action: the quickest way to build a long list of runs (one per counter, say).

        >>> o = Options.of_runs([(1, (Action.of("done"),).__getitem__), (2, lambda k: Action.of("go", str(k)))])
        >>> list(o)
        [Action.from_notation('done'), Action.from_notation('go 0'), Action.from_notation('go 1')]
        """
        new = _bare(cls)  # (no runs to start from: quicker than __init__)
        at, starts, made = 0, [], []
        for count, make in runs:
            made.append([at, count, make, None])
            starts.append(at)
            at += count
        new._runs, new._starts, new._len, new._made, new._tail = made, starts, at, None, None
        new.facts = None
        return new

    @classmethod
    def of_labelled_runs(
        cls, runs: Iterable[tuple[int, Callable[[int], Action], str | frozenset[str] | None]]
    ) -> Options:
        """:meth:`of_runs` of runs each with its *verb* as :meth:`run` takes it (a count of 1 or
        more, its maker, its verb or verbs).

        >>> o = Options.of_labelled_runs([(2, lambda k: Action.of("go", str(k)), "go")])
        >>> list(o.add(Action.of("done"))), o.find({"done"})
        ([Action.from_notation('go 0'), Action.from_notation('go 1'), Action.from_notation('done')], 2)
        """
        new = _bare(cls)
        at, starts, made = 0, [], []
        for count, make, verb in runs:
            made.append([at, count, make, verb])
            starts.append(at)
            at += count
        new._runs, new._starts, new._len, new._made, new._tail = made, starts, at, None, None
        new.facts = None
        return new

    def run(
        self, count: int, make: Callable[[int], Action], verb: str | frozenset[str] | None = None
    ) -> Options:
        """Add *count* options, the k-th (from 0) made by ``make(k)`` when read; *verb*, if
        given, is the verb of every one of them, or the verbs among them (each present)."""
        if count > 0:
            self._runs.append([self._len, count, make, verb])
            self._starts.append(self._len)
            self._len += count
            self._made = self._tail = None
        return self

    def add(self, action: Action) -> Options:
        """Add one option."""
        tail = self._tail
        if tail is None:
            return self.extend((action,))
        tail.append(action)
        self._runs[-1][1] += 1
        self._len += 1
        self._made = None
        return self

    def extend(self, actions: Iterable[Action]) -> Options:
        """Add options: another Options keeps its runs unmade; anything else is read now."""
        if type(actions) is Options:
            runs, starts, at = self._runs, self._starts, self._len
            for _start, count, make, verb in actions._runs:
                if count:  # (a run of one-by-one actions may still be empty)
                    runs.append([at, count, make, verb])
                    starts.append(at)
                    at += count
            if at != self._len:
                self._len = at
                self._made = self._tail = None
            return self
        tail = self._tail
        if tail is None:
            tail = self._tail = []
            self._runs.append([self._len, 0, tail.__getitem__, None])
            self._starts.append(self._len)
        before = len(tail)
        tail.extend(actions)
        added = len(tail) - before
        if added:
            self._runs[-1][1] += added
            self._len += added
            self._made = None
        return self

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, index):  # type: ignore[override]
        if type(index) is not int and isinstance(index, slice):
            return self.made()[index]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError(f"option {index} of {self._len}")
        runs = self._runs
        start, _count, make, _verb = (
            runs[bisect_right(self._starts, index) - 1] if len(runs) > 1 else runs[0]
        )
        return make(index - start)

    def __iter__(self) -> Iterator[Action]:
        for _start, count, make, _verb in self._runs:
            for k in range(count):
                yield make(k)

    def _runs_of(self, verbs: Iterable[str]) -> Iterator[tuple[int, int, Callable, bool]]:
        """Each run that may hold an action of *verbs*, and whether all of it does."""
        for start, count, make, verb in self._runs:
            if verb is None:
                yield start, count, make, False
            elif type(verb) is str:
                if verb in verbs:
                    yield start, count, make, True
            elif not verb.isdisjoint(verbs):
                yield start, count, make, False

    def verbs(self) -> set[str]:
        """The verbs among the options."""
        found = set()
        for _start, count, make, verb in self._runs:
            if type(verb) is str:
                found.add(verb)
            elif verb is not None:
                found |= verb
            else:
                found.update(make(k).verb for k in range(count))
        return found

    def find(self, verbs: Iterable[str]) -> int | None:
        """The position of the first option whose verb is one of *verbs*, or None."""
        # (the runs as _runs_of picks them, without its generator: a policy asks at every step)
        for start, count, make, verb in self._runs:
            if verb is not None:
                if type(verb) is str:
                    if verb in verbs:
                        return start
                    continue
                if verb.isdisjoint(verbs):
                    continue
            for k in range(count):
                if make(k).verb in verbs:
                    return start + k
        return None

    def of_verb(self, verb: str) -> list[Action]:
        """The options of one verb, in order."""
        found = []
        for _start, count, make, whole in self._runs_of((verb,)):
            actions = (make(k) for k in range(count))
            found += actions if whole else (a for a in actions if a.verb == verb)
        return found

    def of_verb_at(self, verb: str) -> list[tuple[int, Action]]:
        """The options of one verb with their positions, in order."""
        found: list[tuple[int, Action]] = []
        for start, count, make, whole in self._runs_of((verb,)):
            if whole:  # (the loop over the run in C)
                found += zip(range(start, start + count), map(make, range(count)), strict=True)
                continue
            for k in range(count):
                action = make(k)
                if action.verb == verb:
                    found.append((start + k, action))
        return found

    def index(self, action: Action) -> int:  # type: ignore[override]
        """The position of *action*; ValueError if it is not an option."""
        for start, count, make, _whole in self._runs_of((action[0],)):
            for k in range(count):
                if make(k) == action:
                    return start + k
        raise ValueError(f"{action} is not an option")

    def made(self) -> tuple[Action, ...]:
        """Every option, made once and kept."""
        if self._made is None:
            self._made = tuple(self)
        return self._made

    def __contains__(self, action: object) -> bool:
        if type(action) is Action and self._made is None and self._labelled():
            try:
                self.index(action)  # only the runs of its verb (and unlabelled ones) are made
            except ValueError:
                return False
            return True
        return action in self.made()

    def _labelled(self) -> bool:
        return any(run[3] is not None for run in self._runs)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return self.made() == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Options({list(self.made())!r})"


def first_of(options: Sequence[Action], verbs: Iterable[str]) -> int | None:
    """The position of the first of *options* whose verb is one of *verbs*, or None.

    >>> first_of((Action.of("fly", "A/1/8", "D2"), Action.of("done")), {"done", "fight"})
    1
    """
    if type(options) is Options:
        return options.find(verbs)
    for k, a in enumerate(options):  # (a loop: a generator costs a function call in 3.11)
        if a.verb in verbs:
            return k
    return None


def verbs_of(options: Sequence[Action]) -> set[str]:
    """The verbs among *options*."""
    if type(options) is Options:
        return options.verbs()
    found = set()
    for a in options:  # (a loop: a comprehension costs a function call in 3.11)
        found.add(a.verb)
    return found


def of_verb(options: Sequence[Action], verb: str) -> list[Action]:
    """The *options* of one *verb*, in order."""
    if type(options) is Options:
        return options.of_verb(verb)
    return [a for a in options if a.verb == verb]


def of_verb_at(options: Sequence[Action], verb: str) -> list[tuple[int, Action]]:
    """The *options* of one *verb* with their positions, in order.

    >>> of_verb_at((Action.of("fly", "A/1/8", "D2"), Action.of("done")), "done")
    [(1, Action.from_notation('done'))]
    """
    if type(options) is Options:
        return options.of_verb_at(verb)
    found = []
    for k, a in enumerate(options):  # (a loop: a comprehension costs a function call in 3.11)
        if a.verb == verb:
            found.append((k, a))
    return found


class Decision(NamedTuple):
    """A player must pick one of ``options``; ``rule`` says which rule asks.

    A named tuple: one is made at every decision of every game, and a tuple is made at C speed.
    """

    player: str
    options: Sequence[Action]  # a tuple, or Options made when read
    prompt: str
    rule: str


@dataclass(frozen=True, slots=True)
class Chance:
    """The pool or a die decides among ``outcomes`` with exact probabilities.

    >>> Chance(((Action.of("draw", "us-1"), Fraction(1)),), "draw a chit", "lza:3.6").player
    'chance'
    """

    outcomes: tuple[tuple[Action, Fraction], ...]
    prompt: str
    rule: str
    player: ClassVar[str] = CHANCE  # a class attribute: read at every step of every game

    @property
    def options(self) -> tuple[Action, ...]:
        return tuple(a for a, _ in self.outcomes)


def ask(player: str, options: Sequence[Action], prompt: str, rule: str):
    """Ask *player* to choose; a forced choice (one option) is taken without asking."""
    choice = question(player, options, prompt, rule)
    if type(choice) is Decision:
        choice = yield choice
    return choice


def question(player: str, options: Sequence[Action], prompt: str, rule: str) -> Action | Decision:
    """What :func:`ask` does, without a generator of its own, for a rules loop that asks at
    nearly every step: the option of a forced choice, taken without asking, or the Decision
    for the caller to yield itself (one generator fewer to make and pass each answer through)::

        choice = question(side, options, prompt, rule)
        if type(choice) is Decision:
            choice = yield choice

    >>> question("us", [Action.of("done")], "stop?", "lza:7.0")
    Action.from_notation('done')
    >>> question("us", [Action.of("done"), Action.of("go")], "stop?", "lza:7.0").prompt
    'stop?'
    """
    if type(options) is Options:
        count = options._len  # len(options), without a call of Options.__len__ (asked often)
    else:
        options = tuple(options)
        count = len(options)
    if count == 1:
        return options[0]
    if not count:
        raise RuntimeError(f"no options for a decision ({rule}: {prompt})")
    return _new(Decision, (player, options, prompt, rule))
