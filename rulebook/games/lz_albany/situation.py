"""Set up a small situation and resolve one procedure in it: the reader's "what happens if".

Two US platoons in C4 fire six dice at an NVA platoon in D4 (more than their
counters give, which the resolver takes as stated), and it fires back with two
(the dice are scripted: one 6 going out, none coming back):

>>> from rulebook.games.lz_albany.situation import Situation
>>> s = Situation(place={"A/2-7-1": "C4", "A/2-7-2": "C4", "6/8-66-1": "D4"},
...               dice=[6, 1, 2, 3, 4, 5, 1, 2, 3])
>>> result = s.run("fire", "C4", "D4:6")
>>> result.state.units["6/8-66-1"].hits
1
>>> print(result.trace[0])
[lza:7.3] US fires from C4 at D4 (6 dice); primary target D4
>>> [str(step) for step in result.trace if step.rule == "lza:7.1"]
['[lza:7.1] 6 dice, 1 hit(s) dice: 6 1 2 3 4 5 (hits: 1)', '[lza:7.1] 2 dice, 0 hit(s) dice: 1 2 (hits: 0)']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from rulebook._words import quoted
from rulebook.dice import Dice, ScriptedDice
from rulebook.games._decisions import Action, Chance, Decision
from rulebook.games.lz_albany import _activation, _combat, _flow, _support
from rulebook.games.lz_albany._pieces import WoundedMarker
from rulebook.games.lz_albany._state import GameOver, State
from rulebook.games.lz_albany.engine import _standard
from rulebook.scenario import Scenario
from rulebook.trace import Trace

__all__ = ["CALLED_IN", "Resolution", "Situation", "attack", "first_option"]

Chooser = Callable[[Decision], Action]


#: Attacks a US officer calls in, seeing the target (lza:7.4-7.7): :func:`attack` always puts
#: one in the firing area.
CALLED_IN = frozenset({"mortar", "artillery", "gunship", "bombs"})


def first_option(decision: Decision) -> Action:
    """Answer every decision with its first option (a deterministic default)."""
    return decision.options[0]


@dataclass
class Resolution:
    """What a procedure did: the trace of rules applied, the decisions met, and the state after."""

    trace: Trace
    decisions: list[tuple[Decision, Action]]
    state: State

    def _repr_html_(self) -> str:
        return self.trace._repr_html_()


class Situation:
    """A position built from a few placements, in which one procedure can be run.

    Parameters
    ----------
    place : mapping of unit id to area id
        Counters on the map; every other counter stays off it.
    turn : int
        The turn (9 and 10 are night turns).
    hits : mapping of unit id to hits already taken
    wounded_officers : ids of officers already wounded
    markers : mapping of wounded-marker id to area
    flares : areas lit for the action
    options : scenario options to set
    dice : a Dice, a seed, or the faces to script
    choices : notations answering decisions in order; after them, *choose* decides
    """

    def __init__(
        self,
        place: dict[str, str],
        *,
        turn: int = 3,
        hits: dict[str, int] | None = None,
        wounded_officers: Iterable[str] = (),
        markers: dict[str, str] | None = None,
        flares: Iterable[str] = (),
        options: dict[str, Any] | None = None,
        dice: Dice | int | Sequence[int] = 0,
        choices: Sequence[str] = (),
        choose: Chooser = first_option,
        scenario: Scenario | None = None,
    ) -> None:
        if isinstance(dice, Dice):
            rolled = dice
        elif isinstance(dice, int):
            rolled = Dice(dice)
        else:
            rolled = ScriptedDice(dice)
        # A situation only reads its scenario, so the shipped one is shared, not copied.
        self.state = State.new(scenario or _standard(), rolled)
        s = self.state
        s.rules.options.update(options or {})
        s.turn, s.phase = turn, "action"
        for uid, area in place.items():
            unit = s.units.get(uid)
            if unit is None:
                raise KeyError(f"no counter {quoted(uid)} in the scenario")
            s.map.area(area)
            unit.status, unit.area = "on-map", area
        for uid, count in (hits or {}).items():
            s.units[uid].hits = count
        for uid in wounded_officers:
            s.units[uid].wounded = True
        for wid, area in (markers or {}).items():
            s.wounded[wid] = WoundedMarker(wid, area)
        s.flares = set(flares)
        s.flares_now = set(flares)
        self.choices = [Action.from_notation(c) for c in choices]
        self.choose = choose

    def run(self, procedure: str, *args: str) -> Resolution:
        """Run one procedure: melee, fire, mortar, move, artillery, gunship, skyraider, bombs,
        napalm, dust-off, rally, wounded, event."""
        s = self.state
        mark = len(s.trace)
        self._first_answer = None
        flow = self._flow(procedure, *args)
        decisions: list[tuple[Decision, Action]] = []
        scripted = ([self._first_answer] if self._first_answer else []) + list(self.choices)
        try:
            request = next(flow)
            while True:
                if isinstance(request, Chance):
                    answer = request.options[0]
                else:
                    answer = scripted.pop(0) if scripted else self.choose(request)
                    if answer not in request.options:
                        raise ValueError(
                            f"{answer} is not an option here: {[str(o) for o in request.options]}"
                        )
                    decisions.append((request, answer))
                request = flow.send(answer)
        except (StopIteration, GameOver):
            pass
        return Resolution(Trace(s.trace[mark:]), decisions, s)

    def _side_in(self, area: str) -> str:
        return "us" if self.state.platoons(area, "us") else "nva"

    def _ids(self, area: str, side: str) -> set[str]:
        return {u.id for u in self.state.in_area(area, side)}

    def _scripted(self, flow, answer: str | None):  # a generator, answered first with *answer*
        """Answer the procedure's first question with *answer* (the target the caller named)."""
        self._first_answer = Action.from_notation(answer) if answer else None
        return flow

    def _flow(self, procedure: str, *args: str):  # a generator of decisions
        s = self.state

        def chit(kind: str):
            return next(c for c in s.chits.values() if c.kind == kind)

        procedures = {
            "melee": lambda area, attacker="us": _combat.melee(
                s, area, attacker, self._ids(area, attacker)
            ),
            "fire": lambda area, *shares: _combat.infantry_fire(
                s,
                Action.of("fire", area, *shares),
                self._side_in(area),
                self._ids(area, self._side_in(area)),
            ),
            "mortar": lambda area, target: _combat.mortar_fire(
                s, area, target, self._side_in(area), self._ids(area, self._side_in(area))
            ),
            "move": lambda side, group: _activation.move_activation(
                s, side, _activation.activated(s, side, group)
            ),
            "activate": lambda side, group, mode: _flow.activation(s, side, group, mode),
            "artillery": lambda gun=None, target=None: (
                _support.artillery_strike(s, s.units[gun], target) if gun else _support.artillery(s)
            ),
            "gunship": lambda target=None: self._scripted(
                _support.gunship(s, chit("gunship")), f"gunship {target}" if target else None
            ),
            "skyraider": lambda: _support.skyraider(s, chit("skyraider")),
            "dust-off": lambda: _support.dust_off(s, chit("dust-off")),
            "bombs": lambda area: _support.bombs(s, area),
            "napalm": lambda area: _as_flow(_support.napalm, s, area),
            "rally": lambda: _flow.rally_phase(s),
            "wounded": lambda: _as_flow(_flow.wounded_check, s),
            "event": lambda: _flow.event_phase(s),
        }
        if procedure not in procedures:
            raise ValueError(
                f"unknown procedure {quoted(procedure)}; choose from {', '.join(procedures)}"
            )
        return procedures[procedure](*args)


