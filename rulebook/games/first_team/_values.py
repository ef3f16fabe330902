"""The numbers First Team's rules use, read from the scenario's ``values`` (DESIGN principle 2).

Each module declares the values it reads with :func:`reads_values`, beside the code, so
``--set`` can refuse a value no rule reads (:mod:`rulebook.games._reads`). A resolver called on
its own, outside a campaign, falls back on the shipped campaign's values.

>>> number(None, "air_strike_cp")
2
>>> number({"air_strike_cp": 3}, "air_strike_cp")
3
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from rulebook._words import quoted
from rulebook.games._reads import reads

__all__ = ["GAME", "number", "reads_values", "shipped_values"]

GAME = "first-team"


def reads_values(*names: str) -> None:
    """Declare that the calling module's rules read these scenario ``values``."""
    reads(GAME, *(f"values.{name}.value" for name in names))


@cache
def shipped_values() -> dict[str, Any]:
    """The shipped campaign's values, by name."""
    from rulebook.games.first_team import campaign_scenario

    return {name: v.value for name, v in campaign_scenario().values.items()}


def number(values: Mapping[str, Any] | None, name: str) -> Any:
    """*name* from *values*, or from the shipped campaign when *values* is None or lacks it."""
    if values is not None and name in values:
        return values[name]
    try:
        return shipped_values()[name]
    except KeyError:
        raise KeyError(
            f"the scenario has no value {quoted(name)} (values.{name} in its file)"
        ) from None
