"""Atomic file writes: the old file stays whole until the new one is on disk."""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import tempfile
from pathlib import Path

__all__ = ["atomic_write_text", "umask"]


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write *text* to *path* so that a crash or error leaves either the old file or the new.

    The text goes to a temporary file in the same folder, is flushed and
    fsynced, then renamed over *path* (an atomic step on POSIX and Windows);
    the folder is fsynced so the rename itself survives a power cut. On any
    error the temporary file is removed and the old file is untouched; an
    OSError names *path*, never the temporary file. A new file gets the mode
    the umask gives (as ``open`` would); temporary files that a killed earlier
    write to *path* left behind are removed first. A symbolic link is written through, to the
    file it names.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "s.yaml"
    >>> atomic_write_text(target, "id: demo\\n")
    >>> target.read_text()
    'id: demo\\n'
    """
    # Through a symbolic link to the file it names, as open() writes: renamed over the link
    # itself, the new text replaced the link and the file it named kept the old.
    try:
        target = Path(os.path.realpath(path)) if Path(path).is_symlink() else Path(path)
        if target.is_symlink():  # (realpath stops inside a loop of links: it was replaced)
            raise OSError(errno.ELOOP, "its symbolic links lead round in a loop")
        if target.exists() and not target.is_file():
            # Renaming over a device or a pipe would replace it with a plain file (as root,
            # even /dev/full), so such a path is refused rather than written.
            raise OSError(errno.EINVAL, "it is not a regular file")
        _remove_leftovers(target)
    except OSError as err:  # (a name too long was said without the name)
        raise OSError(err.errno, f"cannot write {path}: {err.strerror or err}") from None
    folder = target.parent
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as err:
        raise OSError(err.errno, f"cannot write {target}: {err.strerror}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as tmp:
            tmp.write(text)
            tmp.flush()
            os.fsync(tmp.fileno())
        # mkstemp makes the file 0600; give it the mode a plain open() would (the umask's),
        # or the old file's mode when replacing one.
        Path(tmp_name).chmod(target.stat().st_mode & 0o777 if target.exists() else _umask_mode())
        Path(tmp_name).replace(target)
    except OSError as err:
        with contextlib.suppress(FileNotFoundError):
            Path(tmp_name).unlink()
        raise OSError(err.errno, f"cannot write {target}: {err.strerror}") from None
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            Path(tmp_name).unlink()
        raise
    _fsync_dir(folder)


def _umask_mode() -> int:
    """0o666 less the umask: the mode a plain open() gives a new file."""
    return 0o666 & ~umask()


def umask() -> int:
    """The process's umask; read from /proc on Linux, as setting it to read it races threads."""
    try:
        status = Path("/proc/self/status").read_text(encoding="ascii")
        return int(
            next(line.split()[1] for line in status.splitlines() if line.startswith("Umask:")), 8
        )
    except (OSError, StopIteration, ValueError, IndexError):
        mask = os.umask(0o022)
        os.umask(mask)
        return mask


def _remove_leftovers(target: Path) -> None:
    """Temporary files of earlier writes to *target* that a kill left behind."""
    with contextlib.suppress(OSError):
        for old in target.parent.glob(f".{glob.escape(target.name)}.*.tmp"):
            with contextlib.suppress(OSError):
                old.unlink()


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":  # Windows cannot open a directory for fsync
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
