"""What the book's rules (and the file's own limits) forbid in an Ambush Valley scenario, said
as a designer would say it, each naming the things on the table it is about
(av:tunnel-spots, av:vc-reinforce, av:scenarios).

Each problem is a :class:`ScenarioProblem`: a :class:`~rulebook.errors.Problem` whose message
is a sentence naming things by their names ("tunnel spot 1", "Dak Po (open ground)"), with the
rule that asks for it, the ids of the layout items an app should mark (``places``), and, for
the command line and tests, the exact field (``path``).

>>> from rulebook.games.ambush_valley.scenario import Scenario
>>> spec = Scenario.load(SCENARIOS / "ambush_valley" / "dak_po.yaml").spec
>>> spec.layout.tunnel_spots[0] = spec.layout.tunnel_spots[0].model_copy(update={"at": (2, 24)})
>>> p = problems(spec, "dak_po.yaml")[0]
>>> p.message
'Tunnel spot 1 is 2.0 in from a road exit; this scenario keeps tunnel spots at least 12 in from road exits (av:tunnel-spots).'
>>> p.places, p.path
(('spot-1',), 'ambush_valley.layout.tunnel_spots[0].at')
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rulebook._words import join_words, quoted
from rulebook.errors import Problem
from rulebook.games.ambush_valley._data import book
from rulebook.games.ambush_valley.catalogue import _forces, _platoons, _vehicles
from rulebook.games.ambush_valley.dice import expression
from rulebook.games.ambush_valley.naming import GROUPS, name_of, side_words
from rulebook.scenario._av_models import AmbushValleySpec, Reinforcements

__all__ = ["ScenarioProblem", "problems", "reinforcement_rows", "road_exits"]

#: The longest side a table may have, in inches: the books' tables are 72 x 48 (a file's limit).
LONGEST_TABLE = 240


def table_size_problem(width: float, depth: float) -> str | None:
    """What is wrong with a table of *width* x *depth* inches, in words, or None.

    >>> table_size_problem(72, 48) is None, table_size_problem(-5, 0)
    (True, 'the table is -5 x 0 in; each side is more than 0 and at most 240 in (the books use 72 x 48 in)')
    """
    if 0 < width <= LONGEST_TABLE and 0 < depth <= LONGEST_TABLE:
        return None
    return (
        f"the table is {width:g} x {depth:g} in; each side is more than 0 and at most "
        f"{LONGEST_TABLE} in (the books use 72 x 48 in)"
    )


#: Figures of one role in one unit: the books' largest is 8 (a file's limit, not a rule's).
MOST_FIGURES = 50

_ROW = re.compile(r"^(\d{1,3})(?:-(\d{1,3}))?$")


@dataclass(frozen=True, slots=True)
class ScenarioProblem(Problem):
    """A problem in a designer's words: *message* is the sentence, *rule* the rule case that
    asks for it (or ``""``), *places* the layout ids to mark on the table, *side* the side whose
    forces it is about (or ``""``), *path* the field.

    >>> p = ScenarioProblem("s.yaml", "ambush_valley.tunnels.near", "No feature is called x.")
    >>> str(p)
    's.yaml: No feature is called x. [ambush_valley.tunnels.near]'
    """

    rule: str = ""
    places: tuple[str, ...] = ()
    side: str = ""

    @property
    def text(self) -> str:
        """The sentence alone, as an app shows it."""
        return self.message

    def __str__(self) -> str:
        return f"{self.file}: {self.message} [{self.path}]" if self.path else self.message


def _sentence(text: str, rule: str) -> str:
    text = text[:1].upper() + text[1:]
    return f"{text} ({rule})." if rule else f"{text}."


def _join(items: Sequence[str]) -> str:
    return join_words(items) or "none"


def _turns(duration: str) -> int | None:
    """The scenario's last turn when its duration is a plain count ("10 turns"); ``None`` for an
    end rule ("5+ turns (the end rule is missing)"), which fixes no last turn."""
    m = re.fullmatch(r"(\d+) turns?", duration.strip())
    return int(m[1]) if m else None


def _in(value: float) -> str:
    return f"{value:g} in"


def reinforcement_rows(table: Reinforcements) -> list[tuple[int, int, str, str]]:
    """The table's rows as (lowest total, highest total, row key, result), lowest first."""
    out = []
    for key, result in table.rows.items():
        m = _ROW.match(str(key))
        assert m  # the schema checked it
        out.append((int(m[1]), int(m[2] or m[1]), str(key), result))
    return sorted(out)


