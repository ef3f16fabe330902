"""The campaign's places and chapters, as sourced data for the teaching walkthrough.

Every place and every figure names where it comes from: a case of one of the
game texts (``lza:1.1``, ``ftv:1.1B``) or a public page; where sources disagree, a
chapter lists the disagreement. The one reconstructed thing is where First Team's counters
stand in each chapter: beyond the printed set-up those are illustrations on a reconstructed
map, marked so, each with a note naming the sourced facts it follows.

>>> chapters = load_chapters()
>>> [c.id for c in chapters][:2]
['plei-me', 'pursuit']
>>> load_places()["lz-albany"].lat
13.59528
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from rulebook._datafile import parse_yaml, read_data_text
from rulebook._words import quoted
from rulebook.errors import Problem, ScenarioError
from rulebook.provenance import Provenance
from rulebook.scenario._io import validation_problems

__all__ = [
    "Chapter",
    "Figure",
    "FirstTeamStage",
    "Place",
    "load_chapters",
    "load_places",
    "missing_places",
    "stage_problems",
    "turn_dates",
]

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
    url: str | None = Field(None, description="a link to the source, where one exists")
    note: str = ""


class Figure(_Strict):
    """A fact or number shown to the class, with its source."""

    label: str
    value: str
    source: str = Field(min_length=3)
    urls: list[str] = Field(default_factory=list, description="links to the source pages")


class FirstTeamStage(_Strict):
    """Where the counters of First Team: Vietnam stand at this stage, drawn on its map.

    Beyond the printed set-up (ftv:7.0) the positions are an illustration of the chapter's
    sourced events on the reconstructed map, so they carry provenance and a note saying which
    facts they follow. Units not listed are in the An Khe Box (US) or the Unknown Box (NVA).
    """

    turn: int = Field(ge=1, le=15, description="the game turn (turn 1 is 27-28 October 1965)")
    provenance: Provenance
    note: str = Field(min_length=10)
    locations: dict[str, list[str]] = Field(default_factory=dict)
    zones: dict[str, list[str]] = Field(
        default_factory=dict, description="identified NVA by zone box"
    )


class GameLink(_Strict):
    note: str
    app: str | None = None
    first_team: FirstTeamStage | None = None


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
    data, root = parse_yaml(read_data_text(path, "walkthrough data file"), str(path))
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise ScenarioError(validation_problems(err, str(path), root)) from None


@cache
def load_places(folder: Path = DATA) -> dict[str, Place]:
    """The places, by id."""
    return {p.id: p for p in _load("places.yaml", _Places, folder).places}  # type: ignore[attr-defined]


def is_history_file(path: Path) -> bool:
    """Whether *path* is one of the walkthrough's data files (places, chapters, map layers)."""
    from rulebook.geography import LAYERS

    names = {"places.yaml", "chapters.yaml", *(f"{layer}.geojson" for layer in LAYERS)}
    return path.name in names and path.parent.name == "ia_drang"


def check_history_file(path: Path) -> str:
    """Load a walkthrough data file (raising ScenarioError naming the field); return a one-line summary."""
    if path.suffix == ".geojson":
        from rulebook.geography import read_layer

        n = len(read_layer(path))
        return f"{n} map feature{'s' if n != 1 else ''}, each with its source"
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
            str(folder / "chapters.yaml"),
            f"chapters.{i}.places",
            f"no place {quoted(p)} in places.yaml",
        )
        for i, c in enumerate(chapters)
        for p in c.places
        if p not in places
    ]
    for i, chapter in enumerate(chapters):
        if chapter.game.first_team is not None:
            problems += stage_problems(
                chapter.game.first_team,
                str(folder / "chapters.yaml"),
                f"chapters.{i}.game.first_team",
            )
    if problems:
        raise ScenarioError(problems)
    return chapters


def turn_dates(turn: int) -> str:
    """The two days a First Team turn covers, turn 1 being 27-28 October 1965 (ftv:1.1B, 1.3B).

    >>> turn_dates(1), turn_dates(10)
    ('27-28 Oct 1965', '14-15 Nov 1965')
    """
    import datetime as dt

    first = dt.date(1965, 10, 27) + dt.timedelta(days=2 * (turn - 1))
    second = first + dt.timedelta(days=1)
    head = f"{first.day} {first:%b}" if first.month != second.month else f"{first.day}"
    return f"{head}-{second.day} {second:%b} 1965"


def stage_problems(stage: FirstTeamStage, file: str, path: str) -> list[Problem]:
    """Unit ids and locations a stage names that the First Team campaign does not have."""
    from rulebook.games.first_team import (
        campaign_map,
        campaign_spec,
        nva_companies,
        us_companies,
    )

    spec = campaign_spec()  # read only: the ids of its companies
    known = {u.id for u in nva_companies(spec)} | {u.id for u in us_companies(spec)}
    places = set(campaign_map().locations)
    problems, seen = [], set()
    for where, ids in [*stage.locations.items(), *stage.zones.items()]:
        if where in stage.locations and where not in places:
            problems.append(
                Problem(file, f"{path}.locations.{where}", "no such location on the map")
            )
        if where in stage.zones and where not in "ABCDEFGHIJ":
            problems.append(Problem(file, f"{path}.zones.{where}", "zones are A to J"))
        for unit in ids:
            if unit not in known:
                problems.append(
                    Problem(file, f"{path}.{where}", f"no unit {quoted(unit)} in the campaign")
                )
            elif unit in seen:
                problems.append(Problem(file, f"{path}.{where}", f"{quoted(unit)} is placed twice"))
            seen.add(unit)
    return problems
