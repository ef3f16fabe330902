"""Where the apps save and load: one folder, ``saves/``, and the right suffix, nothing else.

A name typed into an app is a user's input: ``../../etc/x``, ``/tmp/evil.py`` or
``game.py`` must not write outside the save folder or a file of another kind.

>>> from pathlib import Path
>>> resolve_save_name("my game", ".json", folder=Path("/srv/app/saves"))
PosixPath('/srv/app/saves/my game.json')
>>> resolve_save_name("saves/quan_loi.yaml", (".yaml", ".yml"), folder=Path("/srv/app/saves"))
PosixPath('/srv/app/saves/quan_loi.yaml')
>>> resolve_save_name("../evil.py", ".yaml", folder=Path("/srv/app/saves"))
Traceback (most recent call last):
...
ValueError: “../evil.py”: a save name is a plain file name in saves/ (like my_file.yaml), with no folders

A refusal names the one thing wrong and, where the intent is plain, the name that would do:

>>> resolve_save_name("maps/my map.yaml", ".yaml", folder=Path("/srv/app/saves"))
Traceback (most recent call last):
...
ValueError: “maps/my map.yaml”: a save name is a plain file name in saves/ (like my_file.yaml), with no folders: save it as saves/my map.yaml
>>> resolve_save_name("notes.txt", (".yaml", ".yml"), folder=Path("/srv/app/saves"))
Traceback (most recent call last):
...
ValueError: “notes.txt”: this app saves .yaml or .yml files, not .txt: end the name with .yaml, as saves/notes.yaml

The suffix is written in lower case, as the lists of saved files look for it:

>>> resolve_save_name("saves/Quan Loi.YAML", (".yaml", ".yml"), folder=Path("/srv/app/saves"))
PosixPath('/srv/app/saves/Quan Loi.yaml')
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from rulebook._words import join_words, quoted

__all__ = ["SAVES", "resolve_save_name"]

SAVES = "saves"
"""The folder, under the working folder, that holds every file the apps save."""


MAX_NAME_BYTES = 200


def resolve_save_name(
    name: str, suffix: str | tuple[str, ...], *, folder: Path | None = None
) -> Path:
    """The path in ``saves/`` for the name a user typed, with one of the allowed *suffix*.

    The save folder is *folder*, by default ``saves/`` under the working folder. *name* may
    be ``NAME``, ``NAME.suffix`` or ``saves/NAME.suffix``; without a suffix the
    first allowed one is added, and an allowed one typed in capitals is written in lower case.
    Anything else (folders, ``..``, an absolute path, another suffix, a hidden file, a link
    out of the folder) is a ValueError naming the problem and, where it can, the name to type.
    """
    allowed = (suffix,) if isinstance(suffix, str) else tuple(suffix)
    typed = name.strip()
    parts = PurePosixPath(typed.replace("\\", "/")).parts
    if parts[:1] == (SAVES,):
        parts = parts[1:]
    plain = f"{quoted(typed)}: a save name is a plain file name in {SAVES}/ (like my_file{allowed[0]}), "
    _check_characters(typed, parts, allowed)
    if typed.endswith(("/", "\\", ".")):  # a folder, or a name whose suffix is cut short
        raise ValueError(plain + "not ending in / or .")
    if not typed or len(parts) != 1 or parts[0] in {".", ".."} or parts[0].startswith("."):
        last = parts[-1] if parts else ""
        fits = last not in {".", ".."} and not last.startswith(".")
        if len(parts) > 1 and fits and PurePosixPath(last).suffix.lower() in {"", *allowed}:
            raise ValueError(plain + f"with no folders: save it as {SAVES}/{last}")
        raise ValueError(plain + "with no folders")
    file = parts[0]
    given = PurePosixPath(file).suffix
    if given and given.lower() not in allowed:
        kinds = join_words(allowed, "or")
        # A word after the dot (.txt, .py) was meant as a suffix; anything else (v1.2) is
        # part of the name, and the suffix goes after it.
        stem = file[: -len(given)] if given[1:].isalpha() else file
        raise ValueError(
            f"{quoted(typed)}: this app saves {kinds} files, not {given}: "
            f"end the name with {allowed[0]}, as {SAVES}/{stem}{allowed[0]}"
        )
    if not given:
        file += allowed[0]
    if len(file.encode()) > MAX_NAME_BYTES:  # (file systems refuse names past 255 bytes)
        raise ValueError(f"{quoted(typed)}: a save name is at most {MAX_NAME_BYTES} bytes long")
    folder = (Path(folder) if folder is not None else Path.cwd() / SAVES).resolve()
    if given != given.lower() and not (folder / file).exists():
        # ``.YAML`` is a ``.yaml`` file; only a file already saved so keeps its capitals.
        file = file[: -len(given)] + given.lower()
    target = folder / file
    if target.is_symlink() and target.resolve().parent != folder.resolve():
        raise ValueError(f"{quoted(typed)}: {SAVES}/{file} links out of the save folder")
    return target


def _check_characters(typed: str, parts: tuple[str, ...], allowed: tuple[str, ...]) -> None:
    """Refuse a name no file should have: control characters, bytes that are not text, and
    a leading dot (a hidden file)."""
    if any(ord(c) < 32 or ord(c) == 127 for c in typed):  # a NUL or a control character
        raise ValueError(f"{quoted(typed)}: a save name cannot hold control characters")
    try:
        typed.encode()
    except UnicodeEncodeError:  # a lone surrogate (bytes a terminal could not read as text)
        shown = typed.encode(errors="replace").decode()
        raise ValueError(
            f"{quoted(shown)}: a save name is text; this one holds bytes that are not"
        ) from None
    if parts and parts[-1].startswith(".") and parts[-1] not in {".", ".."}:
        # (said "with no folders", which it has none of: a leading dot hides a file)
        rest = parts[-1].lstrip(".")
        if PurePosixPath(rest).suffix.lower() not in allowed:
            bare = not rest or f".{rest.lower()}" in allowed  # (".yaml": a suffix alone)
            rest = f"my_file{allowed[0]}" if bare else rest + allowed[0]
        raise ValueError(
            f"{quoted(typed)}: a save name cannot start with a dot (the file would be "
            f"hidden): save it as {SAVES}/{rest}"
        )
