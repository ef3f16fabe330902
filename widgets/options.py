"""A panel that starts a new game with chosen scenario options and seed.

Each option is a dropdown of its choices, in the words its scenario gives them (``label``,
``choice_labels``), with the default marked; the rule it comes
from and its description show beside it, so a reader sees what a switch changes before
flipping it.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as ipw

from rulebook.scenario import Scenario
from widgets._number import seed_box
from widgets._page import guarded

__all__ = ["OptionsPanel"]


class OptionsPanel(ipw.VBox):
    """Dropdowns for a scenario's options, a seed, and a button that calls ``start(seed, options)``."""

    def __init__(
        self, scenario: Scenario, start: Callable[[int, dict[str, Any]], None], seed: int = 0
    ) -> None:
        self.start = start
        self.errors = ipw.HTML()
        self.pickers: dict[str, ipw.Dropdown] = {}
        rows = []
        for name, option in scenario.options.items():
            labels = [
                (
                    f"{option.said(choice)} (default)"
                    if choice == option.default
                    else option.said(choice),
                    choice,
                )
                for choice in option.choices
            ]
            picker = ipw.Dropdown(
                options=labels, value=option.default, description=option.title(name)
            )
            picker.style.description_width = "14em"
            picker.layout.width = "32em"
            picker.add_class(f"rb-option-{name}")
            self.pickers[name] = picker
            note = ipw.HTML(
                f"<small><code>{escape(option.rule)}</code> {escape(option.description)}</small>"
            )
            note.layout.width = "40em"
            rows.append(ipw.HBox([picker, note]))
        self.seed = seed_box(seed, description="seed")
        self.new_button = ipw.Button(description="New game with these options", icon="refresh")
        self.new_button.add_class("rb-new-game")
        self.new_button.layout.width = "auto"
        self.new_button.on_click(self._new)
        body = ipw.VBox(
            [*rows, ipw.HBox([self.seed, self.new_button, self.seed.note]), self.errors]
        )
        box = ipw.Accordion(children=[body], titles=("Options and optional rules",))
        box.selected_index = None
        super().__init__([box])

    def chosen(self) -> dict[str, Any]:
        return {name: picker.value for name, picker in self.pickers.items()}

    @guarded
    def _new(self, _: Any = None) -> None:
        self.start(self.seed.value, self.chosen())

    def refresh(self) -> None:
        """Nothing to redraw; ``guarded`` calls this after every callback."""
