"""The counters of First Team: Vietnam that fight: NVA and US infantry companies.

An NVA company has four steps (ftv:2.4): the first three combat-ready, the fourth broken; a
fifth loss eliminates it. A US company has a combat-ready and a broken side and carries fatigue
(ftv:2.6); a Special Forces camp garrison is infantry with no broken side (ftv:2.5.2).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = ["Company", "NvaCompany", "UsCompany", "flat_copy"]


def flat_copy(self, memo: dict):
    """``__deepcopy__`` for a counter whose fields all hold immutable values (numbers, text,
    tuples of them): a shallow copy is a deep one, made without walking the tuples (the
    position is copied at every Undo checkpoint)."""
    new = object.__new__(type(self))
    new.__dict__.update(self.__dict__)
    memo[id(self)] = new
    return new


@dataclass(eq=False)
class NvaCompany:
    """``5/32``: company 5 of the 32nd Regiment, on step 1 to 4 (5 once eliminated)."""

    number: int
    regiment: int
    ladder: tuple[tuple[int, int], ...]
    step: int = 1  # made a property below, which sets ``eliminated`` with it (see _set_step)
    hold: bool = False
    side: str = field(default="nva", init=False)

    __deepcopy__ = flat_copy

    @property
    def id(self) -> str:
        return f"{self.number}/{self.regiment}"

    @property
    def broken(self) -> bool:
        """On its last step (ftv:1.5.4B)."""
        return self.step == len(self.ladder)

    @property
    def strength(self) -> int:
        return 0 if self.eliminated else self.ladder[self.step - 1][0]

    @property
    def efficiency(self) -> int:
        return 0 if self.eliminated else self.ladder[self.step - 1][1]

    @property
    def order(self) -> tuple[int, int]:
        """Lowest-numbered company of the lowest-numbered regiment first (ftv:4.2.3.1)."""
        return (self.regiment, self.number)

    def lose_step(self) -> None:
        """One step down the four-step ladder; past the last the company is gone (ftv:2.4A)."""
        self.step += 1

    def gain_step(self) -> None:
        """Supplies taken from the US restore a step (ftv:3.5.4.3), never above full strength."""
        self.step = max(1, self.step - 1)

    def __repr__(self) -> str:
        state = "eliminated" if self.eliminated else f"{self.strength}-{self.efficiency}"
        return f"<NVA {self.id} step {self.step} {state}>"


def _step(self: NvaCompany) -> int:
    return self._step


def _set_step(self: NvaCompany, step: int) -> None:
    """Past the last step the company is eliminated: ``eliminated`` is set with the step (every
    look at a place asks it of each unit there, so it is a plain attribute, never worked out).
    It holds because the step is only ever set through here (the class's ``__init__`` too) and
    the ladder never changes."""
    self._step = step
    self.eliminated = step > len(self.ladder)


NvaCompany.step = property(_step, _set_step)  # type: ignore[assignment]  # (the field's default stays 1)


@dataclass(eq=False)
class UsCompany:
    """A US infantry company (``A/1/8``) or a camp garrison (``Plei Me``)."""

    id: str
    front: tuple[int, int]
    back: tuple[int, int] | None
    battalion: str | None = None
    brigade: int | None = None
    support: str | None = None
    broken: bool = False
    fatigue: int = 0
    eliminated: bool = False
    hold: bool = False
    side: str = field(default="us", init=False)
    # Camp garrisons have no broken side (ftv:2.5.2B). Set with ``back``, which never changes: a
    # plain attribute, since every look at a place's movers or flyers asks it of each company.
    garrison: bool = field(init=False, repr=False)

    __deepcopy__ = flat_copy

    def __post_init__(self) -> None:
        self.garrison = self.back is None

    @property
    def strength(self) -> int:
        if self.eliminated:
            return 0
        return (self.back if self.broken and self.back else self.front)[0]

    @property
    def efficiency(self) -> int:
        if self.eliminated:
            return 0
        return (self.back if self.broken and self.back else self.front)[1]

    @property
    def order(self) -> tuple[int, str]:
        return (0 if self.garrison else 1, self.id)

    def __repr__(self) -> str:
        state = "eliminated" if self.eliminated else ("broken" if self.broken else "ready")
        return f"<US {self.id} {self.strength}-{self.efficiency} {state} F{self.fatigue}>"


Company = NvaCompany | UsCompany


def regiment_name(number: int) -> str:
    """``32nd Regiment``, ``33rd Regiment``, ``66th Regiment``.

    >>> [regiment_name(n) for n in (32, 33, 66, 101, 111)]
    ['32nd Regiment', '33rd Regiment', '66th Regiment', '101st Regiment', '111th Regiment']
    """
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix} Regiment"


def regiment_digit(regiment: int) -> str:
    """The digit the Offboard Table writes for a regiment: its last (``23B`` sends the 32nd and
    33rd, ftv:3.5.2B; interpretation ``ftv:3.5.2/regiment-digits``).

    >>> [regiment_digit(n) for n in (32, 33, 66, 101)]
    ['2', '3', '6', '1']
    """
    return str(regiment % 10)


def regiments_by_digit(regiments: Iterable[int]) -> dict[str, int]:
    """The regiment each Offboard Table digit names, for the scenario's NVA regiments.

    >>> regiments_by_digit([32, 33, 66])
    {'2': 32, '3': 33, '6': 66}
    """
    return {regiment_digit(r): r for r in regiments}
