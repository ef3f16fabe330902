"""Issue 16's figures in one run: whole games, Undo, exact odds and line of sight.

Prints, measured in this run (CPU time of this process, so "per core"; the machines here are
shared and noisy, so read the ratios more than the absolute figures):

- LZ Albany games/s and First Team campaigns/s, random and scripted players, in the
  simulation mode (no traces, no log) against the same games with traces on;
- the balance lab's case: 1,000 LZ Albany games of a variant (one value changed) on a
  2-worker pool, wall time (this one is wall-clock: it is what a designer waits for); then
  the lab's own comparison of 1,000 a side against the baseline, stopping once the answer is
  clear (a difference, or none in reach), for a change that shows and one that does not;
- Undo at moves 10, 100 and 1,000 against a traced replay to the same move, and loading a
  saved game of 1,000 moves (from the checkpoint its record carries; and Undo right after);
- First Team Undo at moves 10, 100, half-way and the end of a scripted campaign, and loading
  the saved campaign;
- each exact-odds query the rule-interactions app makes (situation built, odds computed),
  and icepool on the same pools (icepool keeps its own cache, so repeats are cheap for it);
  and the First Team combat app's query on the rulebook's 4.1 example;
- the line-of-sight table for 44, 60, 200 and 800-area maps, with the fitted exponent.

Run: python benchmarks/bench_speed.py [games]   (about three minutes with the default 30)
"""

from __future__ import annotations

import json
import math
import random
import resource
import sys
import time
import timeit

import icepool

from rulebook.games.first_team import campaign_scenario
from rulebook.games.lz_albany import (
    GameState,
    new_game,
    random_policy,
    replay,
    standard_scenario,
)
from rulebook.games.lz_albany.odds import odds
from rulebook.games.lz_albany.situation import attack
from rulebook.maps import AreaMap
from rulebook.maps._generate import voronoi_map
from rulebook.sim import run_game

CPU = time.process_time  # CPU time of this process: other jobs on a shared machine count less


def rate(scenario, games: int, policies: str, *, record: bool) -> float:
    """Whole games per CPU second."""
    start = time.process_time()
    for seed in range(games):
        run_game(scenario, seed, policies=policies, record=record)
    return games / (time.process_time() - start)


