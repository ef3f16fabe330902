"""An Ambush Valley scenario: the table drawn to scale, its forces from the catalogue, the
reinforcement odds, and the checks the book's rules allow (av:scenarios, av:tunnel-spots;
the checks themselves are in :mod:`rulebook.games.ambush_valley.problems`).

>>> s = Scenario.load(SCENARIOS / "ambush_valley" / "dak_po.yaml")
>>> s.problems()
[]
>>> s.reinforcement_odds(0)["1-2"]  # 4 in 6 to come, then 2 in 6 on the table
Fraction(2, 9)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from rulebook.dice import Dice
from rulebook.games.ambush_valley.dice import expression, roll_expression
from rulebook.games.ambush_valley.problems import (
    ScenarioProblem,
    problems,
    reinforcement_rows,
    road_exits,
)
from rulebook.games.ambush_valley.tunnels import TunnelNetwork
from rulebook.scenario import Scenario as ScenarioFile
from rulebook.scenario import check_replaceable, load_scenario, save_scenario
from rulebook.scenario._av_models import AmbushValleySpec, Reinforcements
from rulebook.trace import Trace

__all__ = ["Scenario", "ScenarioProblem", "problems", "reinforcement_odds", "road_exits"]


def reinforcement_odds(table: Reinforcements) -> dict[str, Fraction]:
    """Chance, on any one turn's roll, of each row: the trigger succeeds, then the table roll
    lands in that row; ``none`` is the chance nothing comes."""
    p = expression(table.trigger.die).probability(table.trigger.passes)
    dist = expression(table.roll)
    out = {
        key: p * dist.probability(lambda v, lo=lo, hi=hi: lo <= v <= hi)
        for lo, hi, key, _ in reinforcement_rows(table)
    }
    out["none"] = 1 - p
    return out


@dataclass
class Scenario:
    """A scenario file with an Ambush Valley section, and what a designer does with it."""

    file: ScenarioFile
    path: Path | None = None

    @classmethod
    def load(cls, path: str | Path) -> Scenario:
        loaded = load_scenario(path)
        if loaded.ambush_valley is None:
            raise ValueError(
                f"{path}: no ambush_valley section; this is a {loaded.game.value} scenario"
            )
        return cls(loaded, Path(path))

    @property
    def spec(self) -> AmbushValleySpec:
        assert self.file.ambush_valley is not None
        return self.file.ambush_valley

    def problems(self) -> list[ScenarioProblem]:
        return problems(self.spec, self.path.name if self.path else self.file.id)

    def reinforcement_odds(self, index: int) -> dict[str, Fraction]:
        return reinforcement_odds(self.spec.reinforcements[index])

    def figures(self, side: str) -> int:
        return sum(n for unit in self.spec.sides[side].units for n, _, _ in unit.figures)

    def save(self, path: str | Path) -> None:
        """Atomic save; a scenario with problems is refused and the file left as it was, as
        is a file of another game or none at *path* (``check_replaceable``)."""
        found = self.problems()
        if found:
            raise ValueError("not saved: " + "; ".join(map(str, found)))
        check_replaceable(path, self.file.game)
        save_scenario(self.file, path)

    def reinforcement_turn(
        self,
        index: int,
        turn: int,
        dice: Dice,
        trace: Trace,
        *,
        fired_on_before: bool,
        network: TunnelNetwork | None = None,
    ) -> tuple[str | None, int | None]:
        """One turn's reinforcement roll (av:vc-reinforce): what arrives and at which tunnel spot
        (None when the VC choose). VC tables roll only from the turn after the VC are first fired
        on, whatever the scenario says (interpretation av:vc-reinforce/first-fire); thresholds
        are read as the scenario prints them, inclusive (interpretation av:vc-reinforce/threshold)."""
        table = self.spec.reinforcements[index]
        if turn < table.first_turn or (table.last_turn is not None and turn > table.last_turn):
            trace.step(
                "av:vc-reinforce",
                f"turn {turn}: this table rolls on turns {table.first_turn}-{table.last_turn or 'end'}",
            )
            return None, None
        vc = self.spec.sides[table.side].force.startswith("vc")
        if (table.after_first_fire or vc) and not fired_on_before:
            trace.step(
                "av:vc-reinforce",
                f"turn {turn}: no roll until the turn after the VC are first fired on",
            )
            return None, None
        before = len(dice.rolls)
        value = roll_expression(table.trigger.die, dice, "av:vc-reinforce")
        comes = table.trigger.passes(value)
        word = "or less" if table.trigger.at_most is not None else "or more"
        trace.step(
            "av:vc-reinforce",
            f"turn {turn}: {table.trigger.die} rolls {value}, needs {table.trigger.bound} {word}: {'reinforcements' if comes else 'none'}",
            rolls=tuple(dice.rolls[before:]),
        )
        if not comes:
            return None, None
        before = len(dice.rolls)
        total = roll_expression(table.roll, dice, "av:vc-reinforce")
        result = next(r for lo, hi, _, r in reinforcement_rows(table) if lo <= total <= hi)
        trace.step(
            "av:vc-reinforce",
            f"{table.roll} rolls {total}: {result}",
            rolls=tuple(dice.rolls[before:]),
        )
        spot = (
            network.arrival(dice, trace)
            if network is not None and table.arrive_at == "tunnel-spot"
            else None
        )
        return result, spot

    def tunnel_network(self) -> TunnelNetwork:
        """The placed spots, numbered in file order."""
        return TunnelNetwork({i: m.at for i, m in enumerate(self.spec.layout.tunnel_spots, 1)})
