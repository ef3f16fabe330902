"""The designer's checks, in a designer's words, each naming the areas to look at.

:func:`rulebook.scenario.validate` reports problems by file and YAML path, for
people editing files. A designer drawing on a map wants "G9 is cut off" and the
area outlined, so these checks speak of areas, places and companies, and each
:class:`Finding` carries the ids the map should highlight.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from shapely.geometry import Polygon
from shapely.validation import explain_validity

from rulebook._words import join_words, quoted
from rulebook.maps.places import arrival_words, known_place
from rulebook.scenario._map_models import MapSpec
from rulebook.scenario._models import Scenario

__all__ = ["Finding", "area_map_findings", "join_words"]


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing to fix: what is wrong in plain words, and the areas (or locations) it is about."""

    text: str
    places: tuple[str, ...] = ()
    tab: str = ""
    """The designer tab where it is fixed (``Zones``), when that is not the map itself."""

    def __str__(self) -> str:
        return self.text


def area_map_findings(spec: MapSpec, scenario: Scenario | None = None) -> list[Finding]:
    """Everything a designer should fix on an area map and its set-up, most basic first.

    Examples
    --------
    >>> from rulebook.maps import demo_spec
    >>> spec = demo_spec()
    >>> spec.areas.append(spec.areas[0].model_copy(update={"id": "G", "polygon": [(900, 0),
    ...     (950, 0), (950, 50)]}))
    >>> [str(f) for f in area_map_findings(spec)]
    ['A and G are both named “A”: give each area its own name.', 'G touches no other area, so no unit can reach it: move it against a neighbour or link it by hand.']
    """
    shapes, findings = _outline_findings(spec)
    ids = {a.id for a in spec.areas}
    by_name: dict[str, list[str]] = {}
    for area in spec.areas:
        if area.name:
            by_name.setdefault(area.name, []).append(area.id)
    for name, same in by_name.items():
        if len(same) > 1:
            findings.append(
                Finding(
                    f"{join_words(same)} are both named {quoted(name)}: give each area its own name.",
                    tuple(same),
                )
            )
    findings += _overlaps(shapes)
    for kind, verb in (("add", "linked"), ("remove", "unlinked")):
        for pair in getattr(spec.adjacency, kind):
            missing = [p for p in pair if p not in ids]
            if missing:
                findings.append(
                    Finding(
                        f"{pair[0]} and {pair[1]} are {verb} by hand, but {join_words(missing)} "
                        "is no longer on the map.",
                        tuple(p for p in pair if p in ids),
                    )
                )
    if len(shapes) > 1 and len(shapes) == len(spec.areas):
        from rulebook.maps._area_map import shared_area_map

        for cut in shared_area_map(spec).cut_off():
            verb = "touches no other area" if len(cut) == 1 else "touch only each other"
            findings.append(
                Finding(
                    f"{join_words(cut)} {verb}, so no unit can reach "
                    f"{'it' if len(cut) == 1 else 'them'}: move "
                    f"{'it' if len(cut) == 1 else 'them'} against a neighbour or link it by hand.",
                    tuple(cut),
                )
            )
    if scenario is not None and scenario.lz_albany is not None:
        findings += _set_up_findings(spec, scenario)
    return findings


def _outline_findings(spec: MapSpec) -> tuple[dict[str, Polygon], list[Finding]]:
    """Valid outlines by id, and the areas whose outline or terrain is wrong."""
    findings: list[Finding] = []
    shapes = {}
    for area in spec.areas:
        polygon = Polygon(area.polygon)
        if not polygon.is_valid:
            findings.append(
                Finding(
                    f"{area.id}'s outline crosses itself ({explain_validity(polygon).lower()}): "
                    "redraw it.",
                    (area.id,),
                )
            )
        else:
            shapes[area.id] = polygon
        if area.terrain not in spec.terrains:
            findings.append(
                Finding(
                    f"{area.id} has terrain {quoted(area.terrain)}, which this map does not define "
                    f"(it has {join_words(list(spec.terrains))}).",
                    (area.id,),
                )
            )
    return shapes, findings


def _overlaps(shapes: dict[str, Polygon]) -> list[Finding]:
    import shapely

    ids = list(shapes)
    geoms = [shapes[i] for i in ids]
    if len(geoms) < 2:
        return []
    tree = shapely.STRtree(geoms)
    left, right = tree.query(geoms, predicate="intersects")
    out = []
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        if i >= j:
            continue
        shared = geoms[i].intersection(geoms[j]).area
        if shared > 0.02 * min(geoms[i].area, geoms[j].area):
            out.append(
                Finding(
                    f"{ids[i]} and {ids[j]} overlap: redraw one so that they only share a border.",
                    (ids[i], ids[j]),
                )
            )
    return out


def _late_findings(arrivals: list[tuple], scenario: Scenario) -> list[Finding]:
    """Arrivals due after the last turn, which never enter (lza:3.2, lza:3.3)."""
    last = scenario.turns.value if scenario.turns else None
    late = [f"{name} (turn {a.turn})" for name, _, a, _ in arrivals if last and a.turn > last]
    if not late:
        return []
    one = len(late) == 1
    return [
        Finding(
            f"{join_words(late)} {'arrives' if one else 'arrive'} after the game's last turn "
            f"({last}), so never {'enters' if one else 'enter'} (lza:3.2): change the turn in "
            "Set-up."
        )
    ]


