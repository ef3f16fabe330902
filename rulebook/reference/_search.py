"""Search the rules as a reader thinks: rule id, then title, then the books' own abbreviations, then text.

A query is split into terms. A run of words the books' vocabulary knows (``line of sight``, ``LOS``,
``CP``) becomes one term that also matches its other spellings; a word found nowhere is read as a
typo of the nearest words the books use (rapidfuzz's optimal string alignment distance, so ``nigth``
is one transposition from ``night``). Every hit says why it matched and shows the words in context.

>>> from rulebook.reference import load_reference
>>> ref = load_reference()
>>> hit = ref.find("LOS")[0]
>>> hit.entry.id, hit.why
('lza:7.8', 'the main entry for LOS (line of sight)')
>>> hit = ref.find("nigth")[0]
>>> hit.entry.id, hit.why
('lza:11.0', 'night in the title; “nigth” read as “night”')
>>> ref.suggest("gunshp")[:1]
['gunship']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml
from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from rulebook._words import quoted

try:  # libyaml's parser, where PyYAML was built with it: the same safe subset, ~10x faster
    from yaml import CSafeLoader as _SafeLoader
except ImportError:  # pragma: no cover - a PyYAML without libyaml
    from yaml import SafeLoader as _SafeLoader

from rulebook.reference._models import Entry
from rulebook.reference._topics import topic_name
from rulebook.rule_ids import GAME_PREFIXES

__all__ = ["Hit", "SearchIndex", "Term", "rule_id_spelling", "vocabulary"]

_TOKEN = re.compile(r"[A-Za-z0-9]+")
# A rule id as readers and links write it: any case, and a space or dash for the colon.
_ID_QUERY = re.compile(r"^\s*(lza|ftv|av)\s*[:\s-]\s*([A-Za-z0-9.\-]+)\s*$", re.IGNORECASE)
_NUMBER_QUERY = re.compile(r"^\s*(\d+(?:\.\d+)*[A-Za-z]?)\s*$")
STOP = frozenset(
    {"a", "an", "and", "as", "at", "by", "for", "from", "in", "is", "it", "its", "of", "on", "or"}
    | {"the", "to", "under", "with"}
)
BOOK_ORDER = {"lza": 0, "ftv": 1, "av": 2}
FIELDS = ("title", "tags", "summary", "steps", "interpretations", "note")
_FIELD_TIER = {"title": 0, "tags": 1}  # every other field is body text
# Tiers, best first: what a reader expects at the top.
ID, ID_PREFIX, HOME, TITLE, TAGS, BODY = range(6)
_KIND_RANK = {"typed": 0, "synonym": 1, "typo": 2}


def resolved_id(entries: dict[str, Entry], rule_id: str) -> str | None:
    """The entry a rule id leads to among *entries*: itself, or for a lettered paragraph its case.

    First Team numbers its cases and letters the paragraphs inside them (A to J), so
    ``ftv:4.2.3.2B`` leads to ``ftv:4.2.3.2``; LZ Albany's lettered sub-cases are entries of
    their own, so only the letters an entry lists in ``paragraphs`` resolve there. The rules
    reference's links and its search both follow this one rule.
    """
    if rule_id in entries:
        return rule_id
    if not rule_id:  # (an empty id, as a link's blank ?rule= gives, names nothing)
        return None
    base, letter = rule_id[:-1], rule_id[-1]
    entry = entries.get(base)
    if entry is None or not letter.isalpha():
        return None
    if letter in entry.paragraphs or (base.startswith("ftv:") and "A" <= letter <= "J"):
        return base
    return None


def rule_id_spelling(text: str) -> str | None:
    """*text* spelt as the reference spells rule ids, if it is written as one; else None.

    Whether the entry exists is not asked: ``lza:99.9`` is spelt as well as ``lza:7.8``.

    >>> [rule_id_spelling(t) for t in ("LZA-7.8", "lza 3.2a", "AV:Tunnel-Spots")]
    ['lza:7.8', 'lza:3.2A', 'av:tunnel-spots']
    >>> rule_id_spelling("night") is None
    True
    """
    match = _ID_QUERY.match(text)
    if match is None:
        return None
    prefix, rest = match.group(1).lower(), match.group(2)
    # Numbered cases letter their paragraphs in capitals; Ambush Valley's slugs are lower case.
    return f"{prefix}:{rest.lower() if prefix == 'av' else rest.upper()}"


def _norm(word: str) -> str:
    """Lower case, a plural's ``s`` dropped: ``Flares`` and ``flare`` are one word."""
    word = word.lower()
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _words(text: str) -> tuple[str, ...]:
    return tuple(_norm(w) for w in _TOKEN.findall(text))


