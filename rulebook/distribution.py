"""Exact probability distributions: outcome -> :class:`fractions.Fraction`.

A :class:`Distribution` is an immutable mapping whose weights sum to exactly 1.
Resolvers return one to answer "what are the odds" without rolling a die.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Any

from rulebook._words import quoted

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Distribution"]


class Distribution(Mapping[Any, Fraction]):
    """An exact distribution over hashable outcomes.

    Parameters
    ----------
    weights : mapping or iterable of (outcome, weight) pairs
        Weights may be ints or Fractions; equal outcomes are merged and the
        total is normalised to 1. Zero weights are dropped.

    Raises
    ------
    ValueError
        If a weight is negative or every weight is zero.

    Examples
    --------
    >>> coin = Distribution({"heads": 1, "tails": 1})
    >>> coin["heads"]
    Fraction(1, 2)
    >>> coin.map(lambda side: side == "heads")[True]
    Fraction(1, 2)
    """

    __slots__ = ("_weights",)

    def __init__(
        self, weights: Mapping[Hashable, int | Fraction] | Iterable[tuple[Hashable, int | Fraction]]
    ) -> None:
        pairs = weights.items() if isinstance(weights, Mapping) else weights
        merged: dict[Hashable, int | Fraction] = {}
        for outcome, given in pairs:
            weight = given if type(given) is int or isinstance(given, Fraction) else Fraction(given)
            if weight < 0:
                raise ValueError(f"weight of outcome {quoted(outcome)} is negative ({weight})")
            if weight:
                merged[outcome] = merged.get(outcome, 0) + weight
        total = sum(merged.values())
        if total == 0:
            raise ValueError("a distribution needs at least one outcome with a positive weight")
        # Whole-number weights (counts of equally likely rolls) become fractions in one step.
        if type(total) is int:
            self._weights = {k: Fraction(merged[k], total) for k in _sorted_keys(merged)}
        else:
            self._weights = {k: Fraction(merged[k]) / total for k in _sorted_keys(merged)}

    def _counts(self) -> dict[Any, int]:
        """The weights over one common denominator, as whole numbers."""
        den = lcm(*(w.denominator for w in self._weights.values()))
        return {k: w.numerator * (den // w.denominator) for k, w in self._weights.items()}

    def __getitem__(self, outcome: Hashable) -> Fraction:
        return self._weights[outcome]

    def get(self, outcome: Hashable, default: Any = Fraction(0)) -> Any:
        return self._weights.get(outcome, default)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._weights)

    def __len__(self) -> int:
        return len(self._weights)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Distribution):
            return self._weights == other._weights
        return NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._weights.items()))

    def __repr__(self) -> str:
        body = ", ".join(f"{k!r}: {v}" for k, v in self._weights.items())
        return f"Distribution({{{body}}})"

    def map(self, func: Callable[[Any], Hashable]) -> Distribution:
        """The distribution of ``func(outcome)``.

        >>> Distribution({1: 1, 2: 1, 3: 1}).map(lambda x: x % 2)
        Distribution({0: 1/3, 1: 2/3})
        """
        return Distribution((func(k), w) for k, w in self._weights.items())

    def probability(self, predicate: Callable[[Any], bool]) -> Fraction:
        """Total probability of the outcomes for which *predicate* is true.

        >>> Distribution({1: 1, 2: 1, 3: 1, 4: 1}).probability(lambda x: x >= 3)
        Fraction(1, 2)
        """
        return sum((w for k, w in self._weights.items() if predicate(k)), Fraction(0))

    def at_least(self, threshold: Any) -> Fraction:
        """P(outcome >= threshold), for ordered outcomes.

        >>> Distribution({0: 1, 1: 3}).at_least(1)
        Fraction(3, 4)
        """
        return self.probability(lambda k: k >= threshold)

    def mean(self) -> Fraction:
        """The exact expected value of numeric outcomes.

        >>> Distribution({0: 1, 1: 1}).mean()
        Fraction(1, 2)
        """
        return sum((k * w for k, w in self._weights.items()), Fraction(0))

    def product(self, other: Distribution) -> Distribution:
        """The joint distribution of two independent draws, as ``(a, b)`` pairs.

        >>> Distribution({0: 1, 1: 1}).product(Distribution({0: 1}))[(1, 0)]
        Fraction(1, 2)
        """
        mine, theirs = self._counts(), other._counts()
        return Distribution(((a, b), ca * cb) for a, ca in mine.items() for b, cb in theirs.items())

    def to_frame(self, outcome: str = "outcome") -> pd.DataFrame:
        """A pandas DataFrame with the outcome, the exact fraction and a float column."""
        import pandas as pd

        return pd.DataFrame(
            {
                outcome: list(self._weights),
                "probability": [str(w) for w in self._weights.values()],
                "p": [float(w) for w in self._weights.values()],
            }
        )

    def _repr_html_(self) -> str:
        from rulebook.render import distribution_html

        return distribution_html(self)


def _sorted_keys(weights: Mapping[Hashable, Fraction]) -> list[Hashable]:
    """Outcomes in their natural order where they have one, else as given."""
    keys = list(weights)
    try:
        return sorted(keys)  # type: ignore[type-var]
    except TypeError:
        return keys
