"""The sequence of play, phase by phase (lza:3.3-3.8, 4.1-4.3, 5.1, 8.4C-D, 9, 11.2).

``game(state)`` is a generator that reads like the rulebook's turn sequence:
it yields a Decision or a Chance whenever the game needs a choice and
receives the chosen Action back.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from fractions import Fraction
from operator import attrgetter

from rulebook.games._decisions import Action, Chance, Decision, ask, new_action, question
from rulebook.games.lz_albany._activation import (
    activated,
    alone_officers,
    fire_activation,
    lone_officers,
    move_activation,
)
from rulebook.games.lz_albany._combat import apply_hits
from rulebook.games.lz_albany._pieces import SIDES, Chit, Unit, other
from rulebook.games.lz_albany._state import ALBANY, TRANSITION, GameOver, State
from rulebook.games.lz_albany._support import artillery, dust_off, gunship, skyraider

Flow = Generator


def game(s: State, *, resume: bool = False) -> Flow:
    """Ten turns, or fewer if the NVA reach their automatic-victory total (lza:3.1, lza:3.3, lza:4.2).

    With *resume* the sequence picks up at a chit draw of the current turn's action phase:
    everything the flow needs there is on the board, so Undo can restart from a copy of the
    position taken at a draw (a checkpoint) instead of replaying the whole game.
    """
    over = GameOver  # held here: see first_team._flow.campaign (a game open at Python's exit)
    try:
        for turn in range(s.turn if resume else 1, s.rules.turns + 1):
            s.turn = turn
            if not resume:
                yield from reinforcement_phase(s)
                yield from event_phase(s)
            resume = False
            yield from action_phase(s)
            yield from rally_phase(s)
            if turn == s.rules.turns:
                break
            yield from administrative_phase(s)
        final_scoring(s)
    except over:
        pass
    s.phase = "over"


# --- 3.4 reinforcements ---------------------------------------------------------


def arrival_areas(s: State, unit: Unit) -> list[str]:
    """Where *unit* may enter: the areas its arrival names (by id, tag or terrain) with room
    for it (lza:3.2)."""
    spec = s.arrivals[unit.id]
    key = ("arrival", spec.area, spec.tag, spec.terrain)
    named = s._reach.get(key)  # the areas the arrival names depend on the map alone
    if named is None:
        named = s._reach[key] = tuple(
            area.id
            for area in s.map
            if not (spec.area and area.id != spec.area)
            and not (spec.tag and spec.tag not in area.tags)
            and not (spec.terrain and area.terrain != spec.terrain)
        )
    if unit.is_officer:
        return list(named)
    # stacking limits apply at placement (lza:3.2D), LZ Columbus aside (lza:6.1)
    room = []  # (a loop, not a comprehension: see State.able_officers)
    for a in named:
        if not s.full_for_placement(a, unit.side):
            room.append(a)
    return room


def reinforcement_phase(s: State) -> Flow:
    """Arrivals are placed by their owners, US first; new chits join the pool (lza:3.2, lza:3.4).

    Who arrives when and where is the scenario's: the opening pool of four NVA Fire/Move
    chits (lza:3.2B), the US and NVA forces on their circles (lza:3.2C, lza:3.2E) and the
    reinforcements of each side (lza:3.2D, lza:3.2F).
    """
    s.phase = "reinforcement"
    for side in SIDES:
        for unit in _due(s, side):
            uid = unit.id
            options = []  # (a loop, not a comprehension: see State.able_officers)
            for a in arrival_areas(s, unit):
                options.append(new_action(("place", (uid, a))))
            if s.arrivals[unit.id].airlift:
                options.append(Action.of("hold", unit.id))
            if not options:
                s.trace.step(
                    "lza:3.2D", f"{s.called(uid)} finds no area with room and waits a turn"
                )
                continue
            choice = question(side, options, f"place {s.called(uid)}", s.arrivals[uid].rule)
            if type(choice) is Decision:
                choice = yield choice
            if choice.verb == "hold":
                unit.status = "held"
                s.trace.step(
                    "lza:3.2D",
                    f"{s.called(uid)} is held at LZ Columbus pads for a Dust Off airlift",
                )
            else:
                # (the area first, while off the map: the board's index takes him in once)
                unit.area, unit.status = choice.args[1], "on-map"
                if s.trace.keeps:
                    s.trace.step(s.arrivals[uid].rule, f"{s.called(uid)} enters in {unit.area}")
    for chit in sorted(s.chits.values(), key=_by_id):
        if chit.arrival_turn == s.turn and not chit.in_play:
            if s.retreat and chit.side == "nva" and chit.kind == "adrenaline":
                continue
            chit.in_play = True
            s.pool.append(chit.id)
            s.trace.step("lza:5.1", f"chit {chit.id} joins the pool")


def _due(s: State, side: str) -> list[Unit]:
    """*side*'s counters due on the map by this turn, in the order the owner places them."""
    units, turn = s.units, s.turn
    due = []
    for uid in _arrival_order(s, side):  # (a loop, not a comprehension: see State.able_officers)
        u = units[uid]
        if u.status == "waiting" and u.arrival_turn <= turn:
            due.append(u)
    return due