@dataclass(frozen=True, slots=True)
class Term:
    """A word of the books' vocabulary: an abbreviation or name and its other spellings."""

    term: str
    means: tuple[str, ...]
    home: str | None = None
    books: tuple[str, ...] = ()

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.term, *self.means)


def load_yaml(text: str) -> Any:
    """Plain data from YAML *text*, as ``yaml.safe_load`` reads it but with libyaml's parser.

    The three books' files take ~0.35 s in pure Python, a good part of opening the rules
    reference app; libyaml reads them in ~0.04 s.

    >>> load_yaml("terms: [{term: LOS}]")
    {'terms': [{'term': 'LOS'}]}
    """
    return yaml.load(text, Loader=_SafeLoader)


@cache
def vocabulary() -> tuple[Term, ...]:
    """The abbreviations and synonyms in ``vocabulary.yaml``."""
    text = (resources.files("rulebook.reference") / "vocabulary.yaml").read_text(encoding="utf-8")
    return tuple(
        Term(t["term"], tuple(t["means"]), t.get("home"), tuple(t.get("books", ())))
        for t in load_yaml(text)["terms"]
    )


@dataclass(frozen=True, slots=True)
class _Form:
    words: tuple[str, ...]
    kind: str  # typed, synonym or typo
    prefix: bool = False  # a typed word of 3+ letters also matches words it begins


@dataclass(frozen=True, slots=True)
class _QueryTerm:
    typed: str
    forms: tuple[_Form, ...]
    vocab: Term | None = None


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    text: str
    words: tuple[str, ...]
    spans: tuple[tuple[int, int], ...]


def _field(name: str, text: str) -> _Field:
    found = list(_TOKEN.finditer(text))
    return _Field(
        name, text, tuple(_norm(m.group()) for m in found), tuple(m.span() for m in found)
    )


def _topic_words(tag: str) -> str:
    """A tag as the reader sees it (``B-52 strikes``) and as it is spelt (``b52``): a search
    finds the entry by either."""
    name, spelt = topic_name(tag), tag.replace("-", " ")
    return name if _words(name) == _words(spelt) else f"{name} ({spelt})"


def _fields(entry: Entry) -> tuple[_Field, ...]:
    interps = " ".join(
        f"{i.question} {' '.join(r.text for r in i.readings)} {i.why}"
        for i in entry.interpretations
    )
    texts = {
        "title": entry.title,
        "tags": ", ".join(_topic_words(t) for t in entry.tags),
        "summary": entry.summary,
        "steps": "; ".join(entry.steps),
        "interpretations": interps,
        "note": entry.note or "",
    }
    return tuple(_field(name, texts[name]) for name in FIELDS)


def _positions(form: _Form, field: _Field) -> list[tuple[int, int]]:
    """Token ranges of *field* where *form* occurs."""
    n = len(form.words)
    out = []
    for i in range(len(field.words) - n + 1):
        window = field.words[i : i + n]
        if window == form.words or (form.prefix and n == 1 and window[0].startswith(form.words[0])):
            out.append((i, i + n))
    return out


@dataclass(frozen=True, slots=True)
class Hit:
    """One search result: the entry, why it matched, and the matched words in context.

    ``context`` is a sequence of (text, matched) pieces; join them, marking the matched ones.
    """

    entry: Entry
    why: str
    context: tuple[tuple[str, bool], ...]
    tier: int
    missing: tuple[str, ...] = ()  # query words it lacks, when no entry has them all

    def context_text(self, mark: str = "[{}]") -> str:
        """The context as plain text with each matched word marked.

        >>> Hit(None, "", (("a ", False), ("night", True), (" fight", False)), 3).context_text()
        'a [night] fight'
        """
        return "".join(mark.format(t) if hit else t for t, hit in self.context)


