"""Steppers: play a game decision by decision, with its log, traces and map.

:class:`GameStepper` works for any game on the shared engine core; :class:`TurnStepper` adds
LZ Albany's status line and area map.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from rulebook._atomic import atomic_write_text
from rulebook._datafile import read_data_text
from rulebook.games._core import FlowGame
from rulebook.games._decisions import CHANCE
from rulebook.games.lz_albany import GameState, random_policy
from rulebook.saves import resolve_save_name
from widgets._page import guarded
from widgets.map_view import MapView

__all__ = ["GameStepper", "TurnStepper"]

LOG_SHOWN = 300


class GameStepper(ipw.VBox):
    """Buttons to decide, draw, auto-play and undo; the legal actions; the log with each entry's trace.

    Subclasses give the status line (:meth:`status_html`), a map widget (:meth:`make_map`,
    :meth:`update_map`) and the policy that auto-play uses (:meth:`policy`).
    """

    def __init__(
        self, game: FlowGame, *, policy_seed: int = 0, saves: str | Path = "saves"
    ) -> None:
        self.game = game
        self.policy_seed = policy_seed
        self.saves = Path(saves)
        button = functools.partial(ipw.Button, layout=ipw.Layout(width="auto"))
        self.status = ipw.HTML()
        self.prompt = ipw.HTML()
        self.choices = ipw.Select(rows=9, layout=ipw.Layout(width="32em"))
        self.apply_button = button(
            description="Apply", button_style="primary", tooltip="apply the chosen action"
        )
        self.draw_button = button(description="Draw chit", tooltip="let the pool decide (chance)")
        self.auto_decision = button(
            description="Auto: 1 decision", tooltip="random policy, one decision"
        )
        self.auto_phase = button(description="Auto: to next phase")
        self.auto_turn = button(description="Auto: to next turn")
        self.undo_button = button(description="Undo", button_style="warning")
        self.redo_button = button(description="Redo", tooltip="put back the last action taken back")
        self._future: list = []  # actions taken back, newest last, for Redo
        self.log_list = ipw.Select(rows=14, layout=ipw.Layout(width="32em"))
        self.entry = ipw.HTML()
        self.undo_here = button(
            description="Undo to here", tooltip="take back everything after the chosen entry"
        )
        self.save_name = ipw.Text(value="game", description="file", layout=ipw.Layout(width="16em"))
        self.save_button = button(description="Save")
        self.load_button = button(description="Load")
        self.errors = ipw.HTML()
        self.map_view = self.make_map()

        self.apply_button.on_click(self._apply)
        self.draw_button.on_click(self._draw)
        self.auto_decision.on_click(lambda _: self._auto(lambda before, after: True))
        self.auto_phase.on_click(lambda _: self._auto(lambda before, after: before[1] != after[1]))
        self.auto_turn.on_click(lambda _: self._auto(lambda before, after: before[0] != after[0]))
        self.undo_button.on_click(self._undo)
        self.redo_button.on_click(self._redo)
        self.undo_here.on_click(self._undo_to_here)
        self.save_button.on_click(self._save)
        self.load_button.on_click(self._load)
        self.log_list.observe(self._show_entry, names="value")

        controls = ipw.VBox(
            [
                self.status,
                self.prompt,
                self.choices,
                ipw.HBox([self.apply_button, self.draw_button, self.undo_button, self.redo_button]),
                ipw.HBox([self.auto_decision, self.auto_phase, self.auto_turn]),
                ipw.HBox([self.save_name, self.save_button, self.load_button]),
                self.errors,
            ]
        )
        history = ipw.VBox(
            [
                ipw.HTML("<b>Log</b> (pick an entry to see every rule it set off)"),
                self.log_list,
                self.undo_here,
                self.entry,
            ]
        )
        super().__init__([ipw.HBox([controls, history]), self.map_view])
        self.add_class("rb-stepper")
        if not self.has_chance:
            # Buttons share one Layout object: give this one its own before hiding it.
            self.draw_button.layout = ipw.Layout(width="auto", display="none")
        self.refresh()

    # --- what a game supplies -------------------------------------------------------

    has_chance = True

    def make_map(self) -> ipw.Widget:
        raise NotImplementedError

    def update_map(self) -> None:
        raise NotImplementedError

    def status_html(self) -> str:
        raise NotImplementedError

    def policy(self, seed: int):
        raise NotImplementedError

    # --- actions ------------------------------------------------------------------

    @guarded
    def _apply(self, _: Any = None) -> None:
        options = self.game.legal_actions()
        if self.choices.value is None or not options:
            raise ValueError("nothing to apply: pick an action from the list")
        self._future.clear()  # a new choice starts a new branch
        self.game.apply(options[self.choices.value])

    @guarded
    def _draw(self, _: Any = None) -> None:
        if self.game.current_player() != CHANCE:
            raise ValueError("it is a player's turn to decide, not the chit pool's")
        self.game.apply(self.game.sample_chance())

    @guarded
    def _auto(self, stop: Callable[[tuple[int, str], tuple[int, str]], bool]) -> None:
        policy = self.policy(self.policy_seed + len(self.game.history))
        start = (self.game.turn, self.game.phase)
        while not self.game.is_over():
            if self.game.current_player() == CHANCE:
                self.game.apply(self.game.sample_chance())
            else:
                self.game.apply(policy(self.game))
            if stop(start, (self.game.turn, self.game.phase)):
                break

    @guarded
    def _undo(self, _: Any = None) -> None:
        if not self.game.history:
            raise ValueError("nothing to undo")
        self._future.append(self.game.history[-1])
        self.game = self.game.undo(1)

    @guarded
    def _redo(self, _: Any = None) -> None:
        if not self._future:
            raise ValueError("nothing to redo")
        action = self._future.pop()
        if self.game.current_player() == CHANCE:
            # the same draw, as replay does
            self.game.dice.pick(len(self.game.chance_outcomes()), self.game.chance_rule)
        self.game.apply(action)

    @guarded
    def _undo_to_here(self, _: Any = None) -> None:
        if self.log_list.value is None:
            raise ValueError("pick a log entry first")
        # Log entry k (k >= 1) records action k - 1; keep actions up to and including it.
        keep = self.log_list.value
        self._future.extend(reversed(self.game.history[keep:]))
        self.game = self.game.undo(len(self.game.history) - keep)

    @guarded
    def _save(self, _: Any = None) -> None:
        path = resolve_save_name(self.save_name.value.strip() or "game", ".json", folder=self.saves)
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, self.game.to_json())
        self.errors.value = ""
        self.status.value += f"<div class='rb-saved'>saved to {escape(str(path))}</div>"

    @guarded
    def _load(self, _: Any = None) -> None:
        path = resolve_save_name(self.save_name.value.strip() or "game", ".json", folder=self.saves)
        if not path.exists():
            raise FileNotFoundError(f"no saved game at {path}")
        text = read_data_text(path, "game record")
        self.game = type(self.game).from_json(text, self.game.scenario, str(path))

    # --- view -----------------------------------------------------------------------

    def _show_entry(self, change: dict | None = None) -> None:
        index = self.log_list.value
        if index is None or index >= len(self.game.log):
            self.entry.value = ""
            return
        entry = self.game.log[index]
        self.entry.value = (
            f"<div class='rb-entry' data-index='{index}'><b>#{index}</b> turn {entry.turn}, "
            f"{escape(entry.phase)}: {escape(entry.player)} <code>{escape(entry.action)}</code>"
            f"{entry.trace._repr_html_()}</div>"
        )

    def refresh(self) -> None:
        g = self.game
        self.status.value = (
            f"<div class='rb-status' data-log-length='{len(g.log)}' data-actions='{len(g.history)}'>"
            f"{self.status_html()}</div>"
        )
        decision = g.decision
        self.prompt.value = (
            f"<div class='rb-prompt'>{escape(decision.prompt)} <code>{escape(decision.rule)}</code></div>"
            if decision
            else ""
        )
        options = g.legal_actions()
        self.choices.options = [(a.notation(), i) for i, a in enumerate(options)]
        self.choices.value = 0 if options else None
        chance = g.current_player() == CHANCE
        self.apply_button.disabled = not options
        self.draw_button.disabled = not chance
        for b_ in (self.auto_decision, self.auto_phase, self.auto_turn):
            b_.disabled = g.is_over()
        self.undo_button.disabled = not g.history
        self.redo_button.disabled = not self._future
        first = max(0, len(g.log) - LOG_SHOWN)
        self.log_list.options = [
            (f"{i}: T{e.turn} {e.phase}: {e.player} {e.action}", i) for i, e in enumerate(g.log)
        ][first:]
        self.log_list.value = len(g.log) - 1
        self._show_entry()
        self.update_map()


class TurnStepper(GameStepper):
    """The LZ Albany stepper: VP, chits and flares in the status line; the area map with counts."""

    game: GameState

    def make_map(self) -> MapView:
        return MapView(self.game.board.map, height="460px")

    def update_map(self) -> None:
        self.map_view.show_counts(self._counts())

    def policy(self, seed: int):
        return random_policy(random.Random(seed))  # noqa: S311 - a game policy

    def status_html(self) -> str:
        g, b = self.game, self.game.board
        night = " (night)" if b.night else ""
        player = g.current_player() or "nobody: the game is over"
        outcome = g.outcome()
        ending = (
            (
                f"<div class='rb-outcome'><b>{escape(str(outcome['winner'] or 'nobody').upper())}</b> wins "
                f"({escape(str(outcome['ending']))})</div>"
            )
            if outcome
            else ""
        )
        return (
            f"<b>Turn {b.turn}</b>{night}, {escape(b.phase)} phase. VP: US {b.vp['us']}, NVA {b.vp['nva']}"
            f"{' (NVA retreating)' if b.retreat else ''}. Chits in pool: {len(b.pool)}. Flares left: {b.flares_left}."
            f"<br>To act: <b class='rb-player'>{escape(player)}</b>{ending}"
        )

    def _counts(self) -> dict[str, str]:
        board = self.game.board
        counts: dict[str, str] = {}
        for area in board.map.areas:
            parts = []
            for side in ("us", "nva"):
                n = len(board.platoons(area, side))
                if n:
                    parts.append(f"{side.upper()} {n}")
            w = len(board.wounded_in(area))
            if w:
                parts.append(f"W {w}")
            if parts:
                counts[area] = " · ".join(parts)
        return counts
