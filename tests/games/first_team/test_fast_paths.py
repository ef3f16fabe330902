"""The fast paths of a First Team campaign give the campaign the plain ones give.

Option lists are runs made when read and stacking is counted once per place, so these tests
check the lists against the rule applied to each candidate on its own (ftv:2.3.1), and that a
policy naming its option by position plays the very campaign it plays by naming the action.
"""

from __future__ import annotations

import random

import pytest

from rulebook.games.first_team import _ground, _transport
from rulebook.games.first_team.engine import new_campaign
from rulebook.games.first_team.logistics import stacking_problem
from rulebook.games.first_team.policy import random_policy, scripted_policy
from rulebook.maps.point_map import AN_KHE


def _flights_checked(game) -> int:
    """At a transport decision: each company offered a flight out may go to exactly the
    landing zones its stacking allows."""
    s = game.board
    lzs = _transport._landing_zones(s, s.pathfinder[0] if s.pathfinder else None)
    mix = s.options.get("us_stacking_mix", "battalion")
    offered: dict[str, set[str]] = {}
    for action in game.legal_actions():
        if action.verb == "fly" and action.args[1] != "AnKhe":
            offered.setdefault(action.args[0], set()).add(action.args[1])
    for uid, dests in offered.items():
        unit = s.us[uid]
        assert s.where(unit) == AN_KHE
        allowed = {
            loc for loc in lzs if stacking_problem([*s.board.us(loc), unit], mix=mix) is None
        }
        assert dests == allowed, uid
    return len(offered)


def _moves_checked(game) -> int:
    """At a ground movement decision: each company offered a move may take exactly the paths
    whose end its stacking allows."""
    s = game.board
    mix = s.options.get("us_stacking_mix", "battalion")
    offered: dict[str, set[tuple[str, ...]]] = {}
    for action in game.legal_actions():
        if action.verb == "move":
            path = action.args[1:-1] if action.args[-1] == "supply" else action.args[1:]
            offered.setdefault(action.args[0], set()).add(path)
    for uid, paths in offered.items():
        unit = s.us[uid]
        allowed = {
            tuple("AnKhe" if p == AN_KHE else p for p in path[1:])
            for path in _ground._paths(s, s.where(unit))
            if stacking_problem([*s.board.us(path[-1]), unit], mix=mix) is None
        }
        assert paths == allowed, uid
    return len(offered)


@pytest.mark.parametrize("seed", [1, 4])
def test_ftv_2_3_1_flight_options_are_exactly_the_landing_zones_stacking_allows(seed):
    game, policy, checked = new_campaign(seed=seed, record=False), scripted_policy(), 0
    while not game.is_over() and game.turn <= 4:
        if game.decision.rule in ("ftv:3.4.2", "ftv:3.4.6"):
            checked += _flights_checked(game)
        game.apply(policy(game))
    assert checked > 20


def test_ftv_2_3_1_ground_moves_listed_are_ones_stacking_allows():
    game, policy, checked = new_campaign(seed=3, record=False), random_policy(random.Random(3)), 0
    while not game.is_over() and game.turn <= 6:
        if game.decision.rule == "ftv:3.4.3":
            checked += _moves_checked(game)
        game.apply(policy(game))
    assert checked > 20


@pytest.mark.parametrize("kind", ["random", "scripted"])
def test_a_policy_by_position_plays_the_campaign_it_plays_by_action(kind):
    def make():
        return random_policy(random.Random(5)) if kind == "random" else scripted_policy()

    by_action, by_index = new_campaign(seed=5, record=False), new_campaign(seed=5, record=False)
    choose, index = make(), make().index
    while not by_action.is_over():
        by_action.apply(choose(by_action))
    while not by_index.is_over():
        by_index.apply_option(index(by_index))
    assert by_index.history == by_action.history
    assert by_index.board.summary() == by_action.board.summary()


