"""Each game registers what its engine needs of a scenario with the scenario package.

Imported by :mod:`rulebook.games` (and so by ``import rulebook``); the engines themselves load
only when a scenario of their game is validated.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from rulebook.errors import Problem
from rulebook.games._readings import reading_problems
from rulebook.scenario import Game, Scenario, register_check


def _lazy(game: str, name: str) -> Callable[[Scenario, str], list[Problem]]:
    """A check that imports its game's engine only when a scenario of that game is checked."""

    def check(scenario: Scenario, file: str) -> list[Problem]:
        return getattr(import_module(f"rulebook.games.{game}.checks"), name)(scenario, file)

    return check


def _ambush_valley(scenario: Scenario, file: str) -> list[Problem]:
    # The checks need the book's catalogue, which lives with the game.
    from rulebook.games.ambush_valley.problems import problems

    assert scenario.ambush_valley is not None
    return problems(scenario.ambush_valley, file)


for game, package in ((Game.LZ_ALBANY, "lz_albany"), (Game.FIRST_TEAM, "first_team")):
    register_check(game, reading_problems)
    register_check(game, _lazy(package, "setup_problems"))
    register_check(game, _lazy(package, "play_problems"), plays=True)
register_check(Game.AMBUSH_VALLEY, _ambush_valley)
