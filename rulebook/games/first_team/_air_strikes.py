"""The US Air Strike Segment: B-52s and tactical air against locations and zones (ftv:3.4.1)."""

from __future__ import annotations

from rulebook.games._decisions import Action, Decision, question
from rulebook.games.first_team import _optional
from rulebook.games.first_team._common import DONE, Flow, Sink, add_counters
from rulebook.games.first_team._state import CampaignState
from rulebook.games.first_team._values import reads_values
from rulebook.games.first_team.retreat import retreat_nva
from rulebook.games.first_team.support import SupportUnit
from rulebook.maps.point_map import PLEIKU

__all__ = ["air_strike_segment"]

reads_values("air_strike_cp")

_new = tuple.__new__  # an action of location and counter ids, made without checking them


def _may_bomb(s: CampaignState, loc: str, unit: SupportUnit) -> bool:
    """B-52s never bomb Pleiku nor a location with US infantry, a camp's Special Forces garrison
    included, since garrisons count as infantry (ftv:3.4.1.2C, 2.5.2A)."""
    return unit.kind != "b52" or _b52s_may_bomb(s, loc)


def _b52s_may_bomb(s: CampaignState, loc: str) -> bool:
    """Whether B-52s may bomb *loc* (see :func:`_may_bomb`): the one thing of the location it
    reads, asked once of a location by a caller with many counters to offer."""
    return loc != PLEIKU and not s.board.has_us(loc)


_STRIKERS = ("airstrike", "b52")


def _strike_value(s: CampaignState, unit: SupportUnit) -> int:
    """A B-52's one value, or a tactical counter's second (ftv:3.4.1.3A)."""
    return s.spec.us.b52s[unit.id] if unit.kind == "b52" else s.spec.us.airstrikes[unit.id][1]


def _joinable(
    s: CampaignState, target: str, zone: bool, chosen: list[SupportUnit]
) -> list[SupportUnit]:
    """Counters that may join a strike: B-52s and tactical air never together on a zone
    (ftv:3.4.1.1B), and only B-52s allowed on the location (ftv:3.4.1.2C)."""
    return [
        unit
        for unit in s.ready(_STRIKERS)
        if unit not in chosen
        and (unit.kind == chosen[0].kind if zone else _may_bomb(s, target, unit))
    ]


def _fly(s: CampaignState, target: str, *, zone: bool, chosen: list[SupportUnit]) -> None:
    """The assembled strike attacks each NVA counter with its pooled value (ftv:3.4.1.3)."""
    from rulebook.games.first_team.air import strike, zone_strike

    total = sum(_strike_value(s, u) for u in chosen)
    for unit in chosen:
        unit.box = "gone" if unit.kind == "b52" else "used"  # B-52s fly once (ftv:3.4.1D)
    names = " + ".join(f"{u.id} ({_strike_value(s, u)})" for u in chosen)
    s.note("ftv:3.4.1.3", f"{names} strike {target} together at {total}")
    if not zone:
        s.struck.add(target)
        _optional.us_in_cambodia(s, target, air=True)
        hits = strike(
            total,
            s.board.nva(target),
            s.crt,
            s.dice,
            trace=Sink(s),
            airstrike_dice=s.options.get("airstrike_dice", "2d6"),
        )
        for hit in hits:
            if hit.effects.retreat:
                retreat_nva(
                    s.board,
                    target,
                    Sink(s),
                    [s.nva[hit.target]],
                    cambodia=s.options.get("nva_retreat_cambodia", "letters-first"),
                )
    else:
        zone_strike(
            "b52" if chosen[0].kind == "b52" else "tactical",
            total,
            s.zone_units(target),
            s.crt,
            s.dice,
            trace=Sink(s),
            airstrike_dice=s.options.get("airstrike_dice", "2d6"),
        )
    _optional.battery_upkeep(s)


def air_strike_segment(s: CampaignState) -> Flow:
    """Strikes are assembled one counter at a time, each paid for, then flown together: their
    strike values add up into one value against each NVA counter (ftv:3.4.1, 3.4.1.3C)."""
    s.segment = "air strikes"
    cost = s.values["air_strike_cp"]
    while True:
        ready = s.ready(_STRIKERS)
        options = []
        if s.cp.left >= cost:
            # The counters that may bomb a location are all the ready ones, or those but the
            # B-52s (see _may_bomb): each location is asked once which.
            # (loops: a comprehension costs a function call in 3.11)
            every, tactical = [], []
            for u in ready:
                every.append(u.id)
                if u.kind != "b52":
                    tactical.append(u.id)
            for loc in s.nva_on_map():
                if loc in s.struck or not _optional.open_to_us(s, loc):
                    continue  # once a turn (ftv:3.4.1.2B); Cambodia only under option 6.1
                ids = every if _b52s_may_bomb(s, loc) else tactical
                for uid in ids:
                    options.append(_new(Action, ("strike", (loc, uid))))
            for zone in s.identified_zones():
                for uid in every:
                    options.append(_new(Action, ("strike-zone", (zone, uid))))
        action = question(
            "us",
            [*options, DONE],
            f"air strikes: pick a target and its first counter ({cost} CP each)",
            "ftv:3.4.1",
        )
        if type(action) is Decision:
            action = yield action
        if action == DONE:
            return
        target, uid = action.args
        zone = action.verb == "strike-zone"
        chosen = [s.support[uid]]
        s.cp.spend(cost, "ftv:3.4.1", f"air strike {uid}")
        yield from add_counters(
            s,
            chosen,
            lambda chosen, target=target, zone=zone: _joinable(s, target, zone, chosen),
            prompt=f"add another counter to the strike on {target}, or done to strike",
            rule="ftv:3.4.1.3",
            cost=cost,
            paid=("ftv:3.4.1", "air strike "),
        )
        _fly(s, target, zone=zone, chosen=chosen)
