"""What both map designers share: the checks list with a button to show each culprit,
saving under ``saves/`` only, and the link that play-tests the saved file."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import quote

import ipywidgets as ipw

from rulebook.maps.checks import Finding, join_words
from rulebook.saves import SAVES, resolve_save_name
from widgets._page import guarded
from widgets._rows import KeptRows, Row
from widgets.scenario_files import PROJECT_ROOT

__all__ = [
    "DESIGN_SUFFIXES",
    "PLAY_APPS",
    "ChecksPanel",
    "DesignerFiles",
    "confined_or_shipped",
    "confined_save_path",
    "designer_columns",
    "play_link_html",
]

# The play app of each game, by notebook name; each opens ``?scenario=<path from the project root>``.
PLAY_APPS = {
    "lz-albany": ("lz_albany_play.ipynb", "LZ Albany play app"),
    "first-team": ("first_team_campaign.ipynb", "First Team campaign app"),
}


DESIGN_SUFFIXES = (".yaml", ".yml", ".geojson", ".json")
"""What a designer saves: a scenario (YAML, the first, added to a bare name) or a GeoJSON map."""


def confined_save_path(name: str, *, base: Path | None = None) -> Path:
    """Where a designer may write *name*: inside ``saves/`` under the working folder, nowhere else.

    The name is read as every app reads one (:func:`rulebook.saves.resolve_save_name`):
    ``my map``, ``saves/my map`` and ``saves/my map.yaml`` are one file, and a refusal says
    what is wrong with the name.

    >>> confined_save_path("saves/my_map.yaml", base=Path("/srv/app"))
    PosixPath('/srv/app/saves/my_map.yaml')
    >>> confined_save_path("my_map", base=Path("/srv/app"))
    PosixPath('/srv/app/saves/my_map.yaml')
    >>> confined_save_path("../etc/x.yaml", base=Path("/srv/app"))
    Traceback (most recent call last):
    ...
    ValueError: “../etc/x.yaml”: a save name is a plain file name in saves/ (like my_file.yaml), with no folders: save it as saves/x.yaml
    >>> confined_save_path("  ", base=Path("/srv/app"))
    Traceback (most recent call last):
    ...
    ValueError: give a file name first, for example my_map (the file saves/my_map.yaml)
    """
    if not name.strip():
        raise ValueError("give a file name first, for example my_map (the file saves/my_map.yaml)")
    base = (base or Path.cwd()).resolve()
    return resolve_save_name(name, DESIGN_SUFFIXES, folder=base / SAVES)


def confined_or_shipped(name: str) -> Path:
    """A file a designer may open: one under ``saves/``, or a shipped scenario under ``../scenarios``."""
    name = name.strip()
    if name.startswith("../scenarios/") and ".." not in name[len("../scenarios/") :]:
        return Path(name)
    return confined_save_path(name)


def designer_columns(
    files: Sequence[ipw.Widget],
    left: Sequence[ipw.Widget],
    right: Sequence[ipw.Widget],
    *,
    side: str = "35em",
) -> list[ipw.Widget]:
    """A designer's page: the file row, then the map column beside a column *side* wide (any
    CSS width) of notices, checks and tabs."""
    return [
        ipw.HBox(list(files), layout=ipw.Layout(flex_flow="row wrap")),
        ipw.HBox(
            [
                ipw.VBox(list(left), layout=ipw.Layout(flex="1 1 0", min_width="0")),
                ipw.VBox(
                    list(right),
                    layout=ipw.Layout(width=side, flex=f"0 0 {side}", margin="0 0 0 1em"),
                ),
            ]
        ),
    ]


class DesignerFiles:
    """What both map designers do with files and history: the file name, Save, Load, Undo, Redo
    and Save and play.

    A designer sets ``game`` (a key of :data:`PLAY_APPS`) and ``design`` (with ``save``, ``undo``
    and ``redo``), has ``errors``, ``notice`` and ``refresh`` as :func:`guarded` wants, and says
    how to open a loaded file (:meth:`_open`); the hooks after an undo or a save and the test of
    whether problems are left have defaults.
    """

    game: ClassVar[str]
    play_words: ClassVar[str] = "play app"
    design: Any
    notice: ipw.HTML

    def _make_file_controls(self, path: str | Path) -> None:
        button = functools.partial(ipw.Button, layout=ipw.Layout(width="auto"))
        self.undo_button = button(description="Undo", icon="undo")
        self.redo_button = button(description="Redo", icon="repeat")
        self.path = ipw.Text(value=str(path), description="file", layout=ipw.Layout(width="19em"))
        self.path.add_class("rb-path")
        self.save_button = button(description="Save")
        self.load_button = button(description="Load")
        # Named for both things it does: a designer who pressed "Play" found the file in the box
        # written over without being told it would be.
        self.play_button = button(
            description="Save and play",
            button_style="success",
            tooltip="saves to the file named in the box, then links to the apps that play it",
        )

    def _file_controls(self) -> list[ipw.Widget]:
        return [self.path, self.save_button, self.load_button, self.undo_button, self.redo_button]

    def _wire_files(self) -> None:
        self.undo_button.on_click(self._undo)
        self.redo_button.on_click(self._redo)
        self.save_button.on_click(self._save)
        self.load_button.on_click(self._load)
        self.play_button.on_click(self._play)

    # --- hooks ---------------------------------------------------------------------------

    def _open(self, path: Path) -> None:
        """Show the design saved at *path* (a designer's own loader)."""
        raise NotImplementedError

    def _after_history(self) -> None:
        """Called after Undo and Redo."""

    def _after_save(self) -> None:
        """Called after the design is written."""

    def _problems_left(self) -> bool:
        return bool(self.design.findings())

    # --- actions -------------------------------------------------------------------------

    @guarded
    def _undo(self, _: Any = None) -> None:
        self.design.undo()
        self._after_history()

    @guarded
    def _redo(self, _: Any = None) -> None:
        self.design.redo()
        self._after_history()

    def _save_file(self, path: Path | None = None) -> Path:
        path = path or confined_save_path(self.path.value)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.design.save(path)
        self._after_save()
        # The box shows the file as written: ``my map`` was saved as saves/my map.yaml.
        self.path.value = f"{SAVES}/{path.name}"
        return path

    @guarded
    def _save(self, _: Any = None) -> None:
        self._save_file()
        self.notice.value = f"<div class='rb-saved'>Saved to {escape(self.path.value)}.</div>"

    @guarded
    def _play(self, _: Any = None) -> None:
        path = confined_save_path(self.path.value)
        if path.suffix.lower() in {".geojson", ".json"}:
            raise ValueError(
                f"the play app opens scenario files, not {path.suffix} maps: save as "
                f"{SAVES}/{path.stem}.yaml"
            )
        saved = self._save_file(path)
        self.notice.value = play_link_html(self.game, saved)
        if self._problems_left():
            self.notice.value += (
                f"<div class='rb-play-warning'>The checks still list problems: the "
                f"{self.play_words} may stop on this map until they are fixed.</div>"
            )

    @guarded
    def _load(self, _: Any = None) -> None:
        self._open(confined_or_shipped(self.path.value))


def play_link_html(game: str, saved: Path) -> str:
    """A link opening the game's play app on *saved* (its path from the project root)."""
    notebook, label = PLAY_APPS[game]
    try:
        relative = saved.resolve().relative_to(PROJECT_ROOT).as_posix()
    except ValueError:
        relative = saved.resolve().as_posix()
    query = f"?scenario={quote(relative)}"
    return (
        f"<div class='rb-play'>Saved. <a class='rb-play-link' href='{escape(notebook + query)}' "
        f"target='_blank' rel='noopener'><b>Open {escape(saved.name)} in the {escape(label)} "
        "&#8599;</b></a> (a new tab; come back here to keep editing), or "
        f"<a class='rb-lab-link' href='{escape('balance_lab.ipynb' + query)}' target='_blank' "
        "rel='noopener'>weigh its balance in the balance lab &#8599;</a>.</div>"
    )


# The list is a short box that scrolls, and a browser may show no scrollbar until it is
# touched: a third row cut at the box's foot read as a sentence cut short.
SCROLLS = "; scroll the list for them all"


class ChecksPanel(ipw.VBox):
    """The checks as sentences, each with a button that shows its culprits on the map, or opens
    the tab where it is fixed. The rows are kept and rewritten in place (``widgets._rows``).

    With *listed*, the first *listed* checks are shown whole, with a button to list the rest,
    rather than all of them in a short box that scrolls (which cut a sentence across).
    """

    def __init__(
        self,
        on_show: Callable[[tuple[str, ...]], None],
        *,
        noun: str = "area",
        on_open: Callable[[str], None] | None = None,
        listed: int | None = None,
    ) -> None:
        self.on_show = on_show
        self.on_open = on_open  # opens the tab a finding names (Finding.tab), where it is fixed
        self.noun = noun
        self.summary = ipw.HTML()
        # Without *listed*, a short box: a long list (or one long sentence) scrolls there rather
        # than pushing the editor below it down while the designer works in it.
        self.listed = listed
        self.all_listed = False
        self._findings: list[Finding] = []
        if listed is None:
            self.rows = KeptRows(layout=ipw.Layout(max_height="10em", overflow="auto"))
        else:
            self.rows = KeptRows()
        self.more = ipw.Button(layout=ipw.Layout(width="auto", display="none"))
        self.more.add_class("rb-more-checks")
        self.more.on_click(self._toggle)
        super().__init__([self.summary, self.rows, self.more])
        self.add_class("rb-checks")

    def show(self, findings: Sequence[Finding]) -> None:
        self._findings = list(findings)
        n = len(findings)
        cut = self.listed is not None and n > self.listed and not self.all_listed
        if not n:
            tail = ""
        elif self.listed is None:
            tail = SCROLLS if n > 2 else ""
        else:
            tail = f"; the first {self.listed} are listed" if cut else ""
        self.summary.value = (
            "<div class='rb-problems none' data-count='0'><b>Checks:</b> nothing to fix.</div>"
            if not n
            else f"<div class='rb-problems' data-count='{n}'><b>Checks:</b> {n} thing"
            f"{'s' if n != 1 else ''} to fix{tail}.</div>"
        )
        self.rows.show([self._row(f) for f in findings[: self.listed if cut else None]])
        if self.listed is not None and n > self.listed:
            self.more.description = (
                f"List only the first {self.listed}" if self.all_listed else f"List all {n}"
            )
            self.more.layout.display = None
        else:
            self.more.layout.display = "none"

    def _toggle(self, _: Any = None) -> None:
        self.all_listed = not self.all_listed
        self.show(self._findings)

    def _row(self, finding: Finding) -> Row:
        html = (
            f"<div class='rb-finding' data-places='{escape(' '.join(finding.places))}'>"
            f"{escape(finding.text, quote=False)}</div>"
        )
        if finding.places:
            more = " ..." if len(finding.places) > 3 else ""
            return Row(
                html,
                f"Show {join_words(list(finding.places[:3]))}{more}",
                f"outline the {self.noun}s on the map and centre on the first",
                "rb-show-culprit",
                lambda: self._show(finding),
            )
        if finding.tab and self.on_open is not None:
            return Row(
                html,
                f"Open {finding.tab}",
                f"open the {finding.tab} tab, where this is set",
                "rb-open-fix",
                lambda: self.on_open(finding.tab),  # type: ignore[misc]
            )
        return Row(html)

    def _show(self, finding: Finding) -> None:
        self.on_show(finding.places)
        if finding.tab and self.on_open is not None:
            self.on_open(finding.tab)
