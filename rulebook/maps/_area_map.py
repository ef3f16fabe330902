from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import networkx as nx
import shapely
from shapely.geometry import Polygon

from rulebook.errors import AreaNotFoundError
from rulebook.maps.adjacency import derive_adjacency
from rulebook.provenance import Provenance
from rulebook.scenario._map_models import AdjacencySpec, AreaSpec, LOSSpec, MapSpec, TerrainSpec

if TYPE_CHECKING:
    from rulebook.maps.los import LOSTable

__all__ = ["Area", "AreaMap", "shared_area_map"]


@dataclass(frozen=True, slots=True)
class Area:
    """One area of an area map.

    ``tags`` hold set-up circles (``us-green-1``, ``nva-tan-1``), reinforcement
    dots (``green-dot``) and board edges (``edge-east``).
    """

    id: str
    name: str
    terrain: str
    polygon: Polygon = field(compare=False)
    tags: frozenset[str] = frozenset()

    @property
    def edges(self) -> frozenset[str]:
        """The board edges this area lies on (``north``, ``east``, ...)."""
        return frozenset(t.removeprefix("edge-") for t in self.tags if t.startswith("edge-"))

    def coords(self) -> list[tuple[float, float]]:
        """The outline as a list of ``(x, y)`` corners, without the closing repeat."""
        return [(float(x), float(y)) for x, y in self.polygon.exterior.coords[:-1]]


