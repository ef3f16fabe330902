"""One fight, from forces to results, retreats and garrisons (ftv:4.0-4.2, 4.1.14)."""

from __future__ import annotations

from rulebook.games._decisions import Action, ask
from rulebook.games.first_team import _optional
from rulebook.games.first_team._common import Flow, Sink, from_token, stacking_mix, to_token
from rulebook.games.first_team._fire_support import commit_support, nva_supporters
from rulebook.games.first_team._state import CampaignState
from rulebook.games.first_team._values import reads_values
from rulebook.games.first_team.combat import (
    DEFER,
    Effects,
    Force,
    break_unit,
    check_break,
    resolve,
)
from rulebook.games.first_team.logistics import (
    add_fatigue,
    choose_garrison,
    consume_supply,
    garrison_size,
)
from rulebook.games.first_team.retreat import (
    BY_HELICOPTER,
    capture_supply,
    retreat_nva,
    retreat_us,
    us_retreats,
)
from rulebook.games.first_team.support import SupportUnit, return_support

__all__ = ["fight"]

reads_values("aero_rocket_pair_support")


def _forces(s: CampaignState, loc: str, committed: list[SupportUnit]) -> tuple[Force, Force]:
    us_units, nva_units = s.board.us(loc), s.board.nva(loc)
    # (loops, here and below: a comprehension or generator costs a function call in 3.11)
    kinds, rockets, air = [], [], 0
    for u in committed:
        kinds.append(u.kind)
        if u.kind == "aero-rocket":
            rockets.append(u)
        elif u.kind == "airstrike":
            air += s.spec.us.airstrikes[u.id][0]
    support = _rocket_support(s, rockets) + air
    us_hold = s.treated_as_hold(loc)
    if not us_hold:
        us_hold = True
        for u in us_units:
            if not u.garrison and not u.hold:
                us_hold = False
                break
    nva_hold = True
    for u in nva_units:
        if not u.hold:
            nva_hold = False
            break
    us = Force(
        "us",
        us_units,
        location=loc,
        support_strength=support,
        artillery=kinds.count("battery"),
        observation="observation" in kinds,
        gunship="gunship" in kinds,
        helicopters=kinds.count("observation") + kinds.count("gunship") + len(rockets),
        hold=us_hold,
        supplied=s.board.supply.get(loc, 0) > 0,
        supporting_locations=len(s.supporting.get(loc, [])),
    )
    batteries = _optional.batteries_at(s, loc)
    ready = 0
    for b in batteries:
        if not b.fired:
            ready += 1
    nva = Force(
        "nva",
        nva_units,
        location=loc,
        artillery=ready,
        aa_guns=len(batteries),
        hold=nva_hold,
        supporting_locations=nva_supporters(s, loc),
    )
    return us, nva


def _rocket_support(s: CampaignState, rockets: list[SupportUnit]) -> int:
    """What committed aero-rocket companies add to the US strength (ftv:3.4.4.4C): each its first
    value, or under the ``thirty-one`` reading the example's 31 for each pair (half of it, rounded
    down, for an odd company; interpretation ftv:3.4.4.4/support-total)."""
    if s.options.get("aero_rocket_support") == "thirty-one":
        return s.values["aero_rocket_pair_support"] * len(rockets) // 2
    return sum(s.spec.us.aero_rockets[u.id][0] for u in rockets)


def _retreat_helicopters(s: CampaignState, loc: str) -> list[SupportUnit]:
    """Transports free to lift a retreat: the one carrying the pathfinders is not, since the
    pathfinders leave by the helicopter that brought them (ftv:3.4.2.3A, E)."""
    held = s.pathfinder[1] if s.pathfinder else None
    return [h for h in s.ready("transport") if h.id != held]


def _us_retreat(s: CampaignState, loc: str) -> Flow:
    """The US player picks where to go; with nowhere to go the losses of ftv:4.2.2.2C apply."""
    movers = [u for u in s.board.us(loc) if not u.garrison]
    helicopters = _retreat_helicopters(s, loc)
    transports = len(helicopters)
    choices = us_retreats(
        s.board, loc, movers, transports=transports, mix=stacking_mix(s), values=s.values
    )
    if s.pathfinder and s.pathfinder[0] == loc:
        s.note(
            "ftv:3.4.2.3",
            f"the pathfinders at {loc} leave by {s.pathfinder[1]}, the helicopter that brought them",
        )
        s.pathfinder = None
    if not (movers and choices):
        victim = yield from _no_retreat_victim(s, loc, movers)
        retreat_us(s.board, loc, None, Sink(s), values=s.values, victim=victim)
        return
    options = [Action.of("retreat", to_token(c)) for c in choices]
    action = yield from ask("us", options, f"the US at {loc} must retreat", "ftv:4.2.2.2")
    retreat_us(
        s.board,
        loc,
        from_token(action.args[0]),
        Sink(s),
        transports=transports,
        mix=stacking_mix(s),
        values=s.values,
    )
    if from_token(action.args[0]) == BY_HELICOPTER:
        for helicopter in (yield from _lifting_helicopters(s, loc, helicopters, len(movers))):
            helicopter.box = "refit" if helicopter.fatigued else "an-khe"
            helicopter.fatigued = True


