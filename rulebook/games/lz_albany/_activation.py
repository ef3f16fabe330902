"""Activations: what a Fire/Move chit lets a unit group do (lza:5.2, 5.3, 6.1-6.5, 10.1-10.3)."""

from __future__ import annotations

from collections.abc import Callable, Generator
from operator import attrgetter, itemgetter

from rulebook.games._decisions import Action, Decision, Options, ask, new_action, question
from rulebook.games._narrate import counted, join_names
from rulebook.games.lz_albany._combat import (
    carry,
    carry_loads,
    divide_fire,
    fire_options,
    firing_dice,
    infantry_fire,
    melee,
    mortar_fire,
    mortar_targets,
)
from rulebook.games.lz_albany._pieces import Unit, other
from rulebook.games.lz_albany._state import COLUMBUS, TRANSITION, State

Flow = Generator


def activated(s: State, side: str, group: str) -> set[str]:
    """The group's platoons and officers on the map, and senior officers with them (lza:5.2, 5.2D, 10.1)."""
    ids: set[str] = set()
    areas: set[str | None] = set()
    units = s.units
    for u in s._where.get((side, group), ()):  # the group's counters on the map
        ids.add(u.id)
        if not u.is_officer:
            areas.add(u.area)
    unlimited = s.rules.options.get("senior_officer_activations") == "unlimited"
    limit = None if unlimited else s.rules.senior_activations
    for sid in _senior_ids(s):  # (each read alone: the order makes no difference)
        officer = units[sid]
        if officer.side != side or officer.status != "on-map":
            continue
        with_group = not officer.wounded and officer.area in areas
        if with_group and (limit is None or s.officer_activations.get(officer.id, 0) < limit):
            ids.add(officer.id)
    return ids


def count_senior(s: State, ids: set[str], used: set[str]) -> None:
    """A senior officer's activation counts once he acts in it (lza:5.2D)."""
    acting = ids & used & _senior_ids(s)
    if acting:  # (mostly none)
        for uid in sorted(acting):
            s.officer_activations[uid] += 1


def _senior_ids(s: State) -> frozenset[str]:
    """Every senior officer's id: the scenario's alone (no counter changes rank), so worked out
    once a game and shared by its positions, like its activate actions."""
    kept = s._activation_actions
    found = kept.get("seniors")
    if found is None:
        found = kept["seniors"] = frozenset([u.id for u in s.units.values() if u.senior])
    return found


def seniors_here(s: State, area: str, side: str, ids: set[str]) -> list[Unit]:
    """The activated senior officers here, each of whom may add his die to this fight or keep
    his activation (lza:5.2D): none under the ``unlimited`` reading, where an activation
    costs nothing, so he always joins. Most fights have none (and no :func:`seniors_join`)."""
    if s.rules.options.get("senior_officer_activations") == "unlimited":
        return []
    found = []  # (a loop, not a comprehension: see State.able_officers)
    for o in s.able_officers(area, side):
        if o.senior and o.id in ids:
            found.append(o)
    return found


def seniors_join(s: State, area: str, side: str, seniors: list[Unit]) -> Flow:
    """The player decides for each of *seniors* whether he joins the fight in *area*
    (lza:5.2D). Returns the ids of those who stay out."""
    declined: set[str] = set()
    for officer in seniors:
        left = s.rules.senior_activations - s.officer_activations[officer.id]
        choice = yield from ask(
            side,
            [Action.of("join", officer.id, area), Action.of("spare", officer.id)],
            f"{s.called(officer.id)}: add his die in {area}?"
            f" ({counted(left, 'activation')} left this turn)",
            "lza:5.2D",
        )
        if choice.verb == "spare":
            declined.add(officer.id)
    return declined


def destinations(s: State, unit: Unit, *, adrenaline: bool = False) -> list[str]:
    """Areas a unit may enter in one move (lza:5.2E, lza:5.3, lza:6.2, lza:6.5); guns stay put (lza:6.2C)."""
    return list(_destinations(s, unit, adrenaline))


def _destinations(s: State, unit: Unit, adrenaline: bool) -> tuple[str, ...]:
    here = unit.area
    if here is None or unit.kind == "artillery":  # lza:6.2C
        return ()
    side = unit.side
    if here == COLUMBUS and side == "us" and s.platoons(COLUMBUS, "nva"):  # lza:6.5
        return ()
    retreating = s.retreat and side == "nva"
    key = (here, side, adrenaline, retreating)
    found = s._reach.get(key)  # the rest depends on the map alone: worked out once a map
    if found is None:
        found = s._reach[key] = _reachable(s, here, side, adrenaline=adrenaline, retreat=retreating)
    return found


