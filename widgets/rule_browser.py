"""The rules reference as an app: search the three books, read an entry, follow its links both ways."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as ipw

from rulebook.reference import Entry, Reference, implementations, load_reference, named_in_tests
from rulebook.render import provenance_badge
from widgets._page import app_page, guarded

__all__ = ["RuleBrowser", "rule_browser_app"]

GAMES = {
    "All three books": None,
    "LZ Albany": "lza",
    "First Team: Vietnam": "ftv",
    "Ambush Valley": "av",
}
RESULT_LIMIT = 60


class RuleBrowser(ipw.VBox):
    """Search box, filters and result list on the left; the chosen entry on the right.

    Every rule id an entry points at, or that points at it, is a button: clicking one opens
    that entry, and ``Back`` retraces the path.
    """

    def __init__(self, reference: Reference | None = None, *, start: str = "lza:6.1") -> None:
        self.ref = reference or load_reference()
        tags = sorted({t for e in self.ref for t in e.tags})
        self.query = ipw.Text(
            placeholder="words or a rule id, e.g. night wounded", description="search"
        )
        self.query.add_class("rb-rule-query")
        self.game = ipw.Dropdown(options=list(GAMES), description="book")
        self.tag = ipw.Dropdown(options=["any", *tags], description="tag")
        self.results = ipw.Select(options=[], rows=18, layout=ipw.Layout(width="26em"))
        self.results.add_class("rb-rule-results")
        self.count = ipw.HTML()
        self.entry_view = ipw.HTML()
        self.entry_view.add_class("rb-rule-entry")
        self.refers = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self.refers.add_class("rb-rule-refers")
        self.cited = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self.cited.add_class("rb-rule-cited")
        self.details = ipw.HTML()
        self.back = ipw.Button(description="Back", icon="arrow-left", disabled=True)
        self.back.on_click(self._go_back)
        self.errors = ipw.HTML()
        self.history: list[str] = []
        self.current: str | None = None
        for control in (self.query, self.game, self.tag):
            control.observe(self._search, names="value")
        self.results.observe(self._picked, names="value")
        left = ipw.VBox([self.query, self.game, self.tag, self.count, self.results])
        right = ipw.VBox(
            [
                self.back,
                self.entry_view,
                ipw.HTML("<b>Refers to</b>"),
                self.refers,
                ipw.HTML("<b>Cited by</b>"),
                self.cited,
                self.details,
                self.errors,
            ],
            layout=ipw.Layout(width="52em"),
        )
        super().__init__([ipw.HBox([left, right])])
        self.add_class("rb-rule-browser")
        self._search()
        self.show(start)

    # --- actions --------------------------------------------------------------------------

    def refresh(self) -> None:
        """Nothing to redraw beyond what each action sets; required by :func:`guarded`."""

    @guarded
    def _search(self, _: Any = None) -> None:
        text = self.query.value.strip()
        tag = None if self.tag.value == "any" else self.tag.value
        if text in self.ref:  # an exact id jumps straight to its entry
            hits = [self.ref[text]]
        else:
            hits = self.ref.search(text, game=GAMES[self.game.value], tag=tag)
        shown = hits[:RESULT_LIMIT]
        more = f", first {RESULT_LIMIT} shown" if len(hits) > RESULT_LIMIT else ""
        self.count.value = f"<span class='rb-rule-count'>{len(hits)} entries{more}</span>"
        self.results.unobserve(self._picked, names="value")
        self.results.options = [(f"{e.id}  {e.title}", e.id) for e in shown]
        self.results.value = None
        self.results.observe(self._picked, names="value")

    def _picked(self, change: dict) -> None:
        if change["new"]:
            self.show(change["new"])

    @guarded
    def show(self, rule_id: str, *, remember: bool = True) -> None:
        """Show one entry; the one shown before it goes on the Back stack."""
        entry = self.ref[rule_id]
        if remember and self.current and self.current != rule_id:
            self.history.append(self.current)
        self.current = entry.id
        self.back.disabled = not self.history
        self.entry_view.value = entry_html(self.ref, entry)
        self.refers.children = self._buttons(self.ref.refers_to(entry.id))
        self.cited.children = self._buttons(self.ref.cited_by(entry.id))
        self.details.value = details_html(self.ref, entry)

    @guarded
    def _go_back(self, _: Any = None) -> None:
        if self.history:
            self.show(self.history.pop(), remember=False)

    def _buttons(self, ids: list[str]) -> tuple[ipw.Button, ...]:
        buttons = []
        for rule_id in ids:
            button = ipw.Button(
                description=rule_id,
                tooltip=self.ref[rule_id].title,
                layout=ipw.Layout(width="auto"),
            )
            button.add_class("rb-rule-link")
            button.on_click(lambda _, target=rule_id: self.show(target))
            buttons.append(button)
        if not buttons:
            return (ipw.HTML("<i>none</i>"),)
        return tuple(buttons)


def entry_html(ref: Reference, entry: Entry) -> str:
    """Title, provenance, summary, tags, numbers, steps and source lines of one entry."""
    game = ref.game_of(entry.id)
    parent = ref.parent(entry.id)
    where = f" &middot; part of <code>{escape(parent)}</code>" if parent else ""
    lines = (
        f" &middot; source lines {entry.lines[0]}-{entry.lines[1]}"
        if entry.lines is not None
        else ""
    )
    note = f"<p class='rb-note'><i>{escape(entry.note)}</i></p>" if entry.note else ""
    core = (
        "<p><span class='provenance assumed'>needs core rules</span> relies on a Force on Force "
        "mechanic this book does not give.</p>"
        if entry.needs_core
        else ""
    )
    tags = " ".join(f"<code>{escape(t)}</code>" for t in entry.tags)
    steps = "".join(f"<li>{escape(s)}</li>" for s in entry.steps)
    numbers = "".join(
        f"<tr><td>{escape(k)}</td><td>{escape(str(v))}</td></tr>" for k, v in entry.numbers.items()
    )
    return (
        f"<div data-rule='{escape(entry.id)}'><h2 class='rb-rule-title'>{escape(entry.id)} "
        f"{escape(entry.title)} {provenance_badge(entry.provenance)}</h2>"
        f"<p><small>{escape(game.title)}{where}{lines}</small></p>{note}"
        f"<p class='rb-rule-summary'>{escape(entry.summary)}</p>{core}"
        + (f"<ol>{steps}</ol>" if steps else "")
        + (f"<table class='rb-rule-numbers'>{numbers}</table>" if numbers else "")
        + (f"<p>Tags: {tags}</p>" if tags else "")
        + "</div>"
    )


def details_html(ref: Reference, entry: Entry) -> str:
    """Interpretations, printed cross-references the checker flags, and the code and tests."""
    parts = []
    for interp in entry.interpretations:
        readings = "".join(
            f"<li>{'<b>engine:</b> ' if r.id == interp.engine_uses else ''}"
            f"<code>{escape(r.id)}</code> {escape(r.text)}</li>"
            for r in interp.readings
        )
        option = (
            f"<p>Scenario option <code>{escape(interp.option)}</code> switches it.</p>"
            if interp.option
            else ""
        )
        parts.append(
            f"<div class='rb-interpretation' data-interpretation='{escape(interp.id)}'>"
            f"<h3>Interpretation: {escape(interp.question)}</h3><ul>{readings}</ul>"
            f"<p><i>Why:</i> {escape(interp.why)}</p>{option}</div>"
        )
    findings = [f for f in ref.check() if f.source == entry.id]
    if findings:
        items = "".join(f"<li>{escape(str(f))}</li>" for f in findings)
        parts.append(
            f"<div class='rb-findings'><h3>Cross-references that go astray</h3><ul>{items}</ul></div>"
        )
    code = implementations().get(entry.id, ())
    tests = named_in_tests().get(entry.id, ())
    if code or tests:
        rows = "".join(f"<li>implemented in <code>{escape(c)}</code></li>" for c in code)
        rows += "".join(f"<li>checked by <code>{escape(t)}</code></li>" for t in tests)
        parts.append(f"<div class='rb-executed'><h3>Executed and tested</h3><ul>{rows}</ul></div>")
    return "".join(parts)


def rule_browser_app() -> ipw.VBox:
    """The whole page."""
    intro = (
        "<h1>Rules reference</h1><p>Every case of LZ Albany and First Team: Vietnam and every "
        "section and table of Ambush Valley, summarised in our own words. Search by words "
        "(prefixes work: <code>tunn spot</code>) or type a rule id; follow the buttons to the "
        "rules an entry relies on and the rules that rely on it. Interpretations record where a "
        "book is ambiguous and which reading the engine takes.</p>"
    )
    return app_page(intro, RuleBrowser())
