"""GeoJSON export and import of area maps, so other tools (QGIS, geojson.io) can read them.

Coordinates are map units, not longitude and latitude; the collection says so
in its ``properties``. Everything a scenario file keeps about the map (terrains,
adjacency edits, line-of-sight settings) travels in those properties, so a
round trip is lossless.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from rulebook._datafile import spelt
from rulebook._words import quoted
from rulebook.errors import Problem, ScenarioError
from rulebook.scenario._io import validation_problems
from rulebook.scenario._map_models import MapSpec

if TYPE_CHECKING:
    from rulebook.maps._area_map import AreaMap

__all__ = ["from_geojson", "to_geojson"]


def to_geojson(area_map: AreaMap) -> dict[str, Any]:
    """A FeatureCollection: one Polygon feature per area, the map's settings on the collection.

    >>> fc = to_geojson(demo_map())
    >>> fc["features"][0]["properties"]
    {'id': 'A', 'name': 'A', 'terrain': 'sawgrass', 'tags': ['edge-north'], 'neighbors': ['B', 'D']}
    """
    spec = area_map.spec
    features = []
    for area in spec.areas:
        ring = [list(p) for p in area.polygon]
        features.append(
            {
                "type": "Feature",
                "id": area.id,
                "geometry": {"type": "Polygon", "coordinates": [[*ring, ring[0]]]},
                "properties": {
                    "id": area.id,
                    "name": area.name,
                    "terrain": area.terrain,
                    "tags": list(area.tags),
                    "neighbors": area_map.neighbors(area.id),
                },
            }
        )
    settings = spec.model_dump(mode="json", exclude={"areas"})
    return {
        "type": "FeatureCollection",
        "properties": {"crs": f"map units ({spec.units}), not geographic", "map": settings},
        "features": features,
    }


def _problem(file: str, path: str, message: str) -> ScenarioError:
    return ScenarioError([Problem(file, path, message)])


def _ring(geometry: dict[str, Any], file: str, where: str) -> list[tuple[Any, ...]]:
    """The outer ring of a Polygon geometry as corner tuples, without the closing corner."""
    kind = geometry.get("type")
    if kind != "Polygon":
        # (a missing or null geometry was said as got “None”, and true as “True”)
        got = quoted(kind) if isinstance(kind, str) else spelt(kind)
        said = (
            "expected a Polygon geometry; it has none"
            if kind is None
            else f"expected Polygon, got {got}"
        )
        raise _problem(file, f"{where}.geometry.type", said)
    rings = geometry.get("coordinates")
    if not isinstance(rings, list) or not rings or not isinstance(rings[0], list):
        raise _problem(
            file, f"{where}.geometry.coordinates", "expected a list of rings of [x, y] corners"
        )
    ring = []
    for j, corner in enumerate(rings[0]):
        if not isinstance(corner, list) or len(corner) != 2:
            raise _problem(file, f"{where}.geometry.coordinates.0.{j}", "expected an [x, y] corner")
        ring.append(tuple(corner))
    if len(ring) > 1 and ring[0] == ring[-1]:
        ring = ring[:-1]
    return ring


def from_geojson(data: Any, file: str = "<geojson>") -> MapSpec:
    """A :class:`MapSpec` from :func:`to_geojson` output (``neighbors`` is derived, so ignored).

    Raises
    ------
    ScenarioError
        Naming the file and the feature's field, for anything that is not such output.
    """
    if not isinstance(data, dict) or data.get("type") != "FeatureCollection":
        raise _problem(file, "type", "expected a GeoJSON FeatureCollection")
    properties = data.get("properties") or {}
    settings = properties.get("map", {}) if isinstance(properties, dict) else None
    if not isinstance(settings, dict):
        raise _problem(file, "properties.map", "expected the map's settings as a mapping")
    features = data.get("features", [])
    if not isinstance(features, list):
        raise _problem(file, "features", "expected a list of features")
    areas = []
    for i, feature in enumerate(features):
        where = f"features.{i}"
        if not isinstance(feature, dict):
            raise _problem(file, where, "expected a Feature mapping")
        geometry = feature.get("geometry") or {}
        props = feature.get("properties") or {}
        if not isinstance(geometry, dict) or not isinstance(props, dict):
            raise _problem(file, where, "expected geometry and properties mappings")
        ring = _ring(geometry, file, where)
        areas.append({**{k: v for k, v in props.items() if k != "neighbors"}, "polygon": ring})
    try:
        return MapSpec.model_validate({**settings, "areas": areas})
    except ValidationError as err:
        raise ScenarioError(validation_problems(err, file)) from None
