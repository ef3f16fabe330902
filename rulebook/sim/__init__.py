"""Whole games by the thousand: seeded runs, parameter variants, and sweeps over any Executor.

>>> from rulebook.games.lz_albany import standard_scenario
>>> from rulebook.sim import Variant, sweep
>>> result = sweep(standard_scenario(), 2, seed=1, executor="serial",
...                variants=[Variant("baseline"), Variant("tough NVA", {"lz_albany.unit_types.nva-rifle.melee": "*1.5"})])
>>> list(result.summary()["variant"])
['baseline', 'tough NVA']
"""

from rulebook.sim._known import KnownGames, default_folder
from rulebook.sim._overrides import apply_overrides, parse_override
from rulebook.sim._run import GameResult, game_task, games_task, run_game
from rulebook.sim._sweep import SweepResult, Variant, game_seeds, sweep
from rulebook.sim._workers import usable_cores
from rulebook.sim.compare import wilson

__all__ = [
    "GameResult",
    "KnownGames",
    "SweepResult",
    "Variant",
    "apply_overrides",
    "default_folder",
    "game_seeds",
    "game_task",
    "games_task",
    "parse_override",
    "run_game",
    "sweep",
    "usable_cores",
    "wilson",
]
