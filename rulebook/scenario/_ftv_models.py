"""The First Team: Vietnam section of a scenario file: point map, forces and tables.

The printed map, counters, Combat Results Table, US Intelligence Table and NVA Offboard
Movement Table are not in the source text. Every block here carries its provenance, and the
reconstructed ones a note, so an owner of the printed game can swap in the real numbers.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, field_validator, model_validator

from rulebook._words import quoted

# One definition of a strict, sourced block for every game's section.
from rulebook.scenario._forms import ROUTE
from rulebook.scenario._lza_models import _Sourced, _Strict
from rulebook.scenario._numbers import Float, Int

LineKind = Literal["road", "jungle", "river", "jungle-mountain"]
LOCATION = re.compile(r"^(?:[A-J][1-6]|CAM[1-6]|Pleiku)$")
RESULT = re.compile(r"^(?:NE|R|[1-9][0-9]?B?|A{1,3})\*?$")
COLUMNS = range(1, 12)
ROWS = range(2, 13)


def _pair(key: str) -> tuple[str, str]:
    a, sep, b = key.partition("-")
    if not sep or not a or not b or a == b:
        raise ValueError(f"{quoted(key)} is not a line between two locations; write it as A1-A2")
    for name in (a, b):
        if not LOCATION.match(name):
            raise ValueError(f"{quoted(name)} is not a location name (A1-J6, CAM1-CAM6, Pleiku)")
    return a, b


def _line_key(key: str) -> str:
    _pair(key)
    return key


# A line's key is checked as a key, so an error names it (first_team.map.lines.A1A2) and its line.
LineKey = Annotated[str, AfterValidator(_line_key)]


class Location(_Strict):
    """A map location; ``xy`` is only where to draw it (kilometres east and north)."""

    xy: tuple[Float, Float]
    name: str | None = None


class ZoneDisplay(_Sourced):
    """The Zone Boxes by rank (1 lowest, Cambodia below rank 1) and which boxes touch (ftv:1.5.21)."""

    ranks: dict[str, Int]
    adjacent: list[tuple[str, str]]

    @model_validator(mode="after")
    def _zones_known(self) -> ZoneDisplay:
        # A zone is a location's letter (A3 is in zone A); a rank is a row of the display, from
        # 1 up to one row a zone. Cambodia is below rank 1 and takes none.
        highest = len(self.ranks)
        for zone, rank in self.ranks.items():
            if not re.fullmatch(r"[A-Z]", zone):
                raise ValueError(
                    f"the ranks name zone {quoted(zone)}: a zone is the capital letter of its "
                    "locations (A for A1-A6)"
                )
            if not 1 <= rank <= highest:
                raise ValueError(
                    f"zone {zone} has rank {rank}: ranks run from 1 (the lowest, above "
                    f"Cambodia) to at most {highest}, one a zone"
                )
        known = set(self.ranks) | {"Cambodia"}
        for a, b in self.adjacent:
            for zone in (a, b):
                if zone not in known:
                    raise ValueError(
                        f"the boxes that touch name zone {quoted(zone)} (in {a}-{b}), which has "
                        f"no rank; the zones are {', '.join(sorted(known))}"
                    )
        return self


class PointMapSpec(_Sourced):
    """Locations, typed access lines, routes, special places and boxes (ftv:1.5)."""

    locations: dict[str, Location]
    lines: dict[LineKey, LineKind]
    routes: dict[str, Annotated[str, Field(pattern=ROUTE)]] = Field(
        default_factory=dict, description="road line -> route number"
    )
    zone_of: dict[str, str] = Field(
        default_factory=dict, description="zone of a location outside the lettered grid (Pleiku)"
    )
    special_forces_camps: dict[str, str]
    an_khe: dict[str, LineKind] = Field(description="locations the An Khe Box reaches by ground")
    fatigue: dict[LineKind, Int] = Field(description="fatigue per line type (ftv:3.4.3)")
    zone_display: ZoneDisplay

    @field_validator("locations")
    @classmethod
    def _location_names(cls, locations: dict[str, Location]) -> dict[str, Location]:
        for name in locations:
            if not LOCATION.match(name):
                raise ValueError(
                    f"{quoted(name)} is not a location name (A1-J6, CAM1-CAM6, Pleiku)"
                )
        return locations

    @model_validator(mode="after")
    def _names_resolve(self) -> PointMapSpec:
        def known(name: str, where: str) -> None:
            if name not in self.locations:
                raise ValueError(f"{where} names {quoted(name)}, which is not a location")

        for key in self.lines:
            a, _, b = key.partition("-")  # (each key was checked as a line by LineKey)
            known(a, f"line {key}")
            known(b, f"line {key}")
        for key in self.routes:
            if self.lines.get(key) != "road":
                raise ValueError(
                    f"route {self.routes[key]} runs along {key}, which is not a road line"
                )
        for name in [*self.special_forces_camps, *self.an_khe, *self.zone_of]:
            known(name, "a special place")
        return self


class NvaForces(_Sourced):
    """The 21 NVA companies by regiment, and the four steps every company has (ftv:2.4, ftv:7.0)."""

    steps: list[tuple[Int, Int]] = Field(min_length=4, max_length=4)
    regiments: dict[Int, list[Int]]


class Battalion(_Strict):
    brigade: Int | None
    support: Literal["I", "II", "III"] | None
    companies: list[str]


class UsForces(_Sourced):
    """US companies, garrisons, artillery, helicopters, air and markers (ftv:1.6.3, ftv:3.4)."""

    company: tuple[Int, Int]
    broken: tuple[Int, Int]
    battalions: dict[str, Battalion]
    special_companies: dict[str, tuple[Int, Int]] = Field(default_factory=dict)
    garrisons: dict[str, tuple[Int, Int]]
    artillery: dict[str, Literal["I", "II", "III"] | None]
    transports: list[str]
    gunships: list[str]
    observation: list[str]
    aero_rockets: dict[str, tuple[Int, Int]]
    airstrikes: dict[str, tuple[Int, Int]]
    b52s: dict[str, Int]
    pathfinders: Int = Field(ge=0)
    lz_markers: Int = Field(ge=0)
    no_lz_markers: Int = Field(ge=0)


class Table(_Sourced):
    """A dice table; ``pinned`` cells are the ones the text's examples fix, with the rule that shows them."""

    pinned: dict[str, str] = Field(default_factory=dict)


