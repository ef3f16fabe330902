"""The three games: what each is and where its source text and data live.

>>> [g.rule_prefix for g in GAMES]
['lza', 'ftv', 'av']
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.games import _checks  # noqa: F401 - registers each game's scenario checks
from rulebook.scenario import Game

__all__ = ["GAMES", "GameInfo"]


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's identity: slug, rule-id prefix, title and what kind of game it is."""

    game: Game
    title: str
    kind: str
    scenarios_dir: str

    @property
    def rule_prefix(self) -> str:
        """The prefix of this game's rule ids."""
        return self.game.rule_prefix


GAMES = (
    GameInfo(
        Game.LZ_ALBANY,
        "LZ Albany: Ia Drang Valley, 17-18 November 1965",
        "two players, area movement, chit pull, 10 turns",
        "lz_albany",
    ),
    GameInfo(
        Game.FIRST_TEAM,
        "First Team: Vietnam",
        "solitaire, point to point, 15 turns, programmed NVA",
        "first_team",
    ),
    GameInfo(
        Game.AMBUSH_VALLEY,
        "Ambush Valley (Force on Force)",
        "miniatures supplement: tables, forces, scenarios, campaign",
        "ambush_valley",
    ),
)
