"""The list of apps: every notebook in ``notebooks/``, linked by a relative URL.

Relative links work both under ``rulebook serve`` (``/voila/render/X.ipynb``)
and on Binder (``/voila/render/notebooks/X.ipynb``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from html import escape
from pathlib import Path

__all__ = ["AUDIENCES", "AppLink", "app_links", "audience_html", "links_html"]

#: Who the apps are for, in the order the start page lists them, with a line for each.
AUDIENCES = {
    "teachers": "walk a class through the campaign and play the battles turn by turn",
    "designers": "draw maps, build scenarios, test a rule change over many games",
    "readers": "look up a rule, see how rules combine and the exact odds of each result",
}


@dataclass(frozen=True, slots=True)
class AppLink:
    """One app: its notebook file, its title and a one-line summary."""

    file: str
    title: str
    summary: str
    order: int = 100
    audience: str = "everyone"


def _read_app(path: Path) -> AppLink:
    meta = json.loads(path.read_text(encoding="utf-8")).get("metadata", {}).get("rulebook", {})
    return AppLink(
        file=path.name,
        title=meta.get("title", path.stem.replace("_", " ")),
        summary=meta.get("summary", ""),
        order=int(meta.get("order", 100)),
        audience=str(meta.get("audience", "everyone")),
    )


def app_links(folder: str | Path, *, exclude: str | None = None) -> list[AppLink]:
    """Every notebook app in *folder* except *exclude*, by ``order`` then file name.

    A notebook names itself in its metadata (``metadata.rulebook.title``,
    ``summary``, ``order`` and ``audience``: teachers, designers, readers or
    everyone); without them the file name stands in.
    """
    apps = [
        _read_app(p)
        for p in sorted(Path(folder).glob("*.ipynb"))
        if p.name != exclude and not p.name.startswith(".")
    ]
    return sorted(apps, key=lambda a: a.order)


def links_html(apps: list[AppLink]) -> str:
    """A list of links to the apps, or a line saying there are none yet."""
    if not apps:
        return '<p class="rb-apps empty">No other apps yet: the game engines are being built.</p>'
    items = "".join(
        f'<li><a class="rb-app" href="{escape(a.file)}">{escape(a.title)}</a>'
        f" — {escape(a.summary)}</li>"
        for a in apps
    )
    return f'<ul class="rb-apps">{items}</ul>'


def audience_html(apps: list[AppLink]) -> str:
    """The apps grouped by who they are for (teachers, designers, readers), then any others.

    >>> html = audience_html([AppLink("a.ipynb", "A", "does a", audience="readers")])
    >>> "For readers" in html and "For teachers" not in html
    True
    """
    groups = [
        (who, line, [a for a in apps if a.audience == who]) for who, line in AUDIENCES.items()
    ]
    others = [a for a in apps if a.audience not in AUDIENCES]
    if others:
        groups.append(("everyone", "", others))
    sections = "".join(
        f'<section data-audience="{who}"><h3>For {who}</h3>'
        + (f"<p>{escape(line)}</p>" if line else "")
        + links_html(members)
        + "</section>"
        for who, line, members in groups
        if members
    )
    return f'<div class="rb-audience">{sections}</div>'
