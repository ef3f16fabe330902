"""Rule ids: ``<game>:<case>``, the one way code, data and tests cite a rule.

``lza:`` is LZ Albany, ``ftv:`` First Team: Vietnam and ``av:`` Ambush Valley,
whose unnumbered sections get stable slugs (``av:tunnel-spots``).
"""

from __future__ import annotations

import re

from rulebook._words import quoted

__all__ = ["GAME_PREFIXES", "RULE_ID_IN_TEXT", "check_rule_id", "is_rule_id"]

GAME_PREFIXES = {"lza": "LZ Albany", "ftv": "First Team: Vietnam", "av": "Ambush Valley"}

_NUMBERED = r"\d+(?:\.\d+)*[A-Z]?(?:\.\d+)?"
_SLUG = r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*"
_RULE_ID = re.compile(rf"^(?:(?:lza|ftv):{_NUMBERED}|av:{_SLUG})$")
#: A rule id where prose, data or code names one ("see lza:7.3", "(av:tunnel-spots)").
RULE_ID_IN_TEXT = re.compile(rf"\b(?:(?:lza|ftv):{_NUMBERED}\b|av:{_SLUG})")


def is_rule_id(text: str) -> bool:
    """Whether *text* is a well-formed rule id.

    Examples
    --------
    >>> [is_rule_id(t) for t in ("lza:7.3", "lza:3.2A", "ftv:3.4.1.3", "av:kit-carson-scout")]
    [True, True, True, True]
    >>> [is_rule_id(t) for t in ("7.3", "lza:", "xyz:1.0", "av:Tunnel Spots")]
    [False, False, False, False]
    """
    if text in _SEEN:
        return True
    if _RULE_ID.match(text):
        if len(_SEEN) < 4096:  # a game cites a few hundred; anything past that is not kept
            _SEEN.add(text)
        return True
    return False


_SEEN: set[str] = set()  # ids already found well-formed: every trace step checks its rule id


def check_rule_id(text: str) -> str:
    """Return *text* if it is a rule id, else raise a :class:`ValueError` saying the form.

    Examples
    --------
    >>> check_rule_id("lza:8.4C")
    'lza:8.4C'
    >>> check_rule_id("LZA 8.4")
    Traceback (most recent call last):
    ...
    ValueError: “LZA 8.4” is not a rule id; write lza:<case> (lza:7.3), ftv:<case> (ftv:3.4.1.3) or av:<slug> (av:tunnel-spots)
    """
    if not is_rule_id(text):
        raise ValueError(
            f"{quoted(text)} is not a rule id; write lza:<case> (lza:7.3), ftv:<case> (ftv:3.4.1.3)"
            " or av:<slug> (av:tunnel-spots)"
        )
    return text
