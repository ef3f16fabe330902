"""What every phase of the campaign flow shares: action tokens, the trace writer, the mixing reading."""

from __future__ import annotations

from collections.abc import Callable, Generator

from rulebook.games._decisions import Action, ask
from rulebook.games.first_team._state import CampaignState
from rulebook.games.first_team.logistics import Stacking
from rulebook.maps.point_map import AN_KHE

__all__ = [
    "AN_KHE_ARG",
    "DONE",
    "Flow",
    "Sink",
    "add_counters",
    "from_token",
    "move_supply",
    "stacking",
    "stacking_mix",
    "to_token",
]

Flow = Generator

AN_KHE_ARG = "AnKhe"  # action arguments have no spaces
DONE = Action.of("done")


def add_counters(
    s: CampaignState,
    chosen: list,
    joinable: Callable[[list], list],
    *,
    prompt: str,
    rule: str,
    cost: int,
    paid: tuple[str, str],
) -> Flow:
    """Let the player add counters to an attack one at a time, *cost* CP each, while the CPs
    last, until done: the air strike's "join" (ftv:3.4.1.3) and the aero-rocket volley's
    (ftv:3.4.4.4D) alike. *joinable* gives the counters that may join *chosen* so far; *paid*
    is the rule and the words (before the counter's id) that the spending is logged with."""
    pay_rule, words = paid
    while True:
        more = [Action.of("join", u.id) for u in joinable(chosen)] if s.cp.left >= cost else []
        join = yield from ask("us", [*more, DONE], prompt, rule)
        if join == DONE:
            return
        chosen.append(s.support[join.args[0]])
        s.cp.spend(cost, pay_rule, f"{words}{join.args[0]}")


def from_token(token: str) -> str:
    """The location an action argument names.

    >>> from_token("AnKhe"), from_token("D2")
    ('An Khe', 'D2')
    """
    return AN_KHE if token == AN_KHE_ARG else token


def to_token(loc: str) -> str:
    """The action argument for a location (no spaces)."""
    return AN_KHE_ARG if loc == AN_KHE else loc


class Sink:
    """A Trace-like writer into the campaign trace."""

    def __init__(self, s: CampaignState) -> None:
        self.s = s

    def step(self, rule: str, text: str, **kwargs: object) -> None:
        self.s.note(rule, text, **kwargs)


def stacking_mix(s: CampaignState) -> str:
    """The reading of ftv:2.3 in force: which US companies may share a location."""
    return s.options.get("us_stacking_mix", "battalion")


def stacking(s: CampaignState) -> Stacking:
    """The campaign's :class:`Stacking`, kept on the position: what a live company counts as and
    the tally of a list of live companies never change, so its answers hold from one segment to
    the next (a position's copy starts its own, for its own counters)."""
    found = s.__dict__.get("_stacking")
    if found is None:
        found = s._stacking = Stacking(stacking_mix(s), s.values)
    return found


def move_supply(s: CampaignState, origin: str, dest: str) -> None:
    """One supply counter (two steps, or one if only a half is left) changes location."""
    counter = 2 if s.board.supply[origin] >= 2 else 1
    s.board.supply[origin] -= counter
    if not s.board.supply[origin]:
        del s.board.supply[origin]
    s.board.supply[dest] = s.board.supply.get(dest, 0) + counter
