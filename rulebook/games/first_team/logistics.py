"""Stacking, garrisons, fatigue and supply (ftv:2.3, 2.5, 2.6, 2.7, 3.3, 3.4.3)."""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from rulebook.games.first_team._pieces import Company, NvaCompany, UsCompany
from rulebook.games.first_team._values import number, reads_values
from rulebook.trace import Trace

if TYPE_CHECKING:
    from rulebook.games.first_team.combat import Effects
    from rulebook.maps.point_map import PointMap

__all__ = [
    "Stacking",
    "add_fatigue",
    "choose_garrison",
    "consume_for_combat",
    "consume_supply",
    "garrison_size",
    "may_join",
    "move_fatigue",
    "stacking_group",
    "stacking_problem",
    "stacking_tally",
    "stacking_verdict",
]

reads_values("us_stack_one_battalion", "us_stack_mixed", "nva_stack", "fatigue_breaks_at")


def stacking_problem(
    units: Iterable[Company], *, mix: str = "battalion", values: Mapping[str, Any] | None = None
) -> str | None:
    """Why these units may not share a location, or None if they may (ftv:2.3.1).

    Garrisons do not count for the US (nor do pathfinders and markers, which are not units
    here); NVA artillery is not a unit here either. *mix* is the scenario option
    ``us_stacking_mix``: the two-company limit applies when ``battalion``s or ``brigade``s mix.
    The limits are the scenario's ``us_stack_one_battalion``, ``us_stack_mixed`` and ``nva_stack``.

    >>> from rulebook.games.first_team import campaign_scenario, us_company
    >>> spec = campaign_scenario().first_team
    >>> three = [us_company(spec, c) for c in ("A/1/8", "B/1/8", "C/1/8")]
    >>> stacking_problem(three + [us_company(spec, "A/2/8")])
    'US companies of more than one battalion: at most 2 may stack, not 4'
    >>> stacking_problem(three + [us_company(spec, "A/2/8")], mix="brigade") is None
    True
    """
    return stacking_verdict(stacking_tally(units, mix), mix=mix, values=values)


def stacking_tally(units: Iterable[Company], mix: str = "battalion") -> tuple[int, int, frozenset]:
    """What ftv:2.3.1 counts of *units*: NVA units, US companies (not garrisons) and the groups
    (:func:`stacking_group`) those come from; eliminated units count for nothing.

    An options builder tallies each place once and asks :func:`may_join` for each candidate.

    >>> from rulebook.games.first_team import campaign_scenario, us_company
    >>> spec = campaign_scenario().first_team
    >>> stacking_tally([us_company(spec, c) for c in ("A/1/8", "B/1/8", "Plei Me")])
    (0, 2, frozenset({'1/8'}))
    """
    nva = us = 0
    groups = set()
    for u in units:
        counted = _counts_as(u, mix)
        if counted is _NVA:
            nva += 1
        elif counted is not _NOTHING:
            us += 1
            groups.add(counted)
    return nva, us, frozenset(groups)


_NVA, _NOTHING = object(), object()


def _counts_as(unit: Company, mix: str) -> object:
    """What *unit* adds to a stacking tally: ``_NVA``, its US group, or ``_NOTHING``
    (eliminated units and garrisons; ftv:2.3.1, 2.5.2)."""
    if unit.eliminated:
        return _NOTHING
    if isinstance(unit, NvaCompany):
        return _NVA
    if isinstance(unit, UsCompany) and not unit.garrison:
        return stacking_group(unit, mix)
    return _NOTHING


def may_join(
    tally: tuple[int, int, frozenset],
    unit: Company,
    *,
    mix: str = "battalion",
    values: Mapping[str, Any] | None = None,
) -> bool:
    """Whether *unit* may join a place of this tally: ``stacking_problem([*there, unit])`` is
    None (ftv:2.3.1), without counting the place again."""
    return _may_join_as(tally, _counts_as(unit, mix), mix, values)


def _may_join_as(
    tally: tuple[int, int, frozenset], counted: object, mix: str, values: Mapping[str, Any] | None
) -> bool:
    """:func:`may_join` for a unit that counts as *counted* (:func:`_counts_as`)."""
    nva, us, groups = tally
    if counted is _NVA:
        nva += 1
    elif counted is not _NOTHING:
        us += 1
        if counted not in groups:
            groups = groups | {counted}
    return stacking_verdict((nva, us, groups), mix=mix, values=values) is None


