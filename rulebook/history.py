"""The campaign's places and chapters, as sourced data for the teaching walkthrough.

Every place and every figure names where it comes from: a case of one of the
game texts (``lza:1.1``, ``ftv:1.1B``) or a public page. Nothing here is
reconstructed; where sources disagree, a chapter lists the disagreement.

>>> chapters = load_chapters()
>>> [c.id for c in chapters][:2]
['plei-me', 'pursuit']
>>> load_places()["lz-albany"].lat
13.59528
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from rulebook.errors import Problem, ScenarioError
from rulebook.scenario._io import validation_problems

__all__ = ["Chapter", "Figure", "Place", "load_chapters", "load_places", "missing_places"]

DATA = Path(__file__).resolve().parents[1] / "scenarios" / "ia_drang"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Place(_Strict):
    """A place with coordinates (WGS84) and the page they come from."""

    id: str
    name: str
    kind: str
    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)
    source: str = Field(min_length=3)
    note: str = ""


class Figure(_Strict):
    """A fact or number shown to the class, with its source."""

    label: str
    value: str
    source: str = Field(min_length=3)


class GameLink(_Strict):
    note: str
    app: str | None = None


class Chapter(_Strict):
    """One stage of the campaign: dates, places, a summary in our words, sourced figures."""

    id: str
    title: str
    dates: str
    places: list[str]
    text: str
    figures: list[Figure] = Field(min_length=1)
    disagreements: list[str] = Field(default_factory=list)
    game: GameLink


class _Places(_Strict):
    places: list[Place]
    missing: list[dict[str, str]] = Field(default_factory=list)


class _Chapters(_Strict):
    chapters: list[Chapter]

    @model_validator(mode="after")
    def _unique(self) -> _Chapters:
        ids = [c.id for c in self.chapters]
        if len(ids) != len(set(ids)):
            raise ValueError("chapter ids must be unique")
        return self


def _load(name: str, model: type[BaseModel], folder: Path) -> BaseModel:
    path = folder / name
    try:
        return model.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    except ValidationError as err:
        raise ScenarioError(validation_problems(err, str(path))) from None


@cache
def load_places(folder: Path = DATA) -> dict[str, Place]:
    """The places, by id."""
    return {p.id: p for p in _load("places.yaml", _Places, folder).places}  # type: ignore[attr-defined]


def is_history_file(path: Path) -> bool:
    """Whether *path* is one of the walkthrough's data files (places or chapters)."""
    return path.name in ("places.yaml", "chapters.yaml") and path.parent.name == "ia_drang"


def check_history_file(path: Path) -> str:
    """Load a walkthrough data file (raising ScenarioError naming the field); return a one-line summary."""
    if path.name == "places.yaml":
        return f"{len(load_places.__wrapped__(path.parent))} places"
    return f"{len(load_chapters.__wrapped__(path.parent))} chapters"


@cache
def missing_places(folder: Path = DATA) -> list[dict[str, str]]:
    """Places the campaign names but no public source here located, with what is known of them."""
    return list(_load("places.yaml", _Places, folder).missing)  # type: ignore[attr-defined]


@cache
def load_chapters(folder: Path = DATA) -> list[Chapter]:
    """The chapters in order; each place a chapter names must be in the places file."""
    chapters = _load("chapters.yaml", _Chapters, folder).chapters  # type: ignore[attr-defined]
    places = load_places(folder)
    problems = [
        Problem(
            str(folder / "chapters.yaml"), f"chapters.{i}.places", f"no place {p!r} in places.yaml"
        )
        for i, c in enumerate(chapters)
        for p in c.places
        if p not in places
    ]
    if problems:
        raise ScenarioError(problems)
    return chapters
