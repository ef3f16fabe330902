"""Games per second serially, on 1 and 2 worker processes, and on a Dask LocalCluster of 2.

Ratios are to the serial run, measured in this one run. Run: python benchmarks/bench_sim.py [games]
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor

from rulebook.games.lz_albany import standard_scenario
from rulebook.sim import sweep


def timed(label: str, games: int, **kwargs) -> float:
    start = time.perf_counter()
    result = sweep(standard_scenario(), games, seed=11, **kwargs)
    elapsed = time.perf_counter() - start
    assert len(result.results) == games
    print(f"{label:<28} {elapsed:6.2f} s  {games / elapsed:6.1f} games/s")
    return elapsed


def main(games: int = 24) -> None:
    sweep(standard_scenario(), 1, executor="serial")  # warm the map's line-of-sight table
    serial = timed("serial, this process", games, executor="serial")
    with ProcessPoolExecutor(max_workers=1) as pool:
        one = timed("process pool, 1 worker", games, executor=pool)
    with ProcessPoolExecutor(max_workers=2) as pool:
        two = timed("process pool, 2 workers", games, executor=pool)
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        dask = None
        print("dask.distributed not installed: pip install -e '.[dask]'")
    else:
        with (
            LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster,
            Client(cluster) as c,
        ):
            dask = timed("Dask LocalCluster, 2 workers", games, executor=c.get_executor())
    print(
        f"speed-up over serial: 1 worker {serial / one:.2f}x, 2 workers {serial / two:.2f}x"
        + (f", Dask {serial / dask:.2f}x" if dask else "")
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 24)
