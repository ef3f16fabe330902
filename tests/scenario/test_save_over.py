"""A designer's save never replaces another game's scenario, or a file that is no scenario
(each designer saves into one folder, under a name the designer types)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulebook.games.ambush_valley.scenario import Scenario as AvScenario
from rulebook.maps.design import MapDesign
from rulebook.maps.point_design import PointDesign

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
FILES = {
    "lz-albany": SCENARIOS / "lz_albany" / "standard.yaml",
    "first-team": SCENARIOS / "first_team" / "campaign.yaml",
    "ambush-valley": SCENARIOS / "ambush_valley" / "ap_bac.yaml",
}
SAVERS = {
    "lz-albany": lambda: MapDesign.load(FILES["lz-albany"]),
    "first-team": lambda: PointDesign.load(FILES["first-team"]),
    "ambush-valley": lambda: AvScenario.load(FILES["ambush-valley"]),
}
TITLES = {
    "lz-albany": "LZ Albany",
    "first-team": "First Team: Vietnam",
    "ambush-valley": "Ambush Valley",
}


@pytest.mark.parametrize("saver", SAVERS)
@pytest.mark.parametrize("held", FILES)
def test_a_save_refuses_another_games_scenario_and_keeps_it(saver, held, tmp_path):
    target = tmp_path / "mine.yaml"
    shutil.copy(FILES[held], target)
    before = target.read_bytes()
    design = SAVERS[saver]()
    if held == saver:  # saving again over one's own game's file is the usual case
        design.save(target)
        return
    with pytest.raises(ValueError, match=rf"mine\.yaml holds a {TITLES[held]}.* scenario"):
        design.save(target)
    assert target.read_bytes() == before


@pytest.mark.parametrize("saver", SAVERS)
@pytest.mark.parametrize("text", ["", "not: [yaml", "a: 1\n", "game: chess\n"])
def test_a_save_refuses_a_file_that_is_no_scenario_and_keeps_it(saver, text, tmp_path):
    target = tmp_path / "notes.yaml"
    target.write_text(text)
    with pytest.raises(
        ValueError, match=r"notes\.yaml already holds a file that is not a scenario"
    ):
        SAVERS[saver]().save(target)
    assert target.read_text() == text
