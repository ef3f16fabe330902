"""Known games: a sweep takes the games an earlier sweep played of the same version and seed,
and its results are exactly those of a sweep that plays every game."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor

import pytest
from sim.test_early import CRUSHING

from rulebook.games.lz_albany import standard_scenario
from rulebook.sim import KnownGames, Variant, apply_overrides, early, sweep

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


def test_games_kept_in_a_folder_are_taken_by_a_later_process_and_match_playing_them(
    scenario, tmp_path
):
    """A designer who comes back tomorrow: a new KnownGames on the same folder has the games."""
    first = sweep(scenario, 4, seed=6, executor="serial", known=KnownGames(folder=tmp_path))
    assert len(list(tmp_path.glob("*.json"))) == 1
    tomorrow = KnownGames(folder=tmp_path)
    again = sweep(scenario, 6, seed=6, executor="serial", known=tomorrow)
    assert again.reused == 4
    assert again.results == sweep(scenario, 6, seed=6, executor="serial").results
    assert again.results[:4] == first.results
    # The two new games were written too: a third process plays none of the six.
    assert (
        sweep(scenario, 6, seed=6, executor="serial", known=KnownGames(folder=tmp_path)).reused == 6
    )


def test_a_damaged_file_of_games_is_named_played_again_and_written_anew(scenario, tmp_path):
    sweep(scenario, 3, seed=7, executor="serial", known=KnownGames(folder=tmp_path))
    (path,) = tmp_path.glob("*.json")
    good = json.loads(path.read_text())
    text_vp, bool_vp, short = (json.loads(json.dumps(good)) for _ in range(3))
    text_vp["games"][1][3] = "x"
    bool_vp["games"][2][4] = True
    del short["games"][0][-1]
    damaged = {
        "{not json": "Expecting property name",
        json.dumps({**good, "format": 9}): "not format 1",
        json.dumps(text_vp): 'game 2: vp_us is "x"',
        json.dumps(bool_vp): "game 3: vp_nva is true",
        json.dumps(short): "game 1 is not a list of 10 values",
    }
    for text, why in damaged.items():
        path.write_text(text)
        with pytest.warns(UserWarning, match=f"{path.name}: not a file of known games .*{why}"):
            again = sweep(scenario, 3, seed=7, executor="serial", known=KnownGames(folder=tmp_path))
        assert again.reused == 0
        assert json.loads(path.read_text()) == good  # written anew, whole


def test_a_file_of_another_version_is_not_taken_even_under_this_versions_name(scenario, tmp_path):
    """The rules code is part of a version: a file written for other rules (or other content)
    under this name is refused by what it says it holds, not trusted by its name."""
    other = apply_overrides(scenario, {"turns.value": "3"})  # another version of the scenario
    sweep(other, 2, seed=8, executor="serial", known=KnownGames(folder=tmp_path))
    (path,) = tmp_path.glob("*.json")
    path.rename(tmp_path / f"{KnownGames.version(scenario, None, 'random')}.json")
    with pytest.warns(UserWarning, match="the games of another version"):
        assert (
            sweep(scenario, 2, seed=8, executor="serial", known=KnownGames(folder=tmp_path)).reused
            == 0
        )


def test_a_folder_keeps_its_newest_files_and_leaves_other_files_alone(scenario, tmp_path):
    mine = tmp_path / "notes.json"
    mine.write_text("{}")
    known = KnownGames(folder=tmp_path, files=2)
    for turns in (4, 5, 6):
        version = apply_overrides(scenario, {"turns.value": str(turns)})
        sweep(version, 1, seed=9, executor="serial", known=known)
    assert len([p for p in tmp_path.glob("*.json") if p != mine]) == 2
    assert mine.read_text() == "{}"


def test_a_folder_that_cannot_be_written_warns_and_the_sweep_goes_on(scenario, tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    with pytest.warns(UserWarning, match="could not keep the games played"):
        result = sweep(
            scenario, 2, seed=4, executor="serial", known=KnownGames(folder=blocked / "x")
        )
    assert len(result.results) == 2


def test_a_file_where_the_folder_should_be_is_said_so(scenario, tmp_path):
    """RULEBOOK_KNOWN_GAMES naming a file warned '[Errno 17] File exists: ...'."""
    taken = tmp_path / "empty.yaml"
    taken.write_text("")
    with pytest.warns(UserWarning, match=f"{taken} is a file, not a folder$"):
        sweep(scenario, 2, seed=4, executor="serial", known=KnownGames(folder=taken))
    assert taken.read_text() == ""
