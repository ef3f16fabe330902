"""Undo and redo over a list of versions: what the area and point designs share."""

from __future__ import annotations

from typing import Any, Self


class VersionHistory:
    """Undo/redo for a design that keeps its versions in ``_versions`` and its place in ``_at``."""

    _versions: list[Any]
    _at: int

    @property
    def can_undo(self) -> bool:
        return self._at > 0

    @property
    def can_redo(self) -> bool:
        return self._at < len(self._versions) - 1

    def undo(self) -> None:
        if not self.can_undo:
            raise ValueError("nothing to undo")
        self._at -= 1

    def redo(self) -> None:
        if not self.can_redo:
            raise ValueError("nothing to redo")
        self._at += 1

    def start_again(self, other: Self) -> None:
        """Make *other*'s current version (a blank sheet, or a file opened) the next version of
        this history: one undoable step, so Undo brings back the work it replaced rather than
        losing it with its history."""
        del self._versions[self._at + 1 :]
        self._versions.append(other._versions[other._at])
        self._at += 1
