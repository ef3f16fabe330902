"""Maps: areas with outlines, adjacency derived from borders, and line of sight (LZ Albany);
locations joined by typed access lines (First Team: Vietnam).

``AreaMap.graph`` is a real :class:`networkx.Graph`; run any networkx
algorithm on it.
"""

from rulebook.maps._area_map import Area, AreaMap, demo_map, demo_spec, shared_area_map
from rulebook.maps.adjacency import derive_adjacency, shared_border_length
from rulebook.maps.los import AreaCountLOS, LOSResult, LOSTable
from rulebook.maps.point_map import PointMap

__all__ = [
    "Area",
    "AreaCountLOS",
    "AreaMap",
    "LOSResult",
    "LOSTable",
    "PointMap",
    "demo_map",
    "demo_spec",
    "derive_adjacency",
    "shared_area_map",
    "shared_border_length",
]
