"""HTML for the core's objects, built as plain strings (no Jupyter import).

Every piece carries classes and data attributes (``class="provenance
reconstructed"``, ``data-rule="lza:7.3"``) so styles, widgets and browser
tests can select on them.
"""

from rulebook.render._html import (
    HTML,
    distribution_html,
    percent,
    provenance_badge,
    sourced_html,
    trace_html,
)

__all__ = [
    "HTML",
    "distribution_html",
    "percent",
    "provenance_badge",
    "sourced_html",
    "trace_html",
]
