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

    below = rng._randbelow  # what randrange(n) draws for n >= 1, without its argument checks

    def index(state: GameState) -> int:  # the same draw, by position (see play_out)
        return below(state.option_count())

    choose.index = index  # type: ignore[attr-defined]
    return choose


def play_out(
    state: GameState, policies: dict[str, object], max_actions: int = 100_000
) -> GameState:
    """Play until the game ends, chance by the game's dice and each side by its policy.

    A policy with an ``index`` attribute (a function of the state giving a position in the
    legal actions) is asked for that instead, so no list of actions is built.
    """
    by_index = {side: getattr(p, "index", None) for side, p in policies.items()}
    for _ in range(max_actions):
        player = state.current_player()
        if player is None:
            return state
        if player == CHANCE:
            state.resolve_chance()
        elif by_index[player] is not None:
            state.apply_option(by_index[player](state))
        else:
            state.apply(policies[player](state))  # type: ignore[operator]
    raise RuntimeError(f"the game did not end within {max_actions} actions")
