"""Every app, poked at round after round, makes no widgets that outlive their use (issue 16).

Each notebook's code is run as Voila runs it (from ``notebooks/``), then every visible kind of
control a reader can reach (in the open tab, not hidden) is worked, seeded: each button clicked (but those that save, load, delete,
start again or run the balance lab), each drop-down and toggle set to a random choice, each
whole-number box and slider set, each tab opened. After two rounds to settle, four more are
counted. An app that draws anew what it shows, without closing what it drew before, grows by
hundreds of widgets a round (the designers' checks, the rules reference's links and the Ambush
Valley table's marks did); a panel built the first time its tab opens, or a kept pool growing to
a longer list, adds some once. So no counted round may add widgets every time, and the four
together no more than a hundred.

The play apps' and designers' own long sessions have tests of their own in
``test_long_session.py``; this one checks every app, so a new one is checked the day it is added.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import ipywidgets as ipw
import pytest
from ipywidgets.widgets.widget import _instances as live_widgets

from widgets._number import RangedIntText

# ipywidgets' own number boxes judge what is typed in the browser and say nothing: IntText
# drops the keys it does not take (12.5 arrives as 125), the bounded ones clamp. Apps use
# widgets._number's boxes, which the kernel reads and which say what they kept.
SILENT_NUMBERS = (ipw.IntText, ipw.FloatText, ipw.BoundedIntText, ipw.BoundedFloatText)

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
APPS = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
# Words on buttons this test leaves alone: they write files, replace the game or map being
# worked on, or start the lab's thousand games.
LEFT_ALONE = ("save", "load", "delete", "new blank", "new game", "run", "cancel", "play this")
SETTLE, COUNTED, ALLOWED = 2, 4, 100


def _app(stem: str) -> ipw.Widget:
    """The page the notebook shows, built by its own code in its own folder."""
    cells = json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
    namespace: dict = {}
    for cell in cells:
        if cell["cell_type"] == "code":
            exec("".join(cell["source"]), namespace)  # noqa: S102 - the project's own notebooks
    return namespace["page"]


def _controls(widget: ipw.Widget, seen: set[int] | None = None):
    """The widgets a reader can reach now: hidden boxes and tabs not open are passed over."""
    seen = set() if seen is None else seen
    if id(widget) in seen or getattr(getattr(widget, "layout", None), "display", None) == "none":
        return
    seen.add(id(widget))
    yield widget
    children = getattr(widget, "children", ()) or ()
    if isinstance(widget, ipw.Tab) and children:  # the open tab's page; opening others is a poke
        children = [children[widget.selected_index or 0]]
    for child in children:
        if isinstance(child, ipw.Widget):
            yield from _controls(child, seen)


def _poke(page: ipw.Widget, rng: random.Random) -> None:
    """Work each control in turn, passing over those an earlier one took off the page."""
    for w in list(_controls(page)):
        if w not in set(_controls(page)):
            continue
        if isinstance(w, ipw.Button):
            words = (w.description or w.tooltip or "").lower()
            if not w.disabled and not any(word in words for word in LEFT_ALONE):
                w.click()
        elif isinstance(w, ipw.Dropdown | ipw.ToggleButtons | ipw.RadioButtons | ipw.Select):
            if w.options and not w.disabled:
                w.index = rng.randrange(len(w.options))
        elif isinstance(w, ipw.IntSlider) and not w.disabled:
            w.value = rng.randint(w.min, w.max)
        elif isinstance(w, RangedIntText) and not w.disabled:  # typed, as the page sends it
            w.set_state({"value": str(rng.randint(int(w.low), int(w.high)))})
        elif isinstance(w, ipw.Tab) and w.children:
            w.selected_index = rng.randrange(len(w.children))


@pytest.mark.parametrize("stem", APPS)
def test_poking_every_control_round_after_round_leaves_the_widget_count_flat(
    stem, monkeypatch, tmp_path
):
    monkeypatch.chdir(NOTEBOOKS)
    page = _app(stem)
    rng = random.Random(stem)
    for _ in range(SETTLE):
        _poke(page, rng)
    counts = [len(live_widgets)]
    for _ in range(COUNTED):
        _poke(page, rng)
        counts.append(len(live_widgets))
        silent = {type(w).__name__ for w in _controls(page) if isinstance(w, SILENT_NUMBERS)}
        assert not silent, f"{stem}: number boxes that refuse nothing in words: {silent}"
    growth = [b - a for a, b in itertools.pairwise(counts)]
    # A leak adds widgets in every round; a panel built the first time its tab is opened, or a
    # kept pool growing to a longer list than before, adds them once.
    assert min(growth) <= 0, f"{stem}: widgets made in every round: {growth}"
    assert counts[-1] - counts[0] <= ALLOWED, f"{stem}: widgets made per round {growth}"
