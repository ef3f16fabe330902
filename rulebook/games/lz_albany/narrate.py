"""LZ Albany in words: each action and log entry as sentences a class can follow.

``describe`` names an action the way a player would say it; ``action_places`` lists the areas an
action involves, in the order a player points at them (where from, then where to), which is what
the play app's map clicks walk through; ``narrate`` tells a log entry as sentences with their
rule cases.

>>> from rulebook.games.lz_albany import new_game
>>> g = new_game(seed=1)
>>> a = g.legal_actions()[1]
>>> describe(a, g.board)
'Place A/2-7-1 in C3'
>>> action_places(a, g.board)
('C3',)
>>> [str(s) for s in narrate(g.log[0])]
['The game is set up.']
"""

from __future__ import annotations

import re

from rulebook.games._core import LogEntry
from rulebook.games._decisions import Action
from rulebook.games._narrate import Sentence, count, entry_sentences, join_names
from rulebook.games.lz_albany._combat import fire_targets
from rulebook.games.lz_albany._pieces import battery_name
from rulebook.games.lz_albany._state import VP_WORDS, State

__all__ = [
    "VP_WORDS",
    "action_places",
    "chit_label",
    "describe",
    "group_label",
    "named",
    "narrate",
    "side_label",
]

CHIT_KINDS = {
    "fire-move": "Fire/Move",
    "adrenaline": "Adrenaline",
    "artillery": "Artillery",
    "dust-off": "Dust Off",
    "gunship": "Gunship",
    "skyraider": "Skyraider",
    "visibility": "Visibility",
}
MODES = {"fire": "to fire", "move": "to move"}


def side_label(side: str) -> str:
    """``us`` -> ``US``; ``chance`` -> ``the chit pool``."""
    return {"us": "US", "nva": "NVA", "chance": "the chit pool", "start": "the set-up"}.get(
        side, side
    )


def chit_label(chit_id: str) -> str:
    """A chit's id as its printed name: ``nva-fire-move-3`` -> ``NVA Fire/Move chit 3``.

    >>> chit_label("us-dust-off-1")
    'US Dust Off chit 1'
    """
    side, _, rest = chit_id.partition("-")
    kind, _, number = rest.rpartition("-")
    if kind not in CHIT_KINDS:
        return chit_id
    return f"{side_label(side)} {CHIT_KINDS[kind]} chit {number}"


def group_label(group_id: str, board: State | None) -> str:
    """A unit group by its companies, as their counters on the map show them.

    The scenario's own names for the NVA groups follow the book's shorthand (``66 (6, 7, 8)``),
    which reads like a program's tuple in a sentence; the companies (``6/8-66, 7/8-66 and
    8/8-66``) are what a class can find on the map. A group with no company keeps its name.

    >>> from rulebook.games.lz_albany import new_game
    >>> board = new_game(seed=1).board
    >>> group_label("nva-66-678", board), group_label("us-ab-2-7", board)
    ('NVA 6/8-66, 7/8-66 and 8/8-66', 'US A/2-7 and B/2-7')
    """
    if board is not None and board.scenario.lz_albany is not None:
        spec = board.scenario.lz_albany
        for group in spec.unit_groups:
            if group.id == group_id:
                side = side_label(group.side)
                companies = [c.id for c in spec.companies if c.group == group_id]
                name = join_names(companies) if companies else group.name
                return name if name.startswith(side) else f"{side} {name}"
    return group_id


def _officer(uid: str, board: State | None) -> str:
    """An officer in a sentence: ``officer A/2-7-CO``, a senior one by his title (``Commander A``)."""
    if board is not None and uid in board.units and board.units[uid].senior:
        return board.called(uid)
    return f"officer {uid}"


def _unit(uid: str, board: State | None) -> str:
    if uid.startswith("W-"):
        return f"the wounded of {uid[2:]}"
    if board is not None and uid in board.units and board.units[uid].is_officer:
        return _officer(uid, board)
    return uid


def _first(text: str) -> str:
    """*text* begun with a capital, as a sentence begins (``officer X`` -> ``Officer X``)."""
    return text[:1].upper() + text[1:]


def _where(uid: str, board: State | None) -> str | None:
    if board is None:
        return None
    if uid in board.units:
        return board.units[uid].area if board.units[uid].on_map else None
    if uid in board.wounded:
        return board.wounded[uid].area
    return None


def _shares(args: tuple[str, ...]) -> list[tuple[str, int]]:
    out = []
    for arg in args:
        area, _, dice = arg.rpartition(":")
        out.append((area, int(dice)))
    return out


def _is_area(name: str, board: State | None) -> bool:
    return board is not None and name in board.map.areas