Add = Callable[..., None]


def problems(spec: AmbushValleySpec, file: str = "<scenario>") -> list[ScenarioProblem]:
    """Everything the book's rules forbid in this scenario, in words, each naming its field."""
    out: list[ScenarioProblem] = []

    def add(
        path: str, text: str, rule: str = "", places: Sequence[str] = (), side: str = ""
    ) -> None:
        out.append(ScenarioProblem(file, path, _sentence(text, rule), rule, tuple(places), side))

    if not spec.sides:
        add("ambush_valley.sides", "the scenario has no sides; give each side its forces")
    ids = _layout_problems(spec, add)
    _tunnel_problems(spec, add)
    _side_problems(spec, ids, add)
    _reinforcement_problems(spec, add)
    for side in spec.victory_points:
        if side not in spec.sides:
            add(
                f"ambush_valley.victory_points.{side}",
                f"victory points are listed for a side {quoted(side)} the scenario does not have; "
                f"the sides are {_join([side_words(s) for s in spec.sides])}",
            )
    return out


def _layout_problems(spec: AmbushValleySpec, add: Add) -> set[str]:
    """Shared ids, a table of no size, broken outlines, anything off the table; returns the
    layout's ids."""
    seen = _shared_ids(spec, add)
    wrong = table_size_problem(*spec.table)
    if wrong:  # nothing can be said of what lies on it: one problem, not one for each thing
        add("ambush_valley.table", wrong)
    else:
        _outline_problems(spec, seen, add)
    return set(seen)


def _shared_ids(spec: AmbushValleySpec, add: Add) -> dict[str, str]:
    """Each layout id with its name in words; an id two things share is a problem."""
    layout = spec.layout
    seen: dict[str, str] = {}
    for group in GROUPS:
        for i, item in enumerate(getattr(layout, group)):
            where = f"ambush_valley.layout.{group}[{i}]"
            if item.id in seen:
                add(
                    f"{where}.id",
                    f"two things on the table share the id {quoted(item.id)} ({seen[item.id]} and this "
                    f"one, {group.replace('_', ' ')} number {i + 1}); give each its own id",
                    places=(item.id,),
                )
            seen.setdefault(item.id, name_of(spec, item.id))
    return seen


