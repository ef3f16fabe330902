"""The sequence of play of First Team: Vietnam as a generator of US decisions (ftv:3.0-3.9, 5.0, 7.0).

The US player is asked whenever the rules give a choice; the NVA is the programme of section
3.5 and never asks. Every phase and segment sets ``state.phase`` / ``state.segment``, so a
stepper can stop at any of them.
"""

from __future__ import annotations

import itertools
from collections.abc import Generator

from rulebook.games._decisions import Action, ask
from rulebook.games.first_team import _nva, _optional
from rulebook.games.first_team._pieces import UsCompany, regiment_name
from rulebook.games.first_team._state import CampaignState, GameOver, victory_level
from rulebook.games.first_team.combat import Force, resolve
from rulebook.games.first_team.logistics import (
    add_fatigue,
    choose_garrison,
    consume_supply,
    garrison_size,
    move_fatigue,
    stacking_problem,
)
from rulebook.games.first_team.retreat import (
    BY_HELICOPTER,
    capture_supply,
    retreat_nva,
    retreat_us,
    us_retreats,
)
from rulebook.games.first_team.support import SupportUnit, return_support
from rulebook.maps.point_map import AN_KHE, PLEIKU

__all__ = ["campaign", "contact", "fight", "zone_entry"]

Flow = Generator

AN_KHE_ARG = "AnKhe"  # action arguments have no spaces
DONE = Action.of("done")


def _loc(token: str) -> str:
    return AN_KHE if token == AN_KHE_ARG else token


def _token(loc: str) -> str:
    return AN_KHE_ARG if loc == AN_KHE else loc


# --- set-up (ftv:7.0) ------------------------------------------------------------------------


def setup(s: CampaignState) -> Flow:
    s.phase = "set-up"
    s.board.place("D2", s.us["Duc Co"])
    s.board.place("G4", s.us["Plei Me"])
    s.board.supply.update({"D2": 2, "G4": 2})
    for unit in s.us.values():
        if not unit.garrison:
            s.board.place(AN_KHE, unit)
    s.note(
        "ftv:7.0",
        "set-up: camp garrisons and a full supply counter at D2 and G4, all US units at An Khe, 21 NVA companies in the Unknown Box",
    )
    _optional.attach_batteries(s)
    real = [True] * s.spec.us.lz_markers + [False] * s.spec.us.no_lz_markers
    # The markers are mixed face down: which is real is drawn now, unseen until flipped (ftv:3.2.1).
    order = list(range(len(real)))
    for i in range(len(order) - 1, 0, -1):
        j = s.dice.pick(i + 1, "ftv:7.0")
        order[i], order[j] = order[j], order[i]
    for k in range(len(real)):
        per_zone = {}
        for loc in s.lz_markers:
            per_zone[s.map.zone(loc)] = per_zone.get(s.map.zone(loc), 0) + 1
        options = [
            Action.of("place-lz", loc)
            for loc in s.map.locations
            if loc not in s.lz_markers
            and loc != PLEIKU
            and not s.map.camp(loc)
            and not s.map.in_cambodia(loc)
            and per_zone.get(s.map.zone(loc), 0) < 2
        ]
        action = yield from ask(
            "us",
            options,
            f"place LZ marker {k + 1} of {len(real)} face down (two per zone at most)",
            "ftv:7.0",
        )
        s.lz_markers[action.args[0]] = real[order[k]]


# --- 3.1-3.3 ---------------------------------------------------------------------------------


def command_phase(s: CampaignState) -> None:
    s.phase, s.segment = "command", ""
    s.cp.new_turn()
    s.moved.clear()
    s.struck.clear()
    s.note(
        "ftv:3.1", f"turn {s.turn}: {s.cp.left} CPs, unspent ones are lost at the end of the turn"
    )


def _intel_options(s: CampaignState, attempted: bool) -> list[Action]:
    options = []
    if s.cp.left >= 1:
        options += [
            Action.of("find-lz", loc)
            for loc in sorted(s.lz_markers)
            if loc not in s.board.revealed_lz
        ]
    if not attempted:
        zones = s.identified_zones()
        for extra in range(min(2, s.cp.left - 1) + 1):
            if s.unknown():
                options.append(Action.of("identify", extra))
            options += [Action.of("contact", zone, extra) for zone in zones]
    return options


def intelligence_phase(s: CampaignState) -> Flow:
    s.phase = "intelligence"
    attempted = False
    while True:
        options = _intel_options(s, attempted)
        options.append(DONE)
        action = yield from ask(
            "us",
            options,
            "intelligence: find landing zones, and one attempt to locate the enemy",
            "ftv:3.2",
        )
        if action == DONE:
            return
        if action.verb == "find-lz":
            loc = action.args[0]
            s.cp.spend(1, "ftv:3.2.1", "locating a landing zone")
            if s.lz_markers.pop(loc):
                s.board.revealed_lz.add(loc)
                s.note("ftv:3.2.1", f"the marker at {loc} is a landing zone")
            else:
                s.note("ftv:3.2.1", f"the marker at {loc} says No LZ and is removed")
            continue
        attempted = True
        extra = int(action.args[-1])
        s.cp.spend(1 + extra, "ftv:3.2.2", "an attempt to locate the enemy")
        roll = s.dice.d6("ftv:3.2.2")
        success = roll - extra <= 1
        s.note(
            "ftv:3.2.2",
            f"locate roll {roll} - {extra} = {roll - extra}: {'found' if success else 'nothing'}",
            rolls=s.dice.rolls[-1:],
        )
        if not success:
            continue
        if action.verb == "identify":
            _identify(s)
        else:
            _contact(s, action.args[0])


