"""Spotting many areas at once answers as spotting each one (lza:10.3, lza:11.1A, lza:11.2)."""

from __future__ import annotations

import random

from rulebook.games.lz_albany import new_game, random_policy


def test_lza_10_3_spotted_among_is_spotted_area_by_area_by_day_by_night_and_under_flares():
    game = new_game(seed=6, record=False)
    policy = random_policy(random.Random(6))
    while len(game.history) < 300:
        if game.current_player() == "chance":
            game.resolve_chance()
        else:
            game.apply_option(policy.index(game))
    s = game.board
    areas = sorted(s.map.areas)
    night_turn = min(s.rules.night_turns)
    checked = 0
    for turn, lit in ((1, set()), (night_turn, set()), (night_turn, set(areas[::3]))):
        s.turn, s.flares_now = turn, lit
        for side in ("us", "nva"):
            one_by_one = [a for a in areas if s.spotted(side, a)]
            assert s.spotted_among(side, areas) == one_by_one
            checked += len(one_by_one)
    assert checked > 0  # some officer saw something, so the comparison means something
