"""The US Air Strike Segment: B-52s and tactical air against locations and zones (ftv:3.4.1)."""

from __future__ import annotations

from rulebook.games._decisions import Action, ask
from rulebook.games.first_team import _optional
from rulebook.games.first_team._common import DONE, Flow, Sink
from rulebook.games.first_team._state import CampaignState
from rulebook.games.first_team.retreat import retreat_nva
from rulebook.maps.point_map import PLEIKU

__all__ = ["air_strike_segment"]


def air_strike_segment(s: CampaignState) -> Flow:
    from rulebook.games.first_team.air import strike, zone_strike

    s.segment = "air strikes"
    while True:
        ready = [u for u in s.support.values() if u.kind in ("airstrike", "b52") and u.ready]
        options = []
        if s.cp.left >= 2:
            for loc in s.nva_on_map():
                if loc in s.struck or not _optional.open_to_us(s, loc):
                    continue  # Cambodia only under option 6.1 (ftv:6.1)
                for unit in ready:
                    if unit.kind == "b52" and (
                        loc == PLEIKU or any(not u.garrison for u in s.board.us(loc))
                    ):
                        continue
                    options.append(Action.of("strike", loc, unit.id))
            for zone in s.identified_zones():
                options += [Action.of("strike-zone", zone, unit.id) for unit in ready]
        action = yield from ask(
            "us", [*options, DONE], "air strikes: one counter at a time, 2 CP each", "ftv:3.4.1"
        )
        if action == DONE:
            return
        target, uid = action.args
        unit = s.support[uid]
        s.cp.spend(2, "ftv:3.4.1", f"air strike {uid}")
        value = s.spec.us.b52s[uid] if unit.kind == "b52" else s.spec.us.airstrikes[uid][1]
        unit.box = "gone" if unit.kind == "b52" else "used"
        if action.verb == "strike":
            s.struck.add(target)
            _optional.us_in_cambodia(s, target, air=True)
            hits = strike(
                value,
                s.board.nva(target),
                s.crt,
                s.dice,
                trace=Sink(s),
                airstrike_dice=s.options.get("airstrike_dice", "2d6"),
            )
            for hit in hits:
                if hit.effects.retreat:
                    retreat_nva(s.board, target, Sink(s), [s.nva[hit.target]])
        else:
            zone_strike(
                "b52" if unit.kind == "b52" else "tactical",
                value,
                s.zone_units(target),
                s.crt,
                s.dice,
                trace=Sink(s),
                airstrike_dice=s.options.get("airstrike_dice", "2d6"),
            )
        _optional.battery_upkeep(s)
