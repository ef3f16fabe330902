"""Actions and the decisions that ask for them.

An :class:`Action` is a small frozen value with a text notation
(``move A/2-7-1 C4``); a game is its scenario, its seed and the list of
notations. The rules engine yields a :class:`Decision` when a player must
choose and a :class:`Chance` when the pool or a die decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from rulebook.errors import InvalidActionError

CHANCE = "chance"


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
                return cls(verb, tuple(map(str, args)))
        return cls(verb, args)

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


@dataclass(frozen=True, slots=True)
class Decision:
    """A player must pick one of ``options``; ``rule`` says which rule asks."""

    player: str
    options: tuple[Action, ...]
    prompt: str
    rule: str


@dataclass(frozen=True, slots=True)
class Chance:
    """The pool or a die decides among ``outcomes`` with exact probabilities."""

    outcomes: tuple[tuple[Action, Fraction], ...]
    prompt: str
    rule: str

    @property
    def player(self) -> str:
        return CHANCE

    @property
    def options(self) -> tuple[Action, ...]:
        return tuple(a for a, _ in self.outcomes)


def ask(player: str, options: list[Action] | tuple[Action, ...], prompt: str, rule: str):
    """Ask *player* to choose; a forced choice (one option) is taken without asking."""
    options = tuple(options)
    if not options:
        raise RuntimeError(f"no options for a decision ({rule}: {prompt})")
    if len(options) == 1:
        return options[0]
    action = yield Decision(player, options, prompt, rule)
    return action
