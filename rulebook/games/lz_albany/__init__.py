"""LZ Albany: Ia Drang Valley, 17-18 November 1965 (rule ids ``lza:``).

Modules follow the rulebook's sections: ``_flow`` the sequence of play
(lza:3, 4, 9), ``_activation`` chits and movement (lza:5, 6, 10),
``_combat`` melee, fire and mortars (lza:7.1-7.4, 8), ``_support`` artillery,
air and Dust Off (lza:5.4-5.6, 6.3-6.4, 7.5-7.7), ``_state`` the position,
hits and victory points (lza:4, 8, 10.4).
"""

from rulebook.games._decisions import CHANCE, Action, Chance, Decision
from rulebook.games.lz_albany._scripted import scripted_policy
from rulebook.games.lz_albany.engine import GameState, LogEntry, new_game, replay, standard_scenario
from rulebook.games.lz_albany.policy import play_out, random_policy

__all__ = [
    "CHANCE",
    "Action",
    "Chance",
    "Decision",
    "GameState",
    "LogEntry",
    "new_game",
    "play_out",
    "random_policy",
    "replay",
    "scripted_policy",
    "standard_scenario",
]
