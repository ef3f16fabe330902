from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from rulebook._words import quoted
from rulebook.provenance import Provenance
from rulebook.rule_ids import check_rule_id


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Reading(_Strict):
    """One way to read an ambiguous rule."""

    id: str
    text: str


class Interpretation(_Strict):
    """A place where the text is ambiguous or contradicts itself, and the reading the engine takes."""

    id: str
    question: str
    readings: list[Reading] = Field(min_length=2)
    engine_uses: str
    why: str
    option: str | None = Field(
        default=None, description="scenario option that switches the reading"
    )

    @model_validator(mode="after")
    def _uses_a_reading(self) -> Interpretation:
        ids = [r.id for r in self.readings]
        if self.engine_uses not in ids:
            raise ValueError(
                f"{self.id}: engine_uses {quoted(self.engine_uses)} is not one of the readings {ids}"
            )
        return self


class Citation(_Strict):
    """A cross-reference as the book prints it, kept so the checker can test it.

    ``printed`` is what the text says ("6.1", "Step 12", "Developing the
    Insurgency"), ``to`` the entry it resolves to (``None`` when the book names
    something it does not contain) and ``about`` the topic the sentence expects
    to find there, which the checker compares with the target's title and tags.
    """

    printed: str
    to: str | None
    about: str

    @field_validator("to")
    @classmethod
    def _is_rule_id(cls, value: str | None) -> str | None:
        return None if value is None else check_rule_id(value)


class Entry(_Strict):
    """One rule case: number, title, our summary, tags, cross-references and the numbers it defines."""

    id: str
    title: str
    summary: str
    tags: list[str] = Field(default_factory=list)
    refs: list[str] = Field(default_factory=list)
    numbers: dict[str, Any] = Field(default_factory=dict)
    steps: list[str] = Field(default_factory=list)
    interpretations: list[Interpretation] = Field(default_factory=list)
    cites: list[Citation] = Field(default_factory=list)
    paragraphs: dict[str, str] = Field(
        default_factory=dict, description="topic of each lettered paragraph a citation names"
    )
    provenance: Provenance = Provenance.PRINTED
    note: str | None = Field(default=None, description="how a garbled passage was read")
    lines: tuple[int, int] | None = Field(
        default=None, description="first and last line of the source text"
    )
    needs_core: bool = Field(
        default=False, description="relies on a core Force on Force mechanic the book omits"
    )

    @field_validator("id")
    @classmethod
    def _is_rule_id(cls, value: str) -> str:
        return check_rule_id(value)

    @field_validator("refs")
    @classmethod
    def _refs_are_rule_ids(cls, refs: list[str]) -> list[str]:
        return [check_rule_id(r) for r in refs]

    @model_validator(mode="after")
    def _note_when_not_printed(self) -> Entry:
        if self.provenance.needs_note and not self.note:
            raise ValueError(f"{self.id}: a {self.provenance} entry needs a note saying how")
        return self

    @property
    def links(self) -> list[str]:
        """Every rule this entry points at: plain references and resolved citations."""
        out = list(self.refs)
        out += [c.to for c in self.cites if c.to is not None and c.to not in out]
        return out

    @property
    def number(self) -> str:
        """The case number without the game prefix (``7.3``)."""
        return self.id.split(":", 1)[1]


class GameReference(_Strict):
    """All entries of one game's rulebook."""

    game: str
    prefix: str
    title: str
    entries: list[Entry]