def _outline_problems(spec: AmbushValleySpec, seen: dict[str, str], add: Add) -> None:
    """Outlines that cross themselves, and anything reaching off the table."""
    from shapely.geometry import Point, Polygon, box
    from shapely.validation import explain_validity

    width, depth = spec.table
    size = f"{width:g} x {depth:g} in"
    table = box(0, 0, width, depth).buffer(1e-6)
    layout = spec.layout
    for group in ("features", "deployment"):
        for i, area in enumerate(getattr(layout, group)):
            where = f"ambush_valley.layout.{group}[{i}].outline"
            poly = Polygon(area.outline)
            name = name_of(spec, area.id) if seen.get(area.id) else area.id
            if not poly.is_valid:
                why = explain_validity(poly).split("[")[0].strip().lower()
                add(
                    where,
                    f"the outline of {name} crosses itself ({why}); redraw it",
                    "",
                    (area.id,),
                )
            elif not table.contains(poly):
                add(
                    where,
                    f"{name}: its outline reaches off the {size} table; move or redraw it",
                    "",
                    (area.id,),
                )
    for i, zone in enumerate(layout.deployment):
        if zone.side not in spec.sides:
            add(
                f"ambush_valley.layout.deployment[{i}].side",
                f"{name_of(spec, zone.id)} is a set-up zone of a side {quoted(zone.side)} the scenario "
                f"does not have; the sides are {_join([side_words(s) for s in spec.sides])}",
                places=(zone.id,),
            )
    for group in ("objectives", "tunnel_spots", "civilians"):
        for i, marker in enumerate(getattr(layout, group)):
            if not table.contains(Point(marker.at)):
                x, y = marker.at
                add(
                    f"ambush_valley.layout.{group}[{i}].at",
                    f"{name_of(spec, marker.id)} at {x:g}, {y:g} in is off the {size} table",
                    "av:tunnel-spots" if group == "tunnel_spots" else "",
                    (marker.id,),
                )


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
    """The book's spacing and the scenario's own limits (av:tunnel-spots)."""
    from shapely.geometry import LineString, Point, Polygon

    rule = "av:tunnel-spots"
    rules, spots = spec.tunnels, spec.layout.tunnel_spots
    if rules is None:
        return
    if len(spots) not in (0, rules.count):
        add(
            "ambush_valley.layout.tunnel_spots",
            f"{len(spots)} tunnel spots are placed but the scenario has {rules.count}; "
            f"place {rules.count} or none",
            rule,
            [s.id for s in spots],
        )
    spacing = book("tables")["tunnel_spots"]["min_spacing_inches"]
    exits = [Point(e) for e in road_exits(spec)]
    roads = [LineString(r.path) for r in spec.layout.roads if r.kind in ("road", "track")]
    for i, a in enumerate(spots):
        where = f"ambush_valley.layout.tunnel_spots[{i}].at"
        for b in spots[i + 1 :]:
            gap = math.dist(a.at, b.at)
            if gap < spacing:
                add(
                    where,
                    f"{name_of(spec, a.id)} is {gap:.1f} in from {name_of(spec, b.id)}; "
                    f"tunnel spots must be at least {_in(spacing)} apart",
                    rule,
                    (a.id, b.id),
                )
        for limit, things, what in (
            (rules.min_from_road_exit, exits, ("a road exit", "road exits")),
            (rules.min_from_road, roads, ("the road", "the road")),
        ):
            gaps = [Point(a.at).distance(thing) for thing in things]
            if gaps and min(gaps) < limit:
                add(
                    where,
                    f"{name_of(spec, a.id)} is {min(gaps):.1f} in from {what[0]}; this scenario "
                    f"keeps tunnel spots at least {_in(limit)} from {what[1]}",
                    rule,
                    (a.id,),
                )
    if rules.near_at_most is not None and rules.near_at_most < 0:
        add(
            "ambush_valley.tunnels.near_at_most",
            f"the tunnel rules allow at most {rules.near_at_most} spots near {quoted(rules.near)}; "
            "give 0 or more",
            rule,
        )
    elif rules.near is not None and rules.near_at_most is not None:
        feature = next((f for f in spec.layout.features if f.id == rules.near), None)
        if feature is None:
            add(
                "ambush_valley.tunnels.near",
                f"the tunnel rules keep spots away from {quoted(rules.near)}, but no terrain feature "
                "has that id",
                rule,
            )
            return
        area = Polygon(feature.outline)
        close = [s.id for s in spots if area.distance(Point(s.at)) < rules.near_inches]
        if len(close) > rules.near_at_most:
            add(
                "ambush_valley.layout.tunnel_spots",
                f"{len(close)} tunnel spots ({_join([name_of(spec, s) for s in close])}) are "
                f"within {_in(rules.near_inches)} of {name_of(spec, feature.id)}; this scenario "
                f"allows at most {rules.near_at_most}",
                rule,
                (*close, feature.id),
            )


