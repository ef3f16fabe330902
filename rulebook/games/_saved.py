"""The checkpoint a saved game carries, so loading a long game need not replay all of it.

A game record is its scenario, seed, options and actions (see :mod:`rulebook.games._records`).
Replaying a thousand actions with traces takes a noticeable pause, so a game whose engine can
resume its sequence from a copy of the position (LZ Albany, at a chit draw) also writes its
latest such copy: the position as plain data, the dice's state and how many actions, rolls and
trace steps came before it. Loading restores that copy and replays only the actions after it.

A checkpoint is trusted only if its ``digest`` matches: a hash of the rules code, the scenario,
the seed, the options, the actions before it and the checkpoint itself. An edited record, a
changed scenario or another version of the rules gives another hash, and the record is
replayed from the start as before (the older way, which every record supports).

>>> digest({"a": 1}) == digest({"a": 1}), digest({"a": 1}) == digest({"a": 2})
(True, False)
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["checkpoint_record", "digest", "rules_digest", "usable_checkpoint"]

_GAMES = Path(__file__).resolve().parent
_SHARED = ("_core.py", "_decisions.py", "_saved.py", "../dice.py", "../trace.py")


@cache
def rules_digest(package: str) -> str:
    """A hash of the code that plays a game: its package and the shared engine core.

    Any change to the rules code changes it, so a checkpoint written by other code is
    never restored (the record is replayed instead, by the rules as they are now).
    """
    h = hashlib.sha256()
    folder = _GAMES / package
    for path in [*sorted(folder.glob("*.py")), *(_GAMES / name for name in _SHARED)]:
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def digest(value: Any) -> str:
    """A hash of a JSON-ready value, the same for the same value on any machine."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _signed(head: dict[str, Any], checkpoint: dict[str, Any]) -> str:
    return digest({"record": head, "checkpoint": checkpoint})


def _head(rules: str, scenario_json: str, seed: int, options: dict, actions: list[str]) -> dict:
    return {
        "rules": rules,
        "scenario": hashlib.sha256(scenario_json.encode()).hexdigest(),
        "seed": seed,
        "options": options,
        "actions": actions,
    }


def checkpoint_record(
    *,
    rules: str,
    scenario_json: str,
    seed: int,
    options: dict,
    actions: list[str],
    rolls: int,
    trace: int,
    rng: Any,
    board: dict[str, Any],
) -> dict[str, Any]:
    """The ``checkpoint`` field of a record: a position after *actions*, signed with a digest."""
    version, state, gauss = rng
    body = {
        "actions": len(actions),
        "rolls": rolls,
        "trace": trace,
        "rng": [version, list(state), gauss],
        "board": board,
    }
    body["digest"] = _signed(_head(rules, scenario_json, seed, options, actions), body)
    return body


def usable_checkpoint(
    checkpoint: Any,
    *,
    rules: str,
    scenario_json: str,
    seed: int,
    options: dict,
    actions: list[str],
) -> dict[str, Any] | None:
    """*checkpoint* if it is whole and its digest matches this record, else None (replay)."""
    if not isinstance(checkpoint, dict):
        return None
    body = {k: v for k, v in checkpoint.items() if k != "digest"}
    count = body.get("actions")
    if (
        not isinstance(count, int)
        or not 0 < count <= len(actions)
        or not isinstance(body.get("rolls"), int)
        or not isinstance(body.get("trace"), int)
        or not isinstance(body.get("rng"), list)
        or len(body["rng"]) != 3
        or not isinstance(body.get("board"), dict)
    ):
        return None
    expected = _signed(_head(rules, scenario_json, seed, options, actions[:count]), body)
    return checkpoint if checkpoint.get("digest") == expected else None


def rng_state(record: list) -> tuple:
    """The dice's ``random.Random`` state from its JSON form."""
    version, state, gauss = record
    return (version, tuple(state), gauss)
