"""Setting an LZ Albany scenario on a drawn map: who arrives where and when, chits, victory points.

Each function returns a new :class:`~rulebook.scenario.Scenario`; the designer keeps
the versions for undo. A value the designer changes is re-tagged ``assumed`` with a
note naming the book's value, so nothing the designer sets passes for printed.

>>> from rulebook.games.lz_albany import standard_scenario
>>> s = with_arrival(standard_scenario(), "B/2-7", turn=3, place=("green-dot", "sawgrass", None))
>>> [r for r in arrivals(s) if r.unit == "B/2-7"][0].turn
3
>>> s = with_value(s, "stacking_limit", 4)
>>> s.values["stacking_limit"].provenance.value, s.values["stacking_limit"].note
('assumed', 'set in the scenario designer; the book has 3')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from rulebook._words import quoted
from rulebook.maps.places import arrival_words
from rulebook.provenance import Provenance
from rulebook.scenario import Scenario

__all__ = [
    "ArrivalRow",
    "Place",
    "arrivals",
    "book_scenario",
    "places",
    "with_arrival",
    "with_chit",
    "with_value",
    "with_vp",
]

Place = tuple[str | None, str | None, str | None]  # (tag, terrain, area)
NOTE = "set in the scenario designer"


@dataclass(frozen=True, slots=True)
class ArrivalRow:
    """One company or senior officer: when and where it comes on, and what the book says."""

    unit: str
    side: str
    platoons: int
    turn: int
    place: Place
    rule: str
    book_turn: int | None
    book_place: Place | None

    @property
    def where(self) -> str:
        return arrival_words(*self.place)

    @property
    def changed(self) -> bool:
        return (self.turn, self.place) != (self.book_turn, self.book_place)


@cache
def _book(game: str) -> Scenario:
    if game == "first-team":
        from rulebook.games.first_team import campaign_scenario

        return campaign_scenario()
    from rulebook.games.lz_albany import standard_scenario

    return standard_scenario()


def book_scenario(game: str = "lz-albany") -> Scenario:
    """The shipped scenario of a game: the book's defaults the designer shows beside each value."""
    return _book(game).model_copy(deep=True)


def book_reference(game: str = "lz-albany") -> Scenario:
    """The shipped scenario itself, shared, for reading only: what the designers compare each
    value with on every refresh (a copy of it, :func:`book_scenario`, took 5 ms each time)."""
    return _book(game)


def _units(scenario: Scenario) -> list[Any]:
    lza = scenario.lz_albany
    return [*lza.companies, *lza.senior_officers] if lza else []


def arrivals(scenario: Scenario) -> list[ArrivalRow]:
    """Every company and senior officer by turn of arrival, US first within a turn."""
    book = {u.id: u.arrives for u in _units(_book("lz-albany"))}
    rows = []
    for unit in _units(scenario):
        a = unit.arrives
        was = book.get(unit.id)
        rows.append(
            ArrivalRow(
                unit.id,
                unit.side,
                len(getattr(unit, "platoons", [])),
                a.turn,
                (a.tag, a.terrain, a.area),
                a.rule,
                was.turn if was else None,
                (was.tag, was.terrain, was.area) if was else None,
            )
        )
    return sorted(rows, key=lambda r: (r.turn, r.side != "us"))


def places(scenario: Scenario) -> list[Place]:
    """The places arrivals may name: the book's set-up places first, then each area by itself."""
    seen: list[Place] = []
    for row in [*arrivals(_book("lz-albany")), *arrivals(scenario)]:
        if row.place not in seen:
            seen.append(row.place)
    if scenario.map:
        for area in scenario.map.areas:
            place = (None, None, area.id)
            if place not in seen:
                seen.append(place)
    return seen


def with_arrival(scenario: Scenario, unit: str, *, turn: int, place: Place) -> Scenario:
    """Move one company's or officer's arrival to another turn or place."""
    if turn < 1:
        raise ValueError(f"{unit} cannot arrive before turn 1")
    lza = scenario.lz_albany
    if lza is None:
        raise ValueError("this scenario has no LZ Albany forces")
    tag, terrain, area = place
    done = False

    def moved(items: list[Any]) -> list[Any]:
        nonlocal done
        out = []
        for item in items:
            if item.id == unit:
                done = True
                arrives = item.arrives.model_copy(
                    update={"turn": turn, "tag": tag, "terrain": terrain, "area": area}
                )
                out.append(item.model_copy(update={"arrives": arrives}))
            else:
                out.append(item)
        return out

    new = lza.model_copy(
        update={
            "companies": moved(lza.companies),
            "senior_officers": moved(lza.senior_officers),
        }
    )
    if not done:
        raise ValueError(f"no company or officer is called {quoted(unit)}")
    return scenario.model_copy(update={"lz_albany": new})


def with_chit(
    scenario: Scenario, index: int, *, count: int | None = None, turn: int | None = None
) -> Scenario:
    """Change how many chits of one line of the pool enter, or on which turn (0 count removes it)."""
    lza = scenario.lz_albany
    assert lza is not None
    chits = list(lza.chits)
    chit = chits[index]
    if count == 0:
        del chits[index]
    else:
        book = chit.model_dump(include={"count", "turn"})
        update: dict[str, Any] = {"provenance": Provenance.ASSUMED}
        if count is not None:
            update["count"] = count
        if turn is not None:
            update["turn"] = turn
        update["note"] = f"{NOTE}; it had {book['count']} on turn {book['turn']}"
        chits[index] = chit.model_copy(update=update)
    return scenario.model_copy(update={"lz_albany": lza.model_copy(update={"chits": chits})})


def with_vp(scenario: Scenario, side: str, award: str, points: int) -> Scenario:
    """Change the victory points one event earns a side (lza:4.1)."""
    lza = scenario.lz_albany
    assert lza is not None
    vp = {s: dict(v) for s, v in lza.vp.items()}
    if award not in vp.get(side, {}):
        raise ValueError(f"{side.upper()} scores no award called {quoted(award)}")
    vp[side][award] = points
    return scenario.model_copy(update={"lz_albany": lza.model_copy(update={"vp": vp})})


def with_value(scenario: Scenario, name: str, value: Any) -> Scenario:
    """Change a named value; it becomes ``assumed`` with a note giving the book's value."""
    old = scenario.values[name]
    book = _book(scenario.game.value).values.get(name)
    if book is not None and book.value == value:
        new = book
    else:
        was = book.value if book is not None else old.value
        new = old.model_copy(
            update={
                "value": value,
                "provenance": Provenance.ASSUMED,
                "note": f"{NOTE}; the book has {was}",
            }
        )
    return scenario.model_copy(update={"values": {**scenario.values, name: new}})
