"""Each game registers what its engine needs of a scenario with the scenario package.

Imported by :mod:`rulebook.games` (and so by ``import rulebook``); the engines themselves load
only when a scenario of their game is validated.
"""

from __future__ import annotations

from rulebook.errors import Problem
from rulebook.scenario import Game, Scenario, register_check


def _lz_albany_setup(scenario: Scenario, file: str) -> list[Problem]:
    from rulebook.games.lz_albany.checks import setup_problems

    return setup_problems(scenario, file)


def _lz_albany_play(scenario: Scenario, file: str) -> list[Problem]:
    from rulebook.games.lz_albany.checks import play_problems

    return play_problems(scenario, file)


def _first_team_setup(scenario: Scenario, file: str) -> list[Problem]:
    from rulebook.games.first_team.checks import setup_problems

    return setup_problems(scenario, file)


def _first_team_play(scenario: Scenario, file: str) -> list[Problem]:
    from rulebook.games.first_team.checks import play_problems

    return play_problems(scenario, file)


def _ambush_valley(scenario: Scenario, file: str) -> list[Problem]:
    # The checks need the book's catalogue, which lives with the game.
    from rulebook.games.ambush_valley.scenario import problems

    assert scenario.ambush_valley is not None
    return problems(scenario.ambush_valley, file)


register_check(Game.LZ_ALBANY, _lz_albany_setup)
register_check(Game.LZ_ALBANY, _lz_albany_play, plays=True)
register_check(Game.FIRST_TEAM, _first_team_setup)
register_check(Game.FIRST_TEAM, _first_team_play, plays=True)
register_check(Game.AMBUSH_VALLEY, _ambush_valley)
