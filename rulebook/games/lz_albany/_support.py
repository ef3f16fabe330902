"""Fire support and helicopters: artillery, gunships, Skyraiders, Dust Off (lza:5.4-5.6, 6.3, 6.4, 7.5-7.7)."""

from __future__ import annotations

from collections.abc import Generator
from operator import attrgetter

from rulebook.games._decisions import Action, Decision, ask, new_action, question
from rulebook.games._narrate import counted
from rulebook.games.lz_albany._combat import apply_hits, massed, roll_hits
from rulebook.games.lz_albany._pieces import Chit, Unit
from rulebook.games.lz_albany._state import ALBANY, COLUMBUS, TRANSITION, State

Flow = Generator
_by_id = attrgetter("id")


def _undisputed_nva_areas(s: State) -> list[str]:
    """Areas held by NVA platoons alone (LZ Columbus and the Transition Area aside): which
    areas hold whose platoons is a fact of the position, worked out once (``State._facts``)."""
    found = s._facts.get("undisputed-nva")
    if found is None:
        # the board's index: the areas holding NVA platoons and no US platoon (s.disputed), read
        # by area rather than from every NVA counter on the map
        nva, us = s._platoons_at["nva"], s._platoons_at["us"]
        held = []  # (a loop, not a comprehension: see State.able_officers)
        for a in nva:
            if a not in us and a not in (TRANSITION, COLUMBUS):
                held.append(a)
        found = s._facts["undisputed-nva"] = tuple(sorted(held))
    return list(found)


def _near_us(s: State, area: str) -> bool:
    """Adjacent to a US platoon, or seen by a US officer (lza:7.6, 7.7)."""
    held = s._platoons_at["us"]  # the board's index: the areas where US platoons stand
    for a in s.map._neighbors[area]:  # (a loop, not any() over a generator: asked often)
        if a in held:
            return True
    return s.spotted("us", area)


def columbus_under_attack(s: State) -> bool:
    """NVA in LZ Columbus and no 2-7 or 1-5 platoon there (lza:5.4B)."""
    if COLUMBUS not in s._platoons_at["nva"]:  # the board's index: no NVA platoon there
        return False
    for u in s._platoons_at["us"].get(COLUMBUS, ()):  # noqa: SIM110 - all() would make a generator
        if u.kind != "artillery":
            return False
    return True


def artillery(s: State) -> Flow:
    """The artillery chit: each battery may fire once at an NVA area a US officer sees (lza:5.4, 7.5)."""
    if s.night:
        s.trace.step("lza:11.1C", "night: no artillery")
        return
    if columbus_under_attack(s):
        s.trace.step(
            "lza:5.4B", "LZ Columbus is under attack with no infantry there: the guns are silent"
        )
        return
    guns = []
    for u in s._platoons_at["us"].get(COLUMBUS, ()):  # (a loop: see columbus_under_attack)
        if u.kind == "artillery":
            guns.append(u)
    for gun in sorted(guns, key=_by_id):
        if gun.hits >= s.rules.artillery_silenced_at:
            s.trace.step("lza:5.4A", f"{s.called(gun.id)} has {gun.hits} hits and cannot fire")
            continue
        targets = s.spotted_among("us", _undisputed_nva_areas(s))
        options = []  # (a loop, not a comprehension: see State.able_officers)
        for t in targets:
            options.append(new_action(("artillery", (gun.id, t))))
        options.append(Action.of("hold", gun.id))
        prompt = f"{s.called(gun.id)}: fire at which area?"
        choice = question("us", options, prompt, "lza:7.5")  # (ask, without its generator)
        if type(choice) is Decision:
            choice = yield choice
        if choice.verb == "artillery":
            yield from artillery_strike(s, gun, choice.args[1])


