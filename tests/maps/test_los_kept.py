"""A map's line-of-sight table (lza:7.8) is kept in the cache folder for the next process, and
never served stale, damaged or for another map."""

from __future__ import annotations

import json
import os

import pytest
from maps.test_los import strip

from rulebook.maps import los as los_module
from rulebook.maps import shared_area_map
from rulebook.scenario._map_models import LOSOverride, LOSSpec


@pytest.fixture
def cache(project_cache):
    return project_cache / "los-tables"


@pytest.fixture
def computed(monkeypatch):
    """The maps whose whole table was really worked out (not read back), in order."""
    done = []
    real = los_module.AreaCountLOS.compute

    def counted(self, area_map, source=None):
        if source is None:
            done.append(area_map.spec.id)
        return real(self, area_map, source)

    monkeypatch.setattr(los_module.AreaCountLOS, "compute", counted)
    return done


def new_process_table(terrains: str) -> frozenset:
    """The day table as a new process finds it: nothing in memory, only what is on disk."""
    los_module._DAY_TABLES.clear()
    return strip(terrains).los.day


def test_lza_7_8_a_new_process_reads_the_kept_table_and_it_equals_a_computed_one(cache, computed):
    first = new_process_table("sjsss")
    (kept,) = cache.glob("*.json")
    second = new_process_table("sjsss")
    assert computed == ["strip"]  # the second table came from the file
    assert second == first
    assert frozenset("PR") not in second  # jungle Q between them blocks (lza:7.8)
    assert frozenset("RT") in second
    stored = json.loads(kept.read_text())
    assert stored["areas"] == ["P", "Q", "R", "S", "T"]
    assert ["R", "T"] in stored["visible"]
    assert ["P", "R"] not in stored["visible"]


def test_the_standard_map_read_back_answers_as_the_one_worked_out(cache, computed, maps_forgotten):
    from rulebook.games.lz_albany import standard_scenario
    from rulebook.maps import AreaMap

    spec = standard_scenario().map
    worked_out = shared_area_map(spec).los.day
    los_module._DAY_TABLES.clear()
    assert AreaMap(spec).los.day == worked_out  # read back
    assert len(computed) == 1


@pytest.mark.parametrize(
    "damage",
    [
        "{not json",
        "[1, 2]",
        '{"areas": ["P", "Q"], "visible": []}',  # another map's areas
        '{"areas": ["P", "Q", "R", "S", "T"], "visible": [["P", "Z"]]}',  # no such area
        '{"areas": ["P", "Q", "R", "S", "T"], "visible": [["P"]]}',  # not a pair
        '{"areas": ["P", "Q", "R", "S", "T"], "visible": [[["P"], "Q"]]}',
        '{"areas": ["P", "Q", "R", "S", "T"]}',
        '{"areas": ["P", "Q", "R", "S", "T"], "visible": ["RT"]}',  # a string, not a pair
        '{"areas": ["P", "Q", "R", "S", "T"], "visible": [["R", "R"]]}',
    ],
)
def test_a_damaged_kept_table_is_worked_out_again_and_replaced(cache, computed, damage):
    good = new_process_table("sjsss")
    (kept,) = cache.glob("*.json")
    kept.write_text(damage)
    assert new_process_table("sjsss") == good
    assert len(computed) == 2
    assert json.loads(kept.read_text())["areas"] == ["P", "Q", "R", "S", "T"]


def test_another_map_gets_a_table_of_its_own_and_overrides_share_one(cache, computed):
    new_process_table("sjsss")
    open_row = new_process_table("sssss")  # Q is sawgrass now: P sees R
    assert frozenset("PR") in open_row
    assert len(list(cache.glob("*.json"))) == 2
    # A designer's override sits on top of the computed table: the same file serves it.
    los_module._DAY_TABLES.clear()
    ruled = strip("sssss").with_los(
        LOSSpec(overrides=[LOSOverride(between=("P", "R"), visible=False, note="smoke")])
    )
    assert ruled.los.day == open_row  # read back, not worked out
    assert ruled.los.visible("P", "R") is False  # the override wins
    assert ruled.los.visible("P", "Q") is True
    assert computed == ["strip", "strip"]
    assert len(list(cache.glob("*.json"))) == 2


