"""What a loader says of a file it must refuse, for the tests of each kind of data file."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rulebook.errors import ScenarioError


def refusal(load: Callable[[Path], Any], path: Path, content: str | bytes | None = None) -> str:
    """The words of the ScenarioError *load* must raise for *path*, written with *content*
    (text or bytes) first if it is given."""
    if content is not None:
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(ScenarioError) as caught:
        load(path)
    return str(caught.value)


def assert_refused_unread(load: Callable[[Path], Any], folder: Path, name: str) -> None:
    """*load* refuses a missing file, and a FIFO without reading it (a read would wait for a
    writer forever), each by the file's name."""
    said = refusal(load, folder / name)
    assert re.search(re.escape(name) + r": cannot read the file: there is no such file", said), said
    os.mkfifo(folder / f"pipe-{name}")
    said = refusal(load, folder / f"pipe-{name}")
    assert re.search(re.escape(f"pipe-{name}") + r": is not a regular file", said), said
