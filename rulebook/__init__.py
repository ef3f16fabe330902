"""Ia Drang Rulebook: executable rules for three Vietnam-war wargames.

The core library. It imports no Jupyter package, so it runs in scripts, tests
and simulations as well as behind the notebook apps in :mod:`widgets`.

>>> from rulebook import Dice, successes
>>> successes(4).at_least(1)
Fraction(671, 1296)
"""

# The games register their scenario checks with rulebook.scenario (a lower layer, which
# never imports a game), so validate() knows every game's checks however rulebook is entered.
from rulebook import games as _games  # noqa: F401
from rulebook._version import __version__
from rulebook.dice import Dice, Roll, ScriptedDice, as_dice, dice_sum, die, opposed, successes
from rulebook.distribution import Distribution
from rulebook.errors import (
    AmbiguousActionError,
    IllegalActionError,
    InvalidActionError,
    Problem,
    RulebookError,
    ScenarioError,
    ScriptExhaustedError,
)
from rulebook.provenance import Provenance, Sourced
from rulebook.trace import Trace, TraceStep

__all__ = [
    "AmbiguousActionError",
    "Dice",
    "Distribution",
    "IllegalActionError",
    "InvalidActionError",
    "Problem",
    "Provenance",
    "Roll",
    "RulebookError",
    "ScenarioError",
    "ScriptExhaustedError",
    "ScriptedDice",
    "Sourced",
    "Trace",
    "TraceStep",
    "__version__",
    "as_dice",
    "dice_sum",
    "die",
    "opposed",
    "successes",
]
