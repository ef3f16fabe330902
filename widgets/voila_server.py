"""Voila as the apps are served: a closed tab's kernel is shut down at once, and a page served
without its app is reloaded once.

On leaving a page, Voila's front end posts ``voila/api/shutdown/<kernel>`` with the ``_xsrf``
cookie's value, but Voila 0.5 streams the page without ever setting that cookie, so the server
refuses the post (403, voila-dashboards/voila#1458) and the kernel (85-250 MB) lives on until
the idle cull. On Binder, where a visitor opens one app after another in a small container,
those kernels add up. Setting the cookie before the page streams lets the post through; the
check itself is unchanged.

Now and then, on a busy machine, Voila serves a page with its cell's output missing (it logs
"Timeout waiting for IOPub output"; voila-dashboards/voila#1428, open): the visitor sees a
blank page where the app should be, and a reload brings it. Each page Voila renders therefore
ends with a small script that reloads it once if it loaded with no output at all, and never
twice in a row (the tab remembers the reload until a load with output).

``rulebook serve`` runs :func:`main`; with ``--preheat N`` Voila keeps N kernels ready for each
app, started ahead of any visitor: each has imported everything and waits in
:func:`wait_for_visitor` (every notebook calls it before it builds its app), so opening an app
costs only building it. Binder loads this module as a Jupyter server extension
(``binder/postBuild``), which patches the Voila extension the same way (Voila preheats only
when it runs on its own, so Binder's kernels start when asked).
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import AsyncIterator
from typing import Any

__all__ = [
    "OUTPUT_MARK",
    "RELOADED_KEY",
    "RELOAD_IF_EMPTY",
    "ended_with_reload",
    "main",
    "reload_pages_served_empty",
    "set_xsrf_cookie_on_voila_pages",
    "skip_iri_parser",
    "wait_for_visitor",
]

#: In a page's HTML as it arrives whenever a cell's output is: its absence once the page has
#: loaded means the output never came.
OUTPUT_MARK = ".jp-OutputArea-child"
#: The tab's sessionStorage key (with the page's address after it) that remembers the reload:
#: "1" once the page has reloaded itself, "2" if it came back empty again (no more reloads).
RELOADED_KEY = "rb-reloaded-empty:"
#: Ends every page Voila renders (see the module's doc).
RELOAD_IF_EMPTY = f"""
<script>
window.addEventListener("load", function () {{
  var key = "{RELOADED_KEY}" + location.href;
  if (document.querySelector("{OUTPUT_MARK}")) {{
    sessionStorage.removeItem(key);
  }} else if (!sessionStorage.getItem(key)) {{
    sessionStorage.setItem(key, "1");
    location.reload();
  }} else {{
    sessionStorage.setItem(key, "2");
  }}
}});
</script>
"""


_VISITOR_TRIES = 3  # Voila's wait, tried this often before a ready kernel gives up (below)


def wait_for_visitor() -> None:
    """In a kernel Voila preheated, wait until a visitor opens the page; anywhere else (Voila
    without preheating, Binder, JupyterLab, nbval) return at once.

    Everything before the call runs ahead of the visitor; everything after runs for him: the
    page's query string (``QUERY_STRING``, which Voila sets in the environment only now) and
    the saved files are read as they are when he opens the page, not when the kernel started.
    """
    if os.environ.get("VOILA_PREHEAT") != "True":
        return
    from voila.utils import wait_for_request

    # Voila's helper returns without the request's details (its SERVER_SOFTWARE and the rest)
    # when its connection to the server fails to open (5 s, on a machine busy starting every
    # app's kernel: worth another try) or is closed (the server is stopping).
    for _ in range(_VISITOR_TRIES):
        wait_for_request()
        if os.environ.get("SERVER_SOFTWARE", "").startswith("voila/"):  # Voila's, not inherited
            return
    # End now, quietly: carried on, the kernel would answer on sockets Voila has closed and
    # print a traceback for each app into the terminal of whoever pressed Ctrl-C.
    os._exit(0)


def set_xsrf_cookie_on_voila_pages() -> None:
    """Make Voila's page handler set the ``_xsrf`` cookie before it streams the page."""
    from voila.handler import VoilaHandler

    if getattr(VoilaHandler, "_sets_xsrf_cookie", False):
        return
    prepare = VoilaHandler.prepare

    async def prepare_with_cookie(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = await prepare(self, *args, **kwargs)
        if not self._finished:  # not a redirect to a login page
            self.xsrf_token  # noqa: B018 - Tornado sets the cookie when the token is first read
        return result

    VoilaHandler.prepare = prepare_with_cookie
    VoilaHandler._sets_xsrf_cookie = True


async def ended_with_reload(snippets: AsyncIterator[str]) -> AsyncIterator[str]:
    """A page's HTML snippets as Voila streams them, then :data:`RELOAD_IF_EMPTY`; nothing
    when there was no page (a redirect streams none)."""
    wrote = False
    async for snippet in snippets:
        wrote = True
        yield snippet
    if wrote:
        yield RELOAD_IF_EMPTY


def reload_pages_served_empty() -> None:
    """End every page Voila's page handler renders with :data:`RELOAD_IF_EMPTY`."""
    from voila.handler import VoilaHandler

    if getattr(VoilaHandler, "_reloads_empty_pages", False):
        return
    generate = VoilaHandler.get_generator

    def with_reload(self: Any, *args: Any, **kwargs: Any) -> AsyncIterator[str]:
        return ended_with_reload(generate(self, *args, **kwargs))

    VoilaHandler.get_generator = with_reload
    VoilaHandler._reloads_empty_pages = True


def trust_quietly() -> None:
    """Read a notebook's signature without a warning when it has none.

    Trust decides whether a notebook editor shows the HTML and scripts saved in its outputs;
    Voila runs each app's notebook afresh and shows only what that run makes, so an unsigned
    notebook is the normal case. Jupyter Server still warned "Notebook X is not trusted" at every
    page opened, a line per visitor in the terminal of a teacher serving a class.
    """
    from jupyter_server.services.contents.manager import ContentsManager

    def mark_trusted_cells(self: Any, nb: Any, path: str = "") -> None:
        self.notary.mark_cells(nb, self.notary.check_signature(nb))

    ContentsManager.mark_trusted_cells = mark_trusted_cells  # type: ignore[method-assign]


def _patch() -> None:
    set_xsrf_cookie_on_voila_pages()
    reload_pages_served_empty()
    trust_quietly()


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "widgets.voila_server"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    _patch()
    serverapp.log.info(
        "Voila pages set the _xsrf cookie, so a closed tab's kernel shuts down, and reload "
        "once if served without their output"
    )


#: An optional module of jsonschema's (jupyter-events installs it) that builds an Earley parser
#: for RFC 3987 IRIs as it is imported.
IRI_PARSER = "rfc3987_syntax"


def skip_iri_parser() -> None:
    """Run this process's jsonschema without its check of the ``iri`` string format.

    jsonschema imports the checker's module with itself when it is installed, and that import
    took 1.0-1.25 s of the 2.4 s `rulebook serve` needed to answer. No schema that Jupyter
    Server, jupyter-events, Voila or nbformat validates uses the format; marking the module
    as absent (a ``None`` entry in ``sys.modules`` makes its import fail) is how jsonschema
    runs where it is not installed. Call before anything imports jsonschema.
    """
    sys.modules.setdefault(IRI_PARSER, None)


def main() -> None:
    """``python -m widgets.voila_server ARGS``: Voila's own command line, patched."""
    skip_iri_parser()
    from voila.app import main as voila_main

    _patch()
    # `rulebook serve --preheat-apps` passes Voila's kernel_pools_config as one JSON value,
    # which traitlets still reads but calls deprecated; the visitor has nothing to change.
    warnings.filterwarnings(
        "ignore", message=r".*for dict-traits is deprecated", category=DeprecationWarning
    )
    sys.exit(voila_main())


if __name__ == "__main__":
    main()