def test_other_code_or_libraries_get_a_table_of_their_own(cache, computed, monkeypatch):
    first = new_process_table("sjsss")
    monkeypatch.setattr(los_module, "_CODE_DIGEST", "the line-of-sight code as changed")
    assert new_process_table("sjsss") == first
    assert len(computed) == 2  # worked out again, not read from the other code's file
    assert len(list(cache.glob("*.json"))) == 2


def test_the_folder_keeps_the_tables_most_lately_used(cache, computed, monkeypatch):
    monkeypatch.setattr(los_module, "KEPT_TABLES", 2)
    new_process_table("sss")
    (oldest,) = cache.glob("*.json")
    new_process_table("ssj")
    (newer,) = (p for p in cache.glob("*.json") if p != oldest)
    os.utime(oldest, (1_000, 1_000))
    os.utime(newer, (2_000, 2_000))
    new_process_table("sss")  # read back: now the one most lately used
    new_process_table("sjs")  # a third table: the least lately used ("ssj") goes
    assert oldest.exists()
    assert not newer.exists()
    assert computed == ["strip"] * 3
    new_process_table("sss")
    assert len(computed) == 3  # still kept


def test_a_cache_folder_that_cannot_be_written_only_means_working_it_out(
    tmp_path, monkeypatch, computed
):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("RULEBOOK_CACHE", str(blocker))
    assert frozenset("PR") not in new_process_table("sjsss")
    assert frozenset("PR") not in new_process_table("sjsss")
    assert len(computed) == 2


# --- one area's lines, for the designer, where the whole table is not at hand ---------------


@pytest.mark.parametrize(
    ("columns", "rows", "seed", "exhaustive"),
    [(5, 4, 1, False), (6, 5, 7, False), (4, 3, 3, True)],
)
def test_lza_7_8_one_areas_lines_answer_as_the_whole_table(cache, columns, rows, seed, exhaustive):
    from rulebook.maps import AreaMap
    from rulebook.maps._generate import voronoi_map

    spec = voronoi_map(columns, rows, seed=seed, jungle=0.45)
    spec = spec.model_copy(update={"los": LOSSpec(exhaustive=exhaustive)})
    first, second = sorted(spec.areas, key=lambda a: a.id)[:2]
    ruled = spec.model_copy(
        update={
            "los": LOSSpec(
                exhaustive=exhaustive,
                overrides=[LOSOverride(between=(first.id, second.id), visible=False)],
            )
        }
    )
    for each in (spec, ruled):
        whole = AreaMap(each).los
        _ = whole.day  # worked out for every pair (and kept)
        for path in cache.glob("*.json"):
            path.unlink()  # so the next map's table is not at hand
        los_module._DAY_TABLES.clear()
        rows_only = AreaMap(each).los
        for source in sorted(rows_only.map.areas):
            for night in (False, True):
                assert rows_only.visible_from(source, night=night) == whole.visible_from(
                    source, night=night
                ), (source, night)
        assert rows_only._day is None  # the whole table was never worked out
        assert not list(cache.glob("*.json"))


def test_the_designers_view_draws_one_areas_lines_unless_the_table_is_at_hand(
    cache, computed, monkeypatch
):
    drawn = []
    real = los_module.AreaCountLOS.compute

    def counted(self, area_map, source=None):
        drawn.append(source)
        return real(self, area_map, source)

    monkeypatch.setattr(los_module.AreaCountLOS, "compute", counted)
    los_module._DAY_TABLES.clear()
    assert strip("sjsss").los.visible_from("R") == ["Q", "R", "S", "T"]  # Q (jungle) hides P
    assert drawn == ["R"]  # one area's lines
    new_process_table("sjsss")  # the whole table worked out once, and kept
    los_module._DAY_TABLES.clear()
    assert strip("sjsss").los.visible_from("P") == ["P", "Q"]
    assert drawn == ["R", None]  # read back from the kept file: nothing more drawn
