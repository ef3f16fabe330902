"""Line-of-sight table for a 60-area map: our engine against a naive all-pairs polygon scan.

The naive scan draws the same candidate lines for every pair of areas and
tests each line against every polygon, with no spatial index, no pruning and
no early exit. It is too slow to finish on every pair, so it runs for a
fixed time and its rate is extrapolated to all pairs; the ratio printed is
measured in this one run. Run: python benchmarks/bench_los.py
"""

from __future__ import annotations

import time
from itertools import combinations

import numpy as np
import shapely

from rulebook.maps import AreaCountLOS, AreaMap
from rulebook.maps._generate import voronoi_map
from rulebook.maps.los import _sample_points

NAIVE_SECONDS = 5.0


def naive_pair(
    area_map: AreaMap, a: str, b: str, *, polygons: list, terrains: list, ids: list
) -> bool:
    inset = area_map.spec.adjacency.tolerance
    pa = _sample_points(area_map.areas[a].polygon, inset)
    pb = _sample_points(area_map.areas[b].polygon, inset)
    for p in pa:
        for q in pb:
            line = shapely.LineString([p, q])
            entered = [
                i
                for i, poly in enumerate(polygons)
                if ids[i] not in (a, b) and poly.intersects(line)
            ]
            if len(entered) + 1 <= 3 and not any(terrains[i] == "jungle" for i in entered):
                return True
    return False


def main() -> None:
    spec = voronoi_map(10, 6, seed=1, jungle=0.45)
    area_map = AreaMap(spec)
    n = len(area_map)

    start = time.perf_counter()
    table = AreaCountLOS().compute(area_map)
    ours = time.perf_counter() - start

    ids = list(area_map.areas)
    polygons = [area_map.areas[i].polygon for i in ids]
    terrains = [area_map.areas[i].terrain for i in ids]
    pairs = list(combinations(ids, 2))
    rng = np.random.default_rng(0)
    order = rng.permutation(len(pairs))
    done, agree = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < NAIVE_SECONDS and done < len(pairs):
        a, b = pairs[order[done]]
        seen = area_map.adjacent(a, b) or naive_pair(
            area_map, a, b, polygons=polygons, terrains=terrains, ids=ids
        )
        agree += seen == table[frozenset((a, b))]
        done += 1
    naive_rate = (time.perf_counter() - start) / done
    naive_total = naive_rate * len(pairs)

    print(f"map: {n} areas, {len(pairs)} pairs, {sum(table.values())} pairs in sight")
    print(f"engine, whole table:          {ours:8.3f} s")
    print(
        f"naive scan, {done:4d} pairs:       {naive_rate * done:8.3f} s  -> {naive_total:8.1f} s for all pairs (extrapolated)"
    )
    print(f"ratio naive / engine:         {naive_total / ours:8.0f}x")
    print(f"agreement on the pairs both computed: {agree}/{done}")


if __name__ == "__main__":
    main()
