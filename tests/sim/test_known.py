"""Known games: a sweep takes the games an earlier sweep played of the same version and seed,
and its results are exactly those of a sweep that plays every game."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest
from sim.test_early import CRUSHING

from rulebook.games.lz_albany import standard_scenario
from rulebook.sim import KnownGames, Variant, early, sweep

TOUGH = Variant("tough NVA", {"lz_albany.unit_types.nva-rifle.melee": "*1.5"})
RALLY = Variant("rally on 5", {"values.rally_face_without_officer.value": "5"})
BASE = Variant("baseline")


@pytest.fixture(scope="module")
def scenario():
    return standard_scenario()


def test_a_second_comparison_plays_only_the_new_version_and_matches_playing_all(scenario):
    known = KnownGames()
    first = sweep(scenario, 6, seed=3, executor="serial", variants=[BASE, TOUGH], known=known)
    assert first.reused == 0
    assert len(known) == 12
    with ProcessPoolExecutor(max_workers=2) as pool:
        second = sweep(scenario, 6, seed=3, executor=pool, variants=[BASE, RALLY], known=known)
        everything = sweep(scenario, 6, seed=3, executor=pool, variants=[BASE, RALLY])
    assert second.reused == 6  # the baseline's games
    assert second.results == everything.results
    assert len(known) == 18


def test_a_version_is_its_content_whatever_the_variant_is_called(scenario):
    known = KnownGames()
    sweep(scenario, 4, seed=2, executor="serial", variants=[TOUGH], known=known)
    renamed = Variant("melee up by half", dict(TOUGH.overrides))
    again = sweep(scenario, 4, seed=2, executor="serial", variants=[renamed], known=known)
    assert again.reused == 4
    assert {r.variant for r in again.results} == {"melee up by half"}
    # Another seed, other options or the other players make other games.
    assert sweep(scenario, 4, seed=9, executor="serial", variants=[TOUGH], known=known).reused == 0
    scripted = sweep(
        scenario, 4, seed=2, executor="serial", variants=[TOUGH], known=known, policies="scripted"
    )
    assert scripted.reused == 0


def test_more_games_than_known_plays_only_the_new_seeds(scenario):
    known = KnownGames()
    sweep(scenario, 3, seed=5, executor="serial", known=known)
    played = []
    more = sweep(
        scenario,
        5,
        seed=5,
        executor="serial",
        known=known,
        progress=lambda done, total: played.append(done),
    )
    assert more.reused == 3
    assert more.results == sweep(scenario, 5, seed=5, executor="serial").results
    assert played[-1] == 5


def test_known_games_come_in_step_with_the_games_played(scenario):
    """Results so far hold as many games of each version, as when every game is played."""
    known = KnownGames()
    sweep(scenario, 5, seed=4, executor="serial", variants=[BASE], known=known)
    counts = []

    def watch(result):
        counts.append(
            tuple(sum(r.variant == v for r in result.results) for v in ("baseline", TOUGH.name))
        )

    sweep(scenario, 5, seed=4, executor="serial", variants=[BASE, TOUGH], known=known, so_far=watch)
    assert counts == [(n, n) for n in range(1, 6)]


def test_an_early_stop_reads_the_same_games_with_or_without_known_ones(scenario, monkeypatch):
    monkeypatch.setattr(early, "MIN_GAMES", 20)  # looks from 20 games a side, as in test_early
    known = KnownGames()
    sweep(scenario, 50, seed=3, executor="serial", variants=[BASE], known=known)
    with ProcessPoolExecutor(max_workers=2) as pool:
        both = {"variants": [BASE, CRUSHING], "executor": pool, "stop_when_clear": True}
        fresh = sweep(scenario, 50, seed=3, **both)
        helped = sweep(scenario, 50, seed=3, known=known, **both)
    assert fresh.early is not None
    assert helped.early == fresh.early
    assert helped.results == fresh.results
    assert helped.reused == fresh.early.games


def test_the_versions_used_least_lately_are_forgotten(scenario):
    known = KnownGames(versions=2)
    for melee in ("3", "4", "5"):
        change = Variant(melee, {"lz_albany.unit_types.nva-rifle.melee": melee})
        sweep(scenario, 1, seed=1, executor="serial", variants=[change], known=known)
    first = Variant("again", {"lz_albany.unit_types.nva-rifle.melee": "3"})
    last = Variant("again", {"lz_albany.unit_types.nva-rifle.melee": "5"})
    assert sweep(scenario, 1, seed=1, executor="serial", variants=[last], known=known).reused == 1
    assert sweep(scenario, 1, seed=1, executor="serial", variants=[first], known=known).reused == 0
