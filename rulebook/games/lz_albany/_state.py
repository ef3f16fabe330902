"""The position: counters, chits, VP, flares; the queries rules ask of it, and hits (lza:4, 6.1, 8, 10.4)."""

from __future__ import annotations

import copy
from bisect import bisect_left, insort
from collections import Counter
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from rulebook._words import quoted
from rulebook.dice import Dice
from rulebook.games.lz_albany._pieces import (
    Chit,
    PlacedUnit,
    Unit,
    WoundedMarker,
    battery_name,
    build_forces,
    other,
)
from rulebook.maps import AreaMap, shared_area_map
from rulebook.trace import Trace

if TYPE_CHECKING:
    from rulebook.scenario import Scenario

_order = attrgetter("_order")


_MAP_FACTS: WeakKeyDictionary = WeakKeyDictionary()


def _map_facts(area_map: AreaMap) -> dict:
    """Facts that depend on a map alone, one dict per map, kept while the map lives."""
    found = _MAP_FACTS.get(area_map)
    if found is None:
        found = _MAP_FACTS[area_map] = {}
    return found


def _remove(group: list, unit: Any) -> None:
    """Take *unit* out of an index list (kept in counter order, so found by bisection)."""
    i = bisect_left(group, unit._order, key=_order)
    if not (i < len(group) and group[i] is unit):  # never expected: look it up one by one
        i = next(j for j, u in enumerate(group) if u is unit)
    del group[i]


def _flat_copy(record: Any) -> Any:
    """A copy of a counter, chit or marker (all fields plain values), without __setattr__."""
    new = object.__new__(type(record))
    new.__dict__.update(record.__dict__)
    return new


# Fields holding only plain values (strings, numbers, tuples of them) or parts shared by every
# copy (the arrivals' specs): a copy of the container is a deep copy.
# The index of who stands where and what is kept against it (see State._build_index): a copy
# of a position makes its own.
_INDEX = frozenset(
    ("_where", "_platoons_at", "_officers_at", "_facts", "_changes", "_presence", "_kept")
)

_ONE_LEVEL = frozenset(
    {
        "pool",
        "vp_log",
        "flares",
        "flares_now",
        "vp",
        "adrenaline_box",
        "arrivals",
        "activations",
        "officer_activations",
        "lone_moves",
        "officer_casualties",
    }
)

ALBANY = "LZ-Albany"
COLUMBUS = "LZ-Columbus"
TRANSITION = "Transition"


class GameOver(Exception):  # noqa: N818 - a signal, not an error
    """Raised inside the flow the moment the game ends (lza:4.2)."""


