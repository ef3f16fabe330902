"""The combat procedure of First Team: Vietnam (ftv:4.0-4.2) as a traced resolver.

Each side that fires starts on column 1 of the CRT and shifts right for superiority,
efficiency, ambush, supporting locations, HOLD, artillery, night, supply and observation
(ftv:4.1.1-4.1.9), clamped to columns 1-11; it rolls a die and adds the number of units it
fires on (ftv:4.1.11). Both results are found before either is applied, since fire is
simultaneous (ftv:4.0B); in an ambush only the ambusher fires.

Every step is a :class:`~rulebook.trace.TraceStep` citing its case, so a reader can follow the
worked example of ftv:4.1 line by line.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from rulebook.dice import Dice
from rulebook.games._narrate import counted
from rulebook.games.first_team._pieces import Company, NvaCompany, UsCompany
from rulebook.games.first_team._values import number, reads_values
from rulebook.games.first_team.crt import CRT, Result
from rulebook.games.first_team.logistics import add_fatigue
from rulebook.trace import Trace

__all__ = [
    "DEFER",
    "CombatResult",
    "Effects",
    "Force",
    "apply_result",
    "break_unit",
    "check_break",
    "column_for",
    "resolve",
]

FatigueSplit = Callable[[list[UsCompany], int], dict[str, int]]


def DEFER(units: list[UsCompany], points: int) -> dict[str, int]:  # noqa: N802 - a sentinel
    """Pass as ``fatigue_split`` to leave the fatigue points unshared, in
    :attr:`Effects.fatigue_owed`, for the player to share out (ftv:4.2.3.2C)."""
    raise AssertionError("DEFER is a marker, never called")


reads_values(
    "ambush_shifts",
    "night_attack_at_most",
    "night_attack_shifts",
    "out_of_supply_shifts",
    "star_artillery_casualties",
)

_ORDER = attrgetter("order")  # (a sort key called in C, not a lambda's frame)


@dataclass
class Force:
    """One side of one fight: its ground units in the location and what supports them.

    ``support_strength`` is the first value of committed aero-rocket and tactical air counters
    (ftv:3.4.4.2, 3.4.4.4); ``artillery`` counts committed US batteries, or NVA batteries present
    under optional rule 6.2 that have not fired; ``aa_guns`` counts NVA batteries present, fired
    or not, whose AA works either way (ftv:6.2.2A); ``hold`` is a HOLD marker, which US units in Pleiku or with a camp
    garrison always count as having (ftv:4.1.5).
    """

    side: str
    units: list[Company]
    location: str = ""
    support_strength: int = 0
    artillery: int = 0
    aa_guns: int = 0
    observation: bool = False
    gunship: bool = False
    helicopters: int = 0
    hold: bool = False
    supporting_locations: int = 0
    supplied: bool = True

    @property
    def alive(self) -> list[Company]:
        alive = []
        for u in self.units:  # (a loop: a comprehension costs a function call in 3.11)
            if not u.eliminated:
                alive.append(u)
        return alive

    @property
    def garrison(self) -> UsCompany | None:
        return next((u for u in self.alive if isinstance(u, UsCompany) and u.garrison), None)

    @property
    def ground_strength(self) -> int:
        total = 0
        for u in self.units:  # (a loop: a generator costs a function call in 3.11)
            if not u.eliminated:
                total += u.strength
        return total


@dataclass
class Effects:
    """What one result did to the side it hit."""

    result: Result
    steps: dict[str, int] = field(default_factory=dict)
    broken: list[str] = field(default_factory=list)
    eliminated: list[str] = field(default_factory=list)
    casualty_points: int = 0
    """US casualty points the result adds: from hitting US units, or from the US's own star."""
    fatigue: dict[str, int] = field(default_factory=dict)
    fatigue_owed: int = 0
    """Fatigue points left for the player to share out (with ``fatigue_split=DEFER``)."""
    breaks_owed: int = 0
    """US companies the player still picks for a #B check or an A break (``us_picks=True``)."""
    breaks_roll: bool = False
    """Whether the companies still owed roll against their efficiency (#B) or just break (A)."""
    retreat: bool = False
    helicopter_to_refit: bool = False
    aircraft_lost: bool = False


