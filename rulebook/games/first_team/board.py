"""Who is where on the First Team map, and the questions retreats and combat ask of it."""

from __future__ import annotations

import copy
from collections import defaultdict
from dataclasses import dataclass, field

from rulebook.games.first_team._pieces import Company, NvaCompany, UsCompany
from rulebook.maps.point_map import PointMap

__all__ = ["Board"]


def _copier(memo: dict):
    """Copy a counter once per *memo*: the copy every later mention of it gets."""

    def unit(u: Company) -> Company:
        found = memo.get(id(u))
        if found is None:
            found = u.__deepcopy__(memo)
        return found

    return unit


@dataclass
class Board:
    """Units by location, supply steps by location and the revealed landing zones."""

    map: PointMap
    at: dict[str, list[Company]] = field(default_factory=lambda: defaultdict(list))
    supply: dict[str, int] = field(default_factory=dict)
    revealed_lz: set[str] = field(default_factory=set)
    # Where each placed unit is: kept with ``at`` by place and remove, so finding a unit costs
    # one look-up rather than a search of every location.
    loc_of: dict[Company, str] = field(default_factory=dict)
    _lzs: tuple[frozenset[str], tuple[str, ...], frozenset[str]] | None = field(
        default=None, repr=False
    )

    # Each place's live-or-dead units by side, in the order they came (what ``us`` and ``nva``
    # filter), and the map locations holding any unit in the map's order: kept with ``at`` by
    # place and remove, since the options builders ask them many times a decision.
    _us: dict[str, list[UsCompany]] = field(default_factory=dict, repr=False)
    _nva: dict[str, list[NvaCompany]] = field(default_factory=dict, repr=False)
    _in_use: dict[str | None, list[str]] = field(default_factory=dict, repr=False)
    # Each side's places in use among a set of places (see in_use_among), by side then set.
    _among: dict[str, dict[frozenset[str], list[str]]] = field(
        default_factory=dict, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        self.reindex()

    def __deepcopy__(self, memo: dict) -> Board:
        """A copy whose counters are the copies *memo* holds (each made once, by ``flat_copy``):
        the lists and dictionaries are rebuilt rather than walked by ``copy.deepcopy`` (the
        position is copied at every Undo checkpoint)."""
        new = object.__new__(Board)
        memo[id(self)] = new
        unit = _copier(memo)
        new.map = memo.get(id(self.map), self.map)  # never changed by play
        new.at = defaultdict(
            list, {loc: [unit(u) for u in units] for loc, units in self.at.items()}
        )
        new.supply = dict(self.supply)
        new.revealed_lz = set(self.revealed_lz)
        new.loc_of = {unit(u): loc for u, loc in self.loc_of.items()}
        new._lzs = self._lzs  # tuples and frozensets
        new._us = {loc: [unit(u) for u in units] for loc, units in self._us.items()}
        new._nva = {loc: [unit(u) for u in units] for loc, units in self._nva.items()}
        new._in_use, new._among = {}, {}  # made again when asked
        for name, value in vars(self).items():  # anything added later, copied the slow way
            if name not in new.__dict__:
                setattr(new, name, copy.deepcopy(value, memo))
        return new

    def reindex(self) -> None:
        """Rebuild the side lists from ``at`` (after ``at`` was set as a whole)."""
        self._us, self._nva, self._in_use, self._among = {}, {}, {}, {}
        for loc, units in self.at.items():
            for unit in units:
                self._side(unit).setdefault(loc, []).append(unit)

    def _side(self, unit: Company) -> dict[str, list]:
        return self._nva if isinstance(unit, NvaCompany) else self._us

    def place(self, loc: str, *units: Company) -> None:
        self.map.neighbors(loc, boxes=True)  # raises for an unknown location
        for unit in units:
            self.remove(unit)
            here = self.at[loc]
            side = self._side(unit).setdefault(loc, [])
            if not side:  # a place newly in use by the unit's side
                self._forget_in_use(unit.side)
            here.append(unit)
            side.append(unit)
            self.loc_of[unit] = loc

    def remove(self, unit: Company) -> None:
        loc = self.loc_of.pop(unit, None)
        if loc is not None:
            side = self._side(unit)[loc]
            self.at[loc].remove(unit)
            side.remove(unit)
            if not side:
                self._forget_in_use(unit.side)

    def _forget_in_use(self, side: str) -> None:
        """*side*'s places in use changed: its lists go, the other side's stay (a flight or a
        move of one side changes nothing the other side's scans read)."""
        kept = self._in_use
        kept.pop(None, None)
        kept.pop(side, None)
        among = self._among.get(side)
        if among:
            among.clear()

    def where(self, unit: Company) -> str | None:
        return self.loc_of.get(unit)

    def in_use(self, side: str | None = None) -> list[str]:
        """The map locations (not the An Khe Box) where units (of *side*, if given) have been
        placed, in the map's order: the only places a scan for units needs to look at."""
        found = self._in_use.get(side)
        if found is None:
            places = self.at if side is None else self._us if side == "us" else self._nva
            # (the locations whose lists are not empty, picked in C: no loop of Python)
            found = self._in_use[side] = list(filter(places.get, self.map.locations))
        return list(found)

    def units(self, loc: str, side: str | None = None) -> list[Company]:
        here = self.at.get(loc)
        if not here:
            return []
        return [u for u in here if not u.eliminated and (side is None or u.side == side)]

    def nva(self, loc: str) -> list[NvaCompany]:
        here = self._nva.get(loc)
        if not here:
            return []
        for u in here:  # (see us)
            if u.eliminated:
                return _alive(here)
        return here.copy()

    def us(self, loc: str) -> list[UsCompany]:
        here = self._us.get(loc)
        if not here:
            return []
        # Most places hold no eliminated company: then the list is copied whole, with no
        # comprehension (on Python 3.11 one makes a function object at each call, and a
        # campaign asks for a place's US some thousands of times).
        for u in here:
            if u.eliminated:
                return _alive(here)
        return here.copy()

    def us_each(self, places: list[str]) -> list[list[UsCompany]]:
        """:meth:`us` of each of *places*, in one call (a caller asking of every landing zone
        at every decision would make one call a place)."""
        found = []
        get = self._us.get
        for loc in places:
            here = get(loc)
            if not here:
                found.append([])
                continue
            for u in here:  # (see us)
                if u.eliminated:
                    found.append(_alive(here))
                    break
            else:
                found.append(here.copy())
        return found

    def held(self, side: str) -> list[str]:
        """The places of :meth:`in_use` of *side* where a live unit of it stands (``has_us`` or
        ``has_nva`` of each, in one call)."""
        lists = self._us if side == "us" else self._nva
        found = []
        for loc in self.in_use(side):
            for u in lists.get(loc, ()):
                if not u.eliminated:
                    found.append(loc)
                    break
        return found

    def contested(self) -> list[str]:
        """The places of :meth:`in_use` of the NVA where live units of both sides stand."""
        nva, us = self._nva, self._us
        found = []
        for loc in self.in_use("nva"):
            for u in nva.get(loc, ()):
                if not u.eliminated:
                    for v in us.get(loc, ()):
                        if not v.eliminated:
                            found.append(loc)
                            break
                    break
        return found

    def nva_alone_unheld(self, places: frozenset[str]) -> list[str]:
        """The places of :meth:`in_use_among` the NVA and *places* holding live NVA units, none
        under HOLD, and no live US unit: ``not nva_hold(loc) and has_nva(loc) and not
        has_us(loc)`` of each, in one call."""
        nva, us = self._nva, self._us
        found = []
        for loc in self.in_use_among("nva", places):
            live = held = False
            for u in nva.get(loc, ()):
                if not u.eliminated:
                    live = True
                    if u.hold:
                        held = True
                        break
            if held or not live:
                continue
            for u in us.get(loc, ()):
                if not u.eliminated:
                    break
            else:
                found.append(loc)
        return found

    def has_nva(self, loc: str) -> bool:
        """``bool(self.nva(loc))``, without making the list: the scans of every place in use
        ask only this."""
        for u in self._nva.get(loc, ()):  # noqa: SIM110 - any() would make a generator
            if not u.eliminated:
                return True
        return False

    def nva_hold(self, loc: str) -> bool:
        """Whether a live NVA unit at *loc* is under HOLD, without making the list of them."""
        for u in self._nva.get(loc, ()):  # noqa: SIM110 - any() would make a generator
            if u.hold and not u.eliminated:
                return True
        return False

    def in_use_among(self, side: str, places: frozenset[str]) -> list[str]:
        """:meth:`in_use` of *side* that are among *places*, kept as :meth:`in_use` is (the
        caller may not change it): the end of every segment looks only at these."""
        kept = self._among.get(side)
        if kept is None:
            kept = self._among[side] = {}
        found = kept.get(places)
        if found is None:
            found = kept[places] = [loc for loc in self.in_use(side) if loc in places]
        return found

    def has_us(self, loc: str) -> bool:
        """``bool(self.us(loc))``, without making the list."""
        for u in self._us.get(loc, ()):  # noqa: SIM110 - any() would make a generator
            if not u.eliminated:
                return True
        return False

    def occupied(self, loc: str) -> bool:
        return bool(self.units(loc))

    def landing_zones(self) -> tuple[str, ...]:
        """The landing zones outside Cambodia, sorted (pathfinders aside; ftv:3.4.2B).

        Kept until another LZ is revealed: the transport options ask for them at every flight.
        """
        return self._landing()[1]

    def lz_places(self) -> frozenset[str]:
        """Every place :meth:`is_lz` holds true of (kept as :meth:`landing_zones` is)."""
        return self._landing()[2]

    def _landing(self) -> tuple[frozenset[str], tuple[str, ...], frozenset[str]]:
        # (a frozenset equals the set of the same places: made only when they changed)
        if self._lzs is None or self._lzs[0] != self.revealed_lz:
            key = frozenset(self.revealed_lz)
            every = frozenset(loc for loc in self.map.locations if self.is_lz(loc))
            found = tuple(sorted(loc for loc in every if not self.map.in_cambodia(loc)))
            self._lzs = (key, found, every)
        return self._lzs

    def is_lz(self, loc: str) -> bool:
        """A landing zone: a revealed LZ marker, Pleiku or a camp (ftv:3.4.2B; pathfinders aside)."""
        return loc in self.revealed_lz or loc == "Pleiku" or self.map.camp(loc) is not None


def _alive(units: list) -> list:
    """The companies of *units* not eliminated (a loop: a comprehension costs a function call
    in 3.11, a plain one less)."""
    alive = []
    for u in units:
        if not u.eliminated:
            alive.append(u)
    return alive
