"""One simulated game: the cycle collector is held off while it plays and left as it was found."""

from __future__ import annotations

import gc

from rulebook.games.lz_albany import standard_scenario
from rulebook.sim import run_game


def test_a_simulated_game_runs_without_a_cycle_collection_and_restores_the_collector():
    scenario = standard_scenario()
    run_game(scenario, 3)  # the map and its line-of-sight table are built outside the count
    seen: list[int] = []

    def collection(phase: str, info: dict) -> None:
        if phase == "start":
            seen.append(info["generation"])

    assert gc.isenabled()
    gc.callbacks.append(collection)
    try:
        result = run_game(scenario, 3)  # a random game allocates far past gc's thresholds
    finally:
        gc.callbacks.remove(collection)
    # without the pause this game sets off seven collections; with it, at most the one
    # collection that the first allocations after the game set off, a young one (generation 0,
    # or 1 when ten young collections have passed since the last of generation 1), never a full one
    assert seen in ([], [0], [1])
    assert gc.isenabled()
    assert result == run_game(scenario, 3, record=True)  # the same game, traced or not


def test_a_collector_turned_off_by_the_caller_stays_off():
    gc.disable()
    try:
        run_game(standard_scenario(), 2)
        assert not gc.isenabled()
    finally:
        gc.enable()
