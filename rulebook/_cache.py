"""The project's cache folder: ``$RULEBOOK_CACHE`` if set, else ``$XDG_CACHE_HOME`` (else
``~/.cache``) under ``ia-drang-rulebook``. What is kept there can always be worked out again;
it is kept so that the next process need not.

>>> user_cache("rule-links").name
'rule-links'
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["user_cache"]


def user_cache(name: str) -> Path:
    """The folder *name* in the project's cache folder (not created here)."""
    named = os.environ.get("RULEBOOK_CACHE")
    if named:
        return Path(named) / name
    cache = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(cache) / "ia-drang-rulebook" / name
