"""GeoJSON export and import."""

import json

import pytest

from rulebook.errors import ScenarioError
from rulebook.maps import AreaMap, demo_map
from rulebook.maps.geojson import from_geojson, to_geojson


def test_round_trip_is_lossless_including_hand_edits():
    m = demo_map().with_adjacency("A", "E", True)
    data = json.loads(json.dumps(to_geojson(m)))
    back = AreaMap(from_geojson(data))
    assert back.spec == m.spec
    assert back.graph.edges["A", "E"]["source"] == "manual"


def test_features_carry_terrain_tags_and_neighbours():
    fc = to_geojson(demo_map())
    e = next(f for f in fc["features"] if f["id"] == "E")
    assert e["geometry"]["coordinates"][0][0] == e["geometry"]["coordinates"][0][-1]
    assert e["properties"]["neighbors"] == ["B", "D", "F"]
    assert "not geographic" in fc["properties"]["crs"]


def test_bad_geojson_names_the_feature():
    fc = to_geojson(demo_map())
    fc["features"][2]["geometry"] = {"type": "Point", "coordinates": [0, 0]}
    with pytest.raises(
        ScenarioError, match=r"m\.json: features\.2\.geometry\.type: expected Polygon"
    ):
        from_geojson(fc, "m.json")
    with pytest.raises(ScenarioError, match="expected a GeoJSON FeatureCollection"):
        from_geojson({"type": "Feature"}, "m.json")


@pytest.mark.parametrize(
    ("geometry", "said"),
    [
        (None, "expected a Polygon geometry; it has none"),
        ({"type": True}, "expected Polygon, got true"),
    ],
    ids=["null", "true"],
)
def test_a_missing_or_odd_geometry_is_said_as_the_file_writes_it(geometry, said):
    """A fuzzing round read 'got “None”' for a null geometry and 'got “True”' for true."""
    fc = to_geojson(demo_map())
    fc["features"][1]["geometry"] = geometry
    with pytest.raises(ScenarioError, match=f"features\\.1\\.geometry\\.type: {said}$"):
        from_geojson(fc, "m.json")
