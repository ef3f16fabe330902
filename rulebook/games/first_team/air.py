"""Air strikes on locations and zones, and aero-rocket attacks (ftv:3.4.1, ftv:3.4.4.4)."""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from rulebook._words import quoted
from rulebook.dice import Dice
from rulebook.errors import IllegalActionError
from rulebook.games.first_team._pieces import NvaCompany
from rulebook.games.first_team.combat import Effects, Force, apply_result
from rulebook.games.first_team.crt import CRT, Result
from rulebook.trace import Trace

__all__ = ["Strike", "check_location_strike", "rocket_attack", "strike", "zone_strike"]

ZONE_STRIKE_TARGETS = 6


@dataclass
class Strike:
    """One strike on one NVA counter: its column, roll, result and effect."""

    target: str
    column: int
    roll: int
    result: Result
    effects: Effects


_ORDER = attrgetter("order")  # (a sort key called in C, not a lambda's frame)


def strike(
    total: int,
    targets: list[NvaCompany],
    crt: CRT,
    dice: Dice,
    *,
    trace: Trace | None = None,
    airstrike_dice: str = "2d6",
    rule: str = "ftv:3.4.1.3",
) -> list[Strike]:
    """Attack each NVA counter on its own with the pooled strike value (ftv:3.4.1.3).

    Start on column 1 and shift right once per whole multiple of the target's strength in
    *total*, then roll 2d6 (or, with the ``airstrike_dice`` option ``d6-plus-units``, a die
    plus one). A result that would reach several units reaches only the target, and the NVA
    never fire back.
    """
    trace = trace if trace is not None else Trace()
    out = []
    alive = []
    for u in targets:  # (a loop: a generator costs a function call in 3.11)
        if not u.eliminated:
            alive.append(u)
    alive.sort(key=_ORDER)
    for unit in alive:
        shifts = total // unit.strength if unit.strength else 0
        column = CRT.clamp(1 + shifts)
        if airstrike_dice == "2d6":
            roll = dice.two_d6("ftv:3.4.1.3")
            rolls = dice.rolls[-2:]
        else:
            roll = dice.d6("ftv:4.1.11") + 1
            rolls = dice.rolls[-1:]
        result = crt.result(column, roll)
        trace.step(
            rule,
            f"strike {total} against {unit.id} ({unit.strength}): {shifts} shift(s) to column "
            f"{column}, roll {roll}: {result}",
            rolls=rolls,
        )
        fx = apply_result(result, Force("us", []), Force("nva", [unit]), dice, trace)
        out.append(Strike(unit.id, column, roll, result, fx))
    return out


def check_location_strike(
    loc: str, *, b52s: int, us_infantry_there: bool, struck_this_turn: set[str]
) -> None:
    """Raise if the rules forbid this strike (ftv:3.4.1.2B-C)."""
    if loc in struck_this_turn:
        raise IllegalActionError(
            "ftv:3.4.1.2", f"{loc} has already been struck from the air this turn"
        )
    if b52s and loc == "Pleiku":
        raise IllegalActionError("ftv:3.4.1.2", "B-52s may not bomb Pleiku")
    if b52s and us_infantry_there:
        raise IllegalActionError("ftv:3.4.1.2", f"B-52s may not bomb {loc}: US infantry is there")


def zone_strike(
    kind: str,
    total: int,
    identified: list[NvaCompany],
    crt: CRT,
    dice: Dice,
    *,
    trace: Trace | None = None,
    airstrike_dice: str = "2d6",
) -> list[Strike]:
    """Strike identified units in a Zone Box: only doubles on two dice find them (ftv:3.4.1.1).

    *kind* is ``b52`` or ``tactical``; the two may not strike a zone together, so a caller
    mixing them is refused before any die is rolled. On doubles, up to six counters (lowest
    first) are attacked as in ftv:3.4.1.3.
    """
    if kind not in ("b52", "tactical"):
        raise IllegalActionError(
            "ftv:3.4.1.1", f"a zone strike is all B-52 or all tactical, not {quoted(kind)}"
        )
    trace = trace if trace is not None else Trace()
    first, second = dice.d6("ftv:3.4.1.1"), dice.d6("ftv:3.4.1.1")
    if first != second:
        trace.step(
            "ftv:3.4.1.1",
            f"zone strike rolls {first} and {second}: no doubles, it misses",
            rolls=dice.rolls[-2:],
        )
        return []
    trace.step(
        "ftv:3.4.1.1",
        f"zone strike rolls double {first}: it finds its targets",
        rolls=dice.rolls[-2:],
    )
    chosen = sorted((u for u in identified if not u.eliminated), key=lambda u: u.order)[
        :ZONE_STRIKE_TARGETS
    ]
    return strike(total, chosen, crt, dice, trace=trace, airstrike_dice=airstrike_dice)


def rocket_attack(
    second_values: list[int],
    targets: list[NvaCompany],
    crt: CRT,
    dice: Dice,
    *,
    us_units_there: bool,
    trace: Trace | None = None,
    airstrike_dice: str = "2d6",
) -> list[Strike]:
    """Aero-rocket companies attacking alone pool their second values and strike as aircraft do.

    Only a location free of US combat units may be attacked this way (ftv:3.4.4.4B, D).
    """
    if us_units_there:
        raise IllegalActionError(
            "ftv:3.4.4.4", "aero-rockets attack alone only where no US combat units are"
        )
    return strike(
        sum(second_values),
        targets,
        crt,
        dice,
        trace=trace,
        airstrike_dice=airstrike_dice,
        rule="ftv:3.4.4.4",
    )
