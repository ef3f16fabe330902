"""First Team: Vietnam speed: whole campaigns, replays, and exact odds against rolling the dice.

Prints times and ratios measured in this one run. Run: python benchmarks/bench_first_team.py [campaigns]
"""

from __future__ import annotations

import random
import sys
import time

from rulebook.dice import Dice
from rulebook.games.first_team.engine import new_campaign, replay_campaign
from rulebook.games.first_team.policy import random_policy, scripted_policy
from rulebook.games.first_team.situation import example_4_1


def play(seed: int, scripted: bool):
    game = new_campaign(seed=seed)
    policy = scripted_policy() if scripted else random_policy(random.Random(seed))
    while not game.is_over():
        game.apply(policy(game))
    return game


def main(campaigns: int = 20) -> None:
    new_campaign(seed=0)  # read the scenario and build the map outside the timing
    for scripted in (False, True):
        start = time.perf_counter()
        games = [play(seed, scripted) for seed in range(campaigns)]
        elapsed = time.perf_counter() - start
        actions = sum(len(g.history) for g in games)
        start = time.perf_counter()
        for game in games:
            replay_campaign(game.scenario, game.seed, game.history)
        replayed = time.perf_counter() - start
        who = "scripted" if scripted else "random"
        print(
            f"{campaigns} campaigns, {who} US player: {elapsed:.2f} s, {campaigns / elapsed:.1f} campaigns/s, "
            f"{actions / campaigns:.0f} actions each; replay {replayed:.2f} s ({elapsed / replayed:.1f}x faster than playing)"
        )
    setup = example_4_1()
    start = time.perf_counter()
    odds = setup.odds()
    exact = time.perf_counter() - start
    rolls = 2000
    start = time.perf_counter()
    dice = Dice(1)
    hits = sum(str(setup.resolve(dice).results["us"]) == "8*" for _ in range(rolls))
    sampled = time.perf_counter() - start
    print(
        f"4.1 example: exact odds in {exact * 1000:.1f} ms (P(8*) = {odds['us']['8*']}); "
        f"{rolls} resolutions in {sampled:.2f} s give {hits / rolls:.3f}; the exact answer is "
        f"{sampled / exact:.0f}x faster than sampling it"
    )

    from rulebook.games.first_team import campaign_scenario
    from rulebook.sim import sweep

    scenario = campaign_scenario()
    timings = {}
    for label, executor, workers in (("serial", "serial", None), ("2 processes", None, 2)):
        start = time.perf_counter()
        result = sweep(
            scenario, campaigns, 1, executor=executor, workers=workers, policies="scripted"
        )
        timings[label] = time.perf_counter() - start
        mean = result.summary()["mean_vp_nva"].iloc[0]
        print(
            f"sweep of {campaigns} scripted campaigns, {label}: {timings[label]:.2f} s (mean NVA VP {mean:.1f})"
        )
    print(f"2 processes against serial: {timings['serial'] / timings['2 processes']:.2f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
