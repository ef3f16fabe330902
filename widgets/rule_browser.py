"""The rules reference as an app: search the three books, read an entry, follow its links both ways.

The app opens on the entry a URL names: ``rules_reference.ipynb?rule=lza:7.3`` (Voila hands the
query string to the kernel as ``QUERY_STRING``); ``?q=night`` opens with that search. Other apps
link rule cases this way, through :func:`widgets._page.rule_links`.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as ipw

from rulebook._words import words
from rulebook.games._narrate import count
from rulebook.reference import Entry, Hit, Reference, load_reference, searchable
from rulebook.reference._reading import (
    breakable_name,
    checked_by,
    engine_sentence,
    finding_sentence,
    findings_about,
    implemented_by,
    value_words,
)
from rulebook.reference._reading import (
    count_words as _count,
)
from rulebook.reference._search import rule_id_spelling
from rulebook.reference._topics import topic_name
from rulebook.render import provenance_badge
from widgets._page import app_page, error_html, guarded, on_enter

__all__ = ["RuleBrowser", "rule_browser_app", "start_from_query"]

GAMES = {
    "All three books": None,
    "LZ Albany": "lza",
    "First Team: Vietnam": "ftv",
    "Ambush Valley": "av",
}
RESULT_SLOTS = 25
DEFAULT_START = "lza:6.1"

# Results and entry side by side from about 900 px, stacked below that; labels wrap, never clip.
CSS = """
<style>
.rb-rule-browser .rb-rule-columns { display: flex; flex-flow: row wrap; gap: 1rem; align-items: flex-start; }
.rb-rule-browser .rb-rule-side { flex: 1 1 19rem; max-width: 30rem; min-width: 0; }
.rb-rule-browser .rb-rule-main { flex: 2 1 30rem; min-width: 0; }
.rb-rule-browser .rb-result { border-bottom: 1px solid #e3e7dc; padding: 0.2rem 0; }
.rb-rule-browser .rb-result .widget-button, .rb-rule-browser .rb-rule-link.widget-button {
  white-space: normal !important; height: auto !important; text-align: left; overflow: visible;
  text-overflow: clip; background: none; color: #1a4f9c; text-decoration: underline;
  box-shadow: none; padding: 0.1rem 0.2rem; line-height: 1.3; }
.rb-rule-browser .rb-result-why { font-size: 0.85em; color: #444; }
.rb-rule-browser .rb-result-why mark { background: #fff1a8; padding: 0 0.1em; }
.rb-rule-browser code, .rb-rule-browser .rb-executed code { word-break: normal; overflow-wrap: normal; }
.rb-rule-browser details summary { cursor: pointer; color: #1a4f9c; }
.rb-rule-browser .widget-text input { min-width: 0; }
.rb-rule-browser .rb-rule-side .widget-text, .rb-rule-browser .rb-rule-side .widget-dropdown {
  width: auto; max-width: 100%; box-sizing: border-box; margin-right: 0.3rem; }
</style>
"""


def start_from_query(query_string: str | None) -> dict[str, str]:
    """The rule and search a page URL asks for, from Voila's ``QUERY_STRING``.

    >>> start_from_query("rule=lza%3A7.3&q=night")
    {'rule': 'lza:7.3', 'q': 'night'}
    >>> start_from_query(None)
    {}
    """
    asked = parse_qs(query_string or "")
    return {key: values[-1] for key, values in asked.items() if key in ("rule", "q") and values}


class RuleBrowser(ipw.VBox):
    """Search box, filters and results on the left; the chosen entry on the right.

    Typing searches as you go; Enter opens the first result (so a rule id and Enter opens it).
    Every rule id an entry points at, or that points at it, is a link: following one opens that
    entry, and ``Back`` retraces the path.
    """

    def __init__(
        self,
        reference: Reference | None = None,
        *,
        start: str | None = DEFAULT_START,
        query: str = "",
    ) -> None:
        self.ref = reference or load_reference()
        topics = sorted({(topic_name(t), t) for e in self.ref for t in e.tags})
        self.query = ipw.Text(
            placeholder="words, an abbreviation or a rule id: LOS, nigth, lza:7.8",
        )
        self.query.add_class("rb-rule-query")
        on_enter(self.query, self.submit)
        self.game = ipw.Dropdown(options=list(GAMES), description="Book")
        self.tag = ipw.Dropdown(options=[("any topic", "any"), *topics], description="Topic")
        self.count = ipw.HTML()
        self.hits: list[Hit] = []
        self._listed: list[str] = []  # the ids the result buttons open, in their order
        self._slots = [self._result_slot(i) for i in range(RESULT_SLOTS)]
        self.results = ipw.VBox([slot for slot, _, _ in self._slots])
        self.results.add_class("rb-rule-results")
        self.entry_view = ipw.HTML()
        self.entry_view.add_class("rb-rule-entry")
        self.refers = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self.refers.add_class("rb-rule-refers")
        self.cited = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self.cited.add_class("rb-rule-cited")
        self._refers_links = _RuleLinks(self.refers, self.show)
        self._cited_links = _RuleLinks(self.cited, self.show)
        self.details = ipw.HTML()
        self.details.add_class("rb-rule-details")
        self.back = ipw.Button(description="Back", icon="arrow-left", disabled=True)
        self.back.on_click(self._go_back)
        self.errors = ipw.HTML()
        self.suggested = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self.suggested.add_class("rb-rule-suggested")
        self._suggested_links = _RuleLinks(self.suggested, self.show, when_none="")
        self.idle = ipw.HTML(
            "<p class='rb-rule-idle'><i>No entry is open: search or pick a book on the left, "
            "then open a result.</i></p>"
        )
        self.history: list[str] = []
        self.current: str | None = None
        self.game.observe(self._narrow_topics, names="value")  # before the search it starts
        for control in (self.query, self.game, self.tag):
            control.observe(self._search, names="value")
        side = ipw.VBox([self.query, self.game, self.tag, self.count, self.results])
        side.add_class("rb-rule-side")
        # Hidden until an entry is open: a link to a rule we lack shows its error, not an
        # unrelated entry the reader would take for the answer.
        self.reading = ipw.VBox(
            [
                self.entry_view,
                ipw.HTML("<b>Refers to</b> (the rules this one points at)"),
                self.refers,
                ipw.HTML("<b>Cited by</b> (the rules that point at this one)"),
                self.cited,
                self.details,
            ],
            layout=ipw.Layout(display="none"),
        )
        main = ipw.VBox([self.back, self.errors, self.suggested, self.idle, self.reading])
        main.add_class("rb-rule-main")
        columns = ipw.Box([side, main])
        columns.add_class("rb-rule-columns")
        super().__init__([ipw.HTML(CSS), columns])
        self.add_class("rb-rule-browser")
        self.query.value = query
        self._search()
        if start:
            self.show(start)

    # --- actions --------------------------------------------------------------------------

    def refresh(self) -> None:
        """Nothing to redraw beyond what each action sets; required by :func:`guarded`."""

    def _before_action(self) -> None:
        """The rules offered for an unknown id go with its error, which :func:`guarded` clears."""
        self._suggested_links.show(self.ref, [])

    def _result_slot(self, index: int) -> tuple[ipw.VBox, ipw.Button, ipw.HTML]:
        button = ipw.Button(layout=ipw.Layout(width="auto", max_width="100%"))
        button.add_class("rb-result-open")
        button.on_click(lambda _: self.open_result(index))
        why = ipw.HTML()
        why.add_class("rb-result-why")
        slot = ipw.VBox([button, why], layout=ipw.Layout(display="none"))
        slot.add_class("rb-result")
        return slot, button, why

    @guarded
    def _narrow_topics(self, _: Any = None) -> None:
        """Offer only the topics the chosen book has (Ambush Valley has no Melee), keeping the
        topic picked if the book has it."""
        prefix = GAMES[self.game.value]
        topics = sorted(
            {
                (topic_name(t), t)
                for e in self.ref
                if prefix is None or e.id.startswith(f"{prefix}:")
                for t in e.tags
            }
        )
        kept = self.tag.value if any(tag == self.tag.value for _, tag in topics) else "any"
        self.tag.options = [("any topic", "any"), *topics]
        self.tag.value = kept

    def _search(self, _: Any = None) -> None:
        text = searchable(self.query.value)  # ("*" alone is nothing typed)
        tag = None if self.tag.value == "any" else self.tag.value
        game = GAMES[self.game.value]
        # With nothing typed and no filter the list would be the first entries of the first
        # book: noise above the entry on a narrow screen. A book or a tag alone lists entries.
        browsing = text or game or tag
        self.hits = self.ref.find(text, game=game, tag=tag) if browsing else []
        shown = self.hits[:RESULT_SLOTS]
        # A typed id that names nothing lists the ids nearest it: words like it mean nothing.
        near = [] if shown or not rule_id_spelling(text) else self.ref.nearest(text)
        self._listed = [hit.entry.id for hit in shown] or near
        whys = [hit_html(hit) if text else "" for hit in shown] or [
            "<div><i>a rule id near the one typed</i></div>" for _ in near
        ]
        for (slot, button, why), rule_id, said in zip(
            self._slots, self._listed, whys, strict=False
        ):
            button.description = f"{rule_id}  {self.ref[rule_id].title}"
            button.tooltip = f"open {rule_id}"
            why.value = said
            slot.layout.display = "flex"
        for slot, _, _ in self._slots[len(self._listed) :]:
            slot.layout.display = "none"
        self.count.value = self._count_html(text, len(shown))

    def _count_html(self, text: str, shown: int) -> str:
        total = len(self.hits)
        if (
            total == 0
            and not text
            and self.game.value == "All three books"
            and self.tag.value == "any"
        ):
            return (
                f"<p class='rb-rule-count'>{len(self.ref)} entries in three books: type words, an "
                "abbreviation or a rule id, or pick a book or a topic to list its entries.</p>"
            )
        if total == 0 and not text:  # a book and a topic with no entry in common
            return (
                "<p class='rb-rule-count rb-no-results'>No entry of "
                f"{escape(self.game.value if self.game.value != 'All three books' else 'the books')} "
                f"has the topic {escape(self.tag.label or '')}: pick another topic or book.</p>"
            )
        spelt = rule_id_spelling(text)
        if total == 0 and spelt:
            hint = (
                "the nearest ids are listed"
                if self._listed
                else "write a case as lza:7.3, ftv:3.4.1.3 or av:tunnel-spots, or search by words"
            )
            return (
                f"<p class='rb-rule-count rb-no-results'>No rule {escape(spelt)} in the books; "
                f"{hint}.</p>"
            )
        if total == 0:
            near = self.ref.suggest(text)
            hint = (
                "nearest words in the books: "
                + ", ".join(f"<code>{escape(w)}</code>" for w in near)
                if near
                else "try fewer words, a rule id such as <code>lza:7.8</code>, or another book"
            )
            return f"<p class='rb-rule-count rb-no-results'>Nothing matches; {hint}.</p>"
        outside = self._outside_filters(self.hits[0].entry)
        if outside:
            return (
                f"<p class='rb-rule-count'>{escape(self.hits[0].entry.id)} is {escape(outside)}; "
                "Enter opens it.</p>"
            )
        more = f"; the first {shown} are shown, narrow by book or tag" if total > shown else ""
        if text:
            what = "entry matches" if total == 1 else "entries match"
        else:
            what = "entry" if total == 1 else "entries"
        lacking = self.hits[0].missing
        if lacking:  # no entry has every word: these have the most of them
            what = (
                f"entries have all but {count(len(lacking), 'word')} of your search (none has "
                "every word; each says which)"
            )
        enter = "; Enter opens the first" if text else ""
        return f"<p class='rb-rule-count'>{total} {what}{more}{enter}.</p>"

    def _outside_filters(self, entry: Entry) -> str:
        """Where an entry found by its id lies, if the book or topic chosen leaves it out."""
        game = GAMES[self.game.value]
        if game is not None and not entry.id.startswith(f"{game}:"):
            book = next(name for name, prefix in GAMES.items() if entry.id.startswith(f"{prefix}:"))
            return f"in {book}, not {self.game.value}"
        if self.tag.value != "any" and self.tag.value not in entry.tags:
            return f"not under the topic {self.tag.label}"
        return ""

    def submit(self) -> None:
        """What Enter in the search box does: open the first result."""
        if self.hits:
            self.open_result(0)

    def open_result(self, index: int) -> None:
        """Open the *index*-th entry listed under the search box."""
        if index < len(self._listed):
            self.show(self._listed[index])

    @guarded
    def show(self, rule_id: str, *, remember: bool = True) -> None:
        """Show one entry; the one shown before it goes on the Back stack."""
        target = self.ref.lookup(rule_id)
        if target is None:
            self._no_such_rule(rule_id)
            return
        entry = self.ref[target]
        if remember and self.current and self.current != entry.id:
            self.history.append(self.current)
        self.current = entry.id
        self.back.disabled = not self.history
        self.entry_view.value = entry_html(self.ref, entry)
        self._refers_links.show(self.ref, self.ref.refers_to(entry.id))
        self._cited_links.show(self.ref, self.ref.cited_by(entry.id))
        self.details.value = details_html(self.ref, entry)
        self.idle.layout.display = "none"
        self.reading.layout.display = None

    def _no_such_rule(self, rule_id: str) -> None:
        """Say, in red, that *rule_id* names no entry, and offer the nearest to open."""
        named = rule_id_spelling(rule_id) or rule_id.strip()
        near = self.ref.nearest(rule_id)
        if not named:
            said = "No rule id was given. Search for a rule on the left."
        elif near:
            said = f"There is no rule {named} in the reference. The nearest:"
        else:
            said = (
                f"There is no rule {named} in the reference. Write a case as lza:7.3, "
                "ftv:3.4.1.3 or av:tunnel-spots, or search for it by its words on the left."
            )
        self.errors.value = error_html(ValueError(said))
        self._suggested_links.show(self.ref, near)

    @guarded
    def _go_back(self, _: Any = None) -> None:
        if self.history:
            self.show(self.history.pop(), remember=False)


class _RuleLinks:
    """A box of buttons, each opening a rule (``rb-rule-link``), or *when_none* (if any). The
    buttons are kept and relabelled as entries are opened: a reader's long session makes no
    widgets that outlive their use (each opened entry made a button per link before, never
    closed)."""

    def __init__(
        self, box: ipw.Box, open_rule: Callable[[str], None], *, when_none: str = "<i>none</i>"
    ) -> None:
        self.box, self.open_rule = box, open_rule
        self.buttons: list[ipw.Button] = []
        self.targets: dict[str, str] = {}  # a button's model id -> the rule it opens
        self.none = (ipw.HTML(when_none),) if when_none else ()

    def show(self, ref: Any, ids: list[str]) -> None:
        while len(self.buttons) < len(ids):
            button = ipw.Button(layout=ipw.Layout(width="auto", max_width="100%"))
            button.add_class("rb-rule-link")
            button.on_click(self._clicked)
            self.buttons.append(button)
        for button, rule_id in zip(self.buttons, ids, strict=False):
            button.description = f"{rule_id} {ref[rule_id].title}"
            button.tooltip = f"open {rule_id}"
            self.targets[button.model_id] = rule_id
        self.box.children = tuple(self.buttons[: len(ids)]) or self.none

    def _clicked(self, button: ipw.Button) -> None:
        self.open_rule(self.targets[button.model_id])


def hit_html(hit: Hit) -> str:
    """Why a result matched, and its words in context with the matched ones marked."""
    context = "".join(f"<mark>{escape(t)}</mark>" if m else escape(t) for t, m in hit.context)
    return f"<div><i>{escape(hit.why)}</i></div>" + (
        f"<div class='rb-result-context'>{context}</div>" if context else ""
    )


def entry_html(ref: Reference, entry: Entry) -> str:
    """Title, provenance, summary, numbers and steps of one entry."""
    game = ref.game_of(entry.id)
    parent = ref.parent(entry.id)
    where = f" &middot; part of <code>{escape(parent)}</code>" if parent else ""
    lines = (
        f" &middot; source text lines {entry.lines[0]} to {entry.lines[1]}"
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
    tags = ", ".join(escape(topic_name(t)) for t in entry.tags)
    steps = "".join(f"<li>{escape(s)}</li>" for s in entry.steps)
    numbers = "".join(
        f"<tr><td>{escape(words(k))}</td><td>{escape(value_words(v))}</td></tr>"
        for k, v in entry.numbers.items()
    )
    return (
        f"<div data-rule='{escape(entry.id)}'><h2 class='rb-rule-title'>{escape(entry.id)} "
        f"{escape(entry.title)} {provenance_badge(entry.provenance)}</h2>"
        f"<p><small>{escape(game.title)}{where}{lines}</small></p>"
        f"<p class='rb-rule-summary'>{escape(entry.summary)}</p>{note}{core}"
        + (f"<p><b>Steps</b></p><ol>{steps}</ol>" if steps else "")
        + (
            "<table class='rb-rule-numbers'><tr><th>number</th><th>value</th></tr>"
            f"{numbers}</table>"
            if numbers
            else ""
        )
        + (f"<p><small>Topics: {tags}</small></p>" if tags else "")
        + "</div>"
    )


def details_html(ref: Reference, entry: Entry) -> str:
    """Interpretations, contradictions, how the engine plays it, and (collapsed) code and tests."""
    engine = escape(engine_sentence(ref, entry))
    parts = [f"<div class='rb-engine'><h3>How the engine plays it</h3><p>{engine}</p></div>"]
    for interp in entry.interpretations:
        readings = "".join(
            f"<li>{'<b>engine:</b> ' if r.id == interp.engine_uses else ''}{escape(r.text)}</li>"
            for r in interp.readings
        )
        option = (
            f"<p>A scenario option, <i>{escape(interp.option.replace('_', ' '))}</i>, "
            "switches the reading.</p>"
            if interp.option
            else ""
        )
        parts.append(
            f"<div class='rb-interpretation' data-interpretation='{escape(interp.id)}'>"
            f"<h3>Interpretation: {escape(interp.question)}</h3><ul>{readings}</ul>"
            f"<p><i>Why:</i> {escape(interp.why)}</p>{option}</div>"
        )
    findings = findings_about(ref, entry)
    if findings:
        items = "".join(f"<li>{escape(finding_sentence(f))}</li>" for f in findings)
        parts.append(
            "<div class='rb-findings'><h3>Where the book contradicts itself</h3>"
            f"<p>Cross-references that lead somewhere the sentence does not expect:</p><ul>{items}</ul></div>"
        )
    code, tests = implemented_by(ref, entry), checked_by(ref, entry)
    if code or tests:
        rows = "".join(f"<li>implemented in <code>{breakable_name(c)}</code></li>" for c in code)
        rows += "".join(f"<li>checked by <code>{breakable_name(t)}</code></li>" for t in tests)
        parts.append(
            "<details class='rb-executed'><summary>Code and tests "
            f"({_count(len(code), 'function')}, {_count(len(tests), 'test')})</summary><ul>{rows}</ul></details>"
        )
    return "".join(parts)


def rule_browser_app(query_string: str | None = None) -> ipw.VBox:
    """The whole page, opened on the rule or search the URL's query string asks for."""
    asked = start_from_query(query_string)
    intro = (
        "<h1>Rules reference</h1><p>Every case of LZ Albany and First Team: Vietnam and every "
        "section and table of Ambush Valley, summarised in our own words. Search by words, the "
        "books' abbreviations (<code>LOS</code>, <code>CRT</code>, <code>CP</code>) or a rule id "
        "and press Enter to open the first result; misspellings are forgiven. Follow the links to "
        "the rules an entry relies on and the rules that rely on it. Interpretations record where "
        "a book is ambiguous and which reading the engine takes. No kernel at hand? Build the "
        "static site with <code>rulebook rules site -o DIR</code>.</p>"
    )
    browser = RuleBrowser(start=None, query=asked.get("q", ""))
    browser.show(asked.get("rule", DEFAULT_START))
    return app_page(intro, browser)
