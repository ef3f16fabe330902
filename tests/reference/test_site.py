"""The static rules site's sources: every entry a page, every link, interpretation and finding.

The Sphinx build itself, and searching the built site from disk, are in
tests/browser/test_rules_site.py."""

from __future__ import annotations

import pytest

from rulebook.reference import load_reference
from rulebook.reference._site import docname, entry_page, write_sources


@pytest.fixture(scope="module")
def ref():
    return load_reference()


@pytest.fixture(scope="module")
def sources(ref, tmp_path_factory):
    folder = tmp_path_factory.mktemp("site-source")
    count = write_sources(ref, folder)
    return folder, count


def test_every_entry_of_the_three_books_gets_a_page(ref, sources):
    folder, count = sources
    assert count == len(ref) + 3 + 4  # three book indexes; home, interpretations, findings, names
    assert [e.id for e in ref if not (folder / f"{docname(e.id)}.rst").is_file()] == []


def test_an_entry_page_links_both_ways_and_says_how_the_engine_plays_it(ref):
    page = entry_page(ref, ref["lza:7.8"])
    assert page.startswith(".. index:: !lza:7.8\n.. index:: !LOS\n.. index:: !line of sight\n")
    assert ":doc:`lza:11.1A Night LOS </lza/11-1A>`" in page  # refers to
    assert "How the engine plays it" in page
    assert "<details><summary>Code and tests" in page
    assert "test_<wbr>lza_<wbr>7_<wbr>8" in page  # long names wrap at separators only
    cited = entry_page(ref, ref["ftv:4.2.3.2"])
    assert ":doc:`ftv:2.5.2 Special Forces Camp Garrisons </ftv/2-5-2>`" in cited  # cited by


def test_interpretations_and_findings_are_all_listed(ref, sources):
    folder, _ = sources
    interpretations = (folder / "interpretations.rst").read_text(encoding="utf-8")
    for _entry, interp in ref.interpretations():
        assert interp.question.split()[0] in interpretations
    assert interpretations.count("**engine:**") == len(ref.interpretations())
    findings = (folder / "findings.rst").read_text(encoding="utf-8")
    assert findings.count("\n- ") == len(ref.check())


def test_markup_characters_in_the_data_are_escaped(ref):
    page = entry_page(ref, ref["ftv:4.2.6"])  # titled "Asterisk (*)"
    assert "ftv:4.2.6 Asterisk (\\*)" in page
