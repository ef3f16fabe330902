"""Where a value comes from, so nothing reconstructed passes as printed.

The source texts lack the printed maps, counters and several tables; the
project fills those gaps with its own values and says so. Any value in a data
file can be written as a :class:`Sourced` mapping::

    turns: {value: 10, provenance: printed, rule: "lza:3.3"}
    choi_oi: {value: [...], provenance: reconstructed, note: "table not in the text; ..."}

and every view that shows the value shows its tag.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from rulebook.rule_ids import check_rule_id

__all__ = ["Provenance", "Sourced"]

_T = TypeVar("_T")


class Provenance(StrEnum):
    """The four kinds of origin a value can have.

    Examples
    --------
    >>> Provenance("reconstructed").needs_note
    True
    >>> [p.value for p in Provenance]
    ['printed', 'derived', 'reconstructed', 'assumed']
    """

    PRINTED = "printed"
    """Stated in the source text; cite the rule."""
    DERIVED = "derived"
    """Follows from printed values by a stated calculation or reading."""
    RECONSTRUCTED = "reconstructed"
    """Missing from the text (map, counters, tables); our best rebuild."""
    ASSUMED = "assumed"
    """A mechanic the book relies on but does not give (e.g. core rules); a parameter to set."""

    @property
    def needs_note(self) -> bool:
        """Everything but a printed value must say how it was reached."""
        return self is not Provenance.PRINTED


class Sourced(BaseModel, Generic[_T]):
    """A value with its provenance, a note and the rule it belongs to.

    A printed value must cite its rule; any other must carry a note saying
    how it was reached, so an owner of the printed game knows what to check.

    Examples
    --------
    >>> Sourced[int](value=10, provenance="printed", rule="lza:3.3").label()
    '10 (printed, lza:3.3)'
    >>> try:
    ...     Sourced[int](value=3, provenance="reconstructed")
    ... except ValueError as err:
    ...     print(err.errors()[0]["msg"])
    Value error, a reconstructed value needs a note saying how it was reached
    """

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    value: _T
    provenance: Provenance
    note: str = ""
    rule: str | None = None

    @field_validator("rule")
    @classmethod
    def _rule_is_an_id(cls, rule: str | None) -> str | None:
        return None if rule is None else check_rule_id(rule)

    @model_validator(mode="after")
    def _explained(self) -> Sourced[Any]:
        if self.provenance.needs_note and not self.note.strip():
            raise ValueError(
                f"a {self.provenance.value} value needs a note saying how it was reached"
            )
        if self.provenance is Provenance.PRINTED and self.rule is None:
            raise ValueError("a printed value needs the rule that prints it (rule: lza:3.3)")
        return self

    def label(self) -> str:
        """The value with its tag, as shown wherever the value is shown."""
        cite = f", {self.rule}" if self.rule else ""
        return f"{self.value} ({self.provenance.value}{cite})"

    def _repr_html_(self) -> str:
        from rulebook.render import sourced_html

        return sourced_html(self)
