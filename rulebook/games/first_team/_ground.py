"""The US Ground Movement Segment, zone entry and contact (ftv:3.4.3)."""

from __future__ import annotations

import itertools
from bisect import bisect_right
from collections.abc import Callable, Sequence
from operator import attrgetter

from rulebook.games._decisions import Action, Decision, Options, question
from rulebook.games.first_team import _nva, _optional
from rulebook.games.first_team._command import location_die
from rulebook.games.first_team._common import (
    DONE,
    Flow,
    from_token,
    move_supply,
    stacking,
    to_token,
)
from rulebook.games.first_team._fight import fight
from rulebook.games.first_team._pieces import UsCompany
from rulebook.games.first_team._state import CampaignState
from rulebook.games.first_team.logistics import Stacking, add_fatigue, move_fatigue
from rulebook.maps.point_map import AN_KHE

__all__ = ["ground_movement_segment", "zone_entry"]


def _paths(s: CampaignState, here: str) -> list[list[str]]:
    """Where a ground move may go, as lists of places (see :func:`_routes`)."""
    return [[here, *(from_token(t) for t in tokens)] for _, tokens in _routes(s, here)]


def _routes(s: CampaignState, here: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Where a ground move may go: one location along any line, or two along roads when the
    first holds no NVA (ftv:3.4.3C, ftv:3.4.3.1A); An Khe by ground only to I2 and J4
    (ftv:3.4.3.2). Each is its end and the places after *here* as action arguments."""
    return _routes_keyed(s, here)[1]


def _routes_keyed(
    s: CampaignState, here: str, middles: tuple[bool, dict] | None = None
) -> tuple[tuple, tuple[tuple[str, tuple[str, ...]], ...], tuple[str, ...], frozenset[str]]:
    """:func:`_routes`, and a key that tells them apart from the other routes from *here*
    (whether Cambodia is open, and which road places on the way hold NVA); then the places they
    end at, in order and as a set (kept with them: each ground segment reads them again).
    *middles* is :func:`_road_middles`, if the caller has it."""
    cambodia, by_place = _road_middles(s) if middles is None else middles
    found = by_place.get(here)
    if found is None:
        found = by_place[here] = (
            tuple(n for n, _, onward in _lines_out(s, here) if onward),
            {},
        )
    middles_here, known = found
    nva = s.board.has_nva
    key = (cambodia, tuple(map(nva, middles_here)))
    found = known.get(key)
    if found is None:
        routes = []
        for n, step, onward in _lines_out(s, here):
            routes.append(step)
            if onward and (n not in middles_here or not key[1][middles_here.index(n)]):
                routes += onward
        dests = tuple([dest for dest, _ in routes])
        found = known[key] = (tuple(routes), dests, frozenset(dests))
    return key, *found


def _road_middles(s: CampaignState) -> tuple[bool, dict[str, tuple[tuple[str, ...], dict]]]:
    """Whether Cambodia is open, and by place, the places a two-line road move from it passes
    (the only ones whose NVA change the routes) with the routes worked out so far for each way
    they may be held (on the map, filled as places are asked about)."""
    cambodia = _optional.cambodia_open(s)
    key = ("ground middles", cambodia)
    found = s.map.derived.get(key)
    if found is None:
        found = s.map.derived[key] = (cambodia, {})
    return found


def _lines_out(
    s: CampaignState, here: str
) -> list[tuple[str, tuple[str, tuple[str]], list[tuple[str, tuple[str, str]]]]]:
    """Each place one line from *here* the US may enter, with the places a second road line
    leads on to from it (none unless both lines are roads and An Khe is neither end), each
    with the path's places after *here* as action arguments.

    The map alone decides this (and whether Cambodia is open, ftv:6.1), so the answer is kept
    on the map; only the NVA in the middle place (:func:`_routes`) changes in play.
    """
    key = ("ground lines", here, _optional.cambodia_open(s))
    found = s.map.derived.get(key)
    if found is not None:
        return found
    found = []
    for n in s.map.neighbors(here, boxes=True):
        if n == here or not _optional.open_to_us(s, n):
            continue
        onward = []
        if AN_KHE not in (here, n) and s.map.line(here, n) == "road":
            onward = [
                (m, (to_token(n), to_token(m)))
                for m in s.map.neighbors(n, boxes=True)
                if m not in (here, n) and _optional.open_to_us(s, m) and s.map.line(n, m) == "road"
            ]
        found.append((n, (n, (to_token(n),)), onward))
    s.map.derived[key] = found
    return found


def _movers(s: CampaignState, loc: str, done: set[str]) -> list[UsCompany]:
    """Companies at *loc* still free to act this segment (not garrisons, not flown in)."""
    flown = s.flown
    movers = []
    for u in s.board.us(loc):  # (a loop, not a comprehension: see Board.us)
        if not u.garrison and u.id not in done and u.id not in flown:
            movers.append(u)
    return movers


class _GroundOptions:
    """The Ground Movement Segment's options (ftv:3.4.3, 3.4.3.1, 3.4.3.3), made a location at a
    time and kept from one decision and segment to the next.

    A location's block is its free companies' moves and its whole stack's moves along each
    route, then their holds. It is a function of the location, its free companies (their ids,
    which in one campaign say what each counts as for stacking), whether it has supply to
    carry, its routes (which the NVA in a route's middle place decide) and the US tally at each
    route's end: those are its key, so a block is made once for every position of the campaign
    that gives the same key. The blocks are kept for the campaign alone (on its Stacking): few
    blocks made in one campaign are found in another.
    """

    # Blocks kept at most, forgotten all at once past it (a random campaign makes about 280; a
    # block with its key costs about 4 KiB).
    LIMIT = 1_000

    def __init__(self, s: CampaignState, done: set[str]) -> None:
        self.s, self.done = s, done
        self.stacking = stacking(s)
        self.blocks = self.stacking.kept("ground blocks")
        # Each location's block as last used (None: no free company there), with the places its
        # routes end at: kept from one decision to the next until the US or the supply change
        # there or at one of those ends (see changed), or a fight (see forget).
        self.kept: dict[str, tuple[tuple | None, frozenset[str]]] = {}
        # The US tally at each place US counters stand on (none: the empty one), read once and
        # kept as the blocks are (until the US there change, or a fight).
        self.tallies: dict[str, tuple] = {}
        # Each location's routes with their key (see _routes_keyed) and the places they end at:
        # only the NVA change them, and they move in this segment only in a fight (see forget).
        self.routes: dict[str, tuple] = {}

    def changed(self, *places: str) -> None:
        """The US or the supply at *places* changed: forget the blocks and tallies that read them."""
        kept, tallies = self.kept, self.tallies
        for loc in places:
            tallies.pop(loc, None)
        for loc in [
            loc for loc, (_, ends) in kept.items() if loc in places or not ends.isdisjoint(places)
        ]:
            del kept[loc]

    def forget(self) -> None:
        """A fight: the NVA (who decide the routes) and the US may have changed anywhere."""
        self.kept.clear()
        self.tallies.clear()
        self.routes.clear()

    def options(self) -> Options:
        """Every move, stack move and hold, then 'done'."""
        s, rules, blocks, kept = self.s, self.stacking, self.blocks, self.kept
        board, counts_as, tallies = s.board, rules.counts_as, self.tallies
        middles = _road_middles(s)
        runs = []  # each location's block, as a run (see _block)
        # Every place US counters stand on (a place whose US are all gone has no movers, so no
        # block), An Khe first.
        places = [AN_KHE, *board.in_use("us")]
        # Their tallies, each read once: most routes end where no US counter stands, whose tally
        # needs no look (the empty one). One pass over the few places with US, then a route
        # end's tally is one look-up that makes no call.
        for loc in places:
            if loc not in tallies:
                tallies[loc] = rules.tally(board.us(loc))
        ending = tallies.get
        empty = itertools.repeat(rules.tally([]))
        for loc in places:
            found = kept.get(loc)
            if found is not None:
                if found[0] is not None:
                    runs.append(found[0])
                continue
            movers = _movers(s, loc, self.done)
            if not movers:
                kept[loc] = (None, frozenset())
                continue
            keyed = self.routes.get(loc)
            if keyed is None:
                keyed = self.routes[loc] = _routes_keyed(s, loc, middles)
            way, routes, dests, ends = keyed
            # A route never ends where it starts, so the companies staying at its end are all
            # the US there.
            stays = tuple(map(ending, dests, empty))
            carry = loc != AN_KHE and board.supply.get(loc, 0) > 0
            # The companies' ids stand for what they count as for stacking too (the blocks are
            # the campaign's, and a live company always counts as the same).
            ids = tuple(map(_ID, movers))
            key = (loc, ids, carry, way, stays)
            block = blocks.get(key, blocks)  # (the dictionary itself: none kept; None: empty)
            if block is blocks:
                if len(blocks) >= self.LIMIT:
                    blocks.clear()
                counted = tuple(map(counts_as, movers))
                block = blocks[key] = _block(
                    loc, ids, counted, carry, routes, key[-1], rules.tally(movers), rules
                )
            kept[loc] = (block, ends)
            if block is not None:
                runs.append(block)
        # (one Options of the runs, not one copied into another a location)
        return Options.of_labelled_runs(runs).add(DONE)


def _block(  # noqa: PLR0917 - the block's key, spelt out
    loc: str,
    ids: tuple[str, ...],
    counted: tuple,
    supplied: bool,
    routes: tuple[tuple[str, tuple[str, ...]], ...],
    stays: tuple[tuple, ...],
    together: tuple,
    rules: Stacking,
) -> tuple[int, Callable[[int], Action], str | frozenset[str]] | None:
    """*loc*'s moves, stack moves and holds, from what :class:`_GroundOptions` keys them by:
    along each route, each company that may go alone, then the whole stack if it may; then each
    company's hold. Each move and stack move goes with and without the supply, if there is
    any. One run (its count, maker and label, as Options.run takes them; None if empty),
    put in every decision's list at once."""
    carry = ((), ("supply",)) if supplied else ((),)
    width = len(carry)
    starts: list[int] = []
    # verb, the companies (for a move, their positions among ids, as joining gives them), path
    parts: list[tuple[str, Sequence, tuple[str, ...]]] = []
    at = 0
    moves = stacked = False
    # The answers for these companies and this stack, looked up by each route's end.
    joinings = rules.joinings(counted)
    stacks = rules.stacking(together) if len(ids) > 1 else None
    here = to_token(loc)
    for (_, tokens), stay in zip(routes, stays, strict=True):
        going = joinings.get(stay)
        if going is None:
            going = rules.joining(stay, counted)
        if going:
            moves = True
            starts.append(at)
            parts.append(("move", going, tokens))
            at += len(going) * width
        if stacks is not None:
            stack = stacks.get(stay)
            if stack is None:
                stack = rules.may_stack(stay, together)
            if stack:
                stacked = True
                starts.append(at)
                parts.append(("stack", ids, (here, *tokens)))
                at += width
    holds = loc != AN_KHE
    if holds:
        starts.append(at)
        parts.append(("hold", ids, ()))
        at += len(ids)
    if not at:
        return None
    return at, _block_maker(ids, starts, parts, carry), _BLOCK_LABELS[moves, stacked, holds]


# A block's label (see Options.run) by whether it holds moves, stack moves and holds: its one
# verb, or the verbs among it.
_BLOCK_LABELS = {
    present: next(iter(verbs)) if len(verbs) == 1 else verbs
    for present in itertools.product((False, True), repeat=3)
    for verbs in (frozenset(itertools.compress(("move", "stack", "hold"), present)),)
}


def _block_maker(
    ids: tuple[str, ...],
    starts: list[int],
    parts: list[tuple[str, Sequence, tuple[str, ...]]],
    carry: tuple[tuple[str, ...], ...],
) -> Callable[[int], Action]:
    """The maker of a block's run (see :func:`_block`)."""
    width = len(carry)

    def make(k: int) -> Action:
        i = bisect_right(starts, k) - 1  # the last part starting at or before k
        verb, units, path = parts[i]
        k -= starts[i]
        if verb == "move":
            unit, way = divmod(k, width)
            return _new(Action, ("move", (ids[units[unit]], *path, *carry[way])))
        if verb == "stack":
            return _new(Action, ("stack", path + carry[k]))
        return _new(Action, ("hold", (units[k],)))

    return make


_new = tuple.__new__
_ID = attrgetter("id")


def _ground_options(s: CampaignState, done: set[str]) -> Options:
    """Move a company, or the whole free stack of a location, with or without the location's
    supply counter; or hold; or end the segment (ftv:3.4.3, 3.4.3.1, 3.4.3.3)."""
    return _GroundOptions(s, done).options()


def _walk(s: CampaignState, units: list[UsCompany], path: list[str], *, supply: bool) -> None:
    """Move *units* together along *path*, fatigue by line and supply (ftv:3.4.3D-E, 3.4.3.3)."""
    here, dest = path[0], path[-1]
    kinds = "+".join(map(s.map.line, path, path[1:]))  # (map: a generator costs a call)
    if AN_KHE in path:
        # Moves to and from the An Khe Box draw on the division's base: the line alone counts.
        cost = 0 if kinds == "road" else 1
    else:
        cost = move_fatigue(s.map, path, supplied=supply)
    if supply:
        move_supply(s, here, dest)
    for unit in units:
        unit.hold = False
        s.board.place(dest, unit)
        s.moved.add(unit.id)
        if cost:
            add_fatigue(unit, cost, values=s.values)
    _optional.us_in_cambodia(s, dest, air=False)
    if s.tracing:  # (the text is for the trace alone)
        names = ", ".join(f"{u.id} F{u.fatigue}{' broken' if u.broken else ''}" for u in units)
        carried = " carrying their supply counter" if supply else " without supply"
        s.note(
            "ftv:3.4.3.3" if supply else "ftv:3.4.3",
            f"{' and '.join(map(_ID, units))} move {' - '.join(path)} by {kinds}{carried}: {names}",
        )


def ground_movement_segment(s: CampaignState) -> Flow:
    """Companies move alone or as a stack, may carry supply, and may double-move on roads."""
    s.segment = "ground movement"
    done: set[str] = set()
    entered: set[str] = set()
    kept = _GroundOptions(s, done)
    while True:
        prompt = "ground movement: move a company or a stack, or hold"
        # (question, not ask: no generator made and passed through at each of the many
        # decisions of the segment; the transport and support loops do the same)
        action = question("us", kept.options(), prompt, "ftv:3.4.3")
        if type(action) is Decision:
            action = yield action
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
            kept.changed(s.where(unit))
            continue
        if action.verb == "stack":
            here = from_token(args[0])
            units = _movers(s, here, done)
        else:
            units = [s.us[args[0]]]
            here = s.where(units[0])
        path = [here, *map(from_token, args[1:])]  # (map: a generator costs a call)
        done.update(map(_ID, units))
        _walk(s, units, path, supply=supply)
        dest = path[-1]
        kept.changed(here, dest)
        if dest == AN_KHE:
            continue
        entered.add(dest)
        if s.board.nva(dest) and set(s.board.us(dest)) == set(units):
            s.note(
                "ftv:3.4.3.4",
                f"{', '.join(u.id for u in units)} walk into the NVA at {dest}: ambush",
            )
            yield from fight(s, dest, attacker="nva", ambush=True)
            kept.forget()
    for loc in zone_entry(s, entered | {s.where(s.us[i]) for i in s.flown if s.where(s.us[i])}):
        s.note("ftv:3.4.3.5", f"the NVA placed at {loc} find US units newly arrived: ambush")
        yield from fight(s, loc, attacker="nva", ambush=True)
    for loc in s.contested():
        _nva.evade(s, loc, "ftv:3.4.3.6")


def zone_entry(s: CampaignState, entered: set[str]) -> list[str]:
    """US units entering a zone with identified NVA may make contact (ftv:3.4.3.5).

    A camp whose garrison is still there does not open its zone: the garrison counts among the
    occupied locations only when US units entered another location of the zone (ftv:3.4.3.5B,
    its Case 2). Returns the locations where a placed stack found US units that arrived this
    phase: each is an ambush (ftv:3.4.3.5J).
    """
    rule = "ftv:3.4.3.5"
    ambushes = []
    zones = sorted(
        {
            s.map.zone(loc)
            for loc in entered
            if loc and loc != AN_KHE and not s.map.in_cambodia(loc) and s.garrison_at(loc) is None
        }
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
        for stack in _nva.consecutive_stacks(identified, s.values["nva_stack"]):
            limit = s.values["nva_stack"]
            if not any(
                len(s.board.nva(loc)) + len(stack) <= limit
                for loc in s.map.in_zone(zone)
                if s.map.number(loc) is not None
            ):
                # The book's zones have six locations, so some location always has room; a
                # designer's zone of fewer can fill up, and rerolling would never end.
                s.note(
                    rule,
                    f"{stack[0].id}-{stack[-1].id} stay in the Zone {zone} box: no location of the "
                    "zone has room for the stack",
                )
                continue
            while True:  # reroll until the stack fits (ftv:3.4.3.5I)
                die = location_die(s, zone, rule)
                loc = f"{zone}{die}"
                if len(s.board.nva(loc)) + len(stack) <= s.values["nva_stack"]:
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
