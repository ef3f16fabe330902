"""`rulebook rules site -o DIR`: a folder of the user's own is refused, the site is put in place
only once whole, and a failed or stopped build (Ctrl-C) leaves DIR as it was.

Sphinx is replaced by a stand-in that writes a page or two, so these take no minute each; one
real build checks the stand-in's assumptions (the whole site is searched in the browser tests).
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from rulebook.cli import EXIT_BAD_INPUT, EXIT_INTERRUPTED, main
from rulebook.reference._site import MARKER


def _files(folder: Path) -> dict[str, str]:
    """Every file under *folder* by its relative path, with its text."""
    return {
        str(p.relative_to(folder)): p.read_text() for p in sorted(folder.rglob("*")) if p.is_file()
    }


@pytest.fixture
def sphinx(monkeypatch):
    """A stand-in for Sphinx's build: ``sphinx.how`` is "build" (a page saying which build it
    was), "fail" (a warning in the log, exit 1, as -W makes it) or "stop" (a page written, then
    Ctrl-C, which Sphinx catches, saying "Interrupted!" and returning 2); ``sphinx.runs`` counts
    the builds started."""
    pytest.importorskip("sphinx")
    import sphinx.cmd.build

    class Stand:
        how = "build"
        runs = 0

        def build_main(self, argv: list[str]) -> int:
            self.runs += 1
            out, log = Path(argv[-1]), Path(argv[argv.index("-w") + 1])
            out.mkdir(parents=True, exist_ok=True)
            (out / "index.html").write_text(f"build {self.runs}")
            if self.how == "fail":
                log.write_text("lza/7-8.rst:3: WARNING: undefined label")
                return 1
            if self.how == "stop":
                try:
                    signal.raise_signal(signal.SIGINT)
                except KeyboardInterrupt:
                    sys.stderr.write("\nInterrupted!\n")
                    return 2
            return 0

    stand = Stand()
    monkeypatch.setattr(sphinx.cmd.build, "build_main", stand.build_main)
    return stand


def test_a_folder_of_the_users_own_is_refused_and_left_alone(tmp_path, sphinx, capsys):
    """`-o ~/Documents` built straight into it: hundreds of pages among the user's files."""
    documents = tmp_path / "Documents"
    documents.mkdir()
    (documents / "letter.txt").write_text("mine")
    assert main(["rules", "site", "-o", str(documents)]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert err == (
        f"rulebook rules site: {documents} already holds files, and no {MARKER} file marks it "
        "as a site this command built, so it is left alone; name a new or empty folder, e.g. "
        f"{documents / 'rules-site'}\n"
    )
    assert sphinx.runs == 0
    assert _files(documents) == {"letter.txt": "mine"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Documents"]


def test_the_site_is_put_in_place_whole_and_replaces_the_one_built_before(tmp_path, sphinx):
    out = tmp_path / "build" / "site"  # its folder is made too
    assert main(["rules", "site", "-o", str(out)]) == 0
    first = _files(out)
    assert first["index.html"] == "build 1"
    assert MARKER in first
    (out / "stale.html").write_text("a page the next build does not make")
    assert main(["rules", "site", "-o", str(out)]) == 0
    assert _files(out) == first | {"index.html": "build 2"}  # the stale page went with it
    assert sorted(p.name for p in out.parent.iterdir()) == ["site"]  # no build folder beside
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["rules", "site", "-o", str(empty)]) == 0  # an empty folder is no one's files
    assert (empty / MARKER).is_file()


ENDINGS = {
    "stop": (EXIT_INTERRUPTED, "rulebook rules site: stopped (Ctrl-C); {out} is as it was\n"),
    "fail": (EXIT_BAD_INPUT, "rulebook rules site: Sphinx could not build the site:\n"),
}


@pytest.mark.parametrize("how", ENDINGS)
def test_a_build_stopped_or_failed_half_way_leaves_the_folder_as_it_was(
    tmp_path, sphinx, capsys, how
):
    """A Ctrl-C left half a site in DIR and exited 2, as Sphinx catches the interrupt."""
    code, says = ENDINGS[how]
    out = tmp_path / "site"
    assert main(["rules", "site", "-o", str(out)]) == 0
    before = _files(out)
    capsys.readouterr()
    sphinx.how = how
    assert main(["rules", "site", "-o", str(out)]) == code
    err = capsys.readouterr().err
    assert err.startswith(says.format(out=out))
    assert "Interrupted!" not in err
    assert _files(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # the build folder removed
    new = tmp_path / "new" / "site"
    assert main(["rules", "site", "-o", str(new)]) == code
    assert not (tmp_path / "new").exists()  # nor the folders made for it


def test_the_current_folder_is_not_replaced(tmp_path, sphinx, monkeypatch, capsys):
    """Renamed away, it would leave the shell in a removed folder."""
    monkeypatch.chdir(tmp_path)
    assert main(["rules", "site", "-o", "."]) == EXIT_BAD_INPUT
    assert capsys.readouterr().err == (
        "rulebook rules site: . holds the current folder; name a folder outside it\n"
    )
    assert sphinx.runs == 0


def test_a_real_build_replaces_an_earlier_site_and_marks_its_own(tmp_path, capsys):
    """What the stand-in assumes of Sphinx: it builds into the folder it is given, and says
    nothing on the command's streams."""
    pytest.importorskip("sphinx")
    out = tmp_path / "site"
    out.mkdir()
    (out / MARKER).write_text("an earlier build")
    (out / "stale.html").write_text("gone once rebuilt")
    assert main(["rules", "site", "-o", str(out)]) == 0
    printed = capsys.readouterr()
    assert printed.out == f"built the rules site: open {(out / 'index.html').as_uri()}\n"
    assert printed.err == ""
    assert (out / "lza" / "7-8.html").is_file()
    assert not (out / "stale.html").exists()
    assert "rules site" in (out / MARKER).read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_what_a_killed_build_left_beside_the_folder_goes_at_the_next_build(tmp_path, sphinx):
    """A build killed outright (SIGKILL) cannot clean up: its hidden build folder, or the earlier
    site it had moved aside, stayed beside DIR for good. The next build removes those whose
    process is gone, and leaves a running build's folder and anything else alone."""
    import subprocess

    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    dead = int(gone.stdout)
    out = tmp_path / "site"
    assert main(["rules", "site", "-o", str(out)]) == 0
    left = [f".site.building-{dead}-k3x9_q", f".site.replaced-{dead}-a1b2c3"]
    kept = [
        f".site.building-{os.getppid()}-running",
        ".site.building-notes",
        f".other.building-{dead}-zz",
    ]
    for name in left + kept:
        (tmp_path / name).mkdir()
        (tmp_path / name / "index.html").write_text("half a site")
    assert main(["rules", "site", "-o", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["site", *kept])
    assert _files(out)["index.html"] == "build 2"
