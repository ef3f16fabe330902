"""How much faster are the closed-form odds than enumerating every face?

Prints ratios measured in one run (machines here are noisy; absolute times
mean little). Run: python benchmarks/bench_dice.py
"""

from __future__ import annotations

import itertools
import timeit
from collections import Counter

import icepool

from rulebook.dice import Dice, successes
from rulebook.distribution import Distribution


def brute_force_sixes(n: int) -> Distribution:
    return Distribution(
        Counter(sum(f == 6 for f in faces) for faces in itertools.product(range(1, 7), repeat=n))
    )


def per_call(stmt, number: int) -> float:
    return min(timeit.repeat(stmt, number=number, repeat=5)) / number


def main() -> None:
    print(
        f"{'dice':>4}  {'closed form':>12}  {'brute force':>12}  {'icepool':>12}  brute/closed  icepool/closed"
    )
    for n in (3, 5, 7):
        assert successes(n) == brute_force_sixes(n)
        closed = per_call(lambda n=n: successes(n), 200)
        brute = per_call(lambda n=n: brute_force_sixes(n), 1 if n == 7 else 5)
        pool = per_call(lambda n=n: (n @ (icepool.d6 == 6)).probabilities(), 50)
        print(
            f"{n:>4}  {closed * 1e6:>10.1f}us  {brute * 1e6:>10.1f}us  {pool * 1e6:>10.1f}us  "
            f"{brute / closed:>12.0f}x  {pool / closed:>13.1f}x"
        )
    dice = Dice(seed=1)
    rolls = per_call(lambda: dice.pool(10), 2000)
    print(f"rolling and recording a pool of 10 dice: {rolls * 1e6:.1f}us")


if __name__ == "__main__":
    main()
