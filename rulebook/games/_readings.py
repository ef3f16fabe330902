"""The readings each engine implements: for every option its rules code reads, the choices it
knows.

A scenario declares its options (an unclear rule's readings, a house rule) with their choices,
and an engine reads each by name and compares the choice it is given. A choice the code does
not know played as whichever reading its comparison falls to, without a word: a fuzzing round
offered "bogus" for lza:6.1's fire from an over-stacked area, and the game played on as if
the case's own reading were picked. :func:`reading_problems` refuses such a scenario, naming
the option and what the engine knows. ``tests/games/test_readings.py`` checks this table
against the names and choices the engines' code compares.
"""

from __future__ import annotations

from rulebook._words import join_words, quoted
from rulebook.errors import Problem
from rulebook.scenario import Game, Scenario
from rulebook.scenario._models import Choice, same_choice, written_choice

__all__ = ["READINGS", "reading_problems"]

READINGS: dict[Game, dict[str, tuple[Choice, ...]]] = {
    Game.LZ_ALBANY: {
        "overstack_fire": ("die_per_extra_unit", "example_two_fire"),
        "senior_officer_activations": ("twice", "unlimited"),
        "wounded_check": ("action-end", "administrative"),
        "wounded_per_platoon": ("one", "any"),
        "retreat_carry": ("may-carry", "left-behind"),
        "columbus_stacking": ("no-limit", "placement-only"),
        "massed_target": ("all-ground-fire", "not-artillery"),
        "nva_retreat_moves": ("all-must-move", "moves-toward-edge"),
        "airlift_room": ("area-total", "per-landing"),
        "dust_off_capacity": ("by-terrain", "at-most-two"),
    },
    Game.FIRST_TEAM: {
        "fatigue_from_casualties": ("always", "garrison-only"),
        "aero_rocket_support": ("sum-of-first-values", "thirty-one"),
        "airstrike_dice": ("2d6", "d6-plus-units"),
        "us_stacking_mix": ("battalion", "brigade"),
        "nva_artillery": (False, True),
        "invasion_of_cambodia": (False, True),
        "target_common_sense": ("always", "strength-check"),
        "offboard_house_rule": ("not-used", "used"),
        "nva_phase_steps": ("repeat-3-5", "without-maintenance"),
        "nva_retreat_cambodia": ("letters-first", "cambodia-first"),
        "us_artillery_recovery": ("maintenance", "never"),
        "evasion_roll": ("per-unit", "per-stack"),
    },
}


def reading_problems(scenario: Scenario, file: str) -> list[Problem]:
    """Options the engine of *scenario*'s game does not read, and choices it does not know.

    >>> from rulebook.scenario import load_scenario
    >>> s = load_scenario(SCENARIOS / "lz_albany" / "standard.yaml")
    >>> reading_problems(s, "s.yaml")
    []
    >>> bad = s.options["overstack_fire"].model_copy(
    ...     update={"choices": ["die_per_extra_unit", "bogus"]})
    >>> s = s.model_copy(update={"options": {**s.options, "overstack_fire": bad}})
    >>> print(*reading_problems(s, "s.yaml"))
    s.yaml: options.overstack_fire.choices.1: “bogus” is not a reading the LZ Albany engine implements; it knows die_per_extra_unit and example_two_fire
    """
    known = READINGS.get(scenario.game)
    if known is None:
        return []
    engine = f"the {scenario.game.title} engine"
    problems = []
    for name, option in scenario.options.items():
        if name not in known:
            problems.append(
                Problem(
                    file,
                    f"options.{name}",
                    f"no rule {engine} plays reads an option {quoted(name)}, so it would change "
                    f"nothing; the options it reads are {join_words(sorted(known))}",
                )
            )
            continue
        for i, choice in enumerate(option.choices):
            if not any(same_choice(choice, k) for k in known[name]):
                problems.append(
                    Problem(
                        file,
                        f"options.{name}.choices.{i}",
                        f"{quoted(written_choice(choice))} is not a reading {engine} implements; it "
                        f"knows {join_words([written_choice(k) for k in known[name]])}",
                    )
                )
    return problems
