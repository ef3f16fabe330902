"""Setting a First Team campaign on a drawn point map: the NVA regiments in the Unknown Box, when
and where they arrive (the Offboard Movement Table), where intelligence finds them, and the
US LZ markers.

The book's NVA start unseen in the Unknown Box (ftv:7.0C) and come onto the Zone Display by the
NVA Offboard Movement Table: a result such as ``3G`` on turn 1 sends the 33rd Regiment to zone G
(ftv:3.5.2). Those results are the campaign's reinforcement waves, so a designer sets them by
turn, roll, regiments and zone. Each function returns a new scenario; a table the designer
changes is re-tagged ``assumed`` with a note, so nothing edited passes for printed.

>>> from rulebook.games.first_team import campaign_scenario
>>> s = campaign_scenario()
>>> [a.words for a in arrivals(s) if a.turn == 1]
['turn 1, rolls 4 or 10: the 33rd Regiment to zone G', 'turn 1, roll 6: the 32nd Regiment to zone D']
>>> s = with_arrival(s, turn=2, roll=7, regiments=[66], zone="B")
>>> s.first_team.tables.offboard.turns[2][5], s.first_team.tables.offboard.provenance.value
('6B', 'assumed')
>>> s = with_zone_sent(s, "C", "B")
>>> any(c.endswith("C") for cells in s.first_team.tables.offboard.turns.values() for c in cells)
False
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebook._words import quoted
from rulebook.games.first_team._pieces import regiment_digit, regiments_by_digit
from rulebook.provenance import Provenance
from rulebook.scenario import Scenario

__all__ = [
    "Arrival",
    "arrivals",
    "regiment_digit",
    "regiment_words",
    "regiments_by_digit",
    "table_zones",
    "with_arrival",
    "with_intelligence",
    "with_lz_markers",
    "with_regiment_size",
    "with_us_units",
    "with_zone_sent",
]

EDITED = "Changed in the point map designer from the rebuild below."
ROLLS = range(2, 13)


def regiment_words(number: int) -> str:
    """``32nd Regiment``."""
    from rulebook.games.first_team._pieces import regiment_name

    return regiment_name(number)


@dataclass(frozen=True, slots=True)
class Arrival:
    """Regiments sent from the Unknown Box to a zone on a turn, by the rolls that do it."""

    turn: int
    rolls: tuple[int, ...]
    regiments: tuple[int, ...]
    zone: str

    @property
    def words(self) -> str:
        rolls = " or ".join(str(r) for r in self.rolls)
        names = " and ".join(f"the {regiment_words(r)}" for r in self.regiments)
        return f"turn {self.turn}, roll{'s' if len(self.rolls) > 1 else ''} {rolls}: {names} to zone {self.zone}"


def arrivals(scenario: Scenario) -> list[Arrival]:
    """Every Offboard Table result that brings regiments on, by turn (ftv:3.5.2)."""
    ft = scenario.first_team
    assert ft is not None
    by_digit = regiments_by_digit(ft.nva.regiments)
    out = []
    for turn, cells in sorted(ft.tables.offboard.turns.items()):
        seen: dict[str, list[int]] = {}
        for roll, cell in zip(ROLLS, cells, strict=False):
            if cell not in ("-", "up"):
                seen.setdefault(cell, []).append(roll)
        for cell, rolls in sorted(seen.items(), key=lambda kv: kv[1][0]):
            regiments = tuple(by_digit[d] for d in cell[:-1] if d in by_digit)
            out.append(Arrival(turn, tuple(rolls), regiments, cell[-1]))
    return out


def table_zones(scenario: Scenario) -> set[str]:
    """The zones the Intelligence and Offboard tables send NVA units to."""
    ft = scenario.first_team
    assert ft is not None
    named = set()
    for table in (ft.tables.intelligence, ft.tables.offboard):
        for cells in table.turns.values():
            for cell in cells:
                m = re.search(r"([A-J])$", cell)
                if m:
                    named.add(m.group(1))
    return named


def _with_tables(scenario: Scenario, **tables) -> Scenario:
    ft = scenario.first_team
    assert ft is not None
    new = {
        name: table.model_copy(
            update={"provenance": Provenance.ASSUMED, "note": f"{EDITED} {table.note}"}
            if table.provenance != Provenance.ASSUMED
            else {}
        )
        for name, table in tables.items()
    }
    return scenario.model_copy(
        update={"first_team": ft.model_copy(update={"tables": ft.tables.model_copy(update=new)})}
    )


def _check_turn(scenario: Scenario, turn: int) -> None:
    last = scenario.turns.value if scenario.turns else 15
    if not 1 <= turn <= last:
        raise ValueError(f"the campaign has turns 1 to {last}, not {turn}")


def with_arrival(
    scenario: Scenario, *, turn: int, roll: int, regiments: list[int], zone: str | None
) -> Scenario:
    """Set what one Offboard Table roll does on a turn: bring *regiments* to *zone*, or nothing
    (``zone=None`` or no regiments) (ftv:3.5.2)."""
    ft = scenario.first_team
    assert ft is not None
    if roll not in ROLLS:
        raise ValueError(f"the Offboard Table is read on two dice: roll 2 to 12, not {roll}")
    _check_turn(scenario, turn)
    unknown = [r for r in regiments if r not in ft.nva.regiments]
    if unknown:
        raise ValueError(f"there is no {regiment_words(unknown[0])} in the NVA forces")
    cell = "-"
    if regiments and zone:
        cell = "".join(sorted(regiment_digit(r) for r in regiments)) + zone
    table = ft.tables.offboard
    row = list(table.turns.get(turn, ["-"] * len(ROLLS)))
    row[roll - 2] = cell
    edited = table.model_copy(update={"turns": {**table.turns, turn: row}})
    return _with_tables(scenario, offboard=edited)


def with_intelligence(scenario: Scenario, *, turn: int, die: int, zone: str | None) -> Scenario:
    """Set the zone a successful identification finds on a turn and die roll, or none
    (``zone=None``: that roll finds nothing) (ftv:3.2.2.1).

    >>> from rulebook.games.first_team import campaign_scenario
    >>> s = with_intelligence(campaign_scenario(), turn=3, die=6, zone="C")
    >>> s.first_team.tables.intelligence.turns[3], s.first_team.tables.intelligence.provenance.value
    (['A', 'B', 'C', 'C', 'D', 'C'], 'assumed')
    """
    ft = scenario.first_team
    assert ft is not None
    if not 1 <= die <= 6:
        raise ValueError(f"the Intelligence Table is read on one die: 1 to 6, not {die}")
    _check_turn(scenario, turn)
    table = ft.tables.intelligence
    row = list(table.turns.get(turn, ["-"] * 6))
    row[die - 1] = zone or "-"
    edited = table.model_copy(update={"turns": {**table.turns, turn: row}})
    return _with_tables(scenario, intelligence=edited)


def with_zone_sent(scenario: Scenario, gone: str, to: str) -> Scenario:
    """Send every Intelligence and Offboard result naming zone *gone* to zone *to* instead, for a
    map without zone *gone*."""
    ft = scenario.first_team
    assert ft is not None
    if gone == to:
        raise ValueError("pick a different zone to send them to")

    def cell(c: str) -> str:
        return c[:-1] + to if c not in {"-", "up"} and c.endswith(gone) else c

    tables = {}
    for name in ("intelligence", "offboard"):
        table = getattr(ft.tables, name)
        tables[name] = table.model_copy(
            update={"turns": {t: [cell(c) for c in cells] for t, cells in table.turns.items()}}
        )
    return _with_tables(scenario, **tables)


def with_lz_markers(scenario: Scenario, real: int, empty: int) -> Scenario:
    """How many LZ markers the set-up mixes face down: real ones and No LZ ones (ftv:7.0A)."""
    ft = scenario.first_team
    assert ft is not None
    if real < 0 or empty < 0:
        raise ValueError("LZ markers cannot be fewer than none")
    us = ft.us.model_copy(update={"lz_markers": real, "no_lz_markers": empty})
    if ft.us.provenance != Provenance.ASSUMED:
        us = us.model_copy(
            update={"provenance": Provenance.ASSUMED, "note": f"{EDITED} {ft.us.note}"}
        )
    return scenario.model_copy(update={"first_team": ft.model_copy(update={"us": us})})


# The US air and helicopter units a designer may add or take away, with the rule that uses them
# and the name a new one is given (its number follows).
US_UNITS = {
    "transports": ("transport helicopter companies", "ftv:3.4.2", "T-"),
    "gunships": ("gunship companies", "ftv:3.4.4.3", "G-"),
    "observation": ("observation helicopters", "ftv:3.4.4.3", "OBS-"),
    "aero_rockets": ("aero-rocket companies", "ftv:3.4.4.4", "ARA-"),
    "airstrikes": ("tactical air strikes", "ftv:3.4.4.2", "TAC-"),
    "b52s": ("B-52 strikes", "ftv:3.4.1.3", "B52-"),
}


def _book_unit(kind: str):
    """The values of the book's first unit of *kind*, for a kind the scenario has none of."""
    from rulebook.games.first_team import campaign_scenario

    return next(iter(getattr(campaign_scenario().first_team.us, kind).values()))


