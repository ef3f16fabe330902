"""What both map designers share: the checks list with a button to show each culprit,
saving under ``saves/`` only, and the link that play-tests the saved file."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from urllib.parse import quote

import ipywidgets as ipw

from rulebook.maps.checks import Finding, join_words

__all__ = [
    "PLAY_APPS",
    "ChecksPanel",
    "confined_save_path",
    "play_link_html",
]

# The play app of each game, by notebook name; each opens ``?scenario=<path from the project root>``.
PLAY_APPS = {
    "lz-albany": ("lz_albany_play.ipynb", "LZ Albany play app"),
    "first-team": ("first_team_campaign.ipynb", "First Team campaign app"),
}
PROJECT_ROOT = Path(__file__).resolve().parents[1]
# A row keeps its height in the scrolling list: a flex child would shrink and its words overlap.
ROW = ipw.Layout(flex="0 0 auto")


def confined_save_path(name: str, *, base: Path | None = None) -> Path:
    """Where a designer may write *name*: inside ``saves/`` under the working folder, nowhere else.

    >>> confined_save_path("saves/my_map.yaml", base=Path("/srv/app"))
    PosixPath('/srv/app/saves/my_map.yaml')
    >>> confined_save_path("../etc/x.yaml", base=Path("/srv/app"))
    Traceback (most recent call last):
    ...
    ValueError: save files go in the saves folder: write saves/NAME.yaml, not '../etc/x.yaml'
    """
    base = (base or Path.cwd()).resolve()
    saves = base / "saves"
    target = (base / name.strip()).resolve()
    if (
        target.parent != saves
        or not target.name
        or target.suffix not in {".yaml", ".yml", ".geojson", ".json"}
    ):
        raise ValueError(
            f"save files go in the saves folder: write saves/NAME.yaml, not {name.strip()!r}"
        )
    return target


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


class ChecksPanel(ipw.VBox):
    """The checks as sentences, each with a button that shows its culprits on the map."""

    def __init__(
        self,
        on_show: Callable[[tuple[str, ...]], None],
        *,
        noun: str = "area",
        on_open: Callable[[str], None] | None = None,
    ) -> None:
        self.on_show = on_show
        self.on_open = on_open  # opens the tab a finding names (Finding.tab), where it is fixed
        self.noun = noun
        self.summary = ipw.HTML()
        self.rows = ipw.VBox(layout=ipw.Layout(max_height="260px", overflow="auto"))
        super().__init__([self.summary, self.rows])
        self.add_class("rb-checks")

    def show(self, findings: Sequence[Finding]) -> None:
        n = len(findings)
        self.summary.value = (
            "<div class='rb-problems none' data-count='0'><b>Checks:</b> nothing to fix.</div>"
            if not n
            else f"<div class='rb-problems' data-count='{n}'><b>Checks:</b> {n} thing"
            f"{'s' if n != 1 else ''} to fix.</div>"
        )
        rows = []
        for finding in findings:
            text = ipw.HTML(
                f"<div class='rb-finding' data-places='{escape(' '.join(finding.places))}'>"
                f"{escape(finding.text, quote=False)}</div>",
                layout=ipw.Layout(flex="1 1 auto", width="auto"),
            )
            if finding.places:
                button = ipw.Button(
                    description=f"Show {join_words(list(finding.places[:3]))}"
                    + (" ..." if len(finding.places) > 3 else ""),
                    tooltip=f"outline the {self.noun}s on the map and centre on the first",
                    layout=ipw.Layout(width="auto", flex="0 0 auto"),
                )
                button.add_class("rb-show-culprit")
                button.on_click(lambda _, f=finding: self._show(f))
                rows.append(ipw.HBox([text, button], layout=ROW))
            elif finding.tab and self.on_open is not None:
                button = ipw.Button(
                    description=f"Open {finding.tab}",
                    tooltip=f"open the {finding.tab} tab, where this is set",
                    layout=ipw.Layout(width="auto", flex="0 0 auto"),
                )
                button.add_class("rb-open-fix")
                button.on_click(lambda _, tab=finding.tab: self.on_open(tab))
                rows.append(ipw.HBox([text, button], layout=ROW))
            else:
                rows.append(ipw.HBox([text], layout=ROW))
        self.rows.children = rows

    def _show(self, finding: Finding) -> None:
        self.on_show(finding.places)
        if finding.tab and self.on_open is not None:
            self.on_open(finding.tab)
