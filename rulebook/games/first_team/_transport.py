"""The Transport Segments: helicopters fly out, back, both, or hop; pathfinders (ftv:3.4.2, 3.4.6)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from itertools import compress
from operator import attrgetter
from typing import NamedTuple

from rulebook.games._decisions import Action, Decision, Options, question
from rulebook.games.first_team import _optional
from rulebook.games.first_team._common import (
    AN_KHE_ARG,
    DONE,
    Flow,
    from_token,
    move_supply,
    stacking,
)
from rulebook.games.first_team._fight import fight
from rulebook.games.first_team._pieces import UsCompany
from rulebook.games.first_team._state import CampaignState
from rulebook.games.first_team._values import reads_values
from rulebook.games.first_team.support import SupportUnit
from rulebook.maps.point_map import AN_KHE

__all__ = ["NINE", "NINE_HELICOPTER", "transport_segment"]


def _landing_zones(s: CampaignState, pathfinder: str | None) -> tuple[str, ...]:
    lzs = s.board.landing_zones()
    if pathfinder and pathfinder not in lzs:
        return tuple(sorted([*lzs, pathfinder]))
    return lzs  # (the board's, kept: read, never changed)


reads_values("lz_to_lz_cp")

NINE = "1/9"  # the 1/9 Cavalry's own helicopter carries only its own company, free (ftv:3.4.2A)
NINE_HELICOPTER = f"TRA-{NINE}"
_OUT_AND_BACK = ("out", "back")
_LEGS = (*_OUT_AND_BACK, "hop")


class _Flights:
    """What each transport helicopter has done this segment (ftv:3.4.2A).

    A helicopter makes one trip out from An Khe to a landing zone, one trip back, or both
    (not both if it carried the pathfinders), or one hop between landing zones for 1 CP.
    """

    def __init__(self, s: CampaignState) -> None:
        self.s = s
        self.legs: dict[str, set[str]] = {}
        self._pathfinder: str | None = None
        self.stacking = stacking(s)  # the campaign's
        # Where pathfinders may land, and the ready transports by id: kept for the segment until
        # a fight (the one thing that moves the NVA or sends a helicopter away mid-segment).
        self._pathfinder_places: list[str] | None = None
        self._ready: list[SupportUnit] | None = None
        # :meth:`helicopters` for every leg, kept until a helicopter flies, the pathfinders land
        # or a fight: each decision asks of three legs, then its action of one again.
        self._by_leg: dict[str, tuple[SupportUnit | None, SupportUnit | None]] | None = None

    @property
    def pathfinder(self) -> str | None:
        """The helicopter that carried the pathfinders this segment, if one did."""
        return self._pathfinder

    @pathfinder.setter
    def pathfinder(self, helicopter: str | None) -> None:
        self._pathfinder, self._by_leg = helicopter, None

    def pathfinder_places(self) -> list[str]:
        """Where pathfinders may land (ftv:3.4.2.3), kept until a fight (see :meth:`fought`)."""
        if self._pathfinder_places is None:
            self._pathfinder_places = _pathfinder_places(self.s)
        return self._pathfinder_places

    def ready(self) -> list[SupportUnit]:
        """The ready transports, by id, kept until a fight (see :meth:`fought`)."""
        if self._ready is None:
            self._ready = sorted(self.s.ready("transport"), key=_ID)
        return self._ready

    def fought(self) -> None:
        """A landing was ambushed: the NVA on the map and the helicopters may have changed."""
        self._pathfinder_places = self._ready = self._by_leg = None

    def helicopter(self, leg: str, unit: str | None) -> SupportUnit | None:
        """The helicopter to fly *leg* with *unit* (None for supply): the 1/9's own for its
        company, else one already half-used first, else the first by id."""
        return self.helicopters(leg)[unit == NINE]

    def helicopters(self, leg: str) -> tuple[SupportUnit | None, SupportUnit | None]:
        """:meth:`helicopter` for *leg* with any company but the 1/9 (or supply), and with the
        1/9."""
        return self.by_leg()[leg]

    def by_leg(self) -> dict[str, tuple[SupportUnit | None, SupportUnit | None]]:
        """:meth:`helicopters` of every leg, by leg (one call for a decision's every leg)."""
        found = self._by_leg
        if found is None:
            found = self._by_leg = self._each_leg()
        return found

    def _each_leg(self) -> dict[str, tuple[SupportUnit | None, SupportUnit | None]]:
        """:meth:`helicopters` for every leg, from one look at the ready transports."""
        legs, pathfinder = self.legs, self.pathfinder
        fresh = None
        used: dict[str, SupportUnit] = {}
        nine: dict[str, SupportUnit] = {}
        for h in self.ready():
            hid = h.id
            if hid == pathfinder:
                continue
            flown = legs.get(hid)
            if not flown:
                if hid == NINE_HELICOPTER:
                    nine = dict.fromkeys(_LEGS, h)
                elif fresh is None:
                    fresh = h
                continue
            # A used helicopter may still fly the other of out and back, never a second hop.
            if "hop" in flown:
                continue
            for leg in _OUT_AND_BACK:
                if leg not in flown:
                    if hid == NINE_HELICOPTER:
                        nine[leg] = h
                    elif leg not in used:
                        used[leg] = h
        found = {}
        for leg in _LEGS:
            other = used.get(leg) or fresh
            found[leg] = (other, nine.get(leg) or other)
        return found

    def fly(self, helicopter: SupportUnit, leg: str) -> None:
        self.legs.setdefault(helicopter.id, set()).add(leg)
        self._by_leg = None

    def used(self) -> list[SupportUnit]:
        ids = set(self.legs) | ({self.pathfinder} if self.pathfinder else set())
        return [self.s.support[i] for i in sorted(ids)]


class TransportFacts(NamedTuple):
    """What a transport decision offers, as plain facts a policy may choose by without reading
    the actions (positions are among the options).

    ``flying`` is each company at An Khe that may fly out, with the landing zones it may join:
    together the first run of options, from position 0, a company's flights one after the
    other. ``supply`` is where the run of supply flights from An Khe starts and the places it
    goes to (None without one). ``home`` is each flight back to An Khe: its position and
    company, in order.
    """

    flying: list[tuple[str, tuple[str, ...]]]
    supply: tuple[int, list[str]] | None
    home: list[tuple[int, str]]


# The verbs of the run of options from the landing zones, by which of them it holds.
_ZONE_VERBS = {
    (back, hop, supply): frozenset(
        verb for verb, present in (("fly", back), ("hop", hop), ("hop-supply", supply)) if present
    )
    for back in (False, True)
    for hop in (False, True)
    for supply in (False, True)
}


def _transport_options(s: CampaignState, flights: _Flights, lz_marker: str | None) -> Options:
    """What the ready helicopters may still carry this segment (ftv:3.4.2A, 3.4.2.3).

    The options are runs made when read (a policy taking the k-th one makes one action), with
    their :class:`TransportFacts`.
    """
    offer = _Offer(s, flights, _landing_zones(s, lz_marker))
    options, board, lzs = Options(), s.board, offer.lzs
    home = board.us(AN_KHE)
    flying: list[tuple[str, tuple[str, ...]]] = []
    legs = flights.by_leg()  # (the helicopter for each leg, read once for the decision)
    out = legs["out"]
    if home:
        fitting, open_to, counting = offer.fitting, offer.open_to, offer.counting
        # (a company's zones as fitting finds them, without the call once its group's are known;
        # none found, or none open, it is asked; a loop: a comprehension costs a function call)
        for u in home:
            uid = u.id
            if out[uid == NINE]:
                flying.append((uid, open_to.get(counting.get(u, _UNCOUNTED)) or fitting(u)))
        options.run(*_each_to(flying, "fly"), "fly")
    occupied = list(compress(lzs, offer.us_at))  # the zones holding US companies
    supply = None
    if board.supply.get(AN_KHE, 0) >= 2 and out[0]:
        supply = (len(options), occupied)
        options.run(*_supply_to(occupied, "fly-supply"), "fly-supply")
    hop_ok = s.cp.left >= s.values["lz_to_lz_cp"]
    hops = legs["hop"]
    going_home = _from_zones(s, offer, options, occupied, hop_ok, legs)
    if flights.pathfinder is None and s.spec.us.pathfinders and hops[0] is not None:
        options.run(*_supply_to(flights.pathfinder_places(), "pathfinder"), "pathfinder")
    options.facts = TransportFacts(flying, supply, going_home)
    return options


def _from_zones(  # noqa: PLR0917 - the decision's facts, each read once
    s: CampaignState,
    offer: _Offer,
    options: Options,
    occupied: list[str],
    hop_ok: bool,
    legs: dict[str, tuple[SupportUnit | None, SupportUnit | None]],
) -> list[tuple[int, str]]:
    """Add to *options* one run of what may fly from the landing zones, zone by zone in order:
    each company's flight home and hops to the other zones it may join, then the zone's
    supply's hops to the other occupied ones. Returns the flights home: position and company.
    *legs* is the helicopter for each leg (see _Flights.by_leg)."""
    back, hops = legs["back"], legs["hop"]
    # Whether a company (by whether it is the 1/9's) may fly home, or hop (the 1/9's by its
    # own helicopter even without the CPs); whether supply may hop.
    backs = (back[0] is not None, back[1] is not None)
    supply_hops = hops[0] is not None and hop_ok
    # (the helicopter for any company but the 1/9 is never the 1/9's own)
    hopping = (supply_hops, hops[1] is not None and (hop_ok or hops[1].id == NINE_HELICOPTER))
    # Each part is a verb, its first argument, the places it goes to and the position among
    # them of the one it leaves (skipped; past the end if it is not among them): the places
    # are the zones' lists as they are, none copied without the zone left.
    first = at = len(options)
    starts: list[int] = []
    parts: list[tuple[str, str, tuple[str, ...] | list[str], int]] = []
    going_home: list[tuple[int, str]] = []
    hopped = supplied = False
    supply = s.board.supply
    open_to, counting = offer.open_to, offer.counting
    for loc, units in zip(offer.lzs, offer.us_at, strict=True):
        # The hops of the last company's zones, worked out once for the companies after it that
        # may join the same ones (most of a zone's companies count alike).
        last = None
        for unit in units:
            if unit.garrison:
                continue
            uid = unit.id
            nine = uid == NINE
            if backs[nine]:
                going_home.append((at, uid))
                starts.append(at - first)
                parts.append(("fly", uid, _AN_KHE_ONLY, 1))
                at += 1
            if hopping[nine]:
                # (the zones of a company already counted, as fitting finds them, without the call)
                fit = open_to.get(counting.get(unit, _UNCOUNTED))
                if fit is None:
                    fit = offer.fitting(unit)
                if fit is not last:
                    last, hop_count = fit, len(fit)
                    hop_skip = fit.index(loc) if loc in fit else hop_count
                    hop_count -= hop_skip < hop_count  # (the zone it leaves is no hop)
                if hop_count:
                    hopped = True
                    starts.append(at - first)
                    parts.append(("hop", uid, fit, hop_skip))
                    at += hop_count
        if supply_hops and supply.get(loc):
            count = len(occupied)
            skip = occupied.index(loc) if loc in occupied else count
            if skip < count:
                count -= 1
            if count:
                supplied = True
                starts.append(at - first)
                parts.append(("hop-supply", loc, occupied, skip))
                at += count
    if parts:
        verbs = _ZONE_VERBS[bool(going_home), hopped, supplied]
        options.run(at - first, _zone_maker(starts, parts), verbs)
    return going_home


_AN_KHE_ONLY = (AN_KHE_ARG,)
_UNCOUNTED = object()  # what a company not yet counted for stacking counts as: no zone's key


def _zone_maker(
    starts: list[int], parts: list[tuple[str, str, tuple[str, ...] | list[str], int]]
) -> Callable[[int], Action]:
    """The maker of the run of options from the landing zones (see :func:`_from_zones`)."""

    def make(k: int) -> Action:
        i = bisect_right(starts, k) - 1  # the last part starting at or before k
        verb, first, places, skip = parts[i]
        k -= starts[i]
        return _new(Action, (verb, (first, places[k if k < skip else k + 1])))

    return make


class _Offer:
    """What one transport decision reads, each read once: nothing moves while its options are
    made. Whether a company may join a landing zone depends only on what it counts as for
    stacking (its battalion or brigade; garrisons count for nothing), so each zone is asked once
    per group; the campaign's Stacking keeps tallies and answers from one decision to the next.

    The zones each group may join are a function of the zones and their tallies alone, so they
    are kept by those for the campaign (on its Stacking): the same zones held alike come back
    often (a supply flight or a pathfinder changes no tally), so 7 in 10 of a scripted
    campaign's groups (3 in 10 of a random one's) are found made.
    """

    # Sets of zones and tallies kept at most, forgotten all at once past it (each keeps a few
    # tuples of zones).
    LIMIT = 5_000

    def __init__(self, s: CampaignState, flights: _Flights, lzs: tuple[str, ...]) -> None:
        self.flights, self.lzs, self.rules = flights, lzs, flights.stacking
        self.us_at = s.board.us_each(lzs)
        self.tallies = self.rules.tally_each(self.us_at)
        known = self.rules.kept("landing zones open")
        key = (lzs, self.tallies)
        found = known.get(key)
        if found is None:
            if len(known) >= self.LIMIT:
                known.clear()
            found = known[key] = {}
        self.open_to: dict[object, tuple[str, ...]] = found  # by what a company counts as
        self.counting = self.rules.counting  # what each company counts as, kept
        self._answers: list[dict[object, bool]] | None = None  # each zone's, once one is asked

    def fitting(self, unit: UsCompany) -> tuple[str, ...]:
        """The landing zones *unit* may join (ftv:2.3.1)."""
        what = self.counting.get(unit)
        if what is None:
            what = self.rules.counts_as(unit)
        found = self.open_to.get(what)
        if found is None:
            rules, answers = self.rules, self._answers
            if answers is None:
                # (a loop: a comprehension costs a function call in 3.11)
                answers = self._answers = []
                for tally in self.tallies:
                    answers.append(rules.answers_of(tally))
            found = self.open_to[what] = rules.open_places(self.lzs, self.tallies, what, answers)
        return found


def _pathfinder_places(s: CampaignState) -> list[str]:
    """Where pathfinders may land: any place open to the US that is not a landing zone and holds
    no NVA (ftv:3.4.2.3).

    A function of the map and of where the NVA and the landing zones are, kept on the map by
    those (about 2 in 3 of a campaign's asks find the same NVA and zones as one before)."""
    nva, lz, cambodia = tuple(s.nva_on_map()), s.board.lz_places(), _optional.cambodia_open(s)
    known = s.map.derived.get("pathfinder places")
    if known is None or len(known) >= _PATHFINDER_LIMIT:
        known = s.map.derived["pathfinder places"] = {}
    key = (nva, lz, cambodia)
    found = known.get(key)
    if found is None:
        held = set(nva)
        found = known[key] = [
            loc for loc in _optional.open_places(s) if loc not in held and loc not in lz
        ]
    return found


# Lists of places kept at most, forgotten all at once past it (each a short list of places).
_PATHFINDER_LIMIT = 2_000


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
_ID = attrgetter("id")


def _action(verb: str, *args: str) -> Action:
    """An action of string arguments, made without checking them (they are location and unit ids)."""
    return tuple.__new__(Action, (verb, args))


def _land(s: CampaignState, unit: UsCompany, dest: str, *, first: bool, flights: _Flights) -> Flow:
    """Put a flown company down; alone among the NVA it is ambushed (ftv:3.4.2.1)."""
    s.board.place(dest, unit)
    s.moved.add(unit.id)
    if first and dest != AN_KHE:
        s.flown.add(unit.id)
    if dest != AN_KHE and s.board.nva(dest) and len(s.board.us(dest)) == 1:
        s.note("ftv:3.4.2.1", f"{unit.id} lands among the NVA at {dest}: ambush")
        yield from fight(s, dest, attacker="nva", ambush=True)
        flights.fought()


def transport_segment(s: CampaignState, first: bool) -> Flow:  # noqa: PLR0915 - a branch a verb
    """Helicopters fly out, back, both, or hop between landing zones (ftv:3.4.2, 3.4.6)."""
    s.segment = "first transport" if first else "final transport"
    rule = "ftv:3.4.2" if first else "ftv:3.4.6"
    flights = _Flights(s)
    lz_marker: str | None = None
    prompt = (
        "transport: each helicopter flies out, back, both, or one LZ-to-LZ hop "
        f"({s.values['lz_to_lz_cp']} CP)"
    )
    while True:
        options = _transport_options(s, flights, lz_marker)
        action = question("us", options.add(DONE), prompt, rule)
        if type(action) is Decision:
            action = yield action
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
        yield from _land(s, unit, dest, first=first, flights=flights)
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