def stacking_verdict(
    tally: tuple[int, int, frozenset],
    *,
    mix: str = "battalion",
    values: Mapping[str, Any] | None = None,
) -> str | None:
    """Why a place of this tally (:func:`stacking_tally`) breaks a stacking limit, or None."""
    nva, us, groups = tally
    nva_limit = number(values, "nva_stack")
    if nva > nva_limit:
        return f"{nva} NVA units: at most {nva_limit} may stack"
    if not us:
        return None
    if len(groups) == 1:
        one = number(values, "us_stack_one_battalion")
        if us > one:
            return f"{us} US companies: at most {one} of one battalion may stack"
        return None
    mixed = number(values, "us_stack_mixed")
    if us > mixed:
        return f"US companies of more than one {mix}: at most {mixed} may stack, not {us}"
    return None


class Stacking:
    """ftv:2.3.1 asked many times over, as the options builders do: one campaign's limits and
    mixing reading, with the answers kept (each is a function of what it is asked alone).

    A tally is kept by the units it counts (live ones, as ``Board.us`` lists them), and whether
    a unit may join a place by the place's tally and what the unit counts as. Everything is kept
    for one campaign only (its Stacking lives on the position): kept for every campaign of the
    same limits, the answers outlived each game, so the cycle collector that runs after a game
    walked them all (1.5% of a random campaign's instructions) for the few that another campaign
    found made.

    >>> from rulebook.games.first_team import campaign_scenario, us_company
    >>> spec = campaign_scenario().first_team
    >>> rules = Stacking("battalion", None)
    >>> there = rules.tally([us_company(spec, c) for c in ("A/1/8", "B/1/8")])
    >>> rules.may_join(there, us_company(spec, "C/1/8")), rules.may_join(there, us_company(spec, "A/2/8"))
    (True, False)
    """

    # Groups of movers whose answers of joining are kept, at most: forgotten all at once past it
    # (as the ground blocks are).
    LIMIT = 2_000

    def __init__(self, mix: str, values: Mapping[str, Any] | None) -> None:
        self.mix, self.values = mix, values
        # {tally: {what a unit counts as: may join}} (a place's answers looked up by its tally
        # once, then by what each unit counts as) and may_stack's answers: few, since a place
        # holds few units.
        self.answers: dict[tuple, dict[object, bool]] = {}
        self.stacks: dict[tuple, dict[tuple, bool]] = {}  # by the stack's tally, then the place's
        self.tallies: dict[tuple, tuple[int, int, frozenset]] = {}
        # One tally object for every equal tally: keys holding tallies (here, and the callers'
        # kept blocks and landing zones) then compare them by identity, not by their groups.
        self._same: dict[tuple, tuple[int, int, frozenset]] = {}
        # Which of a group of movers may join a place, by what they count as, then the place's
        # tally (a campaign asks about 700 times, for about 100 keys).
        self._kept: dict[str, dict] = {}
        self.each = self.kept("joining")
        self.counting: dict[Company, object] = {}

    def kept(self, name: str) -> dict:
        """The campaign's dictionary of *name*, for a caller's answers that are functions of what
        stacking decides (and of their key): never invalid, since neither changes."""
        found = self._kept.get(name)
        if found is None:
            found = self._kept[name] = {}
        return found

    def tally(self, units: list[Company]) -> tuple[int, int, frozenset]:
        """:func:`stacking_tally` of these live *units*."""
        key = tuple(units)
        found = self.tallies.get(key)
        if found is None:
            found = stacking_tally(units, self.mix)
            found = self.tallies[key] = self._same.setdefault(found, found)
        return found

    def tally_each(self, lists: list[list[Company]]) -> tuple[tuple[int, int, frozenset], ...]:
        """:meth:`tally` of each of *lists*, in one call."""
        tallies, found = self.tallies, []
        for units in lists:
            tally = tallies.get(tuple(units))
            if tally is None:
                tally = self.tally(units)
            found.append(tally)
        return tuple(found)

    def answers_of(self, tally: tuple[int, int, frozenset]) -> dict[object, bool]:
        """Whether a unit may join a place of this *tally*, by what it counts as: the answers
        known so far (the callers add to them)."""
        found = self.answers.get(tally)
        if found is None:
            found = self.answers[tally] = {}
        return found

    def may_join(self, tally: tuple[int, int, frozenset], unit: Company) -> bool:
        """:func:`may_join` for this reading and these limits."""
        known = self.answers_of(tally)
        what = _counts_as(unit, self.mix)
        found = known.get(what)
        if found is None:
            found = known[what] = may_join(tally, unit, mix=self.mix, values=self.values)
        return found

    def counts_as(self, unit: Company) -> object:
        """What a live *unit* counts as for stacking (kept: only elimination would change it)."""
        found = self.counting.get(unit)
        if found is None:
            found = self.counting[unit] = _counts_as(unit, self.mix)
        return found

    def counted(self, units: list[Company]) -> tuple:
        """What each of *units* counts as for stacking (for :meth:`joining`)."""
        mix = self.mix
        return tuple(_counts_as(u, mix) for u in units)

    def joining(self, tally: tuple[int, int, frozenset], counted: tuple) -> tuple[int, ...]:
        """The positions of the units (as :meth:`counted` gives them) that may each join a
        place of this *tally*, one at a time."""
        known = self.joinings(counted)
        found = known.get(tally)
        if found is None:
            answers = self.answers_of(tally)
            may = []
            for k, what in enumerate(counted):
                answer = answers.get(what)
                if answer is None:
                    answer = answers[what] = _may_join_as(tally, what, self.mix, self.values)
                if answer:
                    may.append(k)
            found = known[tally] = tuple(may)
        return found

    def joinings(self, counted: tuple) -> dict[tuple, tuple[int, ...]]:
        """:meth:`joining`'s answers for these *counted* units by tally, as known so far: a caller
        asking of many places looks them up in it, and asks :meth:`joining` for the others."""
        found = self.each.get(counted)
        if found is None:
            if len(self.each) >= self.LIMIT:
                self.each.clear()
            found = self.each[counted] = {}
        return found

    def open_places(
        self,
        places: list[str],
        tallies: tuple,
        counted: object,
        answers: list[dict[object, bool]] | None = None,
    ) -> tuple[str, ...]:
        """The *places* (of these *tallies*, in order) a unit that counts as *counted* may join;
        *answers* is :meth:`answers_of` each tally, if the caller has them.

        Each place's answer is kept; the list is kept by the caller, by places and tallies.
        """
        if answers is None:
            answers = [self.answers_of(tally) for tally in tallies]
        try:
            # Most often every place's answer is known (the answers are the campaign's, by
            # tally): then one pass that calls nothing per place.
            return tuple(itertools.compress(places, map(operator.itemgetter(counted), answers)))
        except KeyError:
            pass
        mix, values = self.mix, self.values
        found = []
        for place, tally, known in zip(places, tallies, answers, strict=True):
            answer = known.get(counted)
            if answer is None:
                answer = known[counted] = _may_join_as(tally, counted, mix, values)
            if answer:
                found.append(place)
        return tuple(found)

    def may_stack(
        self, there: tuple[int, int, frozenset], movers: tuple[int, int, frozenset]
    ) -> bool:
        """Whether a whole stack of tally *movers* may join a place of tally *there*."""
        known = self.stacking(movers)
        found = known.get(there)
        if found is None:
            joined = (there[0] + movers[0], there[1] + movers[1], there[2] | movers[2])
            verdict = stacking_verdict(joined, mix=self.mix, values=self.values)
            found = known[there] = verdict is None
        return found

    def stacking(self, movers: tuple[int, int, frozenset]) -> dict[tuple, bool]:
        """:meth:`may_stack`'s answers for a stack of tally *movers* by the tally of the place,
        as known so far (for a caller asking of many places, as :meth:`joinings`)."""
        found = self.stacks.get(movers)
        if found is None:
            found = self.stacks[movers] = {}
        return found