def _officer_words(v: str, a: tuple[str, ...], b: State | None, at: State | None) -> str | None:
    """The choices an officer's presence offers (lza:5.2D, 6.2A), or None for other verbs."""
    if v == "join":
        return f"{_first(_officer(a[0], b))} adds his die in {a[1]}"
    if v == "spare":
        return f"{_first(_officer(a[0], b))} keeps his die (and his activation) for later"
    if v == "leave":
        return f"{_first(_officer(a[0], b))} goes on alone"
    if v == "follow":
        origin = _where(a[0], at)
        text = f"{_first(_unit(a[0], b))} follows {_officer(a[3], b)}" + (
            f" from {origin}" if origin else ""
        )
        text += f" to {a[1]}"
        return text + (f", carrying {_unit(a[5], b)}" if len(a) > 5 and a[4] == "carry" else "")
    return None


def _retreat_words(a: tuple[str, ...], b: State | None, at: State | None) -> str:
    """A fall-back out of a melee, with the casualty carried along if any (lza:7.2, 8.4A)."""
    origin = _where(a[0], at)
    text = (
        f"{_first(_unit(a[0], b))} falls back"
        + (f" from {origin}" if origin else "")
        + f" to {a[1]}"
    )
    if len(a) > 3 and a[2] == "carry":
        text += ", carrying " + ("every casualty there" if a[3] == "all" else _unit(a[3], b))
    return text


def _may_divide(args: tuple[str, ...], board: State | None) -> str:
    """For a fire option naming only its primary target, whether the dice may then be divided
    among other areas in reach (lza:7.3): a player choosing the primary should know."""
    if board is None or len(args) != 2:
        return ""
    shares = _shares(args[1:])
    if shares[0][1] < 2:
        return ""
    sides = [side for side in ("us", "nva") if board.platoons(args[0], side)]
    if len(sides) != 1 or len(fire_targets(board, args[0], sides[0])) < 2:
        return ""
    return " as the primary target (some of the dice may go to another area next)"


def describe(action: Action, board: State | None = None, *, located: bool = True) -> str:  # noqa: PLR0911, PLR0912, PLR0915 - one branch per verb, read like a glossary
    """An action in words; *board* (the position it is offered in) names the counters, unit
    groups and areas, and adds where units are unless *located* is False (a log entry told
    from a later position: the names hold, the places may not)."""
    v, a = action.verb, action.args
    b = board
    at = board if located else None
    officer = _officer_words(v, a, b, at)
    if officer is not None:
        return officer
    if v == "place":
        return f"Place {_unit(a[0], b)} in {a[1]}"
    if v == "hold" and a and b is not None and a[0] in b.units:
        if b.units[a[0]].kind == "artillery":  # a battery passing up its shot (lza:7.5)
            return f"{battery_name(a[0])} holds its fire"
        return f"Keep {_unit(a[0], b)} off the map for now"
    if v == "hold" and a and _is_area(a[0], b):
        # Offered both instead of return fire from the area and instead of an advance out of
        # it (lza:7.3): one sentence true of both.
        return f"Hold in {a[0]}: no return fire or advance from there"
    if v == "hold":
        return f"Keep {chit_label(a[0]) if a and '-' in a[0] else 'it'} unused"
    if v == "event":
        return f"Choi Oi! roll against {a[0]}"
    if v == "draw":
        return f"Draw {chit_label(a[0])}"
    if v == "pass":
        return f"Pass: use {chit_label(a[0])} for nothing"
    if v == "activate":
        return f"Activate {group_label(a[0], b)} {MODES.get(a[1], a[1])}"
    if v == "adrenaline":
        return f"Play Adrenaline: activate {group_label(a[0], b)} again {MODES.get(a[1], a[1])}"
    if v == "keep":
        return f"Keep {chit_label(a[0])} for later"
    if v == "done" and a:
        return f"Done dividing the fire: the dice left go into {a[0]}, the primary target"
    if v == "done":
        return "Done: end this activity"
    if v == "share":
        return f"Send {count(int(a[1]), 'die', 'dice')} of the fire into {a[0]} as well"
    if v == "fire":
        parts = [f"{count(n, 'die', 'dice')} into {t}" for t, n in _shares(a[1:])]
        return f"Fire from {a[0]}: {join_names(parts)}{_may_divide(a, at)}"
    if v == "return-fire":
        return f"Return fire from {a[0]} at {a[1]}"
    if v == "mortar":
        return f"Mortar fire from {a[0]} on {a[1]}"
    if v == "melee":
        return f"Melee in {a[0]}"
    if v == "move":
        origin = _where(a[0], at)
        text = f"Move {_unit(a[0], b)}" + (f" from {origin}" if origin else "") + f" to {a[1]}"
        rest = list(a[2:])
        while rest:
            word, who = rest[0], rest[1] if len(rest) > 1 else ""
            text += f" with {_officer(who, b)}" if word == "with" else f", carrying {_unit(who, b)}"
            rest = rest[2:]
        return text
    if v == "exit":
        after = f" with {_officer(a[2], b)}" if len(a) > 2 and a[1] == "after" else ""
        return f"Take {_unit(a[0], b)} off the map{after}"
    if v == "stay" and a and _is_area(a[0], b):
        return f"Stay in {a[0]}"
    if v == "stay":
        where = _where(a[0], at)
        return f"{_first(_unit(a[0], b))} stays" + (f" in {where}" if where else "")
    if v == "retreat":
        return _retreat_words(a, b, at)
    if v == "advance":  # a firing unit stepping into the area its fire emptied (lza:7.3)
        where = _where(a[0], at)
        origin = f" from {where}" if where else ""
        return f"{_first(_unit(a[0], b))} advances{origin} into {a[1]}"
    if v == "hit":
        where = _where(a[0], at)
        return f"Hit {_unit(a[0], b)}" + (f" in {where}" if where else "")
    if v == "rally":
        return f"{_first(_officer(a[0], b))} rallies {a[1]}"
    if v == "skip":
        return f"{_first(_officer(a[0], b))} rallies nobody"
    if v == "artillery":
        return f"{battery_name(a[0])} fires on {a[1]}"
    if v == "gunship":
        where = _where(a[0], at)
        return f"Gunship attacks {a[0]}" + (f" in {where}" if where else "")
    if v in ("bombs", "napalm"):
        return f"Skyraider drops {v} on {a[0]}"
    if v == "evacuate":
        return f"Dust Off: evacuate the wounded from {a[0]}"
    if v == "airlift":
        return f"Dust Off: fly in through {a[0]}"
    if v == "lift":
        return f"Fly {_unit(a[0], b)} into {a[1]}"
    if v == "flare":
        return f"Light a flare over {a[0]}"
    if v == "no-flare":
        return "No flare"
    if v == "start":
        return "The game is set up"
    return action.notation()


