"""The Campaign tab: a platoon's Snoopin' and Poopin' campaign, from one of the book's platoon
lists through the pre-action steps, a report of the game played and the after-action steps, with
the Platoon and Insurgency Logs; saved and loaded.

Every field of the game report says in words what it asks and names the rule that reads it.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as ipw

from rulebook.dice import Dice
from rulebook.games.ambush_valley.campaign import (
    AFTER_ACTION,
    PRE_ACTION,
    CampaignRecord,
    GameReport,
)
from rulebook.render import trace_html
from rulebook.saves import SAVES, resolve_save_name
from rulebook.trace import Trace
from widgets._number import RangedIntText, seed_box
from widgets._page import error_html, guarded, rule_links
from widgets.ambush_valley.words import platoon_options

__all__ = ["REPORT_FIELDS", "CampaignPanel", "explained", "platoon_log_html"]

#: Each field of the game report: its label, what it asks, and the rules that read it.
REPORT_FIELDS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "vp": (
        "our victory points",
        "the VP your platoon scored in the game just played",
        ("av:assessment",),
    ),
    "enemy_vp": (
        "enemy victory points",
        "the VP the other side scored; the two totals give the margin of victory",
        ("av:assessment", "av:margin-of-victory"),
    ),
    "omp_left": (
        "unspent momentum",
        "Operational Momentum Points left unspent at the end; each counts as one VP",
        ("av:assessment", "av:operational-momentum"),
    ),
    "casualties": (
        "seriously wounded",
        (
            "figures of the platoon that took a serious wound (Ctrl-click to pick several); each "
            "rolls two TQ dice for its fate"
        ),
        ("av:casualty-status",),
    ),
    "lay": (
        "where the wounded were",
        (
            "picks the casualty table: carried off the table, still on it with a friend within 2 in, "
            "or alone on it"
        ),
        ("av:casualty-status",),
    ),
    "committed": (
        "teams that fought",
        (
            "teams sent into the game; a fatigued team that fights again rolls on the Combat "
            "Fatigue table, and a team left out recovers"
        ),
        ("av:combat-fatigue",),
    ),
    "eligible": (
        "teams that may develop",
        (
            "teams that both hit the enemy (caused a casualty) and were engaged without losing "
            "anyone killed or captured; each rolls D10 on the development chart"
        ),
        ("av:combat-team-development",),
    ),
    "insurgents": (
        "insurgents' result",
        "how the VC side fared; after a draw or a win the insurgency rolls to grow",
        ("av:building-the-insurgency",),
    ),
}

#: Where a figure of the roster stands, in words.
POOLS = {
    "active": "active",
    "rtd-pool": "in the returned-to-duty pool",
    "replacement-pool": "replacements due",
    "pow": "prisoners",
    "straggler": "stragglers",
    "gone": "out of the campaign",
}

WHERE_WOUNDED = [
    ("carried off the table (evacuated)", "evacuated"),
    ("on the table with a friend near (accompanied)", "accompanied"),
    ("alone on the table (straggler)", "straggler"),
]


def explained(widget: ipw.Widget, key: str) -> ipw.VBox:
    """*widget* labelled in words (``REPORT_FIELDS[key]``) with its meaning and rules beneath;
    the meaning is also its tooltip.

    The label is an HTML of fixed width rather than the widget's description: the page's CSS
    lets descriptions grow to their text, which would leave the fields out of line.
    """
    label, meaning, rules = REPORT_FIELDS[key]
    widget.tooltip = meaning
    # Numbers need a few digits; choices take the column's width.
    number = isinstance(widget, RangedIntText)
    widget.layout.width = "8em" if number else "auto"
    widget.layout.flex = "0 0 auto" if number else "1 1 auto"
    name = ipw.HTML(
        f"<label class='rb-av-field-label' title='{escape(meaning)}'>{escape(label)}</label>",
        layout=ipw.Layout(width="13em", flex="0 0 13em"),
    )
    note = ipw.HTML(
        f"<div class='rb-av-field-help' data-field='{key}' style='font-size:0.85em;color:#555;"
        f"line-height:1.3'>{escape(meaning)}. {rule_links(rules)}</div>",
        layout=ipw.Layout(margin="0 0 0 13.5em", width="auto"),
    )
    box = ipw.VBox(
        [
            ipw.HBox(
                [name, widget, *([widget.note] if number else [])], layout=ipw.Layout(width="100%")
            ),
            note,
        ],
        layout=ipw.Layout(width="100%", margin="0 0 0.5em 0"),
    )
    box.add_class("rb-av-field")
    return box


class CampaignPanel(ipw.VBox):
    """A platoon's campaign: start it from a platoon list, run the pre-action steps, report a
    game, run the after-action steps, read the Platoon and Insurgency Logs, save and load."""

    def __init__(self) -> None:
        self.errors = ipw.HTML()
        self.platoon = ipw.Dropdown(
            options=platoon_options(), description="platoon list", layout=ipw.Layout(width="30em")
        )
        self.campaign_name = ipw.Text(value="Snoopin' and Poopin'", description="campaign")
        self.start_button = ipw.Button(description="Start campaign", button_style="primary")
        self.start_button.on_click(self._start)
        self.seed = seed_box(
            1965, tooltip="the same seed rolls the same dice; it moves on by one after each run"
        )
        self.pre_button = ipw.Button(
            description="Pre-action steps",
            tooltip="mission, plan and Operational Momentum Points, reconnoitre",
            layout=ipw.Layout(width="auto"),
        )
        self.pre_button.on_click(self._pre)
        # Read by the kernel, which says what it kept (an IntText made 12.5 VP into 125).
        self.vp = RangedIntText(0, 999, "a game's victory points", value=15)
        self.enemy_vp = RangedIntText(0, 999, "a game's victory points", value=8)
        self.omp_left = RangedIntText(0, 99, "a count of OMP", value=0)
        self.casualties = ipw.SelectMultiple(rows=5)
        self.casualties.add_class("rb-av-casualties")
        self.lay = ipw.Dropdown(options=WHERE_WOUNDED)
        self.committed = ipw.SelectMultiple(rows=5)
        self.eligible = ipw.SelectMultiple(rows=5)
        self.insurgents = ipw.Dropdown(
            options=[("they lost", "loss"), ("a draw", "draw"), ("they won", "win")]
        )
        self.after_button = ipw.Button(
            description="After-action steps",
            tooltip="assessment, casualties, campaign VP, development, replacements, insurgency",
            layout=ipw.Layout(width="auto"),
        )
        self.after_button.on_click(self._after)
        self.path = ipw.Text(value="saves/platoon.json", description="file")
        self.save_button = ipw.Button(description="Save log")
        self.save_button.on_click(self._save)
        self.load_button = ipw.Button(description="Load log")
        self.load_button.on_click(self._load)
        self.log_view = ipw.HTML()
        self.log_view.add_class("rb-av-platoon-log")
        self.steps = ipw.HTML()
        self.record: CampaignRecord | None = None
        column = ipw.Layout(width="50%", min_width="24em", padding="0 1.2em 0 0")
        report = ipw.VBox(
            [
                ipw.HTML(
                    "<h4>The game just played</h4><p style='margin:0'>Fill these in after a "
                    "game, then run the after-action steps.</p>"
                ),
                ipw.HBox(
                    [
                        ipw.VBox(
                            [
                                explained(self.vp, "vp"),
                                explained(self.enemy_vp, "enemy_vp"),
                                explained(self.omp_left, "omp_left"),
                                explained(self.insurgents, "insurgents"),
                            ],
                            layout=column,
                        ),
                        ipw.VBox(
                            [explained(self.casualties, "casualties"), explained(self.lay, "lay")],
                            layout=column,
                        ),
                    ]
                ),
                ipw.HBox(
                    [
                        ipw.VBox([explained(self.committed, "committed")], layout=column),
                        ipw.VBox([explained(self.eligible, "eligible")], layout=column),
                    ]
                ),
            ]
        )
        report.add_class("rb-av-report")
        super().__init__(
            [
                ipw.HBox([self.platoon, self.campaign_name, self.start_button]),
                ipw.HBox([self.seed, self.pre_button, self.after_button, self.seed.note]),
                report,
                ipw.HBox([self.path, self.save_button, self.load_button]),
                self.errors,
                self.log_view,
                self.steps,
            ]
        )
        self.refresh()

    def _run(self, steps: list, report: GameReport | None) -> None:
        if self.record is None:
            raise ValueError("start or load a campaign first")
        trace = Trace()
        dice = Dice(self.seed.value)
        for _name, step in steps:
            step(self.record, dice, trace, report)
        self.steps.value = str(trace_html(trace))
        self.seed.value += 1

    @guarded
    def _start(self, _: Any = None) -> None:
        self.record = CampaignRecord.from_platoon(self.platoon.value, self.campaign_name.value)
        self.steps.value = ""

    @guarded
    def _pre(self, _: Any = None) -> None:
        self._run(PRE_ACTION, None)

    @guarded
    def _after(self, _: Any = None) -> None:
        ids = list(self.casualties.value)
        report = GameReport(
            vp=self.vp.value,
            enemy_vp=self.enemy_vp.value,
            unspent_omp=self.omp_left.value,
            casualties=dict.fromkeys(ids, self.lay.value),
            teams_committed=list(self.committed.value),
            teams_eligible=list(self.eligible.value),
            insurgent_result=self.insurgents.value,
        )
        self._run(AFTER_ACTION, report)

    @guarded
    def _save(self, _: Any = None) -> None:
        if self.record is None:
            raise ValueError("start or load a campaign first")
        path = resolve_save_name(self.path.value, ".json")
        path.parent.mkdir(parents=True, exist_ok=True)
        self.record.save(path)
        self.steps.value = (
            f"<span class='rb-saved'>Saved to {escape(f'{SAVES}/{path.name}')}</span>"
        )

    @guarded
    def _load(self, _: Any = None) -> None:
        record = CampaignRecord.load(resolve_save_name(self.path.value, ".json"))
        platoon_log_html(record)  # a log the panel cannot show is refused before it replaces ours
        self.record = record
        self.steps.value = ""

    def refresh(self) -> None:
        # guarded() calls this outside its own try, and Voila drops what a callback raises.
        try:
            self._show(self.record)
        except Exception as err:  # every failure must reach the user, whatever its type
            self.errors.value += error_html(err)

    def _show(self, r: CampaignRecord | None) -> None:
        for b in (self.pre_button, self.after_button, self.save_button):
            b.disabled = r is None
        if r is None:
            self.log_view.value = (
                "<p>Start a campaign from one of the book's platoon lists, or load a saved log.</p>"
            )
            return
        teams = list(r.teams)
        self.committed.options, self.eligible.options = teams, teams
        self.casualties.options = [(f"{f.id} ({f.role})", f.id) for f in r.pool("active")]
        self.log_view.value = platoon_log_html(r)


def platoon_log_html(r: CampaignRecord) -> str:
    """The Platoon and Insurgency Logs of a campaign, as the panel shows them."""
    pools = {words: len(r.pool(k)) for k, words in POOLS.items()}
    mission = (
        f"{escape(r.mission['mission'])} (secret until the game ends)"
        if r.mission
        else "not yet rolled"
    )
    rows = "".join(
        f"<tr><td>{escape(t.name)}</td><td>D{t.tq}/D{t.morale}</td>"
        f"<td>{escape(', '.join(f'{k} {v}' for k, v in t.ranks.items()) or '-')}</td>"
        f"<td>{escape(', '.join(t.special) or '-')}</td><td>{escape(', '.join(t.fatigue) or '-')}</td>"
        f"<td>{sum(1 for f in r.figures if f.team == t.name and f.status == 'active')}</td></tr>"
        for t in r.teams.values()
    )
    insurgency = ", ".join(f"{k} rank {v}" for k, v in r.insurgency.items()) or "none yet"
    return (
        f"<h3>Platoon Log: {escape(r.name)}</h3><p>Campaign turn {r.turn} of {r.turns}; "
        f"Confidence {escape(r.confidence)}; supply {escape(r.supply)}; TQ D{r.tq}, Morale D{r.morale}; "
        f"Operational Momentum Points {r.omp}; campaign VP <b class='rb-av-campaign-vp'>{r.campaign_vp}</b>; mission {mission}.</p>"
        f"<p>Figures: {', '.join(f'{k} {v}' for k, v in pools.items())}.</p>"
        "<table class='rb-av-teams'><thead><tr><th>team</th><th>TQ/Morale</th><th>ranks</th>"
        f"<th>special</th><th>fatigue</th><th>active</th></tr></thead><tbody>{rows}</tbody></table>"
        f"<h4>Insurgency Log</h4><p>{escape(insurgency)}; special: {escape(', '.join(r.insurgency_special) or 'none')}</p>"
    )
