"""Mutating the shipped files, for the property test and the big fuzz run.

:func:`mutants` is a Hypothesis strategy of damaged copies of the shipped scenarios, a game
record, a campaign record and a GeoJSON map; :func:`judge` reads one the way the project does
and says what happened: ``"ok"`` (valid, and the engine sets it up), ``"refused"`` (a
ScenarioError naming the file), or raises anything else, which is the bug being hunted.

Run the big fuzz, outside the suite, each file in a child process with a memory limit and
a time limit::

    nice python tests/fuzzing.py 10000
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "scenarios").glob("*/*.yaml"))
HOSTILE = [
    "9" * 5000, "-1", "0", "-0.5", ".nan", ".inf", "-.inf", "1.0e+400", "9223372036854775808",
    "''", "null", "[]", "{}", "[[[[[[[[[[[[]]]]]]]]]]]]", "0d6", "99999999999999d20",
    "1-100000000000", "&a [*a]", "*nowhere", "? [a, b]\n  : 1", "2001-13-45", "!!python/object:os.system x",
    "\"\\ud800\"", "~", "yes", "A1-A1", "ftv:99.9", "lza:", "\t", "- - - -",
]  # fmt: skip
_SCALAR = re.compile(r"(?<=[:\[,\-] )[^\s\[\]{},:#][^\[\]{},:#\n]*?(?=\s*(?:[,\]}]|$|#))", re.M)


def _record_texts() -> dict[str, str]:
    from rulebook.games.ambush_valley.campaign import CampaignRecord
    from rulebook.games.lz_albany import new_game
    from rulebook.maps.geojson import to_geojson
    from rulebook.maps.point_map import PointMap  # noqa: F401 - keeps the import graph warm
    from rulebook.scenario import load_scenario

    game = new_game(seed=3)
    for _ in range(15):
        game.apply(game.legal_actions()[0])
    from rulebook.maps import AreaMap

    area_map = AreaMap(load_scenario(ROOT / "scenarios" / "lz_albany" / "standard.yaml").map)
    return {
        "game.json": game.to_json(),
        "campaign.json": CampaignRecord.from_platoon("us-aero-rifle", "Fuzz").to_json(),
        "map.geojson": json.dumps(to_geojson(area_map)),
    }


def sources() -> dict[str, str]:
    """Name -> text of every file the fuzz starts from."""
    texts = {p.name: p.read_text(encoding="utf-8") for p in SCENARIOS}
    return {**texts, **_record_texts()}


def mutate(text: str, rng: random.Random) -> str:
    """One to three damaging edits: a value swapped for a hostile one, lines cut, doubled or
    shuffled, the text truncated, a byte flipped."""
    for _ in range(rng.randint(1, 3)):
        lines = text.splitlines(keepends=True)
        kind = rng.randrange(7)
        if kind <= 2:  # the commonest: one value replaced
            spots = list(_SCALAR.finditer(text))
            if spots:
                m = rng.choice(spots)
                text = text[: m.start()] + rng.choice(HOSTILE) + text[m.end() :]
        elif kind == 3 and lines:
            i = rng.randrange(len(lines))
            del lines[i : i + rng.randint(1, 5)]
            text = "".join(lines)
        elif kind == 4 and lines:
            i = rng.randrange(len(lines))
            lines[i:i] = lines[i : i + rng.randint(1, 3)]
            text = "".join(lines)
        elif kind == 5:
            text = text[: rng.randrange(len(text) + 1)]
        elif text:
            i = rng.randrange(len(text))
            text = (
                text[:i]
                + chr(rng.choice([0, 9, 10, 34, 38, 42, 58, 91, 123, 0xFF]))
                + text[i + 1 :]
            )
    return text


def mutants(names: list[str]) -> st.SearchStrategy[tuple[str, str]]:
    """(name, damaged text) pairs for the named sources, each from a drawn seed."""
    texts = sources()
    return st.tuples(st.sampled_from(names), st.integers(0, 2**32 - 1)).map(
        lambda pair: (pair[0], mutate(texts[pair[0]], random.Random(pair[1])))
    )


def judge(name: str, path: Path, *, play: bool = False) -> str:
    """Read *path* (a mutant of *name*) as the project would; ``ok`` or ``refused``.

    Anything but a ScenarioError propagates: that is a bug.
    """
    from rulebook.errors import ScenarioError
    from rulebook.games.ambush_valley.campaign import CampaignRecord
    from rulebook.games.lz_albany import GameState
    from rulebook.maps.design import MapDesign
    from rulebook.scenario import load_scenario, validate

    try:
        if name == "game.json":
            GameState.from_json(path.read_text(encoding="utf-8", errors="replace"), file=str(path))
        elif name == "campaign.json":
            CampaignRecord.load(path)
        elif name == "map.geojson":
            MapDesign.load(path).problems()
        elif name in ("places.yaml", "chapters.yaml"):
            from rulebook.history import _Chapters, _load, _Places

            _load(path.name, _Places if name == "places.yaml" else _Chapters, path.parent)
        else:
            problems = validate(load_scenario(path), str(path), play=play)
            if problems:
                raise ScenarioError(problems)
    except ScenarioError as err:
        if not all(p.file.startswith(str(path)) for p in err.problems):
            raise AssertionError(f"a problem that does not name the file: {err}") from None
        return "refused"
    return "ok"


def _one(job: tuple[str, str, str, int]) -> str:
    """Child process: judge one mutant under a memory limit; the kind of outcome."""
    import resource
    import signal
    import traceback

    name, text, folder, seconds = job
    resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))
    path = Path(folder) / name
    path.write_text(text, encoding="utf-8", errors="surrogateescape")

    def hung(signum: int, frame: object) -> None:
        raise TimeoutError

    # Timed here, in the child: a wait in the parent would also count a new child's start-up.
    signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        return judge(name, path, play=True)
    except TimeoutError:
        return "hang"
    except MemoryError:
        return "memory"
    except Exception:
        return "traceback: " + traceback.format_exc().strip().splitlines()[-1][:200]


def big_fuzz(count: int, seed: int = 2026, seconds: int = 60) -> dict[str, int]:
    """Judge *count* mutants in two child processes and count the outcomes.

    The children are kept for the whole run: CPython 3.11's pool can deadlock when all its
    workers retire at once (``max_tasks_per_child``), which an earlier run took for hangs.
    """
    import collections
    import tempfile
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures import TimeoutError as Hung

    texts = sources()
    names = sorted(texts)
    rng = random.Random(seed)
    counts: collections.Counter[str] = collections.Counter()
    with (
        tempfile.TemporaryDirectory() as scratch,
        ProcessPoolExecutor(2) as pool,
    ):
        jobs = []
        for i in range(count):
            name = names[i % len(names)]
            folder = Path(scratch) / str(i)
            folder.mkdir()
            jobs.append(pool.submit(_one, (name, mutate(texts[name], rng), str(folder), seconds)))
        for i, job in enumerate(jobs):
            try:
                outcome = job.result(timeout=10 * seconds)  # a wedged child, not a slow file
            except Hung:
                outcome = "hang"
            except Exception as err:
                outcome = f"child died: {type(err).__name__}"
            counts[outcome.split(":")[0] if outcome.startswith("traceback") else outcome] += 1
            if outcome not in ("ok", "refused"):
                print(f"{i} {names[i % len(names)]}: {outcome}", flush=True)  # noqa: T201
            if (i + 1) % 500 == 0:
                print(f"{i + 1} files: {dict(counts)}", flush=True)  # noqa: T201
    return dict(counts)


if __name__ == "__main__":
    import sys

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(big_fuzz(count, int(sys.argv[2]) if len(sys.argv) > 2 else 2026))  # noqa: T201
