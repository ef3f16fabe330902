"""Every subcommand given bad input: one line on stderr naming the problem, the documented exit
code (2), no traceback, nothing hanging. A table, so a new subcommand gets a row."""

from __future__ import annotations

import os
import shutil
import socket
from pathlib import Path

import pytest

from rulebook.cli import EXIT_BAD_INPUT, main

ROOT = Path(__file__).resolve().parents[1] / "scenarios"
LZA = str(ROOT / "lz_albany" / "standard.yaml")
FTV = str(ROOT / "first_team" / "campaign.yaml")

# (argv, words the one line must hold); paths are relative to a scratch folder
CASES = [
    (["validate", "missing.yaml"], "missing.yaml: cannot read the file"),
    (["validate", "fifo.yaml"], "fifo.yaml: is not a regular file"),
    (["validate", "/dev/zero"], "/dev/zero: is not a regular file"),
    (["validate", "empty-folder"], "no .yaml files under empty-folder"),
    (["schema", "-o", "nodir/x.json"], "rulebook schema: cannot write nodir/x.json"),
    (["schema", "-o", "fifo.yaml"], "cannot write fifo.yaml: it is not a regular file"),
    (["rules", "site", "-o", "fifo.yaml"], "rulebook rules site: fifo.yaml is not a folder"),
    (["rules", "site", "-o", "/proc/no-such"], "rules site: cannot write the site to /proc/no-such"),
    (["rules", "nosuch-action"], "argument action: invalid choice"),
    (["rules", "show", ""], "rulebook rules show: no rule “” in the reference"),
    (["rules", "search", "night", "--tag", "nigt"], "no entry has the tag “nigt”; nearest tags: night"),
    (["rules", "search", "--game", "lza", "LOS", "--bogus"], "unrecognized arguments: --bogus"),
    (["rules", "export", "-o", "nodir/x.json"], "rulebook rules export: cannot write nodir/x.json"),
    # empty: written to the screen, and an empty tag blamed the words searched for
    (["schema", "-o", ""], "argument -o/--output: give a file name (it is empty)"),
    (["rules", "export", "-o", " "], "argument -o/--output: give a file name (it is empty)"),
    (["rules", "search", "--tag", "", "LOS"], "argument --tag: give a tag (it is empty)"),
    (["play", "lz-albany", "--scenario", ""], "argument --scenario: give a file name (it is empty)"),
    (["simulate", "lz-albany", "--scenario", " "], "argument --scenario: give a file name (it is empty)"),
    (["rules", "coverage", "zz"], "rulebook rules coverage: no book “zz”; name lza or ftv"),
    (["play", "lz-albany", "--scenario", "missing.yaml"], "rulebook play: missing.yaml: cannot read"),
    (["play", "lz-albany", "--scenario", FTV], "game: this scenario is for First Team: Vietnam; LZ Albany cannot play it"),
    (["play", "first-team", "--scenario", LZA], "game: this scenario is for LZ Albany; First Team: Vietnam cannot play it"),
    (["play", "lz-albany", "--seed", "-3"], "argument --seed: -3 is out of range (0 or more)"),
    (["play", "lz-albany", "--seed", "x"], "argument --seed: “x” is not a whole number"),
    (["play", "chess"], "argument game: invalid choice: 'chess'"),
    (["play", "first-team", "--option", "nva_artillery=maybe"], "option nva_artillery: “maybe” is not one of false, true"),
    (["simulate", "lz-albany", "--workers", "-1"], "argument --workers: -1 is out of range"),
    (["simulate", "lz-albany", "--games", "100000000"], "argument --games: 100000000 is out of range"),
    (["simulate", "lz-albany", "--games", "-5"], "argument --games: -5 is out of range (1 to 100000)"),
    (["simulate", "lz-albany", "--games", "0"], "argument --games: 0 is out of range (1 to 100000)"),
    (["simulate", "lz-albany", "--set", "turns.value=*1e400"], "1e400 is out of range"),
    (["simulate", "lz-albany", "--set", "turns.value=1e400"], "1e400 is out of range"),
    (["simulate", "lz-albany", "--set", "turns.value=*lots"], "*F scales by a number"),
    (["simulate", "lz-albany", "--set", "nothing"], "write PATH=VALUE"),
    (["simulate", "lz-albany", "--set", "lz_albany.chits.99=3"], "lz_albany.chits.99: no item “99” in a list of 11 (items: 0 to 10)"),
    (["simulate", "lz-albany", "--set", "lz_albany.chits.x.count=3"], "lz_albany.chits.x.count: no item “x” in a list of 11"),
    (["simulate", "lz-albany", "--set", "lz_albany.companies=1,2"], "lz_albany.companies: is a list of groups of values; set a part of one"),
    (["simulate", "lz-albany", "--set", "lz_albany.chits.0.count=99"], "lz_albany.chits.0.count: must be 50 or less; got 99"),
    (["simulate", "lz-albany", "-q", "--games", "1", "--workers", "0", "--set", "lz_albany.unit_types.nva-rifle.fire=5000"], "a game stopped part-way: cannot roll"),
    # refused as the same values in a file are (1,000,000,000 turns played for ever)
    (["simulate", "first-team", "--set", "turns.value=1000000000"], "turns.value: a game lasts 1 to 99 turns, not 1000000000"),
    (["simulate", "lz-albany", "--set", "turns.value=0"], "turns.value: a game lasts 1 to 99 turns, not 0"),
    (["simulate", "lz-albany", "--set", "map.areas.0.terrain=lava"], "map.areas.0.terrain: area A1: terrain “lava” is not in map.terrains"),
    (["simulate", "lz-albany", "--set", "values.flares.value=*1e9"], "values.flares.value: numbers in a scenario lie within ±1,000,000,000, not “*1e9” (8,000,000,000)"),
    # given twice, the last one silently won
    (["simulate", "lz-albany", "--set", "turns.value=8", "--set", "turns.value = 9"], "rulebook simulate: --set sets turns.value twice, “turns.value=8” and “turns.value = 9”; give one of them"),
    (["play", "first-team", "--scenario", FTV, "--option", "nva_artillery=true", "--option", "nva_artillery=false"], "rulebook play: --option sets nva_artillery twice, “nva_artillery=true” and “nva_artillery=false”; give one of them"),
    (["simulate", "lz-albany", "--scheduler", "not a url"], "is not a scheduler address like tcp://"),
    (["simulate", "lz-albany", "--scheduler", "tcp://127.0.0.1:99999"], "port 99999 is out of range (1 to 65535)"),
    (["simulate", "lz-albany", "--scenario", FTV], "game: this scenario is for First Team: Vietnam; LZ Albany cannot play it"),
    (["simulate", "lz-albany", "--scenario", "fifo.yaml"], "fifo.yaml: is not a regular file"),
    (["av", "table", "no-such-table"], "rulebook av: "),
    (["av", "scenario", "missing.yaml"], "missing.yaml"),
    (["serve", "--port", "-1"], "argument --port: -1 is out of range (1 to 65535)"),
    (["serve", "--port", "70000"], "argument --port: 70000 is out of range (1 to 65535)"),
    (["serve", "--notebooks", "nowhere"], "no 00_start_here.ipynb in nowhere"),
    (["nosuch"], "argument COMMAND: invalid choice: 'nosuch'"),
]  # fmt: skip


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.mkfifo(tmp_path / "fifo.yaml")
    (tmp_path / "empty-folder").mkdir()
    return tmp_path