class SearchIndex:
    """The words of every entry, field by field, ready to rank a query against."""

    def __init__(self, entries: Iterable[Entry], order: dict[str, tuple]) -> None:
        self.entries = {e.id: e for e in entries}
        self.fields = {eid: _fields(e) for eid, e in self.entries.items()}
        self.order = order
        words = {w for fields in self.fields.values() for f in fields for w in f.words}
        self.terms = vocabulary()
        self._phrases: dict[tuple[str, ...], Term] = {}
        for term in self.terms:
            for spelling in term.spellings:
                self._phrases.setdefault(_words(spelling), term)
                words.update(_words(spelling))
        self.words = sorted(words)
        self._longest = max(len(p) for p in self._phrases)

    # --- reading the query -----------------------------------------------------------------

    def _parse(self, query: str) -> list[_QueryTerm]:
        raw = _TOKEN.findall(query)
        words = [_norm(w) for w in raw]
        terms: list[_QueryTerm] = []
        i = 0
        while i < len(words):
            for n in range(min(self._longest, len(words) - i), 0, -1):
                phrase = tuple(words[i : i + n])
                term = self._phrases.get(phrase)
                if term is not None:
                    others = {_words(s) for s in term.spellings} - {phrase}
                    forms = (_Form(phrase, "typed"),)  # no prefixes: LOS must not find "losses"
                    forms += tuple(_Form(o, "synonym") for o in sorted(others))
                    terms.append(_QueryTerm(" ".join(raw[i : i + n]), forms, term))
                    i += n
                    break
            else:
                if not (words[i] in STOP and len(words) > 1):
                    terms.append(self._word_term(raw[i], words[i]))
                i += 1
        return terms

    def _word_term(self, raw: str, word: str) -> _QueryTerm:
        typed = _Form((word,), "typed", prefix=len(word) >= 3)
        known = word in self.words or (
            len(word) >= 3 and any(w.startswith(word) for w in self.words)
        )
        if known or len(word) < 4:
            return _QueryTerm(raw, (typed,))
        return _QueryTerm(raw, (typed, *(_Form((w,), "typo") for w in self.near(word))))

    def near(self, word: str, limit: int = 4) -> list[str]:
        """Words of the books within one edit (two for long words) of *word*, closest first."""
        cutoff = 1 if len(word) <= 5 else 2
        found = process.extract(
            word, self.words, scorer=OSA.distance, score_cutoff=cutoff, limit=limit
        )
        return [w for w, _, _ in sorted(found, key=lambda f: (f[1], f[0]))]

    # --- ranking ---------------------------------------------------------------------------

    def find(self, query: str, *, game: str | None = None, tag: str | None = None) -> list[Hit]:
        """Every entry matching *query*, best first, each with the reason and the context."""
        allowed = [
            e
            for e in self.entries.values()
            if (game is None or e.id.startswith(f"{game}:")) and (tag is None or tag in e.tags)
        ]
        by_id = self._by_id(query, allowed, game, tag)
        if by_id is not None:
            return by_id
        terms = self._parse(query)
        if not terms:
            return [Hit(e, "", (), BODY) for e in sorted(allowed, key=self._book_order)]
        scored = []
        for entry in allowed:
            found = self._score(entry, terms)
            if found is not None:
                scored.append(found)
            elif len(terms) == 1 and terms[0].vocab and terms[0].vocab.home == entry.id:
                scored.append(self._home(entry, terms[0], ()))
        if not scored and len(terms) > 1:
            return self._most_words(allowed, terms)
        scored.sort(key=lambda s: s[0])
        return [hit for _, hit in scored]

    def _most_words(self, allowed: Sequence[Entry], terms: list[_QueryTerm]) -> list[Hit]:
        """When no entry has every word of a query, the entries with the most of them, each
        saying which it lacks: a reader typing 'los jungle fire' wants the fire rules that
        mention jungle, not an empty page."""
        best, found = 0, []
        for entry in allowed:
            have = [t for t in terms if self._score(entry, [t]) is not None]
            if not have or len(have) < best:
                continue
            if len(have) > best:
                best, found = len(have), []
            key, hit = self._score(entry, have)  # type: ignore[misc]
            lacks = tuple(t.typed for t in terms if t not in have)
            why = f"{hit.why}; no {', '.join(quoted(w) for w in lacks)}"
            found.append((key, Hit(entry, why, hit.context, hit.tier, lacks)))
        found.sort(key=lambda s: s[0])
        return [hit for _, hit in found]

    def _book_order(self, entry: Entry) -> tuple:
        return (BOOK_ORDER[entry.id.split(":", 1)[0]], self.order[entry.id])

    def _by_id(
        self, query: str, allowed: Sequence[Entry], game: str | None, tag: str | None
    ) -> list[Hit] | None:
        """Hits for a query that is a rule id, a case number or the start of one; else None.

        A full rule id names its book, so the entry it names is found whatever *game* and
        *tag* keep to, its reason saying so; the ids it begins keep to them.
        """
        spelt = rule_id_spelling(query)
        number = _NUMBER_QUERY.match(query)
        if spelt is None and number is None:
            return None
        if spelt is not None:
            wanted = [spelt]
        else:
            case = number.group(1)
            case = case[:-1] + case[-1].upper()
            wanted = [f"{p}:{case}" for p in BOOK_ORDER]
        exact = [e for w in wanted for e in allowed if e.id == w]
        if not exact and spelt is not None:
            named = resolved_id(self.entries, spelt)  # a cited paragraph (ftv:4.2.3.2B)
            exact = [self.entries[named]] if named is not None else []
        starts = [
            e
            for w in wanted
            for e in sorted(allowed, key=self._book_order)
            if e.id.startswith((f"{w}.", f"{w}-")) or (e.id.startswith(w) and e.id[-1].isalpha())
        ]
        starts = [e for e in starts if e not in exact]
        hits = [
            Hit(e, _id_why(e, allowed, game, tag), _context(self.fields[e.id], {}), ID)
            for e in exact
        ]
        hits += [
            Hit(
                e,
                f"rule id begins {spelt or number.group(1)}",
                _context(self.fields[e.id], {}),
                ID_PREFIX,
            )
            for e in starts
        ]
        if spelt is not None or hits:
            return hits
        return None  # a bare number that is no case: search it as text

    def _score(self, entry: Entry, terms: list[_QueryTerm]) -> tuple[tuple, Hit] | None:
        fields = self.fields[entry.id]
        worst_field, kinds, notes, matched_title = 0, [], [], set()
        per_field: dict[str, list[tuple[int, int]]] = {}
        words_in: dict[str, list[str]] = {}
        occurrences = 0
        for term in terms:
            best = None  # (field rank, kind rank, form, field)
            for rank, field in enumerate(fields):
                for form in term.forms:
                    spots = _positions(form, field)
                    if not spots:
                        continue
                    occurrences += len(spots)
                    per_field.setdefault(field.name, []).extend(spots)
                    key = (min(rank, 2), _KIND_RANK[form.kind])
                    if best is None or key < best[:2]:
                        best = (*key, form, field)
                    if field.name == "title":
                        matched_title.update(i for a, b in spots for i in range(a, b))
            if best is None:
                return None
            field_rank, _, form, field = best
            worst_field = max(worst_field, field_rank)
            kinds.append(form.kind)
            label = "body" if field_rank == 2 else field.name
            words_in.setdefault(label, []).append(_shown(term, form))
            if form.kind == "typo":
                notes.append(f"{quoted(term.typed)} read as {quoted(' '.join(form.words))}")
            elif form.kind == "synonym" and term.vocab is not None:
                notes.append(_synonym_note(term, form))
        home = len(terms) == 1 and terms[0].vocab is not None and terms[0].vocab.home == entry.id
        title = fields[0]
        content = [i for i, w in enumerate(title.words) if w not in STOP]
        coverage = len(matched_title & set(content)) / max(1, len(content))
        tier = HOME if home else TITLE + worst_field
        key = (
            tier,
            kinds.count("typo"),
            kinds.count("synonym"),
            -coverage if tier == TITLE else 0,
            -occurrences if tier > TITLE else 0,
            *self._book_order(entry),
        )
        context = _context(fields, per_field)
        if home:
            return self._home(entry, terms[0], context)
        where = []
        for label in ("title", "tags", "body"):
            if label in words_in:
                place = _body_place(per_field) if label == "body" else label
                place = "topics" if place == "tags" else place  # what the entry's page calls them
                where.append(f"{', '.join(dict.fromkeys(words_in[label]))} in the {place}")
        return key, Hit(entry, "; ".join(where + notes), context, tier)

    def _home(
        self, entry: Entry, term: _QueryTerm, context: tuple[tuple[str, bool], ...]
    ) -> tuple[tuple, Hit]:
        """The entry where the book sets out a term of its vocabulary: first after the id."""
        assert term.vocab is not None
        name = term.vocab.term  # as the books spell it, with its other name if it has one
        other = [s for s in term.vocab.spellings if _letters(s) != _letters(name)]
        why = f"the main entry for {name}" + (f" ({other[0]})" if other else "")
        context = context or _context(self.fields[entry.id], {})
        return (HOME, *self._book_order(entry)), Hit(entry, why, context, HOME)

    # --- when nothing matches ------------------------------------------------------------

    def suggest(self, query: str, limit: int = 5) -> list[str]:
        """The books' words and terms nearest each word of *query* (for an empty result)."""
        out: list[str] = []
        choices = self.words + [t.term.lower() for t in self.terms]
        for word in _TOKEN.findall(query.lower()):
            if word in STOP:
                continue
            found = process.extract(word, choices, scorer=fuzz.ratio, score_cutoff=60, limit=3)
            out += [w for w, _, _ in found if w != word]
        return list(dict.fromkeys(out))[:limit]


