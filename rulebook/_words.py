"""Data keys as a reader says them: ``hits_absorbed_us`` reads "Hits absorbed US".

Used wherever a key of the data files reaches a page: the balance lab's values, the rules
reference's numbers; :func:`quoted`, for what a reader typed or a file holds, said back in
a message; and :func:`join_words`, a list as a sentence says it.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["join_words", "quoted", "words"]

# Abbreviations the books print in capitals; a key such as ``nva_retreat_at_us_vp`` reads
# "NVA retreat at US VP".
_CAPITALS = frozenset(
    {"aa", "cp", "hq", "lz", "los", "nva", "sf", "sp", "us", "vp", "crt", "drm", "av", "cs"}
)
# Names the books print with a capital: "dust_off_albany_bonus" reads "Dust Off Albany bonus".
_PROPER = {"albany": "Albany", "columbus": "Columbus", "cambodia": "Cambodia", "pleiku": "Pleiku"}
_PHRASES = {"dust off": "Dust Off", "an khe": "An Khe", "plei me": "Plei Me"}
# Values whose key's words alone leave a reader asking what they count. Said the same on every
# page: a review found the designer's "NVA VP for an automatic victory" in the balance lab as
# "NVA automatic victory VP", and "flares the US player has" as "Flares".
_VALUES = {
    "stacking_limit": "units a side may stack in an area",
    "nva_retreat_at_us_vp": "US VP that force the NVA retreat",
    "nva_automatic_victory_vp": "NVA VP for an automatic victory",
    "flares": "flares the US player has",
}


def words(key: str, *, capital: bool = True) -> str:
    """A data key as words: ``hits_absorbed_nva`` -> ``Hits absorbed NVA``.

    >>> words("hits_absorbed_us"), words("us-rifle"), words("cp_per_turn", capital=False)
    ('Hits absorbed US', 'US rifle', 'CP per turn')
    >>> words("dust_off_albany_bonus"), words("airlift_albany", capital=False)
    ('Dust Off Albany bonus', 'airlift Albany')
    >>> words("nva_automatic_victory_vp")
    'NVA VP for an automatic victory'
    """
    if key in _VALUES:
        said = _VALUES[key]
        return said[0].upper() + said[1:] if capital else said
    parts = key.replace("-", " ").replace("_", " ").split()
    out = [
        p.upper() if p.lower() in _CAPITALS else _PROPER.get(p.lower(), p.lower()) for p in parts
    ]
    if capital and out and not out[0][:1].isupper():
        out[0] = out[0].capitalize()
    said = " ".join(out)
    for phrase, name in _PHRASES.items():
        said = said.replace(phrase, name).replace(phrase.capitalize(), name)
    return said


#: Longer text is cut short when said back: a pasted page need not fill the message.
_QUOTE_AT_MOST = 60


def quoted(text: object) -> str:
    r"""*text* (what a reader typed, or a value a file holds) in quotes, as a message says it
    back: in typographic quotes rather than Python's (a refusal of ``-2`` reads “-2”, not
    '-2'), with control characters shown as spaces and anything past 60 characters cut.

    >>> quoted("-2"), quoted("line\nbreak"), quoted(7)
    ('“-2”', '“line break”', '“7”')
    >>> quoted("x" * 70)
    '“xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…”'
    """
    said = "".join(c if c.isprintable() else " " for c in str(text))
    if len(said) > _QUOTE_AT_MOST:
        said = said[: _QUOTE_AT_MOST - 1] + "…"
    return f"“{said}”"


def join_words(items: Sequence[str], conjunction: str = "and") -> str:
    """``A``, ``A and B``, ``A, B and C``; or with another *conjunction*, ``A, B or C``.

    >>> join_words(["G8"]), join_words(["G8", "G9"]), join_words(["A", "B", "C"])
    ('G8', 'G8 and G9', 'A, B and C')
    >>> join_words([".yaml", ".yml", ".json"], "or")
    '.yaml, .yml or .json'
    """
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]
