"""The Combat Results Table and what its results mean (ftv:4.0, ftv:4.1.12, ftv:4.2).

The table itself is not in the source text: the campaign scenario carries a reconstruction,
tagged so, that an owner of the printed game can replace cell by cell.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebook._words import quoted
from rulebook.games._reads import reads
from rulebook.scenario._ftv_models import CombatResultsTable

__all__ = ["CRT", "FIRST_COLUMN", "LAST_COLUMN", "Result"]

reads("first-team", "first_team.tables.crt.columns")

FIRST_COLUMN, LAST_COLUMN = 1, 11
_RESULT = re.compile(r"^(?P<body>NE|R|(?P<n>\d+)(?P<b>B?)|(?P<a>A{1,3}))(?P<star>\*?)$")


@dataclass(frozen=True, slots=True)
class Result:
    """One CRT result: kind ``NE``, ``R``, ``steps`` (#), ``possible`` (#B) or ``auto`` (A..AAA).

    >>> Result.parse("8*")
    Result(kind='steps', n=8, star=True)
    >>> Result.parse("2B"), Result.parse("AA"), str(Result.parse("R"))
    (Result(kind='possible', n=2, star=False), Result(kind='auto', n=2, star=False), 'R')
    """

    kind: str
    n: int = 0
    star: bool = False

    @classmethod
    def parse(cls, text: str) -> Result:
        m = _RESULT.match(text)
        if not m:
            raise ValueError(f"{quoted(text)} is not a CRT result")
        star = bool(m["star"])
        if m["a"]:
            return cls("auto", len(m["a"]), star)
        if m["n"]:
            return cls("possible" if m["b"] else "steps", int(m["n"]), star)
        return cls(m["body"], 0, star)

    def __str__(self) -> str:
        body = {"steps": f"{self.n}", "possible": f"{self.n}B", "auto": "A" * self.n}.get(
            self.kind, self.kind
        )
        return body + ("*" if self.star else "")


class CRT:
    """Look up a result by column and modified roll."""

    def __init__(self, spec: CombatResultsTable) -> None:
        self.spec = spec
        self.cells = {
            (column, roll): Result.parse(text)
            for column, texts in spec.columns.items()
            for roll, text in enumerate(texts, start=2)
        }

    @staticmethod
    def clamp(column: int) -> int:
        """Columns left of 1 or right of 11 read as 1 or 11 (ftv:4.0D)."""
        return max(FIRST_COLUMN, min(LAST_COLUMN, column))

    def result(self, column: int, roll: int) -> Result:
        if not 2 <= roll <= 12:
            raise ValueError(f"the CRT has rows 2 to 12; a modified roll of {roll} is off it")
        return self.cells[(self.clamp(column), roll)]