def _identify(s: CampaignState) -> None:
    roll = s.dice.d6("ftv:3.2.2.1")
    zone = s.spec.tables.intelligence.turns[s.turn][roll - 1]
    regiment = min(u.regiment for u in s.unknown())
    if zone == "-":
        s.note(
            "ftv:3.2.2.1",
            f"intelligence table turn {s.turn}, roll {roll}: nothing",
            rolls=s.dice.rolls[-1:],
        )
        return
    for unit in s.unknown():
        if unit.regiment == regiment:
            s.box[unit.id] = zone
    s.note(
        "ftv:3.2.2.1",
        f"intelligence table turn {s.turn}, roll {roll}: the {regiment_name(regiment)} is in zone {zone}",
        rolls=s.dice.rolls[-1:],
    )


def contact(s: CampaignState, zone: str, place_die: int, count_die: int) -> list[str]:
    """Place the lowest company of the lowest regiment in *zone* and up to *count_die*
    consecutive companies after it at location *place_die* of the zone (ftv:3.2.2.2)."""
    units = s.zone_units(zone)
    first = units[0]
    chain = [first]
    for unit in units[1:]:
        if (
            len(chain) >= count_die
            or unit.regiment != first.regiment
            or unit.number != chain[-1].number + 1
        ):
            break
        chain.append(unit)
    loc = f"{zone}{place_die}"
    placed = _nva._place(s, loc, chain, "ftv:3.2.2.2")
    return [u.id for u in placed]


def _contact(s: CampaignState, zone: str) -> None:
    place_die, count_die = s.dice.d6("ftv:3.2.2.2"), s.dice.d6("ftv:3.2.2.2")
    s.note(
        "ftv:3.2.2.2",
        f"contact in zone {zone}: location die {place_die}, companies die {count_die}",
        rolls=s.dice.rolls[-2:],
    )
    contact(s, zone, place_die, count_die)


def supply_phase(s: CampaignState) -> Flow:
    s.phase = "supply"
    while True:
        options = [Action.of("buy-supply")] if s.cp.left >= 1 else []
        action = yield from ask(
            "us", [*options, DONE], "buy supply counters for the An Khe Box at 1 CP each", "ftv:3.3"
        )
        if action == DONE:
            return
        s.cp.spend(1, "ftv:3.3", "a supply counter")
        s.board.supply[AN_KHE] = s.board.supply.get(AN_KHE, 0) + 2
        s.note(
            "ftv:3.3", f"a full supply counter goes to An Khe ({s.board.supply[AN_KHE] // 2} there)"
        )


# --- 3.4 US assault ----------------------------------------------------------------------


def air_strike_segment(s: CampaignState) -> Flow:
    from rulebook.games.first_team.air import strike, zone_strike

    s.segment = "air strikes"
    while True:
        ready = [u for u in s.support.values() if u.kind in ("airstrike", "b52") and u.ready]
        options = []
        if s.cp.left >= 2:
            for loc in s.nva_on_map():
                if loc in s.struck or not _optional.open_to_us(s, loc):
                    continue  # Cambodia only under option 6.1 (ftv:6.1)
                for unit in ready:
                    if unit.kind == "b52" and (
                        loc == PLEIKU or any(not u.garrison for u in s.board.us(loc))
                    ):
                        continue
                    options.append(Action.of("strike", loc, unit.id))
            for zone in s.identified_zones():
                options += [Action.of("strike-zone", zone, unit.id) for unit in ready]
        action = yield from ask(
            "us", [*options, DONE], "air strikes: one counter at a time, 2 CP each", "ftv:3.4.1"
        )
        if action == DONE:
            return
        target, uid = action.args
        unit = s.support[uid]
        s.cp.spend(2, "ftv:3.4.1", f"air strike {uid}")
        value = s.spec.us.b52s[uid] if unit.kind == "b52" else s.spec.us.airstrikes[uid][1]
        unit.box = "gone" if unit.kind == "b52" else "used"
        if action.verb == "strike":
            s.struck.add(target)
            _optional.us_in_cambodia(s, target, air=True)
            hits = strike(
                value,
                s.board.nva(target),
                s.crt,
                s.dice,
                trace=_Sink(s),
                airstrike_dice=s.options.get("airstrike_dice", "2d6"),
            )
            for hit in hits:
                if hit.effects.retreat:
                    retreat_nva(s.board, target, _Sink(s), [s.nva[hit.target]])
        else:
            zone_strike(
                "b52" if unit.kind == "b52" else "tactical",
                value,
                s.zone_units(target),
                s.crt,
                s.dice,
                trace=_Sink(s),
                airstrike_dice=s.options.get("airstrike_dice", "2d6"),
            )
        _optional.battery_upkeep(s)


