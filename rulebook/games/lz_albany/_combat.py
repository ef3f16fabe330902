"""Ground combat: melee, ranged infantry fire and mortar fire, with hit allocation (lza:6.1, 7.1-7.4, 8.1, 11.1).

Each procedure is a generator: it yields a Decision when a player must
choose (which unit takes the first hit, where to retreat) and otherwise
rolls through the state's Dice, writing every step to the trace.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from operator import attrgetter

from rulebook.games._decisions import Action, Decision, Options, ask, new_action, question
from rulebook.games._narrate import counted, join_names
from rulebook.games.lz_albany._pieces import Unit, WoundedMarker, other
from rulebook.games.lz_albany._state import COLUMBUS, TRANSITION, State

Flow = Generator


def firing_dice(
    s: State,
    units: list[Unit],
    what: str,
    area: str,
    side: str,
    *,
    officers: int,
    rule: str,
    trace: bool = True,
) -> int:
    """Dice of a group of firing units: strengths, over-stacking and officers (lza:6.1, 10.3).

    With ``trace=False`` nothing is written (used to list the options).
    """
    extra = s.over_stack(area, side)
    example = extra and s.rules.options.get("overstack_fire") == "example_two_fire"
    if example:
        # The case's example: with four platoons only two fire, so each unit past
        # the limit silences one of the three that could (the weakest go quiet).
        strengths = sorted([u.strength(what) for u in units], reverse=True)
        strengths = strengths[: max(0, s.rules.stacking - extra)]
        dice = sum(strengths)
    else:
        dice = 0
        for u in units:  # (a loop, not a comprehension: see apply_hits)
            dice += u.strength(what)
    bonus = min(officers, len(units)) * s.rules.officer_bonus
    if not (trace and s.trace.keeps):  # options being listed, or a game without traces:
        # the same sum as the steps below, one die less per unit over the limit (lza:6.1)
        # and the officers' dice (lza:10.3)
        return (max(0, dice - extra) if extra and not example else dice) + bonus
    step = s.trace.step
    step(rule, _who_fires(s, units, what, area, side, dice=dice), after={"dice": dice})
    if extra and not example:
        step(
            "lza:6.1",
            f"{counted(extra, 'platoon')} over three in {area}: one die less for each",
            before={"dice": dice},
            after={"dice": max(0, dice - extra)},
        )
        dice = max(0, dice - extra)
    elif extra:
        step(
            "lza:6.1",
            f"over-stacked in {area}: "
            + (
                f"only the {len(strengths)} strongest fire"
                if strengths
                else f"none fires, {counted(extra, 'unit')} past three silencing all three"
            )
            + " (the case's example)",
            after={"dice": dice},
        )
    if bonus:
        n, each = min(officers, len(units)), counted(s.rules.officer_bonus, "die", "dice")
        step(
            "lza:10.3",
            f"an officer adds {each}" if n == 1 else f"{n} officers add {each} each",
            before={"dice": dice},
            after={"dice": dice + bonus},
        )
        dice += bonus
    return dice


def _who_fires(s: State, units: list[Unit], what: str, area: str, side: str, *, dice: int) -> str:
    """The firing platoons out of those in the area, and why any others stay out.

    Any platoon in an area can be hit, but only some fire: activated ones (lza:7.3), in ranged
    fire infantry and not mortars (lza:7.4) or batteries (lza:5.4); batteries never fight a
    melee (lza:7.2B, said before this). A count of firers beside a longer list of counters
    to hit reads like a mistake unless the others are named.
    """
    present = [u for u in s.platoons(area, side) if what == "fire" or u.kind != "artillery"]
    n, team = len(units), f"{side.upper()} platoon"
    verb = ("fire" if what == "fire" else "fight") + ("s" if n <= 1 else "")  # (no X fights)
    if n == 0:
        return f"no {team} in {area} {verb}"
    strength = f"with {'strength' if what == 'fire' else 'melee strength'} {dice}"
    firing = {u.id for u in units}
    out = [u for u in present if u.id not in firing]
    if not out:
        return f"{counted(n, team)} in {area} {verb} {strength}"
    reasons: dict[str, list[str]] = {}
    for u in out:
        reason = (
            "battery"
            if u.kind == "artillery"
            else "mortar"
            if u.kind == "mortar" and what == "fire"
            else "idle"
        )
        reasons.setdefault(reason, []).append(u.id)
    words = {
        "idle": ("was not activated", "were not activated"),
        "mortar": ("fires only as a mortar", "fire only as mortars"),
        "battery": ("is a battery", "are batteries"),
    }
    why = "; ".join(
        f"{join_names(ids)} {words[r][0] if len(ids) == 1 else words[r][1]}"
        for r, ids in reasons.items()
    )
    return f"{n} of the {len(present)} {team}s in {area} {verb} {strength} ({why})"


def massed(s: State, dice: int, target: str, side: str) -> int:
    """Firing into an over-stacked area adds a die per enemy unit past three (lza:6.1)."""
    extra = s.over_stack(target, side)
    if extra:
        s.trace.step(
            "lza:6.1",
            f"massed target: {extra} unit(s) over three in {target}",
            before={"dice": dice},
            after={"dice": dice + extra},
        )
    return dice + extra


def night_penalty(s: State, dice: int, area: str) -> int:
    """Night effects (lza:11.1): an attack loses a die (lza:11.1B), unless a flare lights the area (lza:11.2)."""
    if dice and s.night_in(area):
        less = min(dice, s.rules.night_penalty)
        s.trace.step(
            "lza:11.1B",
            "night: one die less" if less == 1 else f"night: {less} dice less",
            before={"dice": dice},
            after={"dice": dice - less},
        )
        return dice - less
    return dice


def roll_hits(s: State, dice: int, rule: str) -> tuple[int, tuple[int, ...]]:
    """Roll *dice* dice; each 6 is a hit (lza:7.1)."""
    start = len(s.dice.rolls)
    faces = s.dice.pool(dice, label=rule)
    face = s.rules.hit_face
    hits = 0
    for f in faces:  # (a loop, not a comprehension: see apply_hits)
        if f >= face:
            hits += 1
    if s.trace.keeps:
        s.trace.step(
            "lza:7.1",
            f"{dice} dice, {hits} hit(s)",
            rolls=s.dice.rolls[start:],
            after={"hits": hits},
        )
    return hits, faces


def targets_in(
    s: State, area: str, side: str, *, officers: bool, wounded: bool = False
) -> list[Unit | WoundedMarker]:
    found: list[Unit | WoundedMarker] = s.platoons(area, side)  # (a new list)
    if officers:
        found += s._officers_at[side].get(area, ())  # s.in_area(area, side, officers=True)
    if (wounded or not found) and side == "us":  # only US platoons leave wounded markers
        found += s.wounded_in(area)
    return found


def apply_hits(
    s: State,
    hits: int,
    area: str,
    side: str,
    *,
    first_by: str | None,
    officers_first: bool,
    cap: int | None = None,
    rule: str,
) -> Flow:
    """Place *hits* on *side* in *area*: the first by *first_by* if given, the rest by the owner (lza:8.1)."""
    for n in range(hits):
        chooser = first_by if (n == 0 and first_by) else side
        pool = targets_in(s, area, side, officers=officers_first and n == 0 and chooser != side)
        if cap is not None:
            capped = []  # (a loop, not a comprehension: see State.able_officers)
            for t in pool:
                if not (isinstance(t, Unit) and not t.is_officer and t.hits + 1 > cap):
                    capped.append(t)
            pool = capped
        if not pool:
            lost = hits - n
            s.trace.step(
                rule,
                f"{counted(lost, 'hit')} in {area} {'finds' if lost == 1 else 'find'} no target"
                f" and {'is' if lost == 1 else 'are'} lost",
            )
            return
        # (loops, not comprehensions, here and in the other steps of a fight: in Python 3.11
        # a comprehension is a function made and called, a cost for the few counters of an area)
        options = []
        for t in pool:
            options.append(new_action(("hit", (t.id,))))
        which = "the hit" if hits == 1 else f"hit {n + 1} of {hits}"
        choice = question(
            chooser, options, f"which {side.upper()} counter in {area} takes {which}?", "lza:8.1"
        )
        if type(choice) is Decision:
            choice = yield choice
        target = s.units.get(choice.args[0]) or s.wounded[choice.args[0]]
        if s.trace.keeps:
            # The choice is logged as "hit X" under the chooser's name, which for a hit on his
            # own counters read as if he had fired on them: say who places which hit on whom.
            s.trace.step(
                "lza:8.1",
                f"{chooser.upper()} places {which} on {s.called(target.id)} in {area}",
            )
        s.hit(target, cap=cap, rule=rule)


def retreat_options(s: State, unit: Unit, area: str) -> list[str]:
    """Adjacent areas a unit may fall back into after melee: none held by the enemy (lza:7.2)."""
    if unit.kind == "artillery":
        return []
    enemy_held = s._platoons_at[other(unit.side)]  # the areas holding enemy platoons
    out = []
    for a in s.map._neighbors[area]:  # (a loop: see apply_hits)
        if a not in enemy_held and a not in (TRANSITION, COLUMBUS):
            out.append(a)
    return out


def retreats(s: State, area: str, side: str) -> Flow:
    """Each surviving unit may stay or fall back to an adjacent area (lza:7.2).

    Platoons choose first while the area is disputed; then each unwounded officer
    may follow them out (or leave alone) as long as enemy platoons remain, so no
    officer is stranded once his platoons have gone.
    """
    enemy_held = s._platoons_at[other(side)]  # the areas holding enemy platoons
    if area not in enemy_held:  # the enemy is gone: no platoon or officer has a choice
        return
    platoons = sorted(s._platoons_at[side].get(area, ()), key=_by_id)  # s.platoons(area, side)
    officers = sorted(s.able_officers(area, side), key=_by_id)
    for unit in platoons + officers:
        if unit.is_officer:
            if area not in enemy_held:  # no enemy platoon left here
                return
        elif not s.disputed(area):
            continue
        dests = retreat_options(s, unit, area)
        carrying = dests and s.rules.options.get("retreat_carry", "may-carry") == "may-carry"
        loads = carry_loads(s, unit) if carrying else []  # (lza:7.2/retreat-carry)
        uid = unit.id
        options = [new_action(("stay", (uid,)))]
        for a in dests:  # alone, then carrying each casualty it may take (lza:6.3, 8.4A)
            options.append(new_action(("retreat", (uid, a))))
            if loads:
                for w in loads:  # (a loop, not a comprehension: see apply_hits)
                    options.append(new_action(("retreat", (uid, a, "carry", w))))
        choice = question(
            side, options, f"{s.called(uid)}: stay in {area} or fall back?", "lza:7.2"
        )
        if type(choice) is Decision:
            choice = yield choice
        if choice.verb == "retreat":
            fall_back(s, unit, choice)


_by_id = attrgetter("id")


def carry_loads(s: State, unit: Unit) -> list[str]:
    """What a US platoon may carry along: one casualty, or all of them (lza:6.3, lza:8.4A, lza:10.4).

    Wounded markers and wounded officers in the platoon's area; with the scenario option
    ``wounded_per_platoon: any`` also "all" of them at once.
    """
    if unit.side != "us" or unit.is_officer:
        return []
    area = unit.area
    # (loops, not comprehensions: asked of every US platoon's moves, and mostly finding none)
    here = []
    for w in s.wounded.values():
        if w.area == area and w.status == "on-map":
            here.append(w.id)
    for o in s._officers_at["us"].get(area, ()):
        if o.wounded:
            here.append(o.id)
    if s.rules.options.get("wounded_per_platoon") == "any" and len(here) > 1:
        return [*here, "all"]
    return here


def carry(s: State, load: str, origin: str, dest: str) -> list[str]:
    """Move the casualty *load* (or "all" of them) from *origin* to *dest*; return who went (lza:8.4A)."""
    if load != "all":
        loads = [load]
    else:
        loads = [w.id for w in s.wounded_in(origin)] + [
            o.id for o in s.in_area(origin, "us", officers=True) if o.wounded
        ]
    for x in loads:
        if x in s.wounded:
            s.wounded[x].area = dest
        else:
            s.units[x].area = dest
    return loads


def fall_back(s: State, unit: Unit, choice: Action) -> None:
    """A unit retreats out of a melee, carrying a casualty if its player chose to (lza:7.2, 8.4A).

    Whether a retreating platoon may carry the wounded is interpretation lza:7.2/retreat-carry.
    """
    origin, dest = unit.area, choice.args[1]
    carrying = len(choice.args) > 3 and choice.args[2] == "carry"
    taken = carry(s, choice.args[3], origin, dest) if carrying else []
    unit.area = dest
    if s.trace.keeps:  # (the text is composed only for a trace that keeps it)
        text = f"{s.called(unit.id)} falls back from {origin} to {dest}"
        if carrying:
            text += f", carrying {join_names(map(s.called, taken))} (lza:8.4A)"
        s.trace.step("lza:7.2", text)


def melee_dice(s: State, area: str, attacker: str, activated: set[str]) -> tuple[int, int]:
    """Dice each side rolls in a melee: strength, stacking, officers, massed target, night (lza:7.2)."""
    defender = other(attacker)
    attackers = []
    for u in s._platoons_at[attacker].get(area, ()):  # (a loop: see apply_hits)
        if u.id in activated:
            attackers.append(u)
    defenders = s.platoons(area, defender)
    guns = 0
    for u in defenders:
        if u.kind == "artillery":
            guns += 1
    if guns:  # artillery never fights back, and no officer can lend it a die (lza:7.2B)
        s.trace.step(
            "lza:7.2B",
            f"{counted(guns, 'battery', 'batteries')} in {area}"
            f" {'does' if guns == 1 else 'do'} not fight back",
        )
        defenders = [u for u in defenders if u.kind != "artillery"]
    a_off = 0
    for o in s.able_officers(area, attacker):
        if o.id in activated:
            a_off += 1
    d_off = len(s.able_officers(area, defender))
    a_dice = firing_dice(s, attackers, "melee", area, attacker, officers=a_off, rule="lza:7.2")
    a_dice = night_penalty(s, massed(s, a_dice, area, defender), area)
    d_dice = firing_dice(s, defenders, "melee", area, defender, officers=d_off, rule="lza:7.2")
    d_dice = night_penalty(s, massed(s, d_dice, area, attacker), area)
    return a_dice, d_dice


def melee(s: State, area: str, attacker: str, activated: Iterable[str]) -> Flow:
    """Melee in a disputed area (lza:7.2), with night spotting (lza:11.1D)."""
    activated = set(activated)
    defender = other(attacker)
    s.trace.step("lza:7.2", f"melee in {area}: {attacker.upper()} attacks")
    if attacker == "us" and s.night_in(area):
        face = s.dice.d6("lza:11.1D")
        spotted = face in s.rules.night_spot_faces
        s.trace.step(
            "lza:11.1D",
            f"night spotting roll {face}: "
            + ("NVA spotted" if spotted else "not spotted, no melee"),
            rolls=s.dice.rolls[-1:],
        )
        if not spotted:
            return
    a_dice, d_dice = melee_dice(s, area, attacker, activated)
    a_hits, _ = roll_hits(s, a_dice, "lza:7.2")
    d_hits, _ = roll_hits(s, d_dice, "lza:7.2")
    # Simultaneous: both rolls are made before any hit lands.
    if a_hits:  # (no hits, nothing to place: no placing generator either)
        yield from apply_hits(
            s, a_hits, area, defender, first_by=attacker, officers_first=True, rule="lza:7.2"
        )
    if d_hits:
        yield from apply_hits(
            s, d_hits, area, attacker, first_by=defender, officers_first=True, rule="lza:7.2"
        )
    yield from retreats(s, area, defender)
    yield from retreats(s, area, attacker)
    if s.disputed(area):
        s.trace.step(
            "lza:7.2", f"{area} stays disputed; melee goes on when units there are next activated"
        )


def fire_targets(s: State, area: str, side: str) -> list[str]:
    """Adjacent undisputed areas holding enemy platoons: where an area's fire may go (lza:7.3)."""
    return list(_fire_targets(s, area, side))


