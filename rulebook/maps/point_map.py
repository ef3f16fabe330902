"""First Team: Vietnam's point-to-point map: locations, typed access lines, zones and boxes.

Locations are graph nodes (``A1``..``J6``, ``CAM1``..``CAM6``, ``Pleiku``); access lines are
edges with a ``kind`` (road, jungle, river, jungle-mountain) and, for roads, a ``route``. The
An Khe Box is a node too, reached by ground only from the locations the scenario names
(ftv:3.4.3.2); the Refit and Unknown boxes hold units but join nothing, so they are not nodes.
"""

from __future__ import annotations

from functools import cached_property

import networkx as nx

from rulebook.errors import AreaNotFoundError
from rulebook.scenario._ftv_models import PointMapSpec

__all__ = ["AN_KHE", "CAMBODIA", "PLEIKU", "PointMap"]

AN_KHE = "An Khe"
PLEIKU = "Pleiku"
CAMBODIA = "Cambodia"


class PointMap:
    """The campaign map as a networkx graph, with the questions the rules ask of it.

    Examples
    --------
    >>> from rulebook.games.first_team import campaign_scenario
    >>> m = PointMap(campaign_scenario().first_team.map)
    >>> m.zone("G4"), m.number("G4"), m.camp("G4"), m.is_road_location("G4")
    ('G', 4, 'Plei Me', True)
    >>> m.line("D4", "D5"), m.fatigue_cost("D4", "D5")
    ('jungle-mountain', 2)
    >>> sorted(m.neighbors("C6"))
    ['B4', 'G2', 'G4']
    """

    def __init__(self, spec: PointMapSpec) -> None:
        self.spec = spec
        self.graph = nx.Graph()
        for name, loc in spec.locations.items():
            self.graph.add_node(name, xy=loc.xy, name=loc.name or name)
        for key, kind in spec.lines.items():
            a, b = key.split("-")
            self.graph.add_edge(a, b, kind=kind, route=spec.routes.get(key))
        self.graph.add_node(AN_KHE, xy=self._an_khe_xy(), name="An Khe Box", box=True)
        for loc, kind in spec.an_khe.items():
            self.graph.add_edge(AN_KHE, loc, kind=kind, route="19" if kind == "road" else None)

    def _an_khe_xy(self) -> tuple[float, float]:
        xs = [loc.xy[0] for loc in self.spec.locations.values()]
        ys = [loc.xy[1] for loc in self.spec.locations.values()]
        return (max(xs) + 8.0, sum(ys) / len(ys))

    # --- locations -----------------------------------------------------------------------

    @cached_property
    def locations(self) -> list[str]:
        """Every map location (not the An Khe Box)."""
        return [n for n in self.graph if n != AN_KHE]

    @cached_property
    def _nodes(self) -> frozenset[str]:
        return frozenset(self.graph)

    def _known(self, loc: str) -> str:
        if loc not in self._nodes:
            raise AreaNotFoundError.for_id(loc, "first-team", [*self.locations, AN_KHE])
        return loc

    def zone(self, loc: str) -> str:
        """The zone letter (``Cambodia`` for CAM1-6); Pleiku's zone comes from the scenario."""
        found = self._zones.get(loc)
        if found is None:
            found = self._zones[loc] = self._zone(loc)
        return found

    @cached_property
    def _zones(self) -> dict[str, str]:  # the map never changes: each answer is worked out once
        return {}

    def _zone(self, loc: str) -> str:
        self._known(loc)
        if loc in self.spec.zone_of:
            return self.spec.zone_of[loc]
        if loc.startswith("CAM"):
            return CAMBODIA
        if loc == AN_KHE:
            raise ValueError("the An Khe Box is in no zone")
        return loc[0]

    def number(self, loc: str) -> int | None:
        """The location number 1-6, or None for Pleiku and the An Khe Box."""
        self._known(loc)
        return int(loc[-1]) if loc[-1].isdigit() else None

    def in_zone(self, zone: str) -> list[str]:
        """The locations of a zone, Pleiku included in its zone."""
        found = self._in_zone.get(zone)
        if found is None:
            found = self._in_zone[zone] = tuple(n for n in self.locations if self.zone(n) == zone)
        return list(found)

    @cached_property
    def _in_zone(self) -> dict[str, tuple[str, ...]]:
        return {}

    def called(self, loc: str) -> str:
        """*loc* as a reader is told it: its id, and the scenario's name for it where it has one
        (a designer names locations in the point-map designer).

        >>> from rulebook.games.first_team import campaign_scenario
        >>> m = PointMap(campaign_scenario().first_team.map)
        >>> m.called("D2"), m.called("D4"), m.called("An Khe")
        ('D2 (Duc Co Special Forces camp)', 'D4', 'An Khe Box')
        """
        name = self.graph.nodes[self._known(loc)]["name"]
        return name if name.startswith(loc) else f"{loc} ({name})"

    def camp(self, loc: str) -> str | None:
        """The Special Forces camp at a location (``Duc Co``, ``Plei Me``) or None."""
        return self.spec.special_forces_camps.get(self._known(loc))

    def in_cambodia(self, loc: str) -> bool:
        """Whether *loc* is one of Cambodia's locations; the An Khe Box is not."""
        return loc != AN_KHE and self.zone(loc) == CAMBODIA

    # --- lines ---------------------------------------------------------------------------

    def neighbors(self, loc: str, *, boxes: bool = False) -> list[str]:
        """Locations joined to *loc* by an access line (the An Khe Box only if *boxes*)."""
        found = self._neighbors.get((loc, boxes))
        if found is None:
            found = tuple(n for n in self.graph[self._known(loc)] if boxes or n != AN_KHE)
            self._neighbors[(loc, boxes)] = found
        return list(found)

    @cached_property
    def _neighbors(self) -> dict[tuple[str, bool], tuple[str, ...]]:
        return {}

    @cached_property
    def derived(self) -> dict:
        """Answers a game's rules work out from this map alone, kept by a key the rule names
        (the map never changes in play, so each is worked out once per map)."""
        return {}

    def line(self, a: str, b: str) -> str:
        """The kind of the access line between two locations."""
        try:
            return self.graph.edges[self._known(a), self._known(b)]["kind"]
        except KeyError:
            raise ValueError(f"no access line joins {a} and {b}") from None

    def fatigue_cost(self, a: str, b: str) -> int:
        """Fatigue for crossing the line from *a* to *b* (ftv:3.4.3)."""
        return self.spec.fatigue[self.line(a, b)]

    def road_lines(self, loc: str) -> int:
        """How many road lines meet at *loc* (worked out once per location: the map is fixed)."""
        found = self._road_lines.get(loc)
        if found is None:
            found = self._road_lines[loc] = sum(
                1
                for n in self.graph[self._known(loc)]
                if self.graph.edges[loc, n]["kind"] == "road"
            )
        return found

    @cached_property
    def _road_lines(self) -> dict[str, int]:
        return {}

    def is_road_location(self, loc: str) -> bool:
        """Joined to at least two road lines (ftv:1.5.17)."""
        return loc != AN_KHE and self.road_lines(loc) >= 2

    def has_road(self, loc: str) -> bool:
        """Any road line at all: the NVA movement schedule's 'road connection' (ftv:3.5.4.1)."""
        return self.road_lines(loc) >= 1

    def routes(self, loc: str) -> list[str]:
        """Route numbers of the roads through a location."""
        found = {self.graph.edges[loc, n]["route"] for n in self.graph[self._known(loc)]}
        return sorted(r for r in found if r)

    def hops_to_pleiku(self, loc: str) -> int:
        """Fewest locations from *loc* to Pleiku: the NVA movement tie-break (ftv:3.5.4.1)."""
        return self._pleiku_distance[self._known(loc)]

    @cached_property
    def _pleiku_distance(self) -> dict[str, int]:
        ground = self.graph.subgraph(self.locations)
        return dict(nx.single_source_shortest_path_length(ground, PLEIKU))

    # --- the Zone Display ----------------------------------------------------------------

    def rank(self, zone: str) -> int:
        """A zone box's rank on the Zone Display (Cambodia is 0)."""
        return 0 if zone == CAMBODIA else self.spec.zone_display.ranks[zone]

    def adjacent_zones(self, zone: str) -> list[str]:
        out = []
        for a, b in self.spec.zone_display.adjacent:
            if zone in (a, b):
                out.append(b if a == zone else a)
        return sorted(out)

    def zone_up(self, zone: str) -> str | None:
        """The highest adjacent zone one rank up: where the arrow result sends units (ftv:3.5.2)."""
        higher = [z for z in self.adjacent_zones(zone) if self.rank(z) == self.rank(zone) + 1]
        return max(higher) if higher else None

    def zone_down(self, zone: str) -> str | None:
        """The lowest adjacent zone one rank down: where broken units drift (ftv:3.5.2)."""
        lower = [z for z in self.adjacent_zones(zone) if self.rank(z) == self.rank(zone) - 1]
        return min(lower, key=lambda z: (z != CAMBODIA, z)) if lower else None

    def _repr_svg_(self) -> str:
        from rulebook.render.svg import point_map_svg

        return point_map_svg(self)
