"""Loading a long saved game from the checkpoint its record carries (issue 16).

The record keeps its actions; the checkpoint only saves replaying most of them. Whatever the
route, the loaded game is the one a full replay gives, byte for byte (DESIGN: deterministic
replay), and a checkpoint that does not belong to the record is ignored, never trusted.
"""

from __future__ import annotations

import json
import random

import pytest

from rulebook.errors import ScenarioError
from rulebook.games.lz_albany import GameState, new_game, random_policy, replay
from rulebook.games.lz_albany._saved import board_record

SEED = 4  # a random game that runs past 1,000 actions


def play(game: GameState, policy, actions: int) -> GameState:
    while len(game.history) < actions and not game.is_terminal():
        game.apply(game.sample_chance() if game.current_player() == "chance" else policy(game))
    return game


@pytest.fixture(scope="module")
def long_game() -> GameState:
    game = play(new_game(seed=SEED), random_policy(random.Random(SEED)), 1000)
    assert len(game.history) == 1000
    return game


def same_game(loaded: GameState, full: GameState) -> None:
    assert loaded.history == full.history
    assert loaded.board.summary() == full.board.summary()
    assert board_record(loaded.board) == board_record(full.board)
    assert loaded.dice._rng.getstate() == full.dice._rng.getstate()
    assert loaded.to_json() == full.to_json()


def test_a_long_game_loads_from_its_checkpoint_as_a_full_replay_would(long_game):
    text = long_game.to_json()
    record = json.loads(text)
    assert 960 <= record["checkpoint"]["actions"] <= 1000
    loaded = GameState.from_json(text)
    assert loaded._past is not None  # restored from the checkpoint, the past not yet rebuilt
    full = replay(long_game.scenario, SEED, long_game.history)
    same_game(loaded, full)
    # Undo after a load keeps to the checkpoint, and is the game a replay gives
    same_game(loaded.undo(3), full.undo(3))
    assert loaded.undo(3)._past is not None
    # the play that follows is the same
    for game in (loaded, full):
        play(game, random_policy(random.Random(99)), 1100)
    same_game(loaded, full)
    # the log, trace and dice of the actions before the checkpoint are rebuilt when read
    assert loaded.log_text() == full.log_text()
    assert loaded._past is None
    assert list(loaded.board.trace) == list(full.board.trace)
    assert loaded.dice.rolls == full.dice.rolls
    assert [(c.actions, c.rolls, c.trace) for c in loaded._checkpoints] == [
        (c.actions, c.rolls, c.trace) for c in full._checkpoints
    ]


def test_undo_back_past_the_loaded_checkpoint_is_a_full_replay_too(long_game):
    loaded = GameState.from_json(long_game.to_json())
    back = loaded.undo(200)
    full = replay(long_game.scenario, SEED, long_game.history[:800])
    same_game(back, full)
    assert back.log_text() == full.log_text()


def test_a_record_without_a_checkpoint_still_loads(long_game):
    """Records written before checkpoints (or by a game that writes none) replay in full."""
    record = json.loads(long_game.to_json())
    del record["checkpoint"]
    loaded = GameState.from_json(json.dumps(record))
    assert loaded._past is None
    same_game(loaded, replay(long_game.scenario, SEED, long_game.history))


@pytest.mark.parametrize(
    "tamper",
    [
        lambda cp: cp["board"]["vp"].update(us=cp["board"]["vp"]["us"] + 5),
        lambda cp: cp.update(digest="0" * 64),
        lambda cp: cp.update(rolls="many"),
        lambda cp: cp["board"]["units"].popitem(),
    ],
    ids=["position-changed", "wrong-digest", "malformed", "counter-missing"],
)
def test_a_checkpoint_that_does_not_belong_to_the_record_is_ignored(long_game, tamper):
    record = json.loads(long_game.to_json())
    tamper(record["checkpoint"])
    loaded = GameState.from_json(json.dumps(record))
    assert loaded._past is None  # replayed from the start
    same_game(loaded, replay(long_game.scenario, SEED, long_game.history))


def test_an_edited_record_is_still_refused_with_a_checkpoint(long_game):
    """The checkpoint is signed with the actions before it: changing one sends the load back
    to a full replay, which finds the record does not hold, as before."""
    record = json.loads(long_game.to_json())
    record["seed"] = SEED + 1
    with pytest.raises(ScenarioError, match=r"does not reach the saved position|is not allowed"):
        GameState.from_json(json.dumps(record))
    record = json.loads(long_game.to_json())
    record["position"]["vp"]["us"] += 1
    with pytest.raises(ScenarioError, match="does not reach the saved position"):
        GameState.from_json(json.dumps(record))
