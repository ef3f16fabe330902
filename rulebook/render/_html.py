from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulebook.distribution import Distribution
    from rulebook.provenance import Provenance, Sourced
    from rulebook.trace import Trace


class HTML(str):
    """A string of HTML that shows itself as HTML in a notebook."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return str(self)


_BADGE_TITLES = {
    "printed": "stated in the source text",
    "derived": "worked out from printed values",
    "reconstructed": "not in the source text; rebuilt by this project",
    "assumed": "a mechanic the book relies on but does not give; set it to your rules",
}


def provenance_badge(provenance: Provenance | str) -> HTML:
    """A small tag naming a value's provenance.

    >>> provenance_badge("reconstructed")
    '<span class="provenance reconstructed" title="not in the source text; rebuilt by this project">reconstructed</span>'
    """
    name = str(provenance)
    title = _BADGE_TITLES[name]
    return HTML(f'<span class="provenance {name}" title="{title}">{name}</span>')


def sourced_html(sourced: Sourced) -> HTML:
    """A value followed by its provenance badge, rule and note."""
    rule = f' <code class="rule">{escape(sourced.rule)}</code>' if sourced.rule else ""
    note = f' <span class="note">{escape(sourced.note)}</span>' if sourced.note else ""
    return HTML(
        f'<span class="sourced" data-provenance="{sourced.provenance.value}">'
        f"{escape(str(sourced.value))} {provenance_badge(sourced.provenance)}{rule}{note}</span>"
    )


def tidy_words(text: str) -> str:
    """Engine shorthand as English: ``1 hit(s)`` -> ``1 hit``, ``3 unit(s)`` -> ``3 units``,
    ``1 dice`` -> ``1 die``.

    >>> tidy_words("1 dice, 0 hit(s); 2 NVA unit(s); 1 adjacent location(s)")
    '1 die, 0 hits; 2 NVA units; 1 adjacent location'
    """
    import re

    def plural(m: re.Match[str]) -> str:
        n, between, noun = m.group(1), m.group(2), m.group(3)
        return f"{n}{between}{noun if n == '1' else noun + 's'}"

    text = re.sub(r"\b(\d+)((?: [\w-]+)? )(\w+)\(s\)", plural, text)
    return re.sub(r"\b1 dice\b", "1 die", text)


def trace_html(trace: Trace) -> HTML:
    """A table of a trace's steps, one row each, rule ids as data attributes."""
    rows = []
    for i, step in enumerate(trace, 1):
        rows.append(
            f'<tr class="trace-step" data-rule="{escape(step.rule)}">'
            f"<td>{i}</td><td><code>{escape(step.rule)}</code></td>"
            f"<td>{escape(tidy_words(step.text))}</td><td>{escape(step.dice_text())}</td>"
            f"<td>{escape(step.changes())}</td></tr>"
        )
    return HTML(
        '<table class="trace"><thead><tr><th>#</th><th>rule</th><th>what happened</th>'
        "<th>dice</th><th>numbers</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )


def percent(chance: Any) -> str:
    """A chance as a percentage that never shows a possible result as impossible, or one in
    doubt as certain (1 in 7,776 read "0.0%").

    >>> from fractions import Fraction
    >>> percent(Fraction(1, 7776)), percent(Fraction(7775, 7776)), percent(Fraction(1, 3))
    ('under 0.1%', 'over 99.9%', '33.3%')
    >>> percent(Fraction(1)), percent(Fraction(0))
    ('100%', '0%')
    """
    if chance in (0, 1):
        return f"{int(chance) * 100}%"
    pct = float(chance) * 100
    if pct < 0.05:
        return "under 0.1%"
    if pct >= 99.95:
        return "over 99.9%"
    return f"{pct:.1f}%"


def distribution_html(
    dist: Distribution, outcome: str = "outcome", words: Callable[[Any], str] = str
) -> HTML:
    """A table of outcomes (each as *words* puts it) with exact fractions, percentages and a
    bar each; *outcome* heads the first column.

    >>> from rulebook.dice import successes
    >>> print(distribution_html(successes(1), "hits", lambda k: f"{k} hits"))  # doctest: +ELLIPSIS
    <table class="distribution"><thead><tr><th>hits</th><th...>exact chance</th>...<td>0 hits</td><td>5/6</td><td>83.3%</td>...
    """
    rows = []
    for key, weight in dist.items():
        rows.append(
            f'<tr class="outcome" data-outcome="{escape(str(key))}">'
            f"<td>{escape(words(key))}</td><td>{weight}</td><td>{percent(weight)}</td>"
            f'<td><span class="bar" style="display:inline-block;height:0.8em;'
            f'width:{float(weight) * 100:.1f}px;background:#4a6b3a"></span></td></tr>'
        )
    return HTML(
        f'<table class="distribution"><thead><tr><th>{escape(outcome)}</th>'
        '<th style="white-space:nowrap">exact chance</th><th>%</th><th></th></tr></thead><tbody>'
        + "".join(rows)
        + "</tbody></table>"
    )