def artillery_strike(s: State, gun: Unit, target: str) -> Flow:
    """One battery's fire: drift on a 1, then one random unit takes every hit (lza:7.5)."""
    rule = "lza:7.5"
    face = s.dice.d6(rule)
    if face in s.rules.drift_faces:
        near = s.map.neighbors(target)
        target = near[s.dice.pick(len(near), rule)]
        s.trace.step(
            rule, f"drift roll 1: the fire lands on {target} instead", rolls=s.dice.rolls[-2:]
        )
    else:
        s.trace.step(rule, f"drift roll {face}: on target", rolls=s.dice.rolls[-1:])
    dice = gun.strength("fire")
    if s.rules.options.get("massed_target", "all-ground-fire") == "all-ground-fire":
        dice = massed(s, dice, target, "nva")  # lza:6.1, interpretation lza:6.1/massed-target
    hits, _ = roll_hits(s, dice, rule)
    victims = s.in_area(target, officers=False)  # both sides' platoons, in counter order
    if hits and victims:
        victim = victims[s.dice.pick(len(victims), rule)]
        s.trace.step(rule, f"the fire falls on {victim.id}", rolls=s.dice.rolls[-1:])
        for _ in range(hits):
            cap = s.rules.artillery_us_cap if victim.side == "us" else None
            s.hit(victim, cap=cap, rule=rule)
            if not victim.on_map:
                break
    if hits:
        for side in ("us", "nva"):
            s.leader_check(target, side, rule, each=True)
    yield from ()


def air_grounded(s: State, chit: Chit) -> bool:
    """No strike after the Visibility chit, or at night (lza:5.6, 11.1C)."""
    if s.visibility_drawn:
        s.trace.step("lza:5.6", f"{chit.kind}: visibility is poor this turn; no strike")
        return True
    if s.night:
        s.trace.step("lza:11.1C", f"{chit.kind}: no air attacks at night")
        return True
    return False


def gunship(s: State, chit: Chit) -> Flow:
    """A gunship chit makes one attack on one NVA platoon (lza:5.5A, lza:7.6); each air chit acts once a turn (lza:5.5)."""
    rule = "lza:7.6"
    if air_grounded(s, chit):
        return
    targets = []  # (loops, not comprehensions: see State.able_officers)
    for u in s.on_map("nva"):
        if (
            not u.is_officer
            and u.area not in (TRANSITION, COLUMBUS)
            and (s.disputed(u.area) or _near_us(s, u.area))
        ):
            targets.append(u)
    options = []
    for u in sorted(targets, key=_by_id):
        options.append(new_action(("gunship", (u.id,))))
    options.append(Action.of("hold", chit.id))
    choice = yield from ask("us", options, "gunship: attack which NVA unit?", rule)
    if choice.verb != "gunship":
        return
    victim = s.units[choice.args[0]]
    area = victim.area
    s.trace.step(rule, f"gunship attacks {victim.id} in {area}")
    shooters = [u for u in s.platoons(area, "nva") if u.kind == "infantry"]
    faces = s.dice.pool(len(shooters), label=rule)
    struck = any(f >= s.rules.gunship_damage_face for f in faces)
    if faces and not struck:
        s.trace.step(
            rule,
            f"ground fire misses the gunship (rolls {' '.join(map(str, faces))})",
            rolls=s.dice.rolls[-len(faces) :],
        )
    if struck:
        chit.damaged = True
        s.trace.step(
            rule,
            f"ground fire damages the gunship (rolls {' '.join(map(str, faces))})",
            rolls=s.dice.rolls[-len(faces) :],
        )
        s.award("nva", "air_casualty")
    air = s.scenario.lz_albany.air  # type: ignore[union-attr]
    hits, _ = roll_hits(s, air.gunship_damaged_fire if chit.damaged else air.gunship_fire, rule)
    for _ in range(hits):
        if victim.on_map:
            s.hit(victim, rule=rule)
    if hits:
        s.leader_check(area, "nva", rule)


def skyraider(s: State, chit: Chit) -> Flow:
    """The Skyraider chit: bombs or napalm on one NVA area (lza:5.5B, lza:7.7)."""
    if air_grounded(s, chit):
        return
    targets = [t for t in _undisputed_nva_areas(s) if _near_us(s, t)]
    options = [Action.of(kind, t) for t in targets for kind in ("bombs", "napalm")] + [
        Action.of("hold", chit.id)
    ]
    choice = yield from ask("us", options, "Skyraider: bombs or napalm, on which area?", "lza:7.7")
    if choice.verb == "bombs":
        yield from bombs(s, choice.args[0])
    elif choice.verb == "napalm":
        napalm(s, choice.args[0])


