"""The LZ Albany section of a scenario file: counters, forces, arrivals, chits, victory points."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulebook._words import quoted
from rulebook.provenance import Provenance
from rulebook.rule_ids import check_rule_id
from rulebook.scenario._forms import COMPANY_ID, GROUP_ID
from rulebook.scenario._numbers import Int

Side = Literal["us", "nva"]
ChitKind = Literal[
    "fire-move", "adrenaline", "artillery", "gunship", "skyraider", "dust-off", "visibility"
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class _Sourced(_Strict):
    """Fields every block of counter data carries, since the counters are not in the text."""

    provenance: Provenance
    note: str = ""

    @model_validator(mode="after")
    def _explained(self) -> _Sourced:
        if self.provenance.needs_note and not self.note.strip():
            raise ValueError(
                f"a {self.provenance.value} block needs a note saying how it was reached"
            )
        return self


class UnitType(_Sourced):
    """A kind of counter and its printed values, full and reduced (lza:2.4, lza:8.3)."""

    kind: Literal["infantry", "mortar", "artillery"]
    fire: Int = Field(ge=0)
    melee: Int = Field(ge=0)
    reduced_fire: Int = Field(ge=0)
    reduced_melee: Int = Field(ge=0)


class Arrival(_Strict):
    """When and where units enter: a turn and one or more of a tag, a terrain, an area."""

    turn: Int = Field(ge=1, le=99)
    tag: str | None = None
    terrain: str | None = None
    area: str | None = None
    airlift: bool = Field(
        default=False, description="may instead be set aside for airlift (lza:3.2D, 6.4)"
    )
    rule: str

    @model_validator(mode="after")
    def _somewhere(self) -> Arrival:
        check_rule_id(self.rule)
        if not (self.tag or self.terrain or self.area):
            raise ValueError("an arrival needs a tag, a terrain or an area")
        return self


class Company(_Sourced):
    """A company: its unit group, its officer and its platoons by unit type."""

    id: str = Field(pattern=COMPANY_ID)
    side: Side
    group: str | None = Field(
        description="unit group activated by a Fire/Move chit (lza:5.2B-C); none for artillery"
    )
    officer: str | None = None
    platoons: list[str] = Field(min_length=1, max_length=20)
    arrives: Arrival


class SeniorOfficer(_Sourced):
    """McDade, Man, A, Ba: officers outside every unit group (lza:5.2D)."""

    id: str
    side: Side
    title: str = ""
    arrives: Arrival


class UnitGroup(_Strict):
    """A unit group as the chit-draw placement area names it."""

    id: str = Field(pattern=GROUP_ID)
    side: Side
    name: str
    rule: str


class ChitSpec(_Strict):
    """Action chits entering the pool on a turn."""

    kind: ChitKind
    side: Side
    count: Int = Field(default=1, ge=1, le=50)
    turn: Int = Field(ge=1, le=99)
    rule: str
    provenance: Provenance = Provenance.PRINTED
    note: str = ""


class AirSpec(_Sourced):
    """Air units' numbers that the text leaves to the counters."""

    gunship_fire: Int = Field(ge=0)
    gunship_damaged_fire: Int = Field(ge=0)
    dust_off_capacity: Int = Field(ge=1)


class ChoiOiEntry(_Strict):
    """One row of the Choi Oi (surprise) table: a die face and its effect."""

    roll: Int = Field(ge=1, le=6)
    effect: Literal["none", "hit", "sniper", "officer-check", "two-hits"]
    text: str


class ChoiOiTable(_Sourced):
    """The event table (lza:3.5); not in the text, so reconstructed."""

    entries: list[ChoiOiEntry] = Field(min_length=6, max_length=6)


class LZAlbanySpec(_Strict):
    """Everything the LZ Albany engine needs beyond the map and the printed constants."""

    unit_types: dict[str, UnitType]
    unit_groups: list[UnitGroup]
    companies: list[Company]
    senior_officers: list[SeniorOfficer]
    chits: list[ChitSpec]
    air: AirSpec
    choi_oi: ChoiOiTable
    vp: dict[Side, dict[str, Int]]

    @model_validator(mode="after")
    def _references_exist(self) -> LZAlbanySpec:
        groups = {g.id for g in self.unit_groups}
        for company in self.companies:
            if company.group is not None and company.group not in groups:
                raise ValueError(
                    f"company {company.id}: unit group {quoted(company.group)} is not in unit_groups"
                )
            for kind in company.platoons:
                if kind not in self.unit_types:
                    raise ValueError(
                        f"company {company.id}: unit type {quoted(kind)} is not in unit_types"
                    )
        return self
