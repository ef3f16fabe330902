"""Tunnel Spots: where they may go, where reinforcements come up, how many hide below, and
what clearing a spot costs the units inside (av:tunnel-spots, av:tunnel-rat, av:vc-reinforce).

>>> arrival_odds(5)[None], arrival_odds({1, 4})[4]
(Fraction(1, 6), Fraction(1, 3))
>>> neutralise_losses_odds(3).mean()
Fraction(1, 2)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from rulebook.dice import Dice, successes
from rulebook.distribution import Distribution
from rulebook.games.ambush_valley._data import book
from rulebook.trace import Trace

__all__ = ["TunnelNetwork", "arrival_odds", "neutralise_losses_odds"]

Point = tuple[float, float]


def _spec() -> dict:
    return book("tables")["tunnel_spots"]


def arrival_odds(active: set[int] | int) -> Distribution:
    """Where a reinforcement comes up: the spot a D6 names, or None when the VC choose (a 6).

    A roll naming a spot that has been neutralised is rolled again (interpretation
    av:tunnel-spots/neutralised-roll), so each open spot and the VC's choice are equally likely.
    """
    open_ = set(range(1, active + 1)) if isinstance(active, int) else set(active)
    choose = _spec()["choose_on"]
    stops = [
        face if face < choose else None for face in range(1, 7) if face >= choose or face in open_
    ]
    return Distribution(dict.fromkeys(stops, 1))


def neutralise_losses_odds(inside: int, *, tunnel_rat: bool = False) -> Distribution:
    """Units lost when a spot is cleared: each inside dies on 1 (on 1-2 with a Tunnel Rat)."""
    spec = _spec()
    worst = spec["tunnel_rat_loss_at_most"] if tunnel_rat else spec["neutralised_loss_at_most"]
    return successes(inside, target=7 - worst, sides=6)


@dataclass
class TunnelNetwork:
    """The spots on one table and the units in the tunnels."""

    spots: dict[int, Point]
    active: set[int] = field(default_factory=set)
    inside: list[str] = field(default_factory=list)
    entry_points_only: bool = False

    def __post_init__(self) -> None:
        if not self.active:
            self.active = set(self.spots)

    def problems(
        self,
        *,
        road_exits: list[Point] = (),  # type: ignore[assignment]
        min_from_road_exit: float = 0,
        table: tuple[float, float] | None = None,
    ) -> list[str]:
        """Placement faults: spots closer than 6 in to each other, too near a road exit, off the table."""
        out = []
        gap = _spec()["min_spacing_inches"]
        numbers = sorted(self.spots)
        for i, a in enumerate(numbers):
            for b in numbers[i + 1 :]:
                d = math.dist(self.spots[a], self.spots[b])
                if d < gap:
                    out.append(
                        f"tunnel spots {a} and {b} are {d:.1f} in apart; the book asks for {gap} in at least"
                    )
        for n in numbers:
            x, y = self.spots[n]
            if table and not (0 <= x <= table[0] and 0 <= y <= table[1]):
                out.append(
                    f"tunnel spot {n} at ({x}, {y}) is off the {table[0]}x{table[1]} in table"
                )
            for exit_ in road_exits:
                d = math.dist(self.spots[n], exit_)
                if d < min_from_road_exit:
                    out.append(
                        f"tunnel spot {n} is {d:.1f} in from a road exit; the scenario asks for {min_from_road_exit} in"
                    )
        return out

    def enter(self, unit: str, trace: Trace) -> None:
        """A unit with more than half its figures on a spot goes below; room is one unit per active spot."""
        if len(self.inside) >= len(self.active):
            raise ValueError(
                f"av:tunnel-spots: {len(self.inside)} units already below and {len(self.active)} spots active; {unit} cannot enter"
            )
        self.inside.append(unit)
        trace.step(
            "av:tunnel-spots",
            f"{unit} goes below: off the table, not a target, out at least until its next turn",
        )

    def arrival(self, dice: Dice, trace: Trace) -> int | None:
        """Roll where a reinforcement comes up (None: the VC choose, or swap for civilians)."""
        choose = _spec()["choose_on"]
        while True:
            face = dice.d6("av:vc-reinforce")
            if face >= choose or face in self.active:
                break
            trace.step(
                "av:tunnel-spots",
                f"tunnel spot roll {face}: that spot is closed, roll again",
                rolls=dice.rolls[-1:],
            )
        spot = face if face < choose else None
        trace.step(
            "av:vc-reinforce",
            f"tunnel spot roll {face}: "
            + (f"spot {spot}" if spot else "the VC choose a spot, or replace a civilian group"),
            rolls=dice.rolls[-1:],
        )
        return spot

    def neutralise(
        self, spot: int, dice: Dice, trace: Trace, *, tunnel_rat: bool = False
    ) -> list[str]:
        """Close a spot; each unit below dies on a 1 (1-2 with a Tunnel Rat, who clears on contact)."""
        if spot not in self.active:
            raise ValueError(f"av:tunnel-spots: spot {spot} is not active")
        if tunnel_rat and self.entry_points_only:
            raise ValueError(
                "av:tunnel-rat: a Tunnel Rat has no effect when the spots are entry points only"
            )
        self.active.discard(spot)
        worst = (
            _spec()["tunnel_rat_loss_at_most"]
            if tunnel_rat
            else _spec()["neutralised_loss_at_most"]
        )
        rule = "av:tunnel-rat" if tunnel_rat else "av:tunnel-spots"
        lost = []
        for unit in list(self.inside):
            face = dice.d6(rule)
            if face <= worst:
                lost.append(unit)
                self.inside.remove(unit)
            trace.step(
                rule,
                f"spot {spot} closed: {unit} below rolls {face}: {'lost' if face <= worst else 'safe'}",
                rolls=dice.rolls[-1:],
            )
        if len(self.inside) > len(self.active):
            trace.step(
                "av:tunnel-spots",
                f"{len(self.inside)} units below but only {len(self.active)} spots: none may enter until room is made",
            )
        return lost