def _unread_tags(spec: MapSpec, arrival_tags: set[str]) -> list[Finding]:
    """Areas marked with a place nothing reads: a mistyped tag ("edge north") is taken as
    written, and the place it was meant for loses the area without a word.

    >>> from rulebook.maps import demo_spec
    >>> spec = demo_spec()
    >>> spec.areas[0] = spec.areas[0].model_copy(update={"tags": ["edge north"]})
    >>> [str(f) for f in _unread_tags(spec, set())]
    ['A is marked “edge north”, a place no rule or set-up reads (did you mean edge-north?): fix its tags.']
    """
    unread: dict[str, list[str]] = {}
    for area in spec.areas:
        for tag in area.tags:
            if not known_place(tag) and tag not in arrival_tags:
                unread.setdefault(tag, []).append(area.id)
    read = sorted({t for a in spec.areas for t in a.tags if known_place(t)} | arrival_tags)
    read += [t for t in ("edge-north", "edge-south", "edge-east", "edge-west") if t not in read]
    findings = []
    for tag, ids in unread.items():
        near = difflib.get_close_matches(tag.replace(" ", "-").lower(), read, n=1)
        hint = f" (did you mean {near[0]}?)" if near else ""
        findings.append(
            Finding(
                f"{join_words(ids)} {'is' if len(ids) == 1 else 'are'} marked {quoted(tag)}, a "
                f"place no rule or set-up reads{hint}: fix {'its' if len(ids) == 1 else 'their'} "
                "tags.",
                tuple(ids),
            )
        )
    return findings


def _set_up_findings(spec: MapSpec, scenario: Scenario) -> list[Finding]:
    """Arrivals with nowhere to land, and places with too little room (lza:3.2, lza:6.1)."""
    lza = scenario.lz_albany
    assert lza is not None
    areas = spec.areas
    limit = scenario.values["stacking_limit"].value if "stacking_limit" in scenario.values else 3
    arrivals = [(c.id, c.side, c.arrives, len(c.platoons)) for c in lza.companies]
    arrivals += [(o.id, o.side, o.arrives, 0) for o in lza.senior_officers]
    findings = []
    if "LZ-Albany" not in {a.id for a in areas}:
        findings.append(
            Finding(
                "There is no area LZ-Albany, the clearing whose control scores victory points "
                "(lza:4.1C): draw it and give it that id."
            )
        )
    if not any(t.startswith("edge-") for a in areas for t in a.tags):
        findings.append(
            Finding(
                "No area lies on a board edge: NVA units in retreat head for an edge and leave "
                "the map there (lza:5.2E). Press Mark board edges under Set-up."
            )
        )
    findings += _late_findings(arrivals, scenario)
    findings += _unread_tags(spec, {a[2].tag for a in arrivals if a[2].tag})
    load: dict[tuple, list] = {}
    nowhere: dict[str, list[str]] = {}
    for name, side, arrival, platoons in arrivals:
        fits = [
            a.id
            for a in areas
            if (not arrival.area or a.id == arrival.area)
            and (not arrival.tag or arrival.tag in a.tags)
            and (not arrival.terrain or a.terrain == arrival.terrain)
        ]
        where = arrival_words(arrival.tag, arrival.terrain, arrival.area)
        if not fits:
            nowhere.setdefault(where, []).append(f"{name} (turn {arrival.turn})")
            continue
        if arrival.area == "LZ-Columbus":  # a base outside the stacking limit (lza:6.1)
            continue
        key = (arrival.turn, side, where)
        entry = load.setdefault(key, [0, fits])
        entry[0] += platoons
    for where, names in nowhere.items():
        come = "comes" if len(names) == 1 else "come"
        if where.startswith("area "):
            text = (
                f"There is no {where}, yet {join_words(names)} {come} on there: draw an area "
                "with that id, or change where they arrive in Set-up."
            )
        else:
            text = (
                f"No area is marked as {where}, yet {join_words(names)} {come} on there: "
                "mark areas in Set-up."
            )
        findings.append(Finding(text))
    for (turn, side, where), (platoons, fits) in load.items():
        room = limit * len(fits)
        if platoons <= room:
            continue
        if where.startswith("area "):  # one named area: the stacking limit applies on placement
            text = (
                f"Turn {turn}: {platoons} {side.upper()} platoons arrive in {where}, which holds "
                f"{room} (lza:3.2D, lza:6.1); the others would wait a turn for room. Choose a "
                "place of several areas for them in Set-up."
            )
        else:
            text = (
                f"Turn {turn}: {platoons} {side.upper()} platoons arrive in {where}, which has "
                f"{len(fits)} area{'s' if len(fits) != 1 else ''}: room for {room} at "
                f"{limit} to an area (lza:6.1). Mark more areas."
            )
        findings.append(Finding(text, tuple(fits)))
    return findings
