"""Balance lab: pick values from a table, run seeded games of both versions, read a verdict."""

from __future__ import annotations

import threading
import time
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from rulebook._words import quoted
from rulebook.games._files import ScenarioFile, scenario_files
from rulebook.maps.checks import join_words
from rulebook.scenario import Game, load_playable, load_scenario
from rulebook.sim import (
    KnownGames,
    Variant,
    apply_overrides,
    default_folder,
    game_seeds,
    parse_override,
    sweep,
    usable_cores,
)
from rulebook.sim._overrides import scaled
from rulebook.sim.early import compared, first_futility_look, in_sentence, looks
from rulebook.sim.report import table as sweep_table
from rulebook.sim.report import verdicts as sweep_verdicts
from rulebook.sim.values import ScenarioValue, format_value, scenario_values
from widgets._number import RangedIntText, seed_box
from widgets._page import app_page, error_html, on_enter
from widgets.scenario_files import PROJECT_ROOT, resolve_query_path, scenario_from_query

__all__ = ["BalanceLab", "balance_lab_app", "nice_bins"]

SMALL_FIELD = ipw.Layout(width="14em")
STOP_LABEL = "stop once the answer is clear"
LIVE_EVERY_S = 2.0  # how often the table of results so far is redrawn while games run


#: A path of each game's scenario the lab can change, shown as the example in the path box.
PATH_EXAMPLES = {
    "lz-albany": "lz_albany.air.gunship_fire=4",
    "first-team": "first_team.us.lz_markers=10",
}


def nice_bins(low: float, high: float, most: int = 12) -> tuple[int, int]:
    """A round bin width giving at most *most* bins over [low, high], and the first bin's start.

    >>> nice_bins(-60, 62)
    (20, -60)
    >>> nice_bins(3, 7)
    (1, 3)
    """
    span = max(high - low, 1)
    width = next(
        w for w in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, 10**9) if span / w < most
    )
    return width, int(low // width * width)


def _reused(games: int) -> str:
    """What the run took from earlier runs, in a sentence (empty if nothing).

    >>> _reused(0), _reused(1000)
    ('', ' 1,000 of them were taken from earlier runs of the same version on this machine, not played again.')
    """
    if not games:
        return ""
    return (
        f" {games:,} of them {'was' if games == 1 else 'were'} taken from earlier runs of the "
        "same version on this machine, not played again."
    )


def _known_words(baseline: int, variant: int | None, games: int) -> str:
    """How many of a run's games were played here before, in a sentence (empty if none);
    *variant* is None when the variant changes nothing yet.

    >>> _known_words(400, 0, 500)
    "Kept on this machine from runs so far: 400 of the baseline's 500 games and none of the variant's. The next run takes those rather than playing them again."
    >>> _known_words(500, None, 500), _known_words(0, 0, 500)
    ("Kept on this machine from runs so far: all of the baseline's 500 games. The next run takes those rather than playing them again.", '')
    """
    if not baseline and not variant:
        return ""

    def part(known: int) -> str:
        return "all" if known == games else "none" if not known else f"{known:,}"

    said = f"{part(baseline)} of the baseline's {games:,} games"
    if variant is not None:
        said += f" and {part(variant)} of the variant's"
    return (
        f"Kept on this machine from runs so far: {said}. The next run takes those rather than "
        "playing them again."
    )


def _cores(workers: int | None) -> str:
    """Where a run's games were played, as the timing line says it (nothing for another executor).

    >>> _cores(1), _cores(8), _cores(None)
    (' on 1 core', ' on 8 cores', '')
    """
    if not workers:
        return ""
    return f" on {workers} core{'' if workers == 1 else 's'}"


def _time_left(elapsed: float, done: int, total: int) -> str:
    """The wait still ahead, from the pace so far, as a clause (empty before a pace shows).

    Games taken from earlier runs come in step with those played, so the pace counts them too.

    >>> _time_left(3.0, 300, 2000), _time_left(30.0, 100, 2000), _time_left(0.5, 1990, 2000)
    ('about 17 s left', 'about 9 min 30 s left', 'less than a second left')
    """
    if done <= 0 or elapsed <= 0:
        return ""
    left = elapsed / done * (total - done)
    return "less than a second left" if left < 1 else f"about {_duration(left)} left"


def _duration(seconds: float) -> str:
    """A run's length in words.

    >>> _duration(7.4), _duration(124.2)
    ('7 s', '2 min 4 s')
    """
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes} min {secs} s" if minutes else f"{secs} s"


