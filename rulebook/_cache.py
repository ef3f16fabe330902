"""The project's folder in the user's cache: ``$XDG_CACHE_HOME`` (else ``~/.cache``), under
``ia-drang-rulebook``. What is kept there can always be worked out again; it is kept so that
the next process need not."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["user_cache"]


def user_cache(name: str) -> Path:
    """The folder *name* in the project's cache folder (not created here)."""
    cache = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(cache) / "ia-drang-rulebook" / name
