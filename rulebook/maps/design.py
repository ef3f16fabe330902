"""A designer's map: edits with undo and redo, checks, and saving to YAML or GeoJSON.

Every edit makes a new :class:`AreaMap` (maps are frozen once built), so undo
and redo just move along the list of versions.

>>> from rulebook.maps import demo_spec
>>> d = MapDesign(demo_spec())
>>> d.add_area("G", [(300, 0), (400, 0), (400, 100), (300, 100)], terrain="sawgrass")
>>> d.map.neighbors("G")
['F']
>>> d.toggle_adjacency("G", "C")
>>> d.map.graph.edges["C", "G"]["source"]
'manual'
>>> d.undo(); d.undo(); "G" in d.map
False
>>> d.redo(); "G" in d.map
True
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path

from pydantic import ValidationError

from rulebook._datafile import parse_json
from rulebook._words import quoted
from rulebook.errors import Problem, ScenarioError
from rulebook.maps._area_map import AreaMap
from rulebook.maps._history import VersionHistory
from rulebook.maps._saving import reasons, save_checked, scenario_text
from rulebook.maps.checks import Finding, area_map_findings
from rulebook.maps.geojson import from_geojson
from rulebook.maps.snap import next_free_id, snap_outline
from rulebook.provenance import Provenance
from rulebook.scenario import Scenario, check_replaceable, dump_scenario, load_scenario
from rulebook.scenario._forms import AREA_ID, AREA_ID_MOST, FORM_WORDS
from rulebook.scenario._io import validation_problems
from rulebook.scenario._map_models import AreaSpec, LOSOverride, MapSpec
from rulebook.scenario._validate import map_problems, validate

__all__ = ["MapDesign"]

GEOJSON_SUFFIXES = {".geojson", ".json"}


class MapDesign(VersionHistory):
    """An editable map with history. ``map`` is the current version."""

    def __init__(
        self,
        spec: MapSpec,
        scenario: Scenario | None = None,
        *,
        sheet: tuple[float, float] | None = None,
    ) -> None:
        _check_map(spec)
        # Each version pairs a map with the file's other sections (forces, chits, values), so
        # undo steps back through set-up changes as well as drawing.
        self._versions: list[tuple[AreaMap, Scenario | None]] = [(AreaMap(spec), scenario)]
        self._at = 0
        # The findings of one version, kept while it is the current one: the designer asks on
        # every click (a selection too), and working them out builds maps and checks the file.
        self._found: tuple[tuple[AreaMap, Scenario | None], bool, list[Finding]] | None = None
        self._sheet = sheet

    @classmethod
    def blank(cls, width: float = 2000, height: float = 1500) -> MapDesign:
        """An empty sheet of *width* x *height* map units with LZ Albany's terrains and forces.

        The forces, chits and victory points are the book's; every set-up place still
        has to be marked on the new areas (the checks say which).

        >>> d = MapDesign.blank(); len(d.map), d.sheet
        (0, (0.0, 0.0, 2000.0, 1500.0))
        """
        from rulebook.games.lz_albany import standard_scenario

        book = standard_scenario()
        assert book.map is not None
        spec = MapSpec(
            id="my-map",
            provenance=Provenance.ASSUMED,
            note="drawn in the scenario designer",
            units=book.map.units,
            terrains=book.map.terrains,
            adjacency=book.map.adjacency.model_copy(update={"add": [], "remove": []}),
            los=book.map.los.model_copy(update={"overrides": []}),
        )
        scenario = book.model_copy(
            update={
                "id": "my-scenario",
                "title": "My LZ Albany scenario",
                "description": "Drawn in the scenario designer.",
                "map": spec,
            }
        )
        return cls(spec, scenario, sheet=(width, height))

    @property
    def map(self) -> AreaMap:
        return self._versions[self._at][0]

    @property
    def scenario(self) -> Scenario | None:
        """The file's other sections, checked along with the map and saved with it."""
        return self._versions[self._at][1]

    @property
    def sheet(self) -> tuple[float, float, float, float]:
        """``(minx, miny, maxx, maxy)``: the drawing sheet, or the areas' extent if wider."""
        box = (0.0, 0.0, float(self._sheet[0]), float(self._sheet[1])) if self._sheet else None
        if len(self.map) == 0:
            return box or (0.0, 0.0, 2000.0, 1500.0)
        minx, miny, maxx, maxy = self.map.bounds()
        if box is None:
            return (minx, miny, maxx, maxy)
        return (min(minx, 0.0), min(miny, 0.0), max(maxx, box[2]), max(maxy, box[3]))

    def start_again(self, other: MapDesign) -> None:
        """:meth:`VersionHistory.start_again`, taking *other*'s sheet too (Undo keeps it: the
        sheet is never smaller than the areas on it, so the work brought back still shows).

        >>> d = MapDesign.blank(); d.add_area("A", [(0, 0), (10, 0), (10, 10)], terrain="jungle")
        >>> d.start_again(MapDesign.blank(500, 400)); len(d.map), d.sheet
        (0, (0.0, 0.0, 500.0, 400.0))
        >>> d.undo(); len(d.map), d.can_redo
        (1, True)
        """
        super().start_again(other)
        self._sheet = other._sheet

    def set_sheet(self, width: float, height: float) -> None:
        """Resize the drawing sheet (a traced image is scaled to it)."""
        self._sheet = (width, height)

    def _push(self, new: AreaMap, scenario: Scenario | None = None) -> None:
        # Edits build their maps with model_copy, which checks nothing: this is the one door
        # every version comes through, so a map the file format refuses never becomes one.
        _check_map(new.spec)
        del self._versions[self._at + 1 :]
        self._versions.append((new, scenario if scenario is not None else self.scenario))
        self._at += 1

    def edit_scenario(self, scenario: Scenario) -> None:
        """Replace the set-up sections (forces, chits, values) as one undoable step."""
        self._push(self.map, scenario)

    def mark_edges(self) -> None:
        """Tag the areas along the outer border of the drawing as board edges (``edge-north`` ...).

        Off-map areas (tagged ``off-map``) are left out. Retreating NVA units head for an
        edge and leave the map there (lza:5.2E), so a playable map needs them.
        """
        on_map = [a for a in self.map if "off-map" not in a.tags]
        if not on_map:
            raise ValueError("draw some areas first")
        minx = min(a.polygon.bounds[0] for a in on_map)
        miny = min(a.polygon.bounds[1] for a in on_map)
        maxx = max(a.polygon.bounds[2] for a in on_map)
        maxy = max(a.polygon.bounds[3] for a in on_map)
        reach = 2 * self.map.spec.adjacency.tolerance
        areas = []
        for spec in self.map.spec.areas:
            area = self.map.area(spec.id)
            tags = [t for t in spec.tags if not t.startswith("edge-")]
            if area in on_map:
                x0, y0, x1, y1 = area.polygon.bounds
                for edge, near in (
                    ("north", y1 >= maxy - reach),
                    ("south", y0 <= miny + reach),
                    ("east", x1 >= maxx - reach),
                    ("west", x0 <= minx + reach),
                ):
                    if near:
                        tags.append(f"edge-{edge}")
            areas.append(spec.model_copy(update={"tags": tags}))
        self._push(AreaMap(self.map.spec.model_copy(update={"areas": areas})))

    def next_area_id(self) -> str:
        """The id a newly drawn area is offered: one past the last numbered id."""
        return next_free_id([a.id for a in self.map.spec.areas])

    def snap(self, outline: Sequence[tuple[float, float]], *, ignore: str | None = None) -> list:
        """*outline* with corners moved onto neighbours' borders and overlaps cut away.

        Corners within reach of a border (three times the adjacency tolerance, or a
        hundredth of the sheet if that is more) move onto it; see
        :func:`rulebook.maps.snap.snap_outline`.
        """
        minx, miny, maxx, maxy = self.sheet
        reach = max(3 * self.map.spec.adjacency.tolerance, max(maxx - minx, maxy - miny) / 100)
        others = [a.polygon for a in self.map if a.id != ignore and a.polygon.is_valid]
        return snap_outline(outline, others, reach)

    # --- edits ---------------------------------------------------------------------

    def add_area(
        self,
        area_id: str,
        polygon: Sequence[tuple[float, float]],
        *,
        terrain: str,
        name: str = "",
        tags: Iterable[str] = (),
    ) -> None:
        """Add a new area; its neighbours come from the borders it shares."""
        if area_id in self.map:
            raise ValueError(
                f"area {quoted(area_id)} already exists; pick another id or reshape it"
            )
        if terrain not in self.map.terrains:
            raise ValueError(
                f"terrain {quoted(terrain)} is not one of {', '.join(self.map.terrains)}"
            )
        _check_area_id(area_id)
        spec = _area_spec(
            {
                "id": area_id,
                "name": name,
                "terrain": terrain,
                "polygon": list(polygon),
                "tags": list(tags),
            }
        )
        self._push(self.map.with_area(spec))

    def update_area(self, area_id: str, **changes: object) -> None:
        """Change an area's ``id``, outline (``polygon``), ``terrain``, ``name`` or ``tags``.

        All the changes are one step, checked before any is made: a refused one leaves the
        design as it was, rather than half-edited.

        >>> from rulebook.maps import demo_spec
        >>> d = MapDesign(demo_spec())
        >>> d.update_area("B", id="Hill 1", name="Hill")
        Traceback (most recent call last):
        ...
        ValueError: “Hill 1” cannot be an area id: use letters, digits, hyphens and underscores, starting with a letter or digit (C4, LZ-Albany). Hill-1 would do.
        >>> "B" in d.map, d.map.area("B").name, d.can_undo
        (True, 'B', False)
        """
        current = next(a for a in self.map.spec.areas if a.id == self.map.area(area_id).id)
        new_id = str(changes.pop("id", current.id)).strip()
        if "terrain" in changes and changes["terrain"] not in self.map.terrains:
            raise ValueError(
                f"terrain {quoted(changes['terrain'])} is not one of {', '.join(self.map.terrains)}"
            )
        edited = self.map.with_area(_area_spec({**current.model_dump(), **changes}))
        scenario = self.scenario
        if new_id != current.id:
            edited, scenario = _renamed(edited, scenario, current.id, new_id)
        self._push(edited, scenario)

    def rename_area(self, old: str, new: str) -> None:
        """Give an area another id; hand links, sight rulings and arrivals follow it.

        >>> from rulebook.maps import demo_spec
        >>> d = MapDesign(demo_spec())
        >>> d.toggle_adjacency("A", "F")
        >>> d.rename_area("A", "LZ-Albany")
        >>> d.map.spec.adjacency.add, d.map.neighbors("LZ-Albany") == ["B", "D", "F"]
        ([('F', 'LZ-Albany')], True)
        """
        new = new.strip()
        self.map.area(old)
        if new != old:
            self._push(*_renamed(self.map, self.scenario, old, new))

    def delete_area(self, area_id: str) -> None:
        self._push(self.map.without_area(area_id))

    def toggle_adjacency(self, a: str, b: str) -> None:
        """Make two areas neighbours if they are not, or not if they are (kept as a hand edit)."""
        if a == b:
            raise ValueError("an area cannot be its own neighbour")
        self._push(self.map.with_adjacency(a, b, not self.map.adjacent(a, b)))

    def set_los(self, a: str, b: str, visible: bool | None, note: str = "") -> None:
        """Rule on one pair's line of sight by hand; ``None`` removes the ruling.

        >>> from rulebook.maps import demo_spec
        >>> MapDesign(demo_spec()).set_los("A", "A", False)
        Traceback (most recent call last):
        ValueError: a ruling on sight is between two areas, and A was given twice: click the target's area after the observer's
        """
        self.map.area(a), self.map.area(b)
        if a == b:  # (an area sees into itself: lza:7.8's table has no such pair to rule)
            raise ValueError(
                f"a ruling on sight is between two areas, and {a} was given twice: click the "
                "target's area after the observer's"
            )
        los = self.map.spec.los
        keep = [o for o in los.overrides if set(o.between) != {a, b}]
        if visible is not None:
            keep.append(LOSOverride(between=(a, b), visible=visible, note=note))
        self._push(self.map.with_los(los.model_copy(update={"overrides": keep})))

    # --- checks and files ------------------------------------------------------------

    def problems(self, file: str = "<design>", *, play: bool = True) -> list[Problem]:
        """Everything that would make the map unfit to play, each naming its area.

        With a scenario loaded, its set-up is checked against the map too (set-up
        circles and reinforcement areas that no area carries, too little room).
        """
        if self.scenario is None:
            return map_problems(self.map.spec, file)
        return validate(self.scenario.model_copy(update={"map": self.map.spec}), file, play=play)

    def findings(self, *, play: bool = False) -> list[Finding]:
        """What to fix, in a designer's words, each naming the areas to highlight.

        The map's own checks come first; then anything else the scenario's
        validation finds (values citing another game's rules, and so on). With
        *play*, a short test game is played too (a second or so), as on saving.
        """
        version = self._versions[self._at]
        if self._found is not None and self._found[0] is version and self._found[1] == play:
            return list(self._found[2])
        found = area_map_findings(self.map.spec, self.scenario)
        if self.scenario is not None:
            covered = ("map", "lz_albany.companies", "lz_albany.senior_officers")
            for p in self.problems("this scenario", play=play):
                if p.path and not p.path.startswith(covered):
                    found.append(Finding(f"{p.message} (in {p.path.replace('.', ' > ')})"))
                elif not p.path:
                    found.append(Finding(p.message[0].upper() + p.message[1:]))
        self._found = (version, play, found)
        return list(found)

    def save(self, path: str | os.PathLike[str], scenario: Scenario | None = None) -> None:
        """Write the map atomically: GeoJSON for ``.geojson``/``.json``, else a scenario YAML.

        For YAML, the map replaces the ``map`` section of *scenario* (by default the scenario
        the design was opened from, else the file already at *path*), so forces and options
        are kept.

        Nothing is written if Load would refuse the file (the work saved in it would be lost),
        nor over a file at *path* that holds another game's scenario or no scenario
        (:func:`~rulebook.scenario.check_replaceable`).
        """
        target = Path(path)
        if target.suffix.lower() in GEOJSON_SUFFIXES:  # (m.JSON was written as YAML)
            text = json.dumps(self.map.to_geojson(), indent=1) + "\n"
            save_checked(
                target,
                text,
                lambda t, name: from_geojson(parse_json(t, name, "GeoJSON", bounded=True), name),
            )
            return
        if scenario is None:
            scenario = self.scenario
        if scenario is None and target.exists():
            scenario = load_scenario(target)
        if scenario is None:
            scenario = Scenario.model_validate(
                {
                    "schema_version": 1,
                    "id": _slug(self.map.id),
                    "game": "lz-albany",
                    "title": f"Map {self.map.id}",
                }
            )
        check_replaceable(target, scenario.game)
        text = dump_scenario(scenario.model_copy(update={"map": self.map.spec}))
        save_checked(target, text, scenario_text)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> MapDesign:
        """Open a scenario YAML (its map section) or a GeoJSON file written by :meth:`save`."""
        source = Path(path)
        if source.suffix.lower() in GEOJSON_SUFFIXES:
            from rulebook._datafile import read_data_text

            text = read_data_text(source, "GeoJSON map")
            return cls(
                from_geojson(parse_json(text, str(source), "GeoJSON", bounded=True), str(source))
            )
        scenario = load_scenario(source)
        if scenario.map is None:
            raise ScenarioError([Problem(str(source), "map", "the scenario has no map section")])
        return cls(scenario.map, scenario)


