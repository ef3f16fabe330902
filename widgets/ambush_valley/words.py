"""Small helpers that turn the book's ids and fractions into the words the tabs show.

>>> id_words("vc-special-development")
'VC special development'
"""

from __future__ import annotations

from rulebook.games.ambush_valley.catalogue import _forces, platoons

__all__ = ["force_name", "id_words", "platoon_options"]

# Ids are lower case; these words are names or abbreviations a reader expects in capitals.
_CAPITALS = {
    "vc": "VC",
    "us": "US",
    "usmc": "USMC",
    "nva": "NVA",
    "arvn": "ARVN",
    "rok": "ROK",
    "anzac": "ANZAC",
    "lz": "LZ",
    "tq": "TQ",
    "drv": "DRV",
    "gvn": "GVN",
    "cidg": "CIDG",
    "lrrp": "LRRP",
    "seal": "SEAL",
    "fsb": "FSB",
}


def id_words(key: str) -> str:
    """An id such as ``casualty-straggler`` as a reader's phrase, first letter capital."""
    words = [_CAPITALS.get(w, w) for w in key.replace("_", "-").split("-") if w]
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def force_name(force: str) -> str:
    """A force of the book's lists by its name (``us-army`` is "US Army"); unknown ids in words."""
    known = _forces().get(force)
    return known.name if known is not None else id_words(force)


def platoon_options() -> list[tuple[str, str]]:
    """The book's platoon lists for a drop-down: (its name, its id)."""
    return [(str(row["name"]), str(pid)) for pid, row in platoons().iterrows()]
