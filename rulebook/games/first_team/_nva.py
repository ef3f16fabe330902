"""The programmed NVA: target determination, offboard and ground movement, ambush, evasion (ftv:3.5).

Every choice the automaton makes is a rule of section 3.5 applied to the position; where the
rule leaves a tie to chance, the game's dice break it and the trace says so. Each function
notes what it did, and the scores behind it, in the campaign trace.
"""

from __future__ import annotations

from operator import attrgetter

from rulebook.games._narrate import count, join_names
from rulebook.games._reads import reads
from rulebook.games.first_team._pieces import (
    NvaCompany,
    UsCompany,
    regiment_name,
    regiments_by_digit,
)
from rulebook.games.first_team._state import EXITED, UNKNOWN, CampaignState
from rulebook.games.first_team._values import GAME, number, reads_values
from rulebook.games.first_team.retreat import capture_supply
from rulebook.maps.point_map import CAMBODIA, PLEIKU

__all__ = [
    "consecutive_stacks",
    "evade",
    "ground_movement",
    "offboard_movement",
    "priority_targets",
    "score_locations",
    "target_determination",
]

reads_values(
    "nva_stack",
    "no_offboard_turn",
    "house_rule_weak_zone_sp",
    "nva_move_pleiku_points",
    "nva_move_feature_points",
    "nva_broken_us_points",
    "nva_broken_cambodia_points",
    "nva_broken_feature_points",
)
reads(
    GAME,
    "first_team.tables.offboard.turns",
    "first_team.map.zone_display.ranks",
    "first_team.map.zone_display.adjacent",
)


# A company's id and its place in the order, read in C (map() and sort keys, not generators
# and lambdas: on Python 3.11 each of those costs a function call).
_ID, _ORDER = attrgetter("id"), attrgetter("order")


def consecutive_stacks(units: list[NvaCompany], limit: int | None = None) -> list[list[NvaCompany]]:
    """Stacks of up to six consecutively numbered combat-ready companies, lowest first (ftv:3.5.1D-F).

    Broken companies are left out; a gap in the numbers, or a new regiment, starts a new stack.
    *limit* is the NVA stacking limit (the scenario's ``nva_stack``).
    """
    limit = number(None, "nva_stack") if limit is None else limit
    ready = []
    for u in units:  # (a loop: a generator costs a function call in 3.11)
        if not u.broken and not u.eliminated:
            ready.append(u)
    ready.sort(key=_ORDER)
    stacks: list[list[NvaCompany]] = []
    for unit in ready:
        last = stacks[-1][-1] if stacks else None
        joins = (
            last is not None
            and last.regiment == unit.regiment
            and last.number + 1 == unit.number
            and len(stacks[-1]) < limit
        )
        if joins:
            stacks[-1].append(unit)
        else:
            stacks.append([unit])
    return stacks


def priority_targets(s: CampaignState, zone: str) -> list[str]:
    """The zone's priority targets in order (ftv:3.5.1B): Pleiku, a camp, a road location with US
    ground units, an empty road location, a non-road location with US ground units; the lowest
    location number first within each class."""

    def number(loc: str) -> int:
        return s.map.number(loc) or 0

    limit, placed = s.values["nva_stack"], s.board.nva
    # (whether a place holds US or NVA units asked without listing them)
    us, nva = s.board.has_us, s.board.has_nva
    camp, road = s.map.camp, s.map.is_road_location
    classes: tuple[list[str], ...] = ([], [], [], [], [])
    # One pass over the zone's locations with room, each put in every class it is of (a loop:
    # a comprehension a class costs a function call each in 3.11).
    for loc in s.map.in_zone(zone):
        if len(placed(loc)) >= limit:
            continue
        on_road, at_camp, held = road(loc), camp(loc), us(loc)
        if loc == PLEIKU:
            classes[0].append(loc)
        if at_camp and (held or not nva(loc)):
            classes[1].append(loc)
        if on_road and not at_camp and loc != PLEIKU:
            if held:
                classes[2].append(loc)
            elif not nva(loc):
                classes[3].append(loc)
        if not on_road and held:
            classes[4].append(loc)
    out: list[str] = []
    for group in classes:
        if len(group) > 1:
            group.sort(key=number)
        for loc in group:
            if loc not in out:
                out.append(loc)
    return out


