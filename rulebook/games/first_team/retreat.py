"""Where units go on an R result (ftv:4.2.2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.games.first_team._pieces import UsCompany
from rulebook.games.first_team.board import Board
from rulebook.games.first_team.logistics import stacking_problem
from rulebook.maps.point_map import AN_KHE, CAMBODIA
from rulebook.trace import Trace

__all__ = [
    "BY_HELICOPTER",
    "capture_supply",
    "nva_retreat",
    "retreat_nva",
    "retreat_us",
    "us_retreats",
]

BY_HELICOPTER = AN_KHE


LETTERS_FIRST, CAMBODIA_FIRST = "letters-first", "cambodia-first"


def _zone_key(board: Board, loc: str, cambodia: str = LETTERS_FIRST) -> tuple[str, int]:
    zone = board.map.zone(loc)
    if zone == CAMBODIA:
        # Cambodia has no letter (interpretation ftv:4.2.2.1/cambodia): after every lettered
        # zone, or first because it sits below zone A on the Zone Display.
        zone = "" if cambodia == CAMBODIA_FIRST else "~"
    return (zone, board.map.number(loc) or 0)


def nva_retreat(board: Board, loc: str, *, cambodia: str = LETTERS_FIRST) -> str | None:
    """The empty neighbour with the lowest zone letter, then the lowest number (ftv:4.2.2.1).

    *cambodia* is the scenario option ``nva_retreat_cambodia``: Cambodia's locations come after
    the lettered zones (``letters-first``) or before zone A (``cambodia-first``).

    >>> from rulebook.games.first_team import campaign_map
    >>> nva_retreat(Board(campaign_map()), "C1")
    'A3'
    """
    empty = [n for n in board.map.neighbors(loc) if not board.occupied(n)]
    return min(empty, key=lambda n: _zone_key(board, n, cambodia)) if empty else None


def retreat_nva(
    board: Board,
    loc: str,
    trace: Trace,
    units: list | None = None,
    *,
    cambodia: str = LETTERS_FIRST,
) -> str | None:
    """Move the NVA out of *loc* (all of them, or just *units*: an air strike's R moves only the
    company struck, ftv:3.4.1.3E), or cost the lowest company a step if they cannot go."""
    units = [u for u in (units if units is not None else board.nva(loc)) if not u.eliminated]
    if not units:
        return None
    target = nva_retreat(board, loc, cambodia=cambodia)
    if target is None:
        lowest = min(units, key=lambda u: u.order)
        lowest.lose_step()
        trace.step("ftv:4.2.2.1", f"no empty location to retreat to: {lowest.id} loses a step")
        return None
    board.place(target, *units)
    trace.step("ftv:4.2.2.1", f"the NVA in {loc} retreat to {target}, the lowest empty neighbour")
    return target


def us_retreats(
    board: Board,
    loc: str,
    units: list[UsCompany],
    *,
    transports: int = 0,
    mix: str = "battalion",
    values: Mapping[str, Any] | None = None,
) -> list[str]:
    """Every place the US units in *loc* may retreat to (ftv:4.2.2.2A-B).

    Empty locations or ones held only by US units, within stacking; and by helicopter to An Khe
    from Pleiku, a camp or a revealed LZ when a transport is ready for each company.
    """
    movers = [u for u in units if not u.garrison]
    out = []
    for n in board.map.neighbors(loc):
        if board.map.in_cambodia(n) or board.nva(n):
            continue
        if stacking_problem([*board.us(n), *movers], mix=mix, values=values) is None:
            out.append(n)
    if board.is_lz(loc) and transports >= len(movers):
        out.append(BY_HELICOPTER)
    return sorted(
        out, key=lambda n: (n == BY_HELICOPTER, _zone_key(board, n) if n != AN_KHE else ("", 0))
    )


def retreat_us(
    board: Board,
    loc: str,
    to: str | None,
    trace: Trace,
    *,
    transports: int = 0,
    mix: str = "battalion",
    values: Mapping[str, Any] | None = None,
    victim: str | None = None,
) -> None:
    """Carry out a US retreat to *to*; with nowhere to go, lose a garrison or break a company
    (*victim*, the player's pick; by default the first in counter order).

    Supply and garrisons stay behind (ftv:4.2.2.2C); the NVA take any supply left (ftv:4.2.2.2D),
    which the caller settles since it depends on who holds the location next.
    """
    units = board.us(loc)
    movers = [u for u in units if not u.garrison]
    if to is None:
        garrison = next((u for u in units if u.garrison), None)
        if garrison is not None:
            garrison.eliminated = True
            trace.step("ftv:4.2.2.2", f"no retreat: the {garrison.id} garrison is eliminated")
            return
        ready = sorted((u for u in movers if not u.broken), key=lambda u: u.id)
        pool = ready or sorted(movers, key=lambda u: u.id)
        unit = next((u for u in pool if u.id == victim), None) if victim else pool[0]
        if unit is None:
            raise ValueError(
                f"{victim} cannot be the company lost at {loc}: pick one of "
                + ", ".join(u.id for u in pool)
            )
        if ready:
            unit.broken = True
            trace.step("ftv:4.2.2.2", f"no retreat: {unit.id} is broken")
        else:
            unit.eliminated = True
            trace.step(
                "ftv:4.2.2.2", f"no retreat and every company broken: {unit.id} is eliminated"
            )
        return
    if to not in us_retreats(board, loc, units, transports=transports, mix=mix, values=values):
        raise ValueError(f"the US in {loc} cannot retreat to {to}")
    board.place(to, *movers)
    how = "by helicopter to the An Khe Box" if to == BY_HELICOPTER else f"to {to}"
    trace.step("ftv:4.2.2.2", f"{', '.join(u.id for u in movers)} retreat {how}")


def capture_supply(board: Board, loc: str, trace: Trace) -> int:
    """NVA units alone with US supply take it: each step restores a step (ftv:4.2.2.2D, 3.5.4.3).

    The steps go to the most reduced companies first, lowest-numbered among equals, since a
    company at full strength cannot gain; supply no company can use is still removed.
    """
    steps = board.supply.pop(loc, 0)
    if not steps or board.us(loc):
        if steps:
            board.supply[loc] = steps
        return 0
    restored = 0
    for _ in range(steps):
        damaged = [u for u in board.nva(loc) if u.step > 1]
        if not damaged:
            break
        unit = min(damaged, key=lambda u: (-u.step, u.order))
        unit.gain_step()
        restored += 1
    trace.step(
        "ftv:4.2.2.2",
        f"the NVA in {loc} take {steps} supply step(s) left behind; {restored} step(s) restored",
    )
    return restored
