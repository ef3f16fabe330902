"""Machine instructions per LZ Albany game or First Team campaign, an older revision against
this working tree.

Time on the shared machines here swings by a third with the load (see bench_lza_ab.py), so a
change of a per cent or two is lost in it. The count of instructions the interpreter runs is
not: under valgrind's cachegrind, with everything that varies from run to run held still, the
same code in the same folder counts the same to a few instructions in a hundred million, and
two copies of one tree (in folders of different names) agree within 0.1%. It is not time (a
cache miss costs more than an add), but a change that runs fewer instructions for the same
games is, on this interpreter, almost always faster, and the count says by how much.

Held still: address-space randomisation (``setarch -R``), string hashing (PYTHONHASHSEED=0),
and the maths library's helper threads (one thread: their spinning is counted otherwise). Each
tree first plays one untimed game, so its line-of-sight table is in the cache folder; then the
instructions of a run of no games are taken from a run of N, leaving N games' worth. Each
game's result is printed as a digest, which must be the same for both trees.

Needs valgrind (Debian: ``apt-get install valgrind``); about a minute for 10 games a tree.

Run: python benchmarks/bench_instructions.py REV [games] [random|scripted] [lz-albany|first-team]
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench_lza_ab import ROOT, older_tree

ONE_RUN = """
import hashlib, sys
from rulebook.sim import run_game
games, policies, game = int(sys.argv[1]), sys.argv[2], sys.argv[3]
if game == "first-team":
    from rulebook.games.first_team import campaign_scenario as scenario
else:
    from rulebook.games.lz_albany import standard_scenario as scenario
scenario = scenario()
digest = hashlib.sha256()
for seed in range(games):
    digest.update(repr(run_game(scenario, seed, policies=policies)).encode())
print(digest.hexdigest()[:16])
"""
STILL = {"PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}


GAMES = {"lz-albany": ("LZ Albany", "game"), "first-team": ("First Team", "campaign")}


def counted(tree: Path, games: int, policies: str, game: str) -> tuple[int, str]:
    """Instructions of one run playing *games* games of *game* with *tree*'s rulebook, and
    its digest."""
    command = [
        *(["setarch", "-R"] if shutil.which("setarch") else []),
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        "-c",
        ONE_RUN,
        str(games),
        policies,
        game,
    ]
    env = {**os.environ, **STILL, "PYTHONPATH": str(tree)}
    out = subprocess.run(command, check=False, cwd=tree, env=env, capture_output=True, text=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if out.returncode or not found:
        raise SystemExit(f"a run in {tree} failed:\n{out.stderr[-2000:]}")
    return int(found.group(1).replace(",", "")), out.stdout.strip()


def per_game(tree: Path, games: int, policies: str, game: str) -> tuple[float, str]:
    counted(tree, 1, policies, game)  # the line-of-sight table worked out and kept, untimed
    empty, _ = counted(tree, 0, policies, game)
    full, digest = counted(tree, games, policies, game)
    return (full - empty) / games, digest


def main(rev: str, games: int = 10, policies: str = "random", game: str = "lz-albany") -> None:
    if game not in GAMES:
        raise SystemExit(f"no game {game!r}: lz-albany or first-team")
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed (Debian: apt-get install valgrind)")
    with older_tree(rev) as old, tempfile.TemporaryDirectory() as new:
        # The working tree is copied to a folder named like the older one's: the count moved
        # by 0.2% with the length of the folder's path.
        for part in ("rulebook", "scenarios"):
            shutil.copytree(ROOT / part, Path(new) / part, ignore=shutil.ignore_patterns("*.pyc"))
        with ThreadPoolExecutor(2) as pool:  # one tree a core
            trees = (old, Path(new))
            before, after = pool.map(lambda tree: per_game(tree, games, policies, game), trees)
    name, unit = GAMES[game]
    print(f"{name}, {policies} players, {games} {unit}s: machine instructions per {unit}")
    print(f"{rev:>12}: {before[0] / 1e6:8.2f} M   (results {before[1]})")
    print(f"{'this tree':>12}: {after[0] / 1e6:8.2f} M   (results {after[1]})")
    print(f"{'ratio':>12}: {after[0] / before[0]:.4f}")
    if before[1] != after[1]:
        print("the two trees' games ended differently: the change is not in speed alone")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    main(
        sys.argv[1],
        int(sys.argv[2]) if len(sys.argv) > 2 else 10,
        sys.argv[3] if len(sys.argv) > 3 else "random",
        sys.argv[4] if len(sys.argv) > 4 else "lz-albany",
    )
