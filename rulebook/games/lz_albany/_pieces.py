"""Counters and chits: platoons, officers, wounded markers and the action chits (lza:2.4, 3.2, 5.1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulebook.scenario._lza_models import LZAlbanySpec

SIDES = ("us", "nva")

# Changing one of these moves a counter in or out of the board's index of who stands where.
_PLACEMENT = frozenset({"area", "status", "wounded"})


def battery_name(uid: str) -> str:
    """An artillery battery's name in sentences, from its counter's id.

    >>> battery_name("Arty-4")
    'Artillery battery 4'
    """
    return f"Artillery battery {uid.rpartition('-')[2]}"


# The opposing side: other("us") is "nva". A dict's lookup rather than a function of ours,
# since the rules and the scripted players ask it thousands of times a game.
other = {"us": "nva", "nva": "us"}.__getitem__


@dataclass
class Unit:
    """A platoon or an officer on (or waiting to enter) the map.

    ``hits`` counts hits taken: 1-2 are markers, 3 flips a platoon to its
    reduced side, and one more than the side can absorb removes it
    (lza:8.2). For an officer, ``wounded`` is the flipped side (lza:10.4).
    """

    id: str
    side: str
    kind: str  # infantry | mortar | artillery | officer
    company: str | None
    group: str | None
    arrival_turn: int
    fire: int = 0
    melee: int = 0
    reduced_fire: int = 0
    reduced_melee: int = 0
    senior: bool = False
    capacity: int = 4  # hits the side absorbs (lza:8.2), read from the scenario
    reduced_at: int = 3  # the hit that flips a platoon (lza:8.2), read from the scenario
    area: str | None = None
    status: str = "waiting"  # waiting | held | on-map | eliminated | exited | evacuated
    hits: int = 0
    wounded: bool = False
    is_officer: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.is_officer = self.kind == "officer"  # read in every scan: a field, not a property

    @property
    def reduced(self) -> bool:
        """Flipped to the reduced side by a third hit (lza:8.2, 8.3)."""
        return not self.is_officer and self.hits >= self.reduced_at

    @property
    def on_map(self) -> bool:
        return self.status == "on-map"

    def strength(self, what: str) -> int:
        """Fire or melee strength, reduced values once reduced (lza:8.3)."""
        reduced = not self.is_officer and self.hits >= self.reduced_at  # self.reduced, inlined
        if what == "fire":
            return self.reduced_fire if reduced else self.fire
        return self.reduced_melee if reduced else self.melee

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "area": self.area,
            "status": self.status,
            "hits": self.hits,
            "wounded": self.wounded,
        }


class PlacedUnit(Unit):
    """A unit on a board: it tells the board's index when its area, status or wounded side change
    (and tells it when its hits change, which dates the options kept for its area).

    ``State`` turns its units into this class (same fields, same data), so building counters
    costs nothing extra and only a board's counters pay for keeping its index current.
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "area":  # the commonest change (a move): only the area's lists change
            self._board.relocate(self, value)
            return
        if name not in _PLACEMENT:
            object.__setattr__(self, name, value)
            if name == "hits":  # strengths change: options kept for its area are stale
                self._board.hurt(self)
            return
        board = self._board
        board.lift(self)  # out of the index under the old values, back in under the new
        object.__setattr__(self, name, value)
        board.drop(self)


@dataclass
class WoundedMarker:
    """A US platoon that took its fourth hit (lza:8.2, 8.4)."""

    id: str
    area: str
    status: str = "on-map"  # on-map | destroyed | evacuated


@dataclass
class Chit:
    """An action chit (lza:5.0)."""

    id: str
    kind: str
    side: str
    arrival_turn: int
    in_play: bool = False
    damaged: bool = False  # a gunship flipped by ground fire, for this turn (lza:7.6)


@dataclass
class Forces:
    units: dict[str, Unit] = field(default_factory=dict)
    chits: dict[str, Chit] = field(default_factory=dict)


def build_forces(spec: LZAlbanySpec, us_hits: int, nva_hits: int, reduced_at: int = 3) -> Forces:
    """Every counter and chit of a scenario, waiting for its arrival turn (lza:3.2)."""
    forces = Forces()
    capacity = {"us": us_hits, "nva": nva_hits}
    for company in spec.companies:
        turn = company.arrives.turn
        if company.officer:
            forces.units[company.officer] = Unit(
                company.officer, company.side, "officer", company.id, company.group, turn
            )
        for i, type_name in enumerate(company.platoons, 1):
            t = spec.unit_types[type_name]
            uid = f"{company.id}-{i}"
            forces.units[uid] = Unit(
                uid,
                company.side,
                t.kind,
                company.id,
                company.group,
                turn,
                t.fire,
                t.melee,
                t.reduced_fire,
                t.reduced_melee,
                capacity=capacity[company.side],
                reduced_at=reduced_at,
            )
    for officer in spec.senior_officers:
        forces.units[officer.id] = Unit(
            officer.id, officer.side, "officer", None, None, officer.arrives.turn, senior=True
        )
    counts: dict[str, int] = {}
    for chit in spec.chits:
        for _ in range(chit.count):
            key = f"{chit.side}-{chit.kind}"
            counts[key] = counts.get(key, 0) + 1
            cid = f"{key}-{counts[key]}"
            forces.chits[cid] = Chit(cid, chit.kind, chit.side, chit.turn)
    return forces