def _check_area_id(area_id: str) -> None:
    """Refuse an id the file format refuses, saying what an id may hold.

    >>> _check_area_id("Hill 1")
    Traceback (most recent call last):
    ...
    ValueError: “Hill 1” cannot be an area id: use letters, digits, hyphens and underscores, starting with a letter or digit (C4, LZ-Albany). Hill-1 would do.
    >>> _check_area_id("Plei Mé")
    Traceback (most recent call last):
    ...
    ValueError: “Plei Mé” cannot be an area id: use letters, digits, hyphens and underscores, starting with a letter or digit (C4, LZ-Albany). Plei-Me would do. Ids keep to the letters A to Z, which every keyboard types and every log and file writes alike; the area's name may carry the accents.
    >>> _check_area_id("North-west-ridge-above-the-creek")
    Traceback (most recent call last):
    ...
    ValueError: an area id is at most 24 characters, printed inside its area on the map (“North-west-r…” has 32); give a longer name as the area's name
    """
    if len(area_id) > AREA_ID_MOST:
        raise ValueError(
            f"an area id is at most {AREA_ID_MOST} characters, printed inside its area on the "
            f"map ({quoted(area_id[:12] + '…')} has {len(area_id)}); give a longer name as the "
            "area's name"
        )
    if re.fullmatch(AREA_ID, area_id):
        return
    # The letters without their accents (é -> e), not dropped: "Plei Mé" would do as Plei-Me.
    plain = unicodedata.normalize("NFKD", area_id).encode("ascii", "ignore").decode()
    fixed = re.sub(r"[^A-Za-z0-9_-]+", "-", plain).strip("-_")
    hint = f" {fixed} would do." if re.fullmatch(AREA_ID, fixed) else ""
    why = (
        ""
        if area_id.isascii()
        else " Ids keep to the letters A to Z, which every keyboard types and every log and file "
        "writes alike; the area's name may carry the accents."
    )
    raise ValueError(
        f"{quoted(area_id)} cannot be an area id: use {FORM_WORDS[AREA_ID]}.{hint}{why}"
    )


