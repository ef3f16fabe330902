"""Who is where on the First Team map, and the questions retreats and combat ask of it."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from rulebook.games.first_team._pieces import Company, NvaCompany, UsCompany
from rulebook.maps.point_map import PointMap

__all__ = ["Board"]


@dataclass
class Board:
    """Units by location, supply steps by location and the revealed landing zones."""

    map: PointMap
    at: dict[str, list[Company]] = field(default_factory=lambda: defaultdict(list))
    supply: dict[str, int] = field(default_factory=dict)
    revealed_lz: set[str] = field(default_factory=set)

    def place(self, loc: str, *units: Company) -> None:
        self.map.neighbors(loc, boxes=True)  # raises for an unknown location
        for unit in units:
            self.remove(unit)
            self.at[loc].append(unit)

    def remove(self, unit: Company) -> None:
        for units in self.at.values():
            if unit in units:
                units.remove(unit)

    def where(self, unit: Company) -> str | None:
        return next((loc for loc, units in self.at.items() if unit in units), None)

    def units(self, loc: str, side: str | None = None) -> list[Company]:
        here = self.at.get(loc)
        if not here:
            return []
        return [u for u in here if not u.eliminated and (side is None or u.side == side)]

    def nva(self, loc: str) -> list[NvaCompany]:
        here = self.at.get(loc)
        if not here:
            return []
        return [
            u for u in here if u.side == "nva" and isinstance(u, NvaCompany) and not u.eliminated
        ]

    def us(self, loc: str) -> list[UsCompany]:
        here = self.at.get(loc)
        if not here:
            return []
        return [u for u in here if u.side == "us" and isinstance(u, UsCompany) and not u.eliminated]

    def occupied(self, loc: str) -> bool:
        return bool(self.units(loc))

    def is_lz(self, loc: str) -> bool:
        """A landing zone: a revealed LZ marker, Pleiku or a camp (ftv:3.4.2B; pathfinders aside)."""
        return loc in self.revealed_lz or loc == "Pleiku" or self.map.camp(loc) is not None
