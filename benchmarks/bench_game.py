"""How long a whole LZ Albany game takes with random players, and what replay costs.

Prints times and ratios measured in this one run. Run: python benchmarks/bench_game.py [games]
"""

from __future__ import annotations

import random
import sys
import time

from rulebook.games.lz_albany import new_game, play_out, random_policy, replay


def main(games: int = 20) -> None:
    new_game(seed=0)  # load the scenario and build the map once, outside the timing
    actions = 0
    start = time.perf_counter()
    played = []
    for seed in range(games):
        game = new_game(seed=seed)
        policy = random_policy(random.Random(seed))
        play_out(game, {"us": policy, "nva": policy})
        actions += len(game.history)
        played.append(game)
    elapsed = time.perf_counter() - start

    start = time.perf_counter()
    for game in played:
        replay(game.scenario, game.seed, game.history)
    replayed = time.perf_counter() - start

    start = time.perf_counter()
    for _ in range(games):
        new_game(seed=1)
    setup = time.perf_counter() - start

    print(
        f"{games} random games: {elapsed:.2f} s, {games / elapsed:.1f} games/s, "
        f"{actions / games:.0f} actions per game, {actions / elapsed:.0f} actions/s"
    )
    print(f"replaying them: {replayed:.2f} s ({replayed / elapsed:.2f}x the time to play)")
    print(
        f"starting a game (scenario copy, map, forces): {setup / games * 1000:.1f} ms "
        f"({setup / elapsed:.2%} of the play time)"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
