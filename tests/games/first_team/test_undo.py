"""Undo of a First Team campaign is the campaign a replay from the start gives (DESIGN: Undo is
replay): it restarts from the nearest copy of the position taken between two phases or segments
and replays the few actions after it; before the first copy the kept actions replay without
traces and the log and trace are taken as they were."""

from __future__ import annotations

import json
import random

import pytest

from rulebook.games.first_team.engine import CampaignGame, new_campaign, replay_campaign
from rulebook.games.first_team.policy import random_policy, scripted_policy


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
        assert undone.dice.rolls == full.dice.rolls  # a quiet replay that takes a log keeps them
        for played in (undone, full):
            onward = random_policy(random.Random(keep))
            for _ in range(30):
                if played.is_over():
                    break
                played.apply(onward(played))
        assert undone.log_text() == full.log_text()


def _played(seed: int, kind: str):
    game = new_campaign(seed=seed)
    policy = scripted_policy() if kind == "scripted" else random_policy(random.Random(seed))
    while not game.is_over():
        game.apply(policy(game))
    return game


@pytest.mark.parametrize("kind", ["scripted", "random"])
def test_ftv_undo_restarts_from_a_checkpoint_and_matches_a_full_replay(kind):
    """Undo, Undo-to-here and a finished campaign restart from the copy of the position taken
    at the last phase or segment boundary before the point (_flow.TURN); the game they give is
    the one a replay from the start gives, byte for byte, and it plays on the same."""
    game = _played(4, kind)
    assert len(game._checkpoints) >= len(game.history) // (2 * CampaignGame.checkpoint_every)
    first = game._checkpoints[0].actions
    ends = len(game.history)
    for keep in sorted({first, first + 1, ends // 3, ends // 2, ends - 5, ends - 1, ends}):
        assert game._restored(keep) is not None  # the checkpoint path, not a replay from 0
        undone = game.undo(ends - keep)
        full = replay_campaign(game.scenario, 4, game.history[:keep])
        assert undone.history == full.history
        assert undone.log_text() == full.log_text()
        assert undone.to_json() == full.to_json()
        assert list(undone.board.trace) == list(full.board.trace)
        assert undone.dice.rolls == full.dice.rolls
        for played in (undone, full):
            onward = random_policy(random.Random(keep))
            for _ in range(25):
                if played.is_over():
                    break
                played.apply(onward(played))
        assert undone.log_text() == full.log_text()
        assert undone.to_json() == full.to_json()


def test_ftv_undo_of_an_undone_game_still_matches():
    """A game restored from a checkpoint takes its own checkpoints as it goes on."""
    game = _played(6, "random")
    back = game.undo(len(game.history) // 2)
    onward = random_policy(random.Random(60))
    while not back.is_over():
        back.apply(onward(back))
    again = back.undo(7)
    full = replay_campaign(game.scenario, 6, back.history[:-7])
    assert again.log_text() == full.log_text()
    assert again.to_json() == full.to_json()


@pytest.mark.parametrize(("kind", "stop"), [("scripted", 250), ("random", 10_000)])
def test_ftv_a_saved_campaign_loads_from_its_checkpoint_as_a_full_replay_would(kind, stop):
    """A saved campaign carries its last checkpoint; loading restores it and replays only the
    actions after it, and the game is the one a replay from the start gives (log rebuilt when
    read, Undo, playing on). An edited checkpoint is not trusted: the record replays in full."""
    game = new_campaign(seed=3)
    policy = scripted_policy() if kind == "scripted" else random_policy(random.Random(3))
    while not game.is_over() and len(game.history) < stop:
        game.apply(policy(game))
    record = game.to_json()
    assert '"checkpoint"' in record
    loaded = CampaignGame.from_json(record)
    assert loaded._past is not None  # restored, not replayed from the start
    full = replay_campaign(game.scenario, 3, game.history)
    assert loaded.to_json() == full.to_json()
    back, back_full = loaded.undo(len(loaded.history) - 20), full.undo(len(full.history) - 20)
    assert back.to_json() == back_full.to_json()
    assert back.log_text() == back_full.log_text()
    assert loaded.log_text() == full.log_text()
    assert loaded.dice.rolls == full.dice.rolls
    assert list(loaded.board.trace) == list(full.board.trace)
    edited = json.loads(record)
    edited["checkpoint"]["board"]["vp"] = 99
    replayed = CampaignGame.from_json(json.dumps(edited))
    assert replayed._past is None
    assert replayed.to_json() == full.to_json()
