"""First Team in words: each US action and log entry as sentences a class can follow.

>>> from rulebook.games.first_team.engine import new_campaign
>>> g = new_campaign(seed=1)
>>> a = g.legal_actions()[0]
>>> describe(a, g.board)
'Put a landing-zone marker on A1'
>>> action_places(a, g.board)
('A1',)
"""

from __future__ import annotations

from rulebook.games._core import LogEntry
from rulebook.games._decisions import Action
from rulebook.games._narrate import Sentence, count, entry_sentences
from rulebook.games.first_team._state import CampaignState

__all__ = ["action_places", "describe", "narrate"]

AN_KHE_ARG = "AnKhe"  # how actions write An Khe (no spaces in arguments)
BY_HELICOPTER = "helicopter"


def _loc(token: str) -> str:
    return "An Khe" if token == AN_KHE_ARG else token


def _where(uid: str, board: CampaignState | None) -> str | None:
    if board is None:
        return None
    unit = board.us.get(uid) or board.nva.get(uid)
    return board.where(unit) if unit is not None else None


def describe(action: Action, board: CampaignState | None = None) -> str:  # noqa: PLR0911, PLR0912 - one branch per verb, read like a glossary
    """An action in words; *board* (the position it is offered in) adds where units are."""
    v, a = action.verb, action.args
    if v == "place-lz":
        return f"Put a landing-zone marker on {a[0]}"
    if v == "find-lz":
        return f"Reveal the landing-zone marker on {a[0]} (1 CP)"
    if v == "pathfinder":
        return f"Send pathfinders to {a[0]}"
    if v == "identify":
        extra = int(a[0])
        return "Try to identify an NVA regiment" + (
            f", spending {count(extra, 'extra CP')}" if extra else ""
        )
    if v == "contact":
        extra = int(a[1])
        return f"Seek contact with the NVA in Zone {a[0]}" + (
            f", spending {count(extra, 'extra CP')}" if extra else ""
        )
    if v == "buy-supply":
        return "Buy a supply counter for An Khe"
    if v == "fly":
        origin = _where(a[0], board)
        return f"Fly {a[0]}" + (f" from {_loc(origin)}" if origin else "") + f" to {_loc(a[1])}"
    if v == "fly-supply":
        return f"Fly a supply counter to {_loc(a[0])}"
    if v == "hop":
        return f"Hop {a[0]} to {_loc(a[1])}"
    if v == "hop-supply":
        return f"Hop a supply step from {_loc(a[0])} to {_loc(a[1])}"
    if v in ("move", "stack"):
        who = a[0] if v == "move" else f"the stack at {_loc(a[0])}"
        path = [x for x in a[1:] if x not in ("carry",) and not x.startswith("supply")]
        origin = _where(a[0], board) if v == "move" else None
        text = f"March {who}" + (f" from {_loc(origin)}" if origin else "")
        return (
            text + f" by {' then '.join(_loc(p) for p in path)}"
            if len(path) > 1
            else (text + (f" to {_loc(path[0])}" if path else ""))
        )
    if v == "hold":
        return f"Put {a[0]} on HOLD"
    if v == "attack":
        return f"Attack the NVA at {_loc(a[0])}"
    if v == "fight":
        return "Fight with the support committed"
    if v == "commit":
        return f"Commit {a[0]} to the fight ({a[1]} CP)"
    if v == "support-from":
        return f"Support the fight from {_loc(a[0])}"
    if v == "strike":
        return f"Air strike on {_loc(a[0])} by {a[1]}"
    if v == "strike-zone":
        return f"B-52 strike on Zone {a[0]} by {a[1]}"
    if v == "rockets":
        return f"Aero-rocket attack on {_loc(a[0])}"
    if v == "retreat":
        return "Retreat by helicopter" if a[0] == BY_HELICOPTER else f"Retreat to {_loc(a[0])}"
    if v == "refit":
        return f"Refit {a[0]}"
    if v == "fatigue":
        return f"Give a fatigue point to {a[0].replace('-', ' ')}"
    if v == "check":
        return f"Check {a[0]} for breaking (a die against its efficiency)"
    if v == "break":
        return f"Break {a[0]}"
    if v == "lose":
        return f"Lose {a[0]} (every company here is already broken)"
    if v == "lift":
        return f"Lift the retreat with {a[0]}"
    if v == "to-refit":
        return f"Send {a[0]} to the Refit Box"
    if v == "shot-down":
        return f"Lose {a[0]} to the anti-aircraft fire for good"
    if v == "done":
        return "Done: end this segment"
    return action.notation()


def action_places(action: Action, board: CampaignState) -> tuple[str, ...]:
    """The locations an action involves, where-from first: what a map click can pick."""
    v, a = action.verb, action.args
    places: list[str] = []
    if v in ("fly", "move", "hop", "hold"):
        origin = _where(a[0], board)
        if origin:
            places.append(origin)
    known = set(board.map.locations) | {AN_KHE_ARG}
    places += [_loc(x) for x in a if x in known]
    unique: list[str] = []
    for p in places:
        if p not in unique:
            unique.append(p)
    return tuple(unique)


def narrate(entry: LogEntry, board: CampaignState | None = None) -> list[Sentence]:
    """A log entry as sentences: the US choice, then every rule it set off (the NVA's moves too)."""

    def headline(entry: LogEntry) -> str | None:
        if entry.player == "start":
            return "The campaign is set up."
        action = Action.from_notation(entry.action)
        if action.verb == "done":
            return f"US: done with {_what_ended(entry)}."
        return f"US: {describe(action)}."

    return entry_sentences(entry, headline)


def _what_ended(entry: LogEntry) -> str:
    """The segment or phase a "done" ended, by the title of the rule case that asked or the
    nearest case above it titled so, and the phase it belongs to: a class read "done with
    this segment of the first US assault phase" four times in a row, never told which.

    >>> def done(rule, phase):
    ...     return _what_ended(LogEntry(0, 1, phase, "us", "done", None, rule=rule))
    >>> done("ftv:3.4.1.3", "second US assault"), done("ftv:3.2", "intelligence")
    ('the air strike segment of the second US assault phase', 'the intelligence phase')
    """
    from rulebook.reference import load_reference  # (the apps have it loaded already)

    reference, rule = load_reference(), entry.rule
    while rule and rule in reference:
        title = reference[rule].title
        if title.endswith(" Segment"):
            return f"the {title.lower()} of the {entry.phase} phase"
        if title.endswith(" Phase"):
            return f"the {entry.phase} phase"
        rule = reference.parent(rule)
    return f"this segment of the {entry.phase} phase"