@pytest.mark.parametrize(("argv", "says"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_bad_input_is_one_line_and_exit_2(scratch, capsys, argv, says):
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's refusals
        code = stop.code
    err = capsys.readouterr().err
    assert code == EXIT_BAD_INPUT, err
    assert says in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) <= 2, err  # validate adds its "n of m invalid" tally


def test_a_busy_port_is_refused_before_voila_starts(scratch, capsys):
    pytest.importorskip("voila")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == EXIT_BAD_INPUT
    assert f"port {port} is already in use; pass --port N" in capsys.readouterr().err


WRONG_KINDS = {
    "lz-albany": (LZA, "stacking_limit: {value: 3,", "values.stacking_limit.value: a whole number"),
    "first-team": (FTV, "cp_per_turn: {value: 20,", "values.cp_per_turn.value: a whole number"),
}


@pytest.mark.parametrize("game", WRONG_KINDS)
def test_play_refuses_a_value_of_the_wrong_kind_by_its_field(scratch, capsys, game):
    """A number written as a word loads (values may hold anything) but no engine can use it:
    the field is named before the engine starts, not a type error from deep in a rule."""
    shipped, line, says = WRONG_KINDS[game]
    text = Path(shipped).read_text(encoding="utf-8")
    assert line in text
    (scratch / "bad.yaml").write_text(text.replace(line, line.split("{")[0] + "{value: lots,"))
    assert main(["play", game, "--scenario", "bad.yaml"]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert says in err
    assert "not 'lots'" in err
    assert "Traceback" not in err


def test_a_game_that_stops_part_way_names_the_file_and_how_to_find_why(scratch, capsys):
    text = Path(LZA).read_text(encoding="utf-8")
    assert "nva-rifle: {kind: infantry, fire: 2," in text
    (scratch / "fire.yaml").write_text(
        text.replace(
            "nva-rifle: {kind: infantry, fire: 2,", "nva-rifle: {kind: infantry, fire: 5000,"
        )
    )
    assert main(["play", "lz-albany", "--scenario", "fire.yaml", "--seed", "1"]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err.strip()
    assert err.startswith("rulebook play: the game stopped part-way: cannot roll ")
    assert err.endswith("`rulebook validate fire.yaml` plays a test game and says where it stops")
    assert len(err.splitlines()) == 1


def test_validate_reads_a_folders_scenarios_in_any_case_and_says_a_map_is_no_scenario(
    tmp_path, capsys
):
    """From a fuzzing round: validate DIR passed over sub/ok.YAML and counted a folder named
    d.yaml as a bad file; a designer's GeoJSON map was refused as 'schema_version: required
    field is missing'."""
    from rulebook.maps import demo_spec
    from rulebook.maps.design import MapDesign

    root = Path(__file__).resolve().parents[1]
    (tmp_path / "sub").mkdir()
    shutil.copy(root / "scenarios" / "lz_albany" / "standard.yaml", tmp_path / "sub" / "ok.YAML")
    (tmp_path / "d.yaml").mkdir()
    assert main(["validate", str(tmp_path)]) == 0
    assert "ok  " in capsys.readouterr().out
    MapDesign(demo_spec()).save(tmp_path / "map.geojson")
    assert main(["validate", str(tmp_path / "map.geojson")]) == 2
    err = capsys.readouterr().err
    assert "a GeoJSON map, not a scenario file" in err
    assert "schema_version" not in err
