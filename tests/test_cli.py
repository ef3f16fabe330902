"""The `rulebook` command: exit codes and messages, in-process and as real subprocesses."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook import __version__
from rulebook.cli import main

ROOT = Path(__file__).resolve().parents[1]
STANDARD = ROOT / "scenarios" / "lz_albany" / "standard.yaml"


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"rulebook {__version__}"


def test_validate_good_file_exits_0(capsys):
    assert main(["validate", str(STANDARD)]) == 0
    assert "ok  " in capsys.readouterr().out


def test_validate_folder_finds_every_yaml(capsys):
    assert main(["validate", str(ROOT / "scenarios")]) == 0
    assert str(STANDARD) in capsys.readouterr().out


def test_validate_broken_file_exits_2_naming_the_field(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text(STANDARD.read_text().replace("value: 10,", "value: ten,"))
    assert main(["validate", str(STANDARD), str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:" in err
    assert "turns.value: expected a whole number" in err
    assert "1 of 2 file(s) invalid" in err


def test_validate_reports_gameplay_problems_with_exit_2(tmp_path, capsys):
    odd = tmp_path / "odd.yaml"
    odd.write_text(STANDARD.read_text().replace('rule: "lza:3.3"', 'rule: "ftv:3.3"', 1))
    assert main(["validate", "-q", str(odd)]) == 2
    assert "turns.rule: cites “ftv:3.3”, a rule of another game" in capsys.readouterr().err


def test_a_reader_that_stops_reading_is_no_success(tmp_path, monkeypatch):
    """`rulebook validate DIR | head -1` exited 0, with stderr closed, though a file in DIR was
    invalid and never reached: a command cut short by its reader exits 141, as a writer stopped
    by SIGPIPE does, and may still speak on stderr."""
    import io
    import os

    class Closed(io.TextIOWrapper):  # stdout whose reader has gone, on a real file descriptor
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    sink = (tmp_path / "out").open("wb")
    monkeypatch.setattr(sys, "stdout", Closed(sink))
    assert main(["validate", "scenarios/lz_albany/standard.yaml"]) == 141
    assert not sys.stderr.closed
    assert os.path.samestat(os.fstat(sink.fileno()), Path(os.devnull).stat())  # the last flush


def test_a_catalogue_search_that_finds_nothing_says_so_and_exits_1(capsys):
    """It printed pandas' "Empty DataFrame / Columns: [...] / Index: []" and exited 0."""
    assert main(["av", "catalogue", "vehicles", "--search", "zzzz"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "rulebook av: nothing in the vehicles catalogue matches “zzzz”\n"


@pytest.mark.parametrize("which", ["vehicles", "platoons", "forces"])
def test_a_catalogue_shows_a_missing_value_as_a_dash_not_pandas_words(capsys, which):
    """The vehicles printed NaN, <NA> and None where a value is missing (the Ontos's crew)."""
    assert main(["av", "catalogue", which]) == 0
    out = capsys.readouterr().out
    assert re.findall(r"\bNaN\b|<NA>|\bNone\b|\bnan\b", out) == []
    if which == "vehicles":
        ontos = next(line for line in out.splitlines() if line.startswith("M50 Ontos"))
        # no deck armour; survivability; no crew, passengers or move; characteristics, notes
        assert "1D6 - 4+/D6 - - - open-topped;" in " ".join(ontos.split())


def test_control_characters_from_a_file_are_shown_not_obeyed(tmp_path, capsys):
    """A title holding an escape sequence (clear the screen) and a bell reached the terminal
    raw, which obeyed them."""
    odd = tmp_path / "odd.yaml"
    title = "title: LZ Albany, 17 November 1965"
    assert title in STANDARD.read_text()
    odd.write_text(STANDARD.read_text().replace(title, 'title: "LZ \\x1b[2J Albany\\x07"'))
    assert main(["validate", str(odd)]) == 0
    assert capsys.readouterr().out == f"ok  {odd}  (lz-albany: LZ \\x1b[2J Albany\\x07)\n"


def test_every_command_writes_control_characters_as_text_on_both_streams(capsys):
    """The one place output goes out (main), for stderr too; the progress bar keeps the
    carriage return it redraws its line with."""
    from rulebook import cli

    with cli._shown_as_text():
        sys.stdout.write("a\x1b]0;title\x07\x9bz\tb\n")
        sys.stderr.write("\rbar \x1b[A\x7f\n")
    out, err = capsys.readouterr()
    assert out == "a\\x1b]0;title\\x07\\x9bz\tb\n"
    assert err == "\rbar \\x1b[A\\x7f\n"


def test_validate_missing_path_and_empty_folder_exit_2(tmp_path, capsys):
    assert main(["validate", str(tmp_path / "missing.yaml")]) == 2
    assert "cannot read the file" in capsys.readouterr().err
    assert main(["validate", str(tmp_path)]) == 2
    assert "no .yaml files under" in capsys.readouterr().err


def test_schema_to_stdout_and_file(tmp_path, capsys):
    assert main(["schema"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["title"] == "Scenario"
    assert main(["schema", "-o", str(tmp_path / "s.json")]) == 0
    assert json.loads((tmp_path / "s.json").read_text()) == printed


def test_serve_without_notebooks_exits_2(tmp_path, capsys):
    assert main(["serve", "--notebooks", str(tmp_path)]) == 2
    assert "no 00_start_here.ipynb" in capsys.readouterr().err


@pytest.fixture
def serve_argv(monkeypatch):
    """``serve_argv(*options)``: the port and the command line `rulebook serve --port PORT
    *options` hands to Voila (execv replaced, so nothing starts)."""
    import socket

    from rulebook import cli

    ran = []
    monkeypatch.setattr(cli.os, "execv", lambda exe, argv: ran.append(argv))
    # (tests/test_warm.py runs the real one; here it would only cost each test a process)
    monkeypatch.setattr("rulebook._warm.start_in_background", lambda: ran.append("warm"))

    def run(*options: str) -> tuple[int, list[str]]:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        ran.clear()
        assert main(["serve", "--port", str(port), *options]) == 0
        warmed, argv = ran  # what the apps work out at first use is started before Voila
        assert warmed == "warm"
        return port, argv

    return run


def test_serve_runs_voila_on_loopback_and_waits_for_a_slow_apps_output(serve_argv, capsys):
    from rulebook import cli

    port, argv = serve_argv()
    assert argv[1:3] == ["-m", "widgets.voila_server"]  # Voila, closed tabs' kernels shut down
    assert f"--port={port}" in argv
    assert "--Voila.ip=127.0.0.1" in argv
    # Voila's default (4 s) drops an app's widgets on a busy machine and the page stays empty.
    assert f"--VoilaExecutor.iopub_timeout={cli.IOPUB_TIMEOUT_S}" in argv
    assert cli.IOPUB_TIMEOUT_S >= 30
    # By default a kernel starts when a page is opened, none kept ready (see --preheat).
    assert not [a for a in argv if a.startswith(("--preheat", "--pool_size"))]
    assert f"127.0.0.1:{port}" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("given", "pool"), [("0", None), ("1", "--pool_size=1"), ("3", "--pool_size=3")]
)
def test_serve_preheat_keeps_that_many_kernels_ready_or_none(serve_argv, given, pool):
    from rulebook import cli

    _, argv = serve_argv("--preheat", given)
    preheating = [a for a in argv if a.startswith(("--preheat", "--pool_size", "--VoilaKernelM"))]
    if pool is None:
        assert preheating == []
    else:  # a used kernel is replaced a little after its visit, not while his page loads
        refill = f"--VoilaKernelManager.fill_delay={cli.PREHEAT_REFILL_S}"
        assert preheating == ["--preheat_kernel=True", pool, refill]
        assert cli.PREHEAT_REFILL_S > 0


def test_serve_preheat_apps_keeps_kernels_ready_for_those_apps_only(serve_argv, capsys):
    apps = "rules_reference, ia_drang_walkthrough.ipynb"
    _, argv = serve_argv("--preheat", "2", "--preheat-apps", apps)
    assert "--pool_size=0" in argv  # every other app: a kernel when its page is opened
    (pools,) = [a for a in argv if a.startswith("--VoilaKernelManager.kernel_pools_config=")]
    assert json.loads(pools.split("=", 1)[1]) == {
        "default": {"pool_size": 0},
        "rules_reference.ipynb": {"pool_size": 2},
        "ia_drang_walkthrough.ipynb": {"pool_size": 2},
    }
    assert "rules_reference.ipynb, ia_drang_walkthrough.ipynb" in capsys.readouterr().out
    _, argv = serve_argv("--preheat-apps", "rules_reference")
    # without --preheat, one kernel for each app named
    assert '"rules_reference.ipynb": {"pool_size": 1}' in argv[-1]


@pytest.mark.parametrize(
    ("apps", "said"), [("nope,rules_reference", "“nope”"), (" , ", "no app"), ("", "no app")]
)
def test_serve_refuses_preheat_apps_that_name_no_app_and_lists_the_apps(apps, said, capsys):
    assert main(["serve", "--preheat-apps", apps]) == 2
    err = capsys.readouterr().err
    assert f"--preheat-apps names {said}" in err
    assert "rules_reference, scenario_designer" in err  # what could have been named


@pytest.mark.parametrize("bad", ["-1", "9", "two"])
def test_serve_refuses_a_preheat_that_is_not_0_to_8(bad, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["serve", "--preheat", bad])
    assert exit_info.value.code == 2
    assert "--preheat" in capsys.readouterr().err


def test_unknown_command_exits_2(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["frobnicate"])
    assert exit_info.value.code == 2


@pytest.mark.parametrize(
    "command",
    [[shutil.which("rulebook") or "rulebook"], [sys.executable, "-m", "rulebook"]],
    ids=["console-script", "python-m"],
)
def test_real_command_exit_codes(tmp_path, command):
    ok = subprocess.run([*command, "--version"], capture_output=True, text=True, check=False)
    assert ok.returncode == 0
    assert __version__ in ok.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema_version: 1\nid: x\n")
    failed = subprocess.run(
        [*command, "validate", str(bad)], capture_output=True, text=True, check=False
    )
    assert failed.returncode == 2
    assert f"{bad}:1: game: required field is missing" in failed.stderr


def test_play_prints_a_json_summary(capsys):
    assert main(["play", "lz-albany", "--seed", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["turns_played"] <= 10
    assert summary["winner"] in ("us", "nva", None)
    assert set(summary["vp"]) == {"us", "nva"}
    assert summary["events"] > summary["actions"] > 0


def test_play_is_reproducible_and_bad_options_exit_2(capsys):
    main(["play", "lz-albany", "--seed", "4", "--json"])
    first = capsys.readouterr().out
    main(["play", "lz-albany", "--seed", "4", "--json"])
    assert capsys.readouterr().out == first
    assert main(["play", "lz-albany", "--option", "overstack_fire=maybe"]) == 2
    assert "“maybe” is not one of" in capsys.readouterr().err


def test_rules_search_show_and_interpretations(capsys):
    assert main(["rules", "search", "line", "of", "sight"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("lza:7.8")
    assert main(["rules", "show", "lza:6.1"]) == 0
    out = capsys.readouterr().out
    assert "interpretation lza:6.1/overstack-fire" in out
    assert "* die_per_extra_unit" in out
    assert main(["rules", "interpretations"]) == 0
    # Each with the reading the engine takes, in words: not only its id.
    line = next(
        line
        for line in capsys.readouterr().out.splitlines()
        if line.startswith("lza:5.2D/senior-activations: engine uses twice: ")
    )
    from rulebook.reference import load_reference

    interp = next(i for _, i in load_reference().interpretations() if i.id in line)
    taken = next(r.text for r in interp.readings if r.id == "twice")
    assert line.endswith(f"twice: {taken} [option senior_officer_activations]")
    assert main(["rules", "show", "lza:99.9"]) == 2
    assert main(["rules", "search", "zeppelin"]) == 1  # found nothing, as grep says it


def test_rules_search_by_game_show_links_and_check(capsys):
    assert main(["rules", "search", "stacking", "--game", "ftv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("ftv:2.3 ")
    assert all(line.startswith("ftv:") for line in lines)
    assert main(["rules", "search", "--game", "ftv", "stacking"]) == 0  # options first, too
    assert capsys.readouterr().out.splitlines() == lines
    assert main(["rules", "show", "lza:11.0"]) == 0
    out = capsys.readouterr().out
    assert "implemented by: rulebook.games.lz_albany._state:State.night" in out
    assert "tested by: tests/games/lz_albany/test_sequence.py::test_lza_11_0" in out
    assert main(["rules", "check"]) == 0  # findings are information, not failure
    out = capsys.readouterr().out
    assert "ftv:3.5.8 -> ftv:6.1 [topic] printed “6.1”" in out
    assert out.rstrip().endswith("13 finding(s) in 318 entries")


@pytest.mark.parametrize("fmt", ["json", "csv", "md"])
def test_rules_export_writes_every_entry(tmp_path, fmt):
    import csv
    import json

    target = tmp_path / f"rules.{fmt}"
    assert main(["rules", "export", "--format", fmt, "-o", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    if fmt == "json":
        records = json.loads(text)
        assert len(records) == 318
        by_id = {r["id"]: r for r in records}
        assert by_id["ftv:4.1.1"]["game"] == "first-team"
        assert by_id["lza:11.0"]["tested_by"]
    elif fmt == "csv":
        rows = list(csv.DictReader(text.splitlines()))
        assert len(rows) == 318
        assert {r["game"] for r in rows} == {"lz-albany", "first-team", "ambush-valley"}
    else:
        assert text.count("\n## ") == 318
        assert "## av:kit-carson-scout Kit Carson Scout *(derived)*" in text


def test_simulate_compares_a_variant_with_the_baseline(capsys):
    code = main(
        [
            "simulate",
            "lz-albany",
            "--games",
            "3",
            "--seed",
            "2",
            "--workers",
            "0",
            "-q",
            "--json",
            "--set",
            "values.flares.value=0",
        ]
    )
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert [v["variant"] for v in summary["variants"]] == ["baseline", "changed"]
    assert all(v["games"] == 3 for v in summary["variants"])
    assert summary["overrides"] == {"values.flares.value": "0"}
    assert summary["policy"] == "random"
    assert (
        main(
            [
                "simulate",
                "lz-albany",
                "--games",
                "2",
                "--workers",
                "0",
                "-q",
                "--json",
                "--policy",
                "scripted",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["policy"] == "scripted"


def test_simulate_reuse_games_takes_the_games_an_earlier_run_kept(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("RULEBOOK_KNOWN_GAMES", str(tmp_path))
    run = ["simulate", "lz-albany", "--seed", "4", "--workers", "0", "-q", "--json"]
    change = ["--set", "values.flares.value=2", "--reuse-games"]
    assert main([*run, "--games", "3", *change]) == 0
    first = capsys.readouterr()
    assert json.loads(first.out)["games_reused"] == 0
    assert "taken from earlier runs" not in first.err
    assert main([*run, "--games", "5", *change]) == 0
    again = capsys.readouterr()
    assert json.loads(again.out)["games_reused"] == 6  # three seeds of both versions
    assert "6 of the games were taken from earlier runs, not played again" in again.err
    # The same figures as a run that plays every game (and keeps none without the option).
    assert main([*run, "--games", "5", "--set", "values.flares.value=2"]) == 0
    fresh = json.loads(capsys.readouterr().out)
    assert fresh["variants"] == json.loads(again.out)["variants"]
    assert fresh["games_reused"] == 0


def test_simulate_reports_in_words_with_a_verdict(capsys):
    """The terminal table has headings in words and the lab's verdicts under it."""
    args = ["simulate", "first-team", "--games", "2", "--workers", "0", "-q"]
    assert main([*args, "--set", "values.cp_per_turn.value=12"]) == 0
    out = capsys.readouterr().out
    first, baseline, changed, gap, *verdicts = out.splitlines()
    assert first.split("  ")[:2] == ["version", " campaigns"]
    assert "NVA Tactical" in first
    assert "mean NVA VP" in first
    assert baseline.startswith("baseline")
    assert changed.startswith("changed")
    assert gap == ""
    assert any(v.startswith("Mean NVA VP: ") for v in verdicts)
    assert "_" not in out  # no column names of the data frame


def test_simulate_refuses_a_bad_override(capsys):
    assert main(["simulate", "lz-albany", "--set", "values.nothing.value=3"]) == 2
    assert "no field “nothing”" in capsys.readouterr().err


def test_validate_checks_walkthrough_data_too(tmp_path, capsys):
    folder = tmp_path / "ia_drang"
    folder.mkdir()
    source = ROOT / "scenarios" / "ia_drang"
    (folder / "places.yaml").write_text((source / "places.yaml").read_text())
    (folder / "chapters.yaml").write_text(
        (source / "chapters.yaml").read_text().replace('source: "lza:1.1"', 'source: ""', 1)
    )
    assert main(["validate", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "chapters.yaml" in err
    assert "figures.0.source" in err


def test_play_first_team_prints_the_campaign_result_and_replays(capsys):
    assert main(["play", "first-team", "--seed", "4", "--policy", "scripted", "--json"]) == 0
    first = capsys.readouterr().out
    summary = json.loads(first)
    assert summary["turns_played"] in range(1, 16)
    assert summary["level"] in {
        "NVA Strategic",
        "NVA Tactical",
        "NVA Limited",
        "Draw",
        "US Tactical",
    }
    for key in ("nva_vp", "us_casualty_points", "us_companies_lost"):
        assert isinstance(summary[key], int)
    main(["play", "first-team", "--seed", "4", "--policy", "scripted", "--json"])
    assert capsys.readouterr().out == first  # seeded: the same campaign again
    assert main(["play", "first-team", "--option", "airstrike_dice=maybe"]) == 2
    assert "“maybe” is not one of" in capsys.readouterr().err


def test_av_table_catalogue_and_scenario_commands(capsys):
    """rulebook av: av:casualty-status odds, the boat catalogue, a scenario's reinforcement odds."""
    assert main(["av", "table", "casualty-straggler", "--tq", "8"]) == 0
    out = capsys.readouterr().out
    assert "3/64  Duty Status Whereabouts Unknown" in out
    assert main(["av", "catalogue", "vehicles", "--kind", "boat", "--format", "csv"]) == 0
    assert capsys.readouterr().out.count("\n") == 4  # header and three boats
    assert main(["av", "scenario", str(ROOT / "scenarios" / "ambush_valley" / "crimp.yaml")]) == 0
    assert "66.7%   none" in capsys.readouterr().out
    assert main(["av", "table", "no-such-table"]) == 2
    assert "no table “no-such-table”" in capsys.readouterr().err


def test_av_table_writes_its_odds_as_json_or_csv_and_options_not_read_are_refused(capsys):
    """A fuzzing round's --format json on a table or a scenario printed text into a JSON
    reader; --kind on the platoons and --roll on a scenario were passed over."""
    assert main(["av", "table", "leader-check", "--format", "json"]) == 0
    read = json.loads(capsys.readouterr().out)
    assert read["rule"] == "av:leadership-rating"
    assert [(r["chance"], r["percent"]) for r in read["odds"]] == [("1/6", 16.667), ("5/6", 83.333)]
    assert main(["av", "table", "leader-check", "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "result,chance,percent"
    scenario = str(ROOT / "scenarios" / "ambush_valley" / "crimp.yaml")
    for args, said in [
        (["scenario", scenario, "--format", "json"], "does not read --format"),
        (["scenario", scenario, "--roll"], "does not read --roll"),
        (["catalogue", "platoons", "--kind", "boat"], "does not read --kind"),
        (["table", "leader-check", "--search", "x"], "does not read --search"),
        (["table", "leader-check", "--roll", "--format", "json"], "leave out --format, or --roll"),
    ]:
        assert main(["av", *args]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert said in err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["play", "lz-albany", "--option", "novalue"],
            "--option takes NAME=VALUE, as in overstack_fire=",
        ),
        (
            ["play", "first-team", "--option", "=x"],
            "--option takes NAME=VALUE, as in airstrike_dice=",
        ),
        (["av", "table", "leader-check", "--roll", "--seed", "x"], "“x” is not a whole number"),
        (
            ["av", "table", "leader-check", "--roll", "--seed", "-1"],
            "-1 is out of range (0 or more)",
        ),
    ],
    ids=["option-without-value", "option-without-name", "av-seed-word", "av-seed-negative"],
)
def test_a_malformed_option_or_seed_is_said_before_anything_is_printed(capsys, args, said):
    """From a fuzzing round: --option novalue was 'unknown option “novalue”', and av's --seed
    -1 printed the whole table before it was refused (and x got argparse's own words)."""
    try:
        code = main(args)
    except SystemExit as stopped:  # (argparse refuses a seed itself)
        code = stopped.code
    assert code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert said in err


def test_simulate_stop_when_clear_says_where_it_stopped(capsys, monkeypatch):
    """--stop-when-clear ends at the first look past a clear difference (looks from 20 games a
    side here, 100 in use), says so, and the JSON names the look."""
    import rulebook.sim.early as early_module

    monkeypatch.setattr(early_module, "MIN_GAMES", 20)
    crushing = ["--set", "lz_albany.unit_types.nva-rifle.fire=*3"]
    crushing += ["--set", "lz_albany.unit_types.nva-rifle.melee=*3"]
    args = ["simulate", "lz-albany", "--games", "50", "--seed", "3", "--workers", "0", "-q"]
    assert main([*args, *crushing, "--stop-when-clear", "--json"]) == 0
    out, err = capsys.readouterr()
    summary = json.loads(out)
    stopped = summary["stopped_early_at"]
    assert stopped in (20, 30, 40)
    assert all(v["games"] == stopped for v in summary["variants"])
    assert summary["stopped_early_because"] == "clear difference"
    assert f"Stopped at {stopped} of 50 games a side: the US win rate" in err
    assert main([*args, *crushing, "--json"]) == 0
    whole = json.loads(capsys.readouterr().out)
    assert whole["stopped_early_at"] is None
    assert whole["stopped_early_because"] is None


def test_simulate_stop_when_clear_with_one_version_says_every_game_is_played(capsys):
    args = ["simulate", "lz-albany", "--games", "2", "--workers", "0", "-q", "--stop-when-clear"]
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "with no --set there is one version, so every game is played" in err


def test_a_damaged_file_of_kept_games_is_one_line_of_the_commands_own(
    tmp_path, monkeypatch, capsys
):
    import warnings

    monkeypatch.setenv("RULEBOOK_KNOWN_GAMES", str(tmp_path))
    args = ["simulate", "lz-albany", "--games", "2", "--workers", "0", "-q", "--reuse-games"]
    assert main(args) == 0
    for kept in tmp_path.glob("*.json"):
        kept.write_text("[]")
    capsys.readouterr()
    with warnings.catch_warnings():
        warnings.simplefilter("default")  # as outside the suite, where a warning is shown
        assert main(args) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0].startswith("rulebook simulate: "), err
    assert "not a file of known games" in err[0]
    assert "UserWarning" not in "\n".join(err)
