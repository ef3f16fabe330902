"""Games a sweep need not play again: every result is a function of the scenario as played,
the seed, the scenario options and the players, so a second sweep of the same version of a
scenario (the baseline of each comparison a designer makes in the balance lab) can take the
games the first one played.

>>> from rulebook.games.lz_albany import standard_scenario
>>> from rulebook.sim import KnownGames, Variant, sweep
>>> known = KnownGames()
>>> first = sweep(standard_scenario(), 3, seed=1, executor="serial", known=known)
>>> again = sweep(standard_scenario(), 5, seed=1, executor="serial", known=known)
>>> first.reused, again.reused, again.results[:3] == first.results
(0, 3, True)
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import replace

from rulebook.scenario import Scenario
from rulebook.sim._run import GameResult

__all__ = ["KnownGames"]


class KnownGames:
    """The games played so far, for each version of a scenario, kept in this process.

    A version is the scenario's whole content after a variant's changes, with the scenario
    options and the players (:meth:`version`): two variants that change a value to the same
    number are one version, and any other change, however small, is another. The versions
    used least recently are forgotten past *versions* of them.
    """

    def __init__(self, versions: int = 8) -> None:
        self.limit = versions
        self._games: OrderedDict[str, dict[int, GameResult]] = OrderedDict()

    @staticmethod
    def version(scenario: Scenario, options: dict[str, str] | None, policies: str) -> str:
        """What decides a game besides its seed, as one digest (*scenario* as it is played)."""
        text = scenario.model_dump_json() + repr(sorted((options or {}).items())) + policies
        return hashlib.sha256(text.encode()).hexdigest()

    def played(self, version: str, variant: str) -> dict[int, GameResult]:
        """The games of *version* by seed, named as *variant*'s."""
        games = self._games.get(version)
        if not games:
            return {}
        self._games.move_to_end(version)
        return {seed: replace(r, variant=variant) for seed, r in games.items()}

    def add(self, version: str, result: GameResult) -> None:
        games = self._games.get(version)
        if games is None:
            games = self._games[version] = {}
            while len(self._games) > self.limit:
                self._games.popitem(last=False)
        games[result.seed] = result

    def __len__(self) -> int:
        """The games kept, over every version."""
        return sum(map(len, self._games.values()))
