"""A First Team position as plain JSON data, for the checkpoint a saved campaign carries.

A saved campaign is its scenario, seed and actions; replaying them rebuilds the position. A
long one also carries a copy of the position at its last restart point (see
:mod:`rulebook.games._saved` and ``_flow.TURN``), so loading replays only the few actions
after it. Every attribute of the position is written, by kind: the counters by id, the board
by location, and the rest (numbers, text, sets, tuples, mappings of them) tagged by type so it
comes back as it was. An attribute of another kind makes :func:`board_record` give None, and
the campaign is then saved without a checkpoint (loading replays it all, as before).

>>> from rulebook.games.first_team.engine import new_campaign
>>> g = new_campaign(seed=1)
>>> record = board_record(g.board)
>>> record["turn"], record["phase"]
(1, 'set-up')
>>> fresh = new_campaign(seed=2).board
>>> restore_board(fresh, record)
>>> board_record(fresh) == record
True
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from rulebook.games.first_team._optional import Battery
from rulebook.games.first_team._state import CampaignState

__all__ = ["board_record", "restore_board"]

# Set up from the scenario and never changed in play (or supplied by the game, or worked out
# from the scenario when first asked for, like the NVA companies' order), or answers kept about
# the counters (the campaign's Stacking): not written.
_FIXED = frozenset(
    {
        "scenario",
        "spec",
        "dice",
        "crt",
        "map",
        "options",
        "values",
        "trace",
        "_nva_order",
        "_stacking",
        "_support_kinds",
    }
)


def board_record(s: CampaignState) -> dict[str, Any] | None:
    """The position as JSON-ready data (None if some part is of a kind not written here)."""
    try:
        out: dict[str, Any] = {}
        for name, value in vars(s).items():
            if name in _FIXED:
                continue
            if name == "nva":
                out[name] = {i: [u.step, u.hold] for i, u in value.items()}
            elif name == "us":
                out[name] = {
                    i: [u.broken, u.fatigue, u.eliminated, u.hold] for i, u in value.items()
                }
            elif name == "support":
                out[name] = {i: [u.fired, u.fatigued, u.box] for i, u in value.items()}
            elif name == "board":
                out[name] = {
                    "at": [
                        [loc, [[u.side, u.id] for u in units]] for loc, units in value.at.items()
                    ],
                    "supply": _plain(value.supply),
                    "revealed_lz": _plain(value.revealed_lz),
                }
            elif name == "cp":
                out[name] = [value.per_turn, value.left]
            elif name == "batteries":
                out[name] = [
                    [r, b.regiment, b.company, b.fired, b.eliminated] for r, b in value.items()
                ]
            else:
                out[name] = _plain(value)
        return out
    except TypeError:
        return None


def restore_board(s: CampaignState, record: dict[str, Any]) -> None:
    """Put a position written by :func:`board_record` onto a freshly set-up campaign *s*."""
    for name, value in record.items():
        if name == "nva":
            for i, (step, hold) in value.items():
                s.nva[i].step, s.nva[i].hold = step, hold
        elif name == "us":
            for i, (broken, fatigue, eliminated, hold) in value.items():
                unit = s.us[i]
                unit.broken, unit.fatigue, unit.eliminated, unit.hold = (
                    broken,
                    fatigue,
                    eliminated,
                    hold,
                )
        elif name == "support":
            for i, (fired, fatigued, box) in value.items():
                s.support[i].fired, s.support[i].fatigued, s.support[i].box = fired, fatigued, box
        elif name == "board":
            _restore_places(s, value)
        elif name == "cp":
            s.cp.per_turn, s.cp.left = value
        elif name == "batteries":
            s.batteries = {r: Battery(reg, co, fired, gone) for r, reg, co, fired, gone in value}
        else:
            setattr(s, name, _value(value))


def _restore_places(s: CampaignState, record: dict[str, Any]) -> None:
    board = s.board
    board.at, board.loc_of, board._lzs = defaultdict(list), {}, None
    for loc, units in record["at"]:
        here = board.at[loc]  # places emptied in play stay listed, in the order they came
        for side, i in units:
            unit = s.nva[i] if side == "nva" else s.us[i]
            here.append(unit)
            board.loc_of[unit] = loc
    board.reindex()
    board.supply = _value(record["supply"])
    board.revealed_lz = _value(record["revealed_lz"])


def _plain(value: Any) -> Any:
    """*value* as JSON data; sets, tuples and mappings tagged so :func:`_value` restores them."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, tuple):
        return {"tuple": [_plain(v) for v in value]}
    if isinstance(value, set | frozenset):
        return {"set": sorted((_plain(v) for v in value), key=repr)}
    if isinstance(value, dict):
        return {"dict": [[_plain(k), _plain(v)] for k, v in value.items()]}
    raise TypeError(f"a position part of kind {type(value).__name__} is not written")


def _value(data: Any) -> Any:
    if isinstance(data, list):
        return [_value(v) for v in data]
    if isinstance(data, dict):
        (tag, items), *_ = data.items()
        if tag == "tuple":
            return tuple(_value(v) for v in items)
        if tag == "set":
            return {_value(v) for v in items}
        return {_value(k): _value(v) for k, v in items}
    return data
