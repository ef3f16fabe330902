"""Each game's own checks of a scenario, registered by the game.

The scenario package sits below the games: it never imports one. A game registers what its
engine needs of a scenario with :func:`register_check`, and :func:`~rulebook.scenario.validate`
runs the checks registered for the scenario's game, so ``validate`` passing means the game's
engine can play the file.

>>> from rulebook.scenario import Game
>>> len(registered_checks(Game.LZ_ALBANY)) >= 1  # each game registers its own on import
True
"""

from __future__ import annotations

from collections.abc import Callable

from rulebook.errors import Problem
from rulebook.scenario._models import Game, Scenario

__all__ = ["GameCheck", "register_check", "registered_checks"]

GameCheck = Callable[[Scenario, str], list[Problem]]
_CHECKS: dict[Game, list[tuple[GameCheck, bool]]] = {}


def register_check(game: Game | str, check: GameCheck, *, plays: bool = False) -> GameCheck:
    """Run *check* (``check(scenario, file) -> list[Problem]``) on every scenario of *game*.

    A check that *plays* a game through (seconds, not milliseconds) is skipped by
    ``validate(..., play=False)``, which editors call on every change. Registering the same
    function twice has no further effect. Returns *check*.
    """
    checks = _CHECKS.setdefault(Game(game), [])
    if all(c is not check for c, _ in checks):
        checks.append((check, plays))
    return check


def registered_checks(game: Game | str, *, play: bool = True) -> tuple[GameCheck, ...]:
    """The checks registered for *game*, in order; without the playing ones if not *play*."""
    return tuple(c for c, plays in _CHECKS.get(Game(game), ()) if play or not plays)
