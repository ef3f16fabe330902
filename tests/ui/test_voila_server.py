"""How the apps are served (widgets.voila_server): the patches on Voila's page handler."""

from __future__ import annotations

import logging
import subprocess
import sys
from types import SimpleNamespace

from widgets import voila_server


async def _snippets(*parts: str):
    for part in parts:
        yield part


def _read(stream) -> list[str]:
    """Every snippet of *stream*, stepped by hand: nothing in it waits, so no event loop is
    needed (and none may be started where a browser test's loop already runs)."""
    out = []
    while True:
        step = stream.__anext__()
        try:
            step.send(None)
        except StopIteration as done:
            out.append(done.value)
        except StopAsyncIteration:
            return out


def test_a_page_ends_with_the_reload_and_a_redirect_gets_nothing():
    page = _read(voila_server.ended_with_reload(_snippets("<html>", "</html>")))
    assert page == ["<html>", "</html>", voila_server.RELOAD_IF_EMPTY]
    assert _read(voila_server.ended_with_reload(_snippets())) == []


def test_the_server_extension_binder_loads_patches_voila_pages_once():
    from voila.handler import VoilaHandler

    server = SimpleNamespace(log=logging.getLogger("test"))
    voila_server._load_jupyter_server_extension(server)
    patched = VoilaHandler.get_generator
    voila_server._load_jupyter_server_extension(server)  # a second load changes nothing
    assert VoilaHandler.get_generator is patched
    assert VoilaHandler._sets_xsrf_cookie
    assert VoilaHandler._reloads_empty_pages


def test_an_unsigned_notebook_opens_without_a_warning_and_stays_untrusted(tmp_path, caplog):
    """Voila runs an app's notebook afresh, so a missing signature is no news: the teacher's
    terminal had a warning per page opened."""
    import nbformat
    from jupyter_server.services.contents.filemanager import FileContentsManager

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    nbformat.write(nb, tmp_path / "app.ipynb")
    manager = FileContentsManager(root_dir=str(tmp_path))
    manager.log = logging.getLogger("contents")
    voila_server.trust_quietly()
    with caplog.at_level(logging.WARNING, logger="contents"):
        model = manager.get("app.ipynb")
    assert not [r for r in caplog.records if "not trusted" in r.getMessage()]
    assert model["content"].cells[0].metadata.get("trusted") is False  # still not trusted


def test_the_server_starts_without_the_iri_parser_or_the_apps_widgets():
    """`rulebook serve`'s process imports Voila (and with it jsonschema) without building the
    optional IRI parser, and without the widgets the apps' kernels use; jsonschema still checks
    the formats the server's schemas use (a uri here)."""
    probe = (
        "import sys\n"
        "from widgets import voila_server\n"
        "assert 'ipywidgets' not in sys.modules and 'widgets.odds' not in sys.modules\n"
        "voila_server.skip_iri_parser()\n"
        "import voila.app, jsonschema\n"
        f"assert sys.modules[{voila_server.IRI_PARSER!r}] is None\n"
        "checker = jsonschema.Draft7Validator.FORMAT_CHECKER\n"
        "assert not checker.conforms('not a uri', 'uri'), 'uri no longer checked'\n"
        "assert checker.conforms('http://127.0.0.1/voila', 'uri')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], check=False, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