def stacking_group(unit: UsCompany, mix: str = "battalion") -> str | int | None:
    """What a US company counts as for mixing (ftv:2.3.1): its battalion, or its brigade when
    *mix* is ``brigade``. Two companies of one group are alike to :func:`stacking_problem`
    (neither a garrison nor eliminated), so an options builder may ask it once per group.

    >>> from rulebook.games.first_team import campaign_scenario, us_company
    >>> unit = us_company(campaign_scenario().first_team, "A/2/8")
    >>> stacking_group(unit), stacking_group(unit, "brigade")
    ('2/8', 1)
    """
    return unit.battalion if mix == "battalion" else unit.brigade


def garrison_size(point_map: PointMap, loc: str, attackers: int) -> int:
    """How many NVA units must stay in a taken place (ftv:2.5.1, ftv:4.1.14).

    Half the attackers, rounded up, at a Special Forces camp; one at any other road location;
    six in Pleiku; none elsewhere.
    """
    if loc == "Pleiku":
        return 6
    if point_map.camp(loc):
        return math.ceil(attackers / 2)
    return 1 if point_map.is_road_location(loc) else 0


def choose_garrison(units: Iterable[NvaCompany], size: int) -> list[NvaCompany]:
    """The lowest companies of the lowest regiment stay, under HOLD (ftv:4.1.14C)."""
    chosen = sorted((u for u in units if not u.eliminated), key=lambda u: u.order)[:size]
    for unit in chosen:
        unit.hold = True
    return chosen


