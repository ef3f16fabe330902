"""The walkthrough's atlas: sourced layers, labels that never overlap, chapters framed."""

from __future__ import annotations

import json

import pytest
from refusals import assert_refused_unread, refusal

from rulebook.errors import ScenarioError
from rulebook.geography import LAYERS, load_layers, read_layer
from rulebook.history import load_chapters, load_places
from rulebook.maps.labels import Label, lonlat, pixel, place_labels


def test_every_feature_names_its_source_and_what_to_trust():
    layers = load_layers()
    assert set(layers) == set(LAYERS)
    for feats in layers.values():
        for f in feats:
            assert len(f.source) > 10, f.id
            assert f.provenance.value in {"derived", "reconstructed"}, f.id
            if f.provenance.value == "reconstructed":
                assert f.note, f"{f.id}: a reconstructed shape says how it was drawn"
    names = {f.name for feats in layers.values() for f in feats}
    assert {"Ia Drang", "Cambodian border", "Chu Pong massif", "Route 19", "Route 14"} <= names


def test_the_ia_drang_runs_near_lz_x_ray_and_into_cambodia():
    from shapely.geometry import Point, shape

    layers = load_layers()
    river = shape(next(f for f in layers["rivers"] if f.id == "ia-drang").geometry)
    border = shape(layers["border"][0].geometry)
    xray = load_places()["lz-x-ray"]
    km = river.distance(Point(xray.lon, xray.lat)) * 111
    assert 0.5 < km < 3  # the source: about 2 km
    assert river.crosses(border)


def test_a_feature_without_a_source_is_refused_with_file_and_field(tmp_path):
    for name in LAYERS:
        (tmp_path / f"{name}.geojson").write_text('{"type": "FeatureCollection", "features": []}')
    bad = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {"id": "x", "name": "X", "kind": "road", "provenance": "assumed"},
                "geometry": {"type": "LineString", "coordinates": [[107, 13], [108, 14]]},
            }
        ],
    }
    (tmp_path / "roads.geojson").write_text(json.dumps(bad))
    with pytest.raises(ScenarioError, match=r"roads.geojson.*features\.0\.properties\.source"):
        load_layers.__wrapped__(tmp_path)


def test_pixels_round_trip():
    x, y = pixel(107.714, 13.568, 12)
    lon, lat = lonlat(x, y, 12)
    assert (round(lon, 6), round(lat, 6)) == (107.714, 13.568)


@pytest.mark.parametrize("zoom", [9, 10, 11, 12, 13, 14])
def test_no_two_labels_overlap_at_any_zoom(zoom):
    places = load_places()
    labels = [Label(p.id, p.name, p.lon, p.lat, priority=i) for i, p in enumerate(places.values())]
    placed, hidden = place_labels(labels, zoom)
    assert len(placed) + len(hidden) == len(labels)
    for i, a in enumerate(placed):
        for b in placed[i + 1 :]:
            assert not a.overlaps(b), (zoom, a.id, b.id)
    if zoom >= 12:
        assert hidden == []  # close in, every place is named


@pytest.mark.parametrize("zoom", [9, 10, 11, 12, 13])
def test_in_a_view_no_label_is_cut_by_its_edge(zoom):
    """A 600 x 500 px window on the valley: names whose point is in sight lie wholly inside it,
    and the others wholly outside; a fixed name at the edge slides in rather than drop out."""
    places = load_places()
    labels = [Label(p.id, p.name, p.lon, p.lat, priority=i) for i, p in enumerate(places.values())]
    pleiku = places["pleiku"]
    cx, cy = pixel(pleiku.lon, pleiku.lat, zoom)
    view = (cx - 580, cy - 250, cx + 20, cy + 250)  # Pleiku 20 px from the right edge
    # A road's name 10 px from the right edge, clear of the towns' dots.
    edge = Label("road", "Route 19 east", *lonlat(cx + 10, cy - 120, zoom), fixed=True, marker=0)
    placed, hidden = place_labels([edge, *labels], zoom, view=view)
    for p in placed:
        x0, y0, x1, y1 = p.box
        inside = x0 >= view[0] and x1 <= view[2] and y0 >= view[1] and y1 <= view[3]
        outside = x1 <= view[0] or x0 >= view[2] or y1 <= view[1] or y0 >= view[3]
        assert inside or outside, (zoom, p.id, p.box, view)
    road = next(p for p in placed if p.id == "road")
    assert road.box[2] <= view[2]
    assert road.dx < -edge.width / 2
    assert "road" not in hidden


def test_widget_frames_each_chapter_and_names_its_places():
    from widgets.atlas import ACTIVE, AtlasMap

    atlas = AtlasMap()
    for chapter in load_chapters():
        atlas.frame(list(chapter.places))
        shown = {
            m.icon.html.split("data-label='")[1].split("'")[0]
            for m in atlas.labels.layers
            if hasattr(m, "icon")
        }
        assert set(chapter.places) <= shown, chapter.id
        for pid in chapter.places:
            assert atlas.dots[pid].fill_color == ACTIVE
        south, west = atlas.map.center[0] - 0.01, atlas.map.center[1] - 0.01
        assert south < max(atlas.places[p].lat for p in chapter.places)
        assert west < max(atlas.places[p].lon for p in chapter.places)