def _fire_targets(s: State, area: str, side: str) -> tuple[str, ...]:
    """:func:`fire_targets`, not copied: which areas hold platoons of which side is a fact of
    the position (``State._facts``), worked out once per position."""
    key = ("targets", area, side)
    found = s._facts.get(key)
    if found is None:
        # enemy platoons there, and none of ours (s.disputed(a), asked of the areas held)
        ours, enemy = s._platoons_at[side], s._platoons_at[other(side)]
        near = []
        for a in s.map._neighbors[area]:  # (a loop: see apply_hits)
            if a in enemy and a not in ours and a != TRANSITION:
                near.append(a)
        found = s._facts[key] = tuple(near)
    return found


def fire_options(s: State, area: str, side: str, dice: int) -> tuple[Action, ...]:
    """Ways to aim an area's fire: one per target area, which becomes the primary target with
    all the dice (lza:7.3); the player may then divide them (:func:`divide_fire`).

    Dividing is a run of small decisions rather than one option per split, so the list stays
    one action per adjacent enemy area however many areas and dice there are.
    """
    targets = _fire_targets(s, area, side)
    # The actions depend on the area, its targets and the dice alone: kept with the map, for
    # every game on it (a position's facts go with nearly every move). A thousand random games
    # keep some 9,000 (about 4 MB); past FIRE_OPTIONS_KEPT they are forgotten and made anew.
    kept = s._reach.get("fire-options")
    if kept is None:
        kept = s._reach["fire-options"] = {}
    key = (area, targets, dice)
    found = kept.get(key)
    if found is None:
        if len(kept) >= FIRE_OPTIONS_KEPT:
            kept.clear()
        made = []
        for t in targets:  # (a loop: see apply_hits)
            made.append(new_action(("fire", (area, f"{t}:{dice}"))))
        found = kept[key] = tuple(made)
    return found


