from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from rulebook._datafile import spelt
from rulebook.provenance import Sourced
from rulebook.rule_ids import GAME_PREFIXES, check_rule_id
from rulebook.scenario._av_models import AmbushValleySpec
from rulebook.scenario._forms import NAME, SLUG
from rulebook.scenario._ftv_models import FirstTeamSpec
from rulebook.scenario._lza_models import LZAlbanySpec
from rulebook.scenario._map_models import MapSpec
from rulebook.scenario._numbers import TRUTH_HINT, Int, holds_truth_value

SCHEMA_VERSION = 1

RuleId = Annotated[str, AfterValidator(check_rule_id), Field(examples=["lza:7.3"])]
Slug = Annotated[str, Field(pattern=SLUG, examples=["standard"])]
Name = Annotated[str, Field(pattern=NAME, examples=["night_los"])]
Choice = str | int | bool


class Game(StrEnum):
    """The three games, by the slug the CLI and scenario files use."""

    LZ_ALBANY = "lz-albany"
    FIRST_TEAM = "first-team"
    AMBUSH_VALLEY = "ambush-valley"

    @property
    def rule_prefix(self) -> str:
        """The prefix of this game's rule ids (``lza``, ``ftv``, ``av``)."""
        return {"lz-albany": "lza", "first-team": "ftv", "ambush-valley": "av"}[self.value]

    @property
    def title(self) -> str:
        """The game's name as its box prints it.

        >>> Game("first-team").title
        'First Team: Vietnam'
        """
        return GAME_PREFIXES[self.rule_prefix]


class _Strict(BaseModel):
    # A typo in a field name must be an error, not a silently ignored key.
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class Option(_Strict):
    """A switch a scenario exposes, usually between two readings of an ambiguous rule."""

    rule: RuleId
    description: str = Field(min_length=1)
    choices: list[Choice] = Field(min_length=2)
    default: Choice
    interpretation: str | None = Field(
        default=None, description="id of the interpretation in the rules reference"
    )

    @field_validator("default")
    @classmethod
    def _default_is_a_choice(cls, default: Choice, info: ValidationInfo) -> Choice:
        choices = info.data.get("choices")
        if choices is not None and default not in choices:
            allowed = ", ".join(map(str, choices))
            raise ValueError(f"default {default!r} is not among the choices ({allowed})")
        return default


class Value(Sourced[Any]):
    """A named number or table of numbers, with its provenance. True and false are refused
    anywhere in it, as in every number of a scenario (see ``_numbers``): no value of the books
    is one, and YAML reads yes, no, on and off so."""

    @field_validator("value")
    @classmethod
    def _no_truth_values(cls, value: Any) -> Any:
        if holds_truth_value(value):
            # (a list or table is not repeated after the message: say here what it holds)
            shown = "true or false" if isinstance(value, bool) else spelt(value)
            raise ValueError(f"expected numbers, not {shown} ({TRUTH_HINT})")
        return value


class Turns(Sourced[Int]):
    """A scenario's length in turns, with its provenance: a whole number, never true or false."""


class Scenario(_Strict):
    """A scenario file: which game, its options and its numbers, each with provenance.

    Game engines add their own sections (map, forces, schedule) to this model
    as they land; every section forbids unknown keys.
    """

    schema_version: Literal[1] = Field(description="version of this file format")
    id: Slug
    game: Game
    title: str = Field(min_length=1)
    description: str = ""
    turns: Turns | None = None
    options: dict[Name, Option] = Field(default_factory=dict)
    values: dict[Name, Value] = Field(
        default_factory=dict, description="named numbers and tables, each with its provenance"
    )
    map: MapSpec | None = None
    lz_albany: LZAlbanySpec | None = None
    first_team: FirstTeamSpec | None = None
    ambush_valley: AmbushValleySpec | None = None
