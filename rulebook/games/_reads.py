"""Which scenario values each game's rules read: the registry ``--set`` and the balance lab consult.

An engine declares, next to the code that reads them, the dotted scenario paths its rules use::

    reads("first-team", "values.air_strike_cp.value", "first_team.tables.crt.columns")

A declared path covers itself and everything below it (``first_team.tables.crt.columns``
covers ``first_team.tables.crt.columns.8.3``); ``*`` stands for any one part
(``lz_albany.unit_types.*.melee``). :func:`check_read` then refuses a change to a path no rule
reads, naming it, so a variant can never be a silent copy of the baseline.

A game that has declared nothing is not checked (its engine has not adopted the registry yet).

>>> reads("example-game", "values.flares.value", "tables.crt")
>>> check_read("example-game", "tables.crt.3.2")
>>> check_read("example-game", "values.flares.provenance")
Traceback (most recent call last):
...
ValueError: values.flares.provenance: no rule of example-game reads this value; the values it reads are under tables.crt, values.flares.value
"""

from __future__ import annotations

import difflib
import importlib
from collections import defaultdict

from rulebook._words import quoted

__all__ = ["check_read", "declared_reads", "reads"]

_READS: dict[str, set[tuple[str, ...]]] = defaultdict(set)
# The module whose import registers everything a game's engine reads.
_ENGINES = {
    "first-team": "rulebook.games.first_team.engine",
    "lz-albany": "rulebook.games.lz_albany.engine",
}


def reads(game: str, *paths: str) -> None:
    """Declare that *game*'s rules read the scenario values at *paths* (dotted, ``*`` wildcards)."""
    for path in paths:
        if not path or any(not part for part in path.split(".")):
            raise ValueError(
                f"{quoted(path)}: a read path is dotted names, e.g. values.flares.value"
            )
        _READS[game].add(tuple(path.split(".")))


def declared_reads(game: str) -> list[str]:
    """Every path *game*'s engine declares it reads, sorted (its engine imported first)."""
    module = _ENGINES.get(game)
    if module is not None:
        importlib.import_module(module)
    return sorted(".".join(p) for p in _READS.get(game, ()))


def _covers(pattern: tuple[str, ...], parts: list[str]) -> bool:
    return len(parts) >= len(pattern) and all(
        p in ("*", part) for p, part in zip(pattern, parts, strict=False)
    )


NEAREST = 5  # paths a refusal suggests


def check_read(game: str, path: str) -> None:
    """Raise ValueError naming *path* if *game* declares reads and none of them covers it."""
    known = declared_reads(game)
    if not known:
        return
    parts = path.split(".")
    if not any(_covers(p, parts) for p in _READS[game]):
        # The nearest few, not all of them (First Team's are some 75: a screenful of paths).
        near = difflib.get_close_matches(path, known, n=NEAREST, cutoff=0)
        more = len(known) - len(near)
        raise ValueError(
            f"{path}: no rule of {game} reads this value; "
            + (
                f"the nearest it reads are under {', '.join(near)} (and {more} more)"
                if more > 0
                else f"the values it reads are under {', '.join(known)}"
            )
        )
