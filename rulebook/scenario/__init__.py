"""Scenario files: versioned YAML, validated by pydantic, saved atomically.

>>> from rulebook.scenario import load_scenario
>>> s = load_scenario(SCENARIOS / "lz_albany" / "standard.yaml")
>>> s.game.value, s.turns.label()
('lz-albany', '10 (printed, lza:3.3)')
"""

from rulebook.errors import Problem, ScenarioError
from rulebook.scenario._checks import register_check, registered_checks
from rulebook.scenario._io import check_replaceable, dump_scenario, load_scenario, save_scenario
from rulebook.scenario._models import SCHEMA_VERSION, Game, Option, Scenario
from rulebook.scenario._schema import json_schema
from rulebook.scenario._validate import is_playable, load_playable, require_playable, validate

__all__ = [
    "SCHEMA_VERSION",
    "Game",
    "Option",
    "Problem",
    "Scenario",
    "ScenarioError",
    "check_replaceable",
    "dump_scenario",
    "is_playable",
    "json_schema",
    "load_playable",
    "load_scenario",
    "register_check",
    "registered_checks",
    "require_playable",
    "save_scenario",
    "validate",
]
