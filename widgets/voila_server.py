"""Voila as the apps are served: a closed tab's kernel is shut down at once.

On leaving a page, Voila's front end posts ``voila/api/shutdown/<kernel>`` with the ``_xsrf``
cookie's value, but Voila 0.5 streams the page without ever setting that cookie, so the server
refuses the post (403, voila-dashboards/voila#1458) and the kernel (85-250 MB) lives on until
the idle cull. On Binder, where a visitor opens one app after another in a small container,
those kernels add up. Setting the cookie before the page streams lets the post through; the
check itself is unchanged.

``rulebook serve`` runs :func:`main`; Binder loads this module as a Jupyter server extension
(``binder/postBuild``), which patches the Voila extension the same way.
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["main", "set_xsrf_cookie_on_voila_pages"]


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


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "widgets.voila_server"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    set_xsrf_cookie_on_voila_pages()
    serverapp.log.info("Voila pages set the _xsrf cookie, so a closed tab's kernel shuts down")


def main() -> None:
    """``python -m widgets.voila_server ARGS``: Voila's own command line, patched."""
    from voila.app import main as voila_main

    set_xsrf_cookie_on_voila_pages()
    sys.exit(voila_main())


if __name__ == "__main__":
    main()
