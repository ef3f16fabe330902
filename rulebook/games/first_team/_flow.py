"""The sequence of play of First Team: Vietnam as a generator of US decisions (ftv:3.0-3.9, 5.0, 7.0).

The US player is asked whenever the rules give a choice; the NVA is the programme of section
3.5 and never asks. Every phase and segment sets ``state.phase`` / ``state.segment``, so a
stepper can stop at any of them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from rulebook.games._decisions import RESTART, ask, new_action
from rulebook.games._reads import reads
from rulebook.games.first_team import _optional
from rulebook.games.first_team._air_strikes import air_strike_segment
from rulebook.games.first_team._command import (
    command_phase,
    contact,
    intelligence_phase,
    supply_phase,
)
from rulebook.games.first_team._common import Flow
from rulebook.games.first_team._fight import fight
from rulebook.games.first_team._ground import ground_movement_segment, zone_entry
from rulebook.games.first_team._nva_assault import maintenance, nva_assault
from rulebook.games.first_team._open_combat import support_and_combat_segment
from rulebook.games.first_team._state import CampaignState, GameOver, victory_level
from rulebook.games.first_team._transport import transport_segment
from rulebook.games.first_team._values import reads_values
from rulebook.games.first_team.logistics import consume_supply
from rulebook.maps.point_map import AN_KHE, PLEIKU

__all__ = ["campaign", "contact", "fight", "maintenance", "zone_entry"]

reads_values("rest_fatigue")
reads("first-team", "turns.value")


# --- set-up (ftv:7.0) ------------------------------------------------------------------------


def camp_garrisons(spec) -> dict[str, str]:
    """The Special Forces camps the set-up garrisons, by location: every camp the map marks whose
    name is one of the US garrisons (ftv:7.0B; on the book's map Duc Co at D2 and Plei Me at G4).

    >>> from rulebook.games.first_team import campaign_scenario
    >>> camp_garrisons(campaign_scenario().first_team)
    {'D2': 'Duc Co', 'G4': 'Plei Me'}
    """
    return {
        loc: camp
        for loc, camp in spec.map.special_forces_camps.items()
        if camp in spec.us.garrisons
    }


def setup(s: CampaignState) -> Flow:
    s.phase = "set-up"
    camps = camp_garrisons(s.spec)
    for camp, garrison in camps.items():
        s.board.place(camp, s.us[garrison])
    s.board.supply.update(dict.fromkeys(camps, 2))
    for unit in s.us.values():
        if not unit.garrison:
            s.board.place(AN_KHE, unit)
    where = " and ".join(f"{name} ({loc})" for loc, name in camps.items()) or "no camp"
    s.note(
        "ftv:7.0",
        f"set-up: a garrison and a full supply counter at {where}, all US units at An Khe, "
        f"{len(s.nva)} NVA companies in the Unknown Box",
    )
    _optional.attach_batteries(s)
    real = [True] * s.spec.us.lz_markers + [False] * s.spec.us.no_lz_markers
    # The markers are mixed face down: which is real is drawn now, unseen until flipped (ftv:3.2.1).
    order = list(range(len(real)))
    for i in range(len(order) - 1, 0, -1):
        j = s.dice.pick(i + 1, "ftv:7.0")
        order[i], order[j] = order[j], order[i]
    sites = _lz_sites(s)
    for k in range(len(real)):
        per_zone = {}
        for loc in s.lz_markers:
            per_zone[s.map.zone(loc)] = per_zone.get(s.map.zone(loc), 0) + 1
        options = []
        for loc, zone in sites:  # (a loop: a comprehension costs a function call in 3.11)
            if loc not in s.lz_markers and per_zone.get(zone, 0) < 2:
                options.append(new_action(("place-lz", (loc,))))
        action = yield from ask(
            "us",
            options,
            f"place LZ marker {k + 1} of {len(real)} face down (two per zone at most)",
            "ftv:7.0",
        )
        s.lz_markers[action.args[0]] = real[order[k]]


def _lz_sites(s: CampaignState) -> list[tuple[str, str]]:
    """The locations an LZ marker may go to, with their zones, in the map's order: neither
    Pleiku, a camp nor Cambodia (ftv:7.0; the map alone decides, so the list is kept on it)."""
    found = s.map.derived.get("lz marker sites")
    if found is None:
        found = s.map.derived["lz marker sites"] = [
            (loc, s.map.zone(loc))
            for loc in s.map.locations
            if loc != PLEIKU and not s.map.camp(loc) and not s.map.in_cambodia(loc)
        ]
    return found


# --- 3.4 US assault (segments in _air_strikes, _transport, _ground, _open_combat) ------------


def us_assault(s: CampaignState, number: int) -> Flow:
    """A US Assault Phase: its six segments in order (ftv:3.4); the second repeats it (ftv:3.6)."""
    for step in _assault_steps(number):
        yield from step(s)


def _assault_begins(s: CampaignState, number: int) -> Flow:
    s.phase = "first US assault" if number == 1 else "second US assault"
    s.supporting, s.rocketed = {}, set()
    s.flown.clear()
    where = s.board.loc_of.get  # (Board.where without a call of its own for each company)
    s.start = start = {}
    for u in s.us.values():  # (a loop: a comprehension costs a function call in 3.11)
        start[u.id] = where(u)
    yield from air_strike_segment(s)


def _assault_steps(number: int) -> list[Callable[[CampaignState], Flow]]:
    """The US Assault Phase's segments as steps: everything one carries to the next is on the
    board, so the campaign may restart between any two of them."""
    return [
        partial(_assault_begins, number=number),
        partial(transport_segment, first=True),
        ground_movement_segment,
        support_and_combat_segment,
        partial(transport_segment, first=False),
    ]


# --- 3.8, 3.9 and the end ----------------------------------------------------------------------


def fatigue_reduction(s: CampaignState) -> None:
    s.phase, s.segment = "fatigue reduction", ""
    for unit in s.us.values():
        if unit.eliminated or unit.garrison or unit.id in s.moved or unit.fatigue == 0:
            continue
        loc = s.where(unit)
        rests = loc in {AN_KHE, PLEIKU} or (loc and s.map.camp(loc) and s.garrison_at(loc))
        if not rests or s.board.nva(loc):
            continue
        if loc != AN_KHE and not s.board.supply.get(loc):
            s.note("ftv:2.7", f"{unit.id} at {loc} is out of supply and cannot shed fatigue")
            continue
        unit.fatigue = max(0, unit.fatigue - s.values["rest_fatigue"])
        s.note("ftv:3.8", f"{unit.id} rests at {loc}: fatigue F{unit.fatigue}")


def final_supply(s: CampaignState) -> None:
    s.phase = "final supply"
    for loc in s.us_on_map():
        if consume_supply(s.board.supply, loc):
            s.note("ftv:3.9", f"{loc} uses a supply step")
        else:
            s.note("ftv:3.9", f"{loc} has no supply: its units are out of supply")
    # Units no longer on the map lose any HOLD marker; supply at An Khe is never used (ftv:2.7B).
    where = s.board.where
    for unit in s.us.values():
        if where(unit) == AN_KHE:
            unit.hold = False


def _now(phase: Callable[[CampaignState], None]) -> Callable[[CampaignState], Flow]:
    """A phase that asks nothing, as a step of the turn."""

    def step(s: CampaignState) -> Flow:
        phase(s)
        return
        yield

    return step


TURN: tuple[Callable[[CampaignState], Flow], ...] = (
    _now(command_phase),
    intelligence_phase,
    supply_phase,
    *_assault_steps(1),
    partial(nva_assault, number=1),
    *_assault_steps(2),
    partial(nva_assault, number=2),
    _now(fatigue_reduction),
    _now(final_supply),
)
"""A turn's phases and segments in order (ftv:3.0), each a step the campaign can restart at:
nothing a step needs is kept outside the board between two steps."""


def campaign(s: CampaignState, *, resume: bool = False) -> Flow:
    """The whole campaign; with *resume*, picked up at the step ``s.resume_at`` names (a copy
    of the position taken at a RESTART: see :class:`~rulebook.games._core.FlowGame`)."""
    if resume:
        first_turn, first_step = s.resume_at
    else:
        yield from setup(s)
        first_turn, first_step = 1, 0
    turns = s.scenario.turns.value if s.scenario.turns else 15
    # Held here, not looked up at the except: a campaign still open when Python exits is
    # closed after the module's globals are cleared, and `except None` would raise TypeError.
    over = GameOver
    try:
        for turn in range(first_turn, turns + 1):
            s.turn = turn
            for k, step in enumerate(TURN):
                if turn == first_turn and k < first_step:
                    continue
                if not resume:
                    s.resume_at = (turn, k)
                    yield RESTART
                resume = False
                yield from step(s)
    except over:
        s.phase = "game over"
        return
    s.phase = "game over"
    lines = s.final_vp()
    s.vp += sum(lines.values())
    s.note(
        "ftv:5.1",
        "end of the game: "
        + ", ".join(f"{k} {v:+d}" for k, v in lines.items() if v)
        + f"; NVA {s.vp} VP",
    )
    s.ending = victory_level(s.vp, values=s.values)
    s.note("ftv:5.2", f"victory level: {s.ending}")
