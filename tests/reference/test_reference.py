"""The rules reference: complete, cross-linked, and tied to the engine, its options and its tests."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import pytest

from rulebook.errors import ScenarioError
from rulebook.reference import load_reference
from rulebook.reference._reference import parse_reference
from rulebook.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT.parent / "shared" / "seeds" / "000_7e9a9fdeb3581ccf.txt"
RULE = re.compile(r'"(lza:[0-9][0-9A-Z.]*)"')


@pytest.fixture(scope="module")
def ref():
    return load_reference()


def cases_in_the_rulebook() -> set[str]:
    """Every numbered case and lettered sub-case the LZ Albany text defines."""
    if not SEED.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"the source text is missing: {SEED}")
        pytest.skip(f"the source text is not beside the project ({SEED})")
    found, current = set(), None
    for line in SEED.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^(\d+\.\d+) [A-Z]", line)
        if heading:
            current = heading.group(1)
            found.add(f"lza:{current}")
            continue
        letter = re.match(r"^(?:- )?([A-F])\) [A-Z]", line)
        if letter and current:
            found.add(f"lza:{current}{letter.group(1)}")
    return found


def test_every_case_and_sub_case_of_lz_albany_has_an_entry(ref):
    expected = cases_in_the_rulebook()
    assert len(expected) > 80
    missing = sorted(expected - set(ref.entries))
    assert missing == []


def test_cross_references_point_at_entries(ref):
    dangling = [(e.id, r) for e in ref for r in e.refs if r not in ref]
    assert dangling == []


def test_search_cross_links_and_parents(ref):
    assert next(e.id for e in ref.search("line of sight")) == "lza:7.8"
    assert "lza:7.8" in ref.cited_by("lza:11.1A") or "lza:11.1A" in ref.refers_to("lza:7.8")
    assert ref.parent("lza:7.7A") == "lza:7.7"
    assert ref.parent("lza:7.7") == "lza:7.0"
    assert all("night" in e.tags for e in ref.search("", tag="night"))
    with pytest.raises(KeyError, match="did you mean"):
        ref["lza:7.88"]


def test_interpretations_with_options_match_the_scenario(ref):
    scenario = load_scenario(ROOT / "scenarios" / "lz_albany" / "standard.yaml")
    for _entry, interp in ref.interpretations():
        if interp.option is None:
            continue
        option = scenario.options[interp.option]
        assert sorted(option.choices) == sorted(r.id for r in interp.readings), interp.id
        assert option.default == interp.engine_uses, interp.id
        assert option.interpretation == interp.id, interp.id
    assert {o.interpretation for o in scenario.options.values()} <= {
        i.id for _, i in ref.interpretations()
    }


def engine_rule_ids() -> set[str]:
    folder = ROOT / "rulebook" / "games" / "lz_albany"
    return {m for p in folder.glob("*.py") for m in RULE.findall(p.read_text())}


def test_every_rule_the_engine_cites_is_in_the_reference(ref):
    assert sorted(engine_rule_ids() - set(ref.entries)) == []


def rule_ids_named_by_tests() -> set[str]:
    """Rule cases named by a test: in its name (test_lza_7_4_...) or its docstring."""
    named = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                for section, case in re.findall(r"lza_(\d+)_(\d+[a-z]?)", node.name):
                    named.add(f"lza:{section}.{case.upper()}")
                named |= set(
                    re.findall(r"lza:[0-9][0-9A-Z.]*[0-9A-Z]", ast.get_docstring(node) or "")
                )
    return named


def test_every_rule_the_engine_implements_has_a_test_that_names_it():
    untested = sorted(engine_rule_ids() - rule_ids_named_by_tests())
    assert untested == []


def test_a_bad_reference_file_names_the_field():
    bad = "game: lz-albany\nprefix: lza\ntitle: T\nentries:\n  - {id: 'lza 7.3', title: x, summary: y}\n"
    with pytest.raises(ScenarioError, match=r"bad\.yaml: entries\.0\.id"):
        parse_reference(bad, "bad.yaml")