class AreaMap:
    """An area map: areas with outlines and a networkx graph of which ones are adjacent.

    Adjacency comes from outlines that share a border (within the snapping
    tolerance); hand edits add or remove pairs and are kept apart from the
    derived ones, so re-deriving never loses them. ``graph`` is a frozen
    :class:`networkx.Graph` whose nodes carry ``name``, ``terrain``, ``tags``
    and ``pos`` (the centroid), and whose edges carry ``source``
    (``"derived"`` or ``"manual"``). Editing returns a new map.

    A map never changes once built: one map of each content is shared by every game, the
    designers' edits and their checks (:func:`shared_area_map`), with what it has worked out
    (adjacency, line of sight). Code that needs another map asks for one by its content.

    Examples
    --------
    >>> m = demo_map()
    >>> sorted(m.graph.neighbors("B"))
    ['A', 'C', 'E']
    >>> m.graph.edges["A", "B"]["source"]
    'derived'
    >>> m.area("b")
    Traceback (most recent call last):
    ...
    rulebook.errors.AreaNotFoundError: area “b” is not in map “demo”; did you mean “B”?
    """

    def __init__(self, spec: MapSpec) -> None:
        self.spec = spec
        self.areas: dict[str, Area] = {
            a.id: Area(a.id, a.name or a.id, a.terrain, Polygon(a.polygon), frozenset(a.tags))
            for a in spec.areas
        }
        adj = spec.adjacency
        ids = list(self.areas)
        self.derived: frozenset[frozenset[str]] = frozenset(
            derive_adjacency(
                ids,
                [self.areas[i].polygon for i in ids],
                tolerance=adj.tolerance,
                min_shared=adj.min_shared,
            )
        )
        self.added = frozenset(frozenset(p) for p in adj.add)
        self.removed = frozenset(frozenset(p) for p in adj.remove)
        graph = nx.Graph(name=spec.id)
        for area in self.areas.values():
            c = area.polygon.centroid
            graph.add_node(
                area.id, name=area.name, terrain=area.terrain, tags=area.tags, pos=(c.x, c.y)
            )
        for pair in (self.derived - self.removed) | self.added:
            if len(pair) != 2:  # an area paired with itself: validate() reports it
                continue
            a, b = sorted(pair)
            if a in self.areas and b in self.areas:
                graph.add_edge(a, b, source="derived" if pair in self.derived else "manual")
        self.graph: nx.Graph = nx.freeze(graph)
        self._los: LOSTable | None = None
        # Games ask these thousands of times a game; the map never changes, so answer once.
        self._neighbors = {a: tuple(sorted(graph.neighbors(a))) for a in self.areas}
        self._within: dict[tuple[str, int], dict[str, int]] = {}
        self._edge_distance: dict[str, int] | None = None

    # --- lookups -------------------------------------------------------------

    @property
    def id(self) -> str:
        """The map's id."""
        return self.spec.id

    @property
    def provenance(self) -> Provenance:
        """Where the map comes from (the printed maps are not in the source texts)."""
        return self.spec.provenance

    @property
    def terrains(self) -> dict[str, TerrainSpec]:
        """Terrain types with their colours."""
        return self.spec.terrains

    def area(self, area_id: str) -> Area:
        """The area with this id; raises :class:`AreaNotFoundError` naming close matches."""
        try:
            return self.areas[area_id]
        except KeyError:
            raise AreaNotFoundError.for_id(area_id, self.id, list(self.areas)) from None

    def __contains__(self, area_id: object) -> bool:
        return area_id in self.areas

    def __iter__(self) -> Iterator[Area]:
        return iter(self.areas.values())

    def __len__(self) -> int:
        return len(self.areas)

    def adjacent(self, a: str, b: str) -> bool:
        """Whether two distinct areas are neighbours."""
        self.area(a), self.area(b)
        return self.graph.has_edge(a, b)

    def neighbors(self, area_id: str) -> list[str]:
        """The neighbours of an area, sorted."""
        try:
            return list(self._neighbors[area_id])
        except KeyError:
            self.area(area_id)  # raises, naming close matches
            raise

    def tagged(self, tag: str) -> list[str]:
        """Ids of the areas carrying *tag*, sorted."""
        return sorted(a.id for a in self.areas.values() if tag in a.tags)

    def on_edge(self, edge: str) -> list[str]:
        """Ids of the areas on a board edge (``north``, ``south``, ``east``, ``west``)."""
        return self.tagged(f"edge-{edge}")

    def distance(self, a: str, b: str) -> int | None:
        """Steps between two areas on the adjacency graph, or None if unconnected."""
        self.area(a), self.area(b)
        try:
            return int(nx.shortest_path_length(self.graph, a, b))
        except nx.NetworkXNoPath:
            return None

    def within(self, area_id: str, steps: int) -> dict[str, int]:
        """Areas at most *steps* away, with their distance (the area itself at 0)."""
        found = self._within.get((area_id, steps))
        if found is None:
            self.area(area_id)
            found = dict(nx.single_source_shortest_path_length(self.graph, area_id, cutoff=steps))
            self._within[(area_id, steps)] = found
        return dict(found)

    def cut_off(self) -> list[list[str]]:
        """The areas no unit can reach from the largest connected part of the map, one sorted
        list per part, largest part first (none on a connected map).

        >>> demo_map().cut_off()
        []
        """
        parts = sorted(nx.connected_components(self.graph), key=len, reverse=True)
        return [sorted(part) for part in parts[1:]]

    def edge_distance(self) -> dict[str, int]:
        """Steps from each area to the nearest area on a board edge (unreachable areas absent).

        >>> demo_map().edge_distance()["E"]  # every demo area lies on the north or south edge
        0
        """
        if self._edge_distance is None:
            edges = [a for a, area in self.areas.items() if area.edges]
            self._edge_distance = dict(
                nx.multi_source_dijkstra_path_length(self.graph, edges, weight=None)
            )
        return self._edge_distance

    @property
    def los(self) -> LOSTable:
        """The line-of-sight table for this map, computed on first use and cached."""
        if self._los is None:
            from rulebook.maps.los import LOSTable

            self._los = LOSTable(self)
        return self._los

    # --- designer's edits (each returns a new map) -----------------------------

    def _replace(self, **changes: Any) -> AreaMap:
        # Through the shared maps: the designer's checks and the engine's set-up then find
        # this edit's map, its adjacency worked out once, rather than each building its own.
        return shared_area_map(self.spec.model_copy(update=changes, deep=True))

    def with_adjacency(self, a: str, b: str, adjacent: bool) -> AreaMap:
        """A copy where *a* and *b* are (or are not) neighbours by hand.

        A hand edit that agrees with the derived adjacency is dropped, so the
        edit lists hold only real departures from the outlines.
        """
        self.area(a), self.area(b)
        pair = frozenset((a, b))
        added = {p for p in self.added if p != pair}
        removed = {p for p in self.removed if p != pair}
        if adjacent and pair not in self.derived:
            added.add(pair)
        if not adjacent and pair in self.derived:
            removed.add(pair)
        adjacency = AdjacencySpec(
            tolerance=self.spec.adjacency.tolerance,
            min_shared=self.spec.adjacency.min_shared,
            add=sorted(tuple(sorted(p)) for p in added),
            remove=sorted(tuple(sorted(p)) for p in removed),
        )
        return self._replace(adjacency=adjacency)

    def with_area(self, area: AreaSpec) -> AreaMap:
        """A copy with *area* added at the end, or replacing the area with the same id in its place."""
        areas = [area if a.id == area.id else a for a in self.spec.areas]
        if area.id not in self.areas:
            areas.append(area)
        return self._replace(areas=areas)

    def without_area(self, area_id: str) -> AreaMap:
        """A copy without the area, and without hand edits that named it."""
        self.area(area_id)
        adj = self.spec.adjacency
        keep = [p for p in adj.add if area_id not in p], [p for p in adj.remove if area_id not in p]
        return self._replace(
            areas=[a for a in self.spec.areas if a.id != area_id],
            adjacency=adj.model_copy(update={"add": keep[0], "remove": keep[1]}),
        )

    def with_los(self, los: LOSSpec) -> AreaMap:
        """A copy with other line-of-sight settings or overrides."""
        return self._replace(los=los)

    # --- views -----------------------------------------------------------------

    def bounds(self) -> tuple[float, float, float, float]:
        """``(minx, miny, maxx, maxy)`` of all areas."""
        return tuple(shapely.total_bounds([a.polygon for a in self.areas.values()]).tolist())  # type: ignore[return-value]

    def to_geojson(self) -> dict[str, Any]:
        """A GeoJSON FeatureCollection; see :mod:`rulebook.maps.geojson`."""
        from rulebook.maps.geojson import to_geojson

        return to_geojson(self)

    def _repr_svg_(self) -> str:
        from rulebook.render.svg import area_map_svg

        return area_map_svg(self)

    def __repr__(self) -> str:
        return f"<AreaMap {self.id!r}: {len(self.areas)} areas, {self.graph.number_of_edges()} adjacencies>"


