"""One fight, from forces to results, retreats and garrisons (ftv:4.0-4.2, 4.1.14)."""

from __future__ import annotations

from rulebook.games._decisions import Action, ask
from rulebook.games.first_team import _optional
from rulebook.games.first_team._common import Flow, Sink, from_token, stacking_mix, to_token
from rulebook.games.first_team._fire_support import commit_support, nva_supporters
from rulebook.games.first_team._state import CampaignState
from rulebook.games.first_team.combat import Force, resolve
from rulebook.games.first_team.logistics import choose_garrison, consume_supply, garrison_size
from rulebook.games.first_team.retreat import (
    BY_HELICOPTER,
    capture_supply,
    retreat_nva,
    retreat_us,
    us_retreats,
)
from rulebook.games.first_team.support import SupportUnit, return_support

__all__ = ["fight"]


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
        supporting_locations=nva_supporters(s, loc),
    )
    return us, nva


def _us_retreat(s: CampaignState, loc: str) -> Flow:
    """The US player picks where to go; with nowhere to go the losses of ftv:4.2.2.2C apply."""
    movers = [u for u in s.board.us(loc) if not u.garrison]
    transports = len(s.ready("transport"))
    choices = us_retreats(s.board, loc, movers, transports=transports, mix=stacking_mix(s))
    if not (movers and choices):
        retreat_us(s.board, loc, None, Sink(s))
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
    )
    if from_token(action.args[0]) == BY_HELICOPTER:
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
    )
    s.trace.extend(result.trace)
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
        retreat_nva(s.board, loc, Sink(s))
    if us_fx is not None and us_fx.retreat and s.board.us(loc):
        yield from _us_retreat(s, loc)
        if s.board.nva(loc):
            capture_supply(s.board, loc, Sink(s))
    if attacker == "nva" and s.board.nva(loc) and not s.board.us(loc):
        size = garrison_size(s.map, loc, attackers_at_start)
        if size:
            chosen = choose_garrison(s.board.nva(loc), size)
            s.note("ftv:4.1.14", f"{', '.join(u.id for u in chosen)} garrison {loc} under HOLD")
