"""GeoJSON export and import of area maps, so other tools (QGIS, geojson.io) can read them.

Coordinates are map units, not longitude and latitude; the collection says so
in its ``properties``. Everything a scenario file keeps about the map (terrains,
adjacency edits, line-of-sight settings) travels in those properties, so a
round trip is lossless.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

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


def from_geojson(data: dict[str, Any], file: str = "<geojson>") -> MapSpec:
    """A :class:`MapSpec` from :func:`to_geojson` output (``neighbors`` is derived, so ignored)."""
    if data.get("type") != "FeatureCollection":
        raise ScenarioError([Problem(file, "type", "expected a GeoJSON FeatureCollection")])
    settings = dict(data.get("properties", {}).get("map", {}))
    areas = []
    for i, feature in enumerate(data.get("features", [])):
        geometry = feature.get("geometry") or {}
        if geometry.get("type") != "Polygon":
            raise ScenarioError(
                [
                    Problem(
                        file,
                        f"features.{i}.geometry.type",
                        f"expected Polygon, got {geometry.get('type')!r}",
                    )
                ]
            )
        ring = [tuple(p) for p in geometry["coordinates"][0]]
        if len(ring) > 1 and ring[0] == ring[-1]:
            ring = ring[:-1]
        props = {k: v for k, v in feature.get("properties", {}).items() if k != "neighbors"}
        areas.append({**props, "polygon": ring})
    try:
        return MapSpec.model_validate({**settings, "areas": areas})
    except ValidationError as err:
        raise ScenarioError(validation_problems(err, file)) from None
