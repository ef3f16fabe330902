"""What a reader calls the topics the entries are tagged with: in the apps, the static site
and the search, which finds an entry by the name shown as well as by its tag."""

from __future__ import annotations

__all__ = ["topic_name"]

# Topics whose name is not the tag with its first letter raised: the books' abbreviations,
# proper names, and tags too short to read alone.
_TOPIC_NAMES = {
    "aero-rocket": "Aerial rocket artillery",
    "ai": "Programmed opponent",
    "albany": "LZ Albany",
    "an-khe": "An Khe",
    "anzac": "ANZAC",
    "arvn": "ARVN",
    "b52": "B-52 strikes",
    "columbus": "LZ Columbus",
    "crt": "Combat results table (CRT)",
    "los": "Line of sight (LOS)",
    "lz": "Landing zones (LZ)",
    "nva": "NVA",
    "rok": "Korean forces (ROK)",
    "special-forces": "Special Forces",
    "us": "US forces",
    "vc": "Viet Cong (VC)",
}


def topic_name(tag: str) -> str:
    """What a reader calls the topic an entry's *tag* names.

    >>> topic_name("fire-support"), topic_name("crt"), topic_name("an-khe")
    ('Fire support', 'Combat results table (CRT)', 'An Khe')
    """
    return _TOPIC_NAMES.get(tag) or tag.replace("-", " ").capitalize()
