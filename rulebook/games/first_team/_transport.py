"""The Transport Segments: helicopters fly out, back, both, or hop; pathfinders (ftv:3.4.2, 3.4.6)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable

from rulebook.games._decisions import Action, Options, ask
from rulebook.games.first_team import _optional
from rulebook.games.first_team._common import (
    AN_KHE_ARG,
    DONE,
    Flow,
    from_token,
    move_supply,
    stacking_mix,
)
from rulebook.games.first_team._fight import fight
from rulebook.games.first_team._pieces import UsCompany
from rulebook.games.first_team._state import CampaignState
from rulebook.games.first_team._values import reads_values
from rulebook.games.first_team.logistics import Stacking
from rulebook.games.first_team.support import SupportUnit
from rulebook.maps.point_map import AN_KHE

__all__ = ["NINE", "NINE_HELICOPTER", "transport_segment"]


def _landing_zones(s: CampaignState, pathfinder: str | None) -> list[str]:
    lzs = s.board.landing_zones()
    if pathfinder and pathfinder not in lzs:
        return sorted([*lzs, pathfinder])
    return list(lzs)


reads_values("lz_to_lz_cp")

NINE = "1/9"  # the 1/9 Cavalry's own helicopter carries only its own company, free (ftv:3.4.2A)
NINE_HELICOPTER = f"TRA-{NINE}"


class _Flights:
    """What each transport helicopter has done this segment (ftv:3.4.2A).

    A helicopter makes one trip out from An Khe to a landing zone, one trip back, or both
    (not both if it carried the pathfinders), or one hop between landing zones for 1 CP.
    """

    def __init__(self, s: CampaignState) -> None:
        self.s = s
        self.legs: dict[str, set[str]] = {}
        self.pathfinder: str | None = None
        self.stacking = Stacking(stacking_mix(s), s.values)  # kept for the segment

    def helicopter(
        self, leg: str, unit: str | None, ready: list[SupportUnit] | None = None
    ) -> SupportUnit | None:
        """The helicopter to fly *leg* with *unit* (None for supply): one already half-used
        first. *ready* is the ready transports, if the caller has them."""
        legs, pathfinder = self.legs, self.pathfinder
        candidates = []
        for h in self.s.ready("transport") if ready is None else ready:
            if (h.id == NINE_HELICOPTER and unit != NINE) or h.id == pathfinder:
                continue
            flown = legs.get(h.id)
            # A used helicopter may still fly the other of out and back, never a second hop.
            if flown and (leg in flown or "hop" in flown or leg == "hop"):
                continue
            candidates.append(h)
        return min(
            candidates,
            key=lambda h: (h.id != NINE_HELICOPTER, not self.legs.get(h.id), h.id),
            default=None,
        )

    def fly(self, helicopter: SupportUnit, leg: str) -> None:
        self.legs.setdefault(helicopter.id, set()).add(leg)

    def used(self) -> list[SupportUnit]:
        ids = set(self.legs) | ({self.pathfinder} if self.pathfinder else set())
        return [self.s.support[i] for i in sorted(ids)]


def _transport_options(s: CampaignState, flights: _Flights, lz_marker: str | None) -> Options:
    """What the ready helicopters may still carry this segment (ftv:3.4.2A, 3.4.2.3).

    The options are runs made when read (a policy taking the k-th one makes one action).
    """
    offer = _Offer(s, flights, _landing_zones(s, lz_marker))
    options, board, lzs = Options(), s.board, offer.lzs
    home = board.us(AN_KHE)
    if home:
        out = offer.can_fly("out")
        flying = [(u.id, offer.fitting(u)) for u in home if out[u.id == NINE]]
        options.run(*_each_to(flying, "fly"), "fly")
    occupied = [loc for loc, units in zip(lzs, offer.us_at, strict=True) if units]
    if board.supply.get(AN_KHE, 0) >= 2 and offer.can_fly("out")[0]:
        options.run(*_supply_to(occupied, "fly-supply"), "fly-supply")
    hop_ok = s.cp.left >= s.values["lz_to_lz_cp"]
    back = hops = None
    for loc, units in zip(lzs, offer.us_at, strict=True):
        for unit in units:
            if unit.garrison:
                continue
            if back is None:
                back, hops = offer.can_fly("back"), offer.can_fly("hop")
            uid = unit.id
            nine = uid == NINE
            if back[nine]:
                options.run(1, _one(_new(Action, ("fly", (uid, AN_KHE_ARG)))), "fly")
            hop = hops[nine]
            if hop and (hop_ok or hop.id == NINE_HELICOPTER):
                fit = offer.fitting(unit)
                if loc in fit:
                    fit = [other for other in fit if other != loc]
                options.run(*_to(uid, fit, "hop"), "hop")
        if board.supply.get(loc) and offer.can_fly("hop")[0] and hop_ok:
            others = [other for other in occupied if other != loc]
            options.run(*_supply_to(others, "hop-supply", loc), "hop-supply")
    if flights.pathfinder is None and s.spec.us.pathfinders and offer.can_fly("hop")[0]:
        options.run(*_supply_to(_pathfinder_places(s), "pathfinder"), "pathfinder")
    return options


class _Offer:
    """What one transport decision reads, each read once: nothing moves while its options are
    made. Whether a company may join a landing zone depends only on what it counts as for
    stacking (its battalion or brigade; garrisons count for nothing), so each zone is asked once
    per group; the segment's Stacking keeps tallies and answers from one decision to the next."""

    def __init__(self, s: CampaignState, flights: _Flights, lzs: list[str]) -> None:
        self.flights, self.lzs, self.rules = flights, lzs, flights.stacking
        self.us_at = [s.board.us(loc) for loc in lzs]
        self.tallies = tuple(self.rules.tally(units) for units in self.us_at)
        self.ready = s.ready("transport")
        self.flyers: dict[str, tuple[SupportUnit | None, SupportUnit | None]] = {}
        self.open_to: dict[object, list[str]] = {}  # by what a company counts as
        self.counting = self.rules.counting  # what each company counts as, kept

    def can_fly(self, leg: str) -> tuple[SupportUnit | None, SupportUnit | None]:
        """The helicopter for *leg* with any company or supply, and with the 1/9's own."""
        found = self.flyers.get(leg)
        if found is None:
            found = self.flyers[leg] = (
                self.flights.helicopter(leg, None, self.ready),
                self.flights.helicopter(leg, NINE, self.ready),
            )
        return found

    def fitting(self, unit: UsCompany) -> list[str]:
        """The landing zones *unit* may join (ftv:2.3.1)."""
        what = self.counting.get(unit)
        if what is None:
            what = self.rules.counts_as(unit)
        found = self.open_to.get(what)
        if found is None:
            may = self.rules.joins_each(self.tallies, what)
            found = self.open_to[what] = [loc for loc, ok in zip(self.lzs, may, strict=True) if ok]
        return found