class _Sink:
    """A Trace-like writer into the campaign trace."""

    def __init__(self, s: CampaignState) -> None:
        self.s = s

    def step(self, rule: str, text: str, **kwargs: object) -> None:
        self.s.note(rule, text, **kwargs)


def _landing_zones(s: CampaignState, pathfinder: str | None) -> list[str]:
    lzs = [loc for loc in s.map.locations if s.board.is_lz(loc) and not s.map.in_cambodia(loc)]
    if pathfinder:
        lzs.append(pathfinder)
    return sorted(set(lzs))


def _mix(s: CampaignState) -> str:
    return s.options.get("us_stacking_mix", "battalion")


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

    def helicopter(self, leg: str, unit: str | None) -> SupportUnit | None:
        """The helicopter to fly *leg* with *unit* (None for supply): one already half-used first."""
        candidates = [
            h
            for h in self.s.ready("transport")
            if (h.id != NINE_HELICOPTER or unit == NINE)
            and h.id != self.pathfinder
            and leg not in self.legs.get(h.id, set())
            and "hop" not in self.legs.get(h.id, set())
            and (leg != "hop" or not self.legs.get(h.id))
        ]
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


def _transport_options(s: CampaignState, flights: _Flights, lz_marker: str | None) -> list[Action]:
    """What the ready helicopters may still carry this segment (ftv:3.4.2A, 3.4.2.3)."""
    lzs = _landing_zones(s, lz_marker)
    options = []

    def fits(unit: UsCompany, loc: str) -> bool:
        return stacking_problem([*s.board.us(loc), unit], mix=_mix(s)) is None

    for unit in s.board.us(AN_KHE):
        if flights.helicopter("out", unit.id):
            options += [Action.of("fly", unit.id, loc) for loc in lzs if fits(unit, loc)]
    if s.board.supply.get(AN_KHE, 0) >= 2 and flights.helicopter("out", None):
        options += [Action.of("fly-supply", loc) for loc in lzs if s.board.us(loc)]
    for loc in lzs:
        for unit in s.board.us(loc):
            if unit.garrison:
                continue
            if flights.helicopter("back", unit.id):
                options.append(Action.of("fly", unit.id, AN_KHE_ARG))
            hop = flights.helicopter("hop", unit.id)
            if hop and (s.cp.left >= 1 or hop.id == NINE_HELICOPTER):
                options += [
                    Action.of("hop", unit.id, other)
                    for other in lzs
                    if other != loc and fits(unit, other)
                ]
        if s.board.supply.get(loc) and flights.helicopter("hop", None) and s.cp.left >= 1:
            options += [
                Action.of("hop-supply", loc, other)
                for other in lzs
                if other != loc and s.board.us(other)
            ]
    if flights.pathfinder is None and s.spec.us.pathfinders and flights.helicopter("hop", None):
        options += [
            Action.of("pathfinder", loc)
            for loc in s.map.locations
            if not s.board.nva(loc)
            and not s.board.is_lz(loc)
            and not s.map.in_cambodia(loc)
            and _near_action(s, loc)
        ]
    return list(dict.fromkeys(options))


def _land(s: CampaignState, unit: UsCompany, dest: str, *, first: bool) -> Flow:
    """Put a flown company down; alone among the NVA it is ambushed (ftv:3.4.2.1)."""
    s.board.place(dest, unit)
    s.moved.add(unit.id)
    if first and dest != AN_KHE:
        s.flown.add(unit.id)
    if dest != AN_KHE and s.board.nva(dest) and len(s.board.us(dest)) == 1:
        s.note("ftv:3.4.2.1", f"{unit.id} lands among the NVA at {dest}: ambush")
        yield from fight(s, dest, attacker="nva", ambush=True)


def _move_supply(s: CampaignState, origin: str, dest: str) -> None:
    """One supply counter (two steps, or one if only a half is left) changes location."""
    counter = 2 if s.board.supply[origin] >= 2 else 1
    s.board.supply[origin] -= counter
    if not s.board.supply[origin]:
        del s.board.supply[origin]
    s.board.supply[dest] = s.board.supply.get(dest, 0) + counter


