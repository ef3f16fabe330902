"""The solo and co-op VC (av:solo-vc): given a situation, the action a VC unit, leader or
civilian group takes, and the line of the priority list that chose it.

Each list is read top down and the first line that fits decides. The book's firepower tests
say "more than 6" and "less than 6", so a unit of exactly 6 matches neither; here it counts
with the "less than 6" lines (interpretation av:solo-vc/fp-six; ``fp_six="high"`` takes the other reading).

>>> s = Situation(kind="unit", has_leader=False, in_cover=False, firepower=8)
>>> decide(s).action
'move into cover'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rulebook.dice import Dice
from rulebook.games.ambush_valley.checks import Check
from rulebook.trace import Trace

__all__ = ["Decision", "InsurgencyLevel", "Situation", "decide", "may_act"]

Kind = Literal["unit", "leader", "civilians"]
When = Literal["reaction", "end-of-turn"]


@dataclass(frozen=True)
class Situation:
    """What a VC piece sees when it must act. Distances are in inches."""

    kind: Kind = "unit"
    when: When = "reaction"
    has_leader: bool = False
    tq: int = 6
    optimum_range: int | None = None
    in_cover: bool = False
    firepower: int = 0
    enemy_distance: float | None = None  # nearest Regular unit in sight; None when none in sight
    activated_is_vehicle: bool = False
    can_hurt_vehicle: bool = False
    fired_on: bool = False
    has_los_to_enemy: bool = False
    combat_within: float | None = None  # distance of the nearest combat this turn
    leader_in_los: bool = False
    friends_in_los: bool = False
    leaderless_friend_nearby: bool = False
    vc_in_sight: bool = False
    tunnel_spot_within: float | None = None
    fp_six: Literal["low", "high"] = "low"

    @property
    def range_(self) -> int:
        return self.optimum_range if self.optimum_range is not None else self.tq

    def strong(self) -> bool:
        return self.firepower > 6 or (self.firepower == 6 and self.fp_six == "high")


@dataclass(frozen=True)
class Decision:
    action: str
    rule: str
    line: str
    roll: int | None = None


def _first(lines: list[tuple[bool, str, str]]) -> Decision | None:
    for fits, line, action in lines:
        if fits:
            return Decision(action, "av:solo-vc", line)
    return None


def decide(s: Situation, dice: Dice | None = None, trace: Trace | None = None) -> Decision:
    """The action for one VC piece. *dice* rolls the D6 some lines call for (and the Quality
    check of a leaderless unit, which the caller may instead settle beforehand)."""
    trace = trace if trace is not None else Trace()
    if s.kind == "civilians":
        decision = _civilians(s)
    elif s.kind == "leader":
        decision = _lone_leader(s)
    elif s.when == "reaction":
        decision = _reaction(s, dice)
    else:
        decision = _end_of_turn(s)
    trace.step(decision.rule, f"{decision.line} -> {decision.action}")
    return decision


def may_act(s: Situation, dice: Dice, trace: Trace) -> bool:
    """A unit with a leader acts; a leaderless one first passes a Quality check or is done for
    the turn (av:solo-vc)."""
    if s.has_leader or s.kind != "unit":
        return True
    return (
        Check(s.tq)
        .roll(dice, "av:solo-vc", "leaderless VC unit: Quality check to act", trace)
        .passed
    )


@dataclass
class InsurgencyLevel:
    """The solo game's Insurgency Level (av:solo-vc): civilians hit by Regular fire raise it,
    civilians hit by the VC lower it; it may go up once and down once in a turn
    (interpretation av:solo-vc/insurgency-change)."""

    level: int
    raised: bool = False
    lowered: bool = False

    def civilians_hit(self, by: Literal["regulars", "vc"], trace: Trace) -> int:
        if by == "regulars" and not self.raised:
            self.raised, self.level = True, self.level + 1
            trace.step(
                "av:solo-vc", f"civilians hit by Regular fire: Insurgency Level up to {self.level}"
            )
        elif by == "vc" and not self.lowered:
            self.lowered, self.level = True, self.level - 1
            trace.step(
                "av:solo-vc", f"civilians hit by the VC: Insurgency Level down to {self.level}"
            )
        return self.level

    def end_turn(self) -> None:
        self.raised = self.lowered = False


def _civilians(s: Situation) -> Decision:
    # The book lists fleeing combat last, after three lines of which one always fits; read in
    # order it could never apply, so it is checked first (interpretation av:solo-vc/civilians-flee).
    return _first(
        [
            (
                s.combat_within is not None and s.combat_within <= 6,
                "combat within 6 in",
                "move away from the fighting",
            ),
            (
                s.enemy_distance is not None,
                "a Regular unit in sight",
                "move toward the Regular unit",
            ),
            (s.vc_in_sight, "a VC unit in sight", "move toward the VC unit"),
            (True, "nothing in sight", "move toward the nearest Regular objective"),
        ]
    )  # type: ignore[return-value]


def _lone_leader(s: Situation) -> Decision:
    if s.when == "reaction":
        return _first(
            [
                (s.fired_on, "fired on", "interrupt: leave line of sight or reach cover"),
                (
                    s.enemy_distance is not None,
                    "Regulars move in sight",
                    "interrupt: get out of sight, toward friends",
                ),
                (True, "no threat", "hold"),
            ]
        )  # type: ignore[return-value]
    return _first(
        [
            (
                s.leaderless_friend_nearby,
                "a leaderless friendly unit",
                "move at full speed by the safest route and join it",
            ),
            (
                s.tunnel_spot_within is not None
                and s.tunnel_spot_within <= 3
                and s.enemy_distance is None,
                "within 3 in of a tunnel spot, none in sight",
                "take cover",
            ),
            (True, "no unit to join", "head for a tunnel spot"),
        ]
    )  # type: ignore[return-value]


def _reaction(s: Situation, dice: Dice | None) -> Decision:
    strong = s.strong()
    near = s.enemy_distance
    in_or = near is not None and near <= s.range_
    in_2or = near is not None and near <= 2 * s.range_
    vehicle = s.activated_is_vehicle and s.can_hurt_vehicle
    lines: list[tuple[bool, str, str]] = [
        (vehicle, "1. the activated unit is a vehicle we can hurt", "interrupt and fire"),
        (not s.in_cover and strong, "2. out of cover, FP more than 6", "move into cover"),
        (
            not s.in_cover and not strong,
            "3. out of cover, FP 6 or less",
            "move out of sight, toward friends",
        ),
    ]
    chosen = _first(lines)
    if chosen:
        return chosen
    if in_2or and not in_or and (not s.has_leader or not strong):
        face = dice.d6("av:solo-vc") if dice is not None else None
        if face is None:
            return Decision(
                "roll a D6: close to Optimum Range on a low roll, else fire",
                "av:solo-vc",
                "4. within twice Optimum Range",
            )
        # Leaderless: 1-2 close in; with a leader the text prints "1 or 3", read as 1-3
        # (interpretation av:solo-vc/led-roll).
        close = face <= (3 if s.has_leader else 2)
        return Decision(
            "move into Optimum Range" if close else "fire",
            "av:solo-vc",
            "4. within twice Optimum Range",
            face,
        )
    rest: list[tuple[bool, str, str]] = [(in_or, "5. within Optimum Range", "fire")]
    if s.has_leader:
        rest.append(
            (
                not in_or and strong and near is not None,
                "6. beyond Optimum Range, FP more than 6",
                "fire",
            )
        )
    rest += [
        (s.fired_on and not strong, "fired on with FP 6 or less", "leave line of sight"),
        (s.fired_on and strong, "fired on with FP more than 6", "fire"),
        (True, "nothing applies", "hold"),
    ]
    return _first(rest)  # type: ignore[return-value]


def _end_of_turn(s: Situation) -> Decision:
    near_combat = s.combat_within is not None and s.combat_within <= 6
    if s.has_leader:
        wide = s.combat_within is not None and s.combat_within <= 10
        return _first(
            [
                (
                    near_combat and not s.in_cover,
                    "1. combat within 6 in, not in cover",
                    "take cover with sight of the enemy",
                ),
                (s.in_cover and s.has_los_to_enemy, "2. in cover with sight of the enemy", "stay"),
                (
                    s.enemy_distance is None and not wide,
                    "3. no enemy seen, no combat within 10 in",
                    "move cautiously toward the nearest objective",
                ),
                (
                    s.enemy_distance is None and wide,
                    "4. no enemy seen, combat within 10 in",
                    "move cautiously toward the nearest enemy, to cover with sight of it",
                ),
                (True, "nothing applies", "stay"),
            ]
        )  # type: ignore[return-value]
    return _first(
        [
            (
                near_combat and not s.in_cover,
                "1. combat within 6 in, not in cover",
                "take cover out of enemy sight",
            ),
            (
                near_combat and s.in_cover and not s.has_los_to_enemy,
                "2. combat within 6 in, in cover and unseen",
                "stay",
            ),
            (s.leader_in_los, "3. a friendly leader in sight", "move at top speed to join him"),
            (s.friends_in_los, "4. a friendly unit in sight", "move to join it"),
            (True, "nothing applies", "stay"),
        ]
    )  # type: ignore[return-value]