class CombatResultsTable(Table):
    """Results by column 1-11 and modified roll 2-12 (ftv:4.0, ftv:4.1.11, ftv:4.1.12)."""

    columns: dict[Int, list[str]]

    @model_validator(mode="after")
    def _shape(self) -> CombatResultsTable:
        if sorted(self.columns) != list(COLUMNS):
            raise ValueError(f"the CRT needs columns 1 to 11, not {sorted(self.columns)}")
        for column, cells in self.columns.items():
            if len(cells) != len(ROWS):
                raise ValueError(
                    f"column {column} needs 11 results (rolls 2 to 12), not {len(cells)}"
                )
            for cell in cells:
                if not RESULT.match(cell):
                    raise ValueError(
                        f"column {column}: {quoted(cell)} is not a result (NE, R, 3, 2B, A, AA, AAA, with * allowed)"
                    )
        return self


class TurnTable(Table):
    """A table read by turn and a roll: each row lists the results for the rolls in order.

    The intelligence table gives a zone letter; the offboard table gives ``-`` (nothing),
    ``up`` (the arrow) or regiment digits and a zone (``23B``: the 32nd and 33rd to zone B).
    """

    dice: Literal["1d6", "2d6"]
    turns: dict[Int, list[str]]

    @model_validator(mode="after")
    def _shape(self) -> TurnTable:
        width = 6 if self.dice == "1d6" else 11
        cell = re.compile(r"^(?:-|[A-J])$" if self.dice == "1d6" else r"^(?:-|up|[0-9]+[A-J])$")
        for turn, cells in self.turns.items():
            if len(cells) != width:
                raise ValueError(
                    f"turn {turn} needs {width} results for {self.dice}, not {len(cells)}"
                )
            for result in cells:
                if not cell.match(result):
                    raise ValueError(f"turn {turn}: {quoted(result)} is not a result of this table")
        return self


class FtvTables(_Strict):
    crt: CombatResultsTable
    intelligence: TurnTable
    offboard: TurnTable


class FirstTeamSpec(_Strict):
    """Everything a First Team: Vietnam campaign needs beyond the shared scenario fields."""

    map: PointMapSpec
    nva: NvaForces
    us: UsForces
    tables: FtvTables
