"""A scripted player for each side: simple, documented, deterministic rules of thumb.

It is not strong play; it is a steady opponent for simulations, so that a
change to the rules shows in the results instead of in the noise of random
choices. Its habits, decision by decision:

- set-up and reinforcements: US spread out, fewest platoons first; NVA next to
  the most US platoons, the ambush;
- a Fire/Move chit: fire with the group that has enemies beside or among its
  units, else move the group with most units on the map (NVA toward the US, US
  toward LZ Albany); adrenaline is always played;
- fire at the adjacent area with most enemy platoons, all dice on it; mortars
  and air at the area with most enemies; napalm before bombs; evacuate the area
  with most wounded;
- hits: the first hit chosen against the enemy goes to an officer if one may be
  picked, else to the most damaged unit; one's own hits go to the least damaged;
- a senior officer always adds his die where his side fights;
- melee survivors stand; return fire always; the NVA advance with every firing
  unit, the US hold; an officer who moves takes every hit platoon he can;
- airlift: platoons first, as many as the landing zone takes, then officers;
- flares over NVA beside US units; rally whoever can be rallied.
"""

from __future__ import annotations

from collections.abc import Callable

from rulebook._words import quoted
from rulebook.games._decisions import Action
from rulebook.games.lz_albany._pieces import other
from rulebook.games.lz_albany._state import ALBANY, State
from rulebook.games.lz_albany.engine import GameState

Policy = Callable[[GameState], Action]


def _enemies(s: State, area: str, side: str) -> int:
    return len(s._platoons_at[other(side)].get(area, ()))  # len(s.platoons(...)), no copy


def _enemies_around(s: State, area: str, side: str) -> int:
    """Enemy platoons in the areas next to *area*."""
    theirs = s._platoons_at[other(side)]
    return sum(len(theirs.get(n, ())) for n in s.map._neighbors[area])


def _distance_to(s: State, area: str, targets: set[str]) -> int:
    if not targets:
        return 0
    near = s.map.within(area, 12)
    return min((near[t] for t in targets if t in near), default=99)


By = dict[str, list[Action]]


def _place(s: State, side: str, by: By) -> Action:
    if side == "nva":
        return max(
            by["place"],
            key=lambda a: (
                _enemies_around(s, a.args[1], side),
                -_enemies(s, a.args[1], other(side)),
            ),
        )
    return min(by["place"], key=lambda a: _enemies(s, a.args[1], other(side)))


def _activate(s: State, side: str, by: By) -> Action | None:
    found: dict[str, int] = {}

    def engaged(group: str) -> int:  # worked out once per group
        if group not in found:
            areas = {u.area for u in s._where[(side,)] if u.group == group and not u.is_officer}
            found[group] = sum(_enemies(s, a, side) + _enemies_around(s, a, side) for a in areas)
        return found[group]

    firing = [a for a in by["activate"] if a.args[1] == "fire" and engaged(a.args[0])]
    if firing:
        return max(firing, key=lambda a: engaged(a.args[0]))
    moving = [a for a in by["activate"] if a.args[1] == "move"]
    return (
        max(moving, key=lambda a: sum(1 for u in s.on_map(side) if u.group == a.args[0]))
        if moving
        else None
    )


def _fire(s: State, side: str, by: By) -> Action:
    single = [a for a in by["fire"] if len(a.args) == 2]
    return max(single or by["fire"], key=lambda a: _enemies(s, a.args[1].split(":")[0], side))


def _move(s: State, side: str, by: By) -> Action | None:
    targets = (
        {u.area for u in s.on_map("us") if not u.is_officer and u.area}
        if side == "nva"
        else {ALBANY}
    )
    best = min(by["move"], key=lambda a: (_distance_to(s, a.args[1], targets), len(a.args)))
    here = s.units[best.args[0]].area
    closer = here and _distance_to(s, best.args[1], targets) < _distance_to(s, here, targets)
    return best if closer else None


def _hit(s: State, side: str, by: By) -> Action:
    targets = [s.units.get(a.args[0]) or s.wounded[a.args[0]] for a in by["hit"]]
    own = getattr(targets[0], "side", "us") == side
    if not own:
        officers = [
            a
            for a, t in zip(by["hit"], targets, strict=True)
            if getattr(t, "kind", "") == "officer"
        ]
        if officers:
            return officers[0]
    order = sorted(zip(by["hit"], targets, strict=True), key=lambda at: getattr(at[1], "hits", 9))
    return order[0][0] if own else order[-1][0]


def _lift(s: State, side: str, by: By) -> Action:
    platoons = [a for a in by["lift"] if not s.units[a.args[0]].is_officer]
    return (platoons or by["lift"])[0]


def _most_enemies(s: State, side: str, options: list[Action]) -> Action:
    return max(options, key=lambda a: _enemies(s, a.args[-1], side))


def _flare(s: State, side: str, by: By) -> Action | None:
    lit = [a for a in by["flare"] if _enemies(s, a.args[0], side)]
    return lit[0] if lit else None


# In order: the first verb on offer whose handler gives an answer decides.
HANDLERS = [
    ("place", _place),
    ("activate", _activate),
    ("adrenaline", lambda s, side, by: by["adrenaline"][0]),
    ("melee", lambda s, side, by: by["melee"][0]),
    ("fire", _fire),
    ("mortar", lambda s, side, by: max(by["mortar"], key=lambda a: _enemies(s, a.args[1], side))),
    ("move", _move),
    ("follow", lambda s, side, by: by["follow"][0]),
    ("join", lambda s, side, by: by["join"][0]),
    ("hit", _hit),
    ("return-fire", lambda s, side, by: by["return-fire"][0]),
    ("advance", lambda s, side, by: by["advance"][0] if side == "nva" else None),
    ("stay", lambda s, side, by: by["stay"][0]),
    ("rally", lambda s, side, by: by["rally"][0]),
    (
        "evacuate",
        lambda s, side, by: max(by["evacuate"], key=lambda a: len(s.wounded_in(a.args[0]))),
    ),
    ("napalm", lambda s, side, by: _most_enemies(s, side, by["napalm"])),
    ("bombs", lambda s, side, by: _most_enemies(s, side, by["bombs"])),
    ("artillery", lambda s, side, by: _most_enemies(s, side, by["artillery"])),
    ("gunship", lambda s, side, by: by["gunship"][0]),
    ("lift", _lift),
    ("flare", _flare),
    (
        "event",
        lambda s, side, by: max(by["event"], key=lambda a: len(s.platoons(a.args[0], other(side)))),
    ),
]
FALLBACK = ("done", "no-flare", "keep", "hold", "skip", "pass")
_RANK = {verb: (rank, handler) for rank, (verb, handler) in enumerate(HANDLERS)}


def _choose(s: State, side: str, options: list[Action]) -> Action:
    by: By = {}
    for action in options:
        verb = action[0]
        if verb in by:
            by[verb].append(action)
        else:
            by[verb] = [action]
    # the handlers of the verbs on offer, in the order of HANDLERS
    for _rank, handler in sorted(_RANK[v] for v in by if v in _RANK):
        answer = handler(s, side, by)
        if answer is not None:
            return answer
    return next((by[v][0] for v in FALLBACK if v in by), options[0])


def scripted_policy(side: str) -> Policy:
    """The scripted player for *side* ('us' or 'nva'); see the module's notes for its habits."""
    if side not in ("us", "nva"):
        raise ValueError(f"no scripted player for side {quoted(side)}; choose us or nva")

    def choose(state: GameState) -> Action:
        return _choose(state.board, side, state.legal_actions())

    return choose
