"""A designer's point map (First Team: Vietnam kind): locations, typed access lines, zones and
ranks, camps, Pleiku and the An Khe Box, with undo, checks in words and files.

Location names follow the game's grid (``A1``-``J6``: the letter is the zone, ``CAM1``-``CAM6``
for Cambodia, ``Pleiku``) because the rules read zones from them (ftv:1.5).

>>> d = PointDesign.blank()
>>> d.add_location("A1", (10, 10)); d.add_location("A2", (20, 10))
>>> d.set_line("A1", "A2", "jungle")
>>> d.spec.lines
{'A1-A2': 'jungle'}
>>> d.undo(); d.spec.lines
{}
>>> d.next_location("A")
'A3'
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from rulebook._datafile import MAX_NUMBER, is_number, parse_json, read_data_text
from rulebook._words import quoted
from rulebook.errors import Problem, ScenarioError
from rulebook.maps import point_forces
from rulebook.maps._history import VersionHistory
from rulebook.maps._saving import save_checked, scenario_text
from rulebook.maps.point_checks import point_map_findings
from rulebook.provenance import Provenance
from rulebook.scenario import Scenario, check_replaceable, dump_scenario, load_scenario
from rulebook.scenario._ftv_models import LOCATION, LineKind, Location, PointMapSpec
from rulebook.scenario._io import validation_problems

__all__ = ["LINE_KINDS", "ZONES", "PointDesign", "point_map_from_geojson", "point_map_to_geojson"]

ZONES = [*"ABCDEFGHIJ"]
#: The longest a location's name may be (the shipped map's longest, 27, is a camp's).
LOCATION_NAME_MOST = 48
LINE_KINDS: list[LineKind] = ["road", "jungle", "river", "jungle-mountain"]
GEOJSON_SUFFIXES = {".geojson", ".json"}


def line_key(a: str, b: str) -> str:
    """The scenario file's key for the line between two locations (ordered, ``A1-A2``)."""
    first, second = sorted((a, b))
    return f"{first}-{second}"


