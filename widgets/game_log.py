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

from rulebook.games._narrate import Sentence, count
from rulebook.rule_ids import RULE_ID_IN_TEXT
from widgets._page import rule_links

__all__ = ["dice_html", "latest_html", "log_html", "rule_links", "sentences_html"]

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


def latest_html(
    entries: Sequence[tuple[int, list[Sentence]]], links: Links, *, title: str, most: int = 3
) -> str:
    """The sentences of a few log entries, oldest first, each entry's number before it; nothing
    if they say nothing. Past *most* sentences, the first and the last halves are kept, with how
    many the log holds between: what was chosen, and what led to the decision waiting now.

    >>> said = [(4, [Sentence("A.", ("x:1",)), Sentence("B.")]), (5, [Sentence("C."), Sentence("D.")])]
    >>> print(latest_html(said, lambda r: f"[{r[0]}]" if r else "", title="Just done", most=2))
    <div class='rb-latest' data-first='4'><b>Just done</b>: <span class='rb-log-no'>4</span> <span class='rb-sentence'>A. [x:1]</span> <i>… two more sentences in the log …</i> <span class='rb-log-no'>5</span> <span class='rb-sentence'>D. </span></div>
    """
    said = [(index, s) for index, sentences in entries for s in sentences]
    if not said:
        return ""
    skipped = max(0, len(said) - most)
    first = most - most // 2 if skipped else len(said)
    parts, previous = [], None
    for k, (index, s) in enumerate(said):
        if first <= k < first + skipped:
            if k == first:
                parts.append(f"<i>… {count(skipped, 'more sentence')} in the log …</i>")
            continue
        if index != previous or k == first + skipped:  # its number, as the log shows it
            parts.append(f"<span class='rb-log-no'>{index}</span>")
        parts.append(sentences_html([s], links))
        previous = index
    return (
        f"<div class='rb-latest' data-first='{said[0][0]}'><b>{escape(title)}</b>: "
        f"{' '.join(parts)}</div>"
    )


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