def _arrival_order(s: State, side: str) -> tuple[str, ...]:
    """The ids of *side*'s counters in the order the owner places arrivals: platoons, then
    officers, each by id. The scenario's alone, so worked out once a game (kept with the
    unit groups' actions)."""
    kept = s._activation_actions
    found = kept.get(("arrival-order", side))
    if found is None:
        ours = sorted(
            (u for u in s.units.values() if u.side == side), key=lambda u: (u.is_officer, u.id)
        )
        found = kept[("arrival-order", side)] = tuple([u.id for u in ours])
    return found


# --- 3.5 events -----------------------------------------------------------------


def event_phase(s: State) -> Flow:
    """Each player names an enemy-held area and rolls on the Choi Oi table (lza:3.5)."""
    s.phase = "event"
    table = {e.roll: e for e in s.scenario.lz_albany.choi_oi.entries}  # type: ignore[union-attr]
    for side in SIDES:
        if s.turn in s.rules.us_skip_turns and side == "us":
            s.trace.step("lza:3.3", f"turn {s.turn}: the US player skips the event phase")
            continue
        enemy = other(side)
        # the areas holding an enemy counter: the keys of the board's index, not a scan of
        # every counter on the map
        held = set(s._platoons_at[enemy])
        held.update(s._officers_at[enemy])
        held.discard(TRANSITION)
        held.discard(None)
        areas = sorted(held)
        if not areas:
            continue
        options = []  # (a loop, not a comprehension: see State.able_officers)
        for a in areas:
            options.append(new_action(("event", (a,))))
        choice = yield from ask(side, options, "pick an enemy area for a Choi Oi roll", "lza:3.5")
        area = choice.args[0]
        face = s.dice.d6("lza:3.5")
        entry = table[face]
        s.trace.step(
            "lza:3.5",
            f"{side.upper()} rolls {face} on the Choi Oi table for {area}: {entry.text} "
            "(table reconstructed)",
            rolls=s.dice.rolls[-1:],
        )
        if entry.effect == "hit":
            yield from apply_hits(
                s, 1, area, enemy, first_by=None, officers_first=False, rule="lza:3.5"
            )
        elif entry.effect == "sniper":
            yield from apply_hits(
                s, 1, area, enemy, first_by=side, officers_first=True, rule="lza:3.5"
            )
        elif entry.effect == "officer-check":
            s.leader_check(area, enemy, "lza:3.5")
        elif entry.effect == "two-hits":
            units = s.platoons(area, enemy)
            if units:
                choice = yield from ask(
                    enemy,
                    [Action.of("hit", u.id) for u in units],
                    f"which {enemy.upper()} platoon in {area} takes both hits?",
                    "lza:3.5",
                )
                victim = s.units[choice.args[0]]
                if s.trace.keeps:  # (logged as "hit X" by its owner: say what he chose)
                    s.trace.step(
                        "lza:3.5",
                        f"{enemy.upper()} puts both hits on {victim.id} in {area}",
                    )
                for _ in range(2):
                    if victim.on_map:
                        s.hit(victim, rule="lza:3.5")


# --- 3.6 and 5 action chits ---------------------------------------------------------


def action_phase(s: State) -> Flow:
    """Draw chits one at a time until the pool is empty (lza:3.6, 5.1)."""
    s.phase = "action"
    while s.pool:
        draw = yield Chance(_Draws(tuple(sorted(s.pool))), "draw a chit", "lza:3.6")
        chit = s.chits[draw.args[0]]
        s.pool.remove(chit.id)
        s.flares_now = set()
        if s.trace.keeps:
            s.trace.step("lza:3.6", f"drawn: {chit.id}")
        yield from play_chit(s, chit)
    s.flares_now = set()
    if s.rules.options.get("wounded_check", "action-end") == "action-end":
        wounded_check(s)


