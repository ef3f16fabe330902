from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from rulebook._datafile import spelt
from rulebook._words import quoted, words
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
    label: str | None = Field(
        default=None, min_length=1, max_length=80, description="what a reader calls the option"
    )
    choice_labels: dict[str, str] = Field(
        default_factory=dict,
        description="what a reader calls each choice, by the choice as written (true, false)",
    )

    @field_validator("choices")
    @classmethod
    def _choices_differ(cls, choices: list[Choice]) -> list[Choice]:
        written = [written_choice(c) for c in choices]
        twice = sorted({w for w in written if written.count(w) > 1})
        if twice:
            raise ValueError(f"each choice is offered once; {', '.join(twice)} is given twice")
        return choices

    @field_validator("default")
    @classmethod
    def _default_is_a_choice(cls, default: Choice, info: ValidationInfo) -> Choice:
        """The default is one of the choices as written: 1 is not true (Python has 1 == True).

        >>> Option(rule="lza:6.2", description="d", choices=[False, True], default=1)
        Traceback (most recent call last):
        pydantic_core._pydantic_core.ValidationError: 1 validation error for Option
        default
          Value error, default “1” is not among the choices (false, true) ...
        """
        choices = info.data.get("choices")
        if choices is not None and not any(same_choice(default, c) for c in choices):
            allowed = ", ".join(map(written_choice, choices))
            raise ValueError(
                f"default {quoted(written_choice(default))} is not among the choices ({allowed})"
            )
        return default

    @field_validator("choice_labels")
    @classmethod
    def _labels_name_choices(cls, labels: dict[str, str], info: ValidationInfo) -> dict[str, str]:
        written = [written_choice(c) for c in info.data.get("choices") or ()]
        for key, said in labels.items():
            if key not in written:
                raise ValueError(f"{quoted(key)} is not among the choices ({', '.join(written)})")
            if not said.strip() or len(said) > 80:
                raise ValueError(f"the words for {quoted(key)} are empty or over 80 characters")
        return labels

    def title(self, name: str) -> str:
        """What a reader calls the option: its ``label``, else its name in words.

        >>> Option(rule="lza:6.2", description="d", choices=[1, 2], default=1).title("vp_bonus")
        'VP bonus'
        """
        return self.label or words(name)

    def said(self, choice: Choice) -> str:
        """What a reader calls *choice*: its label, else on or off for a switch, else its words.

        >>> o = Option(rule="lza:6.2", description="d", choices=[True, False], default=True,
        ...            choice_labels={"true": "in play"})
        >>> o.said(True), o.said(False)
        ('in play', 'off')
        """
        found = self.choice_labels.get(written_choice(choice))
        if found:
            return found
        if isinstance(choice, bool):
            return "on" if choice else "off"
        return str(choice).replace("_", " ").replace("-", " ")


def same_choice(a: Choice, b: Choice) -> bool:
    """Whether two choices are the same as a file writes them: ``1`` is not ``true``.

    >>> same_choice(1, True), same_choice(True, True), same_choice("2d6", "2d6")
    (False, True, True)
    """
    return type(a) is type(b) and a == b


def written_choice(choice: Choice) -> str:
    """A choice as a YAML file writes it: ``true``, ``2d6``, ``9``."""
    return str(choice).lower() if isinstance(choice, bool) else str(choice)


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