FIRE_OPTIONS_KEPT = 20_000


def divide_fire(s: State, action: Action, side: str) -> Flow:
    """Let the firing player send part of the dice to other target areas, one area at a time (lza:7.3).

    *action* names the firing area and the primary target with all the dice. Each decision
    offers every other target area not yet given dice, with 1 up to all but one of the dice
    the primary still holds (the primary keeps at least one), and "done". Returns the fire
    action with every area's share, primary first (interpretation lza:7.3/primary-share).
    """
    area, (primary, dice) = action.args[0], action.args[1].split(":")
    targets = _fire_targets(s, area, side)
    if targets == (primary,):  # one target area, nothing to divide: the commonest fire
        return action
    left = int(dice)
    others = []
    for t in targets:  # (a loop: see apply_hits)
        if t != primary:
            others.append(t)
    given: list[str] = []
    while others and left > 1:
        per = left - 1
        pool = tuple(others)
        options = Options([new_action(("done", (primary,)))]).run(
            len(pool) * per,
            lambda k, pool=pool, per=per: new_action(("share", (pool[k // per], str(k % per + 1)))),
            verb="share",
        )
        choice = question(
            side,
            options,
            f"fire from {area}: {left} dice on the primary target {primary}; "
            "send some to another area?",
            "lza:7.3",
        )
        if type(choice) is Decision:
            choice = yield choice
        if choice.verb == "done":
            break
        target, share = choice.args[0], int(choice.args[1])
        others.remove(target)
        given.append(f"{target}:{share}")
        left -= share
    return new_action(("fire", (area, f"{primary}:{left}", *given)))


def fire_dice(
    s: State, shares: list[tuple[str, int]], firers: int, side: str
) -> list[tuple[str, int]]:
    """Dice rolled into each target area: jungle, massed target, night (lza:7.3, 6.1, 11.1B).

    With split fire the jungle penalty (one die per firing unit) comes off the
    dice aimed at jungle areas, primary first (interpretation lza:7.3/split-jungle).
    """
    jungle = _jungle(s)
    into_jungle = False
    for t, _ in shares:  # (a loop, not any() over a generator: a few shares at most)
        if t in jungle:
            into_jungle = True
            break
    jungle_penalty = firers * s.rules.jungle_penalty if into_jungle else 0
    out = []
    for target, share in shares:
        dice = share
        if jungle_penalty and target in jungle:
            cut = min(dice, jungle_penalty)
            if s.trace.keeps:
                s.trace.step(
                    "lza:7.3",
                    f"firing into jungle {target}: one die less per firing unit",
                    before={"dice": dice},
                    after={"dice": dice - cut},
                )
            dice, jungle_penalty = dice - cut, jungle_penalty - cut
        out.append((target, night_penalty(s, massed(s, dice, target, other(side)), target)))
    return out


def _jungle(s: State) -> frozenset[str]:
    """The map's jungle areas: the map's alone, so worked out once a map (``s._reach``)."""
    found = s._reach.get("jungle")
    if found is None:
        found = s._reach["jungle"] = frozenset([a.id for a in s.map if a.terrain == "jungle"])
    return found


def _shares(action: Action) -> list[tuple[str, int]]:
    """A fire action's target areas with the dice each gets, primary first ("area:dice" each)."""
    shares = []
    for share in action.args[1:]:  # (a plain loop: one share or two, mostly)
        aim, count = share.split(":")
        shares.append((aim, int(count)))
    return shares


def _firers(
    s: State, area: str, side: str, kind: str, activated: set[str] | None = None
) -> list[Unit]:
    """The platoons of one kind (infantry or mortar) in an area, in counter order: those of
    *activated* alone, if given."""
    found = []
    for u in s._platoons_at[side].get(area, ()):  # s.platoons(area, side); a loop: see apply_hits
        if u.kind == kind and (activated is None or u.id in activated):
            found.append(u)
    return found


def infantry_fire(
    s: State, action: Action, side: str, activated: set[str], *, returning: bool = False
) -> Flow:
    """Ranged infantry fire from one area, with split fire, return fire and advance (lza:7.3)."""
    area = action.args[0]
    shares = _shares(action)
    primary = shares[0][0]
    units = _firers(s, area, side, "infantry", activated)
    rule = "lza:7.3"
    if s.trace.keeps:  # (the text is composed only for a trace that keeps it)
        s.trace.step(
            rule,
            f"{side.upper()} {'returns fire' if returning else 'fires'} from {area} at "
            + ", ".join(f"{t} ({counted(d, 'die', 'dice')})" for t, d in shares)
            + f"; primary target {primary}",
        )
    results = []
    for target, dice in fire_dice(s, shares, len(units), side):
        hits, _ = roll_hits(s, dice, rule)
        results.append((target, hits))
    for target, hits in results:
        if not hits:  # (nothing to place)
            continue
        first = side if target == primary else None
        yield from apply_hits(
            s,
            hits,
            target,
            other(side),
            first_by=first,
            officers_first=s.turn in s.rules.officer_target_turns,
            rule=rule,
        )
    if returning:
        return
    enemy = other(side)
    theirs = s._platoons_at[enemy]
    for target, _ in results:
        if target not in theirs or s.disputed(target) or s.disputed(area):  # (none there)
            continue
        returning_units = _firers(s, target, enemy, "infantry")
        # (and a platoon of ours left to fire at)
        if not returning_units or area not in s._platoons_at[side]:
            continue
        choice = question(
            enemy,
            [new_action(("return-fire", (target, area))), new_action(("hold", (target,)))],
            f"return fire from {target} at {area}?",
            rule,
        )
        if type(choice) is Decision:
            choice = yield choice
        if choice.verb != "return-fire":
            continue
        # Worked out once the answer is in, so the log tells the strength with the return
        # fire: worked out before the question, it ended the entry before (the hit placed).
        shooters = set(map(_by_id, returning_units))  # (not a comprehension: see apply_hits)
        dice = firing_dice(
            s,
            returning_units,
            "fire",
            target,
            enemy,
            officers=len(s.able_officers(target, enemy)),
            rule=rule,
        )
        if dice > 0:
            yield from infantry_fire(
                s,
                new_action(("fire", (target, f"{area}:{dice}"))),
                enemy,
                shooters,
                returning=True,
            )
    if primary not in theirs:  # no enemy platoon left in the primary target
        yield from advance(
            s, area, primary, firers=[u.id for u in units], side=side, activated=activated
        )


def advance(
    s: State, area: str, primary: str, *, firers: list[str], side: str, activated: set[str]
) -> Flow:
    """Any or all of the units that fired may step into the emptied primary area (lza:7.3 Advance).

    The player names them one at a time; the activated officers there may go too. It is
    not movement, so hits do not hold a platoon back; mortars never fired here and never go.
    """
    rule = "lza:7.3"
    went: list[str] = []
    while True:
        eligible = [uid for uid in firers if s.units[uid].on_map and s.units[uid].area == area]
        eligible += [o.id for o in s.able_officers(area, side) if o.id in activated]
        options = [Action.of("advance", uid, primary) for uid in eligible]
        if not options:
            break
        options.append(Action.of("hold", area))
        choice = yield from ask(
            side,
            options,
            f"{primary} is cleared: which firing unit advances into it?",
            rule,
        )
        if choice.verb == "hold":
            break
        s.units[choice.args[0]].area = primary
        went.append(choice.args[0])
    if went:
        s.trace.step(
            rule,
            f"{join_names(map(s.called, went))} {'advances' if len(went) == 1 else 'advance'}"
            f" from {area} into {primary} (not a move)",
        )


def mortar_targets(s: State, area: str, side: str) -> list[str]:
    """Areas within range and in a friendly officer's sight; US mortars avoid disputed areas (lza:7.4)."""
    facts = s._facts  # the answer depends on the position, and on night and flares for sight
    key = ("mortar", area, side, s.night, tuple(sorted(s.flares_now)) if s.flares_now else ())
    found = facts.get(key)
    if found is None:
        reach = s._reach.get(("mortar", area, s.rules.mortar_range))  # the map's alone
        if reach is None:
            reach = frozenset(s.map.within(area, s.rules.mortar_range)) - {
                area,
                TRANSITION,
                COLUMBUS,
            }
            s._reach[("mortar", area, s.rules.mortar_range)] = reach
        # the areas in reach holding enemy platoons (the index's keys); a loop: see apply_hits
        candidates = []
        for t in s._platoons_at[other(side)].keys() & reach:
            if side == "nva" or not s.disputed(t):
                candidates.append(t)
        found = facts[key] = sorted(s.spotted_among(side, candidates))
    return list(found)


def mortar_dice(s: State, mortars: list[Unit], area: str, target: str) -> int:
    """Mortar dice: their fire strength, no terrain or officer change, massed target, night (lza:7.4, 6.1, 11.1B)."""
    side = mortars[0].side if mortars else "us"
    dice = 0
    for u in mortars:  # (a loop, not sum() over a generator: see apply_hits)
        dice += u.strength("fire")
    if s.trace.keeps:
        n = len(mortars)
        s.trace.step(
            "lza:7.4",
            f"{counted(n, 'mortar')} in {area} {'fires' if n == 1 else 'fire'} at {target}:"
            f" {counted(dice, 'die', 'dice')} (no terrain or officer change)",
            after={"dice": dice},
        )
    return night_penalty(s, massed(s, dice, target, other(side)), target)


def mortar_fire(s: State, area: str, target: str, side: str, activated: set[str]) -> Flow:
    """Mortars of one area fire at one area (lza:7.4)."""
    rule = "lza:7.4"
    mortars = _firers(s, area, side, "mortar", activated)
    hits, faces = roll_hits(s, mortar_dice(s, mortars, area, target), rule)
    if hits:  # (no hits, nothing to place: no placing generator either)
        yield from apply_hits(
            s,
            hits,
            target,
            other(side),
            first_by=None,
            officers_first=False,
            cap=s.rules.mortar_cap,
            rule=rule,
        )
    if side == "nva" and s.disputed(target):
        ones = sum(f in s.rules.friendly_fire_faces for f in faces)
        if ones:
            s.trace.step(
                rule,
                f"firing into a disputed area: {counted(ones, 'roll')} of 1"
                f" {'strikes' if ones == 1 else 'strike'} NVA units there",
            )
            yield from apply_hits(
                s,
                ones,
                target,
                side,
                first_by=None,
                officers_first=False,
                cap=s.rules.mortar_cap,
                rule=rule,
            )
    if hits:
        s.leader_check(target, other(side), rule)
