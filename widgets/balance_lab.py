"""Balance lab: run seeded sweeps of two variants side by side, with progress and a cancel button."""

from __future__ import annotations

import threading
from html import escape
from typing import Any

import ipywidgets as ipw

from rulebook.games.lz_albany import standard_scenario
from rulebook.sim import Variant, apply_overrides, parse_override, sweep
from widgets._page import app_page, error_html

__all__ = ["BalanceLab", "balance_lab_app"]


def summary_html(result: Any) -> str:
    """A comparison table: win rates with Wilson intervals drawn as bars, mean VP, endings."""
    rows = []
    for row in result.summary().to_dict(orient="records"):
        left, width = row["us_win_low"] * 200, (row["us_win_high"] - row["us_win_low"]) * 200
        bar = (
            f"<div style='position:relative;width:200px;height:10px;background:#eee'>"
            f"<div style='position:absolute;left:{left:.0f}px;width:{max(width, 1):.0f}px;height:10px;"
            f"background:#9bb7d4'></div><div style='position:absolute;left:{row['us_win_rate'] * 200:.0f}px;"
            f"width:2px;height:10px;background:#1f4e79'></div></div>"
        )
        rows.append(
            f"<tr data-variant='{escape(row['variant'])}'><td><b>{escape(row['variant'])}</b></td><td>{row['games']}</td>"
            f"<td>{row['us_win_rate']:.1%} ({row['us_win_low']:.1%} to {row['us_win_high']:.1%})</td><td>{bar}</td>"
            f"<td>{row['mean_vp_us']:.1f}</td><td>{row['mean_vp_nva']:.1f}</td><td>{row['nva_automatic']}</td></tr>"
        )
    note = (
        "<p class='rb-partial'>Cancelled: these are the games that finished.</p>"
        if result.partial
        else ""
    )
    return (
        note + "<table class='rb-balance'><thead><tr><th>variant</th><th>games</th>"
        "<th>US wins (95% Wilson)</th><th></th><th>mean US VP</th><th>mean NVA VP</th>"
        "<th>NVA automatic wins</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )


def margin_html(result: Any, width: int = 5) -> str:
    """How the VP margin (US minus NVA) spreads, per variant: one bar per band of *width* points."""
    frame = result.frame()
    if frame.empty:
        return ""
    frame["margin"] = frame["vp_us"] - frame["vp_nva"]
    low = int(frame["margin"].min() // width * width)
    high = int(frame["margin"].max() // width * width)
    bands = list(range(low, high + width, width))
    head = "".join(f"<th>{b:+d}</th>" for b in bands)
    rows = []
    for variant, games in frame.groupby("variant", sort=False):
        counts = [
            int(((games["margin"] >= b) & (games["margin"] < b + width)).sum()) for b in bands
        ]
        peak = max(counts) or 1
        cells = "".join(
            f"<td title='{c} game(s)' style='vertical-align:bottom;height:44px'>"
            f"<div style='width:14px;height:{40 * c / peak:.0f}px;background:"
            f"{'#1f4e79' if b >= 0 else '#8a4b00'};margin:auto'></div></td>"
            for b, c in zip(bands, counts, strict=True)
        )
        rows.append(
            f"<tr data-variant='{escape(str(variant))}'><th>{escape(str(variant))}</th>{cells}</tr>"
        )
    return (
        "<p><b>VP margin</b> (US minus NVA; blue: the US ahead), games per band of "
        f"{width} points</p><table class='rb-vp-hist' style='border-collapse:collapse'><tr><th></th>{head}</tr>"
        + "".join(rows)
        + "</table>"
    )


class BalanceLab(ipw.VBox):
    """Two variants of the standard scenario, the same seeds for both, run on local processes."""

    def __init__(self) -> None:
        self.scenario = standard_scenario()
        self.game = ipw.ToggleButtons(
            options=[("LZ Albany", "lz-albany"), ("First Team: Vietnam", "first-team")],
            description="game",
        )
        self.game.add_class("rb-balance-game")
        self.game.observe(self._game_changed, "value")
        self.policy = ipw.Dropdown(
            options=[("random players", "random"), ("scripted players", "scripted")],
            description="players",
        )
        self.games = ipw.IntSlider(value=40, min=2, max=500, step=2, description="games each")
        self.seed = ipw.IntText(value=1965, description="seed", layout=ipw.Layout(width="14em"))
        self.change = ipw.Textarea(
            value="lz_albany.unit_types.nva-rifle.melee=3",
            description="variant",
            placeholder="one PATH=VALUE per line; =*F scales a number",
            layout=ipw.Layout(width="40em", height="4em"),
        )
        self.run_button = ipw.Button(description="Run", button_style="primary")
        self.cancel_button = ipw.Button(description="Cancel", disabled=True)
        self.bar = ipw.IntProgress(value=0, min=0, max=1, description="games")
        self.table = ipw.HTML()
        self.errors = ipw.HTML()
        self._stop = threading.Event()
        self._worker: threading.Thread | None = None
        self.run_button.on_click(lambda _: self.start())
        self.cancel_button.on_click(lambda _: self._stop.set())
        super().__init__(
            [
                self.game,
                self.policy,
                self.games,
                self.seed,
                self.change,
                ipw.HBox([self.run_button, self.cancel_button]),
                self.bar,
                self.errors,
                self.table,
            ]
        )
        self.add_class("rb-balance-lab")

    DEFAULT_CHANGE = {  # noqa: RUF012 - a constant table
        "lz-albany": "lz_albany.unit_types.nva-rifle.melee=3",
        "first-team": "values.cp_per_turn.value=24",
    }

    def _game_changed(self, _: Any = None) -> None:
        from rulebook.games.first_team import campaign_scenario

        self.scenario = (
            campaign_scenario() if self.game.value == "first-team" else standard_scenario()
        )
        self.change.value = self.DEFAULT_CHANGE[self.game.value]
        self.table.value = ""

    def variants(self) -> list[Variant]:
        lines = [line.strip() for line in self.change.value.splitlines() if line.strip()]
        return [
            Variant("baseline"),
            Variant("variant", dict(parse_override(line) for line in lines)),
        ]

    def run(self, *, executor: Any = None) -> None:
        """Run the sweep here (blocking); the Run button calls it on a thread."""
        self.errors.value = ""
        try:
            variants = self.variants()
            if apply_overrides(self.scenario, variants[1].overrides) == self.scenario:
                raise ValueError(
                    "the variant changes nothing (a scaled whole number may round back to itself)"
                )
            self.bar.value, self.bar.max = 0, self.games.value * len(variants)
            result = sweep(
                self.scenario,
                self.games.value,
                self.seed.value,
                variants=variants,
                executor=executor,
                workers=2,
                policies=self.policy.value,
                cancel=self._stop,
                progress=lambda done, total: setattr(self.bar, "value", done),
            )
            self.table.value = summary_html(result) + margin_html(result)
        except Exception as err:  # every failure must reach the user, whatever its type
            self.errors.value = error_html(err)
        finally:
            self.run_button.disabled, self.cancel_button.disabled = False, True

    def start(self) -> None:
        if self._worker is not None and self._worker.is_alive():
            return
        self._stop.clear()
        self.run_button.disabled, self.cancel_button.disabled = True, False
        self._worker = threading.Thread(target=self.run, daemon=True)
        self._worker.start()


def balance_lab_app() -> ipw.VBox:
    intro = (
        "<h1>Balance lab</h1><p>Change a value (a unit's strength, a threshold, a table) and compare "
        "many seeded games against the standard LZ Albany scenario, or whole First Team: Vietnam "
        "campaigns (the US played by the random or scripted player, against the programmed NVA; "
        "only the NVA score VP there). Both variants play the same seeds, so the difference comes "
        "from the change. Counter values are "
        "<span class='provenance reconstructed'>reconstructed</span>.</p>"
    )
    return app_page(intro, BalanceLab())