def _pathfinder_places(s: CampaignState) -> list[str]:
    """Where pathfinders may land: any place open to the US that is not a landing zone and holds
    no NVA (ftv:3.4.2.3)."""
    nva, lz = set(s.nva_on_map()), s.board.lz_places()
    return [loc for loc in _optional.open_places(s) if loc not in nva and loc not in lz]


def _each_to(
    flights: list[tuple[str, list[str]]], verb: str
) -> tuple[int, Callable[[int], Action]]:
    """One run of the flights of each unit to each of its places, in order: its length and
    its maker (one run for many units: a policy picks among them by position)."""
    starts, at = [], 0
    for _, places in flights:
        starts.append(at)
        at += len(places)

    def make(k: int) -> Action:
        i = bisect_right(starts, k) - 1  # the last of the units starting at or before k
        unit, places = flights[i]
        return _new(Action, (verb, (unit, places[k - starts[i]])))

    return at, make


def _one(action: Action) -> Callable[[int], Action]:
    """The maker of a run of one action."""
    return lambda k: action


def _supply_to(places: list[str], verb: str, *origin: str) -> tuple[int, Callable[[int], Action]]:
    """A run of *verb* to each of *places* (from *origin*, if given): its length and maker."""
    return len(places), lambda k: _action(verb, *origin, places[k])