def transport_segment(s: CampaignState, first: bool) -> Flow:
    """Helicopters fly out, back, both, or hop between landing zones (ftv:3.4.2, 3.4.6)."""
    s.segment = "first transport" if first else "final transport"
    rule = "ftv:3.4.2" if first else "ftv:3.4.6"
    flights = _Flights(s)
    lz_marker: str | None = None
    while True:
        options = _transport_options(s, flights, lz_marker)
        prompt = "transport: each helicopter flies out, back, both, or one LZ-to-LZ hop (1 CP)"
        action = yield from ask("us", [*options, DONE], prompt, rule)
        if action == DONE:
            break
        if action.verb == "pathfinder":
            helicopter = flights.helicopter("hop", None)
            flights.pathfinder, lz_marker = helicopter.id, action.args[0]
            s.note(
                "ftv:3.4.2.3",
                f"{helicopter.id} lands pathfinders at {lz_marker}: a landing zone for this segment",
            )
            continue
        if action.verb == "fly-supply":
            helicopter = flights.helicopter("out", None)
            flights.fly(helicopter, "out")
            _move_supply(s, AN_KHE, action.args[0])
            s.note(rule, f"{helicopter.id} flies a supply counter to {action.args[0]}")
            continue
        if action.verb == "hop-supply":
            helicopter = flights.helicopter("hop", None)
            flights.fly(helicopter, "hop")
            s.cp.spend(1, "ftv:3.4.2", "an LZ-to-LZ flight")
            _move_supply(s, action.args[0], action.args[1])
            s.note(
                rule,
                f"{helicopter.id} flies a supply counter {action.args[0]} to {action.args[1]} (1 CP)",
            )
            continue
        unit, dest = s.us[action.args[0]], _loc(action.args[1])
        origin = s.where(unit)
        leg = "hop" if action.verb == "hop" else "back" if dest == AN_KHE else "out"
        helicopter = flights.helicopter(leg, unit.id)
        flights.fly(helicopter, leg)
        cost = ""
        if leg == "hop" and helicopter.id != NINE_HELICOPTER:
            s.cp.spend(1, "ftv:3.4.2", "an LZ-to-LZ flight")
            cost = " (1 CP)"
        s.note(rule, f"{helicopter.id} flies {unit.id} from {origin} to {dest}{cost}")
        yield from _land(s, unit, dest, first=first)
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


def _near_action(s: CampaignState, loc: str) -> bool:
    """Pathfinder landing sites worth offering: next to contacted NVA (keeps the choice list short)."""
    return any(s.board.nva(n) for n in s.map.neighbors(loc))


def _paths(s: CampaignState, here: str) -> list[list[str]]:
    """Where a ground move may go: one location along any line, or two along roads when the
    first holds no NVA (ftv:3.4.3C, 3.4.3.1A, 3.4.3.2)."""
    paths = []
    for n in s.map.neighbors(here, boxes=True):
        if n == here or not _optional.open_to_us(s, n):
            continue
        paths.append([here, n])
        if AN_KHE in (here, n) or s.map.line(here, n) != "road" or s.board.nva(n):
            continue
        for m in s.map.neighbors(n, boxes=True):
            if m not in (here, n) and _optional.open_to_us(s, m) and s.map.line(n, m) == "road":
                paths.append([here, n, m])
    return paths


def _movers(s: CampaignState, loc: str, done: set[str]) -> list[UsCompany]:
    """Companies at *loc* still free to act this segment (not garrisons, not flown in)."""
    return [
        u for u in s.board.us(loc) if not u.garrison and u.id not in done and u.id not in s.flown
    ]


def _ground_options(s: CampaignState, done: set[str]) -> list[Action]:
    """Move a company, or the whole free stack of a location, with or without the location's
    supply counter; or hold (ftv:3.4.3, 3.4.3.1, 3.4.3.3)."""
    options = []
    for loc in [AN_KHE, *s.us_on_map()]:
        movers = _movers(s, loc, done)
        if not movers:
            continue
        carry = [(), ("supply",)] if loc != AN_KHE and s.board.supply.get(loc, 0) else [()]
        for path in _paths(s, loc):
            stay = [u for u in s.board.us(path[-1]) if u not in movers]
            tokens = [_token(p) for p in path[1:]]
            for unit in movers:
                if stacking_problem([*stay, unit], mix=_mix(s)) is None:
                    options += [Action.of("move", unit.id, *tokens, *c) for c in carry]
            if len(movers) > 1 and stacking_problem([*stay, *movers], mix=_mix(s)) is None:
                options += [Action.of("stack", _token(loc), *tokens, *c) for c in carry]
        if loc != AN_KHE:
            options += [Action.of("hold", unit.id) for unit in movers]
    return options


def _walk(s: CampaignState, units: list[UsCompany], path: list[str], *, supply: bool) -> None:
    """Move *units* together along *path*, fatigue by line and supply (ftv:3.4.3D-E, 3.4.3.3)."""
    here, dest = path[0], path[-1]
    kinds = "+".join(s.map.line(a, b) for a, b in itertools.pairwise(path))
    if AN_KHE in path:
        # Moves to and from the An Khe Box draw on the division's base: the line alone counts.
        cost = 0 if kinds == "road" else 1
    else:
        cost = move_fatigue(s.map, path, supplied=supply)
    if supply:
        _move_supply(s, here, dest)
    for unit in units:
        unit.hold = False
        s.board.place(dest, unit)
        s.moved.add(unit.id)
        if cost:
            add_fatigue(unit, cost)
    _optional.us_in_cambodia(s, dest, air=False)
    names = ", ".join(f"{u.id} F{u.fatigue}{' broken' if u.broken else ''}" for u in units)
    carried = " carrying their supply counter" if supply else " without supply"
    s.note(
        "ftv:3.4.3.3" if supply else "ftv:3.4.3",
        f"{' and '.join(u.id for u in units)} move {' - '.join(path)} by {kinds}{carried}: {names}",
    )


