"""Where the project keeps what it works out between processes: environment variables set but
blank (an empty ``export RULEBOOK_CACHE=``) count as unset, so nothing lands in the folder a
command happens to run in."""

from __future__ import annotations

import pytest

from rulebook._cache import user_cache
from rulebook.cli import main
from rulebook.sim import default_folder


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A home folder of the test's own, and a current folder apart from it."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    return home


@pytest.mark.parametrize("blank", ["", " ", "\t"])
def test_a_blank_folder_variable_is_unset(home, monkeypatch, blank):
    monkeypatch.setenv("RULEBOOK_CACHE", blank)
    monkeypatch.setenv("RULEBOOK_KNOWN_GAMES", blank)
    monkeypatch.setenv("XDG_CACHE_HOME", blank)
    cache = home / ".cache" / "ia-drang-rulebook"
    assert user_cache("rule-links") == cache / "rule-links"
    assert default_folder() == cache / "known-games"


def test_a_relative_xdg_cache_home_is_ignored_as_the_spec_says(home, monkeypatch):
    monkeypatch.delenv("RULEBOOK_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", "cache")
    assert user_cache("los-tables") == home / ".cache" / "ia-drang-rulebook" / "los-tables"


def test_a_run_with_blank_variables_leaves_the_current_folder_alone(home, monkeypatch):
    """`RULEBOOK_KNOWN_GAMES=" " rulebook simulate --reuse-games` kept its games in a folder
    named " " wherever it ran."""
    monkeypatch.setenv("RULEBOOK_CACHE", " ")
    monkeypatch.setenv("RULEBOOK_KNOWN_GAMES", " ")
    argv = ["simulate", "lz-albany", "--games", "2", "--workers", "0", "-q", "--reuse-games"]
    assert main(argv) == 0
    assert list(home.parent.joinpath("here").iterdir()) == []
    assert list((home / ".cache" / "ia-drang-rulebook" / "known-games").glob("*.json")) != []
