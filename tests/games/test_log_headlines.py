"""Each log entry's headline links to the rule case of the decision it answered.

A reader of the log saw "US: move A/2-7-1 from C3 to C4." with no link, while every sentence
under it linked its rule: the headline now cites the rule that asked (lza:6.2 for a move).
"""

from __future__ import annotations

import re

from rulebook.games._decisions import CHANCE
from rulebook.games.first_team import narrate as ft_narrate
from rulebook.games.first_team.engine import new_campaign
from rulebook.games.first_team.policy import scripted_policy as ft_scripted
from rulebook.games.lz_albany import narrate as lza_narrate
from rulebook.games.lz_albany import new_game, scripted_policy

RULE_ID = re.compile(r"^(lza|ftv):\d+(\.\d+)*[A-Z]?$")


def _played_lz_albany(actions: int):
    game = new_game(seed=3)
    players = {s: scripted_policy(s) for s in ("us", "nva")}
    for _ in range(actions):
        if game.is_over():
            break
        player = game.current_player()
        game.apply(game.sample_chance() if player == CHANCE else players[player](game))
    return game


def test_lza_6_2_a_move_headline_cites_the_rule_that_asked_for_it():
    game = _played_lz_albany(400)
    assert game.log[0].rule == ""  # the set-up answers no decision
    assert lza_narrate.narrate(game.log[0], game.board)[0].rules == ()
    moves = [e for e in game.log[1:] if e.action.startswith("move ")]
    assert moves, "the scripted players made no move in 400 actions"
    for entry in game.log[1:]:
        assert RULE_ID.match(entry.rule), (entry.index, entry.action, entry.rule)
    for entry in moves:
        assert entry.rule in ("lza:6.2", "lza:10.1", "lza:6.2A"), (entry.action, entry.rule)
        head = lza_narrate.narrate(entry, game.board)[0]
        if head.text.startswith(("US:", "NVA:")):  # (a move told by its trace has no headline)
            assert head.rules == (entry.rule,), head


def test_lza_3_6_a_chit_draw_cites_the_draw():
    game = _played_lz_albany(120)
    draws = [e for e in game.log if e.action.startswith("draw ")]
    assert draws
    assert {e.rule for e in draws} == {"lza:3.6"}


def test_ftv_7_0_the_campaigns_headlines_cite_their_decisions():
    game = new_campaign(seed=1965)
    policy = ft_scripted()
    for _ in range(60):
        if game.is_over():
            break
        game.apply(policy(game))
    placed = [e for e in game.log[1:] if e.player == "us"]
    assert placed
    for entry in placed:
        assert RULE_ID.match(entry.rule), (entry.index, entry.action, entry.rule)
        head = ft_narrate.narrate(entry, game.board)[0]
        assert head.text.startswith("US:"), head
        assert head.rules == (entry.rule,), head
    assert game.log[1].rule.startswith("ftv:7.0")  # the set-up's first marker placed


def test_lza_7_3_a_return_fires_strength_is_told_with_the_return_fire():
    """A reader saw "3 US platoons in C3 fire with strength 6." end the entry of the NVA's hit
    on C3, before the US had chosen to return fire (or even when it held): the strength was
    worked out before the question. It is told in the entry that fires now: a fire or a return
    fire, or a senior officer's choice to add his die to a fire (lza:5.2D), which comes first."""
    import random

    from rulebook.games.lz_albany import play_out, random_policy

    told = set()
    for seed in range(6):
        game = new_game(seed=seed)
        policy = random_policy(random.Random(seed))
        play_out(game, {"us": policy, "nva": policy})
        for entry in game.log[1:]:
            for sentence in lza_narrate.narrate(entry, game.board):
                if re.search(r"fires? with strength", sentence.text):
                    told.add(entry.action.split()[0])
    assert "return-fire" in told
    assert told <= {"fire", "return-fire", "join", "spare"}, told
