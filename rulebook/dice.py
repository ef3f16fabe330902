"""Dice: the one door through which chance enters a game, and the exact odds of a roll.

:class:`Dice` wraps a private :class:`random.Random` and records every roll
with a label (usually the rule id that called for it), so a trace can show the
dice and a replay can reproduce them. :class:`ScriptedDice` plays back given
values instead: tests use it, and so does "what if that die had been a 6".

The distribution helpers answer the same questions exactly, with
:class:`fractions.Fraction` weights: :func:`successes` (hits in a pool),
:func:`dice_sum` (2d6 and friends) and :func:`opposed` (two pools at once).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from math import comb
from typing import ClassVar, NamedTuple

from rulebook.distribution import Distribution
from rulebook.errors import ScriptExhaustedError

__all__ = [
    "DIE_SIZES",
    "MAX_POOL",
    "Dice",
    "QuietDice",
    "Roll",
    "ScriptedDice",
    "as_dice",
    "dice_sum",
    "die",
    "opposed",
    "successes",
]

DIE_SIZES = (4, 6, 8, 10, 12, 20)
MAX_POOL = 1000
"""The most dice one roll may throw: a bound on damaged data (no rule rolls more than a few dozen)."""


class Roll(NamedTuple):
    """One recorded die: its size, the face that came up and why it was rolled.

    A named tuple: a game records thousands of rolls, and a tuple is made at C speed.

    Examples
    --------
    >>> Roll(6, 6, "lza:7.1")
    Roll(sides=6, value=6, label='lza:7.1')
    >>> bool(Roll(6, 6, "lza:7.1"))
    Traceback (most recent call last):
    ...
    TypeError: a Roll has no truth value; compare roll.value
    """

    sides: int
    value: int
    label: str = ""

    def __bool__(self) -> bool:
        raise TypeError("a Roll has no truth value; compare roll.value")

    def __str__(self) -> str:
        return f"d{self.sides}={self.value}"


_new = tuple.__new__  # what Roll's own constructor calls, without its Python-level wrapper


def _check_pool(n: int, sides: int) -> None:
    if not 0 <= n <= MAX_POOL:
        raise ValueError(f"cannot roll {n} dice; a pool holds 0 to {MAX_POOL}")
    if sides not in DIE_SIZES:
        raise ValueError(f"no d{sides}; dice here have {', '.join(map(str, DIE_SIZES))} sides")


class Dice:
    """Seeded dice that remember every roll.

    Parameters
    ----------
    seed : int, str or None
        Seeds a private :class:`random.Random`; the same seed gives the same rolls.

    Examples
    --------
    >>> dice = Dice(seed=7)
    >>> first = dice.pool(3, label="lza:7.3")
    >>> Dice(seed=7).pool(3) == first
    True
    >>> len(dice.rolls), dice.rolls[0].label
    (3, 'lza:7.3')
    """

    #: Whether ``rolls`` records each die (:class:`QuietDice` rolls the same faces keeping none).
    keeps_rolls: ClassVar[bool] = True

    def __init__(self, seed: int | str | None = None) -> None:
        if isinstance(seed, int) and seed < 0:
            # random.Random(-n) plays exactly as random.Random(n): refuse rather than alias.
            raise ValueError(f"a seed is a whole number 0 or more, not {seed}")
        self._rng = random.Random(seed)  # noqa: S311 - game dice, not cryptography
        self.rolls: list[Roll] = []

    def _face(self, sides: int) -> int:
        # randint(1, sides) is 1 + _randbelow(sides): the same numbers, without two layers of
        # argument checks around every roll
        return self._rng._randbelow(sides) + 1

    def roll(self, sides: int = 6, label: str = "") -> int:
        """Roll one die of *sides* faces, record it and return the face."""
        if sides not in DIE_SIZES:
            raise ValueError(f"no d{sides}; dice here have {', '.join(map(str, DIE_SIZES))} sides")
        value = self._face(sides)
        if self.keeps_rolls:
            self.rolls.append(_new(Roll, (sides, value, label)))
        return value

    def d6(self, label: str = "") -> int:
        """One six-sided die."""
        return self.roll(6, label)

    def d8(self, label: str = "") -> int:
        """One eight-sided die."""
        return self.roll(8, label)

    def d10(self, label: str = "") -> int:
        """One ten-sided die."""
        return self.roll(10, label)

    def d12(self, label: str = "") -> int:
        """One twelve-sided die."""
        return self.roll(12, label)

    def two_d6(self, label: str = "") -> int:
        """The sum of two six-sided dice; both dice are recorded."""
        return self.d6(label) + self.d6(label)

    def pool(self, n: int, sides: int = 6, label: str = "") -> tuple[int, ...]:
        """Roll *n* dice of one size at once."""
        _check_pool(n, sides)
        face = self._face
        faces = tuple([face(sides) for _ in range(n)])
        if self.keeps_rolls:
            self.rolls.extend([_new(Roll, (sides, value, label)) for value in faces])
        return faces

    def pick(self, n: int, label: str = "") -> int:
        """Choose one of *n* things at random (0-based), recorded as a roll of 1..n.

        Used where the rules number the candidates and roll ("assign each a
        number and roll a die") and for drawing a chit from the pool. A single
        candidate is taken without a roll, as at the table.
        """
        if n < 1:
            raise ValueError("cannot pick from nothing")
        if n == 1:
            return 0
        value = self._face(n)
        if self.keeps_rolls:
            self.rolls.append(_new(Roll, (n, value, label)))
        return value - 1

    def count_at_least(self, n: int, target: int = 6, sides: int = 6, label: str = "") -> int:
        """Roll *n* dice and count the faces of *target* or more (hits)."""
        return sum(face >= target for face in self.pool(n, sides, label))


class ScriptedDice(Dice):
    """Dice that play back given faces, in order, and fail loudly when they run out.

    Parameters
    ----------
    faces : iterable of int
        The faces to return, in order.

    Examples
    --------
    >>> dice = ScriptedDice([6, 2, 5])
    >>> dice.pool(3, label="lza:7.2")
    (6, 2, 5)
    >>> dice.d6()
    Traceback (most recent call last):
    ...
    rulebook.errors.ScriptExhaustedError: scripted dice ran out after 3 rolls (asked for a d6)

    "What if the second die had been a 6?":

    >>> ScriptedDice.what_if(dice.rolls, {1: 6}).pool(3)
    (6, 6, 5)
    """

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(seed=0)
        self._script = list(faces)
        self._next = 0

    @classmethod
    def what_if(cls, rolls: Sequence[Roll], changes: Mapping[int, int]) -> ScriptedDice:
        """Replay recorded *rolls* with the faces at the given indices replaced."""
        for index in changes:
            if not 0 <= index < len(rolls):
                raise IndexError(f"roll {index} is not among the {len(rolls)} recorded rolls")
        return cls(changes.get(i, r.value) for i, r in enumerate(rolls))

    @property
    def remaining(self) -> int:
        """How many scripted faces are left."""
        return len(self._script) - self._next

    def _face(self, sides: int) -> int:
        if self._next >= len(self._script):
            raise ScriptExhaustedError(
                f"scripted dice ran out after {len(self._script)} rolls (asked for a d{sides})"
            )
        value = self._script[self._next]
        if not 1 <= value <= sides:
            raise ValueError(f"scripted roll {self._next} is {value}, which a d{sides} cannot show")
        self._next += 1
        return value


class QuietDice(Dice):
    """:class:`Dice` that keep no record of their rolls, for a game played for its result alone.

    The same seed rolls the same faces as :class:`Dice`, in the same order; only ``rolls``
    stays empty. A sweep plays thousands of games and reads none of their rolls, and building
    a record of each die was a few per cent of such a game.

    >>> quiet = QuietDice(7)
    >>> quiet.pool(3) == Dice(7).pool(3), quiet.rolls
    (True, [])
    """

    keeps_rolls = False

    def pool(self, n: int, sides: int = 6, label: str = "") -> tuple[int, ...]:
        _check_pool(n, sides)
        # Dice._face, inlined with the loop of the Random._randbelow it calls written out (the
        # same draws of getrandbits, so the same faces): the commonest roll of a game, without
        # a call a die
        bits, k = self._rng.getrandbits, sides.bit_length()
        faces = []
        for _ in range(n):
            r = bits(k)
            while r >= sides:
                r = bits(k)
            faces.append(r + 1)
        return tuple(faces)

    def d6(self, label: str = "") -> int:
        # Dice.roll(6), inlined (six sides are a size, and no record is kept): a game's leader
        # checks, rallies and spotting rolls; Random._randbelow(6) written out as in pool
        bits = self._rng.getrandbits
        r = bits(3)
        while r >= 6:
            r = bits(3)
        return r + 1

    def pick(self, n: int, label: str = "") -> int:
        if n < 1:
            raise ValueError("cannot pick from nothing")
        if n == 1:
            return 0
        # (a chit drawn, at every draw) Random._randbelow(n), written out as in pool
        bits, k = self._rng.getrandbits, n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r


def as_dice(seed: Dice | random.Random | int | str | None = None) -> Dice:
    """Turn whatever a caller passes as randomness into a :class:`Dice`.

    ``None``, an int or a str seed a new :class:`Dice`; a :class:`Dice` is
    returned as is; a :class:`random.Random` seeds one from its stream.

    >>> d = Dice(1)
    >>> as_dice(d) is d
    True
    >>> as_dice(3).pool(2) == Dice(3).pool(2)
    True
    """
    if isinstance(seed, Dice):
        return seed
    if isinstance(seed, random.Random):
        return Dice(seed.getrandbits(64))
    if seed is None or isinstance(seed, int | str):
        return Dice(seed)
    raise TypeError(f"cannot make dice from {type(seed).__name__}; pass a seed, a Random or a Dice")


def die(sides: int = 6) -> Distribution:
    """A single fair die.

    >>> die(6)[3]
    Fraction(1, 6)
    """
    if sides not in DIE_SIZES:
        raise ValueError(f"no d{sides}; dice here have {', '.join(map(str, DIE_SIZES))} sides")
    return Distribution(dict.fromkeys(range(1, sides + 1), 1))


def successes(n: int, target: int = 6, sides: int = 6) -> Distribution:
    """The number of dice out of *n* that show *target* or more.

    With the defaults this is the count of sixes, which is how LZ Albany scores
    hits (lza:7.1).

    Examples
    --------
    >>> successes(3)[0]
    Fraction(125, 216)
    >>> successes(3).at_least(1)
    Fraction(91, 216)
    >>> successes(2, target=5)[2]
    Fraction(1, 9)
    """
    if not 0 <= n <= MAX_POOL:
        raise ValueError(f"cannot roll {n} dice; a pool holds 0 to {MAX_POOL}")
    if not 1 <= target <= sides:
        raise ValueError(f"a d{sides} cannot show {target}")
    # Whole-number counts of the sides**n equally likely rolls; Distribution divides once.
    hit, miss = sides - target + 1, target - 1
    return Distribution({k: comb(n, k) * hit**k * miss ** (n - k) for k in range(n + 1)})


def dice_sum(n: int = 2, sides: int = 6) -> Distribution:
    """The total of *n* dice, built by exact convolution.

    >>> dice_sum(2)[7]
    Fraction(1, 6)
    >>> dice_sum(2)[12]
    Fraction(1, 36)
    """
    if not 1 <= n <= MAX_POOL:
        raise ValueError(f"a sum needs 1 to {MAX_POOL} dice, not {n}")
    if sides not in DIE_SIZES:
        raise ValueError(f"no d{sides}; dice here have {', '.join(map(str, DIE_SIZES))} sides")
    # Count the ways to reach each total with whole numbers; Distribution divides once at the end.
    ways: list[int] = [1]  # ways[t] = rolls of the dice so far totalling t
    for _ in range(n):
        step = [0] * (len(ways) + sides)
        for subtotal, count in enumerate(ways):
            if count:
                for face in range(1, sides + 1):
                    step[subtotal + face] += count
        ways = step
    return Distribution({total: count for total, count in enumerate(ways) if count})


def opposed(
    n_a: int, n_b: int, target: int = 6, sides: int = 6, *, target_b: int | None = None
) -> Distribution:
    """Two pools rolled at once: the joint distribution of their hits, as ``(a, b)``.

    Both sides roll together and neither result changes the other's dice, as
    in simultaneous melee fire (lza:7.2). Map the pairs to what matters:

    >>> melee = opposed(2, 1)
    >>> melee[(0, 0)]
    Fraction(125, 216)
    >>> melee.map(lambda ab: ab[0] > ab[1])[True]
    Fraction(7, 27)
    """
    return successes(n_a, target, sides).product(
        successes(n_b, target if target_b is None else target_b, sides)
    )
