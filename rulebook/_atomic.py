"""Atomic file writes: the old file stays whole until the new one is on disk."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

__all__ = ["atomic_write_text"]


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write *text* to *path* so that a crash or error leaves either the old file or the new.

    The text goes to a temporary file in the same folder, is flushed and
    fsynced, then renamed over *path* (an atomic step on POSIX and Windows);
    the folder is fsynced so the rename itself survives a power cut. On any
    error the temporary file is removed and the old file is untouched.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "s.yaml"
    >>> atomic_write_text(target, "id: demo\\n")
    >>> target.read_text()
    'id: demo\\n'
    """
    target = Path(path)
    folder = target.parent
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as tmp:
            tmp.write(text)
            tmp.flush()
            os.fsync(tmp.fileno())
        if target.exists():
            Path(tmp_name).chmod(target.stat().st_mode & 0o777)
        Path(tmp_name).replace(target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            Path(tmp_name).unlink()
        raise
    _fsync_dir(folder)


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":  # Windows cannot open a directory for fsync
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
