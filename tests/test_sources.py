"""The tests that quote the source texts skip in a bare clone and fail, never skip, under CI."""

from __future__ import annotations

import pytest
import sources


@pytest.fixture(autouse=True)
def _fresh_cache():
    sources.source_text.cache_clear()
    yield
    sources.source_text.cache_clear()


def test_a_clone_without_the_texts_skips_with_one_reason(monkeypatch, tmp_path):
    monkeypatch.delenv(sources.ENV, raising=False)
    monkeypatch.setattr(sources, "BESIDE", tmp_path / "no-such-folder")
    with pytest.raises(pytest.skip.Exception, match=sources.ENV):
        sources.source_text("000_")


def test_a_named_folder_without_the_texts_fails(monkeypatch, tmp_path):
    monkeypatch.setenv(sources.ENV, str(tmp_path))
    with pytest.raises(pytest.fail.Exception, match=r"no source text 002_\*\.txt"):
        sources.source_text("002_")


def test_a_named_folder_is_read(monkeypatch, tmp_path):
    (tmp_path / "001_abc.txt").write_text("1.0 INTRODUCTION\n", encoding="utf-8")
    monkeypatch.setenv(sources.ENV, str(tmp_path))
    assert sources.source_text("001_").startswith("1.0")
