"""Set-up places in words: the tags a scenario puts on areas, as the rulebook names them.

Areas carry short tags (``us-green-1``, ``nva-tan-2``, ``green-dot``, ``edge-east``); the
designer and its checks speak of "US set-up circle 1" and "green landing dots" instead
(lza:3.2C-F).
"""

from __future__ import annotations

import re

__all__ = ["PLACE_TAGS", "arrival_words", "by_id", "known_place", "place_label"]

# The places the LZ Albany set-up names, in the order the designer offers them.
PLACE_TAGS: dict[str, str] = {
    "us-green-1": "US set-up circle 1 (green)",
    "nva-tan-1": "NVA set-up circle 1 (tan)",
    "nva-tan-2": "NVA set-up circle 2 (tan)",
    "green-dot": "green landing dots",
}
_EDGE = re.compile(r"^edge-(north|south|east|west)$")
_CIRCLE = re.compile(r"^(us|nva)-(green|tan)-(\d+)$")


def known_place(tag: str) -> bool:
    """Whether *tag* is a place the rules or the set-up read: a set-up circle, the green dots,
    a board edge or off the map.

    >>> known_place("edge-north"), known_place("nva-tan-3"), known_place("edge north")
    (True, True, False)
    """
    return tag in PLACE_TAGS or tag == "off-map" or bool(_EDGE.match(tag) or _CIRCLE.match(tag))


def place_label(tag: str) -> str:
    """A tag as the rulebook would say it.

    Examples
    --------
    >>> place_label("nva-tan-2"), place_label("edge-east"), place_label("us-green-3")
    ('NVA set-up circle 2 (tan)', 'east edge', 'US set-up circle 3 (green)')
    >>> place_label("off-map")
    'off the map'
    """
    if tag in PLACE_TAGS:
        return PLACE_TAGS[tag]
    if m := _EDGE.match(tag):
        return f"{m.group(1)} edge"
    if m := _CIRCLE.match(tag):
        return f"{m.group(1).upper()} set-up circle {m.group(3)} ({m.group(2)})"
    if tag == "off-map":
        return "off the map"
    return tag.replace("-", " ")


def arrival_words(tag: str | None, terrain: str | None, area: str | None) -> str:
    """Where an arrival lands, in words.

    >>> arrival_words("green-dot", "sawgrass", None)
    'green landing dots in sawgrass'
    >>> arrival_words(None, None, "LZ-Columbus")
    'area LZ-Columbus'
    """
    parts = []
    if area:
        parts.append(f"area {area}")
    if tag:
        parts.append(place_label(tag))
    if terrain:
        parts.append(f"in {terrain}" if parts else f"any {terrain} area")
    return " ".join(parts) or "anywhere"


def by_id(ids: list[str]) -> list[str]:
    """Area ids in reading order: numbers compared as numbers, so A2 comes before A10.

    >>> by_id(["A10", "LZ-Albany", "A2", "B1"])
    ['A2', 'A10', 'B1', 'LZ-Albany']
    """
    return sorted(ids, key=lambda i: [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", i)])