def ground_movement_segment(s: CampaignState) -> Flow:
    """Companies move alone or as a stack, may carry supply, and may double-move on roads."""
    s.segment = "ground movement"
    done: set[str] = set()
    entered: set[str] = set()
    while True:
        prompt = "ground movement: move a company or a stack, or hold"
        action = yield from ask("us", [*_ground_options(s, done), DONE], prompt, "ftv:3.4.3")
        if action == DONE:
            break
        args = list(action.args)
        supply = args[-1] == "supply"
        if supply:
            args.pop()
        if action.verb == "hold":
            unit = s.us[args[0]]
            done.add(unit.id)
            unit.hold = True
            s.note("ftv:3.4.3", f"{unit.id} holds in {s.where(unit)}")
            continue
        if action.verb == "stack":
            here = _loc(args[0])
            units = _movers(s, here, done)
        else:
            units = [s.us[args[0]]]
            here = s.where(units[0])
        path = [here, *(_loc(a) for a in args[1:])]
        done.update(u.id for u in units)
        _walk(s, units, path, supply=supply)
        dest = path[-1]
        if dest == AN_KHE:
            continue
        entered.add(dest)
        if s.board.nva(dest) and set(s.board.us(dest)) == set(units):
            s.note(
                "ftv:3.4.3.4",
                f"{', '.join(u.id for u in units)} walk into the NVA at {dest}: ambush",
            )
            yield from fight(s, dest, attacker="nva", ambush=True)
    for loc in zone_entry(s, entered | {s.where(s.us[i]) for i in s.flown if s.where(s.us[i])}):
        s.note("ftv:3.4.3.5", f"the NVA placed at {loc} find US units newly arrived: ambush")
        yield from fight(s, loc, attacker="nva", ambush=True)
    for loc in s.contested():
        _nva.evade(s, loc, "ftv:3.4.3.6")


def zone_entry(s: CampaignState, entered: set[str]) -> list[str]:
    """US units entering a zone with identified NVA may make contact (ftv:3.4.3.5).

    Returns the locations where a placed stack found US units that arrived this phase: each
    is an ambush (ftv:3.4.3.5J).
    """
    rule = "ftv:3.4.3.5"
    ambushes = []
    zones = sorted(
        {s.map.zone(loc) for loc in entered if loc and loc != AN_KHE and not s.map.in_cambodia(loc)}
    )
    for zone in zones:
        identified = s.zone_units(zone)
        if not identified:
            continue
        occupied = [loc for loc in s.map.in_zone(zone) if s.board.us(loc)]
        roll = s.dice.d6(rule)
        found = roll <= len(occupied)
        verdict = "the identified units are contacted" if found else "no contact"
        s.note(
            rule,
            f"zone {zone}: {len(occupied)} US-occupied location(s), roll {roll}: {verdict}",
            rolls=s.dice.rolls[-1:],
        )
        if not found:
            continue
        for stack in _nva.consecutive_stacks(identified):
            while True:  # reroll until the stack fits (ftv:3.4.3.5I); six fit in any empty location
                die = s.dice.d6(rule)
                loc = f"{zone}{die}"
                if len(s.board.nva(loc)) + len(stack) <= _nva.NVA_LIMIT:
                    break
            s.board.place(loc, *stack)
            s.note(
                rule,
                f"{stack[0].id}-{stack[-1].id} placed at {loc} (die {die})",
                rolls=s.dice.rolls[-1:],
            )
            newcomers = [u for u in s.board.us(loc) if s.start.get(u.id) != loc]
            if newcomers and loc not in ambushes:
                ambushes.append(loc)
    return ambushes


def support_and_combat_segment(s: CampaignState) -> Flow:
    s.segment = "support and open combat"
    while True:
        options = []
        for loc in s.contested():
            us = s.board.us(loc)
            if not s.board.supply.get(loc):
                continue  # unsupplied units may not start ground combat (ftv:2.7C)
            if s.treated_as_hold(loc) or not all(u.hold for u in us):
                options.append(Action.of("attack", loc))
        for loc in s.nva_on_map():
            if not _optional.open_to_us(s, loc):
                continue  # air units stay out of Cambodia without option 6.1 (ftv:6.1)
            if not s.board.us(loc) and s.ready("aero-rocket") and s.cp.left >= 1:
                options.append(Action.of("rockets", loc))
        action = yield from ask(
            "us",
            [*options, DONE],
            "open combat: attack where you choose, or rocket NVA-only locations",
            "ftv:3.4.5",
        )
        if action == DONE:
            return
        loc = action.args[0]
        if action.verb == "rockets":
            from rulebook.games.first_team.air import rocket_attack

            unit = s.ready("aero-rocket")[0]
            s.cp.spend(1, "ftv:3.4.4.4", unit.id)
            unit.box, unit.fatigued = "refit", True
            s.rocketed.add(loc)
            _optional.us_in_cambodia(s, loc, air=True)
            rocket_attack(
                [s.spec.us.aero_rockets[unit.id][1]],
                s.board.nva(loc),
                s.crt,
                s.dice,
                us_units_there=False,
                trace=_Sink(s),
            )
            _optional.battery_upkeep(s)
            continue
        yield from fight(s, loc, attacker="us")


