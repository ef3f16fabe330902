"""Names a designer reads for the things on an Ambush Valley table: "tunnel spot 2",
"Dak Po (open ground)", "Point A (US set-up)", instead of the ids a file uses.

>>> from rulebook.games.ambush_valley.scenario import Scenario
>>> spec = Scenario.load(SCENARIOS / "ambush_valley" / "dak_po.yaml").spec
>>> name_of(spec, "spot-2"), name_of(spec, "hamlet"), name_of(spec, "jungle-north")
('tunnel spot 2', 'Dak Po (open ground)', 'jungle north (heavy foliage)')
>>> name_of(spec, "point-a"), name_of(spec, "hooch-1")
('Point A (US set-up)', 'hooch 1')
>>> terrain_words("lz")
'landing zone'
"""

from __future__ import annotations

from typing import Any

from rulebook.scenario._av_models import AmbushValleySpec

__all__ = ["GROUPS", "find", "item_names", "name_of", "side_words", "terrain_words"]

#: The layout's groups, in the order the checks and the designer list them.
GROUPS = ("features", "roads", "deployment", "objectives", "tunnel_spots", "civilians")

_TERRAIN = {"lz": "landing zone", "open": "open ground", "fsb": "fire support base"}


def terrain_words(kind: str) -> str:
    """A terrain kind of the schema (``heavy-foliage``) as words (``heavy foliage``)."""
    return _TERRAIN.get(kind, kind.replace("-", " "))


def side_words(side: str) -> str:
    """A side key as the book writes it: ``us`` is US, ``vc`` is VC."""
    return side.upper()


def _words(item_id: str) -> str:
    return item_id.replace("-", " ").replace("_", " ")


def find(spec: AmbushValleySpec, item_id: str) -> tuple[str, int, Any] | None:
    """The first layout item with *item_id*: its group, its index there and the item."""
    for group in GROUPS:
        for i, item in enumerate(getattr(spec.layout, group)):
            if item.id == item_id:
                return group, i, item
    return None


def _name(group: str, index: int, item: Any) -> str:
    label = getattr(item, "label", "")
    if group == "tunnel_spots":
        return f"tunnel spot {index + 1}" + (f" ({label})" if label else "")
    if group == "features":
        kind = terrain_words(item.kind)
        base = label or _words(item.id)
        return base if kind in base.lower() else f"{base} ({kind})"
    if group == "deployment":
        return f"{label or _words(item.id)} ({side_words(item.side)} set-up)"
    if group == "objectives":
        return f"objective {index + 1} ({label})" if label else f"objective {_words(item.id)}"
    if group == "civilians":
        return f"civilian group {index + 1}" + (f" ({label})" if label else "")
    return _words(item.id) if item.kind in item.id else f"{_words(item.id)} ({item.kind})"


def name_of(spec: AmbushValleySpec, item_id: str) -> str:
    """What a designer calls the layout item *item_id*; an id the layout lacks, in words."""
    found = find(spec, item_id)
    return _name(*found) if found is not None else _words(item_id)


def item_names(spec: AmbushValleySpec, groups: tuple[str, ...] = GROUPS) -> dict[str, str]:
    """Every layout item of *groups* by id, in layout order, with its name."""
    names: dict[str, str] = {}
    for group in groups:
        for i, item in enumerate(getattr(spec.layout, group)):
            names.setdefault(item.id, _name(group, i, item))
    return names
