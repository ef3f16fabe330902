"""The project's cache folder: ``$RULEBOOK_CACHE`` if set (and not blank), else
``$XDG_CACHE_HOME`` (else ``~/.cache``) under ``ia-drang-rulebook``. What is kept there can
always be worked out again; it is kept so that the next process need not.

>>> user_cache("rule-links").name
'rule-links'
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from rulebook._atomic import atomic_write_text

__all__ = ["env_folder", "kept", "user_cache"]

T = TypeVar("T")


def user_cache(name: str) -> Path:
    """The folder *name* in the project's cache folder (not created here)."""
    named = env_folder("RULEBOOK_CACHE")
    if named is not None:
        return named / name
    # The XDG spec has a relative path ignored, as it would name a folder in whatever
    # folder the process happens to start in.
    xdg = env_folder("XDG_CACHE_HOME")
    cache = xdg if xdg is not None and xdg.is_absolute() else Path.home() / ".cache"
    return cache / "ia-drang-rulebook" / name


def env_folder(variable: str) -> Path | None:
    """The folder the environment *variable* names; None if it is unset, empty or only spaces,
    as if unset: a blank name read as a path is a folder in the current directory."""
    named = os.environ.get(variable, "")
    return Path(named) if named.strip() else None


def kept(
    path: Path,
    make: Callable[[], T],
    *,
    encode: Callable[[T], Any],
    decode: Callable[[Any], T],
    siblings: str,
    keep: int,
) -> T:
    """What *make* returns, read from the JSON file *path* if an earlier process kept it there.

    *path*'s name must carry a digest of everything the answer depends on, so a file found is
    never stale. *decode* turns the file's JSON back into the answer and raises ValueError,
    TypeError or KeyError for a file of another shape: such a file, like a missing or damaged
    one, is made again and replaced. Once made, the answer is written (atomically) and at most
    *keep* files matching *siblings* stay in the folder: those most lately written or read. A
    folder that cannot be written to only means the next process makes it again.

    >>> import tempfile
    >>> where = Path(tempfile.mkdtemp()) / "squares-1a2b.json"
    >>> args = dict(encode=list, decode=tuple, siblings="squares-*.json", keep=1)
    >>> kept(where, lambda: (1, 4, 9), **args), json.loads(where.read_text())
    ((1, 4, 9), [1, 4, 9])
    >>> kept(where, lambda: 1 / 0, **args)  # read from the file: never made again
    (1, 4, 9)
    """
    with contextlib.suppress(OSError, ValueError, TypeError, KeyError):
        found = decode(json.loads(path.read_text(encoding="utf-8")))
        with contextlib.suppress(OSError):
            os.utime(path)  # read now: the files least lately used are the ones let go
        return found
    found = make()
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(encode(found), sort_keys=True))
        others = [p for p in path.parent.glob(siblings) if p != path]
        others.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        for old in others[max(0, keep - 1) :]:
            old.unlink(missing_ok=True)
    return found