_DRAWS: dict[tuple[str, int], tuple[Action, Fraction]] = {}


class _Draws(Sequence):
    """Each chit in the pool, equally likely to be drawn: read like a tuple of (draw action,
    chance), each outcome made when read, since a game without a record reads only the one
    its dice pick.

    Each (chit, pool size) outcome is made once and kept (a few hundred at most), rather
    than each pool: the pools a game meets are many and rarely seen again.
    """

    __slots__ = ("_pool",)

    def __init__(self, pool: tuple[str, ...]) -> None:
        self._pool = pool

    def __len__(self) -> int:
        return len(self._pool)

    def __getitem__(self, k):  # type: ignore[override]
        if type(k) is not int:
            return tuple(self)[k]
        chit, n = self._pool[k], len(self._pool)  # (an IndexError past the end ends iteration)
        found = _DRAWS.get((chit, n))
        if found is None:
            found = _DRAWS[chit, n] = (new_action(("draw", (chit,))), Fraction(1, n))
        return found

    def __eq__(self, other: object) -> bool:
        return tuple(self) == tuple(other) if isinstance(other, Sequence) else NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


def play_chit(s: State, chit: Chit) -> Flow:
    if chit.kind == "fire-move":
        yield from fire_move(s, chit)
    elif chit.kind == "adrenaline":
        s.adrenaline_box[chit.side] = chit.id
        s.trace.step("lza:5.3", f"{chit.side.upper()} holds the adrenaline chit")
    elif chit.kind == "artillery":
        yield from artillery(s)
    elif chit.kind == "gunship":
        yield from gunship(s, chit)
    elif chit.kind == "skyraider":
        yield from skyraider(s, chit)
    elif chit.kind == "dust-off":
        yield from dust_off(s, chit)
    elif chit.kind == "visibility":
        s.visibility_drawn = True
        s.trace.step(
            "lza:5.6", "visibility chit: no gunship or Skyraider strike for the rest of the turn"
        )
    # An officer with no friendly platoon beside him may act on any chit of his side (lza:10.1).
    if alone_officers(s, chit.side):  # (most chits find none: no generator for them)
        yield from lone_officers(s, chit.side)


def flares(s: State) -> Flow:
    """At night a US Fire/Move chit lets the US light up to two flares (lza:11.2)."""
    for _ in range(s.rules.flares_per_chit):
        if not s.flares_left:
            return
        held = set()  # (loops, not comprehensions: see State.able_officers)
        for u in s._where[("us",)]:  # (the US counters on the map)
            if u.area:
                held.add(u.area)
        near = set(held)
        for a in held:
            near.update(s.map._neighbors[a])
        options = [Action.of("no-flare")]
        for a in sorted(near - s.flares_now):
            options.append(new_action(("flare", (a,))))
        choice = yield from ask("us", options, "light a flare?", "lza:11.2")
        if choice.verb == "no-flare":
            return
        s.flares_left -= 1
        s.flares.add(choice.args[0])
        s.flares_now.add(choice.args[0])
        s.trace.step("lza:11.2", f"flare over {choice.args[0]} ({s.flares_left} left)")


def fire_move(s: State, chit: Chit) -> Flow:
    """Activate one unit group to fire or to move (lza:5.2), with adrenaline on its second chit (lza:5.3).

    The groups on offer are the scenario's three a side (lza:5.2B, lza:5.2C).
    """
    side = chit.side
    if s.night and side == "us":
        yield from flares(s)
    modes = ("move",) if (s.retreat and side == "nva") else ("fire", "move")
    # a group is on offer with a counter on the map (its list in the board's index) and an
    # activation left
    where, activations, most = s._where, s.activations, s.rules.activations
    options = [new_action(("pass", (chit.id,)))]
    for group, actions in _activations(s, side, modes):
        if where.get((side, group)) and activations.get(group, 0) < most:
            options += actions
    if s.retreat and side == "nva" and len(options) > 1:
        del options[0]  # in retreat the chit must be a Move (lza:5.2E)
    choice = question(side, options, f"{chit.id}: activate a unit group", "lza:5.2")
    if type(choice) is Decision:
        choice = yield choice
    if choice.verb == "activate":
        group, mode = choice.args
        s.activations[group] += 1
        if s.trace.keeps:
            s.trace.step(
                "lza:5.2A",
                f"{group} activated to {mode} ({s.activations[group]} of {s.rules.activations})",
            )
        yield from activation(s, side, group, mode)
        held = s.adrenaline_box[side]
        if s.activations[group] == s.rules.activations and held:
            extra = [Action.of("keep", held)]  # (a loop: see State.able_officers)
            for m in modes:
                extra.append(Action.of("adrenaline", group, m))
            boost = yield from ask(side, extra, f"play adrenaline on {group}?", "lza:5.3")
            if boost.verb == "adrenaline":
                s.adrenaline_box[side] = None
                s.trace.step(
                    "lza:5.3", f"adrenaline: {group} activated again at once to {boost.args[1]}"
                )
                yield from activation(s, side, group, boost.args[1], adrenaline=True)