def _bar(low: float, high: float, point: float) -> str:
    return (
        "<div style='position:relative;width:200px;height:10px;background:#eee'>"
        f"<div style='position:absolute;left:{low * 200:.0f}px;width:{max((high - low) * 200, 1):.0f}px;"
        "height:10px;background:#9bb7d4'></div>"
        f"<div style='position:absolute;left:{point * 200:.0f}px;width:2px;height:10px;"
        "background:#1f4e79'></div></div>"
    )


def _lza_table(result: Any) -> str:
    rows = []
    for row in result.summary().to_dict(orient="records"):
        rows.append(
            f"<tr data-variant='{escape(row['variant'])}'><td><b>{escape(row['variant'])}</b></td>"
            f"<td>{row['games']}</td><td>{row['us_wins']}</td><td>{row['nva_wins']}</td>"
            f"<td>{row['draws']}</td>"
            f"<td>{row['us_win_rate']:.1%} ({row['us_win_low']:.1%} to {row['us_win_high']:.1%})</td>"
            f"<td>{_bar(row['us_win_low'], row['us_win_high'], row['us_win_rate'])}</td>"
            f"<td>{row['mean_vp_us']:.1f}</td><td>{row['mean_vp_nva']:.1f}</td>"
            f"<td>{row['nva_automatic']}</td></tr>"
        )
    return (
        "<table class='rb-balance'><thead><tr><th>version</th><th>games</th><th>US wins</th>"
        "<th>NVA wins</th><th>draws</th><th>US win rate (95% interval)</th><th></th>"
        "<th>mean US VP</th><th>mean NVA VP</th><th>NVA automatic victories</th></tr></thead>"
        "<tbody>" + "".join(rows) + "</tbody></table>"
    )


def _ftv_table(result: Any) -> str:
    """:func:`rulebook.sim.report.table` as HTML, each row marked with its version."""
    head, rows = sweep_table(result, Game.FIRST_TEAM)
    body = "".join(
        f"<tr data-variant='{escape(name)}'><td><b>{escape(name)}</b></td>"
        + "".join(f"<td>{cell}</td>" for cell in cells)
        + "</tr>"
        for name, *cells in rows
    )
    return (
        "<table class='rb-balance'><thead><tr>"
        + "".join(f"<th>{h}</th>" for h in head)
        + f"</tr></thead><tbody>{body}</tbody></table>"
    )


def _histogram(frame: Any, column: str, title: str) -> str:
    """Games per band of *column*, one row per version, with bands sized to the data."""
    width, start = nice_bins(float(frame[column].min()), float(frame[column].max()))
    bands = list(range(start, int(frame[column].max()) + 1, width))
    head = "".join(f"<th>{b:+d}</th>" if b else "<th>0</th>" for b in bands)
    rows = []
    for variant, games in frame.groupby("variant", sort=False):
        counts = [int(((games[column] >= b) & (games[column] < b + width)).sum()) for b in bands]
        peak = max(counts) or 1
        cells = "".join(
            f"<td title='{c} of {len(games)} games from {b} to {b + width - 1}' "
            "style='vertical-align:bottom;height:44px'>"
            f"<div style='width:14px;height:{40 * c / peak:.0f}px;background:"
            f"{'#1f4e79' if b >= 0 else '#8a4b00'};margin:auto'></div></td>"
            for b, c in zip(bands, counts, strict=True)
        )
        rows.append(
            f"<tr data-variant='{escape(str(variant))}'><th>{escape(str(variant))}</th>{cells}</tr>"
        )
    return (
        f"<p><b>{title}</b>, games per band of {width} point{'s' if width > 1 else ''}</p>"
        f"<table class='rb-vp-hist' style='border-collapse:collapse'><tr><th></th>{head}</tr>"
        + "".join(rows)
        + "</table>"
    )


