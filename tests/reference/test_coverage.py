"""The coverage table: every mechanical case of LZ Albany implemented and tested by name."""

from __future__ import annotations

from rulebook.reference import load_reference
from rulebook.reference._coverage import coverage, coverage_table


def test_lza_every_mechanical_case_is_implemented_and_named_by_a_test():
    rows = coverage(load_reference(), "lza")
    assert len(rows) > 70
    assert [r.id for r in rows if not r.implemented] == []
    assert [r.id for r in rows if not r.tested] == []


def test_coverage_table_states_the_totals_in_words():
    table = coverage_table(load_reference(), "lza")
    first = table.splitlines()[0]
    assert first.startswith("lza: ")
    assert "implemented" in first
    assert "(100%)" in first
    assert "| lza:7.3 | Ranged Infantry Fire | yes |" in table
