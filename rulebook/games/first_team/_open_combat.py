"""The US Support and Open Combat Segment; aero-rockets alone against the NVA (ftv:3.4.4.4, 3.4.5)."""

from __future__ import annotations

from rulebook.games._decisions import Action, Decision, question
from rulebook.games.first_team import _optional
from rulebook.games.first_team._common import DONE, Flow, Sink, add_counters
from rulebook.games.first_team._fight import fight
from rulebook.games.first_team._state import CampaignState
from rulebook.games.first_team._values import reads_values

__all__ = ["support_and_combat_segment"]

_new = tuple.__new__  # an action of location and counter ids, made without checking them

reads_values("aero_rocket_cp")


def _rocket_volley(s: CampaignState, loc: str, first: str) -> Flow:
    """Aero-rocket companies attacking a location alone are added one at a time, 1 CP each, and
    strike together: their second values pool into one value against each NVA unit
    (ftv:3.4.4.4D, 3.4.1.3C)."""
    from rulebook.games.first_team.air import rocket_attack

    cost = s.values["aero_rocket_cp"]
    chosen = [s.support[first]]
    s.cp.spend(cost, "ftv:3.4.4.4", first)
    yield from add_counters(
        s,
        chosen,
        lambda chosen: [u for u in s.ready("aero-rocket") if u not in chosen],
        prompt=f"add another aero-rocket company to the attack on {loc}, or done to fire",
        rule="ftv:3.4.4.4",
        cost=cost,
        paid=("ftv:3.4.4.4", ""),
    )
    for unit in chosen:
        unit.box, unit.fatigued = "refit", True
    s.rocketed.add(loc)
    _optional.us_in_cambodia(s, loc, air=True)
    seconds = [s.spec.us.aero_rockets[u.id][1] for u in chosen]
    s.note(
        "ftv:3.4.4.4",
        f"{' + '.join(u.id for u in chosen)} fire on {loc} together at {sum(seconds)}",
    )
    rocket_attack(
        seconds,
        s.board.nva(loc),
        s.crt,
        s.dice,
        us_units_there=False,
        trace=Sink(s),
        airstrike_dice=s.options.get("airstrike_dice", "2d6"),
    )
    _optional.battery_upkeep(s)


def support_and_combat_segment(s: CampaignState) -> Flow:
    """Fights where the player chooses, and aero-rocket attacks on NVA-only locations (ftv:3.4.5)."""
    s.segment = "support and open combat"
    while True:
        options = []
        for loc in s.contested():
            us = s.board.us(loc)
            if not s.board.supply.get(loc):
                continue  # unsupplied units may not start ground combat (ftv:2.7C)
            if s.treated_as_hold(loc) or not all(u.hold for u in us):
                options.append(Action.of("attack", loc))
        if s.cp.left >= s.values["aero_rocket_cp"]:
            rockets = []
            for u in s.ready("aero-rocket"):  # (a loop: a comprehension costs a function call)
                rockets.append(u.id)
            for loc in s.nva_on_map():
                if s.board.us(loc) or not _optional.open_to_us(s, loc):
                    continue  # air units stay out of Cambodia without option 6.1 (ftv:6.1)
                for uid in rockets:  # (a loop: a comprehension costs a function call in 3.11)
                    options.append(_new(Action, ("rockets", (loc, uid))))
        action = question(
            "us",
            [*options, DONE],
            "open combat: attack where you choose, or rocket NVA-only locations",
            "ftv:3.4.5",
        )
        if type(action) is Decision:
            action = yield action
        if action == DONE:
            return
        if action.verb == "rockets":
            yield from _rocket_volley(s, action.args[0], action.args[1])
            continue
        yield from fight(s, action.args[0], attacker="us")
