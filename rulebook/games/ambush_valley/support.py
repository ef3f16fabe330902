"""Fire missions, napalm and illumination: who may call them, the odds, and what they do.

>>> fire_mission_check(8, side="nva", actual_fo=False, designated_target=True, radio=True).modifier
-1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rulebook.dice import Dice
from rulebook.games.ambush_valley._data import book
from rulebook.games.ambush_valley.checks import Check
from rulebook.trace import Trace

__all__ = [
    "IlluminationState",
    "fire_mission_check",
    "napalm",
    "pink_team",
    "slap_flare",
    "spotter_aircraft",
]


def fire_mission_check(
    tq: int,
    *,
    side: Literal["free-world", "nva", "vc"],
    has_rto: bool = True,
    actual_fo: bool = False,
    special_forces_leader: bool = False,
    squad_leader_or_lower: bool = False,
    arvn: bool = False,
    anzac: bool = False,
    radio: bool = True,
    field_telephone: bool = False,
    designated_target: bool = False,
    caller_is_leader_or_fo: bool = True,
) -> Check:
    """The caller's TQ test for off-board fire with the book's modifiers (av:fire-missions).

    Free World callers need a working RTO, and ANZAC re-roll a failure (Fast Response). NVA
    calls take -1, another -1 for radio unless a field telephone in a bunker is allowed, +1
    on a designated target. The VC have no designated off-board fire at all.
    """
    mods = book("tables")["fire_missions"]
    if side == "vc":
        raise ValueError(
            "av:fire-missions: the VC never have designated off-board artillery; mortars come only from cards"
        )
    reasons, modifier, rerolls = [], 0, 0
    if side == "free-world":
        if not has_rto:
            raise ValueError(
                "av:fire-missions: the calling unit needs a radio operator who is not seriously wounded or dead"
            )
        table = mods["free_world"]
        for flag, key, text in (
            (actual_fo, "actual_fo", "a real FO"),
            (special_forces_leader, "special_forces_leader", "Special Forces leader"),
            (squad_leader_or_lower, "squad_leader_or_lower", "squad leader or lower"),
            (arvn, "arvn", "ARVN"),
            (anzac, "anzac", "ANZAC"),
        ):
            if flag:
                modifier += table[key]
                reasons.append(f"{text} {table[key]:+d}")
        if anzac:
            rerolls = 1
            reasons.append("Fast Response: re-roll a failure")
    else:
        if not (caller_is_leader_or_fo or actual_fo):
            raise ValueError(
                "av:fire-missions: only NVA leaders and FOOs may call fire (the box says FOOs only)"
            )
        table = mods["nva"]
        modifier += table["nva"]
        reasons.append(f"NVA {table['nva']:+d}")
        if actual_fo:
            modifier += table["actual_fo"]
            reasons.append(f"a real FO {table['actual_fo']:+d}")
        if radio and not field_telephone:
            modifier += table["radio"]
            reasons.append(f"radio communications {table['radio']:+d}")
        if designated_target:
            modifier += table["designated_target"]
            reasons.append(f"designated target {table['designated_target']:+d}")
    return Check(tq, modifier=modifier, rerolls=rerolls, reasons=tuple(reasons))


@dataclass(frozen=True)
class NapalmEffect:
    primary: tuple[int, int]
    splash: tuple[int, int]
    splash_radius: int
    burning_turns: int
    pinned: tuple[str, ...]
    morale_checks: tuple[str, ...]
    canisters_left: int
    trace: Trace


def napalm(
    target: str,
    *,
    target_side: Literal["nva", "vc", "free-world"],
    within_splash: tuple[str, ...] = (),
    other_units_of_force: tuple[str, ...] = (),
    canisters: int = 4,
) -> NapalmEffect:
    """What a called napalm strike does (av:napalm): the attacks, the fire, morale, canisters.

    The target takes 8D10 with only its model-total defence dice; every unit within 10 inches
    takes 6D10, friend or foe. NVA and VC targets are pinned outright; the rest of their force
    checks morale. Each strike uses two canisters.
    """
    spec = book("tables")["napalm"]
    per = spec["canisters_per_strike"]
    if canisters < per:
        raise ValueError(f"av:napalm: a strike needs {per} canisters; {canisters} left")
    trace = Trace()
    primary = (spec["primary"]["dice"], spec["primary"]["die"])
    splash = (spec["splash"]["dice"], spec["splash"]["die"])
    radius = spec["splash"]["radius_inches"]
    trace.step(
        "av:napalm", f"{target} takes {primary[0]}D{primary[1]}; cover and armour do not count"
    )
    for unit in within_splash:
        trace.step("av:napalm", f"{unit}, within {radius} in, takes {splash[0]}D{splash[1]}")
    trace.step(
        "av:napalm",
        f"woods, jungle, grass and flammable buildings within {radius} in burn: impassable for "
        f"{spec['burning_turns']} turns; buildings burn {spec['building_burns_turns']} turn, then fall",
    )
    insurgent = target_side in ("nva", "vc")
    pinned = (target,) if insurgent else ()
    checks = other_units_of_force if insurgent else (target, *other_units_of_force)
    if pinned:
        trace.step("av:napalm", f"{target} is pinned outright")
    if checks:
        trace.step("av:napalm", f"morale checks, failure pins: {', '.join(checks)}")
    return NapalmEffect(
        primary,
        splash,
        radius,
        spec["burning_turns"],
        pinned,
        tuple(checks),
        canisters - per,
        trace,
    )


@dataclass
class IlluminationState:
    """Night and light over a game (av:illumination, av:slap-flares): turns of off-board
    illumination left, and which units have used their one slap flare."""

    lit_turns_left: int = 0
    slap_flares_used: set[str] | None = None
    lit_this_turn: bool = False

    def request_offboard(
        self, dice: Dice, caller_tq: int, *, has_radio: bool, trace: Trace
    ) -> bool:
        """FO or leader with a radio tests; success lights the table for two turns from next turn."""
        if not has_radio:
            raise ValueError(
                "av:illumination: off-board illumination needs an FO or a leader with a radio"
            )
        ok = (
            Check(caller_tq)
            .roll(dice, "av:illumination", "off-board illumination request", trace)
            .passed
        )
        if ok:
            self.lit_turns_left = book("tables")["illumination"]["offboard_turns"]
            trace.step(
                "av:illumination",
                f"night effects end for both sides for {self.lit_turns_left} turns, from next turn; "
                "the other side must pass a TQ test to move",
            )
        return ok

    def onboard(self, trace: Trace) -> None:
        """On-board mortars or an M79 fire illumination at the start of a turn with no roll; the
        duration is not stated (interpretation av:illumination/on-board-duration: as off-board)."""
        self.lit_turns_left = book("tables")["illumination"]["offboard_turns"]
        trace.step(
            "av:illumination", "on-board illumination, no roll: lit as off-board illumination"
        )

    def end_turn(self) -> None:
        self.lit_turns_left = max(0, self.lit_turns_left - 1)
        self.lit_this_turn = False

    @property
    def night_effects(self) -> bool:
        return not (self.lit_turns_left or self.lit_this_turn)


def slap_flare(state: IlluminationState, unit: str, tq: int, dice: Dice, trace: Trace) -> bool:
    """A unit's one slap flare: a TQ test lights the rest of the turn; a failure may be tried
    again on a later turn; a success uses it for the game (av:slap-flares)."""
    used = state.slap_flares_used if state.slap_flares_used is not None else set()
    state.slap_flares_used = used
    if unit in used:
        raise ValueError(f"av:slap-flares: {unit} has already fired its slap flare this game")
    ok = Check(tq).roll(dice, "av:slap-flares", f"{unit} fires a slap flare", trace).passed
    if ok:
        used.add(unit)
        state.lit_this_turn = True
    return ok


@dataclass(frozen=True)
class SpotterResult:
    blocks_out_of_contact: bool
    detects_hidden: bool
    can_call_fire: bool
    trace: Trace


def spotter_aircraft(
    dice: Dice,
    tq: int,
    *,
    aircraft: str,
    night: bool = False,
    year: int = 1965,
    trace: Trace | None = None,
) -> SpotterResult:
    """A spotter aircraft's test at the start of a turn (av:spotter-aircraft).

    By day any spotter acts as a real FO, and a passed TQ test stops VC out-of-contact moves
    (VC in tunnels excepted). At night only helicopters with a Xenon spotlight, the AC-47
    and, from 1967, the OV-1 and OV-10 can do it; they also find hidden units on a pass.
    """
    trace = trace if trace is not None else Trace()
    capable = (
        not night
        or aircraft in ("xenon-helicopter", "AC-47 Spooky")
        or (aircraft in ("OV-1 Mohawk", "OV-10 Bronco") and year >= 1967)
    )
    if not capable:
        trace.step(
            "av:spotter-aircraft", f"{aircraft} has no night sight: it spots nothing tonight"
        )
        return SpotterResult(False, False, False, trace)
    passed = (
        Check(tq).roll(dice, "av:spotter-aircraft", f"{aircraft} watches the ground", trace).passed
    )
    if passed:
        what = "no VC out-of-contact moves this turn (tunnels excepted)"
        trace.step("av:spotter-aircraft", what + ("; hidden units are found" if night else ""))
    return SpotterResult(passed, passed and night, not night, trace)


def pink_team(
    dice: Dice,
    loach_at: tuple[float, float],
    hidden: dict[str, tuple[tuple[float, float], int]],
    trace: Trace,
) -> list[str]:
    """The Loach hunts (av:pink-teams): every Hidden unit within 18 in passes a TQ test or
    gives itself away by firing at it; those are spotted for the ground and the Cobra, which
    attacks once the ground fire at the Loach is over. *hidden* maps a unit to (position, TQ)."""
    import math

    revealed = []
    for unit, (at, tq) in hidden.items():
        if math.dist(at, loach_at) > 18:
            continue
        if (
            not Check(tq)
            .roll(dice, "av:pink-teams", f"{unit} holds its fire under the Loach", trace)
            .passed
        ):
            revealed.append(unit)
    if revealed:
        trace.step(
            "av:pink-teams",
            f"{', '.join(revealed)} fire at the Loach and are spotted; the Cobra comes in after",
        )
    return revealed
