"""First Team: Vietnam: the campaign's map, counters, tables and combat procedure.

``combat`` resolves a fight (ftv:4.0-4.2), ``air`` air strikes and aero-rocket attacks
(ftv:3.4.1, 3.4.4.4), ``logistics`` stacking, garrisons, fatigue and supply (ftv:2.3-2.7),
``retreat`` where beaten units go (ftv:4.2.2), ``odds`` exact result probabilities.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from rulebook.games.first_team._pieces import Company, NvaCompany, UsCompany
from rulebook.games.first_team.combat import CombatResult, Effects, Force, column_for, resolve
from rulebook.games.first_team.crt import CRT, Result
from rulebook.games.first_team.forces import nva_companies, nva_company, us_companies, us_company
from rulebook.maps.point_map import PointMap
from rulebook.scenario import Scenario, load_scenario
from rulebook.scenario._ftv_models import FirstTeamSpec

__all__ = [
    "CRT",
    "CombatResult",
    "Company",
    "Effects",
    "Force",
    "NvaCompany",
    "Result",
    "UsCompany",
    "campaign_crt",
    "campaign_map",
    "campaign_scenario",
    "campaign_spec",
    "column_for",
    "nva_companies",
    "nva_company",
    "resolve",
    "us_companies",
    "us_company",
]

CAMPAIGN = Path(__file__).resolve().parents[3] / "scenarios" / "first_team" / "campaign.yaml"


@cache
def _campaign() -> Scenario:
    return load_scenario(CAMPAIGN)


def campaign_scenario() -> Scenario:
    """The shipped campaign (read once; each caller gets its own copy)."""
    return _campaign().model_copy(deep=True)


@cache
def campaign_spec() -> FirstTeamSpec:
    """The shipped campaign's First Team data, shared (as :func:`campaign_map` is): read, never
    changed, by whatever builds counters from it. A caller that would change it takes
    :func:`campaign_scenario`'s own copy instead (a deep copy, about 4 ms)."""
    return _campaign().first_team


@cache
def campaign_map() -> PointMap:
    """The campaign's point map (shared: a PointMap is never changed by play)."""
    return PointMap(_campaign().first_team.map)


@cache
def campaign_crt() -> CRT:
    return CRT(_campaign().first_team.tables.crt)
