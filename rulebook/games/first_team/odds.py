"""Exact probabilities of CRT results, for one side's fire or a whole fight (ftv:4.1.11).

A ground fire result depends only on the column and the number of units fired on (one die
added to it), so its distribution is six equally likely rows; air strikes read 2d6.
"""

from __future__ import annotations

from fractions import Fraction

from rulebook.dice import dice_sum
from rulebook.distribution import Distribution
from rulebook.games.first_team.combat import Force, column_for
from rulebook.games.first_team.crt import CRT

__all__ = ["fight_odds", "fire_odds", "strike_odds"]


def fire_odds(crt: CRT, column: int, units_fired_on: int) -> Distribution:
    """Each result's probability on *column* against *units_fired_on* units.

    >>> from rulebook.games.first_team import campaign_crt
    >>> fire_odds(campaign_crt(), 11, 4)["8*"]
    Fraction(1, 6)
    """
    return Distribution((str(crt.result(column, face + units_fired_on)), 1) for face in range(1, 7))


def strike_odds(crt: CRT, column: int) -> Distribution:
    """An air or rocket strike's results on 2d6 (ftv:3.4.1.3)."""
    return Distribution((str(crt.result(column, total)), p) for total, p in dice_sum(2).items())


def fight_odds(
    crt: CRT,
    attacker: Force,
    defender: Force,
    *,
    ambush: bool = False,
    nva_open_combat: bool = False,
) -> dict[str, Distribution]:
    """Each firing side's result distribution, night attacks folded in (ftv:4.1.7: 1-4 on a die)."""
    out = {}
    pairs = [(attacker, defender, True)] + ([] if ambush else [(defender, attacker, False)])
    for firer, target, attacking in pairs:
        nights = [(False, Fraction(1))]
        if nva_open_combat and firer.side == "nva":
            nights = [(True, Fraction(4, 6)), (False, Fraction(2, 6))]
        weights: dict[str, Fraction] = {}
        for night, p_night in nights:
            column = column_for(
                firer, target, attacking=attacking, ambush=ambush and attacking, night=night
            )
            for result, p in fire_odds(crt, column, len(target.alive)).items():
                weights[result] = weights.get(result, Fraction(0)) + p * p_night
        out[firer.side] = Distribution(weights)
    return out
