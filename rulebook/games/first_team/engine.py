"""The First Team: Vietnam campaign as a game: the US player's actions over the solitaire rules.

>>> from rulebook.games.first_team.engine import new_campaign
>>> g = new_campaign(seed=1)
>>> g.current_player(), g.phase
('us', 'set-up')
>>> g.legal_actions()[0]
Action.from_notation('place-lz A1')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulebook.games._core import FlowGame
from rulebook.games._decisions import Action
from rulebook.games._reads import reads
from rulebook.games.first_team import (
    _campaign,
    _saved,
    campaign_crt,
    campaign_map,
    campaign_scenario,
)
from rulebook.games.first_team._flow import campaign
from rulebook.games.first_team._state import CampaignState
from rulebook.scenario import Scenario

__all__ = ["CampaignGame", "new_campaign", "replay_campaign"]

# The map's rule-bearing parts; the drawing coordinates (locations.*.xy) change no rule.
reads(
    "first-team",
    *(
        f"first_team.map.{part}"
        for part in ("lines", "routes", "fatigue", "special_forces_camps", "zone_of", "an_khe")
    ),
)


class CampaignGame(FlowGame):
    """A First Team campaign in progress; only the US player is ever asked."""

    name = "First Team: Vietnam"
    over_rule = "ftv:5.0"

    def new_board(self) -> CampaignState:
        from rulebook.games.first_team.crt import CRT
        from rulebook.maps.point_map import PointMap

        spec = self.scenario.first_team
        # The shipped campaign's own map and table, shared, when the scenario plays it (read,
        # not copied: only compared).
        shipped = spec == _campaign().first_team
        point_map = campaign_map() if shipped else PointMap(spec.map)
        crt = campaign_crt() if shipped else CRT(spec.tables.crt)
        return CampaignState(self.scenario, self.dice, self.options, crt, point_map)

    # Undo restarts from a copy of the position taken between two phases or segments at least
    # this many actions before (a copy costs about what a few actions do; see _flow.TURN).
    checkpoint_every = 8
    # Saved campaigns carry their last checkpoint (signed by this package's code): see _saved.
    rules_package = "first_team"
    restarts_between_steps = True

    def sequence(self):
        return campaign(self.board)

    def resume_sequence(self):
        return campaign(self.board, resume=True)

    def board_record(self, board: CampaignState) -> dict[str, Any] | None:
        return _saved.board_record(board)

    def restore_board(self, board: CampaignState, record: dict[str, Any]) -> None:
        _saved.restore_board(board, record)

    def shared_parts(self) -> list[object]:
        board = self.board
        return [self.scenario, board.spec, board.map, board.crt, board.values]

    @classmethod
    def default_scenario(cls) -> Scenario:
        return campaign_scenario()

    def outcome(self) -> dict[str, Any] | None:
        """Turns played, NVA VP, the victory level, US casualty points and companies lost."""
        if not self.is_terminal():
            return None
        s = self.board
        return {
            "turns": s.turn,
            "nva_vp": s.vp,
            "level": s.ending,
            "us_casualty_points": s.casualty_points,
            "us_companies_lost": sum(1 for u in s.us.values() if u.eliminated and not u.garrison),
            "us_companies_broken": sum(
                1 for u in s.us.values() if u.broken and not u.eliminated and not u.garrison
            ),
            "nva_companies_lost": sum(1 for u in s.nva.values() if u.eliminated),
        }


def new_campaign(
    scenario: Scenario | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    *,
    record: bool = True,
) -> CampaignGame:
    """Start the shipped campaign (or *scenario*) with seeded dice.

    ``record=False`` plays the same campaign without keeping traces or a log (for simulations).
    """
    return CampaignGame(scenario or campaign_scenario(), seed, options, record=record)


def replay_campaign(
    scenario: Scenario,
    seed: int,
    actions: Iterable[Action | str],
    options: dict[str, Any] | None = None,
) -> CampaignGame:
    """Replay a recorded campaign: the same scenario, seed and actions give the same log."""
    return CampaignGame.replay(scenario, seed, actions, options)  # type: ignore[return-value]