def _to(unit: str, places: list[str], verb: str) -> tuple[int, Callable[[int], Action]]:
    """A run of flights of *unit* to each of *places*: its length and its maker."""
    return len(places), lambda k: _new(Action, (verb, (unit, places[k])))


_new = tuple.__new__


def _action(verb: str, *args: str) -> Action:
    """An action of string arguments, made without checking them (they are location and unit ids)."""
    return tuple.__new__(Action, (verb, args))


def _land(s: CampaignState, unit: UsCompany, dest: str, *, first: bool) -> Flow:
    """Put a flown company down; alone among the NVA it is ambushed (ftv:3.4.2.1)."""
    s.board.place(dest, unit)
    s.moved.add(unit.id)
    if first and dest != AN_KHE:
        s.flown.add(unit.id)
    if dest != AN_KHE and s.board.nva(dest) and len(s.board.us(dest)) == 1:
        s.note("ftv:3.4.2.1", f"{unit.id} lands among the NVA at {dest}: ambush")
        yield from fight(s, dest, attacker="nva", ambush=True)


def transport_segment(s: CampaignState, first: bool) -> Flow:
    """Helicopters fly out, back, both, or hop between landing zones (ftv:3.4.2, 3.4.6)."""
    s.segment = "first transport" if first else "final transport"
    rule = "ftv:3.4.2" if first else "ftv:3.4.6"
    flights = _Flights(s)
    lz_marker: str | None = None
    while True:
        options = _transport_options(s, flights, lz_marker)
        prompt = (
            "transport: each helicopter flies out, back, both, or one LZ-to-LZ hop "
            f"({s.values['lz_to_lz_cp']} CP)"
        )
        action = yield from ask("us", options.add(DONE), prompt, rule)
        if action == DONE:
            break
        if action.verb == "pathfinder":
            helicopter = flights.helicopter("hop", None)
            flights.pathfinder, lz_marker = helicopter.id, action.args[0]
            s.pathfinder = (lz_marker, helicopter.id)
            s.note(
                "ftv:3.4.2.3",
                f"{helicopter.id} lands pathfinders at {lz_marker}: a landing zone for this segment",
            )
            continue
        if action.verb == "fly-supply":
            helicopter = flights.helicopter("out", None)
            flights.fly(helicopter, "out")
            move_supply(s, AN_KHE, action.args[0])
            s.note(rule, f"{helicopter.id} flies a supply counter to {action.args[0]}")
            continue
        if action.verb == "hop-supply":
            helicopter = flights.helicopter("hop", None)
            flights.fly(helicopter, "hop")
            s.cp.spend(s.values["lz_to_lz_cp"], "ftv:3.4.2", "an LZ-to-LZ flight")
            move_supply(s, action.args[0], action.args[1])
            s.note(
                rule,
                f"{helicopter.id} flies a supply counter {action.args[0]} to {action.args[1]} "
                f"({s.values['lz_to_lz_cp']} CP)",
            )
            continue
        unit, dest = s.us[action.args[0]], from_token(action.args[1])
        origin = s.where(unit)
        leg = "hop" if action.verb == "hop" else "back" if dest == AN_KHE else "out"
        helicopter = flights.helicopter(leg, unit.id)
        flights.fly(helicopter, leg)
        cost = ""
        if leg == "hop" and helicopter.id != NINE_HELICOPTER:
            s.cp.spend(s.values["lz_to_lz_cp"], "ftv:3.4.2", "an LZ-to-LZ flight")
            cost = f" ({s.values['lz_to_lz_cp']} CP)"
        s.note(rule, f"{helicopter.id} flies {unit.id} from {origin} to {dest}{cost}")
        yield from _land(s, unit, dest, first=first)
    if s.pathfinder:
        s.note("ftv:3.4.2.3", f"the pathfinders return from {s.pathfinder[0]} to An Khe")
        s.pathfinder = None
    used = flights.used()
    for helicopter in used:
        if helicopter.fatigued:
            helicopter.box = "refit"
        helicopter.fatigued = True
    if used:
        s.note(
            "ftv:3.4.2.2",
            f"{len(used)} helicopter(s) return: fresh ones fatigued to An Khe, tired ones to Refit",
        )
