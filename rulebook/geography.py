"""The walkthrough's atlas layers: border, rivers, the Chu Pong massif, roads, as sourced GeoJSON.

Each file in ``scenarios/ia_drang/`` is a GeoJSON FeatureCollection; every feature says what it
is (``kind``), where its geometry comes from (``source``, a link in ``url`` where one exists) and
how far to trust it (``provenance``: ``derived`` from a dataset, or ``reconstructed`` by us from
descriptions, with a ``note`` saying how). ``label_lonlat`` is where its name is printed
(``label_close`` at a close zoom, where the first spot would be off the chapter's frame).

>>> layers = load_layers()
>>> [f.name for f in layers["rivers"]][:1]
['Ia Drang']
>>> layers["massif"][0].provenance.value
'reconstructed'
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from rulebook._datafile import is_number, parse_json, read_data_text
from rulebook.errors import Problem, ScenarioError
from rulebook.provenance import Provenance
from rulebook.scenario._io import validation_problems

__all__ = ["LAYERS", "MapFeature", "load_layers", "read_layer"]

DATA = Path(__file__).resolve().parents[1] / "scenarios" / "ia_drang"

#: The layers in drawing order, bottom to top.
LAYERS = ("regions", "massif", "rivers", "border", "roads")

Kind = Literal["country", "massif", "river", "stream", "border", "road"]
#: Per geometry type, each level of list nesting above a position: its fewest items and what
#: they are. shapely fails with its own TypeErrors on any other shape, so check before it sees one.
_LEVELS: dict[str, tuple[tuple[int, str], ...]] = {
    "Point": (),
    "LineString": ((2, "positions"),),
    "MultiLineString": ((1, "lines"), (2, "positions")),
    "Polygon": ((1, "rings"), (4, "positions")),
}
_GEOMETRIES = set(_LEVELS)


def _is_lonlat(value: Any) -> bool:
    if not isinstance(value, list) or len(value) != 2:
        return False
    if not all(map(is_number, value)):
        return False
    return abs(value[0]) <= 180 and abs(value[1]) <= 90  # also refuses inf and huge numbers


def _coordinates_problem(
    value: Any, levels: tuple[tuple[int, str], ...], path: str
) -> tuple[str, str] | None:
    if not levels:
        if _is_lonlat(value):
            return None
        return path, "expected a [longitude, latitude] position within +-180, +-90"
    fewest, items = levels[0]
    if not isinstance(value, list) or len(value) < fewest:
        least = f"at least {fewest}" if fewest > 1 else "one or more"
        return path, f"expected a list of {least} {items}"
    for j, item in enumerate(value):
        if found := _coordinates_problem(item, levels[1:], f"{path}.{j}"):
            return found
    return None


def _geometry_problem(geometry: Any) -> tuple[str, str] | None:
    """Where under ``geometry`` and what is wrong with a GeoJSON geometry's shape, or None.

    >>> _geometry_problem({"type": "LineString", "coordinates": [[107.5, 13.5]]})
    ('coordinates', 'expected a list of at least 2 positions')
    >>> _geometry_problem({"type": "Point", "coordinates": [107.5, 13.5]}) is None
    True
    """
    if not isinstance(geometry, dict):
        return "", "expected a geometry mapping with a type and coordinates"
    kind = geometry.get("type")
    if not isinstance(kind, str) or kind not in _GEOMETRIES:
        return "type", f"expected one of {', '.join(sorted(_GEOMETRIES))}"
    return _coordinates_problem(geometry.get("coordinates"), _LEVELS[kind], "coordinates")


class MapFeature(BaseModel):
    """One drawn thing: its name, kind, geometry and where the geometry comes from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    kind: Kind
    provenance: Provenance
    source: str = Field(min_length=10)
    url: str | None = None
    note: str = ""
    ref: str | None = Field(None, description="a road's number, printed in its shield")
    label_lonlat: tuple[float, float] | None = None
    label_close: tuple[float, float] | None = Field(
        None, description="where the name goes at a close zoom, if label_lonlat is then off the map"
    )
    geometry: dict[str, Any]

    @field_validator("geometry")
    @classmethod
    def _geometry(cls, value: dict[str, Any]) -> dict[str, Any]:
        from shapely.geometry import shape

        if found := _geometry_problem(value):
            where, message = found
            raise ValueError(f"{where}: {message}" if where else message)
        if not shape(value).is_valid:
            raise ValueError("the geometry is not valid (a ring that crosses itself?)")
        return value

    @field_validator("url")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith("https://"):
            raise ValueError("a source link starts with https://")
        return value


def read_layer(path: Path) -> list[MapFeature]:
    """One layer file's features, validated.

    Raises
    ------
    ScenarioError
        Naming the file and the field path (``features.3.geometry.coordinates``) for a file
        that cannot be read, is not a FeatureCollection, or has a broken feature.
    """
    file = str(path)
    data = parse_json(read_data_text(path, "GeoJSON layer"), file, "GeoJSON")
    if not isinstance(data, dict) or data.get("type") != "FeatureCollection":
        raise ScenarioError([Problem(file, "type", "expected a GeoJSON FeatureCollection")])
    features = data.get("features", [])
    if not isinstance(features, list):
        raise ScenarioError([Problem(file, "features", "expected a list of features")])
    out, problems = [], []
    for i, feat in enumerate(features):
        where = f"features.{i}"
        if not isinstance(feat, dict):
            problems.append(Problem(file, where, "expected a Feature mapping"))
            continue
        props = feat.get("properties", {})
        if not isinstance(props, dict):
            problems.append(Problem(file, f"{where}.properties", "expected a mapping of fields"))
            continue
        geometry = feat.get("geometry")
        if found := _geometry_problem(geometry):
            field, message = found
            problems.append(Problem(file, f"{where}.geometry.{field}".rstrip("."), message))
        try:
            out.append(MapFeature.model_validate({**props, "geometry": geometry}))
        except ValidationError as err:
            for p in validation_problems(err, file):
                if not p.path.startswith("geometry"):
                    problems.append(Problem(file, f"{where}.properties.{p.path}", p.message))
                elif not found:  # a well-formed shape shapely finds invalid (a crossing ring)
                    problems.append(Problem(file, f"{where}.{p.path}", p.message))
    if problems:
        raise ScenarioError(problems)
    return out


@cache
def load_layers(folder: Path = DATA) -> dict[str, list[MapFeature]]:
    """Every layer by name (see :data:`LAYERS`), each a list of features, validated.

    Raises :class:`~rulebook.errors.ScenarioError` naming the file and feature for a feature
    without a source, of an unknown kind, or with a broken geometry.
    """
    return {name: read_layer(folder / f"{name}.geojson") for name in LAYERS}
