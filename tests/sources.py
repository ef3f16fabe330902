"""The games' source texts: not ours to ship, so the tests that quote them find them or skip.

A clone has no source texts. Point ``RULEBOOK_SOURCES`` at the folder that holds them
(``000_*.txt`` LZ Albany, ``001_*.txt`` First Team, ``002_*.txt`` Ambush Valley), or put that
folder at ``../shared/seeds`` beside the project. Without either, the tests that read them skip,
all for the one reason below, and the rest of the suite runs from the clone alone. With
``RULEBOOK_SOURCES`` set (CI sets it), a missing text is a failure, never a skip.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENV = "RULEBOOK_SOURCES"
BESIDE = ROOT.parent / "shared" / "seeds"
SKIP_REASON = (
    f"the games' source texts are not here: set {ENV} to their folder (or put it at "
    "../shared/seeds beside the project) to run the tests that quote them"
)


def sources_dir() -> Path | None:
    """The folder of source texts: ``$RULEBOOK_SOURCES``, else ``../shared/seeds`` if present."""
    if os.environ.get(ENV):
        return Path(os.environ[ENV]).expanduser()
    return BESIDE if BESIDE.is_dir() else None


@functools.cache
def source_text(prefix: str) -> str:
    """The text of the source whose file name starts with *prefix* (``"000_"`` is LZ Albany).

    Skips the calling test when no source folder is known; fails when one is named (by
    ``RULEBOOK_SOURCES``) but does not hold the text, so CI cannot skip them silently.
    """
    folder = sources_dir()
    if folder is None:
        pytest.skip(SKIP_REASON)
    found = sorted(folder.glob(f"{prefix}*.txt")) if folder.is_dir() else []
    if not found:
        pytest.fail(f"no source text {prefix}*.txt in {folder} (named by {ENV} or ../shared)")
    return found[0].read_text(encoding="utf-8")