def _no_retreat_victim(s: CampaignState, loc: str, movers: list) -> Flow:
    """With no retreat and no camp garrison, the player picks the company that breaks, or the
    one eliminated when all are broken (ftv:4.2.2.2C; the text names no chooser, and the US
    player picks in 4.2.4.2 and 4.2.5D, so the player picks here too)."""
    if any(u.garrison for u in s.board.us(loc)) or not movers:
        return None
    ready = [u for u in movers if not u.broken]
    pool = sorted(ready or movers, key=lambda u: u.order)
    if len(pool) == 1:
        return pool[0].id
    verb, what = ("break", "breaks") if ready else ("lose", "is eliminated")
    action = yield from ask(
        "us",
        [Action.of(verb, u.id) for u in pool],
        f"no retreat from {loc}: which company {what}",
        "ftv:4.2.2.2",
    )
    return action.args[0]


def _lifting_helicopters(
    s: CampaignState, loc: str, helicopters: list[SupportUnit], needed: int
) -> Flow:
    """The player picks which transports lift a retreat by helicopter, one per company: a
    fatigued one ends in the Refit Box, a ready one fatigues at An Khe (ftv:4.2.2.2B)."""
    chosen: list[SupportUnit] = []
    free = list(helicopters)
    for k in range(needed):
        if len(free) <= needed - k:
            return chosen + free[: needed - k]
        action = yield from ask(
            "us",
            [Action.of("lift", h.id) for h in free],
            f"the retreat from {loc} by helicopter: transport {k + 1} of {needed}",
            "ftv:4.2.2.2",
        )
        pick = next(h for h in free if h.id == action.args[0])
        free.remove(pick)
        chosen.append(pick)
    return chosen


def _share_fatigue(s: CampaignState, loc: str, fx: Effects) -> Flow:
    """The player shares a numbered result's fatigue points among the US units in the fight,
    any way they like, one point at a time (ftv:4.2.3.2C). The options list the round-robin
    choice first: the unit given fewest points so far, in the order the units stand. A camp
    garrison is named with a hyphen (``fatigue Plei-Me``), since action arguments have no
    spaces."""
    units = [u for u in s.board.us(loc) if not u.eliminated]
    given: dict[str, int] = {}
    for k in range(fx.fatigue_owed):
        options = []  # (a loop: a comprehension costs a function call in 3.11)
        for u in sorted(units, key=lambda u: given.get(u.id, 0)):
            options.append(Action.of("fatigue", u.id.replace(" ", "-")))
        action = yield from ask(
            "us",
            options,
            f"fatigue point {k + 1} of {fx.fatigue_owed} at {loc}: which unit takes it",
            "ftv:4.2.3.2",
        )
        uid = next(u.id for u in units if u.id.replace(" ", "-") == action.args[0])
        given[uid] = given.get(uid, 0) + 1
    worn = []
    for unit in units:
        if given.get(unit.id):
            fx.fatigue[unit.id] = given[unit.id]
            before = (unit.broken, unit.eliminated)
            add_fatigue(unit, given[unit.id], fx, s.values)
            if (unit.broken, unit.eliminated) != before:
                worn.append(unit.id)
    s.note(
        "ftv:4.2.3.2",
        f"the player shares {fx.fatigue_owed} fatigue point(s): "
        + ", ".join(f"{uid} +{k}" for uid, k in given.items())
        + (f"; {', '.join(worn)} worn out" if worn else ""),
    )


def _pick_breaks(s: CampaignState, loc: str, fx: Effects) -> Flow:
    """The player picks the combat-ready companies a #B result checks (each rolls against its
    efficiency) or an A result breaks, after the camp garrison (ftv:4.2.4.2, 4.2.5D)."""
    rule = "ftv:4.2.4.2" if fx.breaks_roll else "ftv:4.2.5"
    verb, what = ("check", "is checked for breaking") if fx.breaks_roll else ("break", "breaks")
    picked: set[str] = set()
    for k in range(fx.breaks_owed):
        ready = sorted(
            (
                u
                for u in s.board.us(loc)
                if not (u.broken or u.eliminated or u.garrison or u.id in picked)
            ),
            key=lambda u: u.order,
        )
        if not ready:
            break
        action = yield from ask(
            "us",
            [Action.of(verb, u.id) for u in ready],
            f"{fx.result} at {loc}: company {k + 1} of {fx.breaks_owed} that {what}",
            rule,
        )
        unit = s.us[action.args[0]]
        picked.add(unit.id)
        if fx.breaks_roll:
            check_break(unit, rule, fx, s.dice, Sink(s))
        else:
            break_unit(unit, fx)
            s.note(rule, f"{unit.id} is broken without a roll")