def _id_why(entry: Entry, allowed: Sequence[Entry], game: str | None, tag: str | None) -> str:
    """Why an entry matched by its id, and which filter it lies outside, if one."""
    if entry in allowed:
        return "rule id"
    if game is not None and not entry.id.startswith(f"{game}:"):
        return f"rule id, in {GAME_PREFIXES[entry.id.split(':', 1)[0]]}: outside the book searched"
    return f"rule id, outside the topic {topic_name(tag or '')}"


def _shown(term: _QueryTerm, form: _Form) -> str:
    """The words a hit's note says were found: a term of the books' vocabulary as they spell it
    ("B-52", not "b 52"), what was typed otherwise, or the form it was read as."""
    if form.kind != "typed":
        return " ".join(form.words)
    vocab = term.vocab
    if vocab is not None and _letters(vocab.term) == _letters(term.typed):
        return vocab.term
    return term.typed.lower()


def _letters(text: str) -> str:
    """*text*'s letters and digits alone, lower case: "B-52" and "b52" are one spelling.

    >>> _letters("B-52") == _letters("b52")
    True
    """
    return "".join(c for c in text.lower() if c.isalnum())


def _synonym_note(term: _QueryTerm, form: _Form) -> str:
    vocab = term.vocab
    assert vocab is not None
    if _words(term.typed) == _words(vocab.term):
        return f"{vocab.term} means {' '.join(form.words)}"
    return f"{term.typed} is also called {vocab.term}"