def _commit(s: CampaignState, loc: str) -> Flow:
    """Support for one fight: batteries, air, gunship, observation, aero-rockets (ftv:3.4.4)."""
    committed: list[SupportUnit] = []
    s.supporting[loc] = []
    us = [u for u in s.board.us(loc) if not u.garrison]
    numerals = {u.support for u in us}
    while True:
        options = [Action.of("support-from", n) for n in _us_supporters(s, loc)]
        for unit in s.support.values():
            if not unit.ready or unit in committed:
                continue
            cost = {"observation": 1, "gunship": 1, "aero-rocket": 1, "airstrike": 2}.get(unit.kind)
            if unit.kind == "battery":
                battalion = unit.id.split("/", 1)[1]
                numeral = s.spec.us.artillery.get(battalion)
                cost = (
                    1
                    if numeral is None or (numerals == {numeral} and s.garrison_at(loc) is None)
                    else 2
                )
            if cost is None:
                continue
            if "1/9" in unit.id:
                if not any(u.id == "1/9" for u in us):
                    continue
                cost = 0
            if cost <= s.cp.left and unit.kind in (
                "battery",
                "observation",
                "gunship",
                "aero-rocket",
                "airstrike",
            ):
                if unit.kind in ("observation", "gunship") and any(
                    c.kind == unit.kind for c in committed
                ):
                    continue
                options.append(Action.of("commit", unit.id, cost))
        action = yield from ask(
            "us", [*options, Action.of("fight")], f"support for the fight at {loc}", "ftv:3.4.4"
        )
        if action.verb == "fight":
            return committed
        if action.verb == "support-from":
            n = action.args[0]
            s.supporting[loc].append(n)
            consume_supply(s.board.supply, n)
            s.note(
                "ftv:4.1.4",
                f"the US at {n} support the fight at {loc}: one shift, one supply step used there",
            )
            continue
        unit = s.support[action.args[0]]
        s.cp.spend(int(action.args[1]), "ftv:3.4.4", f"{unit.id} in support")
        committed.append(unit)
        s.note("ftv:3.4.4", f"{unit.id} supports the fight at {loc} ({action.args[1]} CP)")


def _us_supporters(s: CampaignState, loc: str) -> list[str]:
    """Adjacent US-only locations that may still support a fight at *loc*: each supports one
    fight a segment and pays a supply step for it (ftv:4.1.4A-D; interpretation: a location
    with no supply step left cannot support)."""
    used = {n for chosen in s.supporting.values() for n in chosen}
    return [
        n
        for n in s.map.neighbors(loc)
        if s.board.us(n) and not s.board.nva(n) and n not in used and s.board.supply.get(n, 0)
    ]


def _nva_support_key(s: CampaignState, loc: str) -> tuple:
    """The 3.5.1 priority order of fights, for choosing which one an NVA location supports."""
    return (
        loc != PLEIKU,
        not s.map.camp(loc),
        not s.map.is_road_location(loc),
        s.map.number(loc) or 0,
        loc,
    )


def _nva_supporters(s: CampaignState, loc: str) -> int:
    """Adjacent NVA-only locations whose highest-priority neighbouring fight is *loc* (ftv:4.1.4C)."""
    count = 0
    for n in s.map.neighbors(loc):
        if not s.board.nva(n) or s.board.us(n) or n in s.rocketed:
            continue  # aero-rockets pin a location down (ftv:4.1.4A)
        fights = [m for m in s.map.neighbors(n) if s.board.us(m) and s.board.nva(m)]
        if fights and min(fights, key=lambda m: _nva_support_key(s, m)) == loc:
            count += 1
    return count


def _forces(s: CampaignState, loc: str, committed: list[SupportUnit]) -> tuple[Force, Force]:
    us_units, nva_units = s.board.us(loc), s.board.nva(loc)
    kinds = [u.kind for u in committed]
    support = sum(s.spec.us.aero_rockets[u.id][0] for u in committed if u.kind == "aero-rocket")
    support += sum(s.spec.us.airstrikes[u.id][0] for u in committed if u.kind == "airstrike")
    us = Force(
        "us",
        us_units,
        location=loc,
        support_strength=support,
        artillery=kinds.count("battery"),
        observation="observation" in kinds,
        gunship="gunship" in kinds,
        helicopters=sum(kinds.count(k) for k in ("observation", "gunship", "aero-rocket")),
        hold=s.treated_as_hold(loc) or all(u.hold for u in us_units if not u.garrison),
        supplied=s.board.supply.get(loc, 0) > 0,
        supporting_locations=len(s.supporting.get(loc, [])),
    )
    batteries = _optional.batteries_at(s, loc)
    nva = Force(
        "nva",
        nva_units,
        location=loc,
        artillery=sum(1 for b in batteries if not b.fired),
        aa_guns=len(batteries),
        hold=all(u.hold for u in nva_units),
        supporting_locations=_nva_supporters(s, loc),
    )
    return us, nva