class PointDesign(VersionHistory):
    """An editable point map with history; ``spec`` is the current version, ``scenario`` its file."""

    def __init__(self, scenario: Scenario) -> None:
        if scenario.first_team is None:
            raise ValueError("a point map lives in a First Team scenario (first_team.map)")
        self._versions = [scenario]
        self._at = 0

    @classmethod
    def blank(cls) -> PointDesign:
        """An empty map with the book's forces, tables and line costs (ftv:3.4.3)."""
        from rulebook.games.first_team import campaign_scenario

        book = campaign_scenario()
        ft = book.first_team
        assert ft is not None
        zone_display = ft.map.zone_display.model_copy(
            update={
                "provenance": Provenance.ASSUMED,
                "note": "set in the point map designer",
                "ranks": {},
                "adjacent": [],
            }
        )
        spec = PointMapSpec(
            provenance=Provenance.ASSUMED,
            note="drawn in the point map designer",
            locations={},
            lines={},
            special_forces_camps={},
            an_khe={},
            fatigue=ft.map.fatigue,
            zone_display=zone_display,
        )
        scenario = book.model_copy(
            update={
                "id": "my-campaign",
                "title": "My First Team campaign map",
                "description": "Drawn in the point map designer.",
                "first_team": ft.model_copy(update={"map": spec}),
            }
        )
        return cls(scenario)

    # --- versions ---------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario:
        return self._versions[self._at]

    @property
    def spec(self) -> PointMapSpec:
        ft = self.scenario.first_team
        assert ft is not None
        return ft.map

    def _push_map(self, **changes: Any) -> None:
        data = {**self.spec.model_dump(), **changes}
        try:
            spec = PointMapSpec.model_validate(data)
        except ValidationError as err:
            raise ValueError(
                "; ".join(p.message for p in validation_problems(err, "map"))
            ) from None
        ft = self.scenario.first_team
        assert ft is not None
        self.edit_scenario(
            self.scenario.model_copy(update={"first_team": ft.model_copy(update={"map": spec})})
        )

    def edit_scenario(self, scenario: Scenario) -> None:
        """Replace the whole file (forces and values included) as one undoable step."""
        del self._versions[self._at + 1 :]
        self._versions.append(scenario)
        self._at += 1

    # --- locations --------------------------------------------------------------------

    def next_location(self, zone: str) -> str:
        """The first free name in a zone (``A3``), Cambodia (``CAM2``) or ``Pleiku``."""
        if zone == "Pleiku":
            if "Pleiku" in self.spec.locations:
                raise ValueError("the map already has Pleiku")
            return "Pleiku"
        prefix = "CAM" if zone == "Cambodia" else zone
        for n in range(1, 7):
            if f"{prefix}{n}" not in self.spec.locations:
                return f"{prefix}{n}"
        raise ValueError(f"zone {zone} already has six locations, the most the map numbers")

    def add_location(self, name: str, xy: tuple[float, float], label: str | None = None) -> None:
        if name in self.spec.locations:
            raise ValueError(f"{name} is already on the map")
        _check_name(label)
        _check_place(name, xy)
        locations = {k: v.model_dump() for k, v in self.spec.locations.items()}
        self._push_map(locations={**locations, name: {"xy": xy, "name": label or None}})

    def update_location(
        self, name: str, *, xy: tuple[float, float] | None = None, label: str | None = None
    ) -> None:
        """Move location *name* to *xy*, or name it *label* ("" takes its name away).

        >>> d = PointDesign.blank()
        >>> d.add_location("A1", (10, 10))
        >>> d.update_location("A1", label="Landing zone X-Ray, the clearing below the Chu Pong")
        Traceback (most recent call last):
        ...
        ValueError: a location's name is at most 48 characters (it is read where the pointer rests on the location), not “Landing zone X-Ray, the clearing below the Chu Pong” (51)
        """
        old = self._location(name)
        _check_name(label)
        if xy is not None:
            _check_place(name, xy)
        new = {
            "xy": xy if xy is not None else old.xy,
            "name": (label or None) if label is not None else old.name,
        }
        locations = {k: v.model_dump() for k, v in self.spec.locations.items()}
        self._push_map(locations={**locations, name: new})

    def delete_location(self, name: str) -> None:
        """Remove a location and every line, camp, route and An Khe link naming it."""
        self._location(name)
        s = self.spec

        def keep(key: str) -> bool:
            return name not in key.split("-")

        self._push_map(
            locations={k: v.model_dump() for k, v in s.locations.items() if k != name},
            lines={k: v for k, v in s.lines.items() if keep(k)},
            routes={k: v for k, v in s.routes.items() if keep(k)},
            zone_of={k: v for k, v in s.zone_of.items() if k != name},
            special_forces_camps={k: v for k, v in s.special_forces_camps.items() if k != name},
            an_khe={k: v for k, v in s.an_khe.items() if k != name},
        )

    def _location(self, name: str) -> Location:
        try:
            return self.spec.locations[name]
        except KeyError:
            raise ValueError(f"{name} is not on the map") from None

    # --- lines, places and zones ---------------------------------------------------------

    def set_line(self, a: str, b: str, kind: LineKind | None, route: str | None = None) -> None:
        """Draw (or retype) the access line between two locations; ``None`` removes it."""
        self._location(a), self._location(b)
        if a == b:
            raise ValueError("a line joins two different locations")
        key = line_key(a, b)
        lines = {k: v for k, v in self.spec.lines.items() if k != key}
        routes = {k: v for k, v in self.spec.routes.items() if k != key}
        if kind is not None:
            lines[key] = kind
            if route and kind == "road":
                routes[key] = route
        self._push_map(lines=dict(sorted(lines.items())), routes=routes)

    def set_camp(self, loc: str, camp: str | None) -> None:
        """Mark a location as a Special Forces camp (``Duc Co``), or unmark it with ``None``."""
        self._location(loc)
        camps = {k: v for k, v in self.spec.special_forces_camps.items() if k != loc}
        if camp:
            camps[loc] = camp
        self._push_map(special_forces_camps=camps)

    def set_an_khe(self, loc: str, kind: LineKind | None) -> None:
        """Join a location to the An Khe Box by ground (ftv:3.4.3.2), or not."""
        self._location(loc)
        an_khe = {k: v for k, v in self.spec.an_khe.items() if k != loc}
        if kind:
            an_khe[loc] = kind
        self._push_map(an_khe=an_khe)

    def set_pleiku_zone(self, zone: str) -> None:
        """Which zone Pleiku counts in (the NVA score and move by zone)."""
        self._location("Pleiku")
        self._push_map(zone_of={**self.spec.zone_of, "Pleiku": zone})

    def set_rank(self, zone: str, rank: int | None) -> None:
        """A zone box's rank on the Zone Display (ftv:1.5.21); ``None`` takes the zone off it."""
        display = self.spec.zone_display
        ranks = {k: v for k, v in display.ranks.items() if k != zone}
        adjacent = [list(p) for p in display.adjacent]
        if rank is not None:
            ranks[zone] = rank
        else:
            adjacent = [p for p in adjacent if zone not in p]
        ranks = dict(sorted(ranks.items()))
        self._push_map(zone_display={**display.model_dump(), "ranks": ranks, "adjacent": adjacent})

    def set_zone_adjacency(self, pairs: list[tuple[str, str]]) -> None:
        """Which zone boxes touch on the Zone Display."""
        display = self.spec.zone_display
        clean = sorted({tuple(sorted(p)) for p in pairs if p[0] != p[1]})
        self._push_map(zone_display={**display.model_dump(), "adjacent": [list(p) for p in clean]})

    def zones_joined_by_lines(self) -> list[tuple[str, str]]:
        """Pairs of zones an access line crosses between (Cambodia included): a starting point
        for which boxes touch."""
        pairs = set()
        for key in self.spec.lines:
            a, b = key.split("-")
            za, zb = self.zone_of(a), self.zone_of(b)
            if za != zb:
                pairs.add(tuple(sorted((za, zb))))
        return sorted(pairs)

    def zone_of(self, loc: str) -> str:
        if loc in self.spec.zone_of:
            return self.spec.zone_of[loc]
        if loc.startswith("CAM"):
            return "Cambodia"
        return loc[0] if loc != "Pleiku" else "?"

    # --- forces and tables (rulebook.maps.point_forces) ------------------------------------

    def set_lz_markers(self, real: int, empty: int) -> None:
        """How many real and No LZ markers the set-up places (ftv:7.0A)."""
        self.edit_scenario(point_forces.with_lz_markers(self.scenario, real, empty))

    def send_zone(self, gone: str, to: str) -> None:
        """Send the NVA tables' results for zone *gone* to zone *to* (a map without *gone*)."""
        self.edit_scenario(point_forces.with_zone_sent(self.scenario, gone, to))

    def set_arrival(self, turn: int, roll: int, regiments: list[int], zone: str | None) -> None:
        """What one Offboard Table roll brings on a turn (ftv:3.5.2): regiments to a zone."""
        self.edit_scenario(
            point_forces.with_arrival(
                self.scenario, turn=turn, roll=roll, regiments=regiments, zone=zone
            )
        )

    def set_intelligence(self, turn: int, die: int, zone: str | None) -> None:
        """The zone a successful identification finds on a turn and die (ftv:3.2.2.1)."""
        self.edit_scenario(
            point_forces.with_intelligence(self.scenario, turn=turn, die=die, zone=zone)
        )

    def set_us_units(self, kind: str, count: int) -> None:
        """How many US air or helicopter units of a kind the campaign has (``US_UNITS``)."""
        self.edit_scenario(point_forces.with_us_units(self.scenario, kind, count))

    def set_regiment_size(self, regiment: int, companies: int) -> None:
        """How many companies a regiment starts with in the Unknown Box (ftv:7.0C)."""
        self.edit_scenario(point_forces.with_regiment_size(self.scenario, regiment, companies))

    # --- checks and files ----------------------------------------------------------------

    def findings(self) -> list:
        """What to fix, in a designer's words, each naming the locations to highlight."""
        return point_map_findings(self.scenario)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write atomically: GeoJSON for ``.geojson``/``.json``, else the whole scenario YAML
        (not over another game's scenario or a file that is none: ``check_replaceable``)."""
        target = Path(path)
        if target.suffix.lower() in GEOJSON_SUFFIXES:  # (m.JSON was written as YAML)
            text = json.dumps(point_map_to_geojson(self.spec), indent=1) + "\n"
            save_checked(
                target,
                text,
                lambda t, name: point_map_from_geojson(
                    parse_json(t, name, "GeoJSON", bounded=True), name
                ),
            )
            return
        check_replaceable(target, self.scenario.game)
        save_checked(target, dump_scenario(self.scenario), scenario_text)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> PointDesign:
        """Open a First Team scenario YAML, or a GeoJSON point map (with the book's forces)."""
        source = Path(path)
        if source.suffix.lower() in GEOJSON_SUFFIXES:
            text = read_data_text(source, "GeoJSON point map")
            data = parse_json(text, str(source), "GeoJSON", bounded=True)
            design = cls.blank()
            ft = design.scenario.first_team
            assert ft is not None
            spec = point_map_from_geojson(data, str(source))
            design._versions = [
                design.scenario.model_copy(
                    update={"first_team": ft.model_copy(update={"map": spec})}
                )
            ]
            return design
        scenario = load_scenario(source)
        if scenario.first_team is None:
            raise ScenarioError(
                [
                    Problem(
                        str(source),
                        "",
                        f"is a scenario of {scenario.game.title}, with no First Team point map: "
                        "this designer opens First Team maps",
                    )
                ]
            )
        return cls(scenario)


def point_map_to_geojson(spec: PointMapSpec) -> dict[str, Any]:
    """A FeatureCollection: a Point per location, a LineString per access line; the rest
    (camps, zones, An Khe, fatigue) in the collection's properties, so a round trip is lossless.

    >>> from rulebook.games.first_team import campaign_scenario
    >>> spec = campaign_scenario().first_team.map
    >>> fc = point_map_to_geojson(spec)
    >>> point_map_from_geojson(fc) == spec
    True
    """
    features = []
    for name, loc in spec.locations.items():
        features.append(
            {
                "type": "Feature",
                "id": name,
                "geometry": {"type": "Point", "coordinates": list(loc.xy)},
                "properties": {"kind": "location", "id": name, "name": loc.name},
            }
        )
    for key, kind in spec.lines.items():
        a, b = key.split("-")
        props: dict[str, Any] = {"kind": "line", "id": key, "line": kind}
        if key in spec.routes:
            props["route"] = spec.routes[key]
        features.append(
            {
                "type": "Feature",
                "id": key,
                "geometry": {
                    "type": "LineString",
                    "coordinates": [list(spec.locations[a].xy), list(spec.locations[b].xy)],
                },
                "properties": props,
            }
        )
    settings = spec.model_dump(mode="json", exclude={"locations", "lines", "routes"})
    return {
        "type": "FeatureCollection",
        "properties": {
            "crs": "map units (km east and north), not geographic",
            "point_map": settings,
        },
        "features": features,
    }


def _is_xy(value: Any) -> bool:
    """Whether *value* starts with two plain numbers (a third, a height, is ignored)."""
    return (
        isinstance(value, list)
        and len(value) >= 2
        and all(is_number(v) and abs(v) <= MAX_NUMBER for v in value[:2])
    )


def _file_field(path: str, origins: dict[str, str]) -> str:
    """Where in the GeoJSON a field of the assembled :class:`PointMapSpec` came from."""
    for spec_path, file_path in origins.items():
        if path == spec_path or path.startswith(f"{spec_path}."):
            return file_path + path.removeprefix(spec_path)
    return f"properties.point_map.{path}" if path else ""


def _bad(file: str, path: str, message: str) -> ScenarioError:
    return ScenarioError([Problem(file, path, message)])


def _collection(data: Any, file: str) -> tuple[dict, list]:
    """The map's settings and its features, from a FeatureCollection."""
    if not isinstance(data, dict) or data.get("type") != "FeatureCollection":
        raise _bad(file, "type", "expected a GeoJSON FeatureCollection")
    properties = data.get("properties", {})
    if not isinstance(properties, dict):
        raise _bad(file, "properties", "expected a mapping")
    settings = properties.get("point_map", {})
    if not isinstance(settings, dict):
        raise _bad(file, "properties.point_map", "expected the map's settings as a mapping")
    features = data.get("features", [])
    if not isinstance(features, list):
        raise _bad(file, "features", "expected a list of features")
    return settings, features


def _parts(feature: Any, file: str, where: str) -> tuple[dict, dict]:
    """A feature's properties and geometry, each a mapping (empty if missing or null)."""
    if not isinstance(feature, dict):
        raise _bad(file, where, "expected a Feature mapping")
    props = feature.get("properties") or {}
    geometry = feature.get("geometry") or {}
    for part, value in (("properties", props), ("geometry", geometry)):
        if not isinstance(value, dict):
            raise _bad(file, f"{where}.{part}", "expected a mapping")
    return props, geometry


def point_map_from_geojson(data: Any, file: str = "<geojson>") -> PointMapSpec:
    """A :class:`PointMapSpec` from :func:`point_map_to_geojson` output.

    Raises
    ------
    ScenarioError
        Naming the file and the field (``features.3.geometry.coordinates``) for anything that
        is not such output.
    """
    settings, features = _collection(data, file)
    locations: dict[str, Any] = {}
    lines: dict[str, Any] = {}
    routes: dict[str, Any] = {}
    origins: dict[str, str] = {}  # a PointMapSpec field path -> the feature field it came from
    for i, feature in enumerate(features):
        where = f"features.{i}"
        props, geometry = _parts(feature, file, where)
        name = props.get("id")
        kind = (props.get("kind"), geometry.get("type"))
        if kind == ("location", "Point"):
            if not isinstance(name, str) or not LOCATION.match(name):
                raise _bad(
                    file,
                    f"{where}.properties.id",
                    "expected a location name (A1-J6, CAM1-CAM6, Pleiku)",
                )
            xy = geometry.get("coordinates")
            if not _is_xy(xy):
                raise _bad(
                    file,
                    f"{where}.geometry.coordinates",
                    "expected an [x, y] position of two numbers",
                )
            locations[name] = {"xy": xy[:2], "name": props.get("name")}
            origins[f"locations.{name}"] = f"{where}.properties"
        elif kind == ("line", "LineString"):
            if not isinstance(name, str):
                raise _bad(
                    file, f"{where}.properties.id", "expected the line's two locations, as 'A1-A2'"
                )
            lines[name] = props.get("line")
            origins[f"lines.{name}"] = f"{where}.properties.line"
            if props.get("route"):
                routes[name] = props["route"]
                origins[f"routes.{name}"] = f"{where}.properties.route"
        else:
            raise _bad(file, where, "expected a location (Point) or an access line (LineString)")
    try:
        return PointMapSpec.model_validate(
            {**settings, "locations": locations, "lines": lines, "routes": routes}
        )
    except ValidationError as err:
        problems = validation_problems(err, file)
        raise ScenarioError(
            [Problem(p.file, _file_field(p.path, origins), p.message) for p in problems]
        ) from None


def _check_name(label: str | None) -> None:
    """Refuse a location's name too long to read where the pointer rests on it."""
    if label and len(label) > LOCATION_NAME_MOST:
        raise ValueError(
            f"a location's name is at most {LOCATION_NAME_MOST} characters (it is read where "
            f"the pointer rests on the location), not {quoted(label)} ({len(label)})"
        )


def _check_place(name: str, xy: tuple[float, float]) -> None:
    """A location's place is two finite numbers (a raw error of the model's came out for nan).

    >>> _check_place("A9", (float("nan"), 2))
    Traceback (most recent call last):
    ValueError: A9's place must be a number across and a number down, not nan and 2
    """
    if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in xy):
        across, down = (format(v, "g") if isinstance(v, float) else str(v) for v in xy)
        raise ValueError(
            f"{name}'s place must be a number across and a number down, not {across} and {down}"
        )
