"""The narrated log as HTML: sentences with their rule cases as small links, and dice drawn as dice.

Rule links are the pages' shared ones (:func:`widgets._page.rule_links`): they open the rules
reference on the entry (``rules_reference.ipynb?rule=lza:7.3``) in a new tab, so the game on the
screen is never lost.

>>> from rulebook.games._narrate import Sentence
>>> print(dice_html([Sentence("Two dice: 6 2, one hit.", ("lza:7.1",), (6, 2))], lambda r: "", entry=3))
<div class='rb-dice-box' data-entry='3'><b>Dice just rolled</b><div class='rb-dice-group'><span class='rb-die rb-die-hit' data-face='6'>6</span><span class='rb-die' data-face='2'>2</span> <span class='rb-dice-text'>Two dice: 6 2, one hit. </span></div></div>
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from html import escape

from rulebook.games._narrate import Sentence
from rulebook.rule_ids import RULE_ID_IN_TEXT
from widgets._page import rule_links

__all__ = ["dice_html", "log_html", "rule_links", "sentences_html"]

Links = Callable[[tuple[str, ...]], str]


def die_html(face: int, hit: bool = False) -> str:
    """One die: a rounded square with its face; a six (a hit) stands out."""
    return f"<span class='rb-die{' rb-die-hit' if hit else ''}' data-face='{face}'>{face}</span>"


#: A rule case named inside a sentence's words: "(lza:7.3)", "(lza:6.2A)".
_CITED = re.compile(rf"\(({RULE_ID_IN_TEXT.pattern})\)")


def sentences_html(sentences: Sequence[Sentence], links: Links = rule_links) -> str:
    """Sentences run on as a paragraph, each followed by its rule links; a rule case the words
    cite in brackets is a link too, not plain text beside the others.

    >>> sentences_html([Sentence("Man is wounded (lza:7.3).", ("lza:7.4",))], lambda r: f"[{r[0]}]")
    "<span class='rb-sentence'>Man is wounded [lza:7.3]. [lza:7.4]</span>"
    """
    return " ".join(
        f"<span class='rb-sentence'>{_linked(escape(s.text), links)} {links(s.rules)}</span>"
        for s in sentences
    )


def _linked(text: str, links: Links) -> str:
    return _CITED.sub(lambda m: links((m.group(1),)), text)


def log_html(entries: Sequence[tuple[int, list[Sentence]]], links: Links, *, current: int) -> str:
    """Log entries, oldest first, the *current* one marked; entries with nothing to say are left out."""
    rows = []
    for index, sentences in entries:
        if not sentences:
            continue
        mark = " rb-current" if index == current else ""
        head, rest = sentences[0], sentences[1:]
        rows.append(
            f"<li class='rb-log-entry{mark}' data-index='{index}'>"
            f"<span class='rb-log-no'>{index}</span> <b>{_linked(escape(head.text), links)}</b> "
            f"{links(head.rules)}" + (f" {sentences_html(rest, links)}" if rest else "") + "</li>"
        )
    body = "".join(rows) or "<li class='rb-muted'>Nothing has happened yet.</li>"
    # Newest at the top: the log never needs scrolling to see what just happened.
    return f"<ol class='rb-log-list' reversed>{''.join(reversed(rows)) if rows else body}</ol>"


def dice_html(sentences: Sequence[Sentence], links: Links, *, entry: int, hit_face: int = 6) -> str:
    """The dice of one log entry, as dice, each group with the sentence it belongs to."""
    groups = []
    for s in sentences:
        dice = "".join(die_html(f, f >= hit_face) for f in s.dice)
        groups.append(
            f"<div class='rb-dice-group'>{dice} <span class='rb-dice-text'>{escape(s.text)} "
            f"{links(s.rules)}</span></div>"
        )
    return f"<div class='rb-dice-box' data-entry='{entry}'><b>Dice just rolled</b>{''.join(groups[:3])}</div>"
