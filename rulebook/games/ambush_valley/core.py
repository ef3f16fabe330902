"""The core Force on Force firefight, which this book does not print, as an explicit model.

Firepower dice against defence dice: every firepower die at or above ``hit_on`` is a hit,
every defence die at or above ``save_on`` cancels one. Both numbers are data tagged
``assumed``; an owner of the core rules can change them, or pass their own. Good enough to
compare the book's big attacks (a Claymore's 8D8, napalm's 8D10) against a defender.

>>> firefight_odds(2, 6, 0, 6)[2]  # two D6 hitting on 4+, nothing to save them
Fraction(1, 4)
>>> round(float(firefight_odds(8, 8, 4, 8).mean()), 2)  # a Claymore against four D8 defence dice
2.54
"""

from __future__ import annotations

from rulebook.dice import successes
from rulebook.distribution import Distribution
from rulebook.games.ambush_valley._data import book

__all__ = ["firefight_odds", "firefight_parameters"]


def firefight_parameters() -> dict[str, int]:
    return dict(book("tables")["core"]["firefight"]["value"])


def firefight_odds(
    fp_dice: int,
    fp_die: int,
    defense_dice: int,
    defense_die: int,
    *,
    hit_on: int | None = None,
    save_on: int | None = None,
) -> Distribution:
    """Exact distribution of hits that get through (assumed core model)."""
    params = firefight_parameters()
    hits = successes(fp_dice, params["hit_on"] if hit_on is None else hit_on, fp_die)
    saves = successes(defense_dice, params["save_on"] if save_on is None else save_on, defense_die)
    return hits.product(saves).map(lambda hs: max(0, hs[0] - hs[1]))
