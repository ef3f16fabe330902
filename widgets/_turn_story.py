"""A turn of LZ Albany told in sentences for a class: who fired where, the dice, the hits, the score.

A small formatter over the game log, for the walkthrough: each attack becomes one sentence with
its dice and result, each hit one clause, and the rule cases follow as small links into the
rules reference (``rules_reference.ipynb?rule=lza:7.3``). It reads only what the engine logged.

>>> count(1, "hit"), count(3, "die", "dice"), count(0, "hit")
('one hit', 'three dice', 'no hits')
>>> place("LZ-Albany")
'LZ Albany'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from widgets._page import rule_links

__all__ = ["count", "place", "turn_story_html"]

WORDS = [
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
]
ATTACKS = {
    "fire": "fires",
    "return-fire": "fires back",
    "melee": "attacks in melee",
    "mortar": "drops mortar rounds",
    "artillery": "calls in artillery",
    "gunship": "calls in a gunship",
    "bomb": "calls in an air strike",
}


def count(n: int, noun: str, plural: str | None = None) -> str:
    """A number in words with its noun, singular or plural."""
    word = WORDS[n] if 0 <= n < len(WORDS) else str(n)
    return f"{word} {noun if n == 1 else plural or noun + 's'}"


def place(area: str) -> str:
    """An area id as a reader says it (``LZ-Albany`` -> ``LZ Albany``)."""
    return area.replace("LZ-", "LZ ")


def _after(step, key: str):
    return dict(step.after).get(key)


def _attack_sentence(entry) -> str | None:
    verb = entry.action.split()[0]
    if verb not in ATTACKS:
        return None
    text = " ".join(s.text for s in entry.trace)
    m = re.search(r"\b(US|NVA)\b .*?from (\S+) at (\S+)", text)
    side, origin, target = (m.group(1), m.group(2), m.group(3)) if m else ("", "", "")
    dice = [r.value for s in entry.trace for r in s.rolls]
    hits = sum(_after(s, "hits") or 0 for s in entry.trace if s.rule == "lza:7.1")
    who = {"US": "The US", "NVA": "The NVA"}.get(side, "A unit")
    where = f" from {place(origin)} into {place(target)}" if origin else ""
    faces = " ".join(f"<span class='rb-die' data-face='{d}'>{d}</span>" for d in dice)
    rolled = f": {count(len(dice), 'die', 'dice')} ({faces}), {count(hits, 'hit')}" if dice else ""
    cut = [s.text.split(":")[0] for s in entry.trace if "one die less" in s.text]
    modifiers = f" ({escape(cut[0])} costs dice)" if cut else ""
    rules = [s.rule for s in entry.trace]
    return f"{who} {ATTACKS[verb]}{where}{rolled}{modifiers}. {rule_links(rules)}"


def _hit_sentence(entry) -> str | None:
    if entry.action.split()[0] != "hit":
        return None
    unit = escape(entry.action.split()[1])
    parts = [f"{unit} is hit"]
    for s in entry.trace:
        if "reduced side" in s.text:
            parts.append("and flips to its reduced side")
        elif "eliminated" in s.text or "removed" in s.text:
            parts.append("and is out of the fight")
        vp = re.search(r"\b(US|NVA) scores (\d+) VP", s.text)
        if vp:
            parts.append(f"({vp.group(1)} +{vp.group(2)} VP)")
    return " ".join(parts) + ". " + rule_links([s.rule for s in entry.trace])


def _event_sentence(entry) -> str | None:
    if entry.action.split()[0] != "event":
        return None
    step = next((s for s in entry.trace if s.rolls), None)
    if step is None:
        return None
    area = place(entry.action.split()[1]) if len(entry.action.split()) > 1 else "the area"
    what = step.text.split(": ", 1)[1] if ": " in step.text else step.text
    roll = step.rolls[0].value
    return (
        f"Choi Oi! An event at {escape(area)}: the die shows {roll}. {escape(what)} "
        + rule_links([s.rule for s in entry.trace])
    )


def turn_story_html(log: Sequence, turn: int, *, limit: int = 12) -> str:
    """The attacks and hits of *turn* as an ordered list of sentences (the first *limit*)."""
    lines = []
    for entry in log:
        if entry.turn != turn:
            continue
        sentence = _event_sentence(entry) or _attack_sentence(entry) or _hit_sentence(entry)
        if sentence:
            lines.append(sentence)
    shown = "".join(f"<li>{line}</li>" for line in lines[:limit])
    more = (
        f"<p class='rb-more'>… and {count(len(lines) - limit, 'more event')}: open the play app to "
        "step through every one.</p>"
        if len(lines) > limit
        else ""
    )
    return f"<ol class='rb-story'>{shown}</ol>{more}"
