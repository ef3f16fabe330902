"""Policies that answer the engine's decisions, for whole-game runs and simulations."""

from __future__ import annotations

import random

from rulebook.games._decisions import CHANCE, Action, Options
from rulebook.games.lz_albany.engine import GameState

__all__ = ["play_out", "random_policy"]


def random_policy(rng: random.Random):
    """A policy choosing uniformly among the legal actions, from its own seeded stream."""

    def choose(state: GameState) -> Action:
        options = state.legal_actions()
        return options[rng.randrange(len(options))]

    bits = rng.getrandbits

    def index(state: GameState) -> int:  # the same draw, by position (see play_out)
        # What randrange(n) draws for n >= 1 (Random._randbelow_with_getrandbits), written
        # out: a call fewer at every decision of a random game.
        options = state._pending.options  # state.legal_actions() at a decision
        # its length (Options read directly: a call of its __len__ fewer)
        n = options._len if type(options) is Options else len(options)
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r

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
    if None not in by_index.values():  # every side picks by position: the core's own loop
        state.play_by_index(by_index, max_actions)
        return state
    resolve, apply_option = state.resolve_chance, state.apply_option
    for _ in range(max_actions):
        pending = state._pending  # state.current_player(), read directly: this runs every step
        if pending is None:
            return state
        player = pending.player
        if player == CHANCE:
            resolve()
        elif (index := by_index[player]) is not None:
            apply_option(index(state))
        else:
            state.apply(policies[player](state))  # type: ignore[operator]
    raise RuntimeError(f"the game did not end within {max_actions} actions")
