"""The Ambush Valley section of a scenario file: a table in inches, its terrain, the forces,
the reinforcement tables and the victory point schedules.

The book prints no maps: every layout carries ``provenance: reconstructed`` and a note on
what the scenario text fixes. Forces name a force and (optionally) a platoon list of the
catalogue, so validation can hold them to the book's lists.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, field_validator, model_validator

from rulebook._words import quoted
from rulebook.scenario._lza_models import _Sourced, _Strict
from rulebook.scenario._numbers import Float, Int

Point = tuple[Float, Float]
TerrainKind = Literal[
    "dense-woods",
    "average-woods",
    "light-woods",
    "heavy-foliage",
    "paddy",
    "building",
    "hooch",
    "bunker",
    "trench",
    "river",
    "tributary",
    "hill",
    "plantation",
    "firebase",
    "lz",
    "open",
]
# 1 to 20 dice (the book's biggest expression is 10D8), a bonus of at most 99, totals of at
# most three digits: bounds that keep every table a designer can write small enough to list.
DICE = re.compile(r"^(?:[1-9]|1[0-9]|20)?[dD](?:4|6|8|10|12|20)(?:[+-]\d{1,2})?$")
ROW = re.compile(r"^(\d{1,3})(?:-(\d{1,3}))?$")


class Feature(_Strict):
    id: str
    kind: TerrainKind
    outline: list[Point] = Field(
        min_length=3, description="polygon corners in inches from the bottom-left"
    )
    label: str = ""


class Road(_Strict):
    id: str
    path: list[Point] = Field(min_length=2)
    kind: Literal["road", "track", "river", "tributary"] = "road"


class Zone(_Strict):
    id: str
    side: str
    outline: list[Point] = Field(min_length=3)
    label: str = ""


class Marker(_Strict):
    id: str
    at: Point
    label: str = ""


class Layout(_Sourced):
    """Where things stand on the table; reconstructed for every book scenario."""

    features: list[Feature] = Field(default_factory=list)
    roads: list[Road] = Field(default_factory=list)
    deployment: list[Zone] = Field(default_factory=list)
    objectives: list[Marker] = Field(default_factory=list)
    tunnel_spots: list[Marker] = Field(default_factory=list)
    civilians: list[Marker] = Field(default_factory=list)


class Unit(_Strict):
    name: str
    figures: list[tuple[Int, str, str]] = Field(min_length=1, description="[count, role, weapon]")
    setup: str = ""
    vehicle: str | None = None
    note: str = ""


class Side(_Strict):
    name: str
    force: str = Field(description="a force id of the catalogue (us-army, vc-main-force, ...)")
    platoon: str | None = Field(default=None, description="a platoon list id of the catalogue")
    tq: Literal[6, 8, 10, 12]
    morale: Literal[6, 8, 10, 12]
    supply: Literal["Poor", "Normal", "Well"]
    confidence: str = ""
    booby_trap_cards: str | None = None
    asset_cards: Int = 0
    flak_vests: Literal["none", "frag-only", "all"] = "none"
    vehicles: list[str] = Field(default_factory=list)
    assets: list[str] = Field(default_factory=list)
    units: list[Unit] = Field(default_factory=list)
    objective: str = ""
    note: str = ""

    @field_validator("booby_trap_cards")
    @classmethod
    def _dice(cls, value: str | None) -> str | None:
        if value is not None and not DICE.match(value):
            raise ValueError(
                f"{quoted(value)} is not a dice expression like d8 or d6+2 (1 to 20 dice)"
            )
        return value


class Trigger(_Strict):
    """When a reinforcement roll succeeds: a die at most or at least a number."""

    die: str
    at_most: Int | None = None
    at_least: Int | None = None

    @model_validator(mode="after")
    def _one_bound(self) -> Trigger:
        if (self.at_most is None) == (self.at_least is None):
            raise ValueError("give exactly one of at_most and at_least")
        if not DICE.match(self.die):
            raise ValueError(f"{quoted(self.die)} is not a dice expression like d6 (1 to 20 dice)")
        return self

    @property
    def bound(self) -> int:
        return self.at_most if self.at_most is not None else self.at_least  # type: ignore[return-value]

    def passes(self, value: int) -> bool:
        """Whether a roll of *value* brings reinforcements."""
        return value <= self.bound if self.at_most is not None else value >= self.bound


class Reinforcements(_Strict):
    side: str
    first_turn: Int = 1
    last_turn: Int | None = None
    after_first_fire: bool = False
    trigger: Trigger
    roll: str
    rows: dict[str, str]
    arrive_at: Literal["tunnel-spot", "edge", "chosen"] = "tunnel-spot"
    note: str = ""

    @field_validator("roll")
    @classmethod
    def _roll(cls, value: str) -> str:
        if not DICE.match(value):
            raise ValueError(
                f"{quoted(value)} is not a dice expression like d6 or 2d6 (1 to 20 dice)"
            )
        return value

    @field_validator("rows")
    @classmethod
    def _rows(cls, rows: dict[str, str]) -> dict[str, str]:
        for key in rows:
            m = ROW.match(str(key))
            if not m:
                raise ValueError(
                    f"row {quoted(key)} is not a total or a range like 3-6 (totals up to 999)"
                )
            if m[2] is not None and int(m[2]) < int(m[1]):
                raise ValueError(f"row {quoted(key)} runs backwards; write the lower total first")
        return rows


class VictoryEvent(_Strict):
    event: str
    vp: Int


class TunnelRules(_Strict):
    count: Int = Field(default=5, ge=0)
    min_from_road_exit: Float = 0
    min_from_road: Float = 0
    near: str | None = Field(
        default=None, description="a feature id some spots must stay away from"
    )
    near_inches: Float = 0
    near_at_most: Int | None = None
    entry_points_only: bool = False


class AmbushValleySpec(_Strict):
    table: tuple[Float, Float] = Field(description="width and depth in inches")
    duration: str = Field(description="turns, or the end rule as the scenario states it")
    initiative: str = ""
    fog_of_war: str = ""
    special_rules: list[str] = Field(default_factory=list)
    layout: Layout
    tunnels: TunnelRules | None = None
    sides: dict[str, Side]
    reinforcements: list[Reinforcements] = Field(default_factory=list)
    victory_points: dict[str, list[VictoryEvent]] = Field(default_factory=dict)
    missing: list[str] = Field(
        default_factory=list, description="what the book leaves out of this scenario"
    )
