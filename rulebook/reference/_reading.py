"""An entry as a reader needs it, in words: how the engine plays it, and what is wrong around it.

Shared by the rules reference app and the static site, so both say the same thing.

>>> from rulebook.reference import load_reference
>>> ref = load_reference()
>>> engine_sentence(ref, ref["lza:11.0"]).startswith("The engine plays it in its code for")
True
>>> print(finding_sentence(ref.check()[0]))
av:campaign cites “Developing the Insurgency” (av:building-the-insurgency): the section is titled “Building the Insurgency”.
"""

from __future__ import annotations

import importlib
import re
from collections import defaultdict
from functools import cache
from html import escape

from rulebook._words import words
from rulebook.reference._links import implementations, named_in_tests
from rulebook.reference._models import Entry
from rulebook.reference._reference import Finding, Reference

__all__ = [
    "breakable_name",
    "checked_by",
    "count_words",
    "engine_sentence",
    "finding_sentence",
    "findings_about",
    "implemented_by",
    "value_words",
]

# Words that open a proper name and keep their capital inside a sentence.
_KEEP_CAPITAL = ("LZ ", "First Team", "Ambush Valley", "NVA", "US ", "Tunnel", "Troop", "CRT")


@cache
def _collect(ref: Reference, kind: str) -> dict[str, tuple[str, ...]]:
    """Group citations by the entry they lead to: ``ftv:4.0D`` counts for ``ftv:4.0``."""
    cited = implementations() if kind == "code" else named_in_tests()
    out: dict[str, set[str]] = defaultdict(set)
    for rule_id, where in cited.items():
        target = ref.resolve(rule_id)
        if target is not None:
            out[target].update(where)
    return {k: tuple(sorted(v)) for k, v in out.items()}


def implemented_by(ref: Reference, entry: Entry) -> tuple[str, ...]:
    """The engine functions that cite this entry (``module:function``)."""
    return _collect(ref, "code").get(entry.id, ())


def checked_by(ref: Reference, entry: Entry) -> tuple[str, ...]:
    """The tests that name this entry (``tests/path.py::test_name``)."""
    return _collect(ref, "tests").get(entry.id, ())


@cache
def module_topic(module: str) -> str:
    """What a module does, from the first line of its docstring, fit for the middle of a sentence.

    >>> module_topic("rulebook.games.first_team.retreat")
    'where units go on an R result'
    """
    try:
        doc = importlib.import_module(module).__doc__ or ""
    except ImportError:  # pragma: no cover - a module that cannot load has no topic to give
        return module.rsplit(".", 1)[-1].strip("_").replace("_", " ")
    first = doc.strip().split("\n\n")[0] if doc.strip() else module.rsplit(".", 1)[-1]
    line = " ".join(first.split()).split(". ")[0]  # the opening sentence, over its lines
    line = re.sub(r"\s*\([^)]*\)", "", line).rstrip(".")  # rule ids in brackets
    head, _, rest = (_shorten(part) for part in line.partition(": "))
    rest = rest.split(";")[0].strip()
    # "The position: counters, chits, VP, flares; ..." keeps a short list of what it covers.
    line = (
        f"{head} ({rest})" if rest and len(head.split()) <= 2 and len(rest.split()) <= 9 else head
    )
    if line.startswith(("A ", "An ", "The ")) or not (
        line.startswith(_KEEP_CAPITAL) or line[:2].isupper()
    ):
        line = line[0].lower() + line[1:]
    return line


def breakable_name(name: str) -> str:
    """A code or test name as HTML that may wrap after its dots, slashes, colons and
    underscores, never mid-word.

    >>> breakable_name("tests/a.py::test_x")
    'tests/<wbr>a.<wbr>py:<wbr>:<wbr>test_<wbr>x'
    """
    return re.sub(r"([./:_])", r"\1<wbr>", escape(name))


def value_words(value: object) -> str:
    """A number from the reference data in words: pairs as ranges, lists joined, never reprs.

    A pair of numbers is always a range, so the data writes anything else that comes in twos
    as text: a counter rating as printed (strength-efficiency ``"4-5"``, never "4 to 5"), two
    rolls as ``"9 or 11"``, a size as ``"34 by 22"``.

    >>> value_words([200, 300]), value_words(["a", "b", "c"]), value_words({"us_killed": 151})
    ('200 to 300', 'a, b, c', 'US killed: 151')
    >>> value_words({"us": ["4-5", "4-5"], "nva": {"6/32": "8-3", "4/32": "2-0"}})
    'US: 4-5, 4-5; NVA: 6/32: 8-3; 4/32: 2-0'
    """
    if isinstance(value, list):
        if len(value) == 2 and all(isinstance(v, int | float) for v in value):
            return f"{value[0]} to {value[1]}"
        return ", ".join(value_words(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{words(k)}: {value_words(v)}" for k, v in value.items())
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def count_words(n: int, noun: str) -> str:
    """``1 test``, ``2 tests``.

    >>> count_words(1, "function"), count_words(0, "test")
    ('1 function', '0 tests')
    """
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _shorten(phrase: str) -> str:
    return re.split(r",? (?:for|from|exact|and the questions)\b|,? with ", phrase)[0].rstrip(",")


def engine_sentence(ref: Reference, entry: Entry) -> str:
    """How the engine plays an entry, in one sentence."""
    code, tests = implemented_by(ref, entry), checked_by(ref, entry)
    checked = f"{len(tests)} test{'s' if len(tests) != 1 else ''} check{'s' if len(tests) == 1 else ''} it"
    if code:
        topics = list(dict.fromkeys(module_topic(c.split(":", 1)[0]) for c in code))
        where = topics[0] if len(topics) == 1 else f"{', '.join(topics[:-1])} and {topics[-1]}"
        sentence = f"The engine plays it in its code for {where}"
        if tests:
            sentence += f", and {checked}"
        if entry.interpretations:
            sentence += "; where the text is unclear it takes the reading marked “engine” below"
        return sentence + "."
    if tests:
        return f"No engine function cites it directly, but {checked}."
    return "Nothing in the engine cites this case: it is here to read, not played by the code."


def findings_about(ref: Reference, entry: Entry) -> list[Finding]:
    """The checker's findings on citations made by this entry or aimed at it."""
    return [
        f
        for f in _findings(ref)
        if f.source == entry.id or (f.target and ref.resolve(f.target) == entry.id)
    ]


@cache
def _findings(ref: Reference) -> tuple[Finding, ...]:
    return tuple(ref.check())


def finding_sentence(finding: Finding) -> str:
    """A checker finding in words."""
    target = f" ({finding.target})" if finding.target else ""
    return f"{finding.source} cites “{finding.printed}”{target}: {finding.detail}."
