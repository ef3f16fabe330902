"""Data keys as a reader says them: ``nva_retreat_at_us_vp`` reads "NVA retreat at US VP".

Used wherever a key of the data files reaches a page: the balance lab's values, the rules
reference's numbers.
"""

from __future__ import annotations

__all__ = ["words"]

# Abbreviations the books print in capitals; a key such as ``nva_retreat_at_us_vp`` reads
# "NVA retreat at US VP".
_CAPITALS = frozenset(
    {"aa", "cp", "hq", "lz", "los", "nva", "sf", "sp", "us", "vp", "crt", "drm", "av", "cs"}
)
# Names the books print with a capital: "dust_off_albany_bonus" reads "Dust Off Albany bonus".
_PROPER = {"albany": "Albany", "columbus": "Columbus", "cambodia": "Cambodia", "pleiku": "Pleiku"}
_PHRASES = {"dust off": "Dust Off", "an khe": "An Khe", "plei me": "Plei Me"}


def words(key: str, *, capital: bool = True) -> str:
    """A data key as words: ``nva_retreat_at_us_vp`` -> ``NVA retreat at US VP``.

    >>> words("hits_absorbed_us"), words("us-rifle"), words("cp_per_turn", capital=False)
    ('Hits absorbed US', 'US rifle', 'CP per turn')
    >>> words("dust_off_albany_bonus"), words("airlift_albany", capital=False)
    ('Dust Off Albany bonus', 'airlift Albany')
    """
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
