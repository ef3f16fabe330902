"""What every app shares: the page around it, and errors shown in the page rather than lost."""

from __future__ import annotations

import functools
import traceback
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as ipw

from widgets._style import style

__all__ = ["app_page", "error_html", "guarded"]


def app_page(intro_html: str, *body: ipw.Widget) -> ipw.VBox:
    """The page: shared CSS, an introduction, the app; marked ready for users' scripts and tests."""
    page = ipw.VBox([style(), ipw.HTML(intro_html), *body])
    page.add_class("rb-page")
    page.add_class("rb-ready")
    return page


def error_html(err: BaseException) -> str:
    """An error as a line the page shows (Voila drops exceptions raised in callbacks)."""
    detail = escape("".join(traceback.format_exception_only(type(err), err)).strip())
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
