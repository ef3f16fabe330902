"""What every app shares: the page around it, and errors shown in the page rather than lost."""

from __future__ import annotations

import functools
import traceback
from collections.abc import Callable, Iterable
from html import escape
from typing import Any
from urllib.parse import quote

import ipywidgets as ipw
from ipywidgets.widgets.widget_description import DescriptionWidget

from widgets._style import style
from widgets.scenario_files import PROJECT_ROOT

__all__ = ["HOME", "app_page", "error_html", "guarded", "header_html", "rule_links"]

HOME = "00_start_here.ipynb"
RULES = "rules_reference.ipynb"


def on_enter(box: ipw.Text, action: Callable[[], object]) -> None:
    """Run *action* when Enter is pressed in *box*: the page sends the box a submit message
    (ipywidgets' ``on_submit``, which reads it, is deprecated)."""

    def handle(_: Any, content: dict, buffers: Any) -> None:
        if content.get("event") == "submit":
            action()

    box.on_msg(handle)


def header_html(*, home: bool = True) -> str:
    """The bar on top of every app: the project's name, a way home and a way to the rules.

    Links are relative to the app, so they work under ``rulebook serve`` and on Binder
    alike (both serve every app from the same folder).

    >>> 'href="00_start_here.ipynb"' in header_html()
    True
    >>> "rb-home" in header_html(home=False)
    False
    """
    links = [f'<a class="rb-home" href="{HOME}">&larr; All apps</a>'] if home else []
    links.append(f'<a class="rb-rules-link" href="{RULES}">Rules reference</a>')
    return (
        '<nav class="rb-header"><span class="rb-brand">Ia Drang Rulebook</span>'
        + "".join(links)
        + "</nav>"
    )


def rule_links(rules: Iterable[str]) -> str:
    """Each rule case once, as a small link that opens it in the rules reference.

    The link carries the rule in the query (``rules_reference.ipynb?rule=lza%3A7.3``), which
    Voila hands to the app's kernel.

    >>> rule_links(["lza:7.3", "lza:7.3"])
    "<a class='rb-rulecase' href='rules_reference.ipynb?rule=lza%3A7.3' target='_blank' title='rule lza:7.3 in the rules reference'>lza:7.3</a>"
    """
    return " ".join(
        f"<a class='rb-rulecase' href='{RULES}?rule={quote(r)}' target='_blank' "
        f"title='rule {escape(r)} in the rules reference'>{escape(r)}</a>"
        for r in dict.fromkeys(rules)
    )


def app_page(intro_html: str, *body: ipw.Widget, home: bool = True) -> ipw.VBox:
    """The page: shared CSS, the header, an introduction, the app; marked ready for tests.

    *home* is False only for the start page, which is home.
    """
    # Header and introduction share one widget so page.children keeps its shape for callers.
    page = ipw.VBox([style(), ipw.HTML(header_html(home=home) + intro_html), *body])
    page.add_class("rb-page")
    page.add_class("rb-ready")
    _name_hovers(page)
    return page


def _name_hovers(widget: ipw.Widget) -> None:
    """Give each labelled control in *widget*'s tree its label as the text a pointer shows.

    ipywidgets writes a control's tooltip into its label's ``title``, so a slider, a number box
    or a row of toggle buttons with a label and no tooltip showed the word "null" to a visitor
    who rested the pointer on the label. Buttons carry their text themselves and are left as
    they are.

    >>> seed = ipw.IntText(description="dice seed")
    >>> _name_hovers(ipw.VBox([ipw.HBox([seed])])); seed.tooltip
    'dice seed'
    """
    for child in getattr(widget, "children", ()) or ():
        if isinstance(child, ipw.Widget):
            _name_hovers(child)
    if (
        isinstance(widget, DescriptionWidget)
        and not isinstance(widget, ipw.Button)
        and widget.description
        and widget.tooltip is None
    ):
        widget.tooltip = widget.description


#: The project's folder, which an error names files under as they are named in the apps
#: (notebooks/saves/mine.yaml): the server's own folders are nothing to a visitor.
_ROOT = f"{PROJECT_ROOT}/"


def _as_sentence(text: str) -> str:
    """*text* with its first word capitalised, when that word is a plain lower-case word (the
    library's refusals start as clauses, "give the new value first"): a path, a field's or an
    option's name, or a rule id keeps its spelling.

    >>> _as_sentence("option wounded_check: 'never' is not one of action-end")
    "Option wounded_check: 'never' is not one of action-end"
    >>> _as_sentence("saves/mine.yaml: not found"), _as_sentence("lza:7.3 names no entry")
    ('saves/mine.yaml: not found', 'lza:7.3 names no entry')
    """
    first, space, rest = text.partition(" ")
    if first.isalpha() and first.islower():
        return first[0].upper() + first[1:] + space + rest
    return text


def error_html(err: BaseException) -> str:
    """An error as a line the page shows (Voila drops exceptions raised in callbacks).

    A refusal (a bad value, a file that cannot be read) is told in its own words; anything
    else is a fault of ours, told as one, with Python's name for it so a report can say it.

    >>> error_html(ValueError("give the new value first"))
    '<div class="rb-error" style="color:#a00">Give the new value first</div>'
    >>> error_html(ValueError("seed: expected a whole number"))  # a field's name stays as typed
    '<div class="rb-error" style="color:#a00">seed: expected a whole number</div>'
    >>> error_html(FileNotFoundError(2, "No such file or directory", "saves/mine.yaml"))
    '<div class="rb-error" style="color:#a00">saves/mine.yaml: no such file or directory</div>'
    >>> error_html(OSError(28, "No space left on device"))
    '<div class="rb-error" style="color:#a00">No space left on device</div>'
    >>> error_html(ValueError(f"{_ROOT}notebooks/saves/mine.yaml:4: map.areas.0.id: bad"))
    '<div class="rb-error" style="color:#a00">notebooks/saves/mine.yaml:4: map.areas.0.id: bad</div>'
    >>> error_html(KeyError("night_turns"))
    '<div class="rb-error" style="color:#a00">Something went wrong that should not have (KeyError: &#x27;night_turns&#x27;). Please report it with what you did.</div>'
    """
    if isinstance(err, OSError) and err.strerror:
        # (after a file's name the system's words go on the line; alone they start it)
        said = f"{err.filename}: {err.strerror.lower()}" if err.filename else err.strerror
        detail = escape(said)
    elif isinstance(err, ValueError | OSError):
        detail = escape(_as_sentence(str(err)) or type(err).__name__)
    else:
        said = "".join(traceback.format_exception_only(type(err), err)).strip()
        detail = (
            f"Something went wrong that should not have ({escape(said)}). "
            "Please report it with what you did."
        )
    detail = detail.replace(escape(_ROOT), "")
    return f'<div class="rb-error" style="color:#a00">{detail}</div>'


def guarded(method: Callable[..., None]) -> Callable[..., None]:
    """Run a widget callback, show any error in ``self.errors``, then ``self.refresh()``.

    A widget may define ``_before_action()`` to clear its own notices first.
    """

    @functools.wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> None:
        self.errors.value = ""
        getattr(self, "_before_action", lambda: None)()
        try:
            method(self, *args, **kwargs)
        except Exception as err:  # every failure must reach the user, whatever its type
            self.errors.value = error_html(err)
        self.refresh()

    return run
