"""Support for one fight: US support units, adjacent supporting locations (ftv:3.4.4, 4.1.4)."""

from __future__ import annotations

from rulebook.games._decisions import Action, Decision, question
from rulebook.games.first_team._common import Flow
from rulebook.games.first_team._state import CampaignState
from rulebook.games.first_team._values import reads_values
from rulebook.games.first_team.logistics import consume_supply
from rulebook.games.first_team.support import SupportUnit
from rulebook.maps.point_map import PLEIKU

__all__ = ["commit_support", "nva_supporters", "us_supporters"]

_new = tuple.__new__  # an action of counter ids and a number, made without checking them

reads_values(
    "artillery_cp",
    "artillery_mixed_cp",
    "helicopter_support_cp",
    "aero_rocket_cp",
    "air_support_cp",
)


def support_cost(s: CampaignState, unit: SupportUnit, loc: str) -> int | None:
    """What committing *unit* to the fight at *loc* costs, or None if it cannot support a fight:
    a battery 1 CP when every company there carries its numeral and no camp garrison is present,
    else 2 (ftv:3.4.4.1C-D); gunship and observation 1 (ftv:3.4.4.3A), aero-rockets 1
    (ftv:3.4.4.4A), tactical air 2 (ftv:3.4.4.2A); the 1/9's own helicopters nothing (ftv:3.4.4.3D)."""
    v = s.values
    if unit.kind == "battery":
        us = [u for u in s.board.us(loc) if not u.garrison]
        numeral = s.spec.us.artillery.get(unit.id.split("/", 1)[1])
        dedicated = numeral is None or (
            {u.support for u in us} == {numeral} and not s.garrison_at(loc)
        )
        return v["artillery_cp"] if dedicated else v["artillery_mixed_cp"]
    value = _COSTS.get(unit.kind)
    if value is None:
        return None
    return 0 if "1/9" in unit.id else v[value]


# What each kind of support other than a battery costs: the scenario value it reads.
_COSTS = {
    "observation": "helicopter_support_cp",
    "gunship": "helicopter_support_cp",
    "aero-rocket": "aero_rocket_cp",
    "airstrike": "air_support_cp",
}


def commit_support(s: CampaignState, loc: str) -> Flow:
    """Support for one fight: batteries, air, gunship, observation, aero-rockets (ftv:3.4.4)."""
    committed: list[SupportUnit] = []
    s.supporting[loc] = []
    offered = _offered(s, loc)
    while True:
        # (loops: a comprehension costs a function call in 3.11)
        options = []
        for n in us_supporters(s, loc):
            options.append(Action.of("support-from", n))
        taken, kinds = set(), set()
        for c in committed:
            taken.add(id(c))
            kinds.add(c.kind)
        left = s.cp.left
        for unit, cost, text, single in offered:
            if cost > left or id(unit) in taken:
                continue
            if single is not None and single in kinds:
                continue  # a second brings nothing (ftv:3.4.4.3B)
            options.append(_new(Action, ("commit", (unit.id, text))))
        action = question(
            "us", [*options, Action.of("fight")], f"support for the fight at {loc}", "ftv:3.4.4"
        )
        if type(action) is Decision:
            action = yield action
        if action.verb == "fight":
            return committed
        if action.verb == "support-from":
            n = action.args[0]
            s.supporting[loc].append(n)
            consume_supply(s.board.supply, n)
            s.note(
                "ftv:4.1.4",
                f"the US at {n} support the fight at {loc}: one shift, one supply step used there",
            )
            continue
        unit = s.support[action.args[0]]
        s.cp.spend(int(action.args[1]), "ftv:3.4.4", f"{unit.id} in support")
        committed.append(unit)
        s.note("ftv:3.4.4", f"{unit.id} supports the fight at {loc} ({action.args[1]} CP)")


def _offered(s: CampaignState, loc: str) -> list[tuple[SupportUnit, int, str, str | None]]:
    """Each unit that may support the fight at *loc*, its cost (and as text), and its kind if
    a second of it brings nothing."""
    # Committing support makes no unit ready or not and moves no company at *loc* (all a cost
    # reads): which units may support here, and what each costs (a battery's by its battalion,
    # others' by kind), are worked out once for the fight; only the CPs left and what is
    # committed change from one decision to the next.
    nine_here = False
    for u in s.board.us(loc):  # (a loop: a generator costs a function call in 3.11)
        if not u.garrison and u.id == "1/9":
            nine_here = True
            break
    costs: dict[tuple, int | None] = {}
    offered = []
    for unit in s.support.values():
        if not unit.ready:
            continue
        nine = "1/9" in unit.id
        if nine and not nine_here:
            continue  # the 1/9's helicopters fly only for the 1/9 (ftv:3.4.4.3D)
        kind = unit.kind
        key = (kind, unit.id.split("/", 1)[1]) if kind == "battery" else (kind, nine)
        cost = costs.get(key, costs)
        if cost is costs:
            cost = costs[key] = support_cost(s, unit, loc)
        if cost is not None:
            single = kind if kind in ("observation", "gunship") else None
            offered.append((unit, cost, str(cost), single))
    return offered


def us_supporters(s: CampaignState, loc: str) -> list[str]:
    """Adjacent US-only locations that may still support a fight at *loc*: each supports one
    fight a segment and pays a supply step for it (ftv:4.1.4A-D; interpretation: a location
    with no supply step left cannot support)."""
    # (loops: a comprehension costs a function call in 3.11)
    used = set()
    for chosen in s.supporting.values():
        used.update(chosen)
    board = s.board
    found = []
    for n in s.map.neighbors(loc):
        if board.has_us(n) and not board.has_nva(n) and n not in used and board.supply.get(n, 0):
            found.append(n)
    return found


def _nva_support_key(s: CampaignState, loc: str) -> tuple:
    """The 3.5.1 priority order of fights, for choosing which one an NVA location supports."""
    return (
        loc != PLEIKU,
        not s.map.camp(loc),
        not s.map.is_road_location(loc),
        s.map.number(loc) or 0,
        loc,
    )


def nva_supporters(s: CampaignState, loc: str) -> int:
    """Adjacent NVA-only locations whose highest-priority neighbouring fight is *loc* (ftv:4.1.4C)."""
    count = 0
    for n in s.map.neighbors(loc):
        if not s.board.has_nva(n) or s.board.has_us(n) or n in s.rocketed:
            continue  # aero-rockets pin a location down (ftv:4.1.4A)
        fights = [m for m in s.map.neighbors(n) if s.board.has_us(m) and s.board.has_nva(m)]
        if fights and min(fights, key=lambda m: _nva_support_key(s, m)) == loc:
            count += 1
    return count