def _comparison(result: Any, game: Game, *, running: bool) -> tuple[str, list[str]]:
    """The comparison a designer reads (a table that fits the game, the verdicts, a
    histogram) as HTML, and the verdicts in it: the lab shows the first one beside the
    progress bar too.

    While the games are *running*, it says how many have finished: the verdict firms up as
    more come in, and a designer may cancel once it is clear.
    """
    frame = result.frame()
    if frame.empty:
        return ("<p>No game finished.</p>" if not running else ""), []
    if running:
        note = (
            f"<p class='rb-partial rb-running'>So far {len(frame):,} of {result.requested:,} "
            "games: the figures update as games finish. Cancel keeps these.</p>"
        )
    elif result.early is not None:
        note = (
            f"<p class='rb-partial rb-early'>{escape(result.early.sentence())} Untick "
            f"<i>{STOP_LABEL}</i> to play every game.</p>"
        )
    elif result.partial:
        note = "<p class='rb-partial'>Cancelled: these are the games that finished.</p>"
    else:
        note = ""
    verdicts = sweep_verdicts(result.results, game)
    verdict = "".join(f"<p class='rb-verdict'>{escape(v)}</p>" for v in verdicts)
    if game == Game.FIRST_TEAM:
        html = note + _ftv_table(result) + verdict + _histogram(frame, "vp_nva", "NVA VP")
        return html, verdicts
    frame["margin"] = frame["vp_us"] - frame["vp_nva"]
    html = (
        note
        + _lza_table(result)
        + verdict
        + _histogram(
            frame, "margin", "VP margin (US minus NVA; brown: the NVA ahead, blue: the US ahead)"
        )
    )
    return html, verdicts


def _value_option(row: ScenarioValue) -> str:
    return (
        f"{row.label}: {row.value_words()} ({row.provenance}{', ' + row.rule if row.rule else ''})"
    )


