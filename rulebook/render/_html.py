from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

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


def distribution_html(dist: Distribution, outcome: str = "outcome") -> HTML:
    """A table of outcomes with exact fractions, percentages and a bar each."""
    rows = []
    for key, weight in dist.items():
        pct = float(weight) * 100
        rows.append(
            f'<tr class="outcome" data-outcome="{escape(str(key))}">'
            f"<td>{escape(str(key))}</td><td>{weight}</td><td>{pct:.1f}%</td>"
            f'<td><span class="bar" style="display:inline-block;height:0.8em;'
            f'width:{pct:.1f}px;background:#4a6b3a"></span></td></tr>'
        )
    return HTML(
        f'<table class="distribution"><thead><tr><th>{escape(outcome)}</th>'
        "<th>exact</th><th>%</th><th></th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )
