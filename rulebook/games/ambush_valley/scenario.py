"""An Ambush Valley scenario: the table drawn to scale, its forces from the catalogue, the
reinforcement odds, and the checks the book's rules allow (av:scenarios, av:tunnel-spots).

>>> s = Scenario.load(SCENARIOS / "ambush_valley" / "dak_po.yaml")
>>> s.problems()
[]
>>> s.reinforcement_odds(0)["1-2"]  # 4 in 6 to come, then 2 in 6 on the table
Fraction(2, 9)
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from rulebook.dice import Dice
from rulebook.errors import Problem
from rulebook.games.ambush_valley.catalogue import _forces, _platoons, _vehicles
from rulebook.games.ambush_valley.dice import expression, roll_expression
from rulebook.games.ambush_valley.tunnels import TunnelNetwork
from rulebook.scenario import Scenario as ScenarioFile
from rulebook.scenario import load_scenario, save_scenario
from rulebook.scenario._av_models import AmbushValleySpec, Reinforcements
from rulebook.trace import Trace

__all__ = ["Scenario", "problems", "reinforcement_odds"]

_ROW = re.compile(r"^(\d{1,3})(?:-(\d{1,3}))?$")


def _rows(table: Reinforcements) -> list[tuple[int, int, str, str]]:
    out = []
    for key, result in table.rows.items():
        m = _ROW.match(str(key))
        assert m  # the schema checked it
        out.append((int(m[1]), int(m[2] or m[1]), str(key), result))
    return sorted(out)


def reinforcement_odds(table: Reinforcements) -> dict[str, Fraction]:
    """Chance, on any one turn's roll, of each row: the trigger succeeds, then the table roll
    lands in that row; ``none`` is the chance nothing comes."""
    p = expression(table.trigger.die).probability(table.trigger.passes)
    dist = expression(table.roll)
    out = {
        key: p * dist.probability(lambda v, lo=lo, hi=hi: lo <= v <= hi)
        for lo, hi, key, _ in _rows(table)
    }
    out["none"] = 1 - p
    return out


def _polygon_ok(points: list[tuple[float, float]]):
    from shapely.geometry import Polygon
    from shapely.validation import explain_validity

    poly = Polygon(points)
    return poly, (None if poly.is_valid else explain_validity(poly))


def problems(spec: AmbushValleySpec, file: str = "<scenario>") -> list[Problem]:
    """Everything the book's rules forbid in this scenario, each naming the field."""
    out: list[Problem] = []

    def add(path: str, message: str) -> None:
        out.append(Problem(file, path, message))

    ids = _layout_problems(spec, add)
    _tunnel_problems(spec, add)
    _side_problems(spec, ids, add)
    _reinforcement_problems(spec, add)
    for side in spec.victory_points:
        if side not in spec.sides:
            add(f"ambush_valley.victory_points.{side}", f"no side {side!r}")
    return out


Add = Callable[[str, str], None]


def _layout_problems(spec: AmbushValleySpec, add: Add) -> dict[str, str]:
    """Duplicate ids, broken outlines, anything off the table; returns id -> where it is."""
    from shapely.geometry import Point, box

    width, depth = spec.table
    table = box(0, 0, width, depth).buffer(1e-6)
    layout = spec.layout
    ids: dict[str, str] = {}
    for group in ("features", "roads", "deployment", "objectives", "tunnel_spots", "civilians"):
        for i, item in enumerate(getattr(layout, group)):
            where = f"ambush_valley.layout.{group}[{i}]"
            if item.id in ids:
                add(f"{where}.id", f"id {item.id!r} is also used at {ids[item.id]}")
            ids[item.id] = where
    for group in ("features", "deployment"):
        for i, area in enumerate(getattr(layout, group)):
            where = f"ambush_valley.layout.{group}[{i}]"
            poly, why = _polygon_ok(area.outline)
            if why:
                add(f"{where}.outline", f"{area.id}: not a simple polygon ({why})")
            elif not table.contains(poly):
                add(f"{where}.outline", f"{area.id} reaches off the {width:g}x{depth:g} in table")
    for i, zone in enumerate(layout.deployment):
        if zone.side not in spec.sides:
            add(
                f"ambush_valley.layout.deployment[{i}].side",
                f"no side {zone.side!r}; the sides are {', '.join(spec.sides)}",
            )
    for group in ("objectives", "tunnel_spots", "civilians"):
        for i, marker in enumerate(getattr(layout, group)):
            if not table.contains(Point(marker.at)):
                add(
                    f"ambush_valley.layout.{group}[{i}].at",
                    f"{marker.id} at {marker.at} is off the table",
                )
    return ids


