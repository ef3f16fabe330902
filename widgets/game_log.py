"""The narrated log as HTML: sentences with their rule cases as small links, and dice drawn as dice.

Rule links open the rules reference app on the entry (``rules_reference.ipynb?rule=lza:7.3``) in
a new tab, so the game on the screen is never lost.

>>> rule_links(("lza:7.3",))
"<a class='rb-rule' href='rules_reference.ipynb?rule=lza%3A7.3' target='_blank' title='open rule lza:7.3 in the rules reference'>7.3</a>"
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from urllib.parse import quote

from rulebook.games._narrate import Sentence

__all__ = ["dice_html", "log_html", "rule_links", "sentences_html"]

RULES_APP = "rules_reference.ipynb"
Links = Callable[[tuple[str, ...]], str]


def rule_links(rules: Sequence[str]) -> str:
    """Each rule case as a small link into the rules reference (the game prefix dropped)."""
    out = []
    for rule in dict.fromkeys(rules):
        label = rule.partition(":")[2] or rule
        out.append(
            f"<a class='rb-rule' href='{RULES_APP}?rule={quote(rule)}' target='_blank' "
            f"title='open rule {escape(rule)} in the rules reference'>{escape(label)}</a>"
        )
    return " ".join(out)


def die_html(face: int, hit: bool = False) -> str:
    """One die: a rounded square with its face; a six (a hit) stands out."""
    return f"<span class='rb-die{' rb-die-hit' if hit else ''}' data-face='{face}'>{face}</span>"


def sentences_html(sentences: Sequence[Sentence], links: Links = rule_links) -> str:
    """Sentences run on as a paragraph, each followed by its rule links."""
    return " ".join(
        f"<span class='rb-sentence'>{escape(s.text)} {links(s.rules)}</span>" for s in sentences
    )


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
            f"<span class='rb-log-no'>{index}</span> <b>{escape(head.text)}</b> {links(head.rules)}"
            + (f" {sentences_html(rest, links)}" if rest else "")
            + "</li>"
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
    return f"<div class='rb-dice-box' data-entry='{entry}'><b>Dice just rolled</b>{''.join(groups[:4])}</div>"
