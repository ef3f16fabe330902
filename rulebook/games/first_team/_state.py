"""The campaign position: counters on the map and in the boxes, CPs, casualties and VP (ftv:2, 5, 7)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from rulebook._words import quoted
from rulebook.dice import Dice
from rulebook.games._reads import reads
from rulebook.games.first_team._pieces import Company, NvaCompany, UsCompany
from rulebook.games.first_team._values import number, reads_values, shipped_values
from rulebook.games.first_team.board import Board
from rulebook.games.first_team.crt import CRT
from rulebook.games.first_team.forces import nva_companies, us_companies
from rulebook.games.first_team.support import CommandPoints, SupportUnit
from rulebook.maps.point_map import AN_KHE, CAMBODIA, PLEIKU, PointMap
from rulebook.scenario import Scenario
from rulebook.trace import TraceStep

__all__ = ["AN_KHE", "CampaignState", "GameOver", "victory_level"]

reads(
    "first-team",
    *(
        f"first_team.us.{field}"
        for field in (
            "artillery",
            "transports",
            "gunships",
            "observation",
            "aero_rockets",
            "airstrikes",
            "b52s",
            "lz_markers",
            "no_lz_markers",
            "pathfinders",
        )
    ),
)

UNKNOWN = "unknown"
EXITED = "exited"


class GameOver(Exception):  # noqa: N818 - a signal, not an error
    """Raised inside the flow the moment the NVA hold Pleiku alone (ftv:3.5.6C)."""


reads_values(
    "vp_road_location",
    "vp_camp",
    "vp_casualty_point",
    "vp_us_broken",
    "vp_garrison_lost",
    "vp_us_eliminated",
    "vp_nva_broken",
    "vp_nva_eliminated",
    "nva_tactical_at",
    "nva_limited_at",
    "draw_at",
)


def victory_level(vp: int, *, pleiku: bool = False, values: dict[str, Any] | None = None) -> str:
    """The level for a final NVA VP total (ftv:5.2); the thresholds are scenario values.

    >>> [victory_level(v) for v in (30, 29, 10, 9, -14, -15)]
    ['NVA Tactical', 'NVA Limited', 'NVA Limited', 'Draw', 'Draw', 'US Tactical']
    >>> victory_level(0, pleiku=True)
    'NVA Strategic'
    >>> victory_level(25, values={"nva_tactical_at": 25})
    'NVA Tactical'
    """
    if pleiku:
        return "NVA Strategic"
    if vp >= number(values, "nva_tactical_at"):
        return "NVA Tactical"
    if vp >= number(values, "nva_limited_at"):
        return "NVA Limited"
    if vp >= number(values, "draw_at"):
        return "Draw"
    return "US Tactical"


def _counters(value: dict, memo: dict) -> dict:
    """A dictionary of counters (each copied once per *memo*)."""
    return {k: memo.get(id(u)) or u.__deepcopy__(memo) for k, u in value.items()}


_PLAIN = frozenset({int, str, bool, type(None), tuple})  # tuples here hold plain values only
# How each container attribute of the position is copied: its items are plain values (ids,
# locations, numbers), or counters, or sets and lists of plain values.
_COPIES: dict[str, Callable[[Any, dict], Any]] = {
    "options": lambda v, memo: dict(v),
    "board": lambda v, memo: v.__deepcopy__(memo),
    "nva": _counters,
    "us": _counters,
    "support": _counters,
    "box": lambda v, memo: dict(v),
    "cp": lambda v, memo: v.__deepcopy__(memo),
    "lz_markers": lambda v, memo: dict(v),
    "garrisons_lost": lambda v, memo: set(v),
    "moved": lambda v, memo: set(v),
    "flown": lambda v, memo: set(v),
    "struck": lambda v, memo: set(v),
    "entered": lambda v, memo: {k: set(ids) for k, ids in v.items()},
    "start": lambda v, memo: dict(v),
    "supporting": lambda v, memo: {k: list(locs) for k, locs in v.items()},
    "rocketed": lambda v, memo: set(v),
    "aircraft_destroyed": lambda v, memo: list(v),
    "cambodia_scored": lambda v, memo: set(v),
    "_stacking": lambda v, memo: None,  # answers about the counters: the copy makes its own
    "_support_kinds": lambda v, memo: v,  # ids by kind, never changed: shared
}


class CampaignState:
    """Everything on the table: who is where, what is spent, what is scored.

    NVA companies are in the Unknown Box, a Zone Box (identified), on the map (contacted) or
    gone; US companies are at An Khe or on the map. Support counters keep their own state.
    """

    def __init__(
        self, scenario: Scenario, dice: Dice, options: dict[str, Any], crt: CRT, point_map: PointMap
    ) -> None:
        spec = scenario.first_team
        if spec is None:
            raise ValueError(f"scenario {quoted(scenario.id)} has no first_team section")
        self.scenario, self.spec, self.dice, self.crt, self.map = (
            scenario,
            spec,
            dice,
            crt,
            point_map,
        )
        self.options = {name: o.default for name, o in scenario.options.items()} | options
        # A scenario written before a value was added plays with the shipped campaign's figure.
        self.values = shipped_values() | {name: v.value for name, v in scenario.values.items()}
        self.turn, self.phase, self._segment = 1, "set-up", ""
        self.trace: list[TraceStep] = []
        self.board = Board(point_map)
        self.nva: dict[str, NvaCompany] = {u.id: u for u in nva_companies(spec)}
        self.us: dict[str, UsCompany] = {u.id: u for u in us_companies(spec)}
        # Where each NVA company is when it is off the map: the Unknown Box, a zone letter, exited.
        self.box: dict[str, str] = dict.fromkeys(self.nva, UNKNOWN)
        self.support: dict[str, SupportUnit] = {}
        for battalion in spec.us.artillery:
            for letter in "ABCD":
                self.support[f"{letter}/{battalion}"] = SupportUnit(
                    f"{letter}/{battalion}", "battery"
                )
        for kind, ids in (
            ("transport", spec.us.transports),
            ("gunship", spec.us.gunships),
            ("observation", spec.us.observation),
        ):
            prefix = f"{kind[:3].upper()}-"  # the 1/9 has one of each: TRA-1/9, GUN-1/9, OBS-1/9
            for uid in ids:
                sid = uid if uid.startswith(prefix) else f"{prefix}{uid}"  # OBS-1, not OBS-OBS-1
                self.support[sid] = SupportUnit(sid, kind)  # type: ignore[arg-type]
        for uid in spec.us.aero_rockets:
            self.support[uid] = SupportUnit(uid, "aero-rocket")
        for uid in spec.us.airstrikes:
            self.support[uid] = SupportUnit(uid, "airstrike")
        for uid in spec.us.b52s:
            self.support[uid] = SupportUnit(uid, "b52")
        self.cp = CommandPoints(self.values["cp_per_turn"])
        self.lz_markers: dict[str, bool] = {}  # location -> is a real LZ (face down until revealed)
        self.casualty_points = 0
        self.vp = 0
        self.garrisons_lost: set[str] = set()
        self.moved: set[str] = set()  # US companies that moved this turn (ftv:3.8A)
        self.flown: set[str] = set()  # flown in during the first transport segment (ftv:3.4.3A)
        self.struck: set[str] = set()  # locations struck from the air this turn (ftv:3.4.1.2B)
        self.entered: dict[str, set[str]] = {}  # NVA ids that entered a location this NVA phase
        self.start: dict[str, str | None] = {}  # US positions when the assault phase began
        # Adjacent locations whose US units support each fight this segment (ftv:4.1.4).
        self.supporting: dict[str, list[str]] = {}
        self.rocketed: set[str] = set()  # NVA locations under aero-rocket attack this segment
        # Where the pathfinders stand this transport segment, and the helicopter that brought them.
        self.pathfinder: tuple[str, str] | None = None
        self.pleiku_lost = False
        # Optional rules (ftv:6.1, 6.2); see _optional.py.
        self.batteries: dict[int, Any] = {}
        self.extra_nva_eliminated = 0
        self.aircraft_destroyed: list[str] = []
        self.cambodia_first_turn: int | None = None
        self.cambodia_scored: set[int] = set()
        self.ending: str | None = None
        # Where the campaign stands in its turn, (turn, step of _flow.TURN), at the last point it
        # could restart from this board alone.
        self.resume_at: tuple[int, int] = (1, 0)

    def __deepcopy__(self, memo: dict) -> CampaignState:
        """A copy of the position (an Undo checkpoint): parts in *memo* (the scenario, map,
        tables and values, shared by the game) are kept, counters are copied flat, and the
        sets, lists and dictionaries this class keeps of plain values are copied one level
        down; anything else goes through ``copy.deepcopy``."""
        new = object.__new__(type(self))
        memo[id(self)] = new
        fields = new.__dict__
        for name, value in vars(self).items():
            found = memo.get(id(value), memo)
            if found is not memo:
                fields[name] = found
            elif type(value) in _PLAIN:
                fields[name] = value
            else:
                how = _COPIES.get(name)
                fields[name] = copy.deepcopy(value, memo) if how is None else how(value, memo)
        return new

    @property
    def segment(self) -> str:
        """The segment being played; changing it ends the one before (see :meth:`end_segment`)."""
        return self._segment

    @segment.setter
    def segment(self, name: str) -> None:
        if self._segment:
            self.end_segment()
        self._segment = name

    def end_segment(self) -> None:
        """NVA alone on a road location or a camp keep a garrison under HOLD: at the end of
        every segment, one more HOLD goes to the lowest-numbered unit until one unit has it
        (ftv:2.5.1B-C, 4.1.14C)."""
        # The places whose lone NVA are garrisoned here, Pleiku aside: a fact of the map, kept on it.
        held = self.map.derived.get("road locations and camps but Pleiku")
        if held is None:
            held = self.map.derived["road locations and camps but Pleiku"] = frozenset(
                loc
                for loc in self.map.locations
                if loc != PLEIKU and (self.map.is_road_location(loc) or self.map.camp(loc))
            )
        board = self.board
        # The NVA alone there with none under HOLD, in one call (a garrison already under HOLD,
        # the common case, is passed over there before the look at the US).
        for loc in board.nva_alone_unheld(held):
            nva = board.nva(loc)
            lowest = min((u for u in nva if not u.eliminated), key=lambda u: u.order)
            lowest.hold = True
            self.note(
                "ftv:2.5.1",
                f"{lowest.id}, the lowest-numbered NVA company in {loc}, garrisons it under HOLD",
            )

    # --- queries ----------------------------------------------------------------------------

    @property
    def tracing(self) -> bool:
        """Whether trace steps are kept (False with ``record=False``): text composed only for
        the trace may be skipped when not."""
        return getattr(self.trace, "keeps", True)

    def note(self, rule: str, text: str, **kwargs: Any) -> TraceStep | None:
        """Add a step to the trace; with traces off (``record=False``) nothing is built."""
        if not getattr(self.trace, "keeps", True):
            return None
        step = TraceStep.of(rule, text, **kwargs)
        self.trace.append(step)
        return step

    def where(self, unit: Company) -> str | None:
        return self.board.where(unit)

    def zone_units(self, zone: str) -> list[NvaCompany]:
        """Identified NVA in a Zone Box, lowest regiment and company first."""
        nva, placed, box = self.nva, self.board.loc_of, self.box
        found = []
        for i in self._nva_in_order():  # (a loop: a comprehension costs a function call in 3.11)
            if box[i] == zone and not (unit := nva[i]).eliminated and unit not in placed:
                found.append(unit)
        return found

    def _nva_in_order(self) -> tuple[str, ...]:
        """The NVA companies' ids, lowest regiment and company first (kept: the order of a
        company never changes)."""
        found = self.__dict__.get("_nva_order")
        if found is None:
            found = self._nva_order = tuple(
                sorted(self.box, key=lambda i: self.nva[i].order)  # every company has a box entry
            )
        return found

    def identified_zones(self) -> list[str]:
        """Zone Boxes holding identified NVA companies (any :meth:`zone_units` lists), read in
        one pass over the companies rather than one a zone."""
        nva, placed = self.nva, self.board.loc_of
        zones = set()
        for i, zone in self.box.items():  # (a loop: a comprehension costs a function call in 3.11)
            if len(zone) == 1 and not (unit := nva[i]).eliminated and unit not in placed:
                zones.add(zone)
        return sorted(zones)

    def unknown(self) -> list[NvaCompany]:
        return self.zone_units(UNKNOWN)

    def contested(self) -> list[str]:
        """Locations holding both sides."""
        return self.board.contested()  # (one call, not two a place)

    def us_on_map(self) -> list[str]:
        return self.board.held("us")

    def nva_on_map(self) -> list[str]:
        return self.board.held("nva")

    def garrison_at(self, loc: str) -> UsCompany | None:
        for u in self.board.us(loc):  # (a loop: a generator costs a function call in 3.11)
            if u.garrison:
                return u
        return None

    def treated_as_hold(self, loc: str) -> bool:
        """US units in Pleiku or beside an intact camp garrison count as under HOLD (ftv:4.1.5)."""
        return loc == PLEIKU or self.garrison_at(loc) is not None

    def ready(self, kinds: str | tuple[str, ...]) -> list[SupportUnit]:
        """The support counters of *kinds* (one kind or a tuple of them) ready to act."""
        support, found = self.support, []
        for i in self.support_ids(kinds):  # (a loop: a comprehension costs a function call in 3.11)
            u = support[i]
            if u.ready:
                found.append(u)
        return found

    def support_ids(self, kinds: str | tuple[str, ...]) -> tuple[str, ...]:
        """The ids of the support counters of *kinds* (one kind or a tuple of them), in the
        counters' order: kept, since the counters and their kinds never change (a scan for the
        ready ones of a kind reads only these)."""
        known = self.__dict__.get("_support_kinds")
        if known is None:
            known = self._support_kinds = {}
        found = known.get(kinds)
        if found is None:
            wanted = (kinds,) if type(kinds) is str else kinds
            found = known[kinds] = tuple([i for i, u in self.support.items() if u.kind in wanted])
        return found

    def summary(self) -> dict[str, Any]:
        """The position as plain data, for records and equality checks."""
        return {
            "turn": self.turn,
            "phase": self.phase,
            "cp": self.cp.left,
            "vp": self.vp,
            "casualty_points": self.casualty_points,
            "map": {
                loc: sorted(u.id for u in self.board.units(loc))
                for loc in self.map.graph
                if self.board.units(loc)
            },
            "supply": dict(sorted(self.board.supply.items())),
            "boxes": {i: z for i, z in sorted(self.box.items()) if self.where(self.nva[i]) is None},
            "nva_steps": {i: u.step for i, u in sorted(self.nva.items())},
            "us": {i: [u.broken, u.fatigue, u.eliminated] for i, u in sorted(self.us.items())},
            "nva_batteries": {
                str(r): [b.company, b.fired, b.eliminated]
                for r, b in sorted(self.batteries.items())
            },
            "aircraft_destroyed": list(self.aircraft_destroyed),
        }

    # --- scoring ----------------------------------------------------------------------------

    def score_possession(self) -> None:
        """Sole NVA possession after an NVA Open Combat Segment (ftv:3.5.6C, ftv:5.1B)."""
        gained = []
        total = 0  # (added up in the loop: sum() over a generator costs a function call)
        board = self.board
        for loc in board.in_use("nva"):
            if not board.has_nva(loc) or board.has_us(loc):
                continue
            if loc == PLEIKU:
                self.pleiku_lost = True
                self.ending = victory_level(self.vp, pleiku=True)
                self.note("ftv:5.1", "the NVA hold Pleiku alone: automatic NVA victory")
                raise GameOver
            if self.map.in_cambodia(loc):
                continue  # CAM 1 is a road location but scores nothing (ftv:3.5.6C)
            points = (self.values["vp_road_location"] if self.map.is_road_location(loc) else 0) + (
                self.values["vp_camp"] if self.map.camp(loc) else 0
            )
            if points:
                gained.append((loc, points))
                total += points
        self.vp += total
        if gained:
            self.note(
                "ftv:5.1",
                "NVA alone in "
                + ", ".join(f"{loc} (+{p})" for loc, p in gained)
                + f": +{total} VP",
                after={"vp": self.vp},
            )

    def final_vp(self) -> dict[str, int]:
        """The end-of-game additions (ftv:5.1C), each line separately."""
        us_companies_ = [u for u in self.us.values() if not u.garrison]
        v = self.values
        return {
            "casualty points": v["vp_casualty_point"] * self.casualty_points,
            "US broken companies": v["vp_us_broken"]
            * sum(1 for u in us_companies_ if u.broken and not u.eliminated),
            "garrisons eliminated": v["vp_garrison_lost"]
            * sum(1 for u in self.us.values() if u.garrison and u.eliminated),
            "US companies eliminated": v["vp_us_eliminated"]
            * sum(1 for u in us_companies_ if u.eliminated),
            "NVA broken units": v["vp_nva_broken"]
            * sum(
                1
                for u in self.nva.values()
                if u.broken and not u.eliminated and self.box[u.id] != EXITED
            ),
            "NVA units eliminated": v["vp_nva_eliminated"]
            * (
                sum(1 for u in self.nva.values() if u.eliminated and self.box[u.id] != EXITED)
                + self.extra_nva_eliminated  # a battery lost with its regiment (ftv:6.2.1D)
            ),
        }

    def zone_of(self, loc: str) -> str:
        zone = self.map.zone(loc)
        return zone if zone != CAMBODIA else "A"
