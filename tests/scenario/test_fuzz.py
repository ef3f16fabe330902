"""Property: any damaged copy of a shipped scenario, game record, campaign record or GeoJSON
map is either refused with a ScenarioError naming the file, or valid and set up by its engine,
within a time bound. Hypothesis prints the seed of any failure (``--hypothesis-seed``)."""

from __future__ import annotations

import signal

import pytest
from fuzzing import judge, mutants, sources
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

NAMES = sorted(sources())
SCENARIO_FILES = [n for n in NAMES if n.endswith(".yaml")]
RECORDS = [n for n in NAMES if not n.endswith(".yaml")]
SECONDS = 30  # per file: far beyond the slowest honest file, short of a hang


class _HungError(Exception):
    pass


def _judged(tmp_path_factory: pytest.TempPathFactory, name: str, text: str) -> str:
    path = tmp_path_factory.mktemp("fuzz") / name
    path.write_text(text, encoding="utf-8", errors="surrogateescape")

    def hung(signum: int, frame: object) -> None:
        raise _HungError(f"{name} took over {SECONDS} s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(SECONDS)
    try:
        return judge(name, path)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    print_blob=True,
)


@FUZZ
@given(mutant=mutants(SCENARIO_FILES))
def test_a_damaged_scenario_is_refused_by_name_or_playable(tmp_path_factory, mutant):
    assert _judged(tmp_path_factory, *mutant) in {"ok", "refused"}


@FUZZ
@given(mutant=mutants(RECORDS))
def test_a_damaged_record_or_map_is_refused_by_name_or_loads(tmp_path_factory, mutant):
    assert _judged(tmp_path_factory, *mutant) in {"ok", "refused"}


@settings(max_examples=60, deadline=None)
@given(value=st.sampled_from(["9" * 5000, "[" * 600, "&a [*a]", "1.0e+400", ".nan"]))
def test_the_known_killers_are_refused(tmp_path_factory, value):
    text = sources()["standard.yaml"].replace("schema_version: 1", f"schema_version: 1\nx: {value}")
    assert _judged(tmp_path_factory, "standard.yaml", text) == "refused"
