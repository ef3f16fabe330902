from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from importlib import resources
from pathlib import Path

import networkx as nx
import yaml
from pydantic import ValidationError

from rulebook.errors import ScenarioError
from rulebook.reference._models import Entry, GameReference, Interpretation
from rulebook.scenario._io import validation_problems

DATA = "data"
_WORD = re.compile(r"[a-z0-9]+")


class Reference:
    """Every rule entry of the loaded games, by id, with search and a cross-reference graph."""

    def __init__(self, games: list[GameReference]) -> None:
        self.games = {g.game: g for g in games}
        self.entries: dict[str, Entry] = {e.id: e for g in games for e in g.entries}
        self.graph = nx.DiGraph()
        for entry in self.entries.values():
            self.graph.add_node(entry.id, title=entry.title)
            for ref in entry.refs:
                self.graph.add_edge(entry.id, ref)
        self._index = {eid: set(_WORD.findall(self._text(e))) for eid, e in self.entries.items()}

    @staticmethod
    def _text(entry: Entry) -> str:
        parts = [entry.id, entry.title, entry.summary, " ".join(entry.tags), " ".join(entry.steps)]
        parts += [
            f"{i.question} {' '.join(r.text for r in i.readings)}" for i in entry.interpretations
        ]
        return " ".join(parts).lower()

    def __getitem__(self, rule_id: str) -> Entry:
        try:
            return self.entries[rule_id]
        except KeyError:
            import difflib

            close = difflib.get_close_matches(rule_id, list(self.entries), n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise KeyError(f"no rule {rule_id!r} in the reference{hint}") from None

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.entries

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries.values())

    def __len__(self) -> int:
        return len(self.entries)

    def search(self, query: str, *, tag: str | None = None) -> list[Entry]:
        """Entries matching every word of *query* (title, summary, tags, steps, interpretations).

        Title matches rank first, then rule order.
        """
        words = _WORD.findall(query.lower())
        hits = [
            e
            for eid, e in self.entries.items()
            if all(any(token.startswith(w) for token in self._index[eid]) for w in words)
            and (tag is None or tag in e.tags)
        ]
        return sorted(
            hits, key=lambda e: (not any(w in e.title.lower() for w in words), _order(e.id))
        )

    def refers_to(self, rule_id: str) -> list[str]:
        """Rules this one cites."""
        self[rule_id]
        return sorted(self.graph.successors(rule_id), key=_order)

    def cited_by(self, rule_id: str) -> list[str]:
        """Rules that cite this one."""
        self[rule_id]
        return sorted(self.graph.predecessors(rule_id), key=_order)

    def parent(self, rule_id: str) -> str | None:
        """The enclosing case: lza:7.7A -> lza:7.7 -> lza:7.0."""
        prefix, number = rule_id.split(":", 1)
        if number[-1].isalpha():
            candidate = f"{prefix}:{number[:-1]}"
        elif "." in number and not number.endswith(".0"):
            head = number.rsplit(".", 1)[0]
            candidate = f"{prefix}:{head}.0" if "." not in head else f"{prefix}:{head}"
        else:
            return None
        return candidate if candidate in self.entries else None

    def interpretations(self) -> list[tuple[Entry, Interpretation]]:
        """Every recorded interpretation with the entry it belongs to."""
        return [(e, i) for e in self.entries.values() for i in e.interpretations]

    def interpretation(self, interpretation_id: str) -> Interpretation:
        for _, found in self.interpretations():
            if found.id == interpretation_id:
                return found
        raise KeyError(f"no interpretation {interpretation_id!r}")

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
        return GameReference.model_validate(yaml.safe_load(text))
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