def bombs(s: State, area: str) -> Flow:
    """Six dice, hits placed by the NVA, a leader check and collateral damage (lza:7.7A)."""
    rule = "lza:7.7A"
    s.trace.step(rule, f"Skyraider bombs {area}: {s.rules.bomb_dice} dice, no terrain change")
    hits, _ = roll_hits(s, s.rules.bomb_dice, rule)
    yield from apply_hits(s, hits, area, "nva", first_by=None, officers_first=False, rule=rule)
    if hits:
        s.leader_check(area, "nva", rule)
    near = s.map.neighbors(area)
    spill = near[s.dice.pick(len(near), rule)]
    present = [u for u in s.in_area(spill) if not u.is_officer]
    if present:
        unit = present[s.dice.pick(len(present), rule)]
        face = s.dice.d6(rule)
        s.trace.step(
            rule,
            f"collateral check in {spill} on {unit.id}: rolled {face}",
            rolls=s.dice.rolls[-3:],
        )
        if face >= s.rules.hit_face:
            s.hit(unit, rule=rule)


def napalm(s: State, area: str) -> None:
    """Everything below two hits goes to two; wounded markers burn; collateral nearby (lza:7.7B)."""
    rule = "lza:7.7B"
    level = s.rules.napalm_hits
    for unit in s.platoons(area, "nva"):
        while unit.on_map and unit.hits < level:
            s.hit(unit, rule=rule)
    for marker in s.wounded_in(area):
        s.hit(marker, rule=rule)
    # every officer in the area is checked, the US officers spotting there too
    for side in ("nva", "us"):
        s.leader_check(area, side, rule, each=True)
    for near in s.map.neighbors(area):
        present = [u for u in s.in_area(near) if not u.is_officer] + s.wounded_in(near)
        if not present:
            continue
        unit = present[s.dice.pick(len(present), rule)] if len(present) > 1 else present[0]
        face = s.dice.d6(rule)
        s.trace.step(rule, f"napalm spills toward {near}: rolled {face}", rolls=s.dice.rolls[-1:])
        if face >= s.rules.napalm_collateral_face:
            for _ in range(level):
                if getattr(unit, "status", "") == "on-map" and (
                    not isinstance(unit, Unit) or unit.hits < level
                ):
                    s.hit(unit, rule=rule)


def capacity(s: State, area: str, damaged: bool) -> int:
    """Dust Off lift: one, plus two in LZ Albany or one in sawgrass; damage costs one, never below one (lza:6.3)."""
    base = s.scenario.lz_albany.air.dust_off_capacity  # type: ignore[union-attr]
    terrain = s.map.area(area).terrain
    bonus = s.rules.dust_off_bonus
    lift = base + (
        bonus["albany"] if area == ALBANY else bonus["sawgrass"] if terrain == "sawgrass" else 0
    )
    if s.rules.options.get("dust_off_capacity") == "at-most-two":
        lift = min(lift, 2)  # lza:8.4B read literally: "one or two" markers
    return max(1, lift - s.rules.dust_off_damage_loss) if damaged else lift


def hot_zone(s: State, area: str, rule: str, faces: frozenset[int]) -> bool:
    """Roll a die per NVA unit in adjacent areas; any face in *faces* strikes (lza:6.3, 6.4)."""
    shooters = [u for a in s.map.neighbors(area) for u in s.platoons(a, "nva")]
    if not shooters:
        return False
    rolled = s.dice.pool(len(shooters), label=rule)
    struck = any(f in faces for f in rolled)
    s.trace.step(
        rule,
        f"hot zone: {counted(len(shooters), 'NVA platoon')} nearby"
        f" {'rolls' if len(shooters) == 1 else 'roll'} {' '.join(map(str, rolled))}"
        + (": struck" if struck else ""),
        rolls=s.dice.rolls[-len(rolled) :],
    )
    return struck


