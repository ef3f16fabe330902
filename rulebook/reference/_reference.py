from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

import networkx as nx
from pydantic import ValidationError

from rulebook._words import quoted
from rulebook.errors import ScenarioError
from rulebook.reference._models import Entry, GameReference, Interpretation
from rulebook.reference._search import (
    Hit,
    SearchIndex,
    load_yaml,
    resolved_id,
    rule_id_spelling,
)
from rulebook.scenario._io import validation_problems

DATA = "data"
_WORD = re.compile(r"[a-z0-9]+")
# Words that carry no topic: a citation "about the priority target" should match on "priority".
_STOP = frozenset(
    {"a", "an", "and", "as", "at", "by", "for", "from", "in", "is", "it", "its", "of", "on", "or"}
    | {"the", "to", "under", "with"}
)


def _stem(word: str) -> str:
    """A crude stem, enough to equate "consume" with "Consuming" and "flares" with "Flare"."""
    return word[:5]


def _topic_words(text: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP}


@dataclass(frozen=True)
class Finding:
    """A cross-reference in the book that does not lead where its sentence expects."""

    source: str
    printed: str
    target: str | None
    kind: str
    detail: str

    def __str__(self) -> str:
        target = self.target or "(nothing)"
        return (
            f"{self.source} -> {target} [{self.kind}] printed {quoted(self.printed)}: {self.detail}"
        )