def _reachable(
    s: State, here: str, side: str, *, adrenaline: bool, retreat: bool
) -> tuple[str, ...]:
    edge_distance = s.map.edge_distance()
    out = []
    for dest in s.map.neighbors(here):
        if dest == TRANSITION and side != "nva":
            continue  # lza:6.5: only the NVA pass through the Transition Area
        if dest == COLUMBUS and (side != "nva" or here != TRANSITION or adrenaline):
            continue  # lza:6.5, and no adrenaline charge into LZ Columbus (lza:5.3)
        if here == COLUMBUS and dest == TRANSITION:
            continue  # lza:6.5: from LZ Columbus units go out to the east edge
        if retreat and edge_distance.get(dest, 99) >= edge_distance.get(here, 99):
            continue  # lza:5.2E: in retreat every move closes on a board edge
        out.append(dest)
    return tuple(out)


def needs_officer(unit: Unit) -> bool:
    """Hit or reduced platoons move only with an officer (lza:6.2A, 8.2, 8.3)."""
    return not unit.is_officer and unit.hits > 0


def must_move(s: State, side: str) -> bool:
    """In the NVA retreat every activated unit that can close on an edge must (lza:5.2E)."""
    return (
        side == "nva"
        and s.retreat
        and s.rules.options.get("nva_retreat_moves", "all-must-move") == "all-must-move"
    )


def can_lead(officer: Unit, unit: Unit) -> bool:
    """His own company's officer or a senior officer may take a hit platoon along (lza:6.2A)."""
    return officer.senior or officer.company == unit.company


def move_options(
    s: State,
    ids: set[str],
    moved: set[str],
    side: str,
    *,
    adrenaline: bool,
    kept: dict[str, tuple] | None = None,
    order: list[str] | None = None,
    first: Action | None = None,
) -> Options:
    """Every move the activated counters may make; officers move like platoons (lza:10.2).

    Made only when read (one run of actions per counter). *kept* holds each counter's moves
    from an earlier call, for counters whose area nothing has touched since (see
    :func:`move_activation`); the moves are worked out again for the others. *order* is
    ``sorted(ids)`` if the caller has it; *first*, if given, comes before the moves.
    """
    runs: list[tuple] = [] if first is None else [(1, (first,).__getitem__)]
    if kept is None:
        kept = {}  # (this call's alone)
    known, units = kept.get, s.units
    for uid in sorted(ids) if order is None else order:
        if uid in moved:
            continue
        moves = known(uid)
        if moves is None:
            moves = kept[uid] = _unit_moves(s, units[uid], ids, moved, side, adrenaline=adrenaline)
        runs += moves
    return Options.of_runs(runs)