def _activations(
    s: State, side: str, modes: tuple[str, ...]
) -> tuple[tuple[str, tuple[Action, ...]], ...]:
    """Each unit group of *side*, in the scenario's order, with its activate actions in
    *modes* (lza:5.2B, 5.2C): the scenario's alone, so made once a game (a Fire/Move chit
    asks at every draw)."""
    kept = s._activation_actions
    found = kept.get((side, modes))
    if found is None:
        groups = [g.id for g in s.scenario.lz_albany.unit_groups if g.side == side]  # type: ignore[union-attr]
        found = kept[(side, modes)] = tuple(
            (g, tuple([new_action(("activate", (g, mode))) for mode in modes])) for g in groups
        )
    return found


def activation(s: State, side: str, group: str, mode: str, *, adrenaline: bool = False) -> Flow:
    """One action of a group; with adrenaline a group may move twice in a row (lza:6.2B).

    Not a generator itself: it hands back the move's or fire's own, so the answers to its
    decisions pass through one generator fewer. Who is activated is read when it is called.
    """
    ids = activated(s, side, group)
    if mode == "move":
        return move_activation(s, side, ids, adrenaline=adrenaline)
    return fire_activation(s, side, ids)


# --- 8.4 wounded, 9 rally, 3.8 administration, 4 victory ------------------------------


def wounded_check(s: State) -> None:
    """Wounded markers left with NVA platoons are lost (lza:8.4): by day if unguarded (lza:8.4C),
    at night on 1-3 (lza:8.4D), under a flare at once (lza:11.2)."""
    for marker in sorted(s.wounded.values(), key=lambda w: w.id):
        if marker.status != "on-map" or not s.platoons(marker.area, "nva"):
            continue
        if not s.night:
            if not s.platoons(marker.area, "us"):
                s.trace.step(
                    "lza:8.4C",
                    f"{s.called(marker.id)} is alone with NVA platoons in {marker.area}",
                )
                s.hit(marker, rule="lza:8.4C")
        elif marker.area in s.flares:
            s.trace.step(
                "lza:11.2",
                f"{s.called(marker.id)} lies under a flare beside NVA platoons:"
                " lost without a roll",
            )
            s.hit(marker, rule="lza:11.2")
        else:
            face = s.dice.d6("lza:8.4D")
            lost = face in s.rules.night_wounded_faces
            s.trace.step(
                "lza:8.4D",
                f"night: {s.called(marker.id)} rolls {face}" + (", lost" if lost else ", survives"),
                rolls=s.dice.rolls[-1:],
            )
            if lost:
                s.hit(marker, rule="lza:8.4D")


