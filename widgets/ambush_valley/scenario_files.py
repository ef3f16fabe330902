"""Where the Ambush Valley designer finds scenarios: the book's six under
``scenarios/ambush_valley/``, those saved in ``saves/``, and a blank one to start from."""

from __future__ import annotations

from pathlib import Path

from rulebook.errors import ScenarioError
from rulebook.saves import SAVES
from rulebook.scenario import load_scenario

__all__ = ["BLANK", "SCENARIOS", "saved_scenarios", "scenario_title"]

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "ambush_valley"

#: A blank 6 x 4 ft table with a Free World and a VC side, to build on.
BLANK = {
    "schema_version": 1,
    "id": "new-scenario",
    "game": "ambush-valley",
    "title": "New scenario",
    "ambush_valley": {
        "table": [72, 48],
        "duration": "10 turns",
        "layout": {
            "provenance": "reconstructed",
            "note": "Drawn in the designer; not from the book.",
        },
        "tunnels": {"count": 5},
        "sides": {
            "us": {
                "name": "US platoon",
                "force": "us-army",
                "tq": 8,
                "morale": 8,
                "supply": "Well",
            },
            "vc": {
                "name": "VC",
                "force": "vc-main-force",
                "tq": 8,
                "morale": 8,
                "supply": "Normal",
            },
        },
    },
}


def scenario_title(path: Path) -> str:
    """A scenario file as the picker names it: its title, or its file name if it cannot be read."""
    try:
        return load_scenario(path).title
    except ScenarioError:
        return f"{path.name} (cannot be read)"


def saved_scenarios(folder: Path) -> dict[str, tuple[str, Path]]:
    """The Ambush Valley scenarios saved in *folder*: ``saves/NAME`` -> (picker label, path).
    Files of other games, and files that cannot be read, are left out."""
    out = {}
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        try:
            loaded = load_scenario(path)
        except ScenarioError:
            continue
        if loaded.ambush_valley is not None:
            out[f"{SAVES}/{path.name}"] = (f"{loaded.title} (saved as {SAVES}/{path.name})", path)
    return out