def _side_problems(spec: AmbushValleySpec, ids: set[str], add: Add) -> None:
    """Forces, lists and vehicles only from the book's catalogue; set-ups that exist."""
    forces, platoons, vehicles = _forces(), _platoons(), _vehicles()
    for key, side in spec.sides.items():
        where = f"ambush_valley.sides.{key}"
        who = f"{side.name} ({side_words(key)})"
        if side.force not in forces:
            add(
                f"{where}.force",
                f"{who} is of a force {quoted(side.force)} the book's army lists do not have; "
                f"the forces are {', '.join(forces)}",
                "av:army-lists",
                side=key,
            )
        if side.platoon is not None and side.platoon not in platoons:
            add(
                f"{where}.platoon",
                f"{who} uses a platoon list {quoted(side.platoon)} the book does not have; the lists "
                f"are {', '.join(platoons)}",
                "av:army-lists",
                side=key,
            )
        for i, name in enumerate(side.vehicles):
            if name not in vehicles:
                add(
                    f"{where}.vehicles[{i}]",
                    f"{who} has a vehicle {quoted(name)} not in the catalogue",
                    side=key,
                )
        for i, unit in enumerate(side.units):
            for j, (count, role, _) in enumerate(unit.figures):
                if not 1 <= count <= MOST_FIGURES:
                    add(
                        f"{where}.units[{i}].figures[{j}]",
                        f"{unit.name} of {who} has {count:,} {role}; a count is 1 to "
                        f"{MOST_FIGURES}",
                        side=key,
                    )
            if unit.vehicle is not None and unit.vehicle not in vehicles:
                add(
                    f"{where}.units[{i}].vehicle",
                    f"{unit.name} of {who} rides a vehicle {quoted(unit.vehicle)} not in the catalogue",
                    side=key,
                )
            if unit.setup and unit.setup not in ids and not unit.setup.startswith("anywhere"):
                add(
                    f"{where}.units[{i}].setup",
                    f"{unit.name} of {who} sets up at {quoted(unit.setup)}, which is no zone, feature "
                    "or marker of the table",
                    side=key,
                )


def _reinforcement_problems(spec: AmbushValleySpec, add: Add) -> None:
    """Every total of the table's roll has exactly one row, and every row can be rolled."""
    rule = "av:vc-reinforce"
    for i, table in enumerate(spec.reinforcements):
        where = f"ambush_valley.reinforcements[{i}]"
        what = f"reinforcement table {i + 1} ({side_words(table.side)})"
        if table.side not in spec.sides:
            add(f"{where}.side", f"{what} is for a side the scenario does not have", rule)
        _turn_problems(table, where, what, _turns(spec.duration), add)
        trigger = expression(table.trigger.die)
        lowest, highest = min(trigger), max(trigger)
        if table.trigger.at_most is not None and table.trigger.at_most < lowest:
            bound = f"at_most {table.trigger.at_most}"
        elif table.trigger.at_least is not None and table.trigger.at_least > highest:
            bound = f"at_least {table.trigger.at_least}"
        else:
            bound = ""
        if bound:
            add(
                f"{where}.trigger",
                f"in {what}, the trigger {table.trigger.die} {bound} can never succeed; "
                f"{table.trigger.die} rolls {lowest} to {highest}",
                rule,
                side=table.side,
            )
        totals = expression(table.roll)
        covered: dict[int, str] = {}
        rows = reinforcement_rows(table)
        for lo, hi, key, _ in rows:
            for v in range(lo, hi + 1):
                if v in covered:
                    add(
                        f"{where}.rows.{key}",
                        f"in {what}, total {v} is in row {key} and in row {covered[v]}",
                        rule,
                        side=table.side,
                    )
                covered[v] = key
        missing = [str(v) for v in totals if v not in covered]
        if missing:
            add(
                f"{where}.rows",
                f"in {what}, totals {_join(missing)} of {table.roll} have no row",
                rule,
                side=table.side,
            )
        never = [k for lo, hi, k, _ in rows if hi < min(totals) or lo > max(totals)]
        if never:
            add(
                f"{where}.rows",
                f"in {what}, rows {_join(never)} can never be rolled on {table.roll}",
                rule,
                side=table.side,
            )


def _turn_problems(
    table: Reinforcements, where: str, what: str, turns: int | None, add: Add
) -> None:
    """A table rolls on turns from 1 to the scenario's last (when its duration fixes one)."""
    first, last = table.first_turn, table.last_turn
    if first < 1 or (turns is not None and first > turns):
        span = f"1 to {turns}" if turns is not None else "numbered from 1"
        add(
            f"{where}.first_turn",
            f"{what} starts on turn {first}; the scenario's turns are {span}",
            "av:vc-reinforce",
            side=table.side,
        )
    if last is not None and last < first:
        add(
            f"{where}.last_turn",
            f"{what} ends on turn {last}, before it starts on turn {first}",
            "av:vc-reinforce",
            side=table.side,
        )
    elif last is not None and turns is not None and last > turns:
        add(
            f"{where}.last_turn",
            f"{what} ends on turn {last}, after the scenario's last turn, {turns}",
            "av:vc-reinforce",
            side=table.side,
        )
