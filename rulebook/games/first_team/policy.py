"""Players for the US side of First Team: a random one and a scripted one.

The scripted player follows a plain, documented plan, good enough to play whole campaigns for
simulation and to show a class what the rules reward; it is not a strong player:

1. Set-up: LZ markers go to the zones around Pleiku, the camps and the Chu Pong first.
2. Intelligence: one or two landing zones found while CPs last, then identify while regiments
   are unknown, else contact the zone box holding the most identified companies, always with
   the two extra CPs.
3. Supply: keep three counters ready at An Khe.
4. Air: strike the strongest contacted NVA stack that has no US company with it.
5. Transport: first hold Pleiku with a battalion and put a company at each camp; then fly supply
   to any US location without it; then land companies, a battalion at a time, on landing zones
   next to contacted NVA. The final transport brings broken companies home.
6. Ground movement: companies stay put (walking into the NVA alone invites an ambush).
7. Combat: attack wherever a supplied US stack shares a location with the NVA, committing a
   battery or two (dedicated ones first), an observation helicopter with them, a gunship and an
   aero-rocket company while more than three CPs remain, and support from each adjacent US
   location with a supply step to spare; rockets alone on NVA-only stacks when CPs are
   plentiful.
8. Retreat by helicopter when it is offered, else to the first place listed.
9. Maintenance: refit helicopters while more than two CPs remain, transports first.
10. Cambodia: never struck or rocketed, even under option 6.1, since any US presence there
    scores for the NVA.
11. Air strikes and aero-rocket attacks go one counter at a time: the player may add more
    counters to the same strike ("join"); this player never does.
12. Fatigue points from a numbered result (ftv:4.2.3.2C) are shared round-robin: the engine
    offers that choice first, and this player takes it.
13. The other picks a fight's results leave to the player (which companies a #B result checks or
    an A result breaks, which breaks when no retreat is open, which transports lift a retreat,
    which helicopter a star sends to Refit or the NVA guns destroy) take the first offer:
    companies and transports in counter order, helicopters in the order they were committed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache

from rulebook.games._decisions import Action, first_of, of_verb_at, verbs_of
from rulebook.games.first_team._transport import TransportFacts
from rulebook.games.first_team.engine import CampaignGame
from rulebook.maps.point_map import AN_KHE, PLEIKU

__all__ = ["random_policy", "scripted_policy"]

Policy = Callable[[CampaignGame], Action]
LZ_ZONES = "GJDCFBIEAH"


CLOSERS = frozenset({"done", "fight"})


def random_policy(rng: random.Random) -> Policy:
    """Any legal action, uniformly; 'done' and 'fight' more often, so segments end.

    Its ``index`` makes the same draws and names the option by position, so a campaign played
    with ``apply_option`` builds no list of actions.
    """

    def index(game: CampaignGame) -> int:
        options = game.decision.options
        closer = first_of(options, CLOSERS)
        if closer is not None and rng.random() < 0.4:
            return closer
        return rng.randrange(len(options))

    def choose(game: CampaignGame) -> Action:
        return game.decision.options[index(game)]

    choose.index = index  # type: ignore[attr-defined]
    return choose


def _strength(units: list) -> int:
    total = 0
    for u in units:  # (a loop: a generator costs a function call in 3.11)
        total += u.strength
    return total


class _ByVerb(dict):
    """A decision's options by verb, each verb's list made when first asked for, with the
    positions of its options (see :meth:`position`)."""

    def __init__(self, options) -> None:
        super().__init__()
        self.options = options
        self.present = verbs_of(options)
        self.positions: dict[str, tuple[int, ...]] = {}

    def __missing__(self, verb: str) -> list[Action]:
        if verb not in self.present:
            raise KeyError(verb)
        placed = of_verb_at(self.options, verb)
        positions, actions = zip(*placed, strict=True) if placed else ((), ())
        self.positions[verb] = positions
        found = self[verb] = list(actions)
        return found

    def get(self, verb: str, default=None):  # type: ignore[override]
        return self[verb] if verb in self.present else default

    def __contains__(self, verb: object) -> bool:
        return verb in self.present

    def position(self, action: Action) -> int | None:
        """Where *action* stands among the options, if its verb's list was made (its first
        place, should it repeat)."""
        made = dict.get(self, action.verb)
        if made is None:
            return None
        return self.positions[action.verb][made.index(action)]


def scripted_policy() -> Policy:
    """The plan in this module's docstring, as a function of the game.

    Its ``index`` names the chosen option by position; only the verbs the plan looks at are
    read from the options.
    """

    def pick(game: CampaignGame) -> tuple[Action | None, int | None]:
        """The action chosen, and its position if it is known without a search; a plan that
        chooses by position (a handler returning a number) gives no action."""
        options = game.decision.options
        by_verb = _ByVerb(options)
        closer = first_of(options, CLOSERS)
        done = options[closer if closer is not None else 0]
        present = by_verb.present
        for verbs, handler in HANDLERS:
            if not verbs.isdisjoint(present):  # (no set made for the test)
                action = handler(game, by_verb, done)
                break
        else:
            action = None
        if type(action) is int:
            return None, action
        if action is None or action is done:
            return done, closer if closer is not None else 0
        return action, by_verb.position(action)

    def choose(game: CampaignGame) -> Action:
        action, at = pick(game)
        return game.decision.options[at] if action is None else action

    def index(game: CampaignGame) -> int:
        action, at = pick(game)
        return game.decision.options.index(action) if at is None else at

    choose.index = index  # type: ignore[attr-defined]
    return choose


def _place_lz(game: CampaignGame, by_verb: dict[str, list[Action]], done: Action) -> Action:
    def rank(a: Action) -> tuple[int, str]:
        zone = a.args[0][0]
        return (LZ_ZONES.index(zone) if zone in LZ_ZONES else 99, a.args[0])

    return min(by_verb["place-lz"], key=rank)


def _supply(game: CampaignGame, by_verb: dict[str, list[Action]], done: Action) -> Action:
    s = game.board
    return by_verb["buy-supply"][0] if s.board.supply.get(AN_KHE, 0) < 6 and s.cp.left > 6 else done


def _combat(game: CampaignGame, by_verb: dict[str, list[Action]], done: Action) -> Action:
    s = game.board
    if "attack" in by_verb:
        return by_verb["attack"][0]
    rockets = [a for a in by_verb.get("rockets", []) if not s.map.in_cambodia(a.args[0])]
    if rockets and s.cp.left > 8:
        strength = _nva_strength(s)
        return max(rockets, key=lambda a: strength(a.args[0]))
    return done


def _nva_strength(s) -> Callable[[str], int]:
    """The strength of the NVA at a location, each location added up once."""
    known: dict[str, int] = {}

    def strength(loc: str) -> int:
        found = known.get(loc)
        if found is None:
            found = known[loc] = _strength(s.board.nva(loc))
        return found

    return strength


def _retreat(game: CampaignGame, by_verb: dict[str, list[Action]], done: Action) -> Action:
    return next((a for a in by_verb["retreat"] if a.args[0] == "AnKhe"), by_verb["retreat"][0])


def _refit(game: CampaignGame, by_verb: dict[str, list[Action]], done: Action) -> Action:
    if game.board.cp.left <= 2:
        return done
    return min(by_verb["refit"], key=lambda a: (not a.args[0].startswith("TRA"), a.args[0]))


def _stay(game: CampaignGame, by_verb: dict[str, list[Action]], done: Action) -> Action:
    return done


def _intelligence(game: CampaignGame, by_verb: dict[str, list[Action]], done: Action) -> Action:
    s = game.board
    found = len(s.board.revealed_lz)
    if "find-lz" in by_verb and found < 2 + s.turn and s.cp.left > 14:
        return by_verb["find-lz"][0]
    best_extra = [a for a in by_verb.get("identify", []) if a.args[-1] == "2"]
    if best_extra and s.unknown():
        return best_extra[0]
    contacts = [a for a in by_verb.get("contact", []) if a.args[-1] == "2"]
    if contacts:
        return max(contacts, key=lambda a: len(s.zone_units(a.args[0])))
    return done


def _air(game: CampaignGame, by_verb: dict[str, list[Action]], done: Action) -> Action:
    s = game.board
    if s.cp.left < 8:
        return done
    alone: dict[str, bool] = {}  # each location looked at once, not once per strike counter
    strength = _nva_strength(s)
    # The first strike of the most NVA strength, B-52s first, among the locations without US
    # outside Cambodia (a loop, as max() would be: a key function costs a call a strike).
    best, most = done, None
    for a in by_verb.get("strike", []):
        loc = a.args[0]
        here = alone.get(loc)
        if here is None:
            here = alone[loc] = not s.board.us(loc) and not s.map.in_cambodia(loc)
        if here:
            rank = (strength(loc), a.args[1].startswith("B52"))
            if most is None or rank > most:
                best, most = a, rank
    return best


def _transport(game: CampaignGame, by_verb: _ByVerb, done: Action) -> Action | int:
    """Rule 5 of the plan, read off the decision's :class:`TransportFacts` (no flight is made
    as an action): the position of the flight chosen, or *done*."""
    s = game.board
    facts: TransportFacts = by_verb.options.facts
    first = s.segment == "first transport"
    if first:  # (the cheap test of the board first, then the search of the flights)
        if len(s.board.us(PLEIKU)) < 4:
            pleiku = list(_flights_to(facts, PLEIKU))
            if pleiku:
                # The 2/12's first flight, else the first.
                return next((at for at, unit in pleiku if _battalion(unit) == "2/12"), pleiku[0][0])
        for camp in sorted(s.spec.map.special_forces_camps, reverse=True):
            if not _has_company(s.board.us(camp)):
                guard = next(_flights_to(facts, camp), None)
                if guard is not None:
                    return guard[0]
    if facts.supply is not None:
        start, places = facts.supply
        for k, place in enumerate(places):
            if not s.board.supply.get(place):
                return start + k
    if first:
        return _beside_the_nva(s, facts, done)
    return next((at for at, unit in facts.home if s.us[unit].broken), done)


def _has_company(units: list) -> bool:
    """Whether *units* hold a company that is not a garrison (a loop, not a list made to be
    tested for emptiness: a comprehension costs a function call in 3.11)."""
    for u in units:  # noqa: SIM110 - any() would make a generator
        if not u.garrison:
            return True
    return False


def _beside(s, loc: str) -> bool:
    """Whether *loc* holds no NVA and is beside a location that does (a loop: any() over a
    generator costs a function call in 3.11)."""
    nva = s.board.has_nva
    if nva(loc):
        return False
    for n in s.map.neighbors(loc):  # noqa: SIM110 - any() would make a generator
        if nva(n):
            return True
    return False


@cache  # (a look-up in C, not a call and a split: the plan asks for every flight out)
def _battalion(unit: str) -> str:
    return unit.split("/", 1)[-1]


def _flights_to(facts: TransportFacts, dest: str) -> Iterator[tuple[int, str]]:
    """Each flight out of An Khe to *dest* on offer, in order: its position and company (the
    flights out are the first options, a company's to each of its places in turn)."""
    at = 0
    for unit, places in facts.flying:
        if dest in places:
            yield at + places.index(dest), unit
        at += len(places)


def _beside_the_nva(s, facts: TransportFacts, done: Action) -> Action | int:
    """The flight out to a landing zone free of NVA beside a location holding them, the
    lowest battalion then landing zone first (the first such, should two tie); or *done*."""
    beside: dict[str, bool] = {}  # each landing zone looked at once, not once per company
    best: tuple[str, str] | None = None
    chosen = done
    at = 0
    looked: set[tuple[str, tuple[str, ...]]] = set()
    for unit, places in facts.flying:
        battalion = _battalion(unit)
        # A company of a battalion already looked at, with the same places, can better nothing.
        if (best is None or battalion <= best[0]) and (battalion, places) not in looked:
            looked.add((battalion, places))
            for k, loc in enumerate(places):
                near = beside.get(loc)
                if near is None:
                    near = beside[loc] = _beside(s, loc)
                if near and (best is None or (battalion, loc) < best):
                    best, chosen = (battalion, loc), at + k
        at += len(places)
    return chosen


def _commit(game: CampaignGame, by_verb: dict[str, list[Action]], done: Action) -> Action:
    s = game.board
    spare = [a for a in by_verb.get("support-from", []) if s.board.supply.get(a.args[0], 0) > 1]
    if spare:
        return spare[0]
    if s.cp.left <= 3:
        return done
    already = []
    for action in reversed(game.history):  # the commits made so far for this fight
        if action.verb != "commit":
            break
        already.append(s.support[action.args[0]].kind)
    # One pass over the commits: the cheapest battery (the first of the cheapest), and the
    # first of each other kind (a loop: sorted() and next() over generators cost calls).
    battery, cheapest = None, 0
    first: dict[str, Action] = {}
    for a in by_verb.get("commit", []):
        kind = s.support[a.args[0]].kind
        if kind == "battery":
            cost = int(a.args[1])
            if battery is None or cost < cheapest:
                battery, cheapest = a, cost
        elif kind not in first:
            first[kind] = a
    if battery is not None and already.count("battery") < 2:
        return battery
    for kind in ("observation", "gunship", "aero-rocket"):
        pick = first.get(kind)
        if pick is not None and kind not in already:
            return pick
    return done


HANDLERS = [
    ({"place-lz"}, _place_lz),
    ({"find-lz", "identify", "contact"}, _intelligence),
    ({"buy-supply"}, _supply),
    ({"strike", "strike-zone"}, _air),
    ({"fly", "fly-supply", "pathfinder"}, _transport),
    ({"move", "hold"}, _stay),
    ({"attack", "rockets"}, _combat),
    ({"commit", "support-from"}, _commit),
    ({"retreat"}, _retreat),
    ({"refit"}, _refit),
]
