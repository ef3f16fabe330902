"""The Command, Intelligence and Supply Phases (ftv:3.1, 3.2, 3.3)."""

from __future__ import annotations

from rulebook.games._decisions import Action, ask
from rulebook.games._reads import reads
from rulebook.games.first_team import _nva
from rulebook.games.first_team._common import DONE, Flow
from rulebook.games.first_team._pieces import regiment_name
from rulebook.games.first_team._state import CampaignState
from rulebook.games.first_team._values import GAME, reads_values
from rulebook.maps.point_map import AN_KHE

__all__ = ["command_phase", "contact", "intelligence_phase", "supply_phase"]

reads(GAME, "first_team.tables.intelligence.turns")
reads_values(
    "cp_per_turn",
    "locate_lz_cp",
    "locate_enemy_cp",
    "locate_enemy_extra_cp_max",
    "locate_enemy_success_at_most",
    "supply_cp",
)


def command_phase(s: CampaignState) -> None:
    s.phase, s.segment = "command", ""
    s.cp.new_turn()
    s.moved.clear()
    s.struck.clear()
    s.note(
        "ftv:3.1", f"turn {s.turn}: {s.cp.left} CPs, unspent ones are lost at the end of the turn"
    )


def _intel_options(s: CampaignState, attempted: bool) -> list[Action]:
    v = s.values
    options = []  # (loops: a comprehension costs a function call in 3.11)
    if s.cp.left >= v["locate_lz_cp"]:
        for loc in sorted(s.lz_markers):
            if loc not in s.board.revealed_lz:
                options.append(Action.of("find-lz", loc))
    if not attempted:
        zones = s.identified_zones()
        unknown = bool(s.unknown())  # (asked once: nothing moves while the options are made)
        most = min(v["locate_enemy_extra_cp_max"], s.cp.left - v["locate_enemy_cp"])
        for extra in range(most + 1):
            if unknown:
                options.append(Action.of("identify", extra))
            for zone in zones:
                options.append(Action.of("contact", zone, extra))
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
            s.cp.spend(s.values["locate_lz_cp"], "ftv:3.2.1", "locating a landing zone")
            if s.lz_markers.pop(loc):
                s.board.revealed_lz.add(loc)
                s.note("ftv:3.2.1", f"the marker at {loc} is a landing zone")
            else:
                s.note("ftv:3.2.1", f"the marker at {loc} says No LZ and is removed")
            continue
        attempted = True
        extra = int(action.args[-1])
        s.cp.spend(
            s.values["locate_enemy_cp"] + extra, "ftv:3.2.2", "an attempt to locate the enemy"
        )
        roll = s.dice.d6("ftv:3.2.2")
        success = roll - extra <= s.values["locate_enemy_success_at_most"]
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


def location_die(s: CampaignState, zone: str, rule: str) -> int:
    """A die naming a location number of *zone*; a number the zone lacks (a designer's map with
    fewer than six locations in a zone) is rolled again (interpretation ftv:3.2.2.2/missing-location)."""
    numbers = {s.map.number(loc) for loc in s.map.in_zone(zone)} - {None}
    if not numbers:
        raise ValueError(f"zone {zone} has no numbered location for NVA units to be placed in")
    while True:
        die = s.dice.d6(rule)
        if die in numbers:
            return die
        s.note(
            rule,
            f"location die {die}: zone {zone} has no location {zone}{die}, so it is rolled again "
            "(ftv:3.2.2.2/missing-location)",
            rolls=s.dice.rolls[-1:],
        )


def _contact(s: CampaignState, zone: str) -> None:
    place_die = location_die(s, zone, "ftv:3.2.2.2")
    count_die = s.dice.d6("ftv:3.2.2.2")
    s.note(
        "ftv:3.2.2.2",
        f"contact in zone {zone}: location die {place_die}, companies die {count_die}",
        rolls=s.dice.rolls[-2:],
    )
    contact(s, zone, place_die, count_die)


def supply_phase(s: CampaignState) -> Flow:
    s.phase = "supply"
    while True:
        cost = s.values["supply_cp"]
        options = [Action.of("buy-supply")] if s.cp.left >= cost else []
        action = yield from ask(
            "us",
            [*options, DONE],
            f"buy supply counters for the An Khe Box at {cost} CP each",
            "ftv:3.3",
        )
        if action == DONE:
            return
        s.cp.spend(cost, "ftv:3.3", "a supply counter")
        s.board.supply[AN_KHE] = s.board.supply.get(AN_KHE, 0) + 2
        s.note(
            "ftv:3.3", f"a full supply counter goes to An Khe ({s.board.supply[AN_KHE] // 2} there)"
        )
