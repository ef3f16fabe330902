"""Policies that answer the engine's decisions, for whole-game runs and simulations."""

from __future__ import annotations

import random

from rulebook.games._decisions import CHANCE, Action
from rulebook.games.lz_albany.engine import GameState

__all__ = ["play_out", "random_policy"]


def random_policy(rng: random.Random):
    """A policy choosing uniformly among the legal actions, from its own seeded stream."""

    def choose(state: GameState) -> Action:
        options = state.legal_actions()
        return options[rng.randrange(len(options))]

    return choose


def play_out(
    state: GameState, policies: dict[str, object], max_actions: int = 100_000
) -> GameState:
    """Play until the game ends, chance by the game's dice and each side by its policy."""
    for _ in range(max_actions):
        player = state.current_player()
        if player is None:
            return state
        if player == CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(policies[player](state))  # type: ignore[operator]
    raise RuntimeError(f"the game did not end within {max_actions} actions")
