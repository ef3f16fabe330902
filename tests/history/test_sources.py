"""The walkthrough's facts: every place and figure has a source, and game-text sources exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook.errors import ScenarioError
from rulebook.history import load_chapters, load_places
from rulebook.reference import load_reference
from rulebook.rule_ids import is_rule_id

DATA = Path(__file__).resolve().parents[2] / "scenarios" / "ia_drang"


def test_every_place_and_figure_has_a_source():
    places = load_places()
    assert all(p.source.strip() for p in places.values())
    for chapter in load_chapters():
        assert chapter.figures
        for figure in chapter.figures:
            assert figure.source.strip(), (chapter.id, figure.label)


def test_game_text_sources_are_real_rule_cases():
    reference = load_reference()
    cited = [
        f.source
        for c in load_chapters()
        for f in c.figures
        if re.fullmatch(r"(lza|ftv):\S+", f.source)
    ]
    assert cited
    for rule in cited:
        assert is_rule_id(rule)
        if rule.startswith("lza:"):
            assert rule in reference, rule


def test_lza_1_1_figures_match_the_reference_numbers():
    numbers = load_reference()["lza:1.1"].numbers
    albany = next(c for c in load_chapters() if c.id == "albany")
    shown = {f.label: f.value for f in albany.figures}
    assert shown["US killed"] == str(numbers["us_killed"])
    assert shown["US wounded"] == str(numbers["us_wounded"])
    assert shown["NVA killed (estimate)"] == str(numbers["nva_killed_estimate"])


def test_the_albany_chapter_records_the_casualty_disagreement():
    albany = next(c for c in load_chapters() if c.id == "albany")
    assert any("ftv:1.1B" in d and "lza:1.1" in d for d in albany.disagreements)


def test_a_chapter_naming_an_unknown_place_is_refused(tmp_path):
    (tmp_path / "places.yaml").write_text((DATA / "places.yaml").read_text())
    broken = (
        (DATA / "chapters.yaml")
        .read_text()
        .replace("places: [plei-me, pleiku]", "places: [plei-me, saigon]")
    )
    (tmp_path / "chapters.yaml").write_text(broken)
    with pytest.raises(ScenarioError, match=r"chapters\.0\.places: no place 'saigon'"):
        load_chapters(tmp_path)
