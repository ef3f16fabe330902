"""Booby traps, Claymores, trip flares and improvised alarms, and NVA sappers slipping past them.

Each function returns a :class:`~rulebook.games.ambush_valley.checks.Check` for the odds, or
resolves with the game's dice and a trace citing the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rulebook._words import quoted
from rulebook.dice import Dice
from rulebook.distribution import Distribution
from rulebook.games.ambush_valley._data import book
from rulebook.games.ambush_valley.checks import NIGHT_REASON, Check, night_penalty
from rulebook.games.ambush_valley.dice import expression
from rulebook.trace import Trace

__all__ = [
    "booby_trap_cards",
    "booby_trap_check",
    "claymore_range",
    "resolve_claymore",
    "sapper_avoids",
    "tripwire_check",
]

Speed = Literal["rapid", "cautious", "stationary"]


def booby_trap_cards(force: str, *, artists: bool = False) -> Distribution:
    """How many BT cards a VC force holds: D8 Local Force, D6 Main Force, +1 for Booby Trap
    Artists (av:booby-traps, av:building-the-insurgency)."""
    spec = book("tables")["booby_traps"]
    die = spec["cards"].get(force)
    if die is None:
        raise ValueError(
            f"no booby trap allowance for {quoted(force)}; it is one of {', '.join(spec['cards'])}"
        )
    bonus = spec["artists_bonus"] if artists else 0
    return expression(die).map(lambda n: n + bonus)


def booby_trap_check(
    tq: int,
    *,
    card: str = "Grenade Trap",
    speed: Speed = "cautious",
    difficult_terrain: bool = False,
    night: bool = False,
    night_eyes: bool = False,
    pointman: bool = False,
    kit_carson: bool = False,
    scout_dog: bool = False,
) -> Check | None:
    """The target's roll to avoid a trap card, or None when the card allows no roll (av:booby-traps).

    Rapid movers get no roll, unless a Kit Carson Scout is with them (and then no re-roll).
    Difficult terrain and night without night eyes each shift the die down. A Pointman or
    KCS at Cautious speed, and a scout dog at any speed, give a re-roll of a failure; re-rolls
    do not stack (interpretation av:booby-traps/rerolls): a failed re-roll stands.
    """
    spec = book("tables")["booby_traps"]
    if card in spec["no_roll_cards"]:
        return None
    rapid = speed == "rapid"
    if rapid and not kit_carson:
        return None
    shifts, rerolls, reasons = 0, 0, []
    if difficult_terrain:
        shifts -= 1
        reasons.append("difficult terrain: one type lower")
    if night_penalty(night=night, night_eyes=night_eyes):
        shifts -= 1
        reasons.append(NIGHT_REASON)
    if not rapid and (pointman or kit_carson):
        rerolls = 1
        reasons.append(("pointman" if pointman else "Kit Carson Scout") + " at Cautious: re-roll")
    if scout_dog:
        rerolls = 1
        reasons.append("scout dog: re-roll")
    return Check(tq, shifts=shifts, rerolls=rerolls, reasons=tuple(reasons))


def claymore_range(firer_tq: int) -> int:
    """A Claymore reaches twice the firer's Optimum Range, in inches (av:claymores)."""
    return book("tables")["claymore"]["range_times_or"] * firer_tq


@dataclass(frozen=True)
class ClaymoreResult:
    fired: bool
    victim: str | None
    attack: tuple[int, int] | None
    trace: Trace


def resolve_claymore(
    dice: Dice,
    firer_tq: int,
    distance: float,
    *,
    target_is_sapper: bool = False,
    sapper_tq: int = 8,
    trace: Trace | None = None,
) -> ClaymoreResult:
    """Fire a Claymore: in range, the firer's TQ test, then an 8D8 attack; sappers may avoid it
    and even turn it on the firer (av:claymores, av:nva-sappers)."""
    trace = trace if trace is not None else Trace()
    spec = book("tables")["claymore"]
    reach = claymore_range(firer_tq)
    if distance > reach:
        trace.step(
            "av:claymores", f"target {distance} in away; a Claymore reaches {reach} in: no shot"
        )
        return ClaymoreResult(False, None, None, trace)
    if (
        not Check(firer_tq)
        .roll(dice, "av:claymores", "Claymore: was it laid on their path", trace)
        .passed
    ):
        return ClaymoreResult(False, None, None, trace)
    attack = (spec["attack_dice"], spec["attack_die"])
    if target_is_sapper:
        avoided, turned = sapper_avoids(dice, sapper_tq, device="claymore", trace=trace)
        if avoided and turned:
            trace.step(
                "av:nva-sappers",
                f"the sappers turn the mine: the firer takes {attack[0]}D{attack[1]}",
            )
            return ClaymoreResult(True, "firer", attack, trace)
        if avoided:
            return ClaymoreResult(False, None, None, trace)
    trace.step(
        "av:claymores",
        f"the target takes a {attack[0]}D{attack[1]} attack (resolved by the core firefight)",
    )
    return ClaymoreResult(True, "target", attack, trace)


def sapper_avoids(
    dice: Dice, tq: int, *, device: Literal["claymore", "trip-flare", "alarm"], trace: Trace
) -> tuple[bool, bool]:
    """Sappers test to leave a device untriggered; against a Claymore a second test at -2 turns
    it round, and a failed second test means they take the blast after all (av:nva-sappers).
    Returns (avoided, turned)."""
    first = Check(tq).roll(dice, "av:nva-sappers", f"sappers slip past the {device}", trace)
    if not first.passed:
        return False, False
    if device != "claymore":
        return True, False
    second = Check(tq, modifier=-2).roll(
        dice, "av:nva-sappers", "sappers try to turn the Claymore", trace
    )
    return second.passed, second.passed


def tripwire_check(
    tq: int, *, distance: float, defender_tq: int, vc_improved_tactics: int = 0
) -> Check | None:
    """A mover within twice the defender's Optimum Range tests against trip flares or an
    improvised alarm; failure means it is lit up and spotted (av:trip-flares, av:improvised-alarms).
    None when the mover is out of reach. VC Improved Tactics rank 1 shifts the die up."""
    reach = book("tables")["illumination"]["trip_flare_range_times_or"] * defender_tq
    if distance > reach:
        return None
    if vc_improved_tactics >= 1:
        return Check(tq, shifts=1, reasons=("VC Improved Tactics: one type higher",))
    return Check(tq)
