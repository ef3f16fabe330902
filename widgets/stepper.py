"""The game stepper both play apps share: the map in the middle, the choices beside it, the log below.

:class:`GameStepper` works for any game on the shared engine core (:class:`FlowGame`). A game's
subclass supplies its map widget, the snapshot of a position that the map and status draw
(:meth:`GameStepper.snapshot`), the words for actions and log entries, and the policy that plays
for the computer. Everything here is view state: the engine is only asked questions and given
actions through its public API.

Acting on the map: each action names the places it involves, where-from first
(``action_places``). A click keeps the actions whose places begin with the places clicked so far,
lights up the places that can come next, and, when a single action is left and the click was its
last place, plays it. The list beside the map always shows the same actions in words, so a
keyboard reaches everything a mouse does.

Undo takes back what the last click did (an action chosen and the computer's answer to it, or
the phase the computer played), and Redo puts it back: the history is kept in groups, one per
click (see :meth:`GameStepper._undo`).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from rulebook.games._core import FlowGame
from rulebook.games._decisions import CHANCE, Action
from rulebook.games._narrate import Sentence, counted
from widgets._page import error_html, guarded
from widgets.game_files import GameFiles
from widgets.game_log import dice_html, latest_html, log_html, rule_links
from widgets.map_choices import MapChoices
from widgets.scenario_files import PROJECT_ROOT

__all__ = ["GameStepper"]

Stop = Callable[[tuple[int, str], tuple[int, str]], bool]
PACES: dict[str, Stop] = {
    "one decision": lambda before, after: True,
    "to the end of the phase": lambda before, after: before != after,
    "to the end of the turn": lambda before, after: before[0] != after[0],
}


def _button(**kwargs: Any) -> ipw.Button:
    # Each its own Layout: a shared one would hide every button when one is hidden.
    return ipw.Button(layout=ipw.Layout(width="auto"), **kwargs)


class GameStepper(MapChoices, GameFiles, ipw.Box):
    """Map and side panel of a game in play, with its narrated log and replay slider."""

    has_chance = True
    game_key = "game"  # the scenario files offered are those of this game (see scenario_files)
    player_label = "the computer"
    #: How to let the computer take the side it refused to play for the visitor, if there is a way.
    takeover_hint = ""
    #: The words on the button that lets the computer play (default: "<player_name> plays").
    auto_label: str | None = None
    #: The computer's controls under Back and Forward, where nothing above them changes height,
    #: rather than at the foot of the side panel.
    computer_on_top = False
    #: Sentences "Just done" shows of a run of steps, the rest counted (its box holds three
    #: lines; a game whose sentences run long shows fewer).
    latest_most = 3
    #: True while refresh moves the replay slider to the present (no reader moved it).
    _following = False

    def __init__(
        self,
        game: FlowGame,
        *,
        policy_seed: int = 0,
        saves: str | Path = "saves",
        root: str | Path | None = None,
    ) -> None:
        self.game = game
        self.policy_seed = policy_seed
        self.saves = Path(saves)
        self.root = Path(root) if root else PROJECT_ROOT
        # Where each click's actions begin in the history, oldest first: Undo goes back to the
        # last of them (a click that played nothing leaves none).
        self._clicks: list[int] = []
        self._future: list[list[Action]] = []  # the groups Undo took back, the next to redo last
        self._snaps: list[dict | None] = []  # a drawable snapshot per log entry
        # The places clicked on the map for the current decision, and a clicked place that only
        # filters the list (see MapChoices).
        self._picked, self._anywhere = [], None
        self.notice = ""  # one sentence about the last thing done (saved, loaded, filtered)
        self._told_from = len(game.log)  # the first log entry of what the last click did
        self._new_click = False  # a click began and has not played anything yet
        self._refreshes = 0  # counts redraws, so a browser test can wait for the next one

        button = _button
        self.status = ipw.HTML()
        self.status.add_class("rb-status-box")
        self.prompt = ipw.HTML()
        self._present_prompt = ""  # the prompt of the decision waiting now (refresh)
        self.prompt.add_class("rb-prompt-box")
        self.choices = ipw.Select(rows=8, layout=ipw.Layout(width="100%"))
        self.choices.add_class("rb-choices")
        # The highlighted choice in full: a list box cuts a long one at its edge ("Seek contact
        # with the NVA in Zone B, spending o..." on a 1024-wide screen).
        self.chosen = ipw.HTML()
        self.chosen.add_class("rb-chosen")
        self.choices.observe(lambda _: self._show_chosen(), names="value")
        self.apply_button = button(
            description="Apply", button_style="primary", tooltip="play the chosen action"
        )
        self.clear_button = button(
            description="Show all", tooltip="forget the places clicked and list every action"
        )
        self.undo_button = button(
            description="Undo", button_style="warning", tooltip="take back what the last click did"
        )
        self.redo_button = button(description="Redo", tooltip="put back what Undo took back")
        self.draw_button = button(description="Draw chit", tooltip="let the pool decide (chance)")
        self.pace = ipw.Dropdown(options=list(PACES), layout=ipw.Layout(width="13em"))
        self.auto_button = button(description="Computer plays", tooltip="")
        self.errors = ipw.HTML()
        self.message = ipw.HTML()
        self.message.add_class("rb-message")

        self._history_widgets()

        self.save_name = ipw.Text(value="game", description="file", layout=ipw.Layout(width="14em"))
        self.save_button = button(description="Save")
        self.load_button = button(description="Load")
        # as wide as its longest file name: at 24em "(standard.yaml)" was cut to "(standard.y"
        self.scenario = ipw.Dropdown(description="scenario", layout=ipw.Layout(width="auto"))
        self.open_button = button(description="Open", tooltip="start this scenario or saved game")

        self.map_view = self.make_map()
        # The line under the map keeps its room (two lines) from the start, with a hint, so the
        # first place pointed at does not push the map and the log down.
        self._drawn: dict = {}
        self.stack.value = f"<div class='rb-stack-line rb-muted'>{escape(self.stack_hint)}</div>"
        self.stack.add_class("rb-stack-two-lines")

        self._wire()

        super().__init__(self._layout())
        self.add_class("rb-stepper")
        if not self.has_chance:
            self.draw_button.layout.display = "none"
        self.refresh_scenarios()
        self.refresh()

    def _history_widgets(self) -> None:
        """The replay slider, its buttons, the log, the hover line and the last click's line."""
        button = _button
        # Beside Back and Forward it needs no name of its own, and without one it fits the
        # side panel's row at 1280 px wide (the pointer's tooltip still names it).
        self.replay = ipw.IntSlider(
            min=0,
            max=0,
            continuous_update=False,
            readout=False,
            tooltip="replay: drag to any entry of the log",
        )
        self.replay.layout = ipw.Layout(flex="1 1 110px", min_width="110px", width="auto")
        self.replay.add_class("rb-replay")
        self.back_button = button(description="◀ Back", tooltip="one log entry back")
        self.forward_button = button(description="Forward ▶", tooltip="one log entry forward")
        self.present_button = button(description="Back to now", tooltip="show the game as it is")
        self.continue_here = button(
            description="Play on from here",
            tooltip="take back every action after this entry and play on from it",
        )
        self.replay_note = ipw.HTML()
        self.log_view = ipw.HTML()
        self.log_view.add_class("rb-log")
        self.stack = ipw.HTML()
        self.stack.add_class("rb-stack")
        # What the last click did, in the log's words, beside the map: the log is under it, off a
        # projector's first screen, and a class watched counters move without the rule that moved
        # them.
        self.latest = ipw.HTML()
        self.latest.add_class("rb-latest-box")

    def _layout(self) -> list[ipw.Widget]:
        """The map with the hover line, the side panel, then the replay and the log."""
        self.play_controls = ipw.HBox(
            [self.apply_button, self.clear_button, self.undo_button, self.redo_button],
            layout=ipw.Layout(flex_flow="row wrap"),
        )
        self.play_controls.add_class("rb-play-controls")
        computer = self.computer_controls()
        on_top = computer if self.computer_on_top else []
        side = ipw.VBox(
            [
                self._replay_controls(),
                *on_top,
                self.status,
                self.latest,
                self.prompt,
                self.choices,
                self.play_controls,
                self.chosen,
                # Refusals and notices above the computer's controls, not under them: at
                # 1280 x 720 "Computer plays" refused below the window's edge, and seemed to
                # do nothing.
                self.errors,
                self.message,
                *([] if on_top else computer),
            ]
        )
        side.add_class("rb-side")
        self.below_map = ipw.HTML()
        # What the pointer is over, read above the map: below it (and its caption) the line
        # was off a 768-high screen while the pointer was on the map.
        board = ipw.VBox([self.stack, self.map_view, self.below_map])
        board.add_class("rb-board")
        files = ipw.HBox(
            [self.save_name, self.save_button, self.load_button, self.scenario, self.open_button],
            layout=ipw.Layout(flex_flow="row wrap", align_items="center"),
        )
        files.add_class("rb-files")
        history = ipw.VBox([self.log_view, files])
        history.add_class("rb-history")
        return [board, side, history]

    def _replay_controls(self) -> ipw.VBox:
        """Back, Forward and the replay slider, at the head of the side panel. Under the log,
        where they were, a 1280 x 720 projector showed none of them without scrolling; at the
        panel's foot they moved at each step, as the status and dice above them changed height.
        Here nothing above them changes, so a teacher can press Back again and again."""
        # One row where the panel is wide enough for the slider beside the buttons, else two.
        row = ipw.HBox(
            [self.back_button, self.forward_button, self.present_button, self.replay],
            layout=ipw.Layout(flex_flow="row wrap", align_items="center"),
        )
        # (shown only over the past: it says which entry, and offers to play on from it)
        note = ipw.HBox([self.replay_note, self.continue_here], layout=ipw.Layout(display="none"))
        self._replay_note_row = note
        box = ipw.VBox([row, note])
        box.add_class("rb-replay-box")
        return box

    def _wire(self) -> None:
        self.apply_button.on_click(self._apply)
        self.clear_button.on_click(self._clear)
        self.undo_button.on_click(self._undo)
        self.redo_button.on_click(self._redo)
        self.draw_button.on_click(self._draw)
        self.auto_button.on_click(self._auto_click)
        self.save_button.on_click(self._save)
        self.load_button.on_click(self._load)
        self.open_button.on_click(self._open)
        self.back_button.on_click(lambda _: self._step_replay(-1))
        self.forward_button.on_click(lambda _: self._step_replay(+1))
        self.present_button.on_click(self._present)
        self.continue_here.on_click(self._continue_from_here)
        self.replay.observe(self._replay_moved, names="value")
        self.map_view.observe(lambda _: self._show_stack(), names="hovered")

    def _show_chosen(self) -> None:
        label = next((words for words, i in self.choices.options if i == self.choices.value), "")
        self.chosen.value = (
            f"<div class='rb-chosen-line'><b>Apply</b>: {escape(label)}</div>" if label else ""
        )

    def _show_stack(self) -> None:
        """The line over the map: what stands at the place last pointed at, in the position
        shown."""
        place = self.map_view.hovered
        if place:
            words = self.stack_words(self._drawn, place)
            self.stack.value = f"<div class='rb-stack-line'>{escape(words)}</div>"

    # --- what a game supplies -------------------------------------------------------

    def make_map(self) -> ipw.Widget:
        """The map widget; it must offer ``on_place_click(callback)``."""
        raise NotImplementedError

    def snapshot(self) -> dict:
        """What the map and status need to draw the current position, as plain data."""
        raise NotImplementedError

    def draw(self, snap: dict, marks: dict[str, str]) -> None:
        """Draw a snapshot on the map, with places marked (``candidate``, ``focus``)."""
        raise NotImplementedError

    #: The line under the map before anything on it has been pointed at.
    stack_hint = "Point at a place on the map to read here what stands in it."

    def stack_words(self, snap: dict, place: str) -> str:
        """What stands at *place* in the position *snap*, in words (the line under the map)."""
        raise NotImplementedError

    def status_html(self, snap: dict) -> str:
        raise NotImplementedError

    def describe(self, action: Action) -> str:
        return action.notation()

    def places(self, action: Action) -> tuple[str, ...]:
        return ()

    def narrate(self, index: int) -> list[Sentence]:
        raise NotImplementedError

    def policy(self, seed: int) -> Callable[[FlowGame], Action]:
        raise NotImplementedError

    def computer_controls(self) -> list[ipw.Widget]:
        """The row that lets the computer play: a pace and a button."""
        self.auto_button.description = self.auto_label or f"{self.player_name} plays"
        row = ipw.HBox(
            [self.draw_button, self.pace, self.auto_button], layout=ipw.Layout(flex_flow="row wrap")
        )
        row.add_class("rb-computer")
        return [row]

    def computer_sides(self) -> set[str]:
        """The sides the computer may play when asked."""
        return {"us", "nva"}

    def open_scenario(self, path: Path) -> FlowGame:
        """A new game of the scenario file at *path* (or the game a save file records)."""
        raise NotImplementedError

    # --- playing ------------------------------------------------------------------

    def _play(self, action: Action) -> None:
        """Apply one action a click chose. The first a click plays begins the group Undo takes
        back whole, and a new branch: what Undo took back can no longer be put back."""
        start = len(self.game.history)
        self._put(action)
        if self._new_click:  # (a click that plays nothing, Save say, leaves all as it was)
            self._begin_click(start)
            self._future.clear()

    def _put(self, action: Action) -> None:
        """Apply one action and remember how the position looks after it."""
        self.game.apply(action)
        self._picked, self._anywhere = [], None  # a new decision starts with nothing clicked
        self._capture()

    def _begin_click(self, start: int) -> None:
        """Mark the actions from *start* on as the present click's: beside the map they are what
        was just done, and one Undo takes them all back."""
        self._new_click = False
        self._clicks.append(start)
        self._told_from = start + 1  # (log entry k + 1 records action k)

    def _capture(self) -> None:
        log = self.game.log
        del self._snaps[len(log) :]
        self._snaps.extend([None] * (len(log) - len(self._snaps)))
        self._snaps[-1] = self.snapshot()

    def _before_action(self) -> None:
        self.notice = ""
        self._new_click = True

    @guarded
    def _apply(self, _: Any = None) -> None:
        options = self.game.legal_actions()
        if self.choices.value is None or not options:
            raise ValueError("nothing to apply: pick an action from the list")
        self._play(options[self.choices.value])
        self.after_human()

    @guarded
    def _draw(self, _: Any = None) -> None:
        if self.game.current_player() != CHANCE:
            raise ValueError("it is a player's turn to decide, not the chit pool's")
        self._play(self.game.sample_chance())

    def _auto_click(self, _: Any = None) -> None:
        self._auto(PACES[self.pace.value])

    @guarded
    def _auto(self, stop: Stop, sides: set[str] | None = None) -> None:
        """Let the policy (and the dice) play until *stop* says so or someone else must decide."""
        played = self.run_computer(stop, sides)
        if not played:
            raise ValueError(
                f"it is your turn to decide ({self.side_name(self.game.current_player())}); "
                f"{self.player_label} plays only its own side{self.takeover_hint}."
            )
        self.notice = f"{self.player_name} played {played} step{'s' * (played != 1)}."

    def run_computer(self, stop: Stop, sides: set[str] | None = None) -> int:
        """Play the computer's sides and the chance draws; return how many steps were played."""
        sides = self.computer_sides() if sides is None else sides
        policy = self.policy(self.policy_seed + len(self.game.history))
        start = (self.game.turn, self.game.phase)
        played = 0
        while not self.game.is_over():
            player = self.game.current_player()
            if player == CHANCE:
                self._play(self.game.sample_chance())
            elif player in sides:
                self._play(policy(self.game))
            else:
                break
            played += 1
            if stop(start, (self.game.turn, self.game.phase)):
                break
        return played

    @property
    def player_name(self) -> str:
        """``player_label`` starting a sentence ("The scripted US player"; not str.capitalize,
        which would lower "US")."""
        return self.player_label[0].upper() + self.player_label[1:]

    def visitor_plays(self, side: str) -> bool:
        """Whether the visitor decides for *side*, rather than leaving it to the computer (which
        plays any side only when asked, unless an app says otherwise)."""
        return True

    def after_human(self) -> None:
        """Called after a person's action: a game with a computer opponent answers here."""

    @guarded
    def _undo(self, _: Any = None) -> None:
        """Take back what the last click did, in one go: the teacher's decision with the
        computer's answer to it, or every step of a phase the computer played.

        The actions of a game loaded from a file came from no click here: for them each press
        goes back to before the last decision of a side the visitor plays, taking the
        computer's answer and the draws after it too (see :meth:`_decision_start`). In First
        Team, where every action is the US's, that is one action a press."""
        history = self.game.history
        if not history:
            raise ValueError("nothing to undo")
        start = self._clicks[-1] if self._clicks else self._decision_start()
        answered = self._answered(start)
        self._take_back(len(history) - start)
        self.notice = self._took_back(self._future[-1], answered)

    def _decision_start(self) -> int:
        """Where the newest decision of a side the visitor plays is in the history (one action
        back when the visitor decided none, watching the computer play both sides)."""
        last = len(self.game.history) - 1
        return next((k for k in range(last, -1, -1) if self._visitors(k)), last)

    def _answered(self, start: int) -> bool:
        """Whether the actions from *start* on are a decision of the visitor's and the answer
        to it (the dice and the computer), as when the computer answers at once."""
        later = range(start + 1, len(self.game.history))
        return self._visitors(start) and not any(map(self._visitors, later))

    def _visitors(self, action: int) -> bool:
        """Whether the visitor decided action number *action* (not the dice, not the computer)."""
        player = self.game.log[action + 1].player  # (log entry k + 1 records action k)
        return player != CHANCE and self.visitor_plays(player)

    def _took_back(self, group: list[Action], answered: bool) -> str:
        """The notice after Undo: the first action taken back, and how many came after it."""
        # In quotation marks: "Took back: Done: end this segment." read as two labels.
        first = f"Took back “{self.describe(group[0])}”"
        if len(group) == 1:
            return f"{first}. Redo puts it back."
        after = "that answered it" if answered else "played after it"
        return f"{first}, and the {counted(len(group) - 1, 'step')} {after}. Redo puts them back."

    @guarded
    def _redo(self, _: Any = None) -> None:
        """Put back what the last Undo took back, as one click again."""
        if not self._future:
            raise ValueError("nothing to redo")
        start = len(self.game.history)
        for action in self._future.pop():
            if self.game.current_player() == CHANCE:
                # the same draw, as replay does
                self.game.dice.pick(len(self.game.chance_outcomes()), self.game.chance_rule)
            self._put(action)
        self._begin_click(start)

    def start(self, game: FlowGame) -> None:
        """Show another game (see ``GameFiles.start``), nothing of it told beside the map yet."""
        super().start(game)
        self._clicks.clear()  # its actions, if any, came from no click here (see _undo)
        self._told_from = len(game.log)  # a game just opened has done nothing yet

    def undo_to(self, entry: int) -> None:
        """Keep the actions up to log entry *entry* (entry k records action k - 1)."""
        self._take_back(len(self.game.history) - entry)

    def _take_back(self, n: int) -> None:
        """Take back the last *n* actions, kept as one group for Redo.

        One ``game.undo``, however many actions: it restarts from a checkpoint and replays."""
        history = self.game.history
        keep = len(history) - n
        self._future.append(list(history[keep:]))
        self.game = self.game.undo(n)
        # The clicks that played what is taken back are gone with it (Redo makes one of it).
        self._clicks = [start for start in self._clicks if start < keep]
        # Nothing is done since: the line beside the map would tell what is no longer so.
        self._told_from = len(self.game.log)

    @guarded
    def _continue_from_here(self, _: Any = None) -> None:
        entry = self.replay.value
        if entry >= len(self.game.log) - 1:
            raise ValueError("this is already the present: nothing to take back")
        taken = len(self.game.log) - 1 - entry
        self.undo_to(entry)
        again = "it back" if taken == 1 else "them all back at once"
        self.notice = f"Took back {counted(taken, 'action')}. Redo puts {again}."

    # --- replay -----------------------------------------------------------------------

    @property
    def replaying(self) -> bool:
        return self.replay.value < len(self.game.log) - 1

    def snapshot_at(self, entry: int) -> dict:
        """The position after log entry *entry*, replaying the game's start if it was not seen."""
        if entry < len(self._snaps) and self._snaps[entry] is not None:
            return self._snaps[entry]  # type: ignore[return-value]
        current = self.game
        try:
            self.game = type(current).replay(
                current.scenario, current.seed, current.history[:entry], current.options
            )
            snap = self.snapshot()
        finally:
            self.game = current
        if entry < len(self._snaps):
            self._snaps[entry] = snap
        return snap

    def _step_replay(self, step: int) -> None:
        self.replay.value = max(0, min(self.replay.max, self.replay.value + step))

    def _present(self, _: Any = None) -> None:
        self.replay.value = self.replay.max

    def _replay_moved(self, change: dict | None = None) -> None:
        if not self._following:
            # A reader moving through the game: a refusal of the last button pressed is over
            # (it stood under past positions, telling whose turn it was at the present).
            self.errors.value = ""
        try:
            self._show_position()
        except Exception as err:  # a failure must reach the page, not vanish in the kernel
            self.errors.value = error_html(err)

    # --- view -----------------------------------------------------------------------

    def refresh(self) -> None:
        g = self.game
        if len(self._snaps) != len(g.log) or self._snaps[-1] is None:
            self._capture()
        options = g.legal_actions()
        if any(i >= len(options) for i in self._filtered()) or not options:
            self._picked, self._anywhere = [], None
        shown = self._filtered()
        if not shown and (self._picked or self._anywhere):
            self._picked, self._anywhere = [], None
            shown = self._filtered()
        self.choices.options = [(self.describe(options[i]), i) for i in shown]
        self.choices.value = shown[0] if shown else None
        self._show_chosen()
        decision = g.decision
        chance = g.current_player() == CHANCE
        if decision is None:
            prompt = "<b>The game is over.</b>"
        else:
            who = (
                "The chit pool"
                if chance
                else f"<b>{escape(self.side_name(g.current_player()))}</b>"
            )
            prompt = (
                f"{who} to decide: {escape(self.prompt_words(decision.prompt))} "
                f"{self.rule_links((decision.rule,))}"
            )
        lit = " The places lit on the map are the choices: click one." if self.candidates() else ""
        if decision is not None and not chance and not self.visitor_plays(g.current_player()):
            # (watching, a class was told both "click one" and "press Computer plays")
            lit = (
                f" {escape(self.player_name)} plays this side: press "
                f"{escape(self.auto_button.description)}."
            )
        lit_places = " ".join(sorted(self.candidates()))
        self._refreshes += 1
        # shown by _show_position below, which this ends with (the past shows another)
        self._present_prompt = (
            f"<div class='rb-prompt' data-candidates='{escape(lit_places)}' "
            f"data-refresh='{self._refreshes}'>{prompt}{lit if options else ''}</div>"
        )
        last = len(g.log) - 1
        self._following = True  # the slider follows the game here: no one moved it
        try:
            with self.replay.hold_trait_notifications():
                self.replay.max = last
                self.replay.value = last
        finally:
            self._following = False
        self._show_position()

    def _show_position(self) -> None:
        """Draw the entry the replay slider points at: the present, or a past position."""
        g = self.game
        entry = self.replay.value
        past = entry < len(g.log) - 1
        snap = self.snapshot_at(entry)
        marks = {} if past else dict.fromkeys(self.candidates(), "candidate")
        for p in self._picked if not past else []:
            marks[p] = "focus"
        if self._anywhere and not past:
            marks[self._anywhere] = "focus"
        self.draw(snap, marks)
        # The mouse is still over the place it just clicked (or that Undo or the replay
        # changed), so no new hover comes: the line must follow the position drawn, or it tells
        # the one from before the click (a place "empty" under the counter just put there).
        self._drawn = snap
        self._show_stack()
        self.status.value = (
            f"<div class='rb-status{' rb-past' if past else ''}' data-log-length='{len(g.log)}' "
            f"data-actions='{len(g.history)}' data-entry='{entry}'>{self.status_html(snap)}"
            f"{self.dice_for(entry)}</div>"
        )
        self._enable_controls(past)
        # "Apply: ..." names what the present's Apply would play: over a past position it read
        # as if that action were on offer there.
        self.chosen.layout.display = "none" if past else ""
        # In the past the decision waiting now is not the position shown (after Back, a class
        # read "US to decide ... click one" over a position from a turn before).
        self.prompt.value = (
            f"<div class='rb-prompt rb-past' data-candidates='' data-refresh='{self._refreshes}'>"
            "Replaying: nothing is decided here. <b>Back to now</b> returns to the decision "
            "waiting.</div>"
            if past
            else self._present_prompt
        )
        self._replay_note_row.layout.display = "" if past else "none"
        self.replay_note.value = (
            # (the prompt under the status says that nothing can be played here)
            f"<span class='rb-replay-note'>Showing the game after entry {entry} of "
            f"{len(g.log) - 1}.</span>"
            if past
            else ""
        )
        self.below_map.value = self.below_map_html(entry)
        self.latest.value = self.latest_html(entry, past)
        self.back_button.disabled = entry == 0
        self.forward_button.disabled = self.present_button.disabled = not past
        first = max(0, entry - 40)
        entries = [(i, self.narrate(i)) for i in range(first, entry + 1)]
        self.log_view.value = log_html(entries, self.rule_links, current=entry)
        # A notice tells of the present ("Took back ...: Redo puts it back" stood over a past
        # position, with Redo off there): it waits for the present to be shown again.
        self.message.value = (
            f"<div class='rb-notice' role='status'>{escape(self.notice)}</div>"
            if self.notice and not past
            else ""
        )

    def _enable_controls(self, past: bool) -> None:
        """Enable the controls that act on the present, and only while the present is shown.

        In the past every one of them is off: Undo pressed over a position of a turn before took
        back the present's last action and jumped there, not the step the class was looking at
        ("Play on from here" is the way to go back to a past position)."""
        g = self.game
        now = not past
        self.choices.disabled = past
        # Over the past, the present's choices read as belonging to the position shown, even
        # greyed out: hidden, but keeping their room, so nothing on the page moves as a class
        # steps back and forward. Under "The game is over", an empty list box read as something
        # still to choose.
        self.choices.layout.visibility = "hidden" if past else None
        self.choices.layout.display = "none" if g.is_over() else None
        self.apply_button.disabled = not (now and g.legal_actions())
        self.auto_button.disabled = not now or g.is_over()
        self.clear_button.disabled = not (now and (self._picked or self._anywhere))
        self.draw_button.disabled = not (now and g.current_player() == CHANCE)
        self.undo_button.disabled = not (now and g.history)
        self.redo_button.disabled = not (now and self._future)

    def latest_html(self, entry: int, past: bool) -> str:
        """Beside the map, the sentences of what the last click did (a person's action and the
        computer's answer, or the steps the computer played); in the past, of the entry shown."""
        if past:
            return latest_html([(entry, self.narrate(entry))], self.rule_links, title="Shown")
        told = range(self._told_from, entry + 1)
        return latest_html(
            [(i, self.narrate(i)) for i in told],
            self.rule_links,
            title="Just done",
            most=self.latest_most,
        )

    def dice_for(self, entry: int) -> str:
        """HTML for the dice shown with the status at *entry* (none by default)."""
        return ""

    def below_map_html(self, entry: int) -> str:
        """HTML shown under the map at *entry* (nothing by default)."""
        return ""

    def side_name(self, player: str | None) -> str:
        return {"us": "US", "nva": "NVA", None: "nobody"}.get(player, str(player))

    def prompt_words(self, prompt: str) -> str:
        return prompt

    def rule_links(self, rules: tuple[str, ...]) -> str:
        return rule_links(rules)

    def last_dice_html(self, entry: int) -> str:
        """The newest dice rolled at or before *entry*, drawn as dice, with the sentence they belong to."""
        for i in range(entry, max(-1, entry - 60), -1):
            rolled = [s for s in self.narrate(i) if s.dice]
            if rolled:
                return dice_html(rolled, self.rule_links, entry=i)
        return "<div class='rb-dice-box'><span class='rb-muted'>No dice rolled yet.</span></div>"