@dataclass
class CombatResult:
    """Columns, rolls, results and effects of one fight, with its trace."""

    trace: Trace
    columns: dict[str, int]
    rolls: dict[str, int]
    results: dict[str, Result]
    effects: dict[str, Effects]
    night: bool = False

    @property
    def us_casualty_points(self) -> int:
        """Casualty points for the US track from both results (ftv:4.2.3.2, ftv:4.2.6.2)."""
        return sum(e.casualty_points for e in self.effects.values())


def _efficiency(firer: Force) -> int:
    """The lowest efficiency rating among *firer*'s units (0 with none); the NVA leave out
    broken units unless all are broken (ftv:4.1.2). (Loops: a generator or comprehension costs
    a function call in 3.11.)"""
    rated = firer.alive
    if firer.side == "nva":
        whole = []
        for u in rated:
            if not u.broken:
                whole.append(u)
        if whole:
            rated = whole
    lowest = None
    for u in rated:
        efficiency = u.efficiency
        if lowest is None or efficiency < lowest:
            lowest = efficiency
    return 0 if lowest is None else lowest


def _shift(trace: Trace, rule: str, text: str, shifts: int, column: int) -> int:
    if shifts:
        trace.step(rule, text, before={"column": column}, after={"column": column + shifts})
    return column + shifts


def column_for(
    firer: Force,
    target: Force,
    *,
    attacking: bool,
    ambush: bool = False,
    night: bool = False,
    trace: Trace | None = None,
    values: Mapping[str, Any] | None = None,
) -> int:
    """The CRT column *firer* uses against *target*, every shift traced with its case.

    The ambush, night and supply shifts are the scenario's values (*values*, default the
    shipped campaign's)."""
    trace = trace if trace is not None else Trace()
    who = firer.side.upper()
    column = 1
    trace.step("ftv:4.0", f"{who} fire starts on column 1", after={"column": 1})
    # 4.1.1: the attacker leaves its broken units out of its own total, the defender does not.
    total = firer.support_strength
    for u in firer.alive:  # (a loop: a generator costs a function call in 3.11)
        if not (attacking and u.broken):
            total += u.strength
    against = target.ground_strength
    shifts = total // against if against else 0
    column = _shift(
        trace,
        "ftv:4.1.1",
        f"{who} superiority: {total} strength (support included) against {against}, "
        f"{shifts} shift(s)",
        shifts,
        column,
    )
    # 4.1.2: the NVA look past broken units unless all are broken; the US never do.
    efficiency = _efficiency(firer)
    column = _shift(
        trace, "ftv:4.1.2", f"{who} efficiency: lowest rating {efficiency}", efficiency, column
    )
    if ambush:
        shifts = number(values, "ambush_shifts")
        column = _shift(trace, "ftv:4.1.3", f"{who} ambushes: {shifts} shifts", shifts, column)
    column = _shift(
        trace,
        "ftv:4.1.4",
        f"{who} supported from {firer.supporting_locations} adjacent location(s)",
        firer.supporting_locations,
        column,
    )
    if firer.hold:
        column = _shift(trace, "ftv:4.1.5", f"{who} fires from under HOLD", 1, column)
    if target.hold:
        column = _shift(trace, "ftv:4.1.5", f"{who} fires at units under HOLD", -1, column)
    column = _shift(
        trace,
        "ftv:4.1.6",
        f"{who} artillery: {firer.artillery} batter{'y' if firer.artillery == 1 else 'ies'}",
        firer.artillery,
        column,
    )
    if firer.side == "nva" and night:
        shifts = number(values, "night_attack_shifts")
        column = _shift(
            trace, "ftv:4.1.7", f"night attack: {shifts} shifts for the NVA", shifts, column
        )
    if firer.side == "nva" and target.side == "us" and not target.supplied:
        shifts = number(values, "out_of_supply_shifts")
        column = _shift(
            trace, "ftv:4.1.8", f"the US have no supply marker: {shifts} shifts", shifts, column
        )
    if firer.side == "us" and firer.observation and firer.artillery:
        column = _shift(
            trace, "ftv:4.1.9", "observation helicopter with artillery: one shift", 1, column
        )
    final = CRT.clamp(column)
    if final != column:
        trace.step(
            "ftv:4.0",
            f"column {column} is off the table; {who} fires on column {final}",
            before={"column": column},
            after={"column": final},
        )
    return final


