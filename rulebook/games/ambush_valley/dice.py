"""Dice of Ambush Valley: the D6-D12 ladder, die shifts, dice expressions and test odds.

A Troop Quality or Morale test is one die of the unit's type; the core Force on Force rules
that fix its target are not in the book, so the target (4, as every worked example rolls) is
data tagged ``assumed`` and every function takes it as a parameter.

>>> shift(8, -1), shift(6, -1), shift(12, +1)
(6, 6, 12)
>>> check_odds(8)
Fraction(5, 8)
>>> check_odds(8, rerolls=1)
Fraction(55, 64)
>>> expression("1d6-1")[0]
Fraction(1, 6)
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache

from rulebook._words import quoted
from rulebook.dice import DIE_SIZES, Dice, dice_sum
from rulebook.distribution import Distribution
from rulebook.games.ambush_valley._data import book

__all__ = [
    "LADDER",
    "check_odds",
    "check_target",
    "expression",
    "parse",
    "roll_expression",
    "shift",
]

LADDER = (6, 8, 10, 12)
_EXPR = re.compile(r"^\s*(\d{0,3})\s*[dD]\s*(\d{1,3})\s*(?:([+-])\s*(\d{1,3}))?\s*$")
MAX_DICE = 20
"""The most dice one expression may roll (the book's biggest is 10D8)."""


def check_target() -> int:
    """The assumed success number of a test (4+), from the data file."""
    return int(book("tables")["core"]["check_target"]["value"])


def shift(die: int, steps: int) -> int:
    """Move a die along D6-D8-D10-D12; it stops at either end (the book floors at D6)."""
    if die not in LADDER:
        raise ValueError(f"D{die} is not on the Troop Quality ladder (D6, D8, D10, D12)")
    return LADDER[max(0, min(len(LADDER) - 1, LADDER.index(die) + steps))]


def check_odds(
    die: int, *, modifier: int = 0, target: int | None = None, rerolls: int = 0
) -> Fraction:
    """Chance that one die of type *die*, plus *modifier*, reaches *target*, with re-rolls of failures.

    A natural result is not special here: the core rules may say otherwise.
    """
    need = (check_target() if target is None else target) - modifier
    p = Fraction(max(0, min(die, die - need + 1)), die)
    fail = 1 - p
    return 1 - fail ** (rerolls + 1)


def parse(text: str) -> tuple[int, int, int]:
    """``(count, sides, bonus)`` of a dice expression; a clear error if it is not one."""
    m = _EXPR.match(text)
    if not m or int(m[2]) not in DIE_SIZES or not 1 <= int(m[1] or 1) <= MAX_DICE:
        raise ValueError(
            f"{quoted(text)} is not a dice expression like 2d6, d8 or 1d6-1 (1 to {MAX_DICE} dice)"
        )
    return int(m[1] or 1), int(m[2]), int(m[4] or 0) * (-1 if m[3] == "-" else 1)


@cache
def expression(text: str) -> Distribution:
    """The distribution of a dice expression such as ``2d6``, ``1d6-1``, ``d8`` or ``d6+2``."""
    count, sides, bonus = parse(text)
    return dice_sum(count, sides).map(lambda total: total + bonus)


def roll_expression(text: str, dice: Dice, label: str) -> int:
    """Roll a dice expression with the game's dice, each die recorded under *label*."""
    count, sides, bonus = parse(text)
    return sum(dice.pool(count, sides, label)) + bonus
