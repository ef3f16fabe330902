"""The list of apps: every notebook in ``notebooks/``, linked by a relative URL.

Relative links work both under ``rulebook serve`` (``/voila/render/X.ipynb``)
and on Binder (``/voila/render/notebooks/X.ipynb``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from html import escape
from pathlib import Path

__all__ = ["AppLink", "app_links", "links_html"]


@dataclass(frozen=True, slots=True)
class AppLink:
    """One app: its notebook file, its title and a one-line summary."""

    file: str
    title: str
    summary: str
    order: int = 100


def _read_app(path: Path) -> AppLink:
    meta = json.loads(path.read_text(encoding="utf-8")).get("metadata", {}).get("rulebook", {})
    return AppLink(
        file=path.name,
        title=meta.get("title", path.stem.replace("_", " ")),
        summary=meta.get("summary", ""),
        order=int(meta.get("order", 100)),
    )


def app_links(folder: str | Path, *, exclude: str | None = None) -> list[AppLink]:
    """Every notebook app in *folder* except *exclude*, by ``order`` then file name.

    A notebook names itself in its metadata (``metadata.rulebook.title``,
    ``summary`` and ``order``); without them the file name stands in.
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
