"""The rule links (which code cites a rule, which tests name it) are kept in the cache folder
between processes, and never served stale, damaged or in place of an answer."""

from __future__ import annotations

import json

import pytest

from rulebook.reference import _links


@pytest.fixture
def cache(project_cache):
    return project_cache / "rule-links"


@pytest.fixture
def reads(monkeypatch):
    """How many times the engine's files were really parsed."""
    count = []
    real = _links._implementations

    def counted(files):
        count.append(1)
        return real(files)

    monkeypatch.setattr(_links, "_implementations", counted)
    return count


def test_a_second_process_reads_the_kept_links_and_they_equal_the_first_reading(cache, reads):
    first = _links.implementations.__wrapped__()  # (a new process: nothing in memory)
    (kept,) = cache.glob("implementations-*.json")
    second = _links.implementations.__wrapped__()
    assert len(reads) == 1  # the second answer came from the file
    assert first == second
    assert "rulebook.games.lz_albany._state:State.night" in second["lza:11.0"]
    assert json.loads(kept.read_text())["lza:11.0"] == list(second["lza:11.0"])


@pytest.mark.parametrize("damage", ["{not json", "[1, 2]", '{"lza:7.4": 5}', '{"lza:7.4": [5]}'])
def test_a_damaged_kept_file_is_read_again_and_replaced(cache, reads, damage):
    good = _links.implementations.__wrapped__()
    (kept,) = cache.glob("implementations-*.json")
    kept.write_text(damage)
    assert _links.implementations.__wrapped__() == good
    assert len(reads) == 2
    assert json.loads(kept.read_text()) == {k: list(v) for k, v in good.items()}


def test_a_changed_test_file_is_read_again_not_served_from_the_old_file(cache, tmp_path):
    folder = tmp_path / "tests"
    folder.mkdir()
    test_file = folder / "test_x.py"
    test_file.write_text("def test_lza_7_3_fire():\n    pass\n")
    assert set(_links.named_in_tests.__wrapped__(folder)) == {"lza:7.3"}
    test_file.write_text(
        "def test_lza_7_3_fire():\n    pass\n\n\ndef test_lza_7_4_mortars():\n    pass\n"
    )
    assert set(_links.named_in_tests.__wrapped__(folder)) == {"lza:7.3", "lza:7.4"}
    assert len(list(cache.glob("tests-*.json"))) == 1  # the older reading's file is gone


def test_a_cache_folder_that_cannot_be_written_only_means_reading_again(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("RULEBOOK_CACHE", str(blocker))
    links = _links.implementations.__wrapped__()
    assert "rulebook.games.lz_albany._state:State.night" in links["lza:11.0"]


def test_the_cache_folder_is_rulebook_cache_else_the_users_cache(tmp_path, monkeypatch):
    from rulebook._cache import user_cache

    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path / "mine"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert user_cache("rule-links") == tmp_path / "mine" / "rule-links"
    monkeypatch.delenv("RULEBOOK_CACHE")
    assert user_cache("rule-links") == tmp_path / "xdg" / "ia-drang-rulebook" / "rule-links"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert user_cache("x") == tmp_path / "home" / ".cache" / "ia-drang-rulebook" / "x"
