"""`rulebook serve` works out, beside the server, what the apps would work out at their first
visitor's click, and keeps it in the cache folder (rulebook._warm)."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from rulebook import _warm
from rulebook.maps import _area_map
from rulebook.maps import los as los_module
from rulebook.reference._links import implementations, named_in_tests

ROOT = Path(__file__).resolve().parents[1]
STANDARD = ROOT / "scenarios" / "lz_albany" / "standard.yaml"


def test_every_map_of_the_folders_is_kept_and_a_bad_file_passed_over(
    project_cache, tmp_path, monkeypatch, maps_forgotten
):
    implementations.cache_clear()  # as in the warming process: no links read in memory yet
    named_in_tests.cache_clear()
    folder = tmp_path / "saves"
    folder.mkdir()
    shutil.copy(STANDARD, folder / "my_albany.yaml")
    shutil.copy(STANDARD, folder / "a_copy.yml")  # the pickers offer .yml files too
    (folder / "broken.yaml").write_text("id: [not a scenario\n")
    shutil.copy(ROOT / "scenarios" / "first_team" / "campaign.yaml", folder / "campaign.yaml")
    said = _warm.warm((folder, tmp_path / "no-such-folder"))
    assert said[0].startswith("the rules' links to code and tests: ")
    assert [line.split(":")[0] for line in said[1:]] == [
        "line of sight of a_copy.yml",
        "line of sight of my_albany.yaml",
    ]
    assert len(list((project_cache / "los-tables").glob("*.json"))) == 1  # the same map
    assert {p.name.split("-")[0] for p in (project_cache / "rule-links").glob("*.json")} == {
        "implementations",
        "tests",
    }
    # Run again (as the next `rulebook serve`): everything is read back, nothing worked out.
    _area_map._SHARED.clear()
    los_module._DAY_TABLES.clear()
    implementations.cache_clear()
    named_in_tests.cache_clear()
    monkeypatch.setattr(los_module.AreaCountLOS, "compute", lambda *a: 1 / 0)
    monkeypatch.setattr("rulebook.reference._links._implementations", lambda *a: 1 / 0)
    monkeypatch.setattr("rulebook.reference._links._named_in_tests", lambda *a: 1 / 0)
    again = _warm.warm((folder,))
    assert [line.split(":")[0] for line in again] == [
        "the rules' links to code and tests",
        "line of sight of a_copy.yml",
        "line of sight of my_albany.yaml",
    ]
    assert "not kept" not in again[0]


def test_a_step_that_fails_is_said_and_the_rest_still_done(
    project_cache, tmp_path, monkeypatch, maps_forgotten
):
    implementations.cache_clear()
    monkeypatch.setattr("rulebook.reference._links._implementations", lambda *a: 1 / 0)
    folder = tmp_path / "saves"
    folder.mkdir()
    shutil.copy(STANDARD, folder / "my_albany.yaml")
    said = _warm.warm((folder,))
    assert said[0] == "the rules' links to code and tests: not kept (division by zero)"
    assert said[1].startswith("line of sight of my_albany.yaml: ")
    assert len(list((project_cache / "los-tables").glob("*.json"))) == 1


def test_started_in_the_background_it_keeps_the_shipped_map_and_the_links(project_cache):
    _warm.start_in_background()  # returns at once; the work goes on in its own process
    deadline = time.monotonic() + 120
    while not (
        list((project_cache / "los-tables").glob("*.json"))
        and len(list((project_cache / "rule-links").glob("*.json"))) == 2
    ):
        assert time.monotonic() < deadline, "nothing was kept within two minutes"
        time.sleep(0.2)


def test_the_modules_bytecode_is_written_for_processes_that_keep_none(monkeypatch):
    """Where PYTHONDONTWRITEBYTECODE is set, no kernel keeps what it compiles: compile_sources
    (run by `rulebook serve` before Voila starts, and by the test run before its workers) leaves
    every module of both packages with bytecode no older than its source."""
    import importlib.util
    import sys

    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    _warm.compile_sources()
    sources = [p for package in ("rulebook", "widgets") for p in (ROOT / package).rglob("*.py")]
    assert len(sources) > 100
    for source in sources:
        compiled = Path(importlib.util.cache_from_source(str(source)))
        assert compiled.exists(), source
        assert compiled.stat().st_mtime >= source.stat().st_mtime, source
