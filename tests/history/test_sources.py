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
    with pytest.raises(ScenarioError, match=r"chapters\.0\.places: no place “saigon”"):
        load_chapters(tmp_path)


def test_every_chapter_shows_first_team_positions_that_exist_in_the_campaign():
    from rulebook.games.first_team import campaign_map, campaign_scenario
    from rulebook.games.first_team.forces import nva_companies, us_companies
    from rulebook.games.first_team.logistics import stacking_problem

    spec = campaign_scenario().first_team
    units = {u.id: u for u in [*nva_companies(spec), *us_companies(spec)]}
    stages = [c.game.first_team for c in load_chapters()]
    assert all(stages)
    assert [s.turn for s in stages] == sorted(s.turn for s in stages)  # the story runs forward
    for stage in stages:
        for loc, ids in stage.locations.items():
            assert loc in campaign_map().locations
            for side in ("us", "nva"):
                assert stacking_problem([units[i] for i in ids if units[i].side == side]) is None, (
                    loc
                )
        assert stage.provenance == "printed" or len(stage.note) > 60


def test_ftv_7_0_the_opening_stage_is_the_printed_set_up():
    stage = load_chapters()[0].game.first_team
    assert stage.turn == 1
    assert stage.provenance == "printed"
    assert stage.locations == {"D2": ["Duc Co"], "G4": ["Plei Me"]}
    assert stage.zones == {}


def test_a_stage_naming_a_unit_the_campaign_lacks_is_refused(tmp_path):
    import shutil

    from rulebook.history import load_chapters as load

    for name in ("places.yaml", "chapters.yaml"):
        shutil.copy(DATA / name, tmp_path / name)
    text = (tmp_path / "chapters.yaml").read_text().replace("A/2/7, C/2/7", "A/2/7, Z/9/9")
    (tmp_path / "chapters.yaml").write_text(text)
    with pytest.raises(ScenarioError, match=r"chapters\.3\.game\.first_team\.A6: no unit “Z/9/9”"):
        load.__wrapped__(tmp_path)
