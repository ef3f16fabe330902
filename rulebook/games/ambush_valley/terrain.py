"""Terrain of Ambush Valley: how far a unit sees in and through it, and how it may move
(av:terrain, av:heavy-foliage, av:vc-and-terrain).

>>> sight_inside("heavy-foliage", viewer_tq=10)
5.0
>>> movement("dense-woods", "infantry"), movement("dense-woods", "vehicle")
('cautious', 'impassable')
>>> movement("heavy-foliage", "infantry", indigenous=True)
'any'
"""

from __future__ import annotations

from typing import Literal

from rulebook._words import quoted
from rulebook.games.ambush_valley._data import book

__all__ = ["movement", "sight_from_edge", "sight_inside", "terrain_rules"]


def terrain_rules(kind: str) -> dict:
    spec = book("tables")["terrain"]
    if kind not in spec or kind in ("rule", "provenance", "lines"):
        known = [k for k in spec if k not in ("rule", "provenance", "lines")]
        raise KeyError(
            f"the book gives no rules for {quoted(kind)} terrain; it covers {', '.join(known)}"
        )
    return spec[kind]


def sight_inside(kind: str, viewer_tq: int) -> float | None:
    """Inches a unit inside the feature sees to targets inside it (None: no limit). In Heavy
    Foliage it is half the viewer's Optimum Range (assumed OR = the TQ die's faces)."""
    inside = terrain_rules(kind)["inside"]
    if inside == "half_or":
        return viewer_tq / 2
    return None if inside is None else float(inside)


def sight_from_edge(kind: str) -> float | None:
    """How far sight goes past the feature's edge (0: blocked; None: not at all limited)."""
    value = terrain_rules(kind)["sight_from_edge"]
    return None if value is None else float(value)


def movement(
    kind: str,
    mover: Literal["infantry", "vehicle"],
    *,
    indigenous: bool = False,
    vc: bool = False,
    scenario_lifts_foliage: bool = False,
) -> str:
    """Speeds allowed through a feature: ``any``, ``cautious``, ``no-rapid`` or ``impassable``
    (``not stated`` for vehicles where the book is silent: Heavy Foliage and paddies).

    The VC ignore terrain penalties except impassable ground (av:vc-and-terrain); in Heavy
    Foliage only non-indigenous troops slow down, unless the scenario lifts it for LRRPs or
    Green Berets (av:heavy-foliage).
    """
    rules = terrain_rules(kind)
    if mover == "vehicle":
        return rules["vehicles"]
    rule = rules["infantry"]
    if rule == "cautious-unless-indigenous":
        rule = "any" if (indigenous or vc or scenario_lifts_foliage) else "cautious"
    if vc and rule != "impassable":
        return "any"
    return rule