@dataclass
class Rules:
    """The scenario's numbers and options, read once."""

    turns: int
    night_turns: frozenset[int]
    stacking: int
    activations: int
    hit_face: int
    mortar_range: int
    officer_casualty_face: int
    rally_face: int
    night_wounded_faces: frozenset[int]
    night_spot_faces: frozenset[int]
    dust_off_damage_faces: frozenset[int]
    landing_hit_face: int
    flares: int
    flares_per_chit: int
    retreat_vp: int
    victory_vp: int
    bomb_dice: int
    hits_absorbed: dict[str, int]
    reduced_at: int
    senior_activations: int
    lone_officer_activations: int
    officer_bonus: int
    jungle_penalty: int
    night_penalty: int
    officer_target_turns: frozenset[int]
    us_skip_turns: frozenset[int]
    mortar_cap: int
    friendly_fire_faces: frozenset[int]
    artillery_us_cap: int
    artillery_silenced_at: int
    drift_faces: frozenset[int]
    gunship_damage_face: int
    napalm_hits: int
    napalm_collateral_face: int
    rally_max_hits: int
    dust_off_bonus: dict[str, int]
    dust_off_damage_loss: int
    airlift_room: dict[str, int]
    options: dict[str, Any]

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> Rules:
        v = {k: s.value for k, s in scenario.values.items()}
        return cls(
            turns=scenario.turns.value if scenario.turns else 10,
            night_turns=frozenset(v["night_turns"]),
            stacking=v["stacking_limit"],
            activations=v["activations_per_unit_group"],
            hit_face=v["hit_face"],
            mortar_range=v["mortar_range_areas"],
            officer_casualty_face=v["officer_casualty_face"],
            rally_face=v["rally_face_without_officer"],
            night_wounded_faces=frozenset(v["night_wounded_lost_faces"]),
            night_spot_faces=frozenset(v["night_spotting_faces"]),
            dust_off_damage_faces=frozenset(v["hot_zone_dust_off_damage_faces"]),
            landing_hit_face=v["hot_zone_landing_hit_face"],
            flares=v["flares"],
            flares_per_chit=v["flares_per_chit"],
            retreat_vp=v["nva_retreat_at_us_vp"],
            victory_vp=v["nva_automatic_victory_vp"],
            bomb_dice=v["skyraider_bomb_dice"],
            hits_absorbed={"us": v["hits_absorbed_us"], "nva": v["hits_absorbed_nva"]},
            reduced_at=v["reduced_at_hits"],
            senior_activations=v["senior_officer_activations"],
            lone_officer_activations=v["lone_officer_activations"],
            officer_bonus=v["officer_bonus_dice"],
            jungle_penalty=v["jungle_dice_per_unit"],
            night_penalty=v["night_dice_penalty"],
            officer_target_turns=frozenset(v["officer_target_turns"]),
            us_skip_turns=frozenset(v["us_skips_event_and_rally_turns"]),
            mortar_cap=v["mortar_hit_cap"],
            friendly_fire_faces=frozenset(v["friendly_fire_faces"]),
            artillery_us_cap=v["artillery_us_hit_cap"],
            artillery_silenced_at=v["artillery_silenced_at_hits"],
            drift_faces=frozenset(v["artillery_drift_faces"]),
            gunship_damage_face=v["gunship_damage_face"],
            napalm_hits=v["napalm_hits"],
            napalm_collateral_face=v["napalm_collateral_face"],
            rally_max_hits=v["rally_max_hits"],
            dust_off_bonus={
                "albany": v["dust_off_albany_bonus"],
                "sawgrass": v["dust_off_sawgrass_bonus"],
            },
            dust_off_damage_loss=v["dust_off_damage_loss"],
            airlift_room={
                "albany": v["airlift_albany"],
                "sawgrass": v["airlift_sawgrass"],
                "jungle": v["airlift_jungle"],
            },
            options={k: o.default for k, o in scenario.options.items()},
        )


VP_SOURCES = {
    "us": (
        "man_killed",
        "nva_eliminated",
        "nva_reduced",
        "wounded_evacuated",
        "albany_control",
        "nva_retreat",
    ),
    "nva": (
        "mcdade_killed",
        "officer_killed",
        "us_eliminated",
        "us_reduced",
        "wounded_destroyed",
        "wounded_left",
        "air_casualty",
        "albany_control",
        "columbus_melee",
    ),
}
"""Every source of VP the engine awards, by side (lza:4.1); a scenario's schedule lists them all."""

VP_WORDS = {
    "man_killed": "Commander Man killed",
    "nva_eliminated": "an NVA platoon eliminated",
    "nva_reduced": "an NVA platoon reduced",
    "wounded_evacuated": "a wounded marker evacuated",
    "albany_control": "control of LZ Albany",
    "nva_retreat": "forcing the NVA retreat",
    "mcdade_killed": "Lt. Col. McDade killed",
    "officer_killed": "a US officer killed",
    "us_eliminated": "a US platoon eliminated",
    "us_reduced": "a US platoon reduced",
    "wounded_destroyed": "a wounded marker destroyed",
    "wounded_left": "a wounded marker left on the map",
    "air_casualty": "a helicopter hit by ground fire",
    "columbus_melee": "starting a melee in LZ Columbus",
}
"""Each VP source in words, for the trace and the designer: the ids are file keys, not English."""
# The one source awarded several times at once (lza:4.1B), said in the plural.
VP_WORDS_MANY = {"wounded_left": "wounded markers left on the map"}