def action_places(action: Action, board: State) -> tuple[str, ...]:
    """The areas an action involves, where-from first: what a click on the map can pick."""
    v, a = action.verb, action.args
    places: list[str] = []
    if v in ("move", "follow", "retreat", "hit", "stay", "gunship", "exit", "rally", "skip"):
        where = _where(a[0], board)
        if where:
            places.append(where)
    if v == "fire":
        places += [a[0], *(t for t, _ in _shares(a[1:]))]
    elif v in ("move", "follow", "retreat", "place", "join"):
        places.append(a[1])
    else:
        places += [x for x in a if x in board.map.areas]
    unique: list[str] = []
    for p in places:
        if p not in unique:
            unique.append(p)
    return tuple(unique)


# Actions whose trace already says all the headline would (who moved where, who rallied whom,
# who placed a hit on whom).
TOLD_BY_TRACE = {"move", "follow", "retreat", "rally", "adrenaline", "draw", "place", "hit"}


def narrate(entry: LogEntry, board: State | None = None) -> list[Sentence]:
    """A log entry as sentences: the choice, then every rule it set off, with the dice.

    *board* (any position of the same game) lends the scenario's names for unit groups.
    """

    def headline(entry: LogEntry) -> str | None:
        if entry.player == "start":
            return "The game is set up."
        action = Action.from_notation(entry.action)
        if action.verb in TOLD_BY_TRACE and entry.trace:
            return None
        text = describe(action, board, located=False)
        if entry.player == "chance":
            return f"{text}."
        return f"{side_label(entry.player)}: {text}."

    return [_named(s, board) for s in entry_sentences(entry, headline)]


_CHIT_ID = re.compile(r"\b(?:[Cc]hit )?((?:us|nva)-[a-z]+(?:-[a-z]+)*-\d+)\b", re.IGNORECASE)


def named(text: str, board: State | None) -> str:
    """Chit and unit-group ids in an engine's text (a trace step, a decision's prompt)
    replaced by their names.

    >>> from rulebook.games.lz_albany import new_game
    >>> named("play adrenaline on nva-33? (chit nva-adrenaline-1)", new_game(seed=1).board)
    'play adrenaline on NVA HQ/1-33, 1/1-33 and Mtr/1-33? (NVA Adrenaline chit 1)'
    """
    text = _CHIT_ID.sub(lambda m: chit_label(m.group(1).lower()), text)
    if board is not None and board.scenario.lz_albany is not None:
        for group in board.scenario.lz_albany.unit_groups:
            for written in (group.id, group.id.capitalize()):
                text = text.replace(written, group_label(group.id, board))
    return text


def _named(sentence: Sentence, board: State | None) -> Sentence:
    return Sentence(named(sentence.text, board), sentence.rules, sentence.dice)