def _as_flow(func: Callable[..., None], *args: Any):  # a generator that asks nothing
    func(*args)
    yield from ()


@cache
def _probe() -> State:
    """The shipped scenario's counters, to name the ones a ready-made attack places (read only)."""
    return State.new(_standard(), Dice(0))


def _pick(state: State, side: str, kind: str, count: int) -> list[str]:
    ids = [u.id for u in state.units.values() if u.side == side and u.kind == kind]
    if count > len(ids):
        raise ValueError(
            f"the scenario has only {len(ids)} {side.upper()} {kind} units, not {count}"
        )
    return ids[:count]


def _check_target(s: State, procedure: str, area: str, target: str) -> None:
    """Refuse an attack the rules would never offer, saying why, rather than work out its odds.

    >>> attack("fire", "A1", "A1")
    Traceback (most recent call last):
    ...
    ValueError: rifles fire at another area: in A1 itself the two sides melee (lza:7.2)
    >>> attack("fire", "A1", "F7")
    Traceback (most recent call last):
    ...
    ValueError: rifles fire only at an area next to their own (lza:7.3): F7 is not next to A1
    >>> attack("artillery", "A1", "F7")
    Traceback (most recent call last):
    ...
    ValueError: artillery fires only at an area the NVA hold alone that a US officer sees (lza:7.5): the officer in A1 does not see F7
    """
    if procedure in ("fire", "mortar") and target == area:
        weapon = "rifles" if procedure == "fire" else "mortars"
        raise ValueError(
            f"{weapon} fire at another area: in {area} itself the two sides melee (lza:7.2)"
        )
    if procedure == "fire" and target not in _combat._fire_targets(s, area, "us"):
        if target not in s.map.neighbors(area):
            raise ValueError(
                f"rifles fire only at an area next to their own (lza:7.3): {target} is not "
                f"next to {area}"
            )
        raise ValueError(f"{target} cannot be fired at from {area} (lza:7.2A, 7.3)")
    if procedure == "mortar" and target not in _combat.mortar_targets(s, area, "us"):
        raise ValueError(
            f"mortars fire only within {s.rules.mortar_range} areas at an area a US officer "
            f"sees (lza:7.4): {target} is not one from {area}"
        )
    if procedure == "artillery" and target not in s.spotted_among(
        "us", _support._undisputed_nva_areas(s)
    ):
        raise ValueError(
            "artillery fires only at an area the NVA hold alone that a US officer sees "
            f"(lza:7.5): the officer in {area} does not see {target}"
            if not s.spotted("us", target)
            else f"artillery fires only at an area the NVA hold alone (lza:7.5): {target} is not"
        )
    if procedure == "gunship" and not (s.disputed(target) or _support._near_us(s, target)):
        raise ValueError(
            "a gunship attacks an NVA unit in a disputed area, next to US platoons or seen by "
            f"a US officer (lza:7.6): the officer in {area} does not see {target}"
        )
    if procedure == "bombs" and not (
        target in _support._undisputed_nva_areas(s) and _support._near_us(s, target)
    ):
        raise ValueError(
            "bombs fall only on an area the NVA hold alone, next to US platoons or seen by a "
            f"US officer (lza:7.7): {target} is not one, with the officer in {area}"
        )


