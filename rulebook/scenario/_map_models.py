from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulebook._words import quoted
from rulebook.provenance import Provenance
from rulebook.scenario._forms import AREA_ID, AREA_ID_MOST, COLOUR
from rulebook.scenario._numbers import Float, Int

AreaId = Annotated[
    str, Field(pattern=AREA_ID, max_length=AREA_ID_MOST, examples=["LZ-Albany", "C4"])
]
Point = tuple[Float, Float]
Pair = tuple[AreaId, AreaId]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class TerrainSpec(_Strict):
    """How a terrain type looks on the map (views read this; rules read the name)."""

    color: str = Field(pattern=COLOUR, examples=["#2f5d2a"])
    label: str = ""


class AreaSpec(_Strict):
    """One area: id, name, terrain, outline in map units, and tags (set-up circles, board edges)."""

    id: AreaId
    name: str = ""
    terrain: str
    polygon: list[Point] = Field(min_length=3, description="outline as [x, y] corners, map units")
    tags: list[str] = Field(default_factory=list)


class AdjacencySpec(_Strict):
    """Adjacency is derived from shared borders; hand edits add or remove pairs and are kept as such."""

    tolerance: Float = Field(
        default=5.0, gt=0, description="gap (map units) still read as a shared border"
    )
    min_shared: Float = Field(
        default=20.0, ge=0, description="shortest border length that makes neighbours"
    )
    add: list[Pair] = Field(default_factory=list)
    remove: list[Pair] = Field(default_factory=list)

    @model_validator(mode="after")
    def _corners_do_not_count(self) -> AdjacencySpec:
        if self.min_shared <= 2 * self.tolerance:
            raise ValueError(
                f"min_shared ({self.min_shared}) must exceed twice the tolerance ({self.tolerance}),"
                " or areas meeting at a corner would count as neighbours"
            )
        return self


class LOSOverride(_Strict):
    """A designer's ruling for one pair; it wins over the computed line of sight."""

    between: Pair
    visible: bool
    note: str = ""


class LOSSpec(_Strict):
    """Which line-of-sight rule the map uses, with its parameters."""

    rule: Literal["area-count"] = "area-count"
    max_entered: Int = Field(default=3, ge=1, description="areas a line may enter, target included")
    blocking: list[str] = Field(
        default_factory=lambda: ["jungle"], description="terrains a line may enter but not cross"
    )
    exhaustive: bool = Field(
        default=False,
        description="test every pair geometrically; by default pairs farther apart on the adjacency "
        "graph than max_entered are blocked without drawing lines (true when areas tile the map)",
    )
    overrides: list[LOSOverride] = Field(default_factory=list)


class MapSpec(_Strict):
    """An area map as data: terrains, areas, adjacency edits and line-of-sight settings."""

    id: str = Field(min_length=1)
    provenance: Provenance
    note: str = ""
    units: str = "m"
    terrains: dict[str, TerrainSpec]
    areas: list[AreaSpec] = Field(default_factory=list)
    adjacency: AdjacencySpec = Field(default_factory=AdjacencySpec)
    los: LOSSpec = Field(default_factory=LOSSpec)

    @model_validator(mode="after")
    def _unique_area_ids(self) -> MapSpec:
        seen: set[str] = set()
        for area in self.areas:
            if area.id in seen:
                raise ValueError(f"area id {quoted(area.id)} is used twice")
            seen.add(area.id)
        return self