def with_us_units(scenario: Scenario, kind: str, count: int) -> Scenario:
    """Give the US *count* units of a *kind* of ``US_UNITS``: new ones are copies of the last
    (named on from ``T-1``, ``TAC-1``...), and the last added go first when there are fewer. A
    unit that is also a ground unit (the 1/9 Cavalry flies its own helicopters) stays.

    >>> from rulebook.games.first_team import campaign_scenario
    >>> us = with_us_units(campaign_scenario(), "airstrikes", 6).first_team.us
    >>> us.airstrikes["TAC-6"], us.provenance.value
    ((25, 5), 'assumed')
    >>> with_us_units(campaign_scenario(), "transports", 2).first_team.us.transports
    ['A/227', '1/9']
    """
    ft = scenario.first_team
    assert ft is not None
    if kind not in US_UNITS:
        raise ValueError(f"no US units called {quoted(kind)}; choose from {', '.join(US_UNITS)}")
    words, _, prefix = US_UNITS[kind]
    if not 0 <= count <= 30:
        raise ValueError(f"{words}: 0 to 30, not {count}")
    us = ft.us
    units = getattr(us, kind)
    names = list(units)
    ground = set(us.battalions) | set(us.special_companies)
    kept = [n for n in names if n in ground]
    if count < len(kept):
        also = "is also a ground unit and stays" if len(kept) == 1 else "are also ground units"
        raise ValueError(f"{words}: at least {len(kept)} ({', '.join(kept)} {also})")
    while len(names) > count:
        names.remove(next(n for n in reversed(names) if n not in ground))
    number = 1
    while len(names) < count:
        while f"{prefix}{number}" in names:
            number += 1
        names.insert(len(names) - len(kept), f"{prefix}{number}")  # before the ground units
    if isinstance(units, dict):
        like = list(units.values())[-1] if units else _book_unit(kind)
        new_units: list[str] | dict = {n: units.get(n, like) for n in names}
    else:
        new_units = names
    update: dict = {kind: new_units}
    if us.provenance != Provenance.ASSUMED:
        update |= {"provenance": Provenance.ASSUMED, "note": f"{EDITED} {us.note}"}
    return scenario.model_copy(
        update={"first_team": ft.model_copy(update={"us": us.model_copy(update=update)})}
    )


def with_regiment_size(scenario: Scenario, regiment: int, companies: int) -> Scenario:
    """How many companies a regiment puts in the Unknown Box at the start (ftv:7.0C), numbered
    on from its first company."""
    ft = scenario.first_team
    assert ft is not None
    if regiment not in ft.nva.regiments:
        raise ValueError(f"there is no {regiment_words(regiment)} in the NVA forces")
    if not 1 <= companies <= 20:
        raise ValueError("a regiment has 1 to 20 companies")
    first = ft.nva.regiments[regiment][0]
    regiments = {**ft.nva.regiments, regiment: list(range(first, first + companies))}
    update: dict = {"regiments": regiments}
    if ft.nva.provenance != Provenance.ASSUMED:
        update |= {"provenance": Provenance.ASSUMED, "note": f"{EDITED} {ft.nva.note}"}
    nva = ft.nva.model_copy(update=update)
    return scenario.model_copy(update={"first_team": ft.model_copy(update={"nva": nva})})
