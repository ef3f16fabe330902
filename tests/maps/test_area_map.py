"""AreaMap: areas, adjacency derived from borders with a tolerance, hand edits kept as such."""

from __future__ import annotations

import networkx as nx
import pytest
from shapely.geometry import box

from rulebook.errors import AreaNotFoundError
from rulebook.maps import AreaMap, demo_map, derive_adjacency
from rulebook.maps._generate import voronoi_map
from rulebook.scenario import load_scenario
from rulebook.scenario._map_models import AreaSpec


def test_graph_is_a_frozen_networkx_graph_with_positions():
    m = demo_map()
    assert isinstance(m.graph, nx.Graph)
    assert nx.is_frozen(m.graph)
    assert m.graph.nodes["E"]["pos"] == (150.0, 50.0)
    assert m.graph.nodes["B"]["terrain"] == "jungle"
    with pytest.raises(nx.NetworkXError):
        m.graph.add_edge("A", "F")


def test_corner_contact_is_not_adjacency():
    m = demo_map()
    assert m.adjacent("A", "B")
    assert not m.adjacent("A", "E")  # they meet at one corner only


def test_small_gaps_snap_and_big_gaps_do_not():
    polys = [box(0, 0, 100, 100), box(103, 0, 200, 100), box(230, 0, 300, 100)]
    pairs = derive_adjacency(["a", "b", "c"], polys, tolerance=5, min_shared=20)
    assert pairs == {frozenset({"a", "b"})}


def test_hand_edits_are_kept_apart_from_derived_ones():
    m = demo_map().with_adjacency("A", "E", True).with_adjacency("A", "B", False)
    assert m.adjacent("A", "E")
    assert m.graph.edges["A", "E"]["source"] == "manual"
    assert not m.adjacent("A", "B")
    assert m.spec.adjacency.add == [("A", "E")]
    assert m.spec.adjacency.remove == [("A", "B")]
    # Undoing an edit by hand removes it rather than stacking a contrary one.
    back = m.with_adjacency("A", "B", True).with_adjacency("A", "E", False)
    assert back.spec.adjacency.add == []
    assert back.spec.adjacency.remove == []
    assert back.adjacent("A", "B")


def test_hand_edits_survive_reshaping_an_area():
    m = demo_map().with_adjacency("A", "E", True)
    moved = m.with_area(
        AreaSpec(
            id="C", terrain="sawgrass", polygon=[(200, 100), (300, 100), (300, 210), (200, 210)]
        )
    )
    assert moved.adjacent("A", "E")
    assert moved.graph.edges["A", "E"]["source"] == "manual"


def test_removing_an_area_drops_its_edits():
    m = demo_map().with_adjacency("A", "E", True).without_area("E")
    assert "E" not in m
    assert m.spec.adjacency.add == []


def test_unknown_area_suggests_close_ids():
    with pytest.raises(
        AreaNotFoundError,
        match=r"area “LZ-Albny” is not in map “lz-albany”; did you mean “LZ-Albany”\?",
    ):
        lz_albany().area("LZ-Albny")


def test_queries():
    m = demo_map()
    assert m.neighbors("E") == ["B", "D", "F"]
    assert m.on_edge("north") == ["A", "B", "C"]
    assert m.distance("A", "F") == 3
    assert m.within("A", 1) == {"A": 0, "B": 1, "D": 1}


def lz_albany() -> AreaMap:
    return AreaMap(load_scenario("scenarios/lz_albany/standard.yaml").map)


def test_lza_3_2_standard_map_has_the_set_up_places_the_text_needs():
    m = lz_albany()
    assert m.area("LZ-Albany").terrain == "clearing"
    assert len(m.tagged("us-green-1")) >= 6  # 18 counters at three units an area (lza:3.2C, 6.1)
    assert m.tagged("nva-tan-1")
    assert m.tagged("nva-tan-2")
    # B/2-7 lands on "any green dot in a sawgrass area" (lza:3.2D): some must qualify.
    assert any(m.area(a).terrain == "sawgrass" for a in m.tagged("green-dot"))
    assert nx.is_connected(m.graph)


def test_lza_6_5_columbus_links_to_every_east_edge_area_through_transition():
    m = lz_albany()
    east = m.on_edge("east")
    assert east
    assert set(m.neighbors("Transition")) == {*east, "LZ-Columbus"}
    assert set(m.neighbors("LZ-Columbus")) == {*east, "Transition"}


def test_generated_maps_tile_without_gaps():
    spec = voronoi_map(6, 5, seed=3)
    m = AreaMap(spec)
    assert len(m) == 30
    assert nx.is_connected(m.graph)
    assert sum(a.polygon.area for a in m) == pytest.approx(6 * 5 * 300 * 300)
