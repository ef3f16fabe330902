"""Line of sight (lza:7.8, lza:11.1A): lines from the outlines, explanations, overrides, night."""

from __future__ import annotations

import pytest

from rulebook.maps import AreaCountLOS, AreaMap, demo_map
from rulebook.maps._generate import voronoi_map
from rulebook.provenance import Provenance
from rulebook.scenario._map_models import AreaSpec, LOSOverride, LOSSpec, MapSpec, TerrainSpec


def strip(terrains: str, *, exhaustive: bool = False) -> AreaMap:
    """Areas P, Q, R, ... in a row, 100 wide; 's' sawgrass, 'j' jungle."""
    names = "PQRSTUV"
    areas = [
        AreaSpec(
            id=names[i],
            terrain={"s": "sawgrass", "j": "jungle"}[t],
            polygon=[(i * 100, 0), (i * 100 + 100, 0), (i * 100 + 100, 100), (i * 100, 100)],
        )
        for i, t in enumerate(terrains)
    ]
    return AreaMap(
        MapSpec(
            id="strip",
            provenance=Provenance.ASSUMED,
            note="test",
            terrains={
                "sawgrass": TerrainSpec(color="#c8b560"),
                "jungle": TerrainSpec(color="#2f5d2a"),
            },
            areas=areas,
            los=LOSSpec(exhaustive=exhaustive),
        )
    )


def test_lza_7_8_target_counts_own_area_does_not():
    m = strip("sssss")
    result = m.los.explain("P", "S")
    assert result.visible
    assert result.entered == ("Q", "R", "S")
    assert "enters 3 areas: Q, R, S" in result.reason


def test_lza_7_8_a_fourth_area_blocks_and_the_reason_says_too_many():
    m = strip("sssss", exhaustive=True)
    result = m.los.explain("P", "T")
    assert not result.visible
    assert result.reason == "too many areas: the best line enters 4 (Q, R, S, T); at most 3 allowed"


def test_lza_7_8_pruned_pairs_explain_their_distance():
    result = strip("sssss").los.explain("P", "T")
    assert not result.visible
    assert "4 steps apart (counting areas that touch)" in result.reason


def test_lza_7_8_line_may_not_cross_a_jungle_area_and_names_it():
    m = strip("sjss")
    result = m.los.explain("P", "R")
    assert not result.visible
    assert result.crossed == ("Q",)
    assert "every line crosses jungle: the best one crosses Q" in result.reason


def test_lza_7_8_line_may_enter_jungle_as_the_target():
    m = strip("ssj")
    assert m.los.visible("P", "R")


def test_lza_7_8_observer_in_jungle_sees_out():
    m = strip("jss")
    assert m.los.visible("P", "R")


def test_lza_7_8_los_is_symmetric_and_own_area_is_always_seen():
    m = AreaMap(voronoi_map(6, 5, seed=11))
    ids = list(m.areas)
    for a in ids:
        assert m.los.visible(a, a)
        for b in ids:
            assert m.los.visible(a, b) == m.los.visible(b, a)


def test_lza_11_1a_night_leaves_only_adjacent_areas():
    m = demo_map()
    assert m.los.visible("A", "F")
    assert not m.los.visible("A", "F", night=True)
    assert m.los.visible("A", "B", night=True)
    assert m.los.explain("A", "F", night=True).rule == "lza:11.1A"


def test_overrides_win_and_are_marked():
    spec = demo_map().spec.model_copy(deep=True)
    spec.los.overrides = [
        LOSOverride(between=("A", "F"), visible=False, note="ridge"),
        LOSOverride(between=("A", "B"), visible=False, note="smoke"),
    ]
    m = AreaMap(spec)
    assert not m.los.visible("F", "A")
    result = m.los.explain("A", "F")
    assert result.override
    assert not result.visible
    assert str(result) == "A does not see F [override] (lza:7.8): set by the designer: ridge"
    # An adjacent pair overridden to blocked stays blocked at night too.
    assert not m.los.visible("A", "B", night=True)


def test_pruning_agrees_with_drawing_every_line_on_tiled_maps():
    for seed in (1, 2, 3):
        spec = voronoi_map(7, 5, seed=seed, jungle=0.4)
        pruned = AreaCountLOS().compute(AreaMap(spec))
        full = AreaCountLOS(exhaustive=True).compute(AreaMap(spec))
        assert pruned == full


def test_table_agrees_with_explanations():
    m = AreaMap(voronoi_map(5, 4, seed=5))
    for a in m.areas:
        for b in m.areas:
            assert m.los.explain(a, b).visible == m.los.visible(a, b), (a, b)


def test_frame_is_square_and_boolean():
    frame = demo_map().los.to_frame()
    assert frame.shape == (6, 6)
    assert frame.loc["A", "F"]
    assert frame.loc["D", "D"]
    assert not frame.loc["A", "C"]


def test_unknown_area_is_refused():
    with pytest.raises(KeyError, match="area “Z” is not in map “demo”"):
        demo_map().los.visible("A", "Z")


def test_lza_7_8_a_hand_link_is_adjacent_for_sight_and_says_why_not_a_border():
    """A pair linked by hand shares no border; the explanation names the link instead."""
    from rulebook.maps.design import MapDesign

    design = MapDesign(demo_map().spec)
    design.toggle_adjacency("A", "F")  # A and F are diagonal: no shared border
    result = design.map.los.explain("A", "F")
    assert result.visible
    assert "linked by hand" in result.reason
    assert "shared border" not in result.reason
    design.toggle_adjacency("A", "B")  # cut a drawn border: sight is worked out by lines
    cut = design.map.los.explain("A", "B")
    assert "adjacent" not in cut.reason
    assert cut.entered == ("B",)
