"""Every app speaks in words: no Python or pandas value reaches the screen.

``read_every_view(page, app, artifacts)`` reads an opened app's page, then clicks through every
tab (and opens every accordion), then picks each choice of the page's main drop-down (its
first), reading the page after each step. It fails on text a reader should never see: tuples
and dicts, ``None``, ``True``/``False``, ``NaN``, ``<NA>``, snake_case ids, and trace deltas
such as ``hits - -> 1``, and names the app, the step and the offending text.

Each app's own test module calls it last, on the page its tests already opened: opening an app
costs Chromium and its kernel about 4 CPU-s, and a module of its own for this read opened
every app a second time. ``test_all_apps_words.py`` checks that every notebook is read so, so
a new app is checked the day it is added.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

MAX_CHOICES = 8  # of the main drop-down; enough to visit each kind of view

RAW = {
    "a tuple": re.compile(r"\((?:True|False|None|-?\d+)(?:, (?:True|False|None|-?\d+|'[^']*'))+\)"),
    "a dict": re.compile(r"\{'[^']*': "),
    "None": re.compile(r"\bNone\b"),
    "a Python bool": re.compile(r"\b(?:True|False)\b"),
    "NaN": re.compile(r"\bNaN\b"),
    "<NA>": re.compile(r"<NA>"),
    "a snake_case id": re.compile(r"(?<![\w/.:-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w/.-])"),
    "a trace delta": re.compile(r"\b\w+ (?:-|-?\d+) -> (?:-|-?\d+)"),
}

# What a pointer resting on a shown element reads, where that is a value rather than words (the
# label of a control without a tooltip once read "null"): the element and its text, each.
HOVER_RAW = """() => [...document.querySelectorAll('.rb-page [title]')]
    .filter(e => /^(null|undefined|None|NaN)$/.test(e.getAttribute('title')) && e.offsetParent)
    .map(e => `${e.getAttribute('title')} on ${e.tagName.toLowerCase()} "${e.textContent.trim()}"`)"""

# The page's visible text, tabs' and accordions' hidden panes excluded (innerText skips them).
VISIBLE_TEXT = (
    "() => document.querySelector('.rb-page') ? document.querySelector('.rb-page').innerText : ''"
)


def _settle(page, timeout_ms: int = 15_000) -> str:
    """Wait until the kernel has answered every request the page sent (each click's) and the
    page's text has stopped changing; return the text."""
    kernel = page.kernel  # every page the fixtures open watches its kernel (conftest._Tabs)
    last, stable, waited = None, 0, 0
    while waited < timeout_ms:
        if kernel.pending:  # (reading the text lays the page out: not while the kernel works)
            last, stable = None, 0
        else:
            text = page.evaluate(VISIBLE_TEXT)
            stable = stable + 1 if text == last else 0
            if stable >= 2:
                return text
            last = text
        page.wait_for_timeout(100)
        waited += 100
    return last if last is not None else page.evaluate(VISIBLE_TEXT)


@cache
def _printed_names() -> re.Pattern:
    """LZ Albany's unit groups, named as the book prints them (lza:5.2): "66 (6, 7, 8)" is the
    chit's label, not a tuple, and the apps show it as printed so a reader can match it."""
    from rulebook.games.lz_albany import standard_scenario

    names = [group.name for group in standard_scenario().lz_albany.unit_groups]
    return re.compile("|".join(re.escape(name) for name in names))


def raw_text(text: str) -> list[str]:
    """Each piece of *text* a reader should not see, named, with 30 characters either side."""
    text = _printed_names().sub("(printed name)", text)
    found = []
    for what, pattern in RAW.items():
        for m in pattern.finditer(text):
            start, end = max(m.start() - 30, 0), min(m.end() + 30, len(text))
            context = text[start:end].replace("\n", " ")
            found.append(f"{what} {m.group(0)!r} in ...{context}...")
    return found


def read_every_view(page, app: str, artifacts: Path) -> None:
    """Read every view of *app* (a notebook's file name), open on *page*, for raw Python text."""
    assert f"/voila/render/{app}" in page.url, f"the page shows {page.url}, not {app}"
    page.bring_to_front()  # only the front tab gets animation frames (see conftest.shared_app)
    problems = [f"as the tests left it: {p}" for p in raw_text(_settle(page))]
    try:
        tabs = page.locator(".rb-page .lm-TabBar-tab")
        for i in range(tabs.count()):
            tab = tabs.nth(i)
            if not tab.is_visible():
                continue
            name = tab.inner_text().strip()
            tab.click()
            problems += [f"tab {name!r}: {p}" for p in raw_text(_settle(page))]

        headers = page.locator(".rb-page .jupyter-widget-Collapse-header")
        for i in range(headers.count()):
            if headers.nth(i).is_visible():
                headers.nth(i).click()
        if headers.count():
            problems += [f"accordions open: {p}" for p in raw_text(_settle(page))]

        selects = page.locator(".rb-page select")
        main = next(
            (selects.nth(i) for i in range(selects.count()) if selects.nth(i).is_visible()), None
        )
        if main is not None:
            labels = main.locator("option").all_inner_texts()[:MAX_CHOICES]
            for label in labels:
                main.select_option(label=label)
                problems += [f"choice {label!r}: {p}" for p in raw_text(_settle(page))]
        problems += [f"a pointer resting on it reads {t!r}" for t in page.evaluate(HOVER_RAW)]
    finally:
        page.screenshot(path=str(artifacts / f"words_{app.removesuffix('.ipynb')}.png"))
    unique = list(dict.fromkeys(problems))
    assert not unique, f"{app} shows raw Python text:\n" + "\n".join(unique[:25])
