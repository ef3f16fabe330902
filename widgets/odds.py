"""How likely is a hit? An explorer of the exact odds of a pool of dice."""

from __future__ import annotations

from html import escape

import ipywidgets as ipw

from rulebook.dice import successes
from rulebook.render import distribution_html, percent

__all__ = ["OddsExplorer"]


class OddsExplorer(ipw.VBox):
    """A dice-count slider and a hit target, and the exact distribution of hits.

    Every number shown comes from :func:`rulebook.dice.successes`; the widget
    only reads the controls and renders the result.

    Examples
    --------
    >>> explorer = OddsExplorer(dice=3)
    >>> "91/216" in explorer.result.value
    True
    """

    def __init__(self, dice: int = 3, target: int = 6, max_dice: int = 12) -> None:
        self.dice = ipw.IntSlider(
            value=dice, min=1, max=max_dice, description="dice", continuous_update=True
        )
        self.target = ipw.Dropdown(
            options=[("6 only", 6), ("5 or 6", 5), ("4 to 6", 4)],
            value=target,
            description="hit on",
        )
        self.result = ipw.HTML()
        for control in (self.dice, self.target):
            control.observe(self._refresh, names="value")
        super().__init__([ipw.HBox([self.dice, self.target]), self.result])
        self.add_class("rb-odds")
        self._refresh()

    def _refresh(self, _change: object = None) -> None:
        dist = successes(self.dice.value, target=self.target.value)
        some = dist.at_least(1)
        headline = (
            f'<p class="rb-headline">Rolling {self.dice.value} '
            f"{'die' if self.dice.value == 1 else 'dice'}, the chance of at least one hit is "
            f'<b class="at-least-one" data-exact="{some}">{some} ({percent(some)})</b>; '
            f"on average {float(dist.mean()):.2f} hits.</p>"
        )
        self.result.value = headline + distribution_html(dist, outcome=escape("hits"))
