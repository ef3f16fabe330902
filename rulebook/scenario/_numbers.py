"""Numbers in scenario files, which YAML's true and false never are.

Pydantic's lax mode takes ``true`` for 1 and ``false`` for 0, and YAML reads ``yes``, ``no``,
``on`` and ``off`` as true and false: so ``melee: yes`` would quietly give a counter a melee
of 1. Every whole number and measure of a scenario is one of these types instead, and a truth
value there is an error that names its field.

>>> from pydantic import TypeAdapter, ValidationError
>>> TypeAdapter(Int).validate_python(3)
3
>>> try:
...     TypeAdapter(Int).validate_python(True)
... except ValidationError as err:
...     print(err.errors()[0]["msg"])
Value error, expected a number (YAML reads yes, no, on and off as true or false)
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator

#: Why a number in a file may have been read as true or false.
TRUTH_HINT = "YAML reads yes, no, on and off as true or false"


def _not_true_or_false(value: Any) -> Any:
    if isinstance(value, bool):
        raise ValueError(f"expected a number ({TRUTH_HINT})")
    return value


def holds_truth_value(value: Any) -> bool:
    """Whether *value*, or anything in its lists or tables, is true or false.

    >>> holds_truth_value([9, {"night": [1, False]}]), holds_truth_value([9, 10])
    (True, False)
    """
    if isinstance(value, bool):
        return True
    if isinstance(value, list | tuple):
        return any(map(holds_truth_value, value))
    if isinstance(value, dict):
        return any(map(holds_truth_value, value.values()))
    return False


Int = Annotated[int, BeforeValidator(_not_true_or_false)]
Float = Annotated[float, BeforeValidator(_not_true_or_false)]
