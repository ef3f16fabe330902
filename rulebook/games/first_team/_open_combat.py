"""The US Support and Open Combat Segment; aero-rockets alone against the NVA (ftv:3.4.4.4, 3.4.5)."""

from __future__ import annotations

from rulebook.games._decisions import Action, ask
from rulebook.games.first_team import _optional
from rulebook.games.first_team._common import DONE, Flow, Sink
from rulebook.games.first_team._fight import fight
from rulebook.games.first_team._state import CampaignState

__all__ = ["support_and_combat_segment"]


def support_and_combat_segment(s: CampaignState) -> Flow:
    s.segment = "support and open combat"
    while True:
        options = []
        for loc in s.contested():
            us = s.board.us(loc)
            if not s.board.supply.get(loc):
                continue  # unsupplied units may not start ground combat (ftv:2.7C)
            if s.treated_as_hold(loc) or not all(u.hold for u in us):
                options.append(Action.of("attack", loc))
        for loc in s.nva_on_map():
            if not _optional.open_to_us(s, loc):
                continue  # air units stay out of Cambodia without option 6.1 (ftv:6.1)
            if not s.board.us(loc) and s.ready("aero-rocket") and s.cp.left >= 1:
                options.append(Action.of("rockets", loc))
        action = yield from ask(
            "us",
            [*options, DONE],
            "open combat: attack where you choose, or rocket NVA-only locations",
            "ftv:3.4.5",
        )
        if action == DONE:
            return
        loc = action.args[0]
        if action.verb == "rockets":
            from rulebook.games.first_team.air import rocket_attack

            unit = s.ready("aero-rocket")[0]
            s.cp.spend(1, "ftv:3.4.4.4", unit.id)
            unit.box, unit.fatigued = "refit", True
            s.rocketed.add(loc)
            _optional.us_in_cambodia(s, loc, air=True)
            rocket_attack(
                [s.spec.us.aero_rockets[unit.id][1]],
                s.board.nva(loc),
                s.crt,
                s.dice,
                us_units_there=False,
                trace=Sink(s),
            )
            _optional.battery_upkeep(s)
            continue
        yield from fight(s, loc, attacker="us")