def games_section(games: int) -> None:
    print("== Whole games, per core (CPU time) ==")
    for name, scenario, unit, count in (
        ("LZ Albany", standard_scenario(), "games", games),
        ("First Team", campaign_scenario(), "campaigns", max(2, games // 3)),
    ):
        run_game(scenario, 0)  # read the scenario, build the map and its LOS table untimed
        for policies in ("random", "scripted"):
            quiet = rate(scenario, count, policies, record=False)
            traced = rate(scenario, max(2, count // 3), policies, record=True)
            print(
                f"{name:<10} {policies:<8} {quiet:7.1f} {unit}/s quiet, {traced:7.1f} traced "
                f"({quiet / traced:.1f}x)"
            )


def lab_section(games: int = 1000, workers: int = 2) -> None:
    print(f"== Balance lab: {games:,} LZ Albany games of a variant on {workers} workers ==")
    from rulebook.sim import Variant, sweep

    variant = Variant("rally on 5", {"values.rally_face_without_officer.value": "5"})
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = sweep(standard_scenario(), games, seed=1, variants=[variant], workers=workers)
    wall = time.perf_counter() - start
    assert len(result.results) == games
    after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the pool's workers, now ended
    cpu = (after.ru_utime + after.ru_stime) - (children.ru_utime + children.ru_stime)
    print(
        f"{games:,} games in {wall:.1f} s wall ({games / wall:.0f} games/s, pool start-up "
        f"included); the workers used {cpu:.1f} s CPU, so {cpu / workers:.1f} s on "
        f"{workers} idle cores"
    )
    # What a designer waits for in the lab, which compares against the baseline and stops once
    # the answer is clear (rulebook.sim.early): the US rifle melee change of the designer loop's
    # browser test, then one that changes little the players see (settled with no difference).
    # The lab keeps the games it played on disk (KnownGames with a folder), so the second
    # comparison plays only the variant, and so does the first comparison of a lab opened later
    # (a new store on the same folder): the figures a designer trying one change after another,
    # today or next week, sees.
    import tempfile

    from rulebook.sim import KnownGames

    with tempfile.TemporaryDirectory() as folder:
        known = KnownGames(folder=folder)
        for name, change, later in (
            ("US rifle melee 2 -> 3", {"lz_albany.unit_types.us-rifle.melee": "3"}, False),
            ("rally on 5", variant.overrides, False),
            ("NVA rifle melee 2 -> 3", {"lz_albany.unit_types.nva-rifle.melee": "3"}, True),
        ):
            if later:
                known = KnownGames(folder=folder)  # the lab opened again: nothing in memory
            start = time.perf_counter()
            result = sweep(
                standard_scenario(),
                games,
                seed=1,
                variants=[Variant("baseline"), Variant(name, change)],
                workers=workers,
                stop_when_clear=True,
                known=known,
            )
            wall = time.perf_counter() - start
            where = "played every game"
            if result.early:
                why = "a clear difference" if result.early.clear else "no difference in reach"
                where = f"stopped at {result.early.games:,} a side ({why})"
            source = "the files an earlier lab kept" if later else "the run before"
            reused = (
                f", {result.reused:,} baseline games taken from {source}" if result.reused else ""
            )
            print(f"the lab, {games:,} a side, {name}: {where}{reused}, {wall:.1f} s wall")


def long_game(actions: int = 1000):
    """A recorded random LZ Albany game of *actions* moves (seed 4 runs past 1,000)."""
    game = new_game(seed=4)
    policy = random_policy(random.Random(4))
    while len(game.history) < actions and not game.is_terminal():
        chance = game.current_player() == "chance"
        game.apply(game.sample_chance() if chance else policy(game))
    return game


def load_section() -> None:
    print("== Loading a saved LZ Albany game (ms, CPU, best of 3) ==")
    game = long_game(1000)
    text = game.to_json()
    record = json.loads(text)
    del record["checkpoint"]
    old = json.dumps(record)
    scenario = game.scenario
    load = min(
        timeit.repeat(lambda: GameState.from_json(text, scenario), number=1, repeat=3, timer=CPU)
    )
    loaded = GameState.from_json(text, scenario)
    undo = min(timeit.repeat(lambda: loaded.undo(1), number=1, repeat=3, timer=CPU))
    full = min(
        timeit.repeat(lambda: GameState.from_json(old, scenario), number=1, repeat=3, timer=CPU)
    )
    print(
        f"{len(game.history):,} moves: load {load * 1e3:5.1f} ms, Undo after the load "
        f"{undo * 1e3:5.1f} ms; the same record without its checkpoint (a full replay) "
        f"{full * 1e3:6.1f} ms ({full / load:.0f}x)"
    )


def undo_section() -> None:
    print("== Undo (ms, CPU, best of 3) ==")
    game = long_game(1001)
    for move in (10, 100, 1000):
        at = min(move, len(game.history))
        there = game.undo(len(game.history) - at)
        undo = min(timeit.repeat(lambda there=there: there.undo(1), number=1, repeat=3, timer=CPU))
        start = time.process_time()
        replay(game.scenario, 4, game.history[: at - 1])
        full = time.process_time() - start
        print(
            f"move {at:>5}: undo {undo * 1e3:6.2f} ms; traced replay to the same move "
            f"{full * 1e3:7.1f} ms ({full / undo:.0f}x)"
        )


def first_team_undo_section() -> None:
    print("== First Team Undo and loading a saved campaign (ms, CPU, best of 3) ==")
    from rulebook.games.first_team.engine import CampaignGame, new_campaign, replay_campaign
    from rulebook.games.first_team.policy import scripted_policy

    game, policy = new_campaign(seed=3), scripted_policy()
    while not game.is_over():
        game.apply(policy(game))
    ends = len(game.history)
    for move in (10, 100, ends // 2, ends):
        there = game.undo(ends - move)
        undo = min(timeit.repeat(lambda there=there: there.undo(1), number=1, repeat=3, timer=CPU))
        start = time.process_time()
        replay_campaign(game.scenario, 3, game.history[: move - 1])
        full = time.process_time() - start
        print(
            f"move {move:>5}: undo {undo * 1e3:6.2f} ms; traced replay to the same move "
            f"{full * 1e3:7.1f} ms ({full / undo:.0f}x)"
        )
    record = game.to_json()
    load = min(timeit.repeat(lambda: CampaignGame.from_json(record), number=1, repeat=3, timer=CPU))
    start = time.process_time()
    CampaignGame._replayed(game.scenario, json.loads(record), "bench")
    full = time.process_time() - start
    print(
        f"loading the saved campaign ({ends} actions, from its checkpoint): {load * 1e3:6.1f} ms; "
        f"replayed in full {full * 1e3:7.1f} ms"
    )


def _pools(procedure: str, dist) -> list[int]:
    """The pool sizes behind an odds answer: the most hits it allows, per side."""
    keys = list(dist)
    if procedure == "melee":
        return [max(k[0] for k in keys), max(k[1] for k in keys)]
    if procedure == "artillery":
        return [max(k[1] for k in keys)]
    return [max(k if isinstance(k, int) else k[0] for k in keys)]


def odds_section() -> None:
    print("== Exact odds, as the rule-interactions app asks them (ms per query, best of 5) ==")
    sixes = icepool.d6 == 6
    for procedure, area, target in (
        ("melee", "C4", "C4"),
        ("fire", "C4", "D4"),
        ("mortar", "C4", "D4"),
        ("artillery", "C4", "D4"),
        ("gunship", "C4", "D4"),
        ("bombs", "C4", "D4"),
    ):

        def query(procedure=procedure, area=area, target=target):
            situation, args = attack(procedure, area, target)
            return odds(situation, procedure, *args)

        dist = query()
        ours = min(timeit.repeat(query, number=20, repeat=5, timer=CPU)) / 20
        situation, args = attack(procedure, area, target)
        alone = (
            min(
                timeit.repeat(
                    lambda s=situation, a=args, p=procedure: odds(s, p, *a),
                    number=20,
                    repeat=5,
                    timer=CPU,
                )
            )
            / 20
        )
        pools = _pools(procedure, dist)

        def theirs(pools=pools):
            dice = [n @ sixes for n in pools]
            return (icepool.tupleize(*dice) if len(dice) > 1 else dice[0]).probabilities()

        icepool_time = min(timeit.repeat(theirs, number=20, repeat=5, timer=CPU)) / 20
        print(
            f"{procedure:<9} situation + odds {ours * 1e3:5.2f} ms (odds alone "
            f"{alone * 1e3:5.3f} ms); icepool on the same pool(s) {pools}: "
            f"{icepool_time * 1e3:5.3f} ms"
        )
    # The First Team combat app's query: the fight set up from the campaign's counters, then
    # both sides' exact CRT results (a CRT roll is one d10 a side, so icepool has no pool here).
    from rulebook.games.first_team.situation import example_4_1

    example_4_1().odds()  # read the campaign and its CRT untimed
    fight = min(timeit.repeat(lambda: example_4_1().odds(), number=20, repeat=5, timer=CPU)) / 20
    print(f"First Team, the 4.1 example: situation + odds {fight * 1e3:5.2f} ms")
    from rulebook.dice import dice_sum

    for n in (2, 4, 8):
        ours = min(timeit.repeat(lambda n=n: dice_sum(n), number=50, repeat=5, timer=CPU)) / 50
        theirs = min(
            timeit.repeat(
                lambda n=n: (n @ icepool.d6).probabilities(), number=50, repeat=5, timer=CPU
            )
        )
        print(f"sum of {n}d6: dice_sum {ours * 1e3:5.3f} ms; icepool {theirs / 50 * 1e3:5.3f} ms")


def los_section() -> None:
    print("== Line-of-sight table (CPU s): worked out, and read back as the next process does ==")
    import os
    import tempfile

    from rulebook.maps import los as los_module

    sizes, times = [], []
    before = os.environ.get("RULEBOOK_CACHE")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["RULEBOOK_CACHE"] = folder  # a cache folder of this run's own
        for cols, rows in ((11, 4), (10, 6), (20, 10), (40, 20)):
            area_map = AreaMap(voronoi_map(cols, rows, seed=1, jungle=0.45))
            start = time.process_time()
            _ = area_map.los.day  # worked out, and kept in the cache folder
            elapsed = time.process_time() - start
            los_module._DAY_TABLES.clear()  # as in a new process: nothing in memory
            fresh = AreaMap(area_map.spec)
            start = time.process_time()
            _ = fresh.los.day
            read = time.process_time() - start
            sizes.append(len(area_map))
            times.append(elapsed)
            print(
                f"{len(area_map):>4} areas: {elapsed:6.2f} s worked out, {1000 * read:6.1f} ms "
                f"read back ({elapsed / read:,.0f}x)"
            )
        if before is None:
            del os.environ["RULEBOOK_CACHE"]
        else:
            os.environ["RULEBOOK_CACHE"] = before
    xs, ys = [math.log(n) for n in sizes], [math.log(t) for t in times]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs
    )
    print(f"fitted: working a table out grows as areas^{slope:.2f}")


def main(games: int = 30) -> None:
    games_section(games)
    lab_section()
    undo_section()
    load_section()
    first_team_undo_section()
    odds_section()
    los_section()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