def _us_retreat(s: CampaignState, loc: str) -> Flow:
    """The US player picks where to go; with nowhere to go the losses of ftv:4.2.2.2C apply."""
    movers = [u for u in s.board.us(loc) if not u.garrison]
    transports = len(s.ready("transport"))
    choices = us_retreats(s.board, loc, movers, transports=transports, mix=_mix(s))
    if not (movers and choices):
        retreat_us(s.board, loc, None, _Sink(s))
        return
    options = [Action.of("retreat", _token(c)) for c in choices]
    action = yield from ask("us", options, f"the US at {loc} must retreat", "ftv:4.2.2.2")
    retreat_us(s.board, loc, _loc(action.args[0]), _Sink(s), transports=transports, mix=_mix(s))
    if _loc(action.args[0]) == BY_HELICOPTER:
        for helicopter in s.ready("transport")[: len(movers)]:
            helicopter.box = "refit" if helicopter.fatigued else "an-khe"
            helicopter.fatigued = True


def fight(
    s: CampaignState,
    loc: str,
    *,
    attacker: str,
    ambush: bool = False,
    nva_open_combat: bool = False,
) -> Flow:
    """One fight at *loc*, support asked for first, results applied, units returned (ftv:4.0-4.2)."""
    committed: list[SupportUnit] = (
        [] if ambush and attacker == "nva" else (yield from _commit(s, loc))
    )
    if not s.board.us(loc) or not s.board.nva(loc):
        return
    attackers_at_start = len(s.board.nva(loc))
    us, nva = _forces(s, loc, committed)
    first, second = (us, nva) if attacker == "us" else (nva, us)
    result = resolve(
        first,
        second,
        s.crt,
        s.dice,
        ambush=ambush,
        nva_open_combat=nva_open_combat,
        options=s.options,
    )
    s.trace.extend(result.trace)
    s.casualty_points += result.us_casualty_points
    if nva.artillery:
        _optional.mark_fired(s, loc)
    if any(u.kind in _optional.AIRCRAFT for u in committed):
        _optional.us_in_cambodia(s, loc, air=True)
    if consume_supply(s.board.supply, loc):
        s.note("ftv:4.1.10", f"one supply step used at {loc}")
    return_support(committed, _Sink(s))
    us_fx, nva_fx = result.effects.get("us"), result.effects.get("nva")
    if us_fx is not None:
        s.garrisons_lost.update(uid for uid in us_fx.eliminated if s.us[uid].garrison)
        helicopter = next(
            (u for u in committed if u.kind in ("gunship", "observation", "aero-rocket")), None
        )
        if us_fx.helicopter_to_refit and helicopter is not None:
            helicopter.box = "refit"
        if us_fx.aircraft_lost:
            _optional.aircraft_lost(s, committed)
    _optional.battery_upkeep(s)
    if nva_fx is not None and nva_fx.retreat and s.board.nva(loc):
        retreat_nva(s.board, loc, _Sink(s))
    if us_fx is not None and us_fx.retreat and s.board.us(loc):
        yield from _us_retreat(s, loc)
        if s.board.nva(loc):
            capture_supply(s.board, loc, _Sink(s))
    if attacker == "nva" and s.board.nva(loc) and not s.board.us(loc):
        size = garrison_size(s.map, loc, attackers_at_start)
        if size:
            chosen = choose_garrison(s.board.nva(loc), size)
            s.note("ftv:4.1.14", f"{', '.join(u.id for u in chosen)} garrison {loc} under HOLD")


def us_assault(s: CampaignState, number: int) -> Flow:
    s.phase = "first US assault" if number == 1 else "second US assault"
    s.supporting, s.rocketed = {}, set()
    s.flown.clear()
    s.start = {u.id: s.where(u) for u in s.us.values()}
    yield from air_strike_segment(s)
    yield from transport_segment(s, first=True)
    yield from ground_movement_segment(s)
    yield from support_and_combat_segment(s)
    yield from transport_segment(s, first=False)


# --- 3.5 NVA assault -------------------------------------------------------------------------


def _nva_ambushes(s: CampaignState, before: dict[str, bool]) -> Flow:
    """NVA who entered a place held only by US units may ambush them (ftv:3.5.5)."""
    for loc, ids in sorted(s.entered.items()):
        us = s.board.us(loc)
        exempt = loc == PLEIKU or s.garrison_at(loc) is not None or all(u.hold for u in us)
        if not before.get(loc) or not us or exempt:
            continue
        entering = [s.nva[i] for i in ids if not s.nva[i].broken and s.where(s.nva[i]) == loc]
        if not entering:
            continue
        worst = min(u.efficiency for u in entering)
        roll = s.dice.d6("ftv:3.5.5")
        ambush = roll <= worst
        verdict = "ambush" if ambush else "no ambush"
        s.note(
            "ftv:3.5.5",
            f"NVA entering {loc} roll {roll} against {worst}: {verdict}",
            rolls=s.dice.rolls[-1:],
        )
        if ambush:
            yield from fight(s, loc, attacker="nva", ambush=True)


