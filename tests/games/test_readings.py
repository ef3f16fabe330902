"""Each engine's table of readings (rulebook.games._readings) against its code and the shipped
scenarios: a scenario may offer only the choices the code compares, and the code reads no
option the table leaves out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook.games._readings import READINGS, reading_problems
from rulebook.scenario import Game, load_scenario

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = {Game.LZ_ALBANY: "lz_albany", Game.FIRST_TEAM: "first_team"}
SHIPPED = {
    Game.LZ_ALBANY: ROOT / "scenarios" / "lz_albany" / "standard.yaml",
    Game.FIRST_TEAM: ROOT / "scenarios" / "first_team" / "campaign.yaml",
}
READ = re.compile(r"options\.get\(\s*\"([a-z_]+)\"")


def _code(game: Game) -> str:
    folder = ROOT / "rulebook" / "games" / PACKAGES[game]
    return "\n".join(p.read_text() for p in sorted(folder.glob("*.py")))


@pytest.mark.parametrize("game", PACKAGES, ids=str)
def test_the_table_names_every_option_the_code_reads_and_spells_its_choices_so(game):
    code = _code(game)
    assert set(READ.findall(code)) == set(READINGS[game])
    for name, choices in READINGS[game].items():
        # The code compares a two-way reading with one of its choices (the other is its else):
        # at least one is spelt there as the table spells it.
        spelt = [c for c in choices if isinstance(c, str)]
        assert not spelt or any(f'"{c}"' in code for c in spelt), f"{name}: {spelt} not in code"


@pytest.mark.parametrize("game", PACKAGES, ids=str)
def test_the_shipped_scenario_offers_every_reading_and_no_other(game):
    scenario = load_scenario(SHIPPED[game])
    assert reading_problems(scenario, "shipped") == []
    offered = {name: set(o.choices) for name, o in scenario.options.items()}
    assert offered == {name: set(c) for name, c in READINGS[game].items()}


def test_lza_6_1_a_reading_the_engine_does_not_know_is_refused_by_name(tmp_path):
    """lza:6.1's over-stacked fire offered "bogus": it played as the case's own reading."""
    text = SHIPPED[Game.LZ_ALBANY].read_text()
    bad = tmp_path / "bogus.yaml"
    bad.write_text(
        text.replace(
            "choices: [die_per_extra_unit, example_two_fire]",
            "choices: [die_per_extra_unit, example_two_fire, bogus]",
        )
    )
    from rulebook.scenario import validate

    found = [str(p) for p in validate(load_scenario(bad), "bogus.yaml", play=False)]
    said = (
        "bogus.yaml: options.overstack_fire.choices.2: “bogus” is not a reading the LZ Albany "
        "engine implements; it knows die_per_extra_unit and example_two_fire"
    )
    assert found == [said]


def test_an_option_no_rule_reads_is_refused_as_changing_nothing():
    scenario = load_scenario(SHIPPED[Game.FIRST_TEAM])
    extra = scenario.options["evasion_roll"].model_copy()
    scenario = scenario.model_copy(update={"options": {**scenario.options, "night_moves": extra}})
    (problem,) = reading_problems(scenario, "f.yaml")
    assert problem.path == "options.night_moves"
    assert "reads an option “night_moves”, so it would change nothing" in problem.message