class BalanceLab(ipw.VBox):
    """Two versions of a scenario, the same seeds for both, run on local processes."""

    def __init__(self, saves: str | Path = "saves", scenario: str | Path | None = None) -> None:
        self.saves = Path(saves)
        self.changes: dict[str, str] = {}
        # Each scenario's variant as the designer left it: switching to another scenario (or
        # game) and back finds it again rather than gone.
        self._variants: dict[str, dict[str, str]] = {}
        self._shown_file: str | None = None
        self._left_file: str | None = None  # the last file left with its variant kept
        self._labels: dict[str, str] = {}  # each file shown, as the picker named it then
        self.game = ipw.ToggleButtons(
            options=[("LZ Albany", Game.LZ_ALBANY), ("First Team: Vietnam", Game.FIRST_TEAM)],
            description="game",
            style={"button_width": "auto"},
        )
        self.game.add_class("rb-balance-game")
        self.scenario_pick = ipw.Dropdown(description="scenario", layout=ipw.Layout(width="95%"))
        self.policy = ipw.Dropdown(
            options=[("random players", "random"), ("scripted players", "scripted")],
            description="players",
        )
        # Typed, not slid: a designer asks for a round number (500 a side), which a slider of
        # 2 to 2000 in steps of 2 makes a hunt. 500 by default: 100 a side leave a win rate's
        # interval 20 points wide, and a change that shows stops at its first look anyway.
        self.games = RangedIntText(
            2,
            2000,
            "the lab",
            value=500,
            description="games each",
            layout=SMALL_FIELD,
            _dom_classes=("rb-games",),
        )
        self.seed = seed_box(1965, what="a seed", description="seed", layout=SMALL_FIELD)
        # On by default: a change that swings the result needs a fraction of the games asked
        # for, the look's strict level keeps a change that does nothing from stopping it as a
        # difference, and differences too small to show stop it as settled (rulebook.sim.early).
        self.stop_early = ipw.Checkbox(
            value=True,
            description=STOP_LABEL,
            indent=False,
            _dom_classes=("rb-stop-early",),
            tooltip="look after each fifth of the games (from 100 a side) and stop where the "
            "headline difference would arise by chance less than once in 1,000, or, from "
            "two-fifths of the games on, where the differences are too small for every game to show",
        )
        self.filter = ipw.Text(
            placeholder="filter: flares, melee, CP, lza:7.4, reconstructed ...",
            description="find",
            layout=ipw.Layout(width="95%"),
        )
        self.values_list = ipw.Select(
            rows=10, layout=ipw.Layout(width="100%"), _dom_classes=("rb-value-table",)
        )
        self.detail = ipw.HTML()
        self.new_value = ipw.Text(description="new value", layout=ipw.Layout(width="22em"))
        self.new_choice = ipw.Dropdown(
            description="new value", layout=ipw.Layout(width="22em", display="none")
        )
        self.add_button = ipw.Button(
            description="Add to the variant", icon="plus", layout=ipw.Layout(width="auto")
        )
        self.clear_button = ipw.Button(
            description="Clear the variant", layout=ipw.Layout(width="auto")
        )
        self.change_list = ipw.HTML()
        self.by_path = ipw.Text(layout=ipw.Layout(width="70%"))
        self.by_path_button = ipw.Button(description="Add by path", layout=ipw.Layout(width="auto"))
        advanced = ipw.Accordion([ipw.HBox([self.by_path, self.by_path_button])])
        advanced.set_title(0, "A value not in the table? Give its path")
        advanced.selected_index = None
        self.run_button = ipw.Button(description="Run", button_style="primary")
        self.cancel_button = ipw.Button(description="Cancel", disabled=True)
        self.bar = ipw.IntProgress(value=0, min=0, max=1, description="games")
        self.timing = ipw.HTML()
        self.known_note = ipw.HTML()
        self.known_note.add_class("rb-known")
        self.table = ipw.HTML()
        # Said over the last run's results once anything a run reads has changed since (a
        # review changed the variant, then the game, and read the old verdict as the new one).
        # (what the results shown were run with, as settings and as words)
        self.stale_note, self._results_for, self._ran_with = ipw.HTML(), None, ""
        self.errors = ipw.HTML()
        # One error line, beside what it answers: a refused value under the variant's controls,
        # a refused run under Run. (The same line in both columns at once said it twice at
        # 1400 pixels; one copy under both was out of sight of Run at 1024.)
        self._value_slot, self._run_slot = ipw.Box(), ipw.Box()
        self._rows: list[ScenarioValue] = []
        self._stop, self._worker = threading.Event(), None
        # Every game played here, on this page or an earlier one (kept on disk), so a comparison
        # plays only the versions that are new (after the first run, the variant alone): a game
        # is its version (rules code, scenario, options, players) and seed, nothing else.
        self.known = KnownGames(folder=default_folder())

        self._wire()

        values_box = ipw.VBox(
            [
                ipw.HTML("<h2>1. The variant: pick a value, give it a new one</h2>"),
                self.filter,
                self.values_list,
                self.detail,
                ipw.HBox([self.new_value, self.new_choice, self.add_button]),
                self._value_slot,
                self.change_list,
                self.clear_button,
                advanced,
            ],
            layout=ipw.Layout(flex="3 1 30em", min_width="0", margin="0 1.5em 0 0"),
        )
        run_box = ipw.VBox(
            [
                ipw.HTML("<h2>2. The games</h2>"),
                self.game,
                self.scenario_pick,
                self.policy,
                # The range beside the box; a number past it is held to it, and the note under
                # the box says so.
                ipw.HBox(
                    [
                        self.games,
                        ipw.HTML(
                            f"<small class='rb-hint' style='margin-left:.5em'>"
                            f"{self.games.low:,} to {self.games.high:,} a side</small>"
                        ),
                    ],
                    layout=ipw.Layout(align_items="center"),
                ),
                self.games.note,
                self.seed,
                self.seed.note,
                self.stop_early,
                ipw.HBox([self.run_button, self.cancel_button]),
                self._run_slot,
                # The bar and the timing line with the first verdict straight under Run; what
                # the machine keeps for the next run after them (above, it pushed the verdict
                # off a 720-high screen).
                self.bar,
                self.stale_note,
                self.timing,
                self.known_note,
            ],
            layout=ipw.Layout(flex="2 1 22em", min_width="0"),
        )
        super().__init__(
            [
                ipw.HBox([values_box, run_box], layout=ipw.Layout(flex_flow="row wrap")),
                ipw.HTML("<h2>3. The comparison</h2>"),
                self.stale_note,  # (a second view of the same note, over the table)
                self.table,
            ]
        )
        self.add_class("rb-balance-lab")
        self._game_changed()
        if scenario is not None:
            try:
                self.open_file(scenario)
            except Exception as err:  # a bad link still opens the lab, saying why
                self._refuse(err, at_run=True)

    def _refuse(self, err: Exception, *, at_run: bool = False) -> None:
        """Say why *err* refused a value (under the variant's controls) or a run (under Run)."""
        self.errors.value = error_html(err)
        shown, empty = (
            (self._run_slot, self._value_slot) if at_run else (self._value_slot, self._run_slot)
        )
        empty.children, shown.children = (), (self.errors,)

    def _wire(self) -> None:
        self.game.observe(self._game_changed, "value")
        self.scenario_pick.observe(self._scenario_changed, "value")
        self.filter.observe(lambda _: self._fill_values(), "value")
        self.values_list.observe(self._show_value, "value")
        self.add_button.on_click(lambda _: self._add_selected())
        self.clear_button.on_click(lambda _: self._set_changes({}))
        self.by_path_button.on_click(lambda _: self._add_by_path())
        on_enter(self.new_value, self._add_selected)  # Enter adds, as the button does
        on_enter(self.by_path, self._add_by_path)
        self.run_button.on_click(lambda _: self.start())
        for control in (self.games, self.seed, self.policy):
            control.observe(self._show_known, "value")
        self.cancel_button.on_click(lambda _: self._stop.set())

    def open_file(self, path: str | Path) -> None:
        """Pick the scenario file at *path* (switching to its game), even one outside the folders."""
        path = Path(path).resolve()
        scenario = load_playable(path)  # a file the games cannot play is refused by name here
        games = [game for _, game in self.game.options]
        if scenario.game not in games:
            raise ValueError(
                f"{path.name} is a scenario for {scenario.game.title}; the lab plays "
                + " and ".join(game.title for game in games)
            )
        if self.game.value != scenario.game:
            self.game.value = scenario.game
        if str(path) not in [v for _, v in self.scenario_pick.options]:
            label = _without_game(ScenarioFile(scenario.title, path).label, scenario.game)
            self.scenario_pick.options = [*self.scenario_pick.options, (label, str(path))]
        self.scenario_pick.value = str(path)

    # --- the scenario and its values -------------------------------------------------------
    def _game_changed(self, _: Any = None) -> None:
        files = [f for f in scenario_files(self.game.value, saves=(self.saves,)) if not f.problem]
        game = self.game.value
        self.scenario_pick.options = [(_without_game(f.label, game), str(f.path)) for f in files]
        self.scenario_pick.value = str(files[0].path)
        self._scenario_changed()

    def _scenario_changed(self, _: Any = None) -> None:
        if not self.scenario_pick.value:
            return
        self.scenario = load_scenario(self.scenario_pick.value)
        self._rows = scenario_values(self.scenario)
        left = self._shown_file
        if left is not None:
            self._variants[left] = self.changes
            if left != self.scenario_pick.value:
                self._left_file = left  # its variant is said to be kept (below)
        self._shown_file = self.scenario_pick.value
        # whole, with the game's name: the note that names it is read under another game
        self._labels[self._shown_file] = ScenarioFile(
            self.scenario.title, Path(self._shown_file)
        ).label
        self.new_value.value = ""  # a number typed for the last scenario's value
        # an example of this game's own (First Team's was told an LZ Albany path, refused)
        example = PATH_EXAMPLES.get(self.scenario.game.value, PATH_EXAMPLES["lz-albany"])
        self.by_path.placeholder = f"PATH=VALUE, e.g. {example} (=*1.5 scales)"
        self._set_changes(self._variants.get(self._shown_file, {}))
        left = self._left_file
        if left is not None and left != self._shown_file and self._variants.get(left):
            kept = len(self._variants[left])
            self.change_list.value += (
                f"<p class='rb-kept-variant'>The {kept} change{'s' if kept != 1 else ''} made "
                f"to {escape(self._labels.get(left, left))} {'are' if kept != 1 else 'is'} kept: pick "
                "it again to go on with them.</p>"
            )
        self.table.value = ""
        self._fill_values()

    def _fill_values(self) -> None:
        words = self.filter.value.lower().split()
        # Values named by the words first, then those whose notes mention them; in each, the
        # numbers before the readings of unclear rules ('melee' picked a reading about wounded
        # officers in a melee, not a melee strength).
        shown = sorted(
            (r for r in self._rows if r.matches(self.filter.value)),
            key=lambda r: (
                not all(w in f"{r.label} {r.rule}".lower() for w in words),
                r.path.startswith("options."),
            ),
        )
        self.values_list.options = [(_value_option(r), r.path) for r in shown]
        self.values_list.value = shown[0].path if shown else None
        # Shown here too: another game's list may start with the same path ("turns.value"),
        # which changes no value, so no observer would show its row.
        self._show_value()

    def row(self, path: str) -> ScenarioValue:
        """The table's row for *path*."""
        return next(r for r in self._rows if r.path == path)

    def _show_value(self, _: Any = None) -> None:
        if not self.values_list.value:
            self.detail.value = "<p>No value matches; try fewer words.</p>"
            return
        r = self.row(self.values_list.value)
        rule = f", rule {escape(r.rule)}" if r.rule else ""
        self.detail.value = (
            f"<p><b>{escape(r.label)}</b>: {escape(r.value_words())} "
            f"<span class='provenance {escape(r.provenance)}'>{escape(r.provenance)}</span>{rule}"
            + (f"<br><small>{escape(r.note)}</small>" if r.note else "")
            + "</p>"
        )
        choices = r.choices or ((False, True) if isinstance(r.value, bool) else None)
        if choices:
            said = r.choice_words or tuple(format_value(c) for c in choices)
            self.new_choice.options = [
                (w, str(c).lower()) for c, w in zip(choices, said, strict=True)
            ]
            self.new_choice.value = str(r.value).lower()
            self.new_choice.layout.display, self.new_value.layout.display = None, "none"
        else:
            self.new_value.value = self.changes.get(r.path, "")
            self.new_value.placeholder = (
                "a whole number, or *1.5 to scale"
                if r.kind == "number"
                else "numbers separated by commas"
            )
            self.new_choice.layout.display, self.new_value.layout.display = "none", None

    def _add_selected(self) -> None:
        self.errors.value = ""
        if not self.values_list.value:
            return
        r = self.row(self.values_list.value)
        typed, text = self._typed(r)
        self._try_add(r.path, text, label=r.label, typed=typed)

    def _typed(self, r: ScenarioValue) -> tuple[str, str]:
        """The new value for *r* as typed (or picked), and as a change writes it (a list of
        numbers in brackets)."""
        typed = self.new_choice.value if r.kind == "choice" else self.new_value.value.strip()
        text = typed
        if r.kind == "numbers" and text and not text.startswith("["):
            text = "[" + text + "]"
        return typed, text

    def _not_added(self) -> None:
        """Refuse a run whose only change is still in the value box: a review typed 12 for
        the turns and pressed Run, and read that the variant changes nothing, which is what
        it had just been told to change."""
        if not self.values_list.value:
            return
        r = self.row(self.values_list.value)
        typed, text = self._typed(r)
        if r.kind == "choice" or not typed or self.changes.get(r.path) == text:
            return
        try:  # (a value Add refused, left in the box, is not one to press Add for again)
            apply_overrides(self.scenario, {**self.changes, r.path: text})
        except ValueError:  # (Add refuses it; the run says the variant changes nothing)
            return
        raise ValueError(
            f"{typed} for {r.label} is typed but not yet in the variant: press Add to the "
            "variant (or Enter in the box), then Run"
        )

    def _add_by_path(self) -> None:
        self.errors.value = ""
        try:
            path, text = parse_override(self.by_path.value)
        except ValueError as err:
            self._refuse(err)
            return
        self._try_add(path, text)

    def _try_add(self, path: str, text: str, *, label: str = "", typed: str = "") -> None:
        """Add *path* = *text* to the variant, or say why not; a value picked from the table
        is named by its *label* there, not by its path in the file, and a refusal quotes what
        was *typed* (the lab writes a list as [9, 10], the designer wrote 9, 10)."""
        if not text:
            self._refuse(ValueError("give the new value first"))
            return
        if text.startswith("+") and text[1:2].isdigit():  # "+2" is 2, not 2 more: said as 2
            text = text[1:]
        try:
            apply_overrides(self.scenario, {**self.changes, path: text})
        except ValueError as err:
            said = str(err)
            if label and said.startswith(f"{path}: "):
                said = f"{label}: {said.removeprefix(f'{path}: ')}"
            if typed:
                said = said.replace(quoted(text), quoted(typed))
            self._refuse(ValueError(said))
            return
        if apply_overrides(self.scenario, {path: text}) == self.scenario:
            # A change of nothing: the variant would play the baseline's games again.
            if path in self.changes:  # set back to the baseline's value: out of the variant
                self._set_changes({k: v for k, v in self.changes.items() if k != path})
                return
            self._refuse(ValueError(f"{label or path}: that is its value already; give another"))
            return
        self._set_changes({**self.changes, path: text})

    def _set_changes(self, changes: dict[str, str]) -> None:
        self.changes = changes
        self._show_known()
        if not changes:
            self.change_list.value = "<p>The variant changes nothing yet.</p>"
            return
        items = [
            f"<li>{escape(label)}: {escape(old)} → <b>{escape(new)}</b></li>"
            for label, old, new in self._change_words(changes)
        ]
        self.change_list.value = (
            "<p>The variant changes:</p><ul class='rb-changes'>" + "".join(items) + "</ul>"
        )

    def _change_words(self, changes: dict[str, str]) -> list[tuple[str, str, str]]:
        """Each change as its value's label, the baseline's value and the variant's, in words."""
        known = {r.path: r for r in self._rows}
        words = []
        for path, text in changes.items():
            r = known.get(path)
            label = r.label if r else path
            old = r.value_words() if r else "its value"
            if text.startswith("*"):
                new = f"{old} × {text[1:]}"
                if r is not None and type(r.value) in (int, float):  # the value it comes to
                    new += f" = {format_value(scaled(r.value, text))}"
            else:
                new = r.words_for(text.strip("[]")) if r else format_value(text.strip("[]"))
            words.append((label, old, new))
        return words

    def _settings(self) -> tuple:
        """Everything a run reads that a designer sets on this page."""
        return (
            self.scenario_pick.value,
            tuple(self.changes.items()),
            self.games.value,
            self.seed.value,
            self.policy.value,
        )

    def _mark_stale(self) -> None:
        """Grey the last run's results, and say so, once a setting differs from its run's."""
        stale = self._results_for is not None and self._settings() != self._results_for
        for shown in (self.table, self.timing):
            (shown.add_class if stale else shown.remove_class)("rb-stale")
        self.stale_note.value = (
            "<div class='rb-stale-note'><b>Out of date:</b> the results here were played "
            f"before the last change, with {escape(self._ran_with)}. Press Run to compare what "
            "is set now.</div>"
            if stale
            else ""
        )

    # --- running ------------------------------------------------------------------------------
    def variants(self) -> list[Variant]:
        return [Variant("baseline"), Variant("variant", dict(self.changes))]

    def run(self, *, executor: Any = None) -> None:
        """Run the sweep here (blocking); the Run button calls it on a thread."""
        self.errors.value = ""
        try:
            variants = self.variants()
            if apply_overrides(self.scenario, variants[1].overrides) == self.scenario:
                self._not_added()
                raise ValueError(
                    "the variant changes nothing: pick a value in the table and give it a new one "
                    "(a scaled whole number may round back to itself)"
                )
            self.bar.value, self.bar.max = 0, self.games.value * len(variants)
            self.timing.value = self.table.value = ""
            ran = self._settings()
            self._results_for = None  # (results now forming are this run's own)
            self._mark_stale()
            # One worker per core this kernel may use (a container's quota included), not a
            # fixed two: a designer's eight-core laptop plays four times the games a second.
            workers = usable_cores() if executor is None else None
            started = self._started = self._shown_at = time.perf_counter()
            result = sweep(
                self.scenario,
                self.games.value,
                self.seed.value,
                variants=variants,
                executor=executor,
                workers=workers,
                policies=self.policy.value,
                cancel=self._stop,
                progress=lambda done, total: setattr(self.bar, "value", done),
                so_far=self._so_far,
                stop_when_clear=self.stop_early.value,
                known=self.known,
            )
            self.table.value, verdicts = _comparison(result, self.scenario.game, running=False)
            played, why = f"{len(result.results):,}", ""
            where = _cores(workers) if result.reused < len(result.results) else ""
            if result.early is not None:  # the bar ends full: the run is complete, not cut short
                self.bar.max = self.bar.value = len(result.results)
                played += f" of {result.requested:,}"
                why = (
                    ": the difference was clear, so the lab stopped there"
                    if result.early.clear
                    else ": no clear difference was in reach, so the lab stopped there"
                )
            # The first verdict here too, where the eye is when the run ends: the table and
            # the verdicts under it start at the foot of a 900-high window.
            campaigns = self.scenario.game == Game.FIRST_TEAM  # (its table counts campaigns)
            spread = "NVA VP" if campaigns else "margins"
            headline = (
                f"<div class='rb-verdict-first'><b>{escape(verdicts[0])}</b> The table, every "
                f"verdict and the spread of {spread} are below.</div>"
                if verdicts
                else ""
            )
            self._ran_with = "the variant " + "; ".join(
                f"{label} {old} → {new}" for label, old, new in self._change_words(self.changes)
            )
            self._ran_with += f" ({self.games.value:,} a side, seed {self.seed.value})"
            self.timing.value = (
                f"<span class='rb-timing'>{played} {'campaigns' if campaigns else 'games'} in "
                f"{_duration(time.perf_counter() - started)}{where}{why}."
                f"{_reused(result.reused)}</span>{headline}"
            )
            self._results_for = ran
        except Exception as err:  # every failure must reach the user, whatever its type
            self._refuse(err, at_run=True)
        finally:
            self.run_button.disabled, self.cancel_button.disabled = False, True
            self._show_known()

    def _show_known(self, _: Any = None) -> None:
        """Say how many of the games a run would play were played on this machine before (of
        the same version and seed), so a designer knows what a run will cost before it starts;
        and whether the results shown are still those of what is set."""
        self._mark_stale()
        seeds = game_seeds(self.seed.value, self.games.value)
        known = []
        try:
            for variant in self.variants():
                scenario = apply_overrides(self.scenario, variant.overrides)
                version = self.known.version(scenario, None, self.policy.value)
                known.append(len(self.known.seeds(version).intersection(seeds)))
        except Exception:  # a change that cannot be made: the Run button says why
            self.known_note.value = ""
            return
        words = _known_words(known[0], known[1] if self.changes else None, len(seeds))
        self.known_note.value = (
            f"<span class='rb-known-games'>{escape(words, quote=False)}</span>" if words else ""
        )

    def _so_far(self, result: Any) -> None:
        """Show the comparison so far, at most every couple of seconds (2,000 games take ~70 ms)."""
        now = time.perf_counter()
        if now - self._shown_at < LIVE_EVERY_S or not result.partial:
            return
        self._shown_at = now
        self.table.value, verdicts = _comparison(result, self.scenario.game, running=True)
        headline = verdicts[:1]
        done, total = len(result.results), result.requested
        left = _time_left(now - self._started, done, total)
        if left and self.stop_early.value and looks(self.games.value):
            left += " if it plays every game"
        # Three parts, not one paragraph of eight lines (a designer's review): how far, the
        # verdict so far, and, smaller, when the lab will look again and where the rest is.
        verdict = f"<div class='rb-live-verdict'>{escape(headline[0])}</div>" if headline else ""
        self.timing.value = (
            f"<div class='rb-live'><b>So far {done:,} of {total:,} games"
            f"{', ' + left if left else ''}.</b>{verdict}"
            "<div class='rb-live-how' style='font-size:13px;color:#555'>"
            f"{self._looks_ahead().strip()} The whole comparison is in section 3, below.</div>"
            "</div>"
        )

    def _looks_ahead(self) -> str:
        """When this run may stop early, in a sentence (empty when it plays every game)."""
        points = looks(self.games.value) if self.stop_early.value else []
        if not points:
            return ""
        at = join_words([f"{p:,}" for p in points])
        settled = first_futility_look(self.games.value)
        too_small = ""
        if settled:
            first, then = (in_sentence(w) for w in compared(self.scenario.game))
            too_small = (
                f", or, from {settled:,} a side on, where the {first} and the {then} both differ "
                "too little for every game to show either"
            )
        return (
            f" It looks at {at} games a side and stops at the first look where the difference "
            f"would arise by chance less than once in 1,000{too_small} (until then, the verdict "
            "above may still change)."
        )

    def start(self) -> None:
        if self._worker is not None and self._worker.is_alive():
            return
        self._stop.clear()
        self.run_button.disabled, self.cancel_button.disabled = True, False
        self._worker = threading.Thread(target=self.run, daemon=True)
        self._worker.start()