def _us_losses(s: CampaignState, fx: Effects, committed: list[SupportUnit]) -> Flow:
    """Garrisons lost, and what a starred result does to the committed helicopters and air units
    (ftv:4.2.6.1): the US player picks which one, where more than one could be the loss
    (interpretation ftv:4.2.6.1/which-one)."""
    s.garrisons_lost.update(uid for uid in fx.eliminated if s.us[uid].garrison)
    # Only a helicopter not already bound for the Refit Box can be sent there: otherwise the
    # loss would cost nothing (interpretation ftv:4.2.6.1/which-one).
    flown = [u for u in committed if u.kind in ("gunship", "observation", "aero-rocket")]
    helicopters = [u for u in flown if u.box != "refit"]
    if fx.helicopter_to_refit and flown and not helicopters:
        s.note("ftv:4.2.6.1", "*: every helicopter of the fight already goes to the Refit Box")
    if fx.helicopter_to_refit and helicopters:
        unit = yield from _pick_loss(
            s,
            helicopters,
            "to-refit",
            "a starred result: the helicopter that goes to the Refit Box",
            "ftv:4.2.6.1",
        )
        unit.box = "refit"
        s.note("ftv:4.2.6.1", f"*: {unit.id} goes to the Refit Box")
    aircraft = [u for u in committed if u.kind in _optional.AIRCRAFT]
    if fx.aircraft_lost and aircraft:
        unit = yield from _pick_loss(
            s,
            aircraft,
            "shot-down",
            "NVA anti-aircraft fire: the helicopter or air unit destroyed",
            "ftv:6.2.2",
        )
        _optional.aircraft_lost(s, unit)


def _pick_loss(
    s: CampaignState, units: list[SupportUnit], verb: str, prompt: str, rule: str
) -> Flow:
    """One of *units* chosen by the US player, in the order they were committed; no question
    when they are all alike (the same kind, equally fatigued and fired)."""
    if len({(u.kind, u.fatigued, u.fired) for u in units}) == 1:
        return units[0]
    action = yield from ask("us", [Action.of(verb, u.id) for u in units], prompt, rule)
    return next(u for u in units if u.id == action.args[0])


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
        [] if ambush and attacker == "nva" else (yield from commit_support(s, loc))
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
        fatigue_split=DEFER,
        us_picks=True,
        values=s.values,
        # Steps the campaign keeps are built; a quiet one's trace builds none (and adds none
        # to itself below).
        trace=None if s.tracing else s.trace,
    )
    s.trace.extend(result.trace)
    if result.effects.get("us") is not None and result.effects["us"].fatigue_owed:
        yield from _share_fatigue(s, loc, result.effects["us"])
    if result.effects.get("us") is not None and result.effects["us"].breaks_owed:
        yield from _pick_breaks(s, loc, result.effects["us"])
    s.casualty_points += result.us_casualty_points
    if nva.artillery:
        _optional.mark_fired(s, loc)
    if any(u.kind in _optional.AIRCRAFT for u in committed):
        _optional.us_in_cambodia(s, loc, air=True)
    if consume_supply(s.board.supply, loc):
        s.note("ftv:4.1.10", f"one supply step used at {loc}")
    return_support(committed, Sink(s))
    us_fx, nva_fx = result.effects.get("us"), result.effects.get("nva")
    if us_fx is not None:
        yield from _us_losses(s, us_fx, committed)
    _optional.battery_upkeep(s)
    if nva_fx is not None and nva_fx.retreat and s.board.nva(loc):
        retreat_nva(
            s.board,
            loc,
            Sink(s),
            cambodia=s.options.get("nva_retreat_cambodia", "letters-first"),
        )
    if us_fx is not None and us_fx.retreat and s.board.us(loc):
        yield from _us_retreat(s, loc)
        if s.board.nva(loc):
            capture_supply(s.board, loc, Sink(s))
    if attacker == "nva" and s.board.nva(loc) and not s.board.us(loc):
        size = garrison_size(s.map, loc, attackers_at_start)
        if size:
            chosen = choose_garrison(s.board.nva(loc), size)
            s.note("ftv:4.1.14", f"{', '.join(u.id for u in chosen)} garrison {loc} under HOLD")
