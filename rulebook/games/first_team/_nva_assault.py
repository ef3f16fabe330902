"""The NVA Assault Phase around the programmed NVA, and US Maintenance (ftv:3.5, 3.5.5, 3.5.8)."""

from __future__ import annotations

from rulebook.games._decisions import Action, ask
from rulebook.games.first_team import _nva, _optional
from rulebook.games.first_team._common import DONE, Flow
from rulebook.games.first_team._fight import fight
from rulebook.games.first_team._state import CampaignState
from rulebook.games.first_team._values import reads_values
from rulebook.maps.point_map import PLEIKU

__all__ = ["maintenance", "nva_assault"]

reads_values("refit_cp", "no_offboard_turn")


def _nva_ambushes(s: CampaignState, before: dict[str, bool]) -> Flow:
    """NVA who entered a place held only by US units may ambush them (ftv:3.5.5)."""
    for loc, ids in sorted(s.entered.items()):
        us = s.board.us(loc)
        exempt = loc == PLEIKU or s.garrison_at(loc) is not None or all(u.hold for u in us)
        if not before.get(loc) or not us or exempt:
            continue
        entering = [s.nva[i] for i in ids if not s.nva[i].broken and s.where(s.nva[i]) == loc]
        if not entering:
            continue
        worst = min(u.efficiency for u in entering)
        roll = s.dice.d6("ftv:3.5.5")
        ambush = roll <= worst
        verdict = "ambush" if ambush else "no ambush"
        s.note(
            "ftv:3.5.5",
            f"NVA entering {loc} roll {roll} against {worst}: {verdict}",
            rolls=s.dice.rolls[-1:],
        )
        if ambush:
            yield from fight(s, loc, attacker="nva", ambush=True)


def nva_assault(s: CampaignState, number: int) -> Flow:
    """An NVA Assault Phase: the first of the turn (ftv:3.5) or the second (ftv:3.7), which runs
    the same segments and so rolls on the Offboard Table again."""
    s.phase = "first NVA assault" if number == 1 else "second NVA assault"
    # Both phases roll the same tables in the same order, so without this line a turn's log
    # reads as one phase told twice with different dice.
    if number == 1:
        s.note("ftv:3.5", f"turn {s.turn}: the first NVA Assault Phase begins")
    else:
        s.note(
            "ftv:3.7",
            f"turn {s.turn}: the second NVA Assault Phase begins (the segments of 3.5 again)",
        )
    s.supporting, s.rocketed = {}, set()
    s.entered = {}
    # The places the US held alone as the phase began (only places with US counters can be).
    board = s.board
    before = {}
    for loc in board.in_use("us"):  # (a loop: a comprehension costs a function call in 3.11)
        before[loc] = board.has_us(loc) and not board.has_nva(loc)
    s.segment = "target determination"
    _nva.target_determination(s)
    s.segment = "offboard movement"
    moved = _nva.offboard_movement(s)
    # ftv:3.5.3 skips on the turn 3.5.2A does (Turn 15 in the book): one value, from the data
    if moved and s.turn < s.values["no_offboard_turn"]:
        s.segment = "second target determination"
        _nva.target_determination(s, only=moved, rule="ftv:3.5.3")
    elif not moved:
        s.note("ftv:3.5.3", "nothing moved offboard: no second target determination")
    s.segment = "ground movement"
    _nva.ground_movement(s)
    s.segment = "ambush"
    yield from _nva_ambushes(s, before)
    s.segment = "open combat"
    for loc in s.contested():
        yield from fight(s, loc, attacker="nva", nva_open_combat=True)
    s.end_segment()  # garrisons are marked before possession is scored (ftv:2.5.1C)
    s.score_possession()
    s.segment = "evasion"
    for loc in s.contested():
        _nva.evade(s, loc)
    if number == 1 or s.options.get("nva_phase_steps") != "without-maintenance":
        yield from maintenance(s)
    else:
        s.note("ftv:3.7", "one US Maintenance Segment a turn: none after the second NVA assault")


def maintenance(s: CampaignState) -> Flow:
    """Helicopters at An Khe recover; Refit costs CPs; FIRED batteries recover by the scenario's
    reading of the gap for US artillery (ftv:3.5.8, 6.2.1E; interpretation
    ftv:3.5.8/us-artillery)."""
    s.segment = "US maintenance"
    support = s.support
    for i in s.support_ids(_HELICOPTERS):  # (each counter's own state: any order will do)
        unit = support[i]
        if unit.box == "an-khe":
            unit.fatigued = False
    for i in s.support_ids("airstrike"):
        unit = support[i]
        if unit.box == "used":
            unit.box = "an-khe"
    s.note("ftv:3.5.8", "helicopters at An Khe are combat-ready again")
    _us_batteries(s)
    _optional.recover_batteries(s)
    cost = s.values["refit_cp"]
    while True:
        options = []
        if s.cp.left >= cost:
            for u in s.support.values():  # (a loop: a comprehension costs a function call)
                if u.box == "refit":
                    options.append(Action.of("refit", u.id))
        action = yield from ask(
            "us",
            [*options, DONE],
            f"maintenance: bring helicopters out of Refit at {cost} CP each",
            "ftv:3.5.8",
        )
        if action == DONE:
            return
        unit = s.support[action.args[0]]
        s.cp.spend(cost, "ftv:3.5.8", f"refitting {unit.id}")
        unit.box, unit.fatigued = "an-khe", False
        s.note("ftv:3.5.8", f"{unit.id} leaves the Refit Box")


_HELICOPTERS = ("transport", "gunship", "observation")


def _us_batteries(s: CampaignState) -> None:
    """The book prints no recovery for a US battery on its FIRED side; under the scenario option
    ``us_artillery_recovery`` they recover here as NVA batteries do (``maintenance``) or stay
    spent for the game (``never``)."""
    support, fired = s.support, []
    for i in s.support_ids("battery"):  # (a loop: a comprehension costs a function call)
        if support[i].fired:
            fired.append(support[i])
    if not fired:
        return
    if s.options.get("us_artillery_recovery", "maintenance") == "never":
        s.note("ftv:3.5.8", f"{len(fired)} US batteries stay on their FIRED side (no recovery)")
        return
    for unit in fired:
        unit.fired = False
    s.note("ftv:3.5.8", f"{len(fired)} US batteries flip back from FIRED, ready to support")