def balance_lab_app(scenario: str | None = None) -> ipw.VBox:
    """The lab page, on the scenario in the URL's ``?scenario=`` (from the project root) if any."""
    intro = (
        "<h1>Balance lab</h1><p>Does a change matter? Pick values from the scenario's table "
        "(a counter's strength, a threshold, a reading of an unclear rule), give them new ones, "
        "and play many seeded games of both versions: LZ Albany games, or whole First Team: "
        "Vietnam campaigns with the US played by the random or scripted player against the "
        "programmed NVA. Both versions play the same seeds, so the difference comes from the "
        "change, and the verdict says whether it is larger than chance would give. Values marked "
        "<span class='provenance reconstructed'>reconstructed</span> are not printed in the "
        "books.</p>"
    )
    wanted = scenario or scenario_from_query()
    problem, path = "", None
    if wanted:
        try:
            path = resolve_query_path(wanted, PROJECT_ROOT)
        except (OSError, ValueError) as err:
            problem = error_html(ValueError(f"could not open {wanted}: {err}"))
    return app_page(intro + problem, BalanceLab(scenario=path))


def _without_game(label: str, game: Game) -> str:
    """A scenario's label without the game's name the game buttons above it show: "First
    Team: Vietnam, the Ia Drang campaign (shipped)" ran past the picker's edge at 1024 pixels.

    >>> _without_game("First Team: Vietnam, the Ia Drang campaign (shipped)", Game.FIRST_TEAM)
    'the Ia Drang campaign (shipped)'
    >>> _without_game("Standard scenario (standard.yaml)", Game.LZ_ALBANY)
    'Standard scenario (standard.yaml)'
    """
    return label.removeprefix(f"{game.title}, ")
