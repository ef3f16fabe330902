"""Special troops and the rules that travel with them: ambush, medics, Kit Carson Scouts,
scout dogs, suicide squads, VC casualties, civilians and the rules of engagement.

>>> vc_casualty_odds()[True]
Fraction(1, 6)
>>> vc_casualty_odds(tougher=True)[True]
Fraction(1, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rulebook.dice import Dice, die
from rulebook.distribution import Distribution
from rulebook.games.ambush_valley._data import book
from rulebook.games.ambush_valley.checks import Check
from rulebook.trace import Trace

__all__ = [
    "AmbushSituation",
    "ambush_eligibility",
    "civilian_fire_allowed",
    "kit_carson_reliability",
    "medic_light_wound",
    "morale_shock_applies",
    "scout_dog_spots",
    "serious_wound_survival",
    "spotting_range",
    "takes_morale_tests",
    "vc_casualty",
    "vc_casualty_odds",
]


@dataclass(frozen=True)
class AmbushSituation:
    ambusher: str
    hidden_or_unobserved: bool
    in_terrain_feature: bool
    outside_target_or: bool
    target_has_spotted_it: bool
    target_has_kit_carson: bool = False
    target_has_pointman: bool = False


def ambush_eligibility(s: AmbushSituation) -> tuple[bool, str]:
    """Whether an ambush may be sprung, and why not (av:ambush, av:kit-carson-scout, av:pointman)."""
    if s.ambusher not in ("vc", "nva", "special-forces", "rok"):
        return False, f"{s.ambusher} may not ambush: only VC, NVA, Special Forces and ROK can"
    if not (s.hidden_or_unobserved and s.in_terrain_feature):
        return False, "the ambusher must be Hidden or Unobserved in a terrain feature"
    if not s.outside_target_or:
        return False, "the ambusher must be beyond the target's Optimum Range"
    if s.target_has_spotted_it:
        return False, "the target has already spotted the ambusher"
    if s.target_has_kit_carson or s.target_has_pointman:
        return (
            False,
            "a unit with a Kit Carson Scout or a Pointman cannot be ambushed: reactions roll normally",
        )
    return (
        True,
        "ambush: the ambusher's TQ test wins the reaction outright; interrupters fire after it even if it fails",
    )


def spotting_range(tq: int, *, pointman: bool = False) -> int:
    """Inches within which concealed VC can be seen: Optimum Range, a die type more with a
    Pointman (av:pointman; assumed core OR = the die's faces)."""
    from rulebook.games.ambush_valley.dice import shift

    return shift(tq, 1) if pointman else tq


def serious_wound_survival(turns: int, *, with_medic: bool = False) -> Fraction:
    """Chance a seriously wounded figure left on the table lives through *turns* turn starts:
    each start it dies on a 1; a Medic stops the rolls (av:medic)."""
    if with_medic:
        return Fraction(1)
    dies = book("tables")["medic"]["serious_wound_dies_at_most"]
    return Fraction(6 - dies, 6) ** turns


def medic_light_wound(tq: int, *, stationary: bool, medic_within: float) -> Check | None:
    """A stationary unit with a Medic within 6 inches tests to clear one light wound (av:medic)."""
    reach = book("tables")["medic"]["light_wound_range_inches"]
    if not stationary or medic_within > reach:
        return None
    return Check(tq, reasons=("Medic clears one light wound a turn",))


def kit_carson_reliability(dice: Dice, morale: int, trace: Trace) -> bool:
    """The first turn his unit is fired on, a Kit Carson Scout checks morale once a game; a
    failure and he deserts for good (av:kit-carson-scout). Returns True if he stays."""
    stays = (
        Check(morale)
        .roll(dice, "av:kit-carson-scout", "Kit Carson Scout under fire for the first time", trace)
        .passed
    )
    if not stays:
        trace.step(
            "av:kit-carson-scout", "the scout deserts and is removed for the rest of the game"
        )
    return stays


def takes_morale_tests(*, suicide_squad: bool = False) -> bool:
    """A Suicide Squad never tests morale (av:suicide-squads)."""
    return not suicide_squad


def vc_casualty_odds(*, tougher: bool = False, victory_or_death: bool = False) -> Distribution:
    """True when a VC casualty returns to the fight: a 6, or 5-6 with Tougher VC or Victory
    or Death (av:viet-cong, av:building-the-insurgency)."""
    spec = book("tables")["vc_casualty"]
    need = (
        spec["tougher_vc_at_least"] if (tougher or victory_or_death) else spec["returns_at_least"]
    )
    return die(6).map(lambda face: face >= need)


def vc_casualty(
    dice: Dice, trace: Trace, *, tougher: bool = False, victory_or_death: bool = False
) -> bool:
    """Roll for one VC casualty as it falls (av:viet-cong): no First Aid table, no dependents."""
    spec = book("tables")["vc_casualty"]
    need = (
        spec["tougher_vc_at_least"] if (tougher or victory_or_death) else spec["returns_at_least"]
    )
    face = dice.d6("av:viet-cong")
    back = face >= need
    trace.step(
        "av:viet-cong",
        f"Victory through Blood: rolled {face}, needs {need}+: {'back in the fight' if back else 'removed'}",
        rolls=dice.rolls[-1:],
    )
    return back


Side = Literal["us", "anzac", "arvn", "rok", "usmc", "vc", "nva"]


def civilian_fire_allowed(
    side: Side,
    *,
    offboard: bool,
    civilians_within: float,
    friends_under_fire_within_12: bool = False,
) -> tuple[bool, str]:
    """Rules of engagement near civilians (av:civilians)."""
    if side in ("vc",):
        return True, "the VC may fire on civilians"
    if side == "arvn":
        if offboard:
            return True, "ARVN off-board support is not limited near civilians"
        return False, "ARVN may not target civilians directly"
    if side in ("us", "anzac", "usmc"):
        if civilians_within <= 12 and not friends_under_fire_within_12:
            what = "bring off-board support" if offboard else "fire on civilians"
            return (
                False,
                f"{side.upper()} may not {what} within 12 in of civilians unless friends there are under fire",
            )
        return (
            True,
            "allowed: friends within 12 in are under fire"
            if civilians_within <= 12
            else "no civilians within 12 in",
        )
    return True, f"{side} is not restricted by the book"


def morale_shock_applies(side: Side) -> bool:
    """ARVN, US Army and ANZAC units test morale when civilians they caused, or can see, are hit;
    VC, NVA and ROK are exempt; Marines are read as US Army (interpretation av:civilians/usmc)."""
    return side in ("us", "usmc", "anzac", "arvn")


def scout_dog_spots(distance: float) -> bool:
    """A scout dog team finds VC within 8 in without a roll (av:scout-dogs)."""
    return distance <= book("tables")["scout_dog"]["auto_spot_inches"]