def _in_words(err: ValidationError) -> ValueError:
    """Pydantic's refusal as the project's other refusals read: each field, then what it wants."""
    return ValueError(reasons(validation_problems(err, "")))


def _area_spec(data: dict) -> AreaSpec:
    try:
        return AreaSpec.model_validate(data)
    except ValidationError as err:
        raise _in_words(err) from None


def _check_map(spec: MapSpec) -> None:
    """Refuse a map that would not load, checked from its data: a model_copy's is unchecked."""
    try:
        MapSpec.model_validate(spec.model_dump())
    except ValidationError as err:
        raise ValueError(
            f"refused, as the saved map would not open again: {_in_words(err)}"
        ) from None


def _renamed(
    area_map: AreaMap, scenario: Scenario | None, old: str, new: str
) -> tuple[AreaMap, Scenario | None]:
    """*area_map* and *scenario* with area *old* called *new*, hand edits and arrivals too."""
    if not new:
        raise ValueError(f"an area's id cannot be empty: give {old} an id")
    _check_area_id(new)
    if new in area_map:
        raise ValueError(f"area {quoted(new)} already exists; pick another id")
    spec = area_map.spec

    def pairs(items: list) -> list:
        return sorted(tuple(sorted(new if x == old else x for x in p)) for p in items)

    areas = [a.model_copy(update={"id": new}) if a.id == old else a for a in spec.areas]
    adjacency = spec.adjacency.model_copy(
        update={"add": pairs(spec.adjacency.add), "remove": pairs(spec.adjacency.remove)}
    )
    overrides = [
        o.model_copy(update={"between": tuple(new if x == old else x for x in o.between)})
        for o in spec.los.overrides
    ]
    los = spec.los.model_copy(update={"overrides": overrides})
    renamed = AreaMap(spec.model_copy(update={"areas": areas, "adjacency": adjacency, "los": los}))
    return renamed, _with_area_renamed(scenario, old, new)


def _with_area_renamed(scenario: Scenario | None, old: str, new: str) -> Scenario | None:
    """*scenario* with arrivals naming area *old* naming *new* instead."""
    lza = scenario.lz_albany if scenario is not None else None
    if lza is None:
        return scenario

    def moved(items: list) -> list:
        return [
            i.model_copy(update={"arrives": i.arrives.model_copy(update={"area": new})})
            if i.arrives.area == old
            else i
            for i in items
        ]

    lza = lza.model_copy(
        update={
            "companies": moved(lza.companies),
            "senior_officers": moved(lza.senior_officers),
        }
    )
    return scenario.model_copy(update={"lz_albany": lza})


def _slug(text: str) -> str:
    cleaned = "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")
    return "-".join(part for part in cleaned.split("-") if part) or "map"
