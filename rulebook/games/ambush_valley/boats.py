"""Boat damage (av:boat-damage-light, av:boat-damage-heavy, av:boat-damage-results).

Both printed charts follow one ladder, read at die + hits - 2 for light boats and - 3 for
heavy ones, with four or more hits counting as four; the flattened text leaves the cells past
Sinking blank, read here as Sinking. The printed cells are kept in the data file and a test
checks the ladder against every one.

>>> boat_damage(3, 2, "light")
'Half FP Dice'
>>> boat_damage(1, 1, "heavy")
'PING'
>>> boat_damage_odds(2, "light")["Sinking"]
Fraction(1, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rulebook._words import quoted
from rulebook.dice import Dice, die
from rulebook.distribution import Distribution
from rulebook.games.ambush_valley._data import book
from rulebook.trace import Trace

__all__ = ["BoatHit", "boat_class", "boat_damage", "boat_damage_odds", "resolve_boat_hits"]

Weight = Literal["light", "heavy"]
_RULE = {"light": "av:boat-damage-light", "heavy": "av:boat-damage-heavy"}


def boat_class(name: str) -> Weight:
    """Light or heavy for a catalogued boat (reconstructed: the book never says)."""
    classes = book("tables")["boat_damage"]["boat_class"]
    if name not in classes:
        raise KeyError(
            f"no boat {quoted(name)}; the boats are {', '.join(k for k in classes if k not in ('provenance', 'note'))}"
        )
    return classes[name]


def boat_damage(face: int, hits: int, weight: Weight) -> str:
    spec = book("tables")["boat_damage"]
    if not 1 <= face <= 6:
        raise ValueError(f"a boat damage roll is one D6, not {face}")
    if hits < 1:
        raise ValueError("boat damage is rolled only for one hit or more")
    ladder = spec["ladder"]
    step = face + min(hits, spec["max_hits"]) + spec["offset"][weight]
    return ladder[max(0, min(len(ladder) - 1, step))]


def boat_damage_odds(hits: int, weight: Weight) -> Distribution:
    return die(6).map(lambda face: boat_damage(face, hits, weight))


@dataclass(frozen=True)
class BoatHit:
    result: str
    trace: Trace


def resolve_boat_hits(dice: Dice, hits: int, weight: Weight, trace: Trace | None = None) -> BoatHit:
    """One roll for the hits of one attack (interpretation av:boat-damage-light/once-per-attack)."""
    trace = trace if trace is not None else Trace()
    face = dice.d6(_RULE[weight])
    result = boat_damage(face, hits, weight)
    effects = {
        "PING": "no damage, but a morale check; failing it means Evasive Action",
        "Evasive Action": "the boat swerves away and makes no more attacks this turn",
        "Half Movement": "the boat moves at half speed (the key leaves this result undefined)",
        "Half FP Dice": "every weapon aboard fires at half its FP",
        "Withdraw": "the boat leaves the table for the game; a morale check lets it land troops first",
        "Sinking": "it beaches with its remaining move, or its troops test TQ to swim ashore; heavy weapons are lost",
    }
    trace.step(
        "av:boat-damage-results",
        f"{weight} boat, {hits} hit{'s' if hits > 1 else ''}, rolled {face}: {result} - {effects[result]}",
        rolls=dice.rolls[-1:],
    )
    return BoatHit(result, trace)