def test_ftv_3_4_3_ground_options_kept_by_key_are_the_ones_made_afresh(monkeypatch):
    """The blocks of ground moves found made (kept from earlier decisions, segments and
    campaigns, and a location's block kept until a move beside it or a fight) list exactly
    what blocks made from the position alone list."""

    def ground_lists(seed: int) -> list[list]:
        game, policy = new_campaign(seed=seed, record=False), random_policy(random.Random(seed))
        lists = []
        while not game.is_over() and game.turn <= 8:
            if game.decision.rule == "ftv:3.4.3":
                lists.append(game.legal_actions())
            game.apply(policy(game))
        return lists

    new_campaign(seed=9, record=False)  # (whatever an earlier test left kept stays kept)
    kept = ground_lists(6)
    monkeypatch.setattr(_ground._GroundOptions, "LIMIT", 0)  # every block made afresh
    made = _ground._GroundOptions.options

    def afresh(self):
        self.kept.clear()
        return made(self)

    monkeypatch.setattr(_ground._GroundOptions, "options", afresh)
    fresh = ground_lists(6)
    assert len(kept) > 10
    assert kept == fresh


@pytest.mark.parametrize(
    "options", [{}, {"invasion_of_cambodia": True, "us_stacking_mix": "brigade"}]
)
def test_ftv_3_4_2_transport_facts_name_the_options_they_stand_for(options):
    """The facts a transport decision carries for a policy (TransportFacts) say exactly where
    each flight out, supply flight from An Khe and flight home stands among the options."""
    checked = 0
    for seed, kind in ((2, "random"), (3, "scripted")):
        game = new_campaign(seed=seed, options=options, record=False)
        policy = random_policy(random.Random(seed)) if kind == "random" else scripted_policy()
        while not game.is_over() and game.turn <= 6:
            facts = getattr(game.decision.options, "facts", None)
            if isinstance(facts, _transport.TransportFacts):
                checked += 1
                actions = game.legal_actions()
                named = {}
                at = 0
                for unit, places in facts.flying:
                    for place in places:
                        named[at] = ("fly", (unit, place))
                        at += 1
                if facts.supply is not None:
                    start, places = facts.supply
                    named |= {start + k: ("fly-supply", (p,)) for k, p in enumerate(places)}
                named |= {at: ("fly", (unit, "AnKhe")) for at, unit in facts.home}
                assert {k: tuple(actions[k]) for k in named} == named
                listed = {k for k, a in enumerate(actions) if a.verb in ("fly", "fly-supply")}
                assert listed == set(named)
            game.apply(policy(game))
    assert checked > 40


def test_board_side_lists_and_places_in_use_follow_every_move():
    """Board.us / nva / in_use(side) read kept lists: they agree with a scan of ``at`` after a
    campaign's moves, after a copy of the position, and after reindexing."""
    import copy

    game, policy = new_campaign(seed=2, record=False), random_policy(random.Random(2))
    while not game.is_over() and game.turn <= 5:
        game.apply(policy(game))
    board = game.board.board

    def scanned(b, side):
        return [loc for loc in b.map.locations if any(u.side == side for u in b.at.get(loc, []))]

    for b in (board, copy.deepcopy(game.board).board):
        for side in ("us", "nva"):
            assert b.in_use(side) == scanned(b, side)
        for loc in b.map.locations:
            assert b.us(loc) == [
                u for u in b.at.get(loc, []) if u.side == "us" and not u.eliminated
            ]
            assert b.nva(loc) == [
                u for u in b.at.get(loc, []) if u.side == "nva" and not u.eliminated
            ]
    before = {side: board.in_use(side) for side in ("us", "nva")}
    board.reindex()
    assert {side: board.in_use(side) for side in ("us", "nva")} == before


def test_a_copied_position_is_equal_and_apart():
    """The Undo checkpoint's copy (CampaignState.__deepcopy__) is the same position, shares
    the scenario, map and values, and changing it leaves the original alone."""
    import copy

    from rulebook.games.first_team._saved import board_record

    game, policy = new_campaign(seed=7), scripted_policy()
    while not game.is_over() and game.turn <= 3:
        game.apply(policy(game))
    s = game.board
    c = game._copy_board(s, None, None)
    assert board_record(c) == board_record(s)
    assert c.summary() == s.summary()
    assert c.map is s.map
    assert c.scenario is s.scenario
    assert c.values is s.values
    unit = next(u for u in c.us.values() if c.where(u) is not None)
    assert c.board.where(unit) is not None
    assert unit is not s.us[unit.id]
    c.board.place(AN_KHE, unit)
    unit.fatigue += 3
    c.moved.add("x")
    assert board_record(c) != board_record(s)
    assert s.us[unit.id].fatigue != unit.fatigue
    assert "x" not in s.moved
    assert board_record(copy.deepcopy(s)) == board_record(s)