@dataclass
class State:
    """Everything on the table at one moment. Plain data: counters, chits, markers, scores."""

    scenario: Scenario
    map: AreaMap
    rules: Rules
    dice: Dice
    units: dict[str, Unit]
    chits: dict[str, Chit]
    turn: int = 0
    phase: str = "set-up"
    pool: list[str] = field(default_factory=list)
    wounded: dict[str, WoundedMarker] = field(default_factory=dict)
    activations: Counter = field(default_factory=Counter)
    officer_activations: Counter = field(default_factory=Counter)
    adrenaline_box: dict[str, str | None] = field(default_factory=lambda: {"us": None, "nva": None})
    visibility_drawn: bool = False
    flares_left: int = 0
    flares: set[str] = field(default_factory=set)
    flares_now: set[str] = field(default_factory=set)
    vp: dict[str, int] = field(default_factory=lambda: {"us": 0, "nva": 0})
    vp_log: list[tuple[int, str, str, int]] = field(default_factory=list)
    retreat: bool = False
    winner: str | None = None
    ending: str | None = None
    officer_casualties: Counter = field(default_factory=Counter)
    trace: Trace = field(default_factory=Trace)
    arrivals: dict[str, Any] = field(default_factory=dict)
    lone_moves: Counter = field(default_factory=Counter)
    _where: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    # facts that depend on which areas hold platoons of which side and where the officers
    # stand and how hurt (who sees what, fire and mortar targets): dropped when those change
    _facts: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _changes: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    # how many times an area gained its first or lost its last platoon of a side: all that
    # fire from next door reads of it (lza:7.2A, 7.3)
    _presence: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    # how many times anything in _changes has changed: equal counts mean no counter on the map
    # arrived, left, moved, or was hit or wounded in between
    _changed: int = field(default=0, init=False, repr=False, compare=False)
    # the index's lists of an area, by side then area (an area without one is not there):
    # looked up by strings, since the commonest questions of the board (disputed? whose
    # platoons? over the limit?) cost a key tuple each, made, hashed and compared, otherwise
    _platoons_at: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _officers_at: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    # options worked out for some counters (by the set of their ids, then by area), with the
    # change counts they were worked out at (see _activation._FireKept)
    _kept: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    # where a counter can go or a mortar reach from an area: the map's alone (lza:6.2, 7.4),
    # so shared by every game on the same map (see _map_facts)
    _reach: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    # each unit group's activate actions by side and modes, its counters' ids, the senior
    # officers' and the order arrivals are placed in: the scenario's alone, so shared by a
    # game's positions (see _flow._activations, _flow._arrival_order and
    # _activation._senior_ids)
    _activation_actions: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._reach = _map_facts(self.map)
        self._build_index()

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """A copy of the position (Undo's checkpoints): counters copied one level, containers of
        plain values copied one level, the index copied onto the new counters, everything else
        deep-copied through *memo* (which shares what never changes)."""
        new = object.__new__(type(self))
        memo[id(self)] = new
        copied = new.__dict__
        for name, value in self.__dict__.items():
            if name in ("units", "chits", "wounded"):  # flat records of plain values
                copied[name] = {k: _flat_copy(v) for k, v in value.items()}
            elif name in _ONE_LEVEL:
                copied[name] = type(value)(value)
            elif name in ("_reach", "_activation_actions"):
                copied[name] = value  # the map's or the scenario's alone: shared
            elif name not in _INDEX:
                copied[name] = copy.deepcopy(value, memo)
        units = new.units
        for unit in units.values():
            object.__setattr__(unit, "_board", new)
        # the same lists in the same order, of the new counters (as _build_index would make)
        new._where = {key: [units[u.id] for u in group] for key, group in self._where.items()}
        new._platoons_at, new._officers_at = (
            {
                side: {area: [units[u.id] for u in group] for area, group in by_area.items()}
                for side, by_area in at.items()
            }
            for at in (self._platoons_at, self._officers_at)
        )
        new._facts, new._changes, new._kept = {}, {}, {}  # counts start afresh
        new._presence = dict.fromkeys(self.map._neighbors, 0)
        return new

    @classmethod
    def new(cls, scenario: Scenario, dice: Dice) -> State:
        """The table before turn 1: every counter waiting, the flares available, no VP (lza:3.2A)."""
        rules = Rules.from_scenario(scenario)
        spec = scenario.lz_albany
        if spec is None or scenario.map is None:
            raise ValueError(f"scenario {quoted(scenario.id)} has no lz_albany or map section")
        absorbed = rules.hits_absorbed
        forces = build_forces(spec, absorbed["us"], absorbed["nva"], rules.reduced_at)
        arrivals = {o.id: o.arrives for o in spec.senior_officers}
        company_arrival = {c.id: c.arrives for c in spec.companies}
        for unit in forces.units.values():
            if unit.company in company_arrival:
                arrivals[unit.id] = company_arrival[unit.company]
        return cls(
            scenario,
            shared_area_map(scenario.map),
            rules,
            dice,
            forces.units,
            forces.chits,
            flares_left=rules.flares,
            arrivals=arrivals,
        )

    # --- queries -------------------------------------------------------------

    @property
    def night(self) -> bool:
        """Turns 9 and 10 are fought in the dark (lza:11.0)."""
        return self.turn in self.rules.night_turns

    def night_in(self, area: str) -> bool:
        """Night effects apply here unless a flare lights it for this action (lza:11.2)."""
        # (self.night, inlined: asked of every attack)
        return self.turn in self.rules.night_turns and area not in self.flares_now

    # The index of who stands where: in _where, on-map counters by (side,), officers by
    # (side, True) and a unit group's by (side, group); an area's platoons in
    # _platoons_at[side][area] and its officers in _officers_at[side][area]. Each list is in
    # the order of ``units``, so every query answers exactly as a full scan would (``in_area``
    # merges the two of an area in that order when asked for both).
    # Counters keep it current themselves (PlacedUnit.__setattr__ calls lift and drop).

    def _build_index(self) -> None:
        self._where = {("us",): [], ("nva",): [], ("us", True): [], ("nva", True): []}
        self._facts = {}
        self._changes = {}  # counted afresh, so options kept against the old counts go too
        # every area of the map holds a count, so a lookup of all of an area's neighbours at
        # once (an itemgetter, see _activation._presence_near) needs no default
        self._presence = dict.fromkeys(self.map._neighbors, 0)
        self._platoons_at, self._officers_at = {"us": {}, "nva": {}}, {"us": {}, "nva": {}}
        self._kept = {}
        for order, unit in enumerate(self.units.values()):
            unit._order, unit._board = order, self
            unit.__class__ = PlacedUnit  # from now on it keeps this index current
            self.drop(unit)

    def release(self) -> None:
        """Unlink the counters from this board, for a game that is over and read: the links
        are the only reference cycle of a game, so without them it is freed at once (by
        reference counting) when dropped. The counters no longer keep the index current."""
        for unit in self.units.values():
            object.__setattr__(unit, "_board", None)

    def _keys(self, unit: Unit) -> tuple[tuple, ...]:
        """The keys of _where's lists that hold *unit* (its area's are in _at's)."""
        side, group = unit.side, unit.group
        # (side, group): a unit group's counters on the map, which an activation reads
        # (lza:5.2); a counter never changes group, so only arrivals and losses move it there.
        if unit.is_officer:
            if group is None:  # a senior officer belongs to no group (lza:5.2D)
                return (side,), (side, True)
            return (side,), (side, True), (side, group)
        return (side,), (side, group)

    def _at(self, officers: bool) -> dict[str, dict[str, list[Unit]]]:
        """The index's lists of officers or of platoons, by side and area."""
        return self._officers_at if officers else self._platoons_at

    def lift(self, unit: Unit) -> None:
        """Take a counter out of the index (before its area, status or wounded side changes)."""
        self._facts = {}
        if unit.status != "on-map":
            return
        changes, area = self._changes, unit.area
        changes[area] = changes.get(area, 0) + 1
        self._changed += 1
        where = self._where
        for key in self._keys(unit):
            _remove(where[key], unit)
        officer = unit.is_officer
        at = self._at(officer)[unit.side]
        group = at[area]
        _remove(group, unit)
        if not group:  # the last of its kind left the area
            del at[area]
            if not officer:
                self._presence[area] = self._presence.get(area, 0) + 1

    def relocate(self, unit: Unit, area: str | None) -> None:
        """Move a counter to *area* and keep the index current (its side's list stays as it is).

        The facts of ``_facts`` (who sees what, which areas hold a side's platoons, mortar
        targets) depend on where officers stand and on which areas hold platoons, not on how
        many: a platoon joining its side's platoons or leaving some behind keeps them.
        """
        if unit.status != "on-map":
            object.__setattr__(unit, "area", area)
            return
        changes, old = self._changes, unit.area
        changes[old] = changes.get(old, 0) + 1
        changes[area] = changes.get(area, 0) + 1
        self._changed += 1
        officer = unit.is_officer
        stale = officer  # an officer's move changes what his side sees
        at = (self._officers_at if officer else self._platoons_at)[unit.side]  # self._at, inlined
        group = at[old]
        if len(group) > 1:
            _remove(group, unit)
        else:  # the last of his kind left the area (the index holds him there: he is the one)
            del at[old]
            stale = True
            if not officer:
                self._presence[old] = self._presence.get(old, 0) + 1
        object.__setattr__(unit, "area", area)
        group = at.get(area)
        if group is None:
            at[area] = [unit]
            stale = True  # the first of his kind here
            if not officer:
                self._presence[area] = self._presence.get(area, 0) + 1
        else:
            insort(group, unit, key=_order)
        if stale:
            self._facts = {}

    def drop(self, unit: Unit) -> None:
        """Put a counter into the index (after its area, status or wounded side changed)."""
        if unit.status != "on-map":
            return
        changes = self._changes
        changes[unit.area] = changes.get(unit.area, 0) + 1
        self._changed += 1
        where = self._where
        for key in self._keys(unit):
            group = where.get(key)
            if group is None:
                where[key] = [unit]
            else:
                insort(group, unit, key=_order)
        officer, area = unit.is_officer, unit.area
        at = self._at(officer)[unit.side]
        group = at.get(area)
        if group is None:
            at[area] = [unit]
            if not officer:  # the first platoon of its side here
                self._presence[area] = self._presence.get(area, 0) + 1
        else:
            insort(group, unit, key=_order)

    def hurt(self, unit: Unit) -> None:
        """A counter's hits changed: its strength did, so options kept for its area are stale.

        The facts of ``_facts`` (who sees what, fire and mortar targets) depend on which areas
        hold platoons and where officers stand, not on hits, so they stay.
        """
        if unit.status == "on-map":
            self._changes[unit.area] = self._changes.get(unit.area, 0) + 1
            self._changed += 1

    def changes(self, area: str) -> int:
        """How many times who stands in *area*, or how hurt they are, has changed in this game
        (a counter's arrival, departure, wound or hit): equal counts mean nothing changed there.
        """
        return self._changes.get(area, 0)

    def on_map(self, side: str | None = None) -> list[Unit]:
        if side is None:
            return [u for u in self.units.values() if u.status == "on-map"]
        return list(self._where[(side,)])

    def in_area(
        self, area: str, side: str | None = None, *, officers: bool | None = None
    ) -> list[Unit]:
        """Counters in an area; officers=True only officers, False only platoons."""
        if side is None:  # both sides' lists merged in counter order, as a scan of units gives
            kinds = (False, True) if officers is None else (officers,)
            found = []
            for who in ("us", "nva"):  # (loops, not a comprehension: see able_officers)
                for kind in kinds:
                    found += self._at(kind)[who].get(area, ())
            found.sort(key=_order)
            return found
        if officers is None:  # the platoons and the officers, in counter order
            return sorted(
                [*self._platoons_at[side].get(area, ()), *self._officers_at[side].get(area, ())],
                key=_order,
            )
        return list(self._at(officers)[side].get(area, ()))

    def platoons(self, area: str, side: str) -> list[Unit]:
        return list(self._platoons_at[side].get(area, ()))

    def disputed(self, area: str) -> bool:
        """Opposing units share the area (lza:7.2); the Transition Area never is (lza:6.5)."""
        if area == TRANSITION:
            return False
        held = self._platoons_at
        return area in held["us"] and area in held["nva"]

    def occupied_by(self, area: str, side: str) -> bool:
        return bool(self.in_area(area, side))

    def wounded_in(self, area: str) -> list[WoundedMarker]:
        found = []
        for w in self.wounded.values():  # (a loop, not a comprehension: see able_officers)
            if w.status == "on-map" and w.area == area:
                found.append(w)
        return found

    def able_officers(self, area: str, side: str) -> list[Unit]:
        """Unwounded officers in an area; only they use the abilities of lza:10.3."""
        # (a loop, not a comprehension: in Python 3.11 that is a function made and called,
        # for no officer or one, mostly)
        found = []
        for u in self._officers_at[side].get(area, ()):
            if not u.wounded:
                found.append(u)
        return found

    def columbus_base(self, area: str) -> bool:
        """LZ Columbus is a base outside the stacking limit (interpretation lza:6.1/columbus)."""
        return area == COLUMBUS

    def over_stack(self, area: str, side: str) -> int:
        """Platoons of one side past the stacking limit (lza:6.1); officers never count (lza:10.2).

        In LZ Columbus there is none under the ``no-limit`` reading of
        lza:6.1/columbus; under ``placement-only`` the effects still count there.
        """
        past = len(self._platoons_at[side].get(area, ())) - self.rules.stacking
        if past <= 0:  # (the commonest answer: checked first, it skips the option lookup)
            return 0
        if area == COLUMBUS and self.rules.options.get("columbus_stacking") == "no-limit":
            return 0
        return past

    def full_for_placement(self, area: str, side: str) -> bool:
        """No room to place another platoon here (lza:3.2C-F); LZ Columbus always has room (lza:6.1/columbus)."""
        if area == COLUMBUS:  # self.columbus_base(area), inlined: asked of every arrival area
            return False
        return len(self._platoons_at[side].get(area, ())) >= self.rules.stacking

    def sees(self, observer_area: str, target: str) -> bool:
        """LOS from an officer's area, with night (lza:11.1A) and flares (lza:7.8, lza:11.2)."""
        return self.map.los.visible(observer_area, target, night=self.night_in(target))

    def spotted(self, side: str, target: str) -> bool:
        """Some unwounded officer of *side* has the target in sight (lza:10.3 Spotting)."""
        night = self.night and target not in self.flares_now  # night_in, inlined: asked often
        return target in self.sighted(side, night=night)

    def spotted_among(self, side: str, targets: list[str]) -> list[str]:
        """The *targets* some unwounded officer of *side* has in sight, in order: what
        :meth:`spotted` says of each, reading the sight of the side once (lza:10.3)."""
        night = self.night
        found = []
        if night and self.flares_now:  # lit and unlit targets are seen differently (lza:11.2)
            for t in targets:  # (loops, not comprehensions: see able_officers)
                if self.spotted(side, t):
                    found.append(t)
            return found
        seen = self.sighted(side, night=night)
        for t in targets:
            if t in seen:
                found.append(t)
        return found

    def sighted(self, side: str, *, night: bool) -> set[str]:
        """Every area some unwounded officer of *side* sees, by day or by night (lza:10.3).

        Worked out once per position: the union of what each officer's area sees.
        """
        key = ("sighted", side, night)
        found = self._facts.get(key)
        if found is None:
            seen_from = self.map.los.seen_from
            found = self._facts[key] = set()
            for u in self._where[(side, True)]:  # the side's officers (a loop: see able_officers)
                if not u.wounded and u.area is not None:
                    found.update(seen_from(u.area, night=night))
        return found

    def called(self, uid: str) -> str:
        """A counter as the trace and the prompts name it.

        Platoons and company officers go by their ids, which are what the counters show; a
        battery by its number, as the log's sentences name it. A senior officer's id (``A``, ``Man``) is a bare name that reads as an ordinary word in a
        sentence ("A enters in D3"), so he goes by the short form of the title the scenario
        gives him (``Commander A``); a wounded marker by the platoon it stands for.
        """
        names = self.__dict__.get("_names")
        if names is None:  # (prompts ask for names at every step, traced or not: made once)
            names = self._names = {
                o.id: o.title.split(",")[0].split(" (")[0].strip()
                for o in self.scenario.lz_albany.senior_officers  # type: ignore[union-attr]
                if o.title
            } | {u.id: battery_name(u.id) for u in self.units.values() if u.kind == "artillery"}
        name = names.get(uid)
        if name is not None:
            return name
        if uid.startswith("W-") and uid in self.wounded:
            return f"the wounded marker of {uid[2:]}"
        return uid

    # --- score -----------------------------------------------------------------

    def award(self, side: str, source: str, count: int = 1) -> None:
        """Add VP from a listed source (lza:4.1): the US schedule (lza:4.1A) or the NVA one
        (lza:4.1B); trigger the retreat (lza:5.2E) and automatic victory (lza:4.2)."""
        if source not in VP_SOURCES[side]:  # keeps the list validate() checks complete
            raise KeyError(
                f"{quoted(source)} is not on the {side} VP schedule of VP_SOURCES (lza:4.1)"
            )
        table = self.scenario.lz_albany.vp[side]  # type: ignore[union-attr]
        if source not in table:
            raise KeyError(f"{quoted(source)} is not on the {side} VP schedule (lza:4.1)")
        points = table[source] * count
        if points == 0:
            return
        self.vp[side] += points
        self.vp_log.append((self.turn, side, source, points))
        if self.trace.keeps:
            why = (
                f"{count} {VP_WORDS_MANY[source]}"
                if count > 1 and source in VP_WORDS_MANY
                else VP_WORDS.get(source, source)
            )
            self.trace.step(
                "lza:4.1",
                f"{side.upper()} scores {points} VP: {why}",
                after={f"{side} VP": self.vp[side]},
            )
        if side == "us" and not self.retreat and self.vp["us"] >= self.rules.retreat_vp:
            self.retreat = True
            self.trace.step(
                "lza:5.2E",
                "US reaches the retreat threshold: the NVA must fall back",
                after={"us VP": self.vp["us"]},
            )
            nva_adrenaline = [
                c for c in self.chits.values() if c.side == "nva" and c.kind == "adrenaline"
            ]
            for chit in nva_adrenaline:
                chit.in_play = False
                if chit.id in self.pool:
                    self.pool.remove(chit.id)
                if self.adrenaline_box["nva"] == chit.id:
                    self.adrenaline_box["nva"] = None
            self.award("us", "nva_retreat")
        if side == "nva" and self.vp["nva"] >= self.rules.victory_vp:
            self.winner, self.ending = "nva", "automatic victory"
            self.trace.step(
                "lza:4.2",
                "NVA reaches the automatic-victory total; the game ends",
                after={"nva VP": self.vp["nva"]},
            )
            raise GameOver

    # --- hits ------------------------------------------------------------------

    def hit(
        self, target: Unit | WoundedMarker, *, cap: int | None = None, rule: str = "lza:8.2"
    ) -> bool:
        """Apply one hit (lza:8.2); *cap* is the most hits the source may leave (mortars: 2).

        Returns False if the cap stopped the hit (it is lost).
        """
        if isinstance(target, WoundedMarker):
            target.status = "destroyed"
            self.trace.step(rule, f"{self.called(target.id)} in {target.area} is destroyed")
            self.award("nva", "wounded_destroyed")
            return True
        if target.is_officer:
            self.officer_casualty(target, rule)
            return True
        if cap is not None and target.hits + 1 > cap:
            self.trace.step(
                rule,
                f"{self.called(target.id)} cannot take hit {target.hits + 1} from this source;"
                " the hit is lost",
            )
            return False
        before = target.hits
        target.hits += 1
        if self.trace.keeps:
            self.trace.step(
                rule,
                f"{target.id} takes a hit",
                before={"hits": before},
                after={"hits": target.hits},
            )
        if target.hits == target.reduced_at:
            self.trace.step("lza:8.3", f"{target.id} flips to its reduced side")
            self.award(other(target.side), "nva_reduced" if target.side == "nva" else "us_reduced")
        # NVA: gone at the last hit they absorb; US: one before it, the wounded marker takes the last (lza:8.2)
        if target.hits >= target.capacity - (1 if target.side == "us" else 0):
            self.eliminate(target)
        return True

    def eliminate(self, unit: Unit) -> None:
        """Fourth hit: an NVA platoon is gone; a US platoon leaves a wounded marker (lza:8.2)."""
        area = unit.area
        unit.status, unit.area = "eliminated", None
        self.trace.step("lza:8.2", f"{unit.id} is eliminated")
        if unit.side == "us":
            wid = f"W-{unit.id}"
            self.wounded[wid] = WoundedMarker(wid, area or "")
            self.trace.step("lza:8.2", f"a wounded marker takes its place in {area}")
            self.award("nva", "us_eliminated")
        else:
            self.award("us", "nva_eliminated")

    def officer_casualty(self, officer: Unit, rule: str) -> None:
        """First hit wounds an officer, the second kills him (lza:10.4)."""
        who = self.called(officer.id) if officer.senior else f"officer {officer.id}"
        if not officer.wounded:
            officer.wounded = True
            self.officer_casualties[officer.side] += 1
            self.trace.step("lza:10.4", f"{who} is wounded and loses his abilities ({rule})")
            return
        officer.status, officer.area = "eliminated", None
        self.trace.step("lza:10.4", f"{who} is killed ({rule})")
        if officer.id == "McDade":
            self.award("nva", "mcdade_killed")
        elif officer.id == "Man":
            self.award("us", "man_killed")
        elif officer.side == "us":
            self.award("nva", "officer_killed")

    def leader_check(self, area: str, side: str, rule: str, *, each: bool = False) -> None:
        """Officer casualty check after a hit-scoring attack (lza:7.4, 7.5, 7.6, 7.7)."""
        officers = self.in_area(area, side, officers=True)
        if not officers:
            return
        chosen = officers if each else [officers[self.dice.pick(len(officers), rule)]]
        for officer in chosen:
            face = self.dice.d6(rule)
            fell = face >= self.rules.officer_casualty_face
            self.trace.step(
                rule,
                f"leader check for {self.called(officer.id)}: rolled {face}"
                + (", a casualty" if fell else ""),
                rolls=self.dice.rolls[-1:],
            )
            if fell:
                self.officer_casualty(officer, rule)

    # --- records ----------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """A compact, JSON-ready picture of the position."""
        return {
            "turn": self.turn,
            "phase": self.phase,
            "vp": dict(self.vp),
            "retreat": self.retreat,
            "pool": sorted(self.pool),
            "flares_left": self.flares_left,
            "units": {u.id: u.to_dict() for u in self.units.values() if u.status != "waiting"},
            "wounded": {w.id: {"area": w.area, "status": w.status} for w in self.wounded.values()},
            "winner": self.winner,
            "ending": self.ending,
        }