def _unit_moves(
    s: State, unit: Unit, ids: set[str], moved: set[str], side: str, *, adrenaline: bool
) -> tuple:
    """One counter's moves, as runs of options: each a count and the maker of its k-th move
    (an exit from the map first, where one is allowed)."""
    if unit.status != "on-map" or (unit.is_officer and unit.wounded):
        return ()  # wounded officers are carried (lza:10.4)
    uid = unit.id
    hurt = needs_officer(unit)
    # in retreat a unit on an edge may leave; a hit platoon only with an officer (lza:6.2A)
    runs: tuple = ()
    if s.retreat and side == "nva" and s.map.area(unit.area).edges and not hurt:
        runs = ((1, (new_action(("exit", (uid,))),).__getitem__),)
    dests = _destinations(s, unit, adrenaline)
    if not dests:
        return runs
    loads = carry_loads(s, unit)
    if hurt:
        escorts = []  # (loops, not comprehensions: see State.able_officers)
        for o in s.able_officers(unit.area, side):
            oid = o.id
            if oid in ids and oid not in moved and can_lead(o, unit) and oid != uid:
                escorts.append(oid)
        if not escorts:
            return runs
        # per destination: with each escort, then with each escort carrying each load
        per = []
        for oid in escorts:
            per.append(("with", oid))
        for oid in escorts:
            for w in loads:
                per.append(("with", oid, "carry", w))
    elif loads:
        per = [()] + [("carry", w) for w in loads]  # per destination: alone, then carrying
    else:  # alone: the commonest case
        return (*runs, (len(dests), lambda k: new_action(("move", (uid, dests[k])))))
    n = len(per)
    return (
        *runs,
        (len(dests) * n, lambda k: new_action(("move", (uid, dests[k // n], *per[k % n])))),
    )


def do_move(s: State, action: Action, moved: set[str]) -> str:
    """Carry out a move (or follow) action; return the destination."""
    uid, dest, *rest = action.args
    unit = s.units[uid]
    origin = unit.area
    unit.area = dest
    moved.add(uid)
    if not rest:  # a counter alone: the common case
        if s.trace.keeps:
            s.trace.step("lza:6.2", f"{s.called(uid)} moves {origin} -> {dest}")
        return dest
    extras = dict(zip(rest[::2], rest[1::2], strict=True))
    text = f"{s.called(uid)} moves {origin} -> {dest}"
    if "with" in extras:
        s.units[extras["with"]].area = dest
        moved.add(extras["with"])
        text += f" with {s.called(extras['with'])} (lza:6.2A)"
    if "carry" in extras:
        loads = carry(s, extras["carry"], origin, dest)
        text += f", carrying {join_names(map(s.called, loads))} (lza:8.4A)"
    if action.verb == "follow":
        leader = s.called(extras["after"]) if "after" in extras else "its officer"
        text += f" following {leader} (lza:6.2A)"
    s.trace.step("lza:6.2", text)
    return dest


def followers(
    s: State, officer: Unit, origin: str, dest: str, *, ids: set[str], moved: set[str], side: str
) -> Flow:
    """An officer who moves may take any number of hit or reduced platoons with him (lza:6.2A, 10.3)."""
    while True:
        eligible = []
        for u in s._platoons_at[side].get(origin, ()):  # s.platoons(origin, side), not copied
            if (
                u.id in ids
                and u.id not in moved
                and needs_officer(u)
                and can_lead(officer, u)
                and dest in _destinations(s, u, False)
            ):  # (a loop, not a comprehension: see State.able_officers)
                eligible.append(u)
        if not eligible:
            return
        options = [] if must_move(s, side) else [Action.of("leave", officer.id)]
        for unit in eligible:
            options.append(Action.of("follow", unit.id, dest, "after", officer.id))
            for w in carry_loads(s, unit):  # (a loop, not a comprehension, as above)
                options.append(Action.of("follow", unit.id, dest, "after", officer.id, "carry", w))
        choice = yield from ask(
            side,
            options,
            f"{s.called(officer.id)} moves to {dest}: which hit or reduced platoon goes with him?",
            "lza:6.2A",
        )
        if choice.verb == "leave":
            return
        do_move(s, choice, moved)


def leave_map(s: State, unit: Unit, moved: set[str]) -> None:
    unit.status, unit.area = "exited", None
    moved.add(unit.id)
    s.trace.step("lza:5.2E", f"{s.called(unit.id)} leaves the map (not counted as eliminated)")


def exit_followers(
    s: State, officer: Unit, area: str, *, ids: set[str], moved: set[str], side: str
) -> Flow:
    """Hit platoons may leave the map with an officer who leaves from their area (lza:5.2E, 6.2A)."""
    while True:
        eligible = [
            u
            for u in s.platoons(area, side)
            if u.id in ids and u.id not in moved and needs_officer(u) and can_lead(officer, u)
        ]
        if not eligible:
            return
        options = [] if must_move(s, side) else [Action.of("leave", officer.id)]
        options += [Action.of("exit", u.id, "after", officer.id) for u in eligible]
        choice = yield from ask(
            side,
            options,
            f"{s.called(officer.id)} leaves the map: which hit or reduced platoon goes with him?",
            "lza:6.2A",
        )
        if choice.verb == "leave":
            return
        leave_map(s, s.units[choice.args[0]], moved)


def move_activation(s: State, side: str, ids: set[str], *, adrenaline: bool = False) -> Flow:
    """Move any or all activated counters one area each, then melee where they met the enemy (lza:6.2, 7.2).

    In the NVA retreat the group may not stop while a unit can still close on an edge (lza:5.2E).
    """
    moved: set[str] = set()
    entered: set[str] = set()
    # Each counter's moves, kept from one decision to the next until a move touches its area:
    # a move changes only its origin and destination (who is there to escort or be carried);
    # LZ Columbus, once touched, may change where everyone else can go (lza:6.5).
    kept: dict[str, tuple] = {}
    retreat = s.retreat
    forced = must_move(s, side)  # in retreat the group may not stop while it can move
    order = sorted(ids)
    units = s.units
    while True:
        if s.retreat != retreat:
            kept, retreat = {}, s.retreat
            forced = must_move(s, side)
        options = move_options(
            s,
            ids,
            moved,
            side,
            adrenaline=adrenaline,
            kept=kept,
            order=order,
            first=None if forced else _DONE,
        )
        prompt = "retreat: move a unit toward a map edge" if forced else "move a unit, or done"
        # (forced to move with no move left: the group is done)
        if forced and not options:  # (only a forced group may have no option)
            options = Options([_DONE])
        choice = question(side, options, prompt, "lza:6.2")
        if type(choice) is Decision:
            choice = yield choice
        if choice.verb == "done":
            break
        if choice.verb == "exit":
            unit = s.units[choice.args[0]]
            here = unit.area
            leave_map(s, unit, moved)
            if unit.is_officer and here:
                yield from exit_followers(s, unit, here, ids=ids, moved=moved, side=side)
            _forget(s, kept, (here,), side)
            continue
        args = choice.args
        mover = units[args[0]]
        origin = mover.area
        dest = do_move(s, choice, moved)
        # A platoon moving alone changes no other counter's moves: it escorts and carries no
        # one, and its own are over. An officer, an escort or a load does, as may LZ Columbus.
        if len(args) > 2 or mover.is_officer or COLUMBUS in (origin, dest):
            _forget(s, kept, (origin, dest), side)
        entered.add(dest)
        leader = _leader(args, mover)
        if leader and origin:
            yield from followers(s, units[leader], origin, dest, ids=ids, moved=moved, side=side)
    count_senior(s, ids, moved)
    for area in sorted(entered):
        if s.disputed(area) and _any_in(units, moved, area):
            if area == COLUMBUS and side == "nva":
                s.award("nva", "columbus_melee")
            yield from melee(s, area, side, ids)


def _any_in(units: dict[str, Unit], moved: set[str], area: str) -> bool:
    """Whether one of the *moved* counters stands in *area* now."""
    for i in moved:  # noqa: SIM110 - any() would make a generator (see State.able_officers)
        if units[i].area == area:
            return True
    return False


def _leader(args: tuple[str, ...], mover: Unit) -> str | None:
    """Who may take hit platoons along after a move: its escort, or the officer who moved (lza:6.2A)."""
    if len(args) > 2:  # with an escort, or carrying
        extras = dict(zip(args[2::2], args[3::2], strict=True))
        return extras.get("with") or (args[0] if mover.is_officer else None)
    return args[0] if mover.is_officer else None


def _forget(s: State, kept: dict[str, tuple], touched: tuple[str | None, ...], side: str) -> None:
    """Drop the kept moves of *side*'s counters in the areas a move touched (all of them for
    LZ Columbus). The moves kept are of the activated counters, all of *side*: the index's
    lists of the touched areas name them without a look at every counter kept."""
    if COLUMBUS in touched:
        kept.clear()
        return
    for at in (s._platoons_at[side], s._officers_at[side]):
        for area in touched:
            for u in at.get(area, ()):
                kept.pop(u.id, None)


def fire_activation(s: State, side: str, ids: set[str]) -> Flow:
    """Melee where the group is engaged, then ranged and mortar fire area by area (lza:7.2-7.4).

    No fire leaves a disputed area (lza:7.2A); the melee there comes first.
    """
    fought: set[str] = set()
    fired: set[str] = set()
    shelled: set[str] = set()
    platoons = []
    units = s.units
    for i in sorted(ids):  # (a loop, not a comprehension: see State.able_officers)
        if not units[i].is_officer:
            platoons.append(units[i])
    group = frozenset(ids)
    while True:
        options = fire_choices(
            s, side, ids, platoons, fought=fought, fired=fired, shelled=shelled, group=group
        )
        choice = question(side, options, "melee, fire, or done", "lza:7.0")
        if type(choice) is Decision:
            choice = yield choice
        if choice.verb == "done":
            break
        area = choice.args[0]
        if choice.verb == "melee":
            fought.add(area)
            seniors = seniors_here(s, area, side, ids)  # (who acts: less those who stay out)
            acting = ids - (yield from seniors_join(s, area, side, seniors)) if seniors else ids
            count_senior(s, acting, {o.id for o in s.able_officers(area, side)})
            yield from melee(s, area, side, acting)
        elif choice.verb == "fire":
            fired.add(area)
            seniors = seniors_here(s, area, side, ids)
            acting = ids - (yield from seniors_join(s, area, side, seniors)) if seniors else ids
            shooters = []  # (loops, not comprehensions: see State.able_officers)
            for u in s._platoons_at[side].get(area, ()):  # s.platoons(area, side), not copied
                if u.id in ids and u.kind == "infantry":
                    shooters.append(u)
            officers = set()  # the acting officers' ids
            for o in s.able_officers(area, side):
                if o.id in acting:
                    officers.add(o.id)
            dice = firing_dice(
                s, shooters, "fire", area, side, officers=len(officers), rule="lza:7.3"
            )
            count_senior(s, acting, officers)
            shares = yield from divide_fire(s, _rescale(choice, dice), side)
            yield from infantry_fire(s, shares, side, acting)
        elif choice.verb == "mortar":
            shelled.add(area)
            yield from mortar_fire(s, area, choice.args[1], side, ids)


def fire_choices(
    s: State,
    side: str,
    ids: set[str],
    platoons: list[Unit],
    *,
    fought: set[str],
    fired: set[str],
    shelled: set[str],
    kept: dict | None = None,
    group: frozenset[str] | None = None,
) -> list[Action]:
    """What a fire activation may do next: melee where engaged, else fire or shell from each
    area not yet used, or stop (lza:7.2-7.4). *platoons* are the activated platoons.

    An area's fire options depend on who stands there and how hurt they are, and on which
    sides hold platoons next door (lza:6.1, 7.2A, 7.3): they are kept (in *kept*, the board's
    store by default) with the area's change count and its neighbours' counts of sides coming
    and going, until one changes; the next activation of the same counters may find them still
    good. *group* is ``frozenset(ids)`` if the caller has it.

    Most decisions of an activation come with nothing on the board changed since the last
    (a fire that missed, a mortar with nothing in sight): the group's areas, where it is
    engaged, and its blocks are kept with the board's count of changes too, and read again
    as they are while it stands.
    """
    kept = s._kept if kept is None else kept
    if group is None:
        group = frozenset(ids)
    ours = kept.get(group)  # these counters' areas and blocks
    if ours is None:
        ours = kept[group] = _FireKept()
    if ours.changed != s._changed:
        _read_areas(s, side, platoons, ours)
    if ours.engaged:
        pending = []  # (a loop, not a comprehension: see State.able_officers)
        for a in ours.engaged:
            if a not in fought:
                pending.append(new_action(("melee", (a,))))
        if pending:
            return pending
    blocks = ours.blocks
    if blocks is None:
        blocks = ours.blocks = _fire_blocks(s, side, ids, ours)
    options = [_DONE]
    for area, shots, mortars in blocks:
        if shots and area not in fired:
            options += shots
        if mortars and area not in shelled:
            options += _mortar_options(s, area, side)
    return options


class _FireKept:
    """A group's fire blocks by area, with their stamps, and what :func:`fire_choices` read
    of the board at its count of changes ``changed``."""

    __slots__ = ("areas", "blocks", "by_area", "changed", "engaged")

    def __init__(self) -> None:
        self.by_area: dict[str, tuple] = {}
        self.changed: int = -1
        self.areas: list[str] = []
        self.engaged: list[str] = []
        self.blocks: list[tuple] | None = None


def _read_areas(s: State, side: str, platoons: list[Unit], ours: _FireKept) -> None:
    """The group's areas and where it is engaged, read at the board's count of changes."""
    ours.changed = s._changed
    areas = set()
    for u in platoons:  # (loops, not comprehensions: see State.able_officers)
        if u.status == "on-map":
            areas.add(u.area)
    ours.areas = areas = sorted(areas)
    # An activated platoon stands in each of these areas: s.disputed(a) there is whether
    # enemy platoons do too (lza:7.2), asked of the board's index directly.
    enemy_held = s._platoons_at[other(side)]
    engaged = ours.engaged = []
    for a in areas:
        if a in enemy_held and a != TRANSITION:
            engaged.append(a)
    ours.blocks = None


def _fire_blocks(s: State, side: str, ids: set[str], ours: _FireKept) -> list[tuple]:
    """Each of the group's areas with its fire options and whether it has mortars to fire:
    an area's block is worked out again only when its stamp changed."""
    changes, presence = s._changes.get, s._presence  # (None where nothing ever changed)
    near = _presence_near(s)
    by_area = ours.by_area
    blocks = []
    for area in ours.areas:
        stamp = (changes(area), near[area](presence))
        block = by_area.get(area)
        if block is None or block[0] != stamp:
            block = by_area[area] = (stamp, *_fire_block(s, area, side, ids))
        blocks.append((area, block[1], block[2]))
    return blocks


def _presence_near(s: State) -> dict[str, Callable[[dict], object]]:
    """For each area, a function reading the presence counts of all its neighbours at once
    (``State._presence``, which holds every area): the map's alone, made once a map."""
    found = s._reach.get("presence-near")
    if found is None:
        found = s._reach["presence-near"] = {
            area: itemgetter(*near) if near else _NO_NEIGHBOURS
            for area, near in s.map._neighbors.items()
        }
    return found


def _NO_NEIGHBOURS(presence: dict) -> tuple:  # noqa: N802 - stands where an itemgetter would
    return ()


def _mortar_options(s: State, area: str, side: str) -> tuple[Action, ...]:
    """The mortar actions from *area* (lza:7.4), made once per position like its targets."""
    flares = s.flares_now
    key = ("mortar-options", area, side, s.night, tuple(sorted(flares)) if flares else ())
    found = s._facts.get(key)
    if found is None:
        made = []  # (a loop, not a comprehension: see State.able_officers)
        for t in mortar_targets(s, area, side):
            made.append(new_action(("mortar", (area, t))))
        found = s._facts[key] = tuple(made)
    return found


_DONE = Action("done", ())


def _fire_block(s: State, area: str, side: str, ids: set[str]) -> tuple[tuple | None, bool]:
    """The fire options of the activated units in one area, and whether it has mortars to fire
    (lza:7.2A, 7.3, 7.4)."""
    if s.disputed(area) or (area == COLUMBUS and s.platoons(COLUMBUS, "nva")):
        return None, False  # lza:7.2A: no fire out of a disputed area
    shots = None
    shooters, mortars = [], False
    for u in s._platoons_at[side].get(area, ()):  # s.platoons(area, side), not copied
        if u.id in ids:
            if u.kind == "infantry":
                shooters.append(u)
            elif u.kind == "mortar":
                mortars = True
    if shooters:
        officers = 0
        for o in s._officers_at[side].get(area, ()):  # s.able_officers(area, side)
            if not o.wounded and o.id in ids:
                officers += 1
        dice = firing_dice(
            s, shooters, "fire", area, side, officers=officers, rule="lza:7.3", trace=False
        )
        if dice:
            shots = fire_options(s, area, side, dice)
    return shots, mortars


def _rescale(choice: Action, dice: int) -> Action:
    """The chosen fire with the dice the group really rolls: the option counted every senior
    officer's die, and one who stayed out takes his away (lza:5.2D). The player divides the
    dice only after this (lza:7.3, :func:`divide_fire`), so he splits what he really has."""
    target = choice.args[1].split(":")[0]
    return new_action(("fire", (choice.args[0], f"{target}:{dice}")))


def alone_officers(s: State, side: str) -> tuple[Unit, ...]:
    """Unwounded officers of *side* with no friendly platoon in their area, by id (lza:10.1).

    A fact of the position (kept in ``s._facts``, which goes whenever an officer moves or is
    wounded, or an area gains its first or loses its last platoon of a side): asked after
    every chit, and most chits find the same officers alone, or none.
    """
    key = ("alone", side)
    found = s._facts.get(key)
    if found is None:
        held = s._platoons_at[side]
        alone = []
        for u in s._where[(side, True)]:  # the side's officers (a loop: see State.able_officers)
            if not u.wounded and u.area not in held:
                alone.append(u)
        found = s._facts[key] = tuple(sorted(alone, key=attrgetter("id")))
    return found


def lone_officers(s: State, side: str) -> Flow:
    """Officers with no friendly platoon beside them may act once a turn on any friendly chit (lza:10.1).

    Fire/Move, artillery, air, adrenaline or visibility: any chit of his side will do.
    """
    most, moves = s.rules.lone_officer_activations, s.lone_moves
    # (moving one lone officer never gives another a platoon or a move: read once)
    for officer in alone_officers(s, side):
        if moves.get(officer.id, 0) >= most:
            continue
        oid = officer.id
        options = [new_action(("stay", (oid,)))]  # (a loop: see State.able_officers)
        for d in _destinations(s, officer, False):
            options.append(new_action(("move", (oid, d))))
        choice = question(side, options, f"{s.called(officer.id)} is alone: move him?", "lza:10.1")
        if type(choice) is Decision:
            choice = yield choice
        if choice.verb == "move":
            s.lone_moves[officer.id] += 1
            do_move(s, choice, set())