def _place(s: CampaignState, loc: str, units: list[NvaCompany], rule: str) -> list[NvaCompany]:
    """Put units on a location, lowest first, until it holds six NVA (ftv:3.5.1I); return those placed."""
    room = s.values["nva_stack"] - len(s.board.nva(loc))
    placed = sorted(units, key=_ORDER)[: max(0, room)]
    if placed:
        s.board.place(loc, *placed)
        s.entered.setdefault(loc, set()).update(map(_ID, placed))
        s.note(rule, f"{', '.join(map(_ID, placed))} move from their Zone Box to {loc}")
    return placed


def target_determination(
    s: CampaignState, only: set[str] | None = None, rule: str = "ftv:3.5.1"
) -> None:
    """Identified units go for the priority targets of their zone (ftv:3.5.1, 3.5.3).

    *only* limits the units considered (the second determination takes just those that moved
    offboard). Broken units stay in their boxes.
    """
    placed, nva = s.board.loc_of, s.nva  # (where each placed company is)
    # (loops: a comprehension costs a function call in 3.11)
    zones = set()
    for i, z in s.box.items():
        if z not in (UNKNOWN, EXITED) and nva[i] not in placed:
            zones.add(z)
    for zone in sorted(zones):
        units = s.zone_units(zone)
        if only is not None:
            units = [u for u in units if u.id in only]
        if not units:
            continue
        targets = priority_targets(s, zone)
        if not targets:
            s.note(rule, f"zone {zone}: no priority target, the identified units stay in the box")
            continue
        if targets[0] == PLEIKU:
            ready = [u for u in units if not u.broken][: s.values["nva_stack"]]
            s.note(
                rule,
                f"zone {zone}: Pleiku is the target; no roll, the first combat-ready companies go",
            )
            _place(s, PLEIKU, ready, rule)
            continue
        for stack in consecutive_stacks(units, s.values["nva_stack"]):
            targets = priority_targets(s, zone)
            if not targets:
                break
            target = targets[0]
            if _outmatched(s, zone, target, rule):
                break
            worst = min(u.efficiency for u in stack)
            roll = s.dice.d6(rule)
            names = "-".join((stack[0].id, stack[-1].id)) if len(stack) > 1 else stack[0].id
            if roll <= worst:
                s.note(
                    rule,
                    f"zone {zone}: stack {names} rolls {roll} against efficiency {worst} and goes for {target}",
                    rolls=s.dice.rolls[-1:],
                )
                _place(s, target, stack, rule)
            else:
                s.note(
                    rule,
                    f"zone {zone}: stack {names} rolls {roll} against efficiency {worst} and stays",
                    rolls=s.dice.rolls[-1:],
                )


def _last_nva_phase(s: CampaignState) -> bool:
    turns = s.scenario.turns.value if s.scenario.turns else 15
    return s.turn == turns and s.phase == "second NVA assault"


def _outmatched(s: CampaignState, zone: str, target: str, rule: str) -> bool:
    """The play note's common sense, when the option asks for it (interpretation
    ftv:3.5.1/common-sense): a zone whose combat-ready strength is below the US strength at its
    target stays in its box, except in the last NVA phase, when any attack may score."""
    if s.options.get("target_common_sense") != "strength-check" or _last_nva_phase(s):
        return False
    us = sum(u.strength for u in s.board.us(target))
    ours = sum(u.strength for u in s.zone_units(zone) if not u.broken)
    if us and ours < us:
        s.note(
            rule, f"zone {zone}: {ours} SP is short of the US {us} SP at {target}: it holds back"
        )
        return True
    return False


def _arrow(s: CampaignState) -> set[str]:
    """Every identified unit one rank up, to the highest adjacent zone (ftv:3.5.2D)."""
    moved: set[str] = set()
    # (from, to) -> regiment -> companies: a class follows a regiment from box to box, so each
    # move is told by regiment and both zones, never as a bare count.
    moves: dict[tuple[str, str], dict[int, int]] = {}
    zones = sorted(s.identified_zones(), key=lambda z: -s.map.rank(z))
    for zone in zones:
        higher = s.map.zone_up(zone)
        for unit in s.zone_units(zone):
            if not unit.broken and higher is not None and unit.id not in moved:
                s.box[unit.id] = higher
                moved.add(unit.id)
                by_regiment = moves.setdefault((zone, higher), {})
                by_regiment[unit.regiment] = by_regiment.get(unit.regiment, 0) + 1
    for (zone, higher), by_regiment in moves.items():
        for regiment, n in sorted(by_regiment.items()):
            s.note(
                "ftv:3.5.2",
                f"the arrow moves the {regiment_name(regiment)}'s "
                f"{count(n, 'company', 'companies')} from zone {zone} to zone {higher}",
            )
    if not moves:
        s.note("ftv:3.5.2", "the arrow: no identified company can move a rank up")
    return moved