def rally_phase(s: State) -> Flow:
    """The rally phase (lza:3.7): units with one or two hits may recover (lza:9.0); officers
    restore one hit each (lza:9.2); other hit units recover on a 6 (lza:9.1)."""
    s.phase = "rally"
    s.trace.step("lza:3.7", f"turn {s.turn}: rally phase")
    for side in SIDES:
        if s.turn in s.rules.us_skip_turns and side == "us":
            s.trace.step("lza:3.3", f"turn {s.turn}: the US player skips the rally phase")
            continue
        rallied: set[str] = set()
        able = []  # (a loop, not a comprehension: see State.able_officers)
        for u in s._where[(side, True)]:  # the side's officers on the map
            if not u.wounded:
                able.append(u)
        for officer in sorted(able, key=_by_id):
            candidates = _rally_candidates(s, officer, side, rallied)
            if not candidates:
                continue
            options = [Action.of("skip", officer.id)]  # (a loop: see State.able_officers)
            for u in candidates:
                options.append(Action.of("rally", officer.id, u.id))
            choice = yield from ask(
                side, options, f"{s.called(officer.id)}: rally a unit?", "lza:9.2"
            )
            if choice.verb == "rally":
                unit = s.units[choice.args[1]]
                unit.hits -= 1
                rallied.add(unit.id)
                s.trace.step(
                    "lza:9.2",
                    f"{s.called(officer.id)} rallies {unit.id}",
                    before={"hits": unit.hits + 1},
                    after={"hits": unit.hits},
                )
        for unit in sorted(s.on_map(side), key=_by_id):
            if (
                unit.is_officer
                or not 1 <= unit.hits <= s.rules.rally_max_hits
                or unit.id in rallied
            ):
                continue
            face = s.dice.d6("lza:9.1")
            if face >= s.rules.rally_face:
                unit.hits -= 1
            if s.trace.keeps:
                s.trace.step(
                    "lza:9.1",
                    f"{unit.id} rally roll {face}"
                    + (": one hit removed" if face >= s.rules.rally_face else ""),
                    rolls=s.dice.rolls[-1:],
                    after={"hits": unit.hits},
                )


def _rally_candidates(s: State, officer: Unit, side: str, rallied: set[str]) -> list[Unit]:
    """The platoons *officer* may rally: his company's, or any if senior (lza:9.2)."""
    most = s.rules.rally_max_hits
    found = []
    for u in s._platoons_at[side].get(officer.area, ()):  # s.platoons(...), not copied; a loop
        if (
            1 <= u.hits <= most
            and u.id not in rallied
            and (officer.senior or u.company == officer.company)
        ):
            found.append(u)
    return found


_by_id = attrgetter("id")


def administrative_phase(s: State) -> Flow:
    """Flares out, wounded check if read so, chits back to the pool (lza:3.8)."""
    s.phase = "administrative"
    s.flares.clear()
    if s.rules.options.get("wounded_check") == "administrative":
        wounded_check(s)
    for chit in s.chits.values():
        chit.damaged = False
        if chit.in_play and chit.id not in s.pool:
            if s.retreat and chit.side == "nva" and chit.kind == "adrenaline":
                continue
            s.pool.append(chit.id)
    s.adrenaline_box = {"us": None, "nva": None}
    s.activations.clear()
    s.officer_activations.clear()
    s.lone_moves.clear()
    s.visibility_drawn = False
    s.trace.step("lza:3.8", f"end of turn {s.turn}: chits return to the pool")
    yield from ()


def control_of_albany(s: State) -> str | None:
    """The side with more combat strength in the LZ Albany area (lza:4.1C)."""
    strength = {
        side: sum(u.strength("fire") + u.strength("melee") for u in s.platoons(ALBANY, side))
        for side in SIDES
    }
    if strength["us"] == strength["nva"]:
        return None
    return max(strength, key=strength.get)


def final_scoring(s: State) -> None:
    """Albany control, wounded left behind, then the winner and tie-breaks (lza:4.1, 4.3)."""
    s.phase = "victory"
    holder = control_of_albany(s)
    if holder:
        s.trace.step("lza:4.1C", f"{holder.upper()} controls LZ Albany")
        s.award(holder, "albany_control")
    left = [w for w in s.wounded.values() if w.status == "on-map"]
    if left:
        s.award("nva", "wounded_left", len(left))
    if s.vp["us"] != s.vp["nva"]:
        s.winner = max(SIDES, key=lambda side: s.vp[side])
        s.ending = "victory points"
    elif holder:
        s.winner, s.ending = holder, "tie broken by control of LZ Albany"
    elif s.officer_casualties["us"] != s.officer_casualties["nva"]:
        s.winner = min(SIDES, key=lambda side: s.officer_casualties[side])
        s.ending = "tie broken by fewer officer casualties"
    else:
        s.ending = "draw"
    s.trace.step(
        "lza:4.3" if "tie" in (s.ending or "") else "lza:4.1",
        f"game over: {s.winner.upper() if s.winner else 'nobody'} wins ({s.ending})",
        after={"us VP": s.vp["us"], "nva VP": s.vp["nva"]},
    )
