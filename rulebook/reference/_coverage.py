"""Rules coverage: which mechanical cases the engine implements and which tests name them.

A case is *mechanical* when it says how play goes: every entry of a book except its history,
its components and the section overviews (entries tagged ``history``, ``components`` or
``overview``). A case is *implemented* when engine code cites it (a trace step, an error, a
docstring) and *tested* when a test names it (see :mod:`rulebook.reference._links`); a
lettered paragraph counts for its case, as elsewhere.

>>> from rulebook.reference import load_reference
>>> rows = coverage(load_reference(), "lza")
>>> row = next(r for r in rows if r.id == "lza:7.3")
>>> row.implemented, row.tested
(True, True)
>>> "lza:1.1" in {r.id for r in rows}   # history, not a rule of play
False
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.reference._links import implementations, named_in_tests
from rulebook.reference._reference import Reference

__all__ = ["CaseCoverage", "coverage", "coverage_table"]

NOT_MECHANICAL = frozenset({"history", "components", "overview"})


@dataclass(frozen=True)
class CaseCoverage:
    """One mechanical case: the engine functions citing it and the tests naming it."""

    id: str
    title: str
    implemented_by: tuple[str, ...]
    named_by: tuple[str, ...]

    @property
    def implemented(self) -> bool:
        return bool(self.implemented_by)

    @property
    def tested(self) -> bool:
        return bool(self.named_by)


def _by_case(ref: Reference, found: dict[str, tuple[str, ...]]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for rule_id, where in found.items():
        out.setdefault(ref.resolve(rule_id) or rule_id, set()).update(where)
    return out


def coverage(ref: Reference, prefix: str) -> list[CaseCoverage]:
    """Every mechanical case of the book with rule ids *prefix* (``lza``), in book order."""
    code = _by_case(ref, implementations())
    tests = _by_case(ref, named_in_tests())
    return [
        CaseCoverage(
            e.id,
            e.title,
            tuple(sorted(code.get(e.id, ()))),
            tuple(sorted(tests.get(e.id, ()))),
        )
        for e in ref
        if e.id.startswith(f"{prefix}:") and not NOT_MECHANICAL & set(e.tags)
    ]


def coverage_table(ref: Reference, prefix: str) -> str:
    """A Markdown table of the cases, with the totals in words above it."""
    rows = coverage(ref, prefix)
    done = sum(r.implemented for r in rows)
    named = sum(r.tested for r in rows)
    total = len(rows) or 1
    lines = [
        (
            f"{prefix}: {len(rows)} mechanical cases; implemented {done} "
            f"({100 * done // total}%), tested by name {named} ({100 * named // total}%)"
        ),
        "",
        "| case | title | implemented | tested by name |",
        "| --- | --- | --- | --- |",
    ]
    for r in rows:
        lines.append(
            f"| {r.id} | {r.title} | {'yes' if r.implemented else 'NO'} | "
            f"{len(r.named_by) if r.tested else 'NO'} |"
        )
    return "\n".join(lines)