def resolve(
    attacker: Force,
    defender: Force,
    crt: CRT,
    dice: Dice,
    *,
    ambush: bool = False,
    nva_open_combat: bool = False,
    options: Mapping[str, Any] | None = None,
    fatigue_split: FatigueSplit | None = None,
    us_picks: bool = False,
    values: Mapping[str, Any] | None = None,
    trace: Trace | None = None,
) -> CombatResult:
    """Resolve one fight or ambush in full (ftv:4.0-4.2), results applied to the units.

    *nva_open_combat* is the NVA Open Combat Segment, the only time night attacks are
    checked (ftv:4.1.7A). Retreats are reported in :attr:`Effects.retreat`; moving the
    units needs the map (:mod:`rulebook.games.first_team.retreat`). With *us_picks*, the US
    companies a #B or A result reaches beyond the camp garrison are left in
    :attr:`Effects.breaks_owed` for the player to pick (ftv:4.2.4.2, 4.2.5D); without it they
    are taken in counter order, as the odds tables assume. The steps go to a new trace, or to
    *trace* if given (a campaign that keeps none passes its NullTrace: no step is built).
    """
    options = options or {}
    trace = Trace() if trace is None else trace
    nva = attacker if attacker.side == "nva" else defender
    night = False
    if nva_open_combat:
        roll = dice.d6("ftv:4.1.7")
        night = roll <= number(values, "night_attack_at_most")
        trace.step(
            "ftv:4.1.7",
            f"night check at {nva.location or 'the location'}: {roll}, "
            + ("a night attack" if night else "no night attack"),
            rolls=dice.rolls[-1:],
        )
    firing = [(attacker, defender, True)]
    if not ambush:
        firing.append((defender, attacker, False))
    columns, rolls, results = {}, {}, {}
    for firer, target, attacking in firing:
        column = column_for(
            firer,
            target,
            attacking=attacking,
            ambush=ambush and attacking,
            night=night,
            trace=trace,
            values=values,
        )
        roll = dice.d6("ftv:4.1.11")
        row = roll + len(target.alive)
        result = crt.result(column, row)
        trace.step(
            "ftv:4.1.11",
            f"{firer.side.upper()} rolls {roll} + {len(target.alive)} unit(s) fired on = {row} "
            f"on column {column}: {result}",
            rolls=dice.rolls[-1:],
        )
        columns[firer.side], rolls[firer.side], results[firer.side] = column, roll, result
    effects = {}
    for firer, target, _ in firing:
        effects[target.side] = apply_result(
            results[firer.side],
            firer,
            target,
            dice,
            trace,
            options=options,
            fatigue_split=fatigue_split,
            us_picks=us_picks,
            values=values,
        )
    return CombatResult(trace, columns, rolls, results, effects, night)


def apply_result(
    result: Result,
    firer: Force,
    target: Force,
    dice: Dice,
    trace: Trace,
    *,
    options: Mapping[str, Any] | None = None,
    fatigue_split: FatigueSplit | None = None,
    us_picks: bool = False,
    values: Mapping[str, Any] | None = None,
) -> Effects:
    """Apply one CRT result fired by *firer* to *target* (ftv:4.1.12, explained in ftv:4.2)."""
    options = options or {}
    fx = Effects(result)
    if result.kind == "NE":
        trace.step("ftv:4.2.1", f"{result}: no effect on the {target.side.upper()}")
    elif result.kind == "R":
        fx.retreat = True
        trace.step("ftv:4.2.2", f"R: the {target.side.upper()} in the location must retreat")
    elif result.kind == "steps":
        if target.side == "nva":
            _nva_steps(result.n, target, fx, trace)
        else:
            _us_casualties(
                result.n,
                target,
                fx,
                trace,
                options=options,
                fatigue_split=fatigue_split,
                values=values,
            )
    elif result.kind == "possible":
        _possible_breaks(result.n, target, fx, dice, trace, us_picks=us_picks)
    elif result.kind == "auto":
        _automatic_breaks(result.n, target, fx, trace, us_picks=us_picks)
    if result.star:
        _asterisk(firer, target, fx, trace, options, values=values)
    return fx