def nva_assault(s: CampaignState, number: int) -> Flow:
    s.phase = "first NVA assault" if number == 1 else "second NVA assault"
    s.supporting, s.rocketed = {}, set()
    s.entered = {}
    before = {loc: bool(s.board.us(loc)) and not s.board.nva(loc) for loc in s.map.locations}
    s.segment = "target determination"
    _nva.target_determination(s)
    s.segment = "offboard movement"
    moved = _nva.offboard_movement(s)
    if moved and s.turn < 15:
        s.segment = "second target determination"
        _nva.target_determination(s, only=moved, rule="ftv:3.5.3")
    elif not moved:
        s.note("ftv:3.5.3", "nothing moved offboard: no second target determination")
    s.segment = "ground movement"
    _nva.ground_movement(s)
    s.segment = "ambush"
    yield from _nva_ambushes(s, before)
    s.segment = "open combat"
    for loc in s.contested():
        yield from fight(s, loc, attacker="nva", nva_open_combat=True)
    for loc in s.map.locations:
        if (
            s.board.nva(loc)
            and not s.board.us(loc)
            and (s.map.is_road_location(loc) or s.map.camp(loc))
        ):
            for unit in s.board.nva(loc):
                if not any(u.hold for u in s.board.nva(loc)):
                    unit.hold = True
    s.score_possession()
    s.segment = "evasion"
    for loc in s.contested():
        _nva.evade(s, loc)
    if number == 1 or s.options.get("nva_phase_steps") != "without-maintenance":
        yield from maintenance(s)
    else:
        s.note("ftv:3.7", "one US Maintenance Segment a turn: none after the second NVA assault")


def maintenance(s: CampaignState) -> Flow:
    s.segment = "US maintenance"
    for unit in s.support.values():
        if unit.kind in ("transport", "gunship", "observation") and unit.box == "an-khe":
            unit.fatigued = False
        if unit.kind == "airstrike" and unit.box == "used":
            unit.box = "an-khe"
    s.note("ftv:3.5.8", "helicopters at An Khe are combat-ready again")
    _optional.recover_batteries(s)
    while True:
        refit = [u for u in s.support.values() if u.box == "refit"]
        options = [Action.of("refit", u.id) for u in refit] if s.cp.left >= 1 else []
        action = yield from ask(
            "us",
            [*options, DONE],
            "maintenance: bring helicopters out of Refit at 1 CP each",
            "ftv:3.5.8",
        )
        if action == DONE:
            return
        unit = s.support[action.args[0]]
        s.cp.spend(1, "ftv:3.5.8", f"refitting {unit.id}")
        unit.box, unit.fatigued = "an-khe", False
        s.note("ftv:3.5.8", f"{unit.id} leaves the Refit Box")


# --- 3.8, 3.9 and the end ----------------------------------------------------------------------


def fatigue_reduction(s: CampaignState) -> None:
    s.phase, s.segment = "fatigue reduction", ""
    for unit in s.us.values():
        loc = s.where(unit)
        if unit.eliminated or unit.garrison or unit.id in s.moved or unit.fatigue == 0:
            continue
        rests = loc in {AN_KHE, PLEIKU} or (loc and s.map.camp(loc) and s.garrison_at(loc))
        if rests and not s.board.nva(loc):
            unit.fatigue = max(0, unit.fatigue - 2)
            s.note("ftv:3.8", f"{unit.id} rests at {loc}: fatigue F{unit.fatigue}")


def final_supply(s: CampaignState) -> None:
    s.phase = "final supply"
    for loc in s.us_on_map():
        if consume_supply(s.board.supply, loc):
            s.note("ftv:3.9", f"{loc} uses a supply step")
        else:
            s.note("ftv:3.9", f"{loc} has no supply: its units are out of supply")
    # Units no longer on the map lose any HOLD marker; supply at An Khe is never used (ftv:2.7B).
    for unit in s.us.values():
        if s.where(unit) == AN_KHE:
            unit.hold = False


def campaign(s: CampaignState) -> Flow:
    yield from setup(s)
    turns = s.scenario.turns.value if s.scenario.turns else 15
    try:
        for turn in range(1, turns + 1):
            s.turn = turn
            command_phase(s)
            yield from intelligence_phase(s)
            yield from supply_phase(s)
            yield from us_assault(s, 1)
            yield from nva_assault(s, 1)
            yield from us_assault(s, 2)
            yield from nva_assault(s, 2)
            fatigue_reduction(s)
            final_supply(s)
    except GameOver:
        s.phase = "game over"
        return
    s.phase = "game over"
    lines = s.final_vp()
    s.vp += sum(lines.values())
    s.note(
        "ftv:5.1",
        "end of the game: "
        + ", ".join(f"{k} {v:+d}" for k, v in lines.items() if v)
        + f"; NVA {s.vp} VP",
    )
    s.ending = victory_level(s.vp)
    s.note("ftv:5.2", f"victory level: {s.ending}")