class Reference:
    """Every rule entry of the loaded games, by id, with search and a cross-reference graph."""

    def __init__(self, games: list[GameReference]) -> None:
        self.games = {g.game: g for g in games}
        self.entries: dict[str, Entry] = {e.id: e for g in games for e in g.entries}
        self.graph = nx.DiGraph()
        for entry in self.entries.values():
            self.graph.add_node(entry.id, title=entry.title, game=entry.id.split(":", 1)[0])
        for entry in self.entries.values():
            for link in entry.links:
                target = self.resolve(link)
                if target is not None:
                    self.graph.add_edge(entry.id, target)
        self._search: SearchIndex | None = None

    def __getitem__(self, rule_id: str) -> Entry:
        try:
            return self.entries[rule_id]
        except KeyError:
            import difflib

            close = difflib.get_close_matches(rule_id, list(self.entries), n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise KeyError(f"no rule {quoted(rule_id)} in the reference{hint}") from None

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.entries

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries.values())

    def __len__(self) -> int:
        return len(self.entries)

    def game_of(self, rule_id: str) -> GameReference:
        """The book an id belongs to."""
        prefix = rule_id.split(":", 1)[0]
        return next(g for g in self.games.values() if g.prefix == prefix)

    def resolve(self, rule_id: str) -> str | None:
        """The entry a rule id leads to: itself, or for a lettered paragraph its case (see
        :func:`~rulebook.reference._search.resolved_id`)."""
        return resolved_id(self.entries, rule_id)

    def lookup(self, text: str) -> str | None:
        """The entry a rule id leads to however a reader or a link writes it (``LZA:7.8``,
        ``lza 7.8``, ``LZA-7.8``, ``ftv:4.2.3.2b``); None if it names no entry."""
        spelt = rule_id_spelling(text)
        return self.resolve(spelt) if spelt is not None else None

    def nearest(self, text: str, limit: int = 3) -> list[str]:
        """The ids most like one that names no entry, in book order: of its own book when it
        names one (``lza:99.9`` -> ``lza:9.0``, ``lza:9.1``, ``lza:9.2``)."""
        import difflib

        spelt = rule_id_spelling(text) or text.strip()
        book = f"{spelt.split(':', 1)[0]}:"
        ids = [i for i in self.entries if i.startswith(book)] or list(self.entries)
        return sorted(difflib.get_close_matches(spelt, ids, n=limit), key=_order)

    @property
    def index(self) -> SearchIndex:
        """The search index, built on first use."""
        if self._search is None:
            self._search = SearchIndex(self.entries.values(), {e: _order(e) for e in self.entries})
        return self._search

    def find(self, query: str, *, tag: str | None = None, game: str | None = None) -> list[Hit]:
        """Entries matching *query*, best first, each with why it matched and the words in context.

        Ranked as a reader expects: the exact rule id, then the main entry of a term of the
        books' vocabulary (``LOS``), then titles, tags and body text; a word found nowhere is
        read as a typo of the nearest words (``nigth``). *game* is a rule-id prefix (``lza``,
        ``ftv``, ``av``); *tag* keeps entries with that tag.
        """
        return self.index.find(query, game=game, tag=tag)

    def search(self, query: str, *, tag: str | None = None, game: str | None = None) -> list[Entry]:
        """The entries of :meth:`find`, without the reasons."""
        return [hit.entry for hit in self.find(query, tag=tag, game=game)]

    def suggest(self, query: str, limit: int = 5) -> list[str]:
        """The books' words nearest to a query that found nothing."""
        return self.index.suggest(query, limit)

    def refers_to(self, rule_id: str) -> list[str]:
        """Rules this one points at."""
        self[rule_id]
        return sorted(self.graph.successors(rule_id), key=_order)

    def cited_by(self, rule_id: str) -> list[str]:
        """Rules that point at this one."""
        self[rule_id]
        return sorted(self.graph.predecessors(rule_id), key=_order)

    def parent(self, rule_id: str) -> str | None:
        """The enclosing case: lza:7.7A -> lza:7.7 -> lza:7.0; ftv:2.3.3.1 -> ftv:2.3 (no 2.3.3).

        Ambush Valley's slugs are flat: they have no parent.
        """
        prefix, number = rule_id.split(":", 1)
        while True:
            if number[-1].isalpha() and number[0].isdigit():
                number = number[:-1]
            elif "." in number and not number.endswith(".0"):
                head = number.rsplit(".", 1)[0]
                number = f"{head}.0" if "." not in head else head
            else:
                return None
            if f"{prefix}:{number}" in self.entries:
                return f"{prefix}:{number}"

    def children(self, rule_id: str) -> list[str]:
        """The cases directly inside this one."""
        return [eid for eid in self.entries if self.parent(eid) == rule_id]

    def check(self) -> list[Finding]:
        """Every printed cross-reference that is missing or whose target is about something else.

        A citation's ``about`` words are compared with the target's title and tags, or with the
        cited paragraph's topic; a citation by name must match the target's title.
        """
        findings = []
        for entry in self.entries.values():
            for cite in entry.cites:
                findings += self._check_citation(entry, cite)
        return findings

    def _check_citation(self, entry: Entry, cite) -> list[Finding]:
        def finding(kind: str, detail: str) -> list[Finding]:
            return [Finding(entry.id, cite.printed, cite.to, kind, detail)]

        if cite.to is None:
            return finding("missing", f"the book has no section by this name (about {cite.about})")
        target_id = self.resolve(cite.to)
        if target_id is None:
            return finding("missing", f"no such case in the book (about {cite.about})")
        target = self.entries[target_id]
        by_name = not cite.printed[0].isdigit() and not cite.printed.startswith("Step")
        if by_name and _topic_words(cite.printed) != _topic_words(target.title):
            return finding("renamed", f"the section is titled {quoted(target.title)}")
        if target_id != cite.to:
            topic = target.paragraphs[cite.to[-1]]
        else:
            topic = f"{target.title} {' '.join(target.tags)}"
        if not _topic_words(cite.about) & _topic_words(topic):
            return finding(
                "topic",
                f"the text expects {quoted(cite.about)}; {cite.to} is about {quoted(topic)}",
            )
        return []

    def interpretations(self) -> list[tuple[Entry, Interpretation]]:
        """Every recorded interpretation with the entry it belongs to."""
        return [(e, i) for e in self.entries.values() for i in e.interpretations]

    def interpretation(self, interpretation_id: str) -> Interpretation:
        for _, found in self.interpretations():
            if found.id == interpretation_id:
                return found
        raise KeyError(f"no interpretation {quoted(interpretation_id)}")

    def to_frame(self):
        """One row per entry: id, title, tags, refs, interpretation count."""
        import pandas as pd

        return pd.DataFrame(
            [
                {
                    "id": e.id,
                    "title": e.title,
                    "tags": ", ".join(e.tags),
                    "refs": ", ".join(e.refs),
                    "interpretations": len(e.interpretations),
                    "summary": e.summary,
                }
                for e in self.entries.values()
            ]
        )


def _order(rule_id: str) -> tuple:
    """Sort key following the book: 3.2 before 3.2A before 3.10."""
    prefix, number = rule_id.split(":", 1)
    parts = re.findall(r"\d+|[A-Z]", number)
    return (prefix, *[(int(p), "") if p.isdigit() else (0, p) for p in parts])


def parse_reference(text: str, file: str) -> GameReference:
    """Validate one game's reference file, with errors naming the file and the field."""
    try:
        return GameReference.model_validate(load_yaml(text))
    except ValidationError as err:
        raise ScenarioError(validation_problems(err, file)) from None


@cache
def load_reference(folder: str | None = None) -> Reference:
    """The shipped rules reference (or every ``*.yaml`` in *folder*)."""
    if folder is not None:
        files = [
            (str(p), p.read_text(encoding="utf-8")) for p in sorted(Path(folder).glob("*.yaml"))
        ]
    else:
        root = resources.files("rulebook.reference") / DATA
        files = [
            (f.name, f.read_text(encoding="utf-8"))
            for f in sorted(root.iterdir(), key=lambda f: f.name)
            if f.name.endswith(".yaml")
        ]
    return Reference([parse_reference(text, name) for name, text in files])
