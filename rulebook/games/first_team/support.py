"""Support counters: artillery batteries, helicopters and air, and where they go after a fight.

Batteries have a FIRED side (ftv:1.5.5); helicopters a fatigued side and the Refit Box
(ftv:3.4.2.2); aero-rocket companies always refit after use (ftv:3.4.4.4A); B-52s are used
once (ftv:3.4.1D). This module keeps their state and returns them after combat (ftv:4.1.13).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rulebook.errors import IllegalActionError
from rulebook.games.first_team._pieces import flat_copy
from rulebook.trace import Trace

__all__ = ["CommandPoints", "SupportUnit", "return_support"]

Kind = Literal["battery", "transport", "gunship", "observation", "aero-rocket", "airstrike", "b52"]


@dataclass
class SupportUnit:
    """One support counter and its state: ``box`` is ``an-khe``, ``refit``, ``map`` or ``gone``."""

    id: str
    kind: Kind
    fired: bool = False
    fatigued: bool = False
    box: str = "an-khe"

    __deepcopy__ = flat_copy

    @property
    def ready(self) -> bool:
        """May be committed: not fired, and waiting at An Khe rather than in Refit (ftv:3.4.4)."""
        return self.box == "an-khe" and not self.fired


def return_support(units: list[SupportUnit], trace: Trace) -> None:
    """Send committed support home after a fight (ftv:4.1.13)."""
    for unit in units:
        if unit.kind == "battery":
            unit.fired = True
            what = "flips to its FIRED side"
        elif unit.kind in ("observation", "airstrike"):
            unit.box = "an-khe"
            what = "returns to An Khe"
        elif unit.kind == "b52":
            unit.box = "gone"
            what = "is used up"
        elif unit.kind == "gunship":
            unit.box = "refit" if unit.fatigued else "an-khe"
            what = "goes to the Refit Box" if unit.fatigued else "flips to fatigued at An Khe"
            unit.fatigued = True
        elif unit.kind == "aero-rocket":
            unit.box, unit.fatigued = "refit", True
            what = "flips to REFIT and goes to the Refit Box"
        else:
            raise ValueError(f"{unit.id} ({unit.kind}) does not support ground combat")
        trace.step("ftv:4.1.13", f"{unit.id} {what}")


class CommandPoints:
    """This turn's CPs: received in the Command Phase, never saved (ftv:2.2, ftv:3.1).

    >>> cp = CommandPoints(20)
    >>> cp.spend(2, "ftv:3.4.1", "a B-52")
    18
    >>> cp.spend(19, "ftv:3.3", "19 supply counters")
    Traceback (most recent call last):
    ...
    rulebook.errors.IllegalActionError: ftv:3.3: 19 supply counters costs 19 CP; 18 left this turn
    """

    def __init__(self, per_turn: int) -> None:
        self.per_turn = per_turn
        self.left = per_turn

    __deepcopy__ = flat_copy

    def new_turn(self) -> None:
        """Unspent points are lost; the marker goes back to the top (ftv:3.1)."""
        self.left = self.per_turn

    def spend(self, amount: int, rule: str, what: str) -> int:
        """Pay *amount* CPs for *what*; only the US has CPs and never more than are left (ftv:2.2)."""
        if amount > self.left:
            raise IllegalActionError(rule, f"{what} costs {amount} CP; {self.left} left this turn")
        self.left -= amount
        return self.left
