"""Checks of a First Team point map, in a designer's words, each naming the locations to show.

>>> from rulebook.games.first_team import campaign_scenario
>>> point_map_findings(campaign_scenario())
[]
"""

from __future__ import annotations

import networkx as nx

from rulebook.maps.checks import Finding, join_words
from rulebook.maps.point_forces import table_zones
from rulebook.scenario import Scenario

__all__ = ["location_zone", "point_map_findings"]


def location_zone(spec, loc: str) -> str:
    """The zone of a location of a point map: ``zone_of`` first, Cambodia for CAM1-CAM6, else
    its letter; ``?`` for Pleiku when ``zone_of`` gives it none."""
    if loc in spec.zone_of:
        return spec.zone_of[loc]
    if loc.startswith("CAM"):
        return "Cambodia"
    return loc[0] if loc != "Pleiku" else "?"


def point_map_findings(scenario: Scenario) -> list[Finding]:
    """Everything a designer should fix before the campaign can be played on this map."""
    ft = scenario.first_team
    assert ft is not None
    spec = ft.map
    out: list[Finding] = []
    locs = spec.locations
    if "Pleiku" not in locs:
        out.append(
            Finding(
                "There is no Pleiku: the NVA march on it and win outright by holding it "
                "(ftv:5.1). Place it with the zone set to Pleiku, then pick the zone it "
                "counts in.",
                tab="Map",
            )
        )
    elif "Pleiku" not in spec.zone_of:
        out.append(
            Finding(
                "Pleiku counts in no zone yet: select it and pick its zone.", ("Pleiku",), tab="Map"
            )
        )
    out += _camp_findings(ft, spec)
    graph = nx.Graph()
    graph.add_nodes_from(locs)
    graph.add_edges_from(tuple(k.split("-")) for k in spec.lines)
    lonely = sorted(n for n in graph if graph.degree(n) == 0)
    if lonely and len(locs) > 1:
        out.append(
            Finding(
                f"{join_words(lonely)} {'has' if len(lonely) == 1 else 'have'} no access line: "
                "no unit can reach "
                f"{'it' if len(lonely) == 1 else 'them'}. Draw lines to a neighbour.",
                tuple(lonely),
            )
        )
    parts = sorted((p for p in nx.connected_components(graph) if len(p) > 1), key=len, reverse=True)
    for part in parts[1:]:
        cut = sorted(part)
        out.append(
            Finding(
                f"{join_words(cut)} are joined only to each other, cut off from the rest of the "
                "map: draw a line out.",
                tuple(cut),
            )
        )
    if locs and not spec.an_khe:
        out.append(
            Finding(
                "The An Khe Box reaches no location by ground, so US units there can only fly "
                "(ftv:3.4.3.2): select a location and give it an An Khe line.",
                tab="Map",
            )
        )
    ranks = spec.zone_display.ranks
    zones = sorted({location_zone(spec, n) for n in locs} - {"Cambodia", "?"})
    unranked = [z for z in zones if z not in ranks]
    if unranked:
        out.append(
            Finding(
                f"Zone{'s' if len(unranked) > 1 else ''} {join_words(unranked)} "
                f"{'have' if len(unranked) > 1 else 'has'} no rank on the Zone Display "
                "(ftv:1.5.21): give each a rank under Zones.",
                tuple(n for n in locs if location_zone(spec, n) in unranked),
                tab="Zones",
            )
        )
    out += _lz_marker_findings(ft, spec)
    out += _zone_display_findings(spec, ranks)
    out += _table_findings(scenario, zones)
    return out


