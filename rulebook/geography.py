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

import json
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from rulebook.errors import Problem, ScenarioError
from rulebook.provenance import Provenance
from rulebook.scenario._io import validation_problems

__all__ = ["LAYERS", "MapFeature", "load_layers", "read_layer"]

DATA = Path(__file__).resolve().parents[1] / "scenarios" / "ia_drang"

#: The layers in drawing order, bottom to top.
LAYERS = ("regions", "massif", "rivers", "border", "roads")

Kind = Literal["country", "massif", "river", "stream", "border", "road"]
_GEOMETRIES = {"Point", "LineString", "MultiLineString", "Polygon"}


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

        if value.get("type") not in _GEOMETRIES:
            raise ValueError(f"geometry type must be one of {sorted(_GEOMETRIES)}")
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
    """One layer file's features, validated; a ScenarioError names the file and feature."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise ScenarioError([Problem(str(path), "", f"not valid JSON: {err}")]) from None
    if data.get("type") != "FeatureCollection":
        raise ScenarioError([Problem(str(path), "type", "expected a GeoJSON FeatureCollection")])
    out, problems = [], []
    for i, feat in enumerate(data.get("features", [])):
        try:
            out.append(
                MapFeature.model_validate(
                    {**feat.get("properties", {}), "geometry": feat.get("geometry")}
                )
            )
        except ValidationError as err:
            problems += [
                Problem(p.file, f"features.{i}.properties.{p.path}", p.message)
                for p in validation_problems(err, str(path))
            ]
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