def test_rulebook_validate_checks_the_map_layers(tmp_path, capsys):
    from rulebook.cli import main

    folder = tmp_path / "ia_drang"
    folder.mkdir()
    bad = folder / "roads.geojson"
    bad.write_text(
        '{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": '
        '{"id": "x", "name": "X", "kind": "road", "provenance": "assumed"}, '
        '"geometry": {"type": "LineString", "coordinates": [[1, 2], [3, 4]]}}]}'
    )
    assert main(["validate", str(tmp_path)]) == 2
    assert "roads.geojson: features.0.properties.source: required field is missing" in (
        capsys.readouterr().err
    )


def test_sources_with_a_known_page_link_to_it():
    places = load_places().values()
    assert all(p.url for p in places if p.source.startswith("liquisearch.com"))
    for feats in load_layers().values():
        for f in feats:
            assert f.url, f"{f.id}: every layer's source has a page"


ROAD = {"id": "r", "name": "R", "kind": "road", "provenance": "derived", "source": "a survey map"}


def _layer(geometry=None, properties=ROAD) -> str:
    line = {"type": "LineString", "coordinates": [[107.5, 13.5], [107.6, 13.6]]}
    feature = {"type": "Feature", "properties": properties, "geometry": geometry or line}
    return json.dumps({"type": "FeatureCollection", "features": [feature]})


DAMAGED_LAYERS = {
    "a list": ("[]", "type: expected a GeoJSON FeatureCollection"),
    "features a number": ('{"type": "FeatureCollection", "features": 3}', "features: expected a list"),
    "a feature a number": ('{"type": "FeatureCollection", "features": [5]}', "features.0: expected a Feature"),
    "properties null": (_layer(properties=None), "features.0.properties: expected a mapping"),
    "not UTF-8": (b"\xff\xfe", "not UTF-8 text"),
    "deep nesting": ("[" * 100_000, "the GeoJSON is nested too deeply"),
    "a line of numbers": (_layer({"type": "MultiLineString", "coordinates": [[1, 2]]}), "features.0.geometry.coordinates.0.0: expected a [longitude, latitude]"),
    "a point of text": (_layer({"type": "Point", "coordinates": "ab"}), "features.0.geometry.coordinates: expected a [longitude, latitude]"),
    "a huge latitude": (_layer({"type": "Point", "coordinates": [107, 1e300]}), "features.0.geometry.coordinates: expected a [longitude, latitude]"),
    "type a list": (_layer({"type": ["Point"], "coordinates": [107, 13]}), "features.0.geometry.type: expected one of"),
    "empty line": (_layer({"type": "LineString", "coordinates": []}), "features.0.geometry.coordinates: expected a list of at least 2 positions"),
    "empty polygon": (_layer({"type": "Polygon", "coordinates": []}), "features.0.geometry.coordinates: expected a list of one or more rings"),
    "empty ring": (_layer({"type": "Polygon", "coordinates": [[]]}), "features.0.geometry.coordinates.0: expected a list of at least 4 positions"),
}  # fmt: skip


@pytest.mark.parametrize(("content", "says"), DAMAGED_LAYERS.values(), ids=DAMAGED_LAYERS)
def test_a_damaged_layer_is_refused_naming_file_and_field(tmp_path, content, says):
    assert f"roads.geojson: {says}" in refusal(read_layer, tmp_path / "roads.geojson", content)


def test_a_missing_or_fifo_layer_is_refused_without_reading(tmp_path):
    assert_refused_unread(read_layer, tmp_path, "roads.geojson")


def test_rulebook_validate_goes_on_past_a_layer_it_cannot_read(tmp_path, capsys):
    from rulebook.cli import main

    folder = tmp_path / "ia_drang"
    folder.mkdir()
    (folder / "rivers.geojson").write_text("[]")
    good = folder / "roads.geojson"
    good.write_text(_layer())
    assert (
        main(
            ["validate", str(folder / "border.geojson"), str(folder / "rivers.geojson"), str(good)]
        )
        == 2
    )
    out, err = capsys.readouterr()
    assert "border.geojson: cannot read the file" in err
    assert "rivers.geojson: type: expected a GeoJSON FeatureCollection" in err
    assert "Traceback" not in err
    assert f"ok  {good}" in out


def test_a_name_west_of_its_dot_keeps_to_the_dots_side_of_its_box():
    """Label boxes are estimated wider than their text: a name placed west of its dot drew its
    text from the box's left, ending a finger's width from the dot (Plei Me, chapter 2 at
    1024 x 768, read as naming LZ X-Ray's cluster)."""
    from widgets.atlas import AtlasMap

    atlas = AtlasMap()
    atlas._size = (594, 514)  # the map's size on a 1024 x 768 screen
    atlas.frame(list(load_chapters()[1].places))
    looks = {look[0].split("data-label='")[1].split("'")[0]: look for look in atlas._drawn}
    html, (width, _), (anchor_x, _), *_ = looks["plei-me"]
    assert anchor_x >= width  # the box lies west of the point
    assert "text-align:right" in html
    assert "text-align:left" in looks["pleiku"][0]  # east of its dot, as atlases prefer
