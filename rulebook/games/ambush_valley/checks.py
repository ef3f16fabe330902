"""Troop Quality and Morale checks with every modifier the book gives, exact odds and traces.

A check is one die of the unit's type, moved along the ladder by die shifts, plus a modifier,
against the assumed core target (4+); specialists add re-rolls. The book's own rules decide
the shifts and re-rolls; how a test is rolled is the core game's, so the target is data.

>>> Check(8, shifts=-1).odds()  # a D8 unit spotting into Heavy Foliage rolls a D6 (av:spotting-charlie)
Fraction(1, 2)
>>> Check(8, rerolls=1).odds()
Fraction(55, 64)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from rulebook.dice import Dice
from rulebook.games.ambush_valley.dice import check_odds, check_target, shift
from rulebook.trace import Trace

__all__ = [
    "Check",
    "CheckResult",
    "has_night_eyes",
    "light_of_the_revolution",
    "spotting_check",
    "starlight_scope",
]


@dataclass(frozen=True)
class CheckResult:
    passed: bool
    rolls: tuple[int, ...]
    trace: Trace


@dataclass(frozen=True)
class Check:
    """One test: *die* is the unit's TQ (or Morale) die before shifts."""

    die: int
    shifts: int = 0
    modifier: int = 0
    rerolls: int = 0
    reasons: tuple[str, ...] = field(default=())
    target: int | None = None

    @property
    def rolled_die(self) -> int:
        return shift(self.die, self.shifts)

    @property
    def need(self) -> int:
        return check_target() if self.target is None else self.target

    def odds(self) -> Fraction:
        return check_odds(
            self.rolled_die, modifier=self.modifier, target=self.need, rerolls=self.rerolls
        )

    def describe(self) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        again = f", {self.rerolls} re-roll{'s' if self.rerolls > 1 else ''}" if self.rerolls else ""
        why = f" ({'; '.join(self.reasons)})" if self.reasons else ""
        return f"D{self.rolled_die}{mod} needing {self.need}+ [assumed core target]{again}{why}"

    def roll(self, dice: Dice, rule: str, what: str, trace: Trace | None = None) -> CheckResult:
        trace = trace if trace is not None else Trace()
        faces = []
        before = len(dice.rolls)
        for _ in range(self.rerolls + 1):
            face = dice.roll(self.rolled_die, rule)
            faces.append(face)
            if face + self.modifier >= self.need:
                break
        passed = faces[-1] + self.modifier >= self.need
        trace.step(
            rule,
            f"{what}: {self.describe()}; rolled {', '.join(map(str, faces))}: {'passed' if passed else 'failed'}",
            rolls=tuple(dice.rolls[before:]),
        )
        return CheckResult(passed, tuple(faces), trace)


NIGHT_REASON = "night without night eyes: one type lower"


def night_penalty(*, night: bool, night_eyes: bool) -> bool:
    """Whether a unit's Troop Quality die drops a type for the dark (av:night-fighting)."""
    return night and not night_eyes


def spotting_check(
    tq: int,
    *,
    heavy_foliage: bool = False,
    night: bool = False,
    night_eyes: bool = False,
    pointman: bool = False,
    vc_improved_tactics: int = 0,
) -> Check:
    """Spotting VC in cover beyond Optimum Range (av:spotting-charlie, av:night-fighting, av:pointman).

    Heavy Foliage and night without night eyes each shift the die down; a Pointman looks one
    type higher, on his die as on his range (interpretation av:pointman/spotting); the
    insurgency's Improved Tactics rank 2 takes 1 off the roll.
    """
    shifts, reasons, modifier = 0, [], 0
    if pointman:
        shifts += 1
        reasons.append("pointman: one type higher")
    if heavy_foliage:
        shifts -= 1
        reasons.append("target in Heavy Foliage: one type lower")
    if night_penalty(night=night, night_eyes=night_eyes):
        shifts -= 1
        reasons.append(NIGHT_REASON)
    if vc_improved_tactics >= 2:
        modifier -= 1
        reasons.append("VC Improved Tactics rank 2: -1")
    return Check(tq, shifts=shifts, modifier=modifier, reasons=tuple(reasons))


NIGHT_EYES = frozenset({"vc", "kit-carson-scout", "special-forces", "sniper", "seal"})


def has_night_eyes(troop: str, *, scenario_grants: bool = False) -> bool:
    """The VC, Kit Carson Scouts, Special Forces, snipers and SEALs see as if with night vision;
    a scenario may grant it to others (av:night-eyes)."""
    return scenario_grants or troop in NIGHT_EYES


def starlight_scope(*, moved: bool, weapon_mounted: bool) -> dict[str, bool]:
    """What a starlight scope gives at night (av:starlight-scopes): a unit that did not move
    spots at daylight ranges; figures that did not move with a weapon-mounted scope also
    engage at normal ranges with no night penalty."""
    still = not moved
    return {"daylight_spotting": still, "no_night_fire_penalty": still and weapon_mounted}


def light_of_the_revolution(dice: Dice, scouts: dict[str, int], trace: Trace) -> list[str]:
    """With the insurgency's Light of the Revolution, every Kit Carson Scout passes a TQ test
    at the start of the game or is removed (av:building-the-insurgency, av:kit-carson-scout).
    *scouts* maps each scout to his TQ die; returns those who stay."""
    stay = []
    for scout, tq in scouts.items():
        if (
            Check(tq)
            .roll(dice, "av:kit-carson-scout", f"{scout} keeps faith with his new side", trace)
            .passed
        ):
            stay.append(scout)
        else:
            trace.step(
                "av:building-the-insurgency",
                f"Light of the Revolution: {scout} is removed before the game",
            )
    return stay