def _arrivals(s: CampaignState, result: str) -> set[str]:
    """Regiments named by digit leave the Unknown Box for the zone (ftv:3.5.2B)."""
    zone = result[-1]
    moved: set[str] = set()
    for regiment in _regiments_named(s, result):
        coming = [u.id for u in s.unknown() if u.regiment == regiment and not u.broken]
        for uid in coming:
            s.box[uid] = zone
        moved.update(coming)
        # Only companies still in the Unknown Box answer the result; one already found stays
        # where it is, and the log must say so or the class looks for it in the wrong box.
        s.note(
            "ftv:3.5.2",
            f"the {regiment_name(regiment)}'s {count(len(coming), 'company', 'companies')} "
            f"{'leaves' if len(coming) == 1 else 'leave'} the Unknown Box for zone {zone}: "
            "now identified"
            if coming
            else f"no company of the {regiment_name(regiment)} is left in the Unknown Box: "
            "none arrives",
        )
    return moved


def _regiments_named(s: CampaignState, result: str) -> list[int]:
    """The regiments an arrival result's digits name, lowest first (ftv:3.5.2B)."""
    by_digit = regiments_by_digit(s.spec.nva.regiments)
    return sorted({by_digit[d] for d in result[:-1] if d in by_digit})


def _result_words(s: CampaignState, result: str) -> str:
    """A table result as the class should hear it: the table's own codes mean nothing to them."""
    if result == "-":
        return "no movement"
    if result == "up":
        return "the arrow, every identified company moves a rank up"
    regiments = _regiments_named(s, result)
    if not regiments:
        return "no movement (the result names no regiment of this scenario)"
    names = join_names(regiment_name(r).removesuffix(" Regiment") for r in regiments)
    noun = "Regiment" if len(regiments) == 1 else "Regiments"
    return f"the {names} {noun} from the Unknown Box to zone {result[-1]}"


def _phase_words(s: CampaignState) -> str:
    """Which NVA Assault Phase this is: a turn has two (ftv:3.5 and ftv:3.7), each rolling."""
    if s.phase in ("first NVA assault", "second NVA assault"):
        return f"the {s.phase.split()[0]} NVA Assault Phase of turn {s.turn}"
    return f"turn {s.turn}"


def _broken_drift(s: CampaignState) -> None:
    """Broken units ignore the table and drift toward Cambodia, leaving play there (ftv:3.5.2E).

    Each drifts one rank a segment: the companies are listed before any moves, since the boxes
    are visited by letter and a designer's display may rank a later letter lower, which would
    otherwise meet a company a second time in the box it just drifted into.
    """
    drifting = [
        (zone, unit) for zone in s.identified_zones() for unit in s.zone_units(zone) if unit.broken
    ]
    for zone, unit in drifting:
        lower = s.map.zone_down(zone)
        if lower == CAMBODIA:
            s.box[unit.id] = EXITED
            s.note("ftv:3.5.2", f"broken {unit.id} reaches Cambodia and leaves play")
        elif lower is not None:
            s.box[unit.id] = lower
            s.note("ftv:3.5.2", f"broken {unit.id} drifts from zone {zone} down to zone {lower}")


def offboard_movement(s: CampaignState) -> set[str]:
    """Roll 2d6 on the NVA Offboard Movement Table by turn; return the units that moved (ftv:3.5.2)."""
    rule = "ftv:3.5.2"
    if s.turn >= s.values["no_offboard_turn"]:
        s.note(rule, f"{_phase_words(s)}: no offboard movement this turn")
        return set()
    roll = s.dice.two_d6(rule)
    result = s.spec.tables.offboard.turns.get(s.turn, ["-"] * 11)[roll - 2]
    s.note(
        rule,
        f"offboard movement in {_phase_words(s)}: roll {roll}: {_result_words(s, result)}",
        rolls=s.dice.rolls[-2:],
    )
    before = dict(s.box)
    moved = _arrow(s) if result == "up" else set() if result == "-" else _arrivals(s, result)
    _broken_drift(s)
    if s.options.get("offboard_house_rule") == "used":
        moved |= _regroup(s, before)
    return moved


