"""Narration shared by the games: a log entry told as sentences, each naming the rules behind it.

A :class:`Sentence` is plain text plus the rule cases it rests on and the dice it shows; the
apps turn it into HTML with rule links, a command line could print it as it is.

>>> from rulebook.trace import TraceStep
>>> from rulebook.dice import Roll
>>> step = TraceStep.of("lza:7.1", "3 dice, 2 hit(s)", rolls=[Roll(6, 6), Roll(6, 2), Roll(6, 6)])
>>> print(step_sentence(step))
Three dice: 6 2 6, two hits. [lza:7.1]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from rulebook.games._core import LogEntry
from rulebook.trace import TraceStep

__all__ = ["Sentence", "count", "counted", "entry_sentences", "plural", "step_sentence", "tidy"]

NUMBER_WORDS = [
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


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of a narrated log: its words, the rule cases behind it, the dice it rolled."""

    text: str
    rules: tuple[str, ...] = ()
    dice: tuple[int, ...] = ()

    def __str__(self) -> str:
        cited = f" [{', '.join(self.rules)}]" if self.rules else ""
        return f"{self.text}{cited}"


def count(n: int, noun: str, plural_form: str | None = None) -> str:
    """``count(2, 'hit')`` -> ``'two hits'``; numbers past twelve stay figures.

    >>> count(0, "hit"), count(1, "die", "dice"), count(14, "platoon")
    ('no hits', 'one die', '14 platoons')
    """
    word = NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)
    return f"{word} {_agreeing(n, noun, plural_form)}"


def counted(n: int, noun: str, plural_form: str | None = None) -> str:
    """:func:`count` with the figure kept as a figure, as an engine's trace writes it.

    >>> counted(1, "die", "dice"), counted(3, "platoon"), counted(0, "hit")
    ('1 die', '3 platoons', '0 hits')
    """
    return f"{n} {_agreeing(n, noun, plural_form)}"


def _agreeing(n: int, noun: str, plural_form: str | None) -> str:
    return noun if n == 1 else plural_form or noun + "s"


def plural(text: str) -> str:
    """Resolve ``3 unit(s)``, ``1 hit(s)`` and ``2 step loss(es)`` into proper English.

    >>> plural("2 NVA unit(s) in A2; 1 hit(s); 2 step loss(es), 1 step loss(es)")
    '2 NVA units in A2; 1 hit; 2 step losses, 1 step loss'
    """

    def fix(m: re.Match[str]) -> str:
        n, between, noun, ending = int(m.group(1)), m.group(2), m.group(3), m.group(4)
        return f"{m.group(1)}{between}{noun if n == 1 else noun + ending}"

    return re.sub(r"\b(\d+)(\s(?:[A-Za-z-]+\s){0,2})(\w+)\((e?s)\)", fix, text)


def tidy(text: str) -> str:
    """Trace text as a sentence: arrows as words, plurals resolved, a capital and a full stop.

    >>> tidy("1/1-33-2 moves D1 -> C2")
    '1/1-33-2 moves D1 to C2.'
    """
    text = plural(text.replace(" -> ", " to ").strip())
    if not text:
        return text
    text = text[0].upper() + text[1:] if text[0].islower() else text
    return text if text.endswith((".", "!", "?", ":")) else text + "."


_DICE_HITS = re.compile(r"^(\d+) dice, (\d+) hit\(s\)$")


def step_sentence(step: TraceStep) -> Sentence:
    """One trace step as a sentence, with its dice; a roll of dice for hits is told as such."""
    faces = tuple(r.value for r in step.rolls)
    m = _DICE_HITS.match(step.text.strip())
    if m:
        n, hits = int(m.group(1)), int(m.group(2))
        shown = f": {' '.join(map(str, faces))}" if faces else ""
        text = f"{count(n, 'die', 'dice')}{shown}, {count(hits, 'hit')}."
        return Sentence(text[0].upper() + text[1:], (step.rule,), faces)
    return Sentence(tidy(step.text), (step.rule,), faces)


def entry_sentences(entry: LogEntry, headline: Callable[[LogEntry], str | None]) -> list[Sentence]:
    """A log entry as sentences: what the player did (from *headline*), then what the rules did."""
    out: list[Sentence] = []
    head = headline(entry)
    if head:
        out.append(Sentence(head, (entry.rule,) if entry.rule else ()))
    out.extend(step_sentence(step) for step in entry.trace)
    return out


def join_names(names: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``.

    >>> join_names(["B2", "A3", "C4"])
    'B2, A3 and C4'
    """
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