def dust_off(s: State, chit: Chit) -> Flow:
    """Evacuate casualties (lza:6.3) or airlift held reinforcements (lza:6.4)."""
    evac = sorted(
        {w.area for w in s.wounded.values() if w.status == "on-map"}
        | {u.area for u in s.on_map("us") if u.is_officer and u.wounded and u.area}
    )
    evac = [
        a
        for a in evac
        if a not in (TRANSITION,) and not any(u.hits == 0 for u in s.platoons(a, "nva"))
    ]
    held = [u for u in s.units.values() if u.status == "held"]
    options = [Action.of("evacuate", a) for a in evac]
    if held:  # (the landing zones are looked for only when someone waits to fly in)
        # no NVA counter there: not s.in_area(a, "nva"), which sorts a list to be tested empty
        platoons, officers = s._platoons_at["nva"], s._officers_at["nva"]
        options += [
            Action.of("airlift", a)
            for a in s.map.areas
            if a not in (TRANSITION, COLUMBUS)
            and a not in platoons
            and a not in officers
            and airlift_room(s, a) > 0
        ]
    options.append(Action.of("hold", chit.id))
    choice = yield from ask(
        "us", options, "Dust Off: evacuate from or airlift into which area?", "lza:5.5C"
    )
    if choice.verb == "evacuate":
        evacuate(s, choice.args[0])
    elif choice.verb == "airlift":
        yield from airlift(s, choice.args[0], held)


def evacuate(s: State, area: str) -> None:
    """Lift wounded markers and officer casualties (lza:6.3, lza:8.4B; see lza:8.4B/capacity)."""
    rule = "lza:6.3"
    damaged = hot_zone(s, area, rule, s.rules.dust_off_damage_faces)
    if damaged:
        s.award("nva", "air_casualty")
    room = capacity(s, area, damaged)
    markers = s.wounded_in(area)[:room]
    for marker in markers:
        marker.status = "evacuated"
        s.award("us", "wounded_evacuated")
    officers = [u for u in s.in_area(area, "us", officers=True) if u.wounded]
    for officer in officers:
        officer.status, officer.area = "evacuated", None
    s.trace.step(
        rule,
        f"Dust Off lifts {counted(len(markers), 'wounded marker')} and"
        f" {counted(len(officers), 'wounded officer')} from {area} (room for {room})",
    )


def airlift_room(s: State, area: str) -> int:
    """Platoons an airlift may still land here: 1 in jungle, 2 in sawgrass, 3 in LZ Albany (lza:6.4).

    Under the ``area-total`` reading (lza:6.4/room) US platoons already there use up room.
    """
    terrain = s.map.area(area).terrain
    kind = "albany" if area == ALBANY else terrain
    room = s.rules.airlift_room.get(kind, 0)
    if s.rules.options.get("airlift_room", "area-total") == "area-total":
        room -= len(s.platoons(area, "us"))
    return max(0, room)


def airlift(s: State, area: str, held: list[Unit]) -> Flow:
    """The US player picks which held counters fly in, up to the area's room (lza:6.4)."""
    rule = "lza:6.4"
    room = airlift_room(s, area)
    platoons: list[Unit] = []
    officers: list[Unit] = []
    while True:
        waiting = [u for u in held if u.status == "held"]
        options = [
            Action.of("lift", u.id, area) for u in waiting if u.is_officer or len(platoons) < room
        ]
        if not options:
            break
        if platoons or officers:
            options.append(Action.of("done"))
        choice = yield from ask(
            "us", options, f"airlift into {area}: which counter flies in?", rule
        )
        if choice.verb == "done":
            break
        unit = s.units[choice.args[0]]
        unit.area, unit.status = area, "on-map"  # (in the board's index once: see _flow)
        (officers if unit.is_officer else platoons).append(unit)
    hot = any(s.platoons(a, "nva") for a in s.map.neighbors(area))
    s.trace.step(
        rule,
        f"airlift: {counted(len(platoons), 'platoon')} and {counted(len(officers), 'officer')}"
        f" land in {area} (room for {room})",
    )
    if hot:
        for unit in platoons:
            face = s.dice.d6(rule)
            if face >= s.rules.landing_hit_face:
                s.trace.step(rule, f"hot landing: {unit.id} rolled {face}", rolls=s.dice.rolls[-1:])
                s.hit(unit, rule=rule)