def _regroup(s: CampaignState, before: dict[str, str]) -> set[str]:
    """The author's house rule (ftv:3.5.2, interpretation ftv:3.5.2/house-rule): a weak zone
    that nothing entered or left this segment rolls per stack, and a roll under the stack's
    lowest efficiency moves the stack a rank up to regroup."""
    changed = {z for i, z in s.box.items() if before.get(i) != z} | {
        before[i] for i, z in s.box.items() if before.get(i) != z
    }
    moved: set[str] = set()
    for zone in sorted(s.identified_zones(), key=lambda z: -s.map.rank(z)):
        units = s.zone_units(zone)
        higher = s.map.zone_up(zone)
        total = sum(u.strength for u in units)
        if zone in changed or higher is None or total >= s.values["house_rule_weak_zone_sp"]:
            continue
        for stack in consecutive_stacks(units, s.values["nva_stack"]):
            if any(u.id in moved for u in stack):
                continue
            worst = min(u.efficiency for u in stack)
            roll = s.dice.d6("ftv:3.5.2")
            goes = roll < worst
            names = "-".join((stack[0].id, stack[-1].id)) if len(stack) > 1 else stack[0].id
            s.note(
                "ftv:3.5.2",
                f"house rule: zone {zone} has {total} SP; stack {names} rolls {roll} against "
                f"efficiency {worst}: {'moves up to ' + higher if goes else 'stays'}",
                rolls=s.dice.rolls[-1:],
            )
            if goes:
                for unit in stack:
                    s.box[unit.id] = higher
                    moved.add(unit.id)
    return moved


def _number(s: CampaignState, loc: str) -> int | None:
    return s.map.number(loc) if loc != PLEIKU else None


def _zone_class(s: CampaignState, loc: str) -> str:
    zone = s.map.zone(loc)
    return "" if zone == CAMBODIA else zone


def _scored_facts(s: CampaignState, loc: str) -> tuple[int | None, str, bool, bool, bool]:
    """What the movement schedule reads of *loc* on the map: its number (:func:`_number`), zone
    class (:func:`_zone_class`), whether it is a camp, has a road, is in Cambodia. The map
    alone decides them, so they are kept on it."""
    known = s.map.derived.get("nva scored facts")
    if known is None:
        known = s.map.derived["nva scored facts"] = {}
    found = known.get(loc)
    if found is None:
        found = known[loc] = (
            _number(s, loc),
            _zone_class(s, loc),
            bool(s.map.camp(loc)),
            s.map.has_road(loc),
            s.map.in_cambodia(loc),
        )
    return found


def score_locations(
    s: CampaignState, here: str, stack: list[NvaCompany], *, broken: bool
) -> dict[str, int]:
    """The movement schedule's points for *here* and each neighbour with room (ftv:3.5.4.1-2)."""
    v = s.values
    limit, placed = v["nva_stack"], s.board.nva
    # (loops: a comprehension or generator costs a function call in 3.11)
    candidates = [here]
    for n in s.map.neighbors(here):
        if len(placed(n)) < limit:
            candidates.append(n)
    numbers: dict[str, int | None] = {}
    classes: dict[str, str] = {}
    facts: dict[str, tuple[bool, bool, bool]] = {}
    known = []
    for loc in candidates:
        found, classes[loc], *facts[loc] = _scored_facts(s, loc)
        numbers[loc] = found
        if found is not None:
            known.append(found)
    strength = 0
    for u in stack:
        strength += u.strength
    # The lowest (broken) or highest number and zone class among the candidates, found once.
    best_number = (min if broken else max)(known, default=None)
    best_class = (min if broken else max)(classes.values())
    scores = {}
    for loc in candidates:
        us = s.board.us(loc)
        camp, road, cambodia = facts[loc]
        points = 0
        if broken:
            one = v["nva_broken_feature_points"]
            points += one * (numbers[loc] is not None and numbers[loc] == best_number)
            points += one * (classes[loc] == best_class)
            points -= one * bool(camp or loc == PLEIKU)
            points -= one * road
            points += v["nva_broken_us_points"] if us else 0
            points += v["nva_broken_cambodia_points"] if cambodia else 0
        else:
            one = v["nva_move_feature_points"]
            points += one * (numbers[loc] is not None and numbers[loc] == best_number)
            points += one * (classes[loc] == best_class)
            points += one * camp
            points += one * road
            points += v["nva_move_pleiku_points"] if loc == PLEIKU else 0
            if us:  # interpretation ftv:3.5.4.1/strength-compare: only where US units are
                points += one if _strength(us) <= strength else -one
        scores[loc] = int(points)
    return scores


def _strength(units: list[UsCompany]) -> int:
    """The strength of *units* together (a loop: a generator costs a function call in 3.11)."""
    total = 0
    for u in units:
        total += u.strength
    return total


