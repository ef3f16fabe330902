"""A turn of LZ Albany told for a class: each attack, hit and event in a few sentences.

The words come from the game's own narration (:func:`rulebook.games.lz_albany.narrate.narrate`,
the same sentences the play app's log uses); this module picks what a class needs from each
entry (what was done, the dice and their result, a unit flipped or eliminated, VP scored), draws
the dice, and links each rule case into the rules reference (``rules_reference.ipynb?rule=...``).

>>> count(1, "hit"), count(3, "die", "dice"), count(0, "hit")
('one hit', 'three dice', 'no hits')
>>> place("LZ-Albany")
'LZ Albany'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from rulebook.games._narrate import count
from rulebook.games.lz_albany.narrate import narrate
from widgets._page import rule_links

__all__ = ["count", "place", "turn_story_html"]

#: The entries a class hears about: attacks, their hits, and the Choi Oi events.
STORY = {
    "fire",
    "return-fire",
    "melee",
    "mortar",
    "artillery",
    "gunship",
    "bomb",
    "bombs",
    "napalm",
}
STORY |= {"hit", "event"}
#: Besides what was done and the dice: the sentences that change the battle.
TELLING = re.compile(r"reduced side|eliminated|removed|out of the|VP|table")
#: Who fires from where with how many dice: told where the choice to fire is not.
FIRING = re.compile(r"\b(?:fires|returns fire) from\b")


def place(area: str) -> str:
    """An area id as a reader says it (``LZ-Albany`` -> ``LZ Albany``)."""
    return area.replace("LZ-", "LZ ")


def _dice(faces: Sequence[int]) -> str:
    return " ".join(f"<span class='rb-die' data-face='{d}'>{d}</span>" for d in faces)


def entry_html(entry, board) -> str | None:
    """One log entry in the few sentences a class needs, or None if it is not part of the story.

    An attack's dice may be rolled in a later entry than the choice to attack: fire divided
    among areas is rolled once the player is done dividing it (lza:7.3). Such an entry is told
    by what it rolled and what that did, without its choice ("done dividing").
    """
    story = entry.action.split()[0] in STORY
    sentences = narrate(entry, board)
    if not sentences:
        return None
    told = [s for s in sentences[1:] if s.dice or TELLING.search(s.text) or FIRING.search(s.text)]
    if story:
        keep = [sentences[0]] + [s for s in told if not FIRING.search(s.text) or s.dice]
    elif any(s.dice for s in told):
        keep = told
    else:
        return None
    # The rules of the sentences left out still count: they follow the entry's first sentence.
    dropped = [r for s in sentences if s not in keep for r in s.rules]
    parts = []
    for i, s in enumerate(keep):
        text = escape(place(s.text))
        if s.dice:  # the faces, drawn as dice where the sentence lists them
            faces = " ".join(map(str, s.dice))
            text = (
                text.replace(faces, _dice(s.dice)) if faces in text else f"{text} {_dice(s.dice)}"
            )
        rules = [*s.rules, *dropped] if i == 0 else s.rules
        parts.append(f"{text} {rule_links(rules)}")
    return " ".join(parts)


def turn_story_html(log: Sequence, turn: int, board, *, limit: int = 12) -> str:
    """The attacks, hits and events of *turn* as an ordered list (the first *limit*).

    *board* is any position of the same game: it lends the scenario's names for unit groups.
    """
    lines = [html for e in log if e.turn == turn and (html := entry_html(e, board))]
    shown = "".join(f"<li>{line}</li>" for line in lines[:limit])
    more = (
        f"<p class='rb-more'>… and {count(len(lines) - limit, 'more event')}: open the play app to "
        "step through every one.</p>"
        if len(lines) > limit
        else ""
    )
    return f"<ol class='rb-story'>{shown}</ol>{more}"
