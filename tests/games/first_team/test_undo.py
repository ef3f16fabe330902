"""Undo of a First Team campaign is the campaign a replay from the start gives (DESIGN: Undo is
replay): the kept actions replay without traces and the log and trace are taken as they were."""

from __future__ import annotations

import random

from rulebook.games.first_team.engine import new_campaign, replay_campaign
from rulebook.games.first_team.policy import random_policy


def test_ftv_undo_matches_a_full_replay_byte_for_byte():
    game = new_campaign(seed=2)
    policy = random_policy(random.Random(2))
    while not game.is_over() and len(game.history) < 200:
        game.apply(policy(game))
    for keep in (0, 7, 120, len(game.history) - 1):
        undone = game.undo(len(game.history) - keep)
        full = replay_campaign(game.scenario, 2, game.history[:keep])
        assert undone.log_text() == full.log_text()
        assert undone.to_json() == full.to_json()
        assert list(undone.board.trace) == list(full.board.trace)
        for played in (undone, full):
            onward = random_policy(random.Random(keep))
            for _ in range(30):
                if played.is_over():
                    break
                played.apply(onward(played))
        assert undone.log_text() == full.log_text()