def add_fatigue(
    unit: UsCompany,
    points: int,
    fx: Effects | None = None,
    values: Mapping[str, Any] | None = None,
) -> None:
    """Raise a company's fatigue; at level 5 it flips to broken and its fatigue resets to 0
    (ftv:2.6B); a broken company reaching 5 is eliminated (ftv:2.6C).

    Points past the fifth are not carried into the new count: the book resets the level to 0.
    A camp garrison has no broken side, so reaching 5 eliminates it (ftv:2.5.2B). The level
    is the scenario's ``fatigue_breaks_at``.

    >>> from rulebook.games.first_team import campaign_scenario, us_company
    >>> unit = us_company(campaign_scenario().first_team, "A/1/8")
    >>> unit.fatigue = 4
    >>> add_fatigue(unit, 2)
    >>> unit.broken, unit.fatigue
    (True, 0)
    """
    unit.fatigue += points
    if unit.fatigue < number(values, "fatigue_breaks_at") or unit.eliminated:
        return
    unit.fatigue = 0
    if unit.broken or unit.garrison:
        unit.eliminated = True
        if fx is not None:
            fx.eliminated.append(unit.id)
    else:
        unit.broken = True
        if fx is not None:
            fx.broken.append(unit.id)


def move_fatigue(point_map: PointMap, path: list[str], *, supplied: bool) -> int:
    """Fatigue for one ground move along *path* (ftv:3.4.3D-E, ftv:2.7C).

    Each line costs by its colour; a move without supply costs one more in all, once for a
    two-location road move (interpretation ftv:2.7/road-double-move).
    """
    if len(path) < 2:
        return 0
    cost = sum(map(point_map.fatigue_cost, path, path[1:]))  # (map: a generator costs a call)
    return cost + (0 if supplied else 1)


def consume_supply(supply: dict[str, int], loc: str) -> bool:
    """Use one supply step at a location: a full counter flips, a half one goes (ftv:3.3A).

    Supply is counted in steps (a full counter is two); returns False when there was none.
    """
    if supply.get(loc, 0) <= 0:
        return False
    supply[loc] -= 1
    if supply[loc] == 0:
        del supply[loc]
    return True


def consume_for_combat(
    supply: dict[str, int], fought: list[str], supporting: list[str], trace: Trace
) -> list[str]:
    """One supply step wherever US units fired or were ambushed, or fired in support (ftv:4.1.10).

    Returns the locations that had nothing to give; their units fought unsupplied.
    """
    short = []
    for loc in [*fought, *supporting]:
        if consume_supply(supply, loc):
            trace.step("ftv:4.1.10", f"one supply step used at {loc}")
        else:
            short.append(loc)
            trace.step("ftv:4.1.10", f"no supply left at {loc} to use")
    return short