def road_exits(spec: AmbushValleySpec) -> list[tuple[float, float]]:
    """Where roads and tracks leave the table: path ends within half an inch of an edge."""
    width, depth = spec.table
    return [
        end
        for r in spec.layout.roads
        if r.kind in ("road", "track")
        for end in (r.path[0], r.path[-1])
        if min(end[0], end[1], width - end[0], depth - end[1]) <= 0.5
    ]


def _tunnel_problems(spec: AmbushValleySpec, add: Add) -> None:
    """The book's spacing (6 in) and the scenario's own limits (av:tunnel-spots)."""
    from shapely.geometry import LineString, Point, Polygon

    rules, spots = spec.tunnels, spec.layout.tunnel_spots
    if rules is None:
        return
    if len(spots) not in (0, rules.count):
        add(
            "ambush_valley.layout.tunnel_spots",
            f"{len(spots)} spots placed; the scenario has {rules.count}",
        )
    exits = [Point(e) for e in road_exits(spec)]
    roads = [LineString(r.path) for r in spec.layout.roads if r.kind in ("road", "track")]
    for i, a in enumerate(spots):
        where = f"ambush_valley.layout.tunnel_spots[{i}].at"
        for b in spots[i + 1 :]:
            gap = math.dist(a.at, b.at)
            if gap < 6:
                add(
                    where,
                    f"{a.id} is {gap:.1f} in from {b.id}; spots must be 6 in apart (av:tunnel-spots)",
                )
        for limit, things, what in (
            (rules.min_from_road_exit, exits, "a road exit"),
            (rules.min_from_road, roads, "the road"),
        ):
            gaps = [Point(a.at).distance(thing) for thing in things]
            if gaps and min(gaps) < limit:
                add(
                    where,
                    f"{a.id} is {min(gaps):.1f} in from {what}; this scenario asks for {limit:g} in",
                )
    if rules.near is not None and rules.near_at_most is not None:
        feature = next((f for f in spec.layout.features if f.id == rules.near), None)
        if feature is None:
            add("ambush_valley.tunnels.near", f"no feature {rules.near!r} in the layout")
            return
        area = Polygon(feature.outline)
        close = [s.id for s in spots if area.distance(Point(s.at)) < rules.near_inches]
        if len(close) > rules.near_at_most:
            add(
                "ambush_valley.layout.tunnel_spots",
                f"{len(close)} spots within {rules.near_inches:g} in of {rules.near} ({', '.join(close)}); at most {rules.near_at_most}",
            )


def _side_problems(spec: AmbushValleySpec, ids: dict[str, str], add: Add) -> None:
    """Forces, lists and vehicles only from the book's catalogue; set-ups that exist."""
    forces, platoons, vehicles = _forces(), _platoons(), _vehicles()
    for key, side in spec.sides.items():
        where = f"ambush_valley.sides.{key}"
        if side.force not in forces:
            add(
                f"{where}.force",
                f"no force {side.force!r} in the book's lists; the forces are {', '.join(forces)}",
            )
        if side.platoon is not None and side.platoon not in platoons:
            add(
                f"{where}.platoon",
                f"no platoon list {side.platoon!r}; the lists are {', '.join(platoons)}",
            )
        for i, name in enumerate(side.vehicles):
            if name not in vehicles:
                add(f"{where}.vehicles[{i}]", f"no vehicle {name!r} in the catalogue")
        for i, unit in enumerate(side.units):
            if unit.vehicle is not None and unit.vehicle not in vehicles:
                add(f"{where}.units[{i}].vehicle", f"no vehicle {unit.vehicle!r} in the catalogue")
            if unit.setup and unit.setup not in ids and not unit.setup.startswith("anywhere"):
                add(
                    f"{where}.units[{i}].setup",
                    f"{unit.setup!r} is not a zone, feature or marker of the layout",
                )


