"""A resolution's steps, each citing the rule case that drove it.

A :class:`Trace` is what a reader sees when they ask "why did that happen":
one :class:`TraceStep` per rule applied, with the dice it used and the numbers
before and after. It prints as text, becomes a pandas DataFrame, and shows
itself as an HTML table in a notebook without importing Jupyter.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, overload

from rulebook.dice import Roll
from rulebook.rule_ids import check_rule_id

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["NullTrace", "Trace", "TraceStep"]


def _frozen(values: Mapping[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    return tuple((values or {}).items())


def _value_words(value: Any) -> str:
    """A traced value as a reader says it: ``yes``, ``none``, ``A1, A2``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, (tuple, list)):
        return ", ".join(_value_words(v) for v in value) or "none"
    return str(value)


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One rule applied: which, what it did in a line, its dice, and the numbers it moved.

    ``before`` and ``after`` are kept as tuples of ``(name, value)`` pairs so
    a step stays hashable; read them as dicts with :meth:`before_dict` and
    :meth:`after_dict`.

    Examples
    --------
    >>> step = TraceStep.of("lza:6.1", "four platoons in the area, so one die less",
    ...                     before={"dice": 4}, after={"dice": 3})
    >>> print(step)
    [lza:6.1] four platoons in the area, so one die less (dice 4 → 3)
    """

    rule: str
    text: str
    rolls: tuple[Roll, ...] = ()
    before: tuple[tuple[str, Any], ...] = field(default=())
    after: tuple[tuple[str, Any], ...] = field(default=())

    def __post_init__(self) -> None:
        check_rule_id(self.rule)
        if not self.text.strip():
            raise ValueError(f"trace step for {self.rule} needs an explanation")

    @classmethod
    def of(
        cls,
        rule: str,
        text: str,
        *,
        rolls: Iterable[Roll] = (),
        before: Mapping[str, Any] | None = None,
        after: Mapping[str, Any] | None = None,
    ) -> TraceStep:
        """Build a step from plain dicts and any iterable of rolls."""
        return cls(rule, text, tuple(rolls), _frozen(before), _frozen(after))

    def before_dict(self) -> dict[str, Any]:
        """The numbers before this step."""
        return dict(self.before)

    def after_dict(self) -> dict[str, Any]:
        """The numbers after this step."""
        return dict(self.after)

    def changes(self) -> str:
        """The moved numbers as a reader says them, names in first-seen order.

        >>> TraceStep.of("lza:7.3", "x", before={"dice": 5}, after={"dice": 3}).changes()
        'dice 5 → 3'
        >>> TraceStep.of("lza:7.1", "x", after={"hits": 2}).changes()
        'hits: 2'
        >>> TraceStep.of("ftv:4.1", "x", before={"us_column": 7}).changes()
        'us column was 7'
        """
        before, after = self.before_dict(), self.after_dict()
        parts = []
        for name in dict.fromkeys([*before, *after]):
            label = str(name).replace("_", " ")
            if name not in before:
                parts.append(f"{label}: {_value_words(after[name])}")
            elif name not in after:
                parts.append(f"{label} was {_value_words(before[name])}")
            else:
                old, new = _value_words(before[name]), _value_words(after[name])
                parts.append(f"{label} {old} → {new}")
        return ", ".join(parts)

    def dice_text(self) -> str:
        """The faces rolled, as ``6 2 5``."""
        return " ".join(str(r.value) for r in self.rolls)

    def __str__(self) -> str:
        parts = [f"[{self.rule}] {self.text}"]
        if self.rolls:
            parts.append(f"dice: {self.dice_text()}")
        if self.before or self.after:
            parts.append(f"({self.changes()})")
        return " ".join(parts)


class Trace(Sequence[TraceStep]):
    """An ordered list of :class:`TraceStep`, with text, DataFrame and HTML views.

    Examples
    --------
    >>> trace = Trace()
    >>> _ = trace.step("lza:7.3", "two platoons fire, three dice each", after={"dice": 6})
    >>> _ = trace.step("lza:7.3", "firing into jungle: one die less per platoon",
    ...                before={"dice": 6}, after={"dice": 4})
    >>> print(trace)
    1. [lza:7.3] two platoons fire, three dice each (dice: 6)
    2. [lza:7.3] firing into jungle: one die less per platoon (dice 6 → 4)
    >>> trace.rules()
    ['lza:7.3']
    """

    keeps = True  # False for a NullTrace: hot code may skip composing a step's text

    def __init__(self, steps: Iterable[TraceStep] = ()) -> None:
        self._steps: list[TraceStep] = list(steps)

    @overload
    def __getitem__(self, index: int) -> TraceStep: ...
    @overload
    def __getitem__(self, index: slice) -> Trace: ...
    def __getitem__(self, index: int | slice) -> TraceStep | Trace:
        if isinstance(index, slice):
            return Trace(self._steps[index])
        return self._steps[index]

    def __len__(self) -> int:
        return len(self._steps)

    def __iter__(self) -> Iterator[TraceStep]:
        return iter(self._steps)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Trace):
            return self._steps == other._steps
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a trace grows, so it is not hashable

    def __repr__(self) -> str:
        return f"Trace({self._steps!r})"

    def append(self, step: TraceStep) -> None:
        """Add a finished step."""
        if not isinstance(step, TraceStep):
            raise TypeError(f"a Trace holds TraceStep objects, not {type(step).__name__}")
        self._steps.append(step)

    def extend(self, steps: Iterable[TraceStep]) -> None:
        """Add several steps, for instance a sub-resolution's trace."""
        for step in steps:
            self.append(step)

    def step(self, rule: str, text: str, **kwargs: Any) -> TraceStep:
        """Record a step (arguments as :meth:`TraceStep.of`) and return it."""
        made = TraceStep.of(rule, text, **kwargs)
        self._steps.append(made)
        return made

    def rewind(self, length: int) -> None:
        """Drop every step after the first *length* (for dry runs that only measure)."""
        del self._steps[length:]

    def rules(self) -> list[str]:
        """The rule ids cited, each once, in first-cited order."""
        return list(dict.fromkeys(s.rule for s in self._steps))

    def rolls(self) -> list[Roll]:
        """Every die rolled, in order."""
        return [r for s in self._steps for r in s.rolls]

    def to_text(self) -> str:
        """Numbered lines, one per step."""
        return "\n".join(f"{i}. {step}" for i, step in enumerate(self._steps, 1))

    __str__ = to_text

    def to_frame(self) -> pd.DataFrame:
        """One row per step: rule, explanation, dice, before, after."""
        import pandas as pd

        return pd.DataFrame(
            {
                "rule": [s.rule for s in self._steps],
                "explanation": [s.text for s in self._steps],
                "dice": [s.dice_text() for s in self._steps],
                "before": [s.before_dict() for s in self._steps],
                "after": [s.after_dict() for s in self._steps],
            }
        )

    def _repr_html_(self) -> str:
        from rulebook.render import trace_html

        return trace_html(self)


class NullTrace(Trace):
    """A trace that keeps nothing, for simulations that want only results.

    The rules run exactly as with a :class:`Trace` (same dice, same choices); the steps they
    report are dropped, so a game played with one ends in the same position, faster.

    >>> trace = NullTrace()
    >>> trace.step("lza:7.3", "two platoons fire") is None, len(trace)
    (True, 0)
    """

    keeps = False

    def append(self, step: TraceStep) -> None:
        """Drop the step."""

    def extend(self, steps: Iterable[TraceStep]) -> None:
        """Drop the steps."""

    def step(self, rule: str, text: str, **kwargs: Any) -> None:  # type: ignore[override]
        """Drop the step (nothing is built)."""