_SHARED: dict[str, AreaMap] = {}


def shared_area_map(spec: MapSpec) -> AreaMap:
    """One AreaMap per map content, shared by every game of that map (maps never change).

    Keyed by the spec's content, not the object, so a copied scenario finds the same map and
    its line-of-sight table, and an edited spec gets a map of its own.

    >>> shared_area_map(demo_spec()) is shared_area_map(demo_spec())
    True
    """
    key = spec.model_dump_json()
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= 16:  # a designer's edits each make a new spec; keep a few
            _SHARED.pop(next(iter(_SHARED)))
        found = _SHARED[key] = AreaMap(spec)
    return found


def demo_spec() -> MapSpec:
    """A six-area map (two rows of three squares) for examples and tests.

    ::

        A(sawgrass) B(jungle)   C(sawgrass)
        D(sawgrass) E(sawgrass) F(jungle)
    """
    terrain = {
        "A": "sawgrass",
        "B": "jungle",
        "C": "sawgrass",
        "D": "sawgrass",
        "E": "sawgrass",
        "F": "jungle",
    }
    areas = []
    for i, name in enumerate("ABCDEF"):
        x, y = (i % 3) * 100, (1 - i // 3) * 100
        areas.append(
            AreaSpec(
                id=name,
                name=name,
                terrain=terrain[name],
                polygon=[(x, y), (x + 100, y), (x + 100, y + 100), (x, y + 100)],
                tags=["edge-north"] if i < 3 else ["edge-south"],
            )
        )
    return MapSpec(
        id="demo",
        provenance=Provenance.ASSUMED,
        note="a toy map for examples",
        terrains={"sawgrass": TerrainSpec(color="#c8b560"), "jungle": TerrainSpec(color="#2f5d2a")},
        areas=areas,
    )


def demo_map() -> AreaMap:
    """:func:`demo_spec` as an :class:`AreaMap`."""
    return AreaMap(demo_spec())


def as_pairs(pairs: Iterable[Iterable[str]]) -> set[frozenset[str]]:
    """Unordered pairs from any iterable of 2-element iterables."""
    return {frozenset(p) for p in pairs}