def _nva_steps(n: int, target: Force, fx: Effects, trace: Trace) -> None:
    """One step per company in turn, lowest company of the lowest regiment first (ftv:4.2.3.1)."""
    for _ in range(n):
        living = []
        for u in target.alive:  # (a loop: a generator costs a function call in 3.11)
            if isinstance(u, NvaCompany):
                living.append(u)
        if not living:
            break
        living.sort(key=_ORDER)
        unit = _next_in_turn(living, fx)
        unit.lose_step()
        fx.steps[unit.id] = fx.steps.get(unit.id, 0) + 1
        if unit.eliminated:
            fx.eliminated.append(unit.id)
    trace.step(
        "ftv:4.2.3.1",
        f"{counted(n, 'step loss', 'step losses')} dealt one company at a time from the lowest: "
        + ", ".join(f"{uid} -{k}" for uid, k in fx.steps.items())
        + (f"; eliminated {', '.join(fx.eliminated)}" if fx.eliminated else ""),
        after={"steps": sum(fx.steps.values())},
    )


def _next_in_turn(living: list[NvaCompany], fx: Effects) -> NvaCompany:
    """The first company, in order, that has lost fewest steps so far: a round-robin."""
    # (a loop, the first of the fewest: min() and next() over generators cost calls in 3.11)
    steps = fx.steps
    chosen, least = living[0], steps.get(living[0].id, 0)
    for u in living:
        lost = steps.get(u.id, 0)
        if lost < least:
            chosen, least = u, lost
    return chosen


def round_robin(units: list[UsCompany], points: int) -> dict[str, int]:
    """The default fatigue split: a point each in turn (the ftv:4.2.3.2D example gives 2 and 1)."""
    split: dict[str, int] = {}
    for i in range(points):
        unit = units[i % len(units)]
        split[unit.id] = split.get(unit.id, 0) + 1
    return split


def _us_casualties(
    n: int,
    target: Force,
    fx: Effects,
    trace: Trace,
    *,
    options: Mapping[str, Any],
    fatigue_split: FatigueSplit | None,
    values: Mapping[str, Any] | None = None,
) -> None:
    garrison = target.garrison
    if garrison is not None:
        trace.step(
            "ftv:4.2.3.2", f"{n}: a camp garrison is present, so no casualty points are recorded"
        )
    else:
        points = math.ceil(n / 2) if target.gunship else n
        if target.gunship:
            trace.step(
                "ftv:4.2.3.2",
                f"{n} casualty points halved by the gunship, rounded up: {points}",
                after={"casualty_points": points},
            )
        else:
            trace.step("ftv:4.2.3.2", f"{n} casualty points", after={"casualty_points": points})
        fx.casualty_points += points
    if garrison is None and options.get("fatigue_from_casualties", "always") != "always":
        return
    living = [u for u in target.alive if isinstance(u, UsCompany)]
    if not living:
        return
    if fatigue_split is DEFER:
        fx.fatigue_owed = n
        trace.step("ftv:4.2.3.2", f"{n} fatigue point(s) for the US player to share out")
        return
    split = (fatigue_split or round_robin)(living, n)
    if sum(split.values()) != n or not set(split) <= {u.id for u in living}:
        raise ValueError(f"a fatigue split must give {n} points to units in the fight, not {split}")
    for unit in living:
        if split.get(unit.id):
            fx.fatigue[unit.id] = split[unit.id]
            add_fatigue(unit, split[unit.id], fx, values)
    trace.step(
        "ftv:4.2.3.2",
        f"{n} fatigue point(s) shared out: "
        + ", ".join(f"{uid} +{k}" for uid, k in fx.fatigue.items())
        + (
            f"; {', '.join(fx.broken + fx.eliminated)} worn out"
            if fx.broken or fx.eliminated
            else ""
        ),
    )


