"""Acting on the map: a click narrows the current decision's actions, and picks one when it can.

Each action names the places it involves, where-from first (the game's ``places``). A click keeps
the actions whose places begin with the places clicked so far, lights up the places that can come
next, and, when a single action is left and the click was its last place, plays it. A click on a
place that is only somewhere in some actions filters the list to them.
"""

from __future__ import annotations

from typing import Any

from widgets._page import guarded

__all__ = ["MapChoices"]


class MapChoices:
    """Mixed into :class:`~widgets.stepper.GameStepper`; it keeps ``_picked`` and ``_anywhere``."""

    _picked: list[str]
    _anywhere: str | None

    def _matching(self, picked: list[str]) -> list[int]:
        options = self.game.legal_actions()
        n = len(picked)
        return [i for i, a in enumerate(options) if list(self.places(a)[:n]) == picked]

    def candidates(self) -> set[str]:
        """The places a click may pick next for the current decision."""
        options = self.game.legal_actions()
        n = len(self._picked)
        out = set()
        for i in self._matching(self._picked):
            p = self.places(options[i])
            if len(p) > n:
                out.add(p[n])
        return out

    @guarded
    def place_clicked(self, place: str) -> None:
        """A click on the map: narrow the choices to *place*, or play the one action it picks."""
        if self.replaying:
            raise ValueError("the map shows the past: press Back to now to play on")
        options = self.game.legal_actions()
        if not options:
            raise ValueError("the game is over: nothing to choose")
        self._anywhere = None
        if place in self._picked:
            self._picked = self._picked[: self._picked.index(place)]
        elif place in self.candidates():
            self._picked.append(place)
        elif place in self._fresh_candidates():
            self._picked = [place]
        elif any(place in self.places(a) for a in options):
            self._picked, self._anywhere = [], place
        else:
            self._picked = []
            raise ValueError(f"no action of this decision involves {place}")
        matching = self._filtered()
        chosen = [i for i in matching if list(self.places(options[i])) == self._picked]
        if self._picked and len(matching) == 1 and chosen:
            self._play(options[chosen[0]])
            self.after_human()
            return
        self.notice = self._filter_note(len(matching), len(options))

    def _fresh_candidates(self) -> set[str]:
        return {p[0] for p in map(self.places, self.game.legal_actions()) if p}

    def _filtered(self) -> list[int]:
        options = self.game.legal_actions()
        if self._anywhere:
            return [i for i, a in enumerate(options) if self._anywhere in self.places(a)]
        return self._matching(self._picked)

    def _filter_note(self, shown: int, total: int) -> str:
        where = self._anywhere or " then ".join(self._picked)
        if not where or shown == total:
            return ""
        nxt = " Lit places pick the next step." if self.candidates() and not self._anywhere else ""
        return f"Showing {shown} of {total} actions involving {where}.{nxt}"

    @guarded
    def _clear(self, _: Any = None) -> None:
        self._picked, self._anywhere = [], None