def _reinforcement_problems(spec: AmbushValleySpec, add: Add) -> None:
    """Every total of the table's roll has exactly one row, and every row can be rolled."""
    for i, table in enumerate(spec.reinforcements):
        where = f"ambush_valley.reinforcements[{i}]"
        if table.side not in spec.sides:
            add(f"{where}.side", f"no side {table.side!r}")
        totals = expression(table.roll)
        covered: dict[int, str] = {}
        rows = _rows(table)
        for lo, hi, key, _ in rows:
            for v in range(lo, hi + 1):
                if v in covered:
                    add(f"{where}.rows.{key}", f"total {v} is also in row {covered[v]}")
                covered[v] = key
        missing = [v for v in totals if v not in covered]
        if missing:
            add(
                f"{where}.rows",
                f"totals {', '.join(map(str, missing))} of {table.roll} have no row",
            )
        never = [k for lo, hi, k, _ in rows if hi < min(totals) or lo > max(totals)]
        if never:
            add(f"{where}.rows", f"rows {', '.join(never)} can never be rolled on {table.roll}")


@dataclass
class Scenario:
    """A scenario file with an Ambush Valley section, and what a designer does with it."""

    file: ScenarioFile
    path: Path | None = None

    @classmethod
    def load(cls, path: str | Path) -> Scenario:
        loaded = load_scenario(path)
        if loaded.ambush_valley is None:
            raise ValueError(
                f"{path}: no ambush_valley section; this is a {loaded.game.value} scenario"
            )
        return cls(loaded, Path(path))

    @property
    def spec(self) -> AmbushValleySpec:
        assert self.file.ambush_valley is not None
        return self.file.ambush_valley

    def problems(self) -> list[Problem]:
        return problems(self.spec, self.path.name if self.path else self.file.id)

    def reinforcement_odds(self, index: int) -> dict[str, Fraction]:
        return reinforcement_odds(self.spec.reinforcements[index])

    def figures(self, side: str) -> int:
        return sum(n for unit in self.spec.sides[side].units for n, _, _ in unit.figures)

    def save(self, path: str | Path) -> None:
        """Atomic save; a scenario with problems is refused and the file left as it was."""
        found = self.problems()
        if found:
            raise ValueError("not saved: " + "; ".join(map(str, found)))
        save_scenario(self.file, path)

    def reinforcement_turn(
        self,
        index: int,
        turn: int,
        dice: Dice,
        trace: Trace,
        *,
        fired_on_before: bool,
        network: TunnelNetwork | None = None,
    ) -> tuple[str | None, int | None]:
        """One turn's reinforcement roll (av:vc-reinforce): what arrives and at which tunnel spot
        (None when the VC choose). VC tables roll only from the turn after the VC are first fired
        on, whatever the scenario says (interpretation av:vc-reinforce/first-fire); thresholds
        are read as the scenario prints them, inclusive (interpretation av:vc-reinforce/threshold)."""
        table = self.spec.reinforcements[index]
        if turn < table.first_turn or (table.last_turn is not None and turn > table.last_turn):
            trace.step(
                "av:vc-reinforce",
                f"turn {turn}: this table rolls on turns {table.first_turn}-{table.last_turn or 'end'}",
            )
            return None, None
        vc = self.spec.sides[table.side].force.startswith("vc")
        if (table.after_first_fire or vc) and not fired_on_before:
            trace.step(
                "av:vc-reinforce",
                f"turn {turn}: no roll until the turn after the VC are first fired on",
            )
            return None, None
        before = len(dice.rolls)
        value = roll_expression(table.trigger.die, dice, "av:vc-reinforce")
        comes = table.trigger.passes(value)
        word = "or less" if table.trigger.at_most is not None else "or more"
        trace.step(
            "av:vc-reinforce",
            f"turn {turn}: {table.trigger.die} rolls {value}, needs {table.trigger.bound} {word}: {'reinforcements' if comes else 'none'}",
            rolls=tuple(dice.rolls[before:]),
        )
        if not comes:
            return None, None
        before = len(dice.rolls)
        total = roll_expression(table.roll, dice, "av:vc-reinforce")
        result = next(r for lo, hi, _, r in _rows(table) if lo <= total <= hi)
        trace.step(
            "av:vc-reinforce",
            f"{table.roll} rolls {total}: {result}",
            rolls=tuple(dice.rolls[before:]),
        )
        spot = (
            network.arrival(dice, trace)
            if network is not None and table.arrive_at == "tunnel-spot"
            else None
        )
        return result, spot

    def tunnel_network(self) -> TunnelNetwork:
        """The placed spots, numbered in file order."""
        return TunnelNetwork({i: m.at for i, m in enumerate(self.spec.layout.tunnel_spots, 1)})
