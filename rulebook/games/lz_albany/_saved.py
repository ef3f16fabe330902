"""An LZ Albany position as plain JSON data, for the checkpoint a saved game carries.

A saved game is its scenario, seed and actions; replaying them rebuilds the position. A long
game also carries a copy of the position at a late chit draw (see
:mod:`rulebook.games._saved`), so loading replays only the few actions after it. This module
writes a board as a mapping of plain values and restores one onto a freshly set-up board.

>>> from rulebook.games.lz_albany import new_game
>>> g = new_game(seed=1)
>>> record = board_record(g.board)
>>> record["turn"], sorted(record["vp"].items())
(1, [('nva', 0), ('us', 0)])
>>> fresh = new_game(seed=1).board
>>> restore_board(fresh, record)
>>> board_record(fresh) == record
True
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rulebook.games.lz_albany._pieces import WoundedMarker
from rulebook.games.lz_albany._state import State

__all__ = ["board_record", "restore_board"]

# What changes in play, beside the counters, chits and markers: kept as they are (plain values)
_PLAIN = (
    "turn",
    "phase",
    "visibility_drawn",
    "flares_left",
    "retreat",
    "winner",
    "ending",
)
_COUNTS = ("activations", "officer_activations", "officer_casualties", "lone_moves")
_SETS = ("flares", "flares_now")
_UNIT = ("area", "status", "hits", "wounded")


def board_record(board: State) -> dict[str, Any]:
    """Everything on the table that play changes, as JSON-ready values."""
    record: dict[str, Any] = {name: getattr(board, name) for name in _PLAIN}
    record.update({name: dict(getattr(board, name)) for name in _COUNTS})
    record.update({name: sorted(getattr(board, name)) for name in _SETS})
    record["pool"] = list(board.pool)  # drawn in sorted order, but kept as it stands
    record["adrenaline_box"] = dict(board.adrenaline_box)
    record["vp"] = dict(board.vp)
    record["vp_log"] = [list(entry) for entry in board.vp_log]
    record["units"] = {u.id: [getattr(u, field) for field in _UNIT] for u in board.units.values()}
    record["chits"] = {c.id: [c.in_play, c.damaged] for c in board.chits.values()}
    record["wounded"] = {w.id: [w.area, w.status] for w in board.wounded.values()}
    return record


def restore_board(board: State, record: dict[str, Any]) -> None:
    """Put a recorded position onto *board*, a board just set up for the same scenario.

    Raises
    ------
    ValueError
        The record names a counter or chit the scenario lacks, or leaves one out.
    """
    for name in ("units", "chits"):
        have, want = set(getattr(board, name)), set(record[name])
        if have != want:
            raise ValueError(f"the checkpoint's {name} are not the scenario's")
    for name in _PLAIN:
        setattr(board, name, record[name])
    for name in _COUNTS:
        setattr(board, name, Counter(record[name]))
    for name in _SETS:
        setattr(board, name, set(record[name]))
    board.pool = list(record["pool"])
    board.adrenaline_box = dict(record["adrenaline_box"])
    board.vp = dict(record["vp"])
    board.vp_log = [tuple(entry) for entry in record["vp_log"]]
    for uid, values in record["units"].items():
        unit = board.units[uid]
        for field, value in zip(_UNIT, values, strict=True):
            object.__setattr__(unit, field, value)  # the index is rebuilt once, below
    for cid, (in_play, damaged) in record["chits"].items():
        chit = board.chits[cid]
        chit.in_play, chit.damaged = in_play, damaged
    board.wounded = {
        wid: WoundedMarker(wid, area, status) for wid, (area, status) in record["wounded"].items()
    }
    board._build_index()
