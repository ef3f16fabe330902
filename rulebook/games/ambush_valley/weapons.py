"""A unit's firepower pool with the book's special weapons, supply, CS gas and body armour.

The base of one die of the unit's Troop Quality per figure is the core game's, not this
book's, and is tagged ``assumed`` in every trace; every change to it cites its rule.

>>> pool = firepower([(1, "M16"), (1, "M79"), (1, "M60")], tq=8, supply="Well", distance=6)
>>> pool.dice
{8: 7}
>>> firepower([(3, "M1 Garand"), (1, "AK-47")], tq=8, supply="Normal", distance=6).dice
{8: 3}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rulebook.games.ambush_valley._data import book
from rulebook.games.ambush_valley.dice import shift
from rulebook.trace import Trace

__all__ = ["FirepowerPool", "armour_dice", "cs_gas_morale", "firepower", "weapon_kind"]

Movement = Literal["stationary", "cautious", "rapid"]
_KINDS = [
    ("smg", ("smg", "shotgun", "mat-49", "sub-machine")),
    ("handgun", ("revolver", "pistol", "handgun")),
    ("m14-modified", ("m14 modified",)),
    ("m60", ("m60",)),
    ("m79", ("m79",)),
    ("bow", ("bow",)),
    ("recoilless", ("recoilless", " rr", "57mm rr")),
    ("old-rifle", ("garand", "carbine", "sks", "bolt")),
]


def weapon_kind(weapon: str) -> str:
    """Which special-weapon rule a weapon falls under, by name (``rifle`` when none)."""
    name = f" {weapon.lower()}"
    return next((kind for kind, words in _KINDS if any(w in name for w in words)), "rifle")


@dataclass
class FirepowerPool:
    dice: dict[int, int] = field(default_factory=dict)
    trace: Trace = field(default_factory=Trace)

    def add(self, die: int, n: int = 1) -> None:
        self.dice[die] = self.dice.get(die, 0) + n
        if self.dice[die] <= 0:
            del self.dice[die]

    def drop_one(self) -> None:
        """Lose one die, the smallest first."""
        if self.dice:
            self.add(min(self.dice), -1)

    @property
    def count(self) -> int:
        return sum(self.dice.values())

    def describe(self) -> str:
        return (
            " + ".join(f"{n}D{d}" for d, n in sorted(self.dice.items(), reverse=True)) or "no dice"
        )


def _die(kind: str, tq: int, *, within: bool, close_combat: bool, distance: float) -> int | None:
    """The die a figure throws, or None when its weapon cannot reach."""
    if kind == "handgun":
        if not within:
            return None
        return tq if close_combat else shift(tq, -1)
    if kind == "bow":
        if distance > 3 * tq:
            return None
        return tq if within else 6
    if kind == "smg" and not within:
        return 6
    return tq


def _extra(
    kind: str, *, within: bool, close_combat: bool, movement: Movement, beehive: bool
) -> int:
    """Bonus dice a special weapon adds, per figure (a recoilless rifle is a 3D weapon: two
    dice on top of the crewman's own)."""
    bonus = {
        "smg": int(within),
        "handgun": int(close_combat),
        "m14-modified": int(movement == "stationary"),
        "m60": {"rapid": 0, "cautious": 1, "stationary": 2}[movement],
        "m79": 2 if beehive and within else 1,
        "recoilless": 2,
    }
    return bonus.get(kind, 0)


def firepower(
    figures: list[tuple[int, str]],
    *,
    tq: int,
    supply: str,
    distance: float,
    movement: Movement = "stationary",
    close_combat: bool = False,
    beehive: bool = False,
) -> FirepowerPool:
    """The dice a unit throws at a target *distance* inches away (av:special-weapons).

    Optimum Range in inches is taken as the TQ die's faces (assumed core rule).
    """
    pool = FirepowerPool()
    within = close_combat or distance <= tq
    models = sum(n for n, _ in figures)
    old_rifles = sum(n for n, weapon in figures if weapon_kind(weapon) == "old-rifle")
    for n, weapon in figures:
        kind = weapon_kind(weapon)
        die = _die(kind, tq, within=within, close_combat=close_combat, distance=distance)
        if die is None:
            pool.trace.step("av:special-weapons", f"{n} {weapon}: out of reach at {distance:g} in")
            continue
        pool.add(die, n)
        extra = _extra(
            kind, within=within, close_combat=close_combat, movement=movement, beehive=beehive
        )
        if extra:
            pool.add(die, n * extra)
            pool.trace.step(
                "av:special-weapons", f"{n} {weapon}: +{n * extra} dice ({kind}, {movement})"
            )
    pool.trace.step(
        "av:special-weapons", f"base: one D{tq} per figure that can fire [assumed core rule]"
    )
    if old_rifles * 2 > models:
        pool.drop_one()
        pool.trace.step(
            "av:special-weapons",
            f"{old_rifles} of {models} carry bolt-action or semi-automatic rifles: one die less",
        )
    change = book("tables")["supply"]["firepower_dice"][supply]
    if change > 0:
        pool.add(tq, change)
    elif change < 0:
        pool.drop_one()
    if change:
        pool.trace.step("av:supply-quality", f"{supply} supply: {change:+d} firepower die")
    return pool


def cs_gas_morale(morale: int, hits: int) -> int:
    """The Morale die a unit gassed in a structure tests with: one type lower per hit, D6 at
    least, one test in all (av:cs-gas; interpretation av:cs-gas/test-count)."""
    return shift(morale, -hits)


def armour_dice(
    option: Literal["frag-only", "everything", "ignore"], attack: Literal["fragmentation", "other"]
) -> int:
    """Extra defence dice from flak vests (av:body-armor): +1 against fragments by default."""
    if option == "ignore":
        return 0
    if option == "everything":
        return 1
    return 1 if attack == "fragmentation" else 0