def _camp_findings(ft, spec) -> list[Finding]:
    """The set-up puts each US garrison and a supply counter in the camp of its name (ftv:7.0B)."""
    out = []
    garrisons = list(ft.us.garrisons)
    for garrison in garrisons:
        where = sorted(loc for loc, camp in spec.special_forces_camps.items() if camp == garrison)
        if not where and spec.locations:
            out.append(
                Finding(
                    f"No location is the {garrison} camp, yet the set-up puts the {garrison} "
                    "garrison and a supply counter there (ftv:7.0B): select a location and pick "
                    f"{garrison} as its camp.",
                    tab="Map",
                )
            )
        elif len(where) > 1:
            out.append(
                Finding(
                    f"{join_words(where)} are {'both' if len(where) == 2 else 'all'} marked as "
                    f"the {garrison} camp; the set-up has one "
                    f"{garrison} garrison (ftv:7.0B): keep the mark on one of them.",
                    tuple(where),
                    tab="Map",
                )
            )
    for loc, camp in sorted(spec.special_forces_camps.items()):
        if camp not in garrisons:
            out.append(
                Finding(
                    f"The camp at {loc} is called {camp}, but the US forces have no {camp} "
                    f"garrison to hold it (ftv:2.5.2): name it {' or '.join(garrisons)}.",
                    (loc,),
                    tab="Map",
                )
            )
    return out


def _lz_marker_findings(ft, spec) -> list[Finding]:
    """Every LZ marker needs a spot: two to a zone, not in a camp, Pleiku or Cambodia (ftv:7.0A)."""
    markers = ft.us.lz_markers + ft.us.no_lz_markers
    spots: dict[str, int] = {}
    for loc in spec.locations:
        zone = location_zone(spec, loc)
        if loc != "Pleiku" and loc not in spec.special_forces_camps and zone != "Cambodia":
            spots[zone] = spots.get(zone, 0) + 1
    room = sum(min(2, n) for n in spots.values())
    if markers <= room or not spec.locations:
        return []
    return [
        Finding(
            f"The set-up places {markers} LZ markers, at most two to a zone and none in camps, "
            f"Pleiku or Cambodia (ftv:7.0A), but this map has room for {room}: add locations in "
            "more zones, or use fewer markers under Campaign.",
            tab="Campaign",
        )
    ]


def _zone_display_findings(spec, ranks: dict[str, int]) -> list[Finding]:
    """Each ranked zone needs a touching box one rank up and one down (ftv:3.5.2)."""
    out = []
    if not ranks:
        return out
    touching: dict[str, set[str]] = {}
    for a, b in spec.zone_display.adjacent:
        touching.setdefault(a, set()).add(b)
        touching.setdefault(b, set()).add(a)

    def rank(zone: str) -> int:
        return 0 if zone == "Cambodia" else ranks.get(zone, -99)

    top = max(ranks.values())
    for zone in sorted(ranks):
        near = touching.get(zone, set())
        where = tuple(n for n in spec.locations if location_zone(spec, n) == zone)
        if not any(rank(z) == rank(zone) - 1 for z in near):
            out.append(
                Finding(
                    f"Zone {zone} (rank {ranks[zone]}) touches no box a rank below, so broken "
                    "NVA units there have nowhere to drift (ftv:3.5.2): make it touch one under "
                    "Zones.",
                    where,
                    tab="Zones",
                )
            )
        if ranks[zone] < top and not any(rank(z) == rank(zone) + 1 for z in near):
            out.append(
                Finding(
                    f"Zone {zone} (rank {ranks[zone]}) touches no box a rank above, so the "
                    "Offboard Table's arrow cannot move units on from it (ftv:3.5.2): make it "
                    "touch one under Zones.",
                    where,
                    tab="Zones",
                )
            )
    return out


def _table_findings(scenario: Scenario, zones: list[str]) -> list[Finding]:
    """Zones the NVA tables send units to must have locations."""
    empty = sorted(table_zones(scenario) - set(zones))
    if not empty or not zones:
        return []
    return [
        Finding(
            f"The Intelligence and Offboard tables name zone{'s' if len(empty) > 1 else ''} "
            f"{join_words(empty)}, which {'have' if len(empty) > 1 else 'has'} no locations, so "
            "NVA units sent there would have nowhere to go: place locations there, or under NVA "
            "send those results to zones the map has.",
            tab="NVA",
        )
    ]
