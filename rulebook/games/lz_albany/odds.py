"""Exact odds of LZ Albany's attacks, from the same dice counts the resolvers roll.

Each function works out the dice exactly as the resolver would (the same
code, with its trace rewound afterwards) and returns the exact distribution
of what those dice can do, as a :class:`~rulebook.distribution.Distribution`
with ``Fraction`` weights.

>>> from rulebook.games.lz_albany.situation import Situation
>>> s = Situation(place={"A/2-7-1": "C4", "6/8-66-1": "C4"})
>>> melee = odds(s, "melee", "C4")
>>> melee[(0, 0)]                      # 2 US dice against 2 NVA dice, nobody hits
Fraction(625, 1296)
>>> odds(s, "melee", "C4").map(lambda ab: ab[0] >= 1)[True]   # the US scores at least one hit
Fraction(11, 36)
"""

from __future__ import annotations

from fractions import Fraction
from math import factorial

from rulebook._words import quoted
from rulebook.dice import opposed, successes
from rulebook.distribution import Distribution
from rulebook.games.lz_albany._combat import fire_dice, massed, melee_dice, mortar_dice
from rulebook.games.lz_albany._pieces import other
from rulebook.games.lz_albany.situation import Situation

__all__ = ["PROCEDURES", "odds"]

SIXTH = Fraction(1, 6)


def mixture(parts: list[tuple[Fraction, Distribution]]) -> Distribution:
    """A weighted blend of distributions (the weights sum to 1)."""
    return Distribution((k, w * p) for w, dist in parts if w for k, p in dist.items())


def sixes_and_ones(n: int, hit: Fraction = SIXTH, friendly: Fraction = SIXTH) -> Distribution:
    """Joint count of hits (6s) and friendly-fire faces (1s) among *n* dice, for NVA mortars into a melee (lza:7.4).

    *hit* and *friendly* are the chances of each face set on one die (a multinomial).
    """
    weights = {}
    for six in range(n + 1):
        for one in range(n - six + 1):
            rest = n - six - one
            ways = factorial(n) // (factorial(six) * factorial(one) * factorial(rest))
            weights[(six, one)] = ways * hit**six * friendly**one * (1 - hit - friendly) ** rest
    return Distribution(weights)


def _hits(s, dice: int) -> Distribution:
    """Hits among *dice* dice at the scenario's hit face (lza:7.1)."""
    return successes(dice, target=s.rules.hit_face)


def _melee(sit: Situation, area: str, attacker: str = "us") -> Distribution:
    s = sit.state
    ids = {u.id for u in s.in_area(area, attacker)}
    a, d = melee_dice(s, area, attacker, ids)
    fight = opposed(a, d, target=s.rules.hit_face)
    if attacker == "us" and s.night_in(
        area
    ):  # the spotting roll may call the melee off (lza:11.1D)
        seen = Fraction(len(s.rules.night_spot_faces), 6)
        return mixture([(seen, fight), (1 - seen, Distribution({(0, 0): 1}))])
    return fight


def _fire(sit: Situation, area: str, *shares: str) -> Distribution:
    s = sit.state
    side = "us" if s.platoons(area, "us") else "nva"
    firers = len([u for u in s.platoons(area, side) if u.kind == "infantry"])
    parsed = [(t.split(":")[0], int(t.split(":")[1])) for t in shares]
    per_target = [_hits(s, d) for _, d in fire_dice(s, parsed, firers, side)]
    dist = per_target[0]
    for extra in per_target[1:]:
        dist = dist.product(extra).map(
            lambda pair: (*pair[0], pair[1]) if isinstance(pair[0], tuple) else pair
        )
    return dist


def _mortar(sit: Situation, area: str, target: str) -> Distribution:
    s = sit.state
    side = "us" if s.platoons(area, "us") else "nva"
    mortars = [u for u in s.platoons(area, side) if u.kind == "mortar"]
    dice = mortar_dice(s, mortars, area, target)
    if side == "nva" and s.disputed(target):
        hit = Fraction(7 - s.rules.hit_face, 6)
        friendly = Fraction(len(s.rules.friendly_fire_faces - set(range(s.rules.hit_face, 7))), 6)
        return sixes_and_ones(dice, hit, friendly)
    return _hits(s, dice)


def _artillery(sit: Situation, gun: str, target: str) -> Distribution:
    s = sit.state
    off = Fraction(len(s.rules.drift_faces), 6)
    drift = Distribution({True: off, False: 1 - off})
    dice = s.units[gun].strength("fire")
    if s.rules.options.get("massed_target", "all-ground-fire") == "all-ground-fire":
        dice = massed(s, dice, target, "nva")  # as the resolver counts them (lza:6.1)
    return drift.product(_hits(s, dice))


def _gunship(sit: Situation, target: str) -> Distribution:
    s = sit.state
    area = s.units[target].area
    shooters = len([u for u in s.platoons(area, other("us")) if u.kind == "infantry"])
    air = s.scenario.lz_albany.air  # type: ignore[union-attr]
    damaged = 1 - Fraction(s.rules.gunship_damage_face - 1, 6) ** shooters
    return mixture(
        [
            (1 - damaged, _hits(s, air.gunship_fire)),
            (damaged, _hits(s, air.gunship_damaged_fire)),
        ]
    )


def _bombs(sit: Situation, area: str) -> Distribution:
    return _hits(sit.state, sit.state.rules.bomb_dice)


PROCEDURES = {
    "melee": (_melee, "(hits by the attacker, hits by the defender)"),
    "fire": (_fire, "hits in each target area, in the order given"),
    "mortar": (_mortar, "hits, or (hits, friendly 1s) for NVA mortars into a melee"),
    "artillery": (_artillery, "(drifted off target, hits)"),
    "gunship": (_gunship, "hits on the target unit"),
    "bombs": (_bombs, "hits before collateral damage"),
}


def odds(situation: Situation, procedure: str, *args: str) -> Distribution:
    """The exact distribution of an attack's hits in *situation* (arguments as :meth:`Situation.run`)."""
    if procedure not in PROCEDURES:
        raise ValueError(
            f"no exact odds for {quoted(procedure)}; choose from {', '.join(PROCEDURES)}"
        )
    trace = situation.state.trace
    mark = len(trace)
    try:
        return PROCEDURES[procedure][0](situation, *args)
    finally:
        trace.rewind(mark)
