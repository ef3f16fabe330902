"""LZ Albany games/s of an older revision against this working tree, in alternating runs.

On a shared machine the figures of one run swing by a third with the load, so a speed change
is judged here by running the two versions of the code one after the other, several times,
and comparing medians. Each run is a fresh process that plays, after one untimed game (the
map and its line-of-sight table built), random and scripted games with traces off and on,
and prints games per CPU second.

Run: python benchmarks/bench_lza_ab.py REV [runs]     e.g.  python benchmarks/bench_lza_ab.py main~5 6
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = (
    ("random", False, 30),
    ("random", True, 10),
    ("scripted", False, 60),
    ("scripted", True, 20),
)
LABELS = ("random quiet", "random traced", "scripted quiet", "scripted traced")

ONE_RUN = f"""
import time
from rulebook.games.lz_albany import standard_scenario
from rulebook.sim import run_game
scenario = standard_scenario()
run_game(scenario, 0)
rates = []
for policies, record, games in {CASES!r}:
    start = time.process_time()
    for seed in range(games):
        run_game(scenario, seed, policies=policies, record=record)
    rates.append(games / (time.process_time() - start))
print(" ".join(f"{{r:.3f}}" for r in rates))
"""


def rates(tree: Path) -> list[float]:
    """One fresh process's games/s for each case, with *tree*'s rulebook imported."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", ONE_RUN],
        check=False,
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    if out.returncode:
        raise SystemExit(f"a run in {tree} failed:\n{out.stderr}")
    return [float(x) for x in out.stdout.split()]


@contextmanager
def older_tree(rev: str) -> Iterator[Path]:
    """The rules code and scenarios of revision *rev*, in a temporary folder."""
    git = shutil.which("git")
    if git is None:
        raise SystemExit("git is needed to read the older revision")
    archive = subprocess.run(
        [git, "archive", rev, "rulebook", "scenarios"], check=False, cwd=ROOT, capture_output=True
    )
    if archive.returncode:
        raise SystemExit(f"git archive {rev}: {archive.stderr.decode().strip()}")
    with tempfile.TemporaryDirectory() as old:
        with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
            tar.extractall(old, filter="data")
        yield Path(old)


def main(rev: str, runs: int = 6) -> None:
    with older_tree(rev) as old:
        found: dict[str, list[list[float]]] = {rev: [], "this tree": []}
        for _ in range(runs):
            found[rev].append(rates(old))
            found["this tree"].append(rates(ROOT))
    print(f"LZ Albany games per CPU second, median (best) of {runs} alternating runs")
    medians = {}
    for name, rows in found.items():
        columns = list(zip(*rows, strict=True))
        medians[name] = [statistics.median(c) for c in columns]
        cells = ", ".join(
            f"{label} {statistics.median(c):.1f} ({max(c):.1f})"
            for label, c in zip(LABELS, columns, strict=True)
        )
        print(f"{name:>12}: {cells}")
    ratios = ", ".join(
        f"{label} {new / old:.2f}x"
        for label, old, new in zip(LABELS, medians[rev], medians["this tree"], strict=True)
    )
    print(f"{'ratio':>12}: {ratios}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 6)
