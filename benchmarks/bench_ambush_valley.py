"""Ambush Valley speed: exact odds against rolling the dice, and validating the six scenarios.

Prints times and ratios measured in this one run. Run: python benchmarks/bench_ambush_valley.py [rolls]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from rulebook.dice import Dice
from rulebook.games.ambush_valley.campaign import casualty_status, casualty_status_odds
from rulebook.games.ambush_valley.core import firefight_odds
from rulebook.games.ambush_valley.scenario import Scenario
from rulebook.trace import Trace

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "ambush_valley"


def timed(func):
    start = time.perf_counter()
    value = func()
    return value, time.perf_counter() - start


def main(rolls: int = 20_000) -> None:
    casualty_status_odds(8, "straggler")  # load the tables outside the timing
    exact, t_exact = timed(lambda: casualty_status_odds(8, "straggler"))
    dice = Dice(1)

    def sample() -> float:
        hits = sum(
            casualty_status(dice, 8, "straggler", Trace()) == "Captured" for _ in range(rolls)
        )
        return hits / rolls

    sampled, t_sample = timed(sample)
    print(
        f"straggler casualty, D8: exact odds in {t_exact * 1000:.1f} ms (Captured {float(exact['Captured']):.4f}); "
        f"{rolls} sampled rolls in {t_sample:.2f} s give {sampled:.4f}; exact is {t_sample / t_exact:.0f}x faster"
    )
    fight, t_fight = timed(lambda: firefight_odds(8, 8, 5, 8))
    dice = Dice(2)

    def sample_fight() -> float:
        total = 0
        for _ in range(rolls):
            hits = sum(f >= 4 for f in dice.pool(8, 8))
            saves = sum(f >= 4 for f in dice.pool(5, 8))
            total += max(0, hits - saves)
        return total / rolls

    mean, t_mean = timed(sample_fight)
    print(
        f"Claymore 8D8 against 5D8 [assumed model]: exact in {t_fight * 1000:.1f} ms (mean {float(fight.mean()):.3f}); "
        f"{rolls} sampled in {t_mean:.2f} s give {mean:.3f}; exact is {t_mean / t_fight:.0f}x faster"
    )
    files = sorted(SCENARIOS.glob("*.yaml"))
    found, t_valid = timed(lambda: [Scenario.load(f).problems() for f in files])
    print(
        f"{len(files)} scenarios loaded and validated in {t_valid * 1000:.0f} ms ({t_valid / len(files) * 1000:.0f} ms each); problems: {sum(map(len, found))}"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000)