def break_unit(unit: Company, fx: Effects) -> None:
    """Break *unit* by a combat result: an NVA company drops to its last step, a camp garrison
    melts away (ftv:2.5.2B), a US company flips with its fatigue kept (ftv:2.6D)."""
    if isinstance(unit, NvaCompany):
        unit.step = len(unit.ladder)
        fx.broken.append(unit.id)
    elif unit.garrison:
        unit.eliminated = True
        fx.eliminated.append(unit.id)
    else:
        unit.broken = True
        fx.broken.append(unit.id)


def check_break(unit: Company, rule: str, fx: Effects, dice: Dice, trace: Trace) -> None:
    """One unit reached by a #B result rolls a die and breaks above its efficiency (ftv:4.2.4)."""
    roll = dice.d6(rule)
    breaks = roll > unit.efficiency
    if breaks:
        break_unit(unit, fx)
    trace.step(
        rule,
        f"{unit.id} rolls {roll} against efficiency {unit.efficiency if not breaks else '-'}: "
        + ("breaks" if breaks else "holds"),
        rolls=dice.rolls[-1:],
    )


def _reached(n: int, target: Force, fx: Effects, *, us_picks: bool) -> list[Company]:
    """Who a #B or A result reaches at once: combat-ready units in counter order, the camp
    garrison first for the US. With *us_picks* and more US companies ready than the result
    needs, only the garrison is taken here and the rest is owed to the player's choice."""
    ready = []
    for u in target.alive:  # (a loop: a generator costs a function call in 3.11)
        if not u.broken:
            ready.append(u)
    ready.sort(key=_ORDER)
    if not us_picks or target.side != "us":
        return ready[:n]
    garrison = [u for u in ready if isinstance(u, UsCompany) and u.garrison][:n]
    companies = [u for u in ready if u not in garrison]
    left = n - len(garrison)
    if left >= len(companies):
        return garrison + companies
    fx.breaks_owed = left
    return garrison


def _possible_breaks(
    n: int, target: Force, fx: Effects, dice: Dice, trace: Trace, *, us_picks: bool = False
) -> None:
    rule = "ftv:4.2.4.1" if target.side == "nva" else "ftv:4.2.4.2"
    for unit in _reached(n, target, fx, us_picks=us_picks):
        check_break(unit, rule, fx, dice, trace)
    if fx.breaks_owed:
        fx.breaks_roll = True
        trace.step(
            rule, f"#B: the US player picks {fx.breaks_owed} combat-ready company(ies) to check"
        )


def _automatic_breaks(
    n: int, target: Force, fx: Effects, trace: Trace, *, us_picks: bool = False
) -> None:
    chosen = _reached(n, target, fx, us_picks=us_picks)
    for unit in chosen:
        break_unit(unit, fx)
    if chosen or not fx.breaks_owed:
        trace.step(
            "ftv:4.2.5",
            f"{'A' * n}: {', '.join(u.id for u in chosen) or 'no combat-ready unit'} broken without a roll",
        )
    if fx.breaks_owed:
        trace.step(
            "ftv:4.2.5", f"{'A' * n}: the US player picks {fx.breaks_owed} company(ies) to break"
        )


def _asterisk(
    firer: Force,
    target: Force,
    fx: Effects,
    trace: Trace,
    options: Mapping[str, Any],
    *,
    values: Mapping[str, Any] | None,
) -> None:
    if firer.side == "nva":
        helicopters = target.helicopters or int(target.gunship) + int(target.observation)
        if helicopters:
            fx.helicopter_to_refit = True
            trace.step("ftv:4.2.6.1", "*: one US helicopter in the fight goes to the Refit Box")
        if (
            options.get("nva_artillery")
            and (firer.aa_guns or firer.artillery)
            and (helicopters or target.support_strength)
        ):
            fx.aircraft_lost = True
            trace.step(
                "ftv:6.2.2",
                "*: NVA anti-aircraft guns destroy one helicopter or air strike unit for good",
            )
    elif firer.artillery:
        points = number(values, "star_artillery_casualties")
        fx.casualty_points += points
        trace.step(
            "ftv:4.2.6.2",
            f"*: artillery fired, so {points} casualty point(s) for the US (a gunship does not "
            "prevent it)",
            after={"casualty_points": points},
        )
