"""Ambush Valley's die tables as data-driven resolvers with exact odds and cited traces.

>>> table("leadership-rating").lookup(3)
-1
>>> table("leadership-rating").odds()[2]
Fraction(1, 6)
>>> table("casualty-evacuated").odds(tq=8)["Deceased"]
Fraction(1, 64)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from rulebook._words import quoted
from rulebook.dice import Dice, dice_sum
from rulebook.distribution import Distribution
from rulebook.games.ambush_valley._data import book
from rulebook.games.ambush_valley.dice import expression, roll_expression
from rulebook.trace import Trace

__all__ = ["DieTable", "TableResult", "table", "table_names"]

_RANGE = re.compile(r"^(\d+)(?:-(\d+)|(\+))?$")
TWO_TQ = "2tq"


@dataclass(frozen=True)
class TableResult:
    """One roll on a table: the total, what it reads, and the trace that explains it."""

    total: int
    result: Any
    trace: Trace


class DieTable:
    """Rows keyed by a face or a range (``2-3``, ``10+``) over a dice expression or 2 TQ dice."""

    def __init__(self, name: str, spec: dict[str, Any]) -> None:
        self.name = name
        self.rule: str = spec["rule"]
        self.provenance: str = spec["provenance"]
        self.lines: list[int] = spec.get("lines", [])
        self.note: str = spec.get("note", "")
        self.roll: str = spec["roll"]
        self.rows: list[tuple[int, int | None, Any]] = []
        for key, value in spec["rows"].items():
            m = _RANGE.match(str(key))
            if not m:
                raise ValueError(
                    f"table {name}: row key {quoted(key)} is not a face or a range like 2-3 or 10+"
                )
            low = int(m[1])
            high = None if m[3] else int(m[2] or m[1])
            self.rows.append((low, high, value))
        self.rows.sort(key=lambda r: r[0])

    def __repr__(self) -> str:
        return f"DieTable({self.name!r}, roll={self.roll!r}, {len(self.rows)} rows)"

    def dice(self, tq: int | None = None) -> Distribution:
        """The distribution of the total rolled on this table."""
        if self.roll == TWO_TQ:
            return _two_dice(self._tq(tq))
        return expression(self.roll)

    def _tq(self, tq: int | None) -> int:
        if tq is None:
            raise ValueError(
                f"table {self.name} rolls two Troop Quality dice: give tq=6, 8, 10 or 12"
            )
        return tq

    def lookup(self, total: int) -> Any:
        """The row a total reads; totals past the last open range read that row."""
        for low, high, value in self.rows:
            if total >= low and (high is None or total <= high):
                return value
        raise ValueError(f"table {self.name} has no row for a total of {total}")

    def odds(self, tq: int | None = None) -> Distribution:
        """Exact chance of each result (results that are mappings are keyed by their first value)."""
        return self.dice(tq).map(lambda total: _key(self.lookup(total)))

    def resolve(self, dice: Dice, tq: int | None = None, trace: Trace | None = None) -> TableResult:
        """Roll and read the table, with a trace step that cites the rule and the rows' source."""
        trace = trace if trace is not None else Trace()
        before = len(dice.rolls)
        if self.roll == TWO_TQ:
            total = sum(dice.pool(2, self._tq(tq), self.rule))
            rolled = f"2D{tq}"
        else:
            total = roll_expression(self.roll, dice, self.rule)
            rolled = self.roll
        result = self.lookup(total)
        tag = "" if self.provenance == "printed" else f" [{self.provenance}]"
        trace.step(
            self.rule,
            f"{self.name}{tag}: {rolled} gives {total}: {_key(result)}",
            rolls=tuple(dice.rolls[before:]),
        )
        return TableResult(total, result, trace)


@cache
def _two_dice(sides: int) -> Distribution:
    return dice_sum(2, sides)


def _key(value: Any) -> Any:
    if isinstance(value, dict):
        return next(iter(value.values()))
    return value


@cache
def table(name: str) -> DieTable:
    """A die table of the book by name (see :func:`table_names`)."""
    tables = book("tables")["die_tables"]
    if name not in tables:
        raise KeyError(f"no table {quoted(name)}; the tables are {', '.join(sorted(tables))}")
    return DieTable(name, tables[name])


def table_names() -> list[str]:
    return sorted(book("tables")["die_tables"])