def _body_place(per_field: dict[str, list[tuple[int, int]]]) -> str:
    names = [n for n in FIELDS[2:] if n in per_field]
    labels = {"note": "reading note", "interpretations": "interpretations"}
    return labels.get(names[0], names[0]) if names else "text"


def _context(
    fields: Sequence[_Field], per_field: dict[str, list[tuple[int, int]]], span: int = 9
) -> tuple[tuple[str, bool], ...]:
    """About a line of the body text around the first matched words, matched words flagged.

    A title or tag match shows the summary's opening (with any words it matches flagged).
    """
    body = [f for f in fields[2:] if f.text]
    field = next((f for f in body if f.name in per_field), body[0] if body else fields[0])
    spots = sorted(per_field.get(field.name, []))
    marked = {i for a, b in spots for i in range(a, b)}
    first = spots[0][0] if spots else 0
    lo = max(0, first - span)
    hi = min(len(field.spans), lo + 2 * span + 4)
    if not field.spans:
        return ()
    pieces: list[tuple[str, bool]] = [("…" if lo > 0 else "", False)]
    for i in range(lo, hi):
        start, end = field.spans[i]
        last = len(field.text) if hi == len(field.spans) else end
        gap_end = field.spans[i + 1][0] if i + 1 < hi else last
        pieces.append((field.text[start:end], i in marked))
        pieces.append((field.text[end:gap_end], False))
    pieces.append(("…" if hi < len(field.spans) else "", False))
    merged: list[tuple[str, bool]] = []
    for text, hit in pieces:
        if not text:
            continue
        if merged and merged[-1][1] == hit:
            merged[-1] = (merged[-1][0] + text, hit)
        else:
            merged.append((text, hit))
    return tuple(merged)


def searchable(query: str) -> str:
    """*query* without its outer spaces, or nothing when it holds no letter or digit.

    A query of punctuation alone ('*', '!!!') has no term to look for, and listed every
    entry with an empty reason, as if it had matched them all.

    >>> searchable("  los "), searchable("*"), searchable("lza:7.3")
    ('los', '', 'lza:7.3')
    """
    text = query.strip()
    return text if any(c.isalnum() for c in text) else ""