def _check_forces(procedure: str, area: str, target: str, us: int, nva: int) -> None:
    """Refuse an attack with nobody to make it or nobody to take it, saying which.

    >>> attack("fire", "C4", "D4", us=0)
    Traceback (most recent call last):
    ...
    ValueError: no US units in C4 to fire: set US units to 1 or more
    >>> attack("melee", "C4", "D4", nva=0)
    Traceback (most recent call last):
    ...
    ValueError: no NVA units in C4 to be attacked: set NVA units to 1 or more
    """
    if procedure in ("melee", "fire", "mortar") and us < 1:
        verb = "melee" if procedure == "melee" else "fire"
        raise ValueError(f"no US units in {area} to {verb}: set US units to 1 or more")
    if nva < 1:
        where = area if procedure == "melee" else target
        raise ValueError(f"no NVA units in {where} to be attacked: set NVA units to 1 or more")


def attack(
    procedure: str,
    area: str,
    target: str,
    *,
    us: int = 2,
    nva: int = 1,
    us_officer: bool = False,
    nva_officer: bool = False,
    turn: int = 3,
    flare: bool = False,
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> tuple[Situation, tuple[str, ...]]:
    """A ready-made situation for one attack, and the arguments to run it with.

    ``melee`` puts both sides in *area*; ``fire`` and ``mortar`` put the US
    (rifles or mortars) in *area* and the NVA in *target*; ``artillery``,
    ``gunship`` and ``bombs`` put a US officer in *area* watching *target*.

    >>> s, args = attack("fire", "C4", "D4", us=2, nva=1)
    >>> args
    ('C4', 'D4:4')
    """
    _check_forces(procedure, area, target, us, nva)
    probe = _probe()
    place: dict[str, str] = {}
    us_kind = "mortar" if procedure == "mortar" else "infantry"
    nva_area = area if procedure == "melee" else target
    if procedure in ("melee", "fire", "mortar"):
        place |= dict.fromkeys(_pick(probe, "us", us_kind, us), area)
    place |= dict.fromkeys(_pick(probe, "nva", "infantry", nva), nva_area)
    if us_officer or procedure in CALLED_IN:
        place["McDade"] = area
    if nva_officer:
        place["Man"] = nva_area
    if procedure == "artillery":
        place["Arty-1"] = "LZ-Columbus"
    situation = Situation(
        place=place, turn=turn, flares=[target] if flare else [], options=options, dice=seed
    )
    s = situation.state
    _check_target(s, procedure, area, target)
    if procedure == "melee":
        args: tuple[str, ...] = (area, "us")
    elif procedure == "fire":
        from rulebook.games.lz_albany._combat import firing_dice

        shooters = s.platoons(area, "us")
        dice = firing_dice(
            s,
            shooters,
            "fire",
            area,
            "us",
            officers=len(s.able_officers(area, "us")),
            rule="lza:7.3",
            trace=False,
        )
        args = (area, f"{target}:{dice}")
    elif procedure in ("mortar", "bombs"):
        args = (area, target) if procedure == "mortar" else (target,)
    elif procedure == "artillery":
        args = ("Arty-1", target)
    elif procedure == "gunship":
        if not s.platoons(target, "nva"):
            raise ValueError(f"a gunship needs an NVA unit to attack in {target}")
        args = (s.platoons(target, "nva")[0].id,)
    else:
        raise ValueError(f"no ready-made attack for {quoted(procedure)}")
    return situation, args