def _best(s: CampaignState, scores: dict[str, int], rule: str) -> list[str]:
    """Locations by score, ties to the fewest locations from Pleiku, then at random (ftv:3.5.4.1D)."""
    hops = s.map.hops_to_pleiku
    order = sorted(scores, key=lambda loc: (-scores[loc], hops(loc)))
    # The ties with the first: the run of equal keys that starts the order (a loop: a
    # comprehension costs a function call in 3.11, and the first's key is read once).
    first = (scores[order[0]], hops(order[0]))
    top = []
    for loc in order:
        if (scores[loc], hops(loc)) != first:
            break
        top.append(loc)
    if len(top) > 1:
        pick = top[s.dice.pick(len(top), rule)]
        s.note(
            rule,
            f"{', '.join(top)} tie on points and distance to Pleiku: the dice pick {pick}",
            rolls=s.dice.rolls[-1:],
        )
        order.remove(pick)
        order.insert(0, pick)
    return order


def ground_movement(s: CampaignState) -> None:
    """Every contacted NVA stack moves by its schedule, one location at most (ftv:3.5.4)."""
    moved: set[str] = set()
    for here in s.nva_on_map():
        for broken in (False, True):
            stack = []
            for u in s.board.nva(here):  # (a loop: a comprehension costs a function call)
                if u.broken == broken and not u.hold and u.id not in moved:
                    stack.append(u)
            if not stack:
                continue
            rule = "ftv:3.5.4.2" if broken else "ftv:3.5.4.1"
            scores = score_locations(s, here, stack, broken=broken)
            order = _best(s, scores, rule)
            if s.tracing:  # (the table is text for the trace alone)
                table = ", ".join(
                    f"{loc} {scores[loc]:+d}" for loc in sorted(scores, key=lambda x: -scores[x])
                )
                s.note(
                    rule, f"{'broken' if broken else 'combat-ready'} NVA in {here} score {table}"
                )
            remaining = sorted(stack, key=_ORDER)
            for target in order:
                if not remaining:
                    break
                if target == here:
                    moved.update(map(_ID, remaining))
                    break
                placed = _place(s, target, remaining, rule)
                moved.update(map(_ID, placed))
                remaining = [u for u in remaining if u not in placed]
    for loc, ids in s.entered.items():
        if s.board.supply.get(loc) and not s.board.us(loc) and ids:
            capture_supply(s.board, loc, _Tracer(s))


class _Tracer:
    """Lets helpers that take a Trace write into the campaign trace."""

    def __init__(self, s: CampaignState) -> None:
        self.s = s

    def step(self, rule: str, text: str, **kwargs: object) -> None:
        self.s.note(rule, text, **kwargs)


def evade(s: CampaignState, loc: str, rule: str = "ftv:3.5.7") -> list[str]:
    """NVA in a contested location try to slip back to their Zone Box (ftv:3.5.7)."""
    if s.map.in_cambodia(loc):
        return []
    drm = -sum(1 for n in s.map.neighbors(loc) if s.board.has_us(n) and not s.board.has_nva(n))
    zone = s.map.zone(loc)
    gone = []
    for unit in [u for u in s.board.nva(loc) if u.broken]:
        roll = s.dice.d6(rule)
        if roll + drm <= 5:
            gone.append(unit)
        s.note(
            rule,
            f"broken {unit.id} rolls {roll}{drm:+d}: {'evades' if roll + drm <= 5 else 'stays'}",
            rolls=s.dice.rolls[-1:],
        )
    us_strength = sum(u.strength for u in s.board.us(loc))
    nva_strength = sum(u.strength for u in s.board.nva(loc) if u not in gone)
    if us_strength > nva_strength:
        ready = [u for u in s.board.nva(loc) if u not in gone]
        if s.options.get("evasion_roll") == "per-stack" and ready:
            roll = s.dice.d6(rule)
            worst = min(u.efficiency for u in ready)
            if roll + drm >= worst:
                gone += ready
            s.note(
                rule,
                f"the stack rolls {roll}{drm:+d} against efficiency {worst}",
                rolls=s.dice.rolls[-1:],
            )
        else:
            for unit in ready:
                roll = s.dice.d6(rule)
                if roll + drm >= unit.efficiency:
                    gone.append(unit)
                s.note(
                    rule,
                    f"{unit.id} rolls {roll}{drm:+d} against efficiency {unit.efficiency}: {'evades' if roll + drm >= unit.efficiency else 'stays'}",
                    rolls=s.dice.rolls[-1:],
                )
    for unit in gone:
        s.board.remove(unit)
        s.box[unit.id] = zone
    if gone:
        s.note(rule, f"{', '.join(u.id for u in gone)} evade from {loc} to Zone Box {zone}")
    return [u.id for u in gone]
