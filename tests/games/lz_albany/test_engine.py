"""The engine API: replay, records, undo, and invariants over many random games."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.games.lz_albany import GameState, new_game, play_out, random_policy, replay


def random_game(seed: int, **options) -> GameState:
    game = new_game(seed=seed, options=options or None)
    policy = random_policy(random.Random(seed))
    return play_out(game, {"us": policy, "nva": policy})


@pytest.fixture(scope="module")
def finished():
    return random_game(11)


def test_replay_reproduces_the_log_byte_for_byte(finished):
    again = replay(finished.scenario, finished.seed, finished.history)
    assert again.log_text() == finished.log_text()
    assert again.board.summary() == finished.board.summary()


def test_json_record_round_trips_and_checks_the_position(finished):
    text = finished.to_json()
    back = GameState.from_json(text)
    assert back.log_text() == finished.log_text()
    tampered = text.replace('"seed": 11', '"seed": 12')
    with pytest.raises(ValueError, match=r"does not reach the saved position|is not allowed now"):
        GameState.from_json(tampered)


def test_undo_is_replay_without_the_last_actions():
    game = new_game(seed=2)
    for _ in range(5):
        game.apply(game.legal_actions()[-1])
    earlier = game.undo(2)
    assert earlier.history == game.history[:3]
    fresh = replay(game.scenario, 2, game.history[:3])
    assert earlier.log_text() == fresh.log_text()


def test_an_undo_replayed_from_the_start_keeps_every_roll():
    """Without a checkpoint to start from, Undo replays quietly and takes the game's log: the
    dice must keep their rolls all the same (a quiet game of a sweep keeps none)."""
    game = new_game(seed=3)
    game.checkpoint_every = 0  # (an instance's own setting: no checkpoint, the replay path)
    policy = random_policy(random.Random(3))
    for _ in range(150):
        game.advance()  # chance by the game's dice, then a random choice
        game.apply(policy(game))
    earlier = game.undo(3)
    fresh = replay(game.scenario, 3, game.history[:-3])
    assert earlier.dice.rolls == fresh.dice.rolls
    assert len(fresh.dice.rolls) > 20
    assert earlier.log_text() == fresh.log_text()


def test_unknown_option_is_refused():
    with pytest.raises(ValueError, match="unknown option “fog”"):
        new_game(seed=1, options={"fog": True})


def check_invariants(game: GameState) -> None:
    board = game.board
    assert game.is_over()
    assert board.turn <= board.rules.turns  # lza:3.3
    assert board.winner in ("us", "nva", None)
    if board.ending == "automatic victory":
        assert board.vp["nva"] >= board.rules.victory_vp  # lza:4.2
    for side in ("us", "nva"):
        logged = [p for _, s, _, p in board.vp_log if s == side]
        assert sum(logged) == board.vp[side]
        assert all(p > 0 for p in logged)
        sources = {src for _, s, src, _ in board.vp_log if s == side}
        assert sources <= set(game.scenario.lz_albany.vp[side])  # lza:4.1: listed sources only
    for unit in board.units.values():
        # one place at a time: on the map means exactly one known area, off it means none
        assert (unit.area is not None) == unit.on_map
        if unit.on_map:
            assert unit.area in board.map
        assert 0 <= unit.hits <= 4
    pattern = re.compile(r"\((\d+) of (\d+)\)")
    per_turn: dict[tuple[int, str], int] = {}
    for entry in game.log:
        for step in entry.trace:
            if step.rule == "lza:5.2A":
                group = step.text.split()[0]
                per_turn[(entry.turn, group)] = per_turn.get((entry.turn, group), 0) + 1
                count, limit = map(int, pattern.search(step.text).groups())
                assert count <= limit
    assert all(
        n <= 2 for n in per_turn.values()
    )  # each group twice a turn (lza:5.2); adrenaline is extra


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_random_games_end_and_keep_every_invariant(seed):
    check_invariants(random_game(seed))


@pytest.mark.parametrize(
    "options",
    [
        {"overstack_fire": "example_two_fire"},
        {"senior_officer_activations": "unlimited"},
        {"wounded_check": "administrative"},
        {"wounded_per_platoon": "any"},
        {"retreat_carry": "left-behind"},
        {"columbus_stacking": "placement-only"},
        {"massed_target": "not-artillery"},
        {"nva_retreat_moves": "moves-toward-edge"},
        {"airlift_room": "per-landing"},
        {"dust_off_capacity": "at-most-two"},
    ],
)
def test_every_interpretation_option_plays_through(options):
    check_invariants(random_game(5, **options))


def test_lza_3_2_placement_never_overstacks():
    # Always take the last option, which crowds the last eligible area as far as the rules let it.
    game = new_game(seed=8)
    while game.current_player() not in (None, "chance"):
        game.apply(game.legal_actions()[-1])
    for area in game.board.map.areas:
        for side in ("us", "nva"):
            assert len(game.board.platoons(area, side)) <= 3


def test_scripted_players_keep_every_invariant():
    from rulebook.games.lz_albany import scripted_policy

    for seed in (1, 2, 3):
        game = play_out(
            new_game(seed=seed), {"us": scripted_policy("us"), "nva": scripted_policy("nva")}
        )
        check_invariants(game)
    with pytest.raises(ValueError, match="no scripted player for side “vc”"):
        scripted_policy("vc")


def test_the_index_of_counters_answers_as_a_scan_of_every_counter():
    """State keeps counters indexed by area and side; after a whole game of moves, hits and
    eliminations every query still gives what scanning all counters gives, in the same order."""
    import random

    from rulebook.games.lz_albany import new_game, play_out, random_policy

    game = new_game(seed=4)
    policy = random_policy(random.Random(4))
    checked = 0
    for _ in range(400):
        if game.is_terminal():
            break
        chance = game.current_player() == "chance"
        game.apply(game.legal_actions()[0] if chance else policy(game))
        s = game.board
        for side in ("us", "nva"):
            assert s.on_map(side) == [u for u in s.units.values() if u.on_map and u.side == side]
            for area in s.map.areas:
                for officers in (None, True, False):
                    scan = [
                        u
                        for u in s.units.values()
                        if u.on_map
                        and u.area == area
                        and u.side == side
                        and (officers is None or u.is_officer == officers)
                    ]
                    assert s.in_area(area, side, officers=officers) == scan
                    checked += 1
    assert checked > 10_000
    play_out(game, {"us": policy, "nva": policy})


def test_undo_from_a_checkpoint_is_the_game_a_full_replay_gives():
    """Undo restarts from a copy of the position taken at a chit draw (lza:3.6) and replays the
    few actions after it; the log, trace, dice, saved record and the play that follows are the
    ones a replay from the start gives, byte for byte (DESIGN: Undo is replay)."""
    import random

    from rulebook.games.lz_albany import new_game, random_policy, replay

    game = new_game(seed=3)
    policy = random_policy(random.Random(3))
    while len(game.history) < 400 and not game.is_terminal():
        game.apply(game.sample_chance() if game.current_player() == "chance" else policy(game))
    assert len(game._checkpoints) > 5
    for keep in (0, 1, 5, 57, 200, 399):
        undone = game.undo(len(game.history) - keep)
        full = replay(game.scenario, 3, game.history[:keep])
        assert undone.log_text() == full.log_text()
        assert undone.to_json() == full.to_json()
        assert list(undone.board.trace) == list(full.board.trace)
        assert undone.dice.rolls == full.dice.rolls
        for played in (undone, full):
            onward = random_policy(random.Random(keep))
            for _ in range(40):
                if played.is_terminal():
                    break
                chance = played.current_player() == "chance"
                played.apply(played.sample_chance() if chance else onward(played))
        assert undone.log_text() == full.log_text()
        assert undone.board.summary() == full.board.summary()
    assert game.undo(1).undo(1).to_json() == replay(game.scenario, 3, game.history[:-2]).to_json()


def test_picking_the_kth_option_is_applying_the_kth_legal_action():
    """apply_option(k) (no list built) plays exactly legal_actions()[k], for every decision of
    a game, including the long lazily-made ones (moves, split fire, lza:6.2, lza:7.3)."""
    import random

    from rulebook.games.lz_albany import new_game

    by_index, by_action = new_game(seed=8), new_game(seed=8)
    rng = random.Random(8)
    longest = 0
    while not by_index.is_terminal() and len(by_index.history) < 600:
        count = by_index.option_count()
        assert count == len(by_action.legal_actions())
        longest = max(longest, count)
        k = rng.randrange(count)
        if by_index.current_player() == "chance":
            by_index.dice.pick(count, "lza:3.6")
            by_action.dice.pick(count, "lza:3.6")
        played = by_index.apply_option(k)
        assert played == by_action.legal_actions()[k]
        by_action.apply(played)
    assert by_index.log_text() == by_action.log_text()
    assert longest > 20


@pytest.mark.parametrize("seed", [3, 4])
def test_the_random_policy_picks_the_same_by_position_as_from_the_list(seed):
    """A simulation's random player draws positions (``index``, straight from the stream's
    ``_randbelow``); a player choosing from the list of legal actions draws with randrange:
    both must play the same game from the same seed."""
    by_position, by_list = new_game(seed=seed), new_game(seed=seed)
    policy = random_policy(random.Random(seed))  # one stream for both sides, as a sweep plays
    play_out(by_position, {"us": policy, "nva": policy})
    choose = random_policy(random.Random(seed))

    def from_the_list(game):  # the same player without its ``index``: play_out builds lists
        return choose(game)

    play_out(by_list, {"us": from_the_list, "nva": from_the_list})
    assert by_position.history == by_list.history
    assert len(by_position.history) > 300


def _frame_of(game: GameState, name: str):
    """The running frame of the flow generator *name* (the chain of ``yield from`` below the
    game's sequence of play), to read the state a decision was built from."""
    gen = game._flow
    while gen is not None:
        if gen.gi_code.co_name == name:
            return gen.gi_frame
        gen = gen.gi_yieldfrom
    raise AssertionError(f"{name} is not running")


def test_options_kept_between_decisions_are_the_ones_worked_out_afresh():
    """Fire options kept per area against its change count and its neighbours' counts of
    sides coming and going (lza:7.2A, 7.3, 7.4) and each counter's moves
    kept until a move touches its area (lza:6.2) are, at every decision of these games, the
    options worked out from scratch with nothing kept (the speed-ups change no option)."""
    from rulebook.games._decisions import Action
    from rulebook.games.lz_albany._activation import fire_choices, move_options, must_move

    checked = {"lza:7.0": 0, "lza:6.2": 0}
    for seed in (1, 5, 9):
        game = new_game(seed=seed, record=False)
        policy = random_policy(random.Random(seed))
        while not game.is_terminal():
            rule = game.decision.rule
            if rule == "lza:7.0":
                f = _frame_of(game, "fire_activation").f_locals
                s = f["s"]
                s._facts = {}  # derived facts too are worked out again
                fresh = fire_choices(
                    s,
                    f["side"],
                    f["ids"],
                    f["platoons"],
                    fought=f["fought"],
                    fired=f["fired"],
                    shelled=f["shelled"],
                    kept={},
                )
                assert list(game.decision.options) == list(fresh)
                checked[rule] += 1
            elif rule == "lza:6.2":
                f = _frame_of(game, "move_activation").f_locals
                s, side = f["s"], f["side"]
                moves = list(
                    move_options(s, f["ids"], f["moved"], side, adrenaline=f["adrenaline"])
                )
                fresh = moves if moves and must_move(s, side) else [Action("done", ()), *moves]
                assert list(game.decision.options) == fresh
                checked[rule] += 1
            if game.current_player() == "chance":
                game.resolve_chance()
            else:
                game.apply_option(policy.index(game))
    assert checked["lza:7.0"] > 100
    assert checked["lza:6.2"] > 100


def test_fire_options_kept_with_the_map_are_forgotten_past_their_limit_and_change_nothing(
    monkeypatch,
):
    """Fire options (lza:7.3) are kept with the map for every game on it, up to a limit past
    which they are forgotten: with a limit of five the same games play the same actions, and
    the store never holds more."""
    from rulebook.games.lz_albany import _combat

    def histories() -> list[list[str]]:
        out = []
        for seed in (2, 3):
            game = new_game(seed=seed, record=False)
            play_out(
                game,
                {
                    "us": random_policy(random.Random(seed)),
                    "nva": random_policy(random.Random(seed + 1)),
                },
            )
            out.append([a.notation() for a in game.history])
            kept = game.board._reach["fire-options"]
            sizes.append(len(kept))
        return out

    sizes: list[int] = []
    usual = histories()
    monkeypatch.setattr(_combat, "FIRE_OPTIONS_KEPT", 5)
    new_game(seed=0, record=False).board._reach["fire-options"].clear()
    sizes.clear()
    assert histories() == usual
    assert 0 < max(sizes) <= 5
