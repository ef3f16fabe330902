"""Ambush Valley designer: pick or build a scenario, see its table to scale, its forces and the
odds of its reinforcements, validate and save; browse the catalogues; roll any table."""

from __future__ import annotations

import copy
from fractions import Fraction
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from rulebook.dice import Dice
from rulebook.errors import ScenarioError
from rulebook.games.ambush_valley.campaign import (
    AFTER_ACTION,
    PRE_ACTION,
    CampaignRecord,
    GameReport,
    casualty_status_odds,
)
from rulebook.games.ambush_valley.catalogue import figures, platoon, platoons, vehicles
from rulebook.games.ambush_valley.dice import LADDER
from rulebook.games.ambush_valley.scenario import Scenario
from rulebook.games.ambush_valley.solo import Situation, decide
from rulebook.games.ambush_valley.tables import table, table_names
from rulebook.games.ambush_valley.weapons import firepower
from rulebook.render import distribution_html, provenance_badge, trace_html
from rulebook.render.svg import SIDE_STROKE, TERRAIN_FILL, table_svg
from rulebook.saves import resolve_save_name
from rulebook.scenario import load_scenario
from rulebook.scenario._av_models import Feature, Marker, Unit
from rulebook.trace import Trace
from widgets._page import app_page, guarded
from widgets.av_table_map import AvTableMap

__all__ = ["AmbushValleyDesigner", "ambush_valley_app"]

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "ambush_valley"


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def _title(path: Path) -> str:
    """A scenario file as the picker names it: its title, or its file name if it cannot be read."""
    try:
        return load_scenario(path).title
    except ScenarioError:
        return f"{path.name} (cannot be read)"


CATALOGUE_COLUMNS = {  # column of the catalogue frame -> heading in words
    "name": "vehicle or aircraft",
    "kind": "kind",
    "nation": "nation",
    "weapons": "weapons",
    "armor_front": "front armour",
    "armor_side": "side armour",
    "survivability": "survivability",
    "crew": "crew",
    "passengers": "passengers",
    "characteristics": "characteristics",
    "provenance": "provenance",
    "lines": "book lines",
}


def catalogue_html(frame: Any) -> str:
    """Stat blocks as a table a reader scans: headings in words, empty cells blank, no index."""
    table = frame.reset_index()[list(CATALOGUE_COLUMNS)].rename(columns=CATALOGUE_COLUMNS)
    table = table.astype(object).where(table.notna(), "")
    return (
        "<div class='rb-av-catalogue-scroll' style='max-height:32rem;overflow:auto'>"
        + table.to_html(classes="rb-av-catalogue", index=False, na_rep="", escape=True)
        + "</div>"
    )


class ScenarioPanel(ipw.VBox):
    """One scenario: the table, forces, reinforcement odds, problems; small edits; save."""

    def __init__(self, folder: Path = SCENARIOS) -> None:
        self.folder = folder
        self.files = {p.stem: p for p in sorted(folder.glob("*.yaml"))}
        self.errors = ipw.HTML()
        self.picker = ipw.Dropdown(
            options=[(_title(path), stem) for stem, path in self.files.items()],
            description="scenario",
            layout=ipw.Layout(width="34em"),
        )
        self.picker.add_class("rb-av-picker")
        self.picker.observe(self._pick, "value")
        self.table_view = ipw.HTML()
        self.table_view.add_class("rb-av-table")
        self.summary = ipw.HTML()
        self.forces_view = ipw.HTML()
        self.odds_view = ipw.HTML()
        self.odds_view.add_class("rb-av-odds")
        self.problems_view = ipw.HTML()
        self.problems_view.add_class("rb-av-problems")
        self.legend = ipw.HTML()
        self.drawn_info = ipw.HTML(
            "<p class='rb-av-hint'>Drag a numbered tunnel spot to move it; draw a polygon or a "
            "rectangle (tools at the top left) to add terrain of the kind chosen below.</p>"
        )
        self.scenario = Scenario.load(self.files[self.picker.value])
        self.table_map = AvTableMap(self.scenario.spec)
        self.table_map.on_draw(self._drawn)
        self.table_map.on_spot_moved(self._spot_dragged)
        picture = ipw.Accordion(children=[self.table_view], titles=("Picture to scale (SVG)",))
        picture.selected_index = None
        edits = self._edit_controls()
        left = ipw.VBox([self.table_map, self.legend, self.drawn_info, edits, picture])
        left.layout.width = "60%"
        right = ipw.VBox([self.summary, self.problems_view, self.odds_view, self.forces_view])
        right.layout.width = "34em"
        super().__init__([ipw.HBox([self.picker]), self.errors, ipw.HBox([left, right])])
        self.refresh()

    def _edit_controls(self) -> ipw.VBox:
        """The edits a designer makes most: move a tunnel spot, add terrain, resize, add a
        platoon list, start afresh, save."""
        self.spot = ipw.Dropdown(description="tunnel spot")
        self.spot.add_class("rb-av-spot")
        self.spot_x = ipw.FloatText(description="x (in)", layout=ipw.Layout(width="12em"))
        self.spot_y = ipw.FloatText(description="y (in)", layout=ipw.Layout(width="12em"))
        self.spot_x.add_class("rb-av-spot-x")
        self.spot_y.add_class("rb-av-spot-y")
        self.move_spot = ipw.Button(description="Move spot")
        self.move_spot.on_click(self._move_spot)
        self.spot.observe(self._spot_changed, "value")
        self.kind = ipw.Dropdown(
            options=sorted(TERRAIN_FILL), value="heavy-foliage", description="terrain"
        )
        self.box = [
            ipw.FloatText(value=v, description=d, layout=ipw.Layout(width="10em"))
            for v, d in ((10, "x"), (10, "y"), (8, "width"), (6, "depth"))
        ]
        self.add_feature = ipw.Button(description="Add feature")
        self.add_feature.on_click(self._add_feature)
        self.width = ipw.FloatText(description="table width", layout=ipw.Layout(width="14em"))
        self.depth = ipw.FloatText(description="depth", layout=ipw.Layout(width="12em"))
        self.resize = ipw.Button(description="Resize table")
        self.resize.on_click(self._resize)
        self.new_button = ipw.Button(description="New blank scenario", icon="file")
        self.new_button.on_click(self._new)
        self.side = ipw.Dropdown(description="to side")
        self.platoon = ipw.Dropdown(options=list(platoons().index), description="platoon list")
        self.add_platoon = ipw.Button(description="Add its units")
        self.add_platoon.on_click(self._add_platoon)
        self.revert = ipw.Button(description="Revert to file", icon="undo")
        self.revert.on_click(self._revert)
        self.file_name = ipw.Text(description="save as", placeholder="my_scenario.yaml")
        self.file_name.add_class("rb-av-file")
        self.save_button = ipw.Button(description="Save", button_style="primary")
        self.save_button.on_click(self._save)
        self.saved = ipw.HTML()
        return ipw.VBox(
            [
                ipw.HBox([self.spot, self.spot_x, self.spot_y, self.move_spot]),
                ipw.HBox([self.kind, *self.box, self.add_feature]),
                ipw.HBox([self.width, self.depth, self.resize, self.revert]),
                ipw.HBox([self.platoon, self.side, self.add_platoon, self.new_button]),
                ipw.HBox([self.file_name, self.save_button]),
                self.saved,
            ]
        )

    # -- loading and drawing ---------------------------------------------------------------------

    @guarded
    def _pick(self, _: Any = None) -> None:
        self.scenario = Scenario.load(self.files[self.picker.value])
        self.saved.value = ""

    def refresh(self) -> None:
        s = self.scenario
        spec = s.spec
        self.table_view.value = str(table_svg(spec))
        self.legend.value = self._legend()
        if self.table_map.spec is not spec:  # it drew this version already
            self.table_map.set_spec(spec)
        self.summary.value = (
            f"<h3>{escape(s.file.title)}</h3><p>{escape(s.file.description)}</p>"
            f"<p>Table {spec.table[0]:g} x {spec.table[1]:g} in; {escape(spec.duration)}; "
            f"initiative: {escape(spec.initiative or 'rolled')}</p>"
            f"<p>Layout {provenance_badge(spec.layout.provenance.value)} {escape(spec.layout.note)}</p>"
            + (
                f"<p><b>Not in the book:</b> {escape('; '.join(spec.missing))}</p>"
                if spec.missing
                else ""
            )
        )
        found = s.problems()
        self.problems_view.value = (
            "<p class='rb-ok'>Valid: no problems found.</p>"
            if not found
            else "<ul class='rb-problem-list'>"
            + "".join(f"<li>{escape(str(p))}</li>" for p in found)
            + "</ul>"
        )
        self.odds_view.value = self._odds_html()
        self.forces_view.value = self._forces_html()
        spots = [m.id for m in spec.layout.tunnel_spots]
        self.spot.options = spots
        self.move_spot.disabled = not spots
        self._spot_changed()
        self.width.value, self.depth.value = spec.table
        self.side.options = list(spec.sides)

    def _legend(self) -> str:
        spec = self.scenario.spec
        kinds = sorted({f.kind for f in spec.layout.features})
        swatch = "<span style='display:inline-block;width:1em;height:1em;background:{};border:1px solid #333;vertical-align:middle'></span> {}"
        items = [swatch.format(TERRAIN_FILL[k], escape(k.replace("-", " "))) for k in kinds]
        items += [
            swatch.format(SIDE_STROKE[i % len(SIDE_STROKE)], f"{escape(s.upper())} set-up")
            for i, s in enumerate(spec.sides)
        ]
        items += [
            "&#9679; numbered: tunnel spots",
            "&#9633; civilians",
            "<span style='color:#c9a400'>&#9679;</span> objectives",
        ]
        return (
            "<div class='rb-av-legend' style='font-size:0.85em;max-width:650px'>"
            + " &nbsp; ".join(items)
            + "</div>"
        )

    def _odds_html(self) -> str:
        spec = self.scenario.spec
        if not spec.reinforcements:
            return "<p>No reinforcement table.</p>"
        out = []
        for i, r in enumerate(spec.reinforcements):
            odds = self.scenario.reinforcement_odds(i)
            none = odds["none"]
            last = r.last_turn or (
                self.scenario.file.turns.value if self.scenario.file.turns else r.first_turn
            )
            turns = max(0, last - r.first_turn + 1)
            gate = ", from the turn after the VC are first fired on" if r.after_first_fire else ""
            bound = (
                f"{r.trigger.at_most} or less"
                if r.trigger.at_most is not None
                else f"{r.trigger.at_least}+"
            )
            rows = "".join(
                f"<tr data-row='{escape(k)}'><td>{escape(k)}</td><td>{escape(r.rows[k])}</td><td>{_pct(p)}</td></tr>"
                for k, p in odds.items()
                if k != "none"
            )
            out.append(
                f"<h4>{escape(r.side)} reinforcements: {bound} on {escape(r.trigger.die)}, then {escape(r.roll)}; "
                f"turns {r.first_turn}-{last}{gate}</h4>"
                f"<table class='rb-av-reinforcements'><thead><tr><th>roll</th><th>arrives</th><th>each turn</th></tr></thead>"
                f"<tbody>{rows}<tr><td>-</td><td>nothing</td><td>{_pct(none)}</td></tr></tbody></table>"
                f"<p>Chance of at least one arrival over {turns} turn(s): <b class='rb-any-arrival'>{_pct(1 - none**turns)}</b></p>"
            )
        return "".join(out)

    def _forces_html(self) -> str:
        out = []
        for key, side in self.scenario.spec.sides.items():
            units = "".join(
                f"<li>{escape(u.name)} ({sum(n for n, _, _ in u.figures)}): "
                + escape(", ".join(f"{n} {role} ({weapon})" for n, role, weapon in u.figures))
                + f" <span class='rb-av-fp' title='at Optimum Range, stationary; one die a figure is the assumed core rule'>"
                f"FP {firepower([(n, w) for n, _, w in u.figures], tq=side.tq, supply=side.supply, distance=side.tq).describe()}</span>"
                + "</li>"
                for u in side.units
            )
            extra = [f"BT cards {side.booby_trap_cards}"] if side.booby_trap_cards else []
            extra += [f"{side.asset_cards} asset cards"] if side.asset_cards else []
            extra += [f"vehicles: {', '.join(side.vehicles)}"] if side.vehicles else []
            out.append(
                f"<details class='rb-av-side' data-side='{escape(key)}'><summary><b>{escape(side.name)}</b>: "
                f"{escape(side.force)}, TQ D{side.tq}, Morale D{side.morale}, {side.supply} supply, "
                f"{self.scenario.figures(key)} figures {escape('; '.join(extra))}</summary><ul>{units}</ul>"
                f"<p>{escape(side.objective)}</p></details>"
            )
        return "".join(out)

    # -- edits -------------------------------------------------------------------------------------

    def _edit(self) -> Any:
        """A deep copy of the spec to change; the scenario is only replaced once it validates as a model."""
        return copy.deepcopy(self.scenario.spec)

    def _commit(self, spec: Any) -> None:
        data = self.scenario.file.model_copy(update={"ambush_valley": spec})
        self.scenario = Scenario(
            type(self.scenario.file).model_validate(data.model_dump()), self.scenario.path
        )

    def _spot_changed(self, _: Any = None) -> None:
        spot = next(
            (m for m in self.scenario.spec.layout.tunnel_spots if m.id == self.spot.value), None
        )
        if spot is not None:
            self.spot_x.value, self.spot_y.value = spot.at

    @guarded
    def _move_spot(self, _: Any = None) -> None:
        self._place_spot(self.spot.value, (self.spot_x.value, self.spot_y.value))

    @guarded
    def _spot_dragged(self, spot_id: str, at: tuple[float, float]) -> None:
        self._place_spot(spot_id, at)

    def _place_spot(self, spot_id: str, at: tuple[float, float]) -> None:
        spec = self._edit()
        spots = spec.layout.tunnel_spots
        i = next((i for i, m in enumerate(spots) if m.id == spot_id), None)
        if i is None:
            raise ValueError(f"no tunnel spot {spot_id!r} in this scenario")
        spots[i] = Marker(id=spot_id, at=at, label=spots[i].label)
        self._commit(spec)
        self.spot.value = spot_id

    @guarded
    def _add_feature(self, _: Any = None) -> None:
        x, y, w, d = (b.value for b in self.box)
        if w <= 0 or d <= 0:
            raise ValueError(f"a feature needs a positive width and depth, not {w:g} x {d:g}")
        self._add_outline([(x, y), (x + w, y), (x + w, y + d), (x, y + d)])

    @guarded
    def _drawn(self, corners: list[tuple[float, float]]) -> None:
        self._add_outline(corners)

    def _add_outline(self, corners: list[tuple[float, float]]) -> None:
        spec = self._edit()
        n = sum(1 for f in spec.layout.features if f.kind == self.kind.value) + 1
        feature = Feature(id=f"{self.kind.value}-{n}", kind=self.kind.value, outline=corners)
        spec.layout.features.append(feature)
        self._commit(spec)
        self.drawn_info.value = (
            f"<p class='rb-av-drawn' data-feature='{escape(feature.id)}' data-corners='{len(corners)}'>"
            f"Added {escape(feature.id)} with {len(corners)} corners.</p>"
        )

    @guarded
    def _resize(self, _: Any = None) -> None:
        spec = self._edit()
        spec.table = (self.width.value, self.depth.value)
        self._commit(spec)

    @guarded
    def _new(self, _: Any = None) -> None:
        """A blank 6 x 4 ft table with a Free World and a VC side, to build on."""
        blank = {
            "schema_version": 1,
            "id": "new-scenario",
            "game": "ambush-valley",
            "title": "New scenario",
            "ambush_valley": {
                "table": [72, 48],
                "duration": "10 turns",
                "layout": {
                    "provenance": "reconstructed",
                    "note": "Drawn in the designer; not from the book.",
                },
                "tunnels": {"count": 5},
                "sides": {
                    "us": {
                        "name": "US platoon",
                        "force": "us-army",
                        "tq": 8,
                        "morale": 8,
                        "supply": "Well",
                    },
                    "vc": {
                        "name": "VC",
                        "force": "vc-main-force",
                        "tq": 8,
                        "morale": 8,
                        "supply": "Normal",
                    },
                },
            },
        }
        self.scenario = Scenario(type(self.scenario.file).model_validate(blank), None)
        self.saved.value = ""

    @guarded
    def _add_platoon(self, _: Any = None) -> None:
        """Add every unit of a platoon list of the book to the chosen side (copies as counted)."""
        if not self.side.value:
            raise ValueError("choose the side the platoon joins")
        spec = self._edit()
        listing = platoon(self.platoon.value)
        side = spec.sides[self.side.value]
        for unit in listing.units:
            for i in range(unit.count):
                name = unit.name if unit.count == 1 else f"{unit.name} {i + 1}"
                side.units.append(Unit(name=name, figures=list(unit.figures), setup="anywhere"))
        self._commit(spec)

    @guarded
    def _revert(self, _: Any = None) -> None:
        if self.picker.value is not None:
            self._pick()

    @guarded
    def _save(self, _: Any = None) -> None:
        name = self.file_name.value.strip()
        if not name:
            raise ValueError("name the file to save, for example my_scenario.yaml")
        path = resolve_save_name(name, (".yaml", ".yml"))
        path.parent.mkdir(parents=True, exist_ok=True)
        self.scenario.save(path)
        self.saved.value = f"<span class='rb-saved'>Saved to {escape(str(path))}</span>"


class CataloguePanel(ipw.VBox):
    """Every stat block and platoon list, filterable."""

    def __init__(self) -> None:
        self.errors = ipw.HTML()
        self.kind = ipw.Dropdown(
            options=["all", "ground", "boat", "helicopter", "aircraft"], description="kind"
        )
        self.search = ipw.Text(description="search", placeholder="M113, Cobra, DRV...")
        self.kind.observe(self.refresh, "value")
        self.search.observe(self.refresh, "value")
        self.view = ipw.HTML()
        self.view.add_class("rb-av-vehicles")
        self.platoon = ipw.Dropdown(options=list(platoons().index), description="platoon list")
        self.platoon.observe(self.refresh, "value")
        self.platoon_view = ipw.HTML()
        super().__init__(
            [ipw.HBox([self.kind, self.search]), self.view, self.platoon, self.platoon_view]
        )
        self.refresh()

    def refresh(self, _: Any = None) -> None:
        frame = vehicles(None if self.kind.value == "all" else self.kind.value)
        text = self.search.value.strip().lower()
        if text:
            mask = frame.index.str.lower().str.contains(text, regex=False) | frame[
                "nation"
            ].str.lower().str.contains(text, regex=False)
            frame = frame[mask]
        self.view.value = f"<p>{len(frame)} stat blocks</p>" + catalogue_html(frame)
        row = platoons().loc[self.platoon.value]
        self.platoon_view.value = (
            f"<p><b>{escape(row['name'])}</b>: {escape(row['force'])}, TQ {row['tq']}, Morale {row['morale']}, "
            f"{row['figures']} figures {provenance_badge(row['provenance'])}</p>"
            + figures(self.platoon.value).to_html(index=False)
        )


class TablesPanel(ipw.VBox):
    """Any table of the book: its exact odds, and a roll traced to its rule."""

    def __init__(self) -> None:
        self.errors = ipw.HTML()
        self.name = ipw.Dropdown(
            options=table_names(), value="casualty-straggler", description="table"
        )
        self.tq = ipw.Dropdown(
            options=[(f"D{d}", d) for d in LADDER], value=8, description="TQ die"
        )
        self.seed = ipw.IntText(value=1, description="seed")
        self.roll_button = ipw.Button(description="Roll")
        self.roll_button.on_click(self._roll)
        self.name.observe(self.refresh, "value")
        self.tq.observe(self.refresh, "value")
        self.odds = ipw.HTML()
        self.odds.add_class("rb-av-table-odds")
        self.rolled = ipw.HTML()
        super().__init__(
            [
                ipw.HBox([self.name, self.tq]),
                self.errors,
                self.odds,
                ipw.HBox([self.seed, self.roll_button]),
                self.rolled,
            ]
        )
        self.refresh()

    def refresh(self, _: Any = None) -> None:
        t = table(self.name.value)
        self.tq.disabled = t.roll != "2tq"
        head = (
            f"<p><code>{escape(t.rule)}</code> {provenance_badge(t.provenance)} rolled on "
            f"{'2 Troop Quality dice' if t.roll == '2tq' else escape(t.roll)}; source lines "
            f"{'-'.join(map(str, t.lines[:1] + t.lines[-1:]))}. {escape(t.note)}</p>"
        )
        body = str(distribution_html(t.odds(tq=self.tq.value), "result"))
        if self.name.value.startswith("casualty-"):
            where = self.name.value.removeprefix("casualty-")
            final = casualty_status_odds(self.tq.value, where)  # type: ignore[arg-type]
            body += "<p>Final status, following a recovered straggler on:</p>" + str(
                distribution_html(final, "status")
            )
        self.odds.value = head + body

    @guarded
    def _roll(self, _: Any = None) -> None:
        result = table(self.name.value).resolve(Dice(self.seed.value), tq=self.tq.value)
        self.rolled.value = str(trace_html(result.trace))
        self.seed.value += 1


class SoloPanel(ipw.VBox):
    """The solo VC's priority lists: describe what a VC piece sees, read what it does and why."""

    def __init__(self) -> None:
        self.errors = ipw.HTML()
        style = {"description_width": "12em"}
        self.kind = ipw.Dropdown(
            options=[
                ("VC unit", "unit"),
                ("VC leader without a unit", "leader"),
                ("civilians", "civilians"),
            ],
            description="piece",
            style=style,
        )
        self.when = ipw.Dropdown(
            options=[("reacting to a Regular unit", "reaction"), ("end of turn", "end-of-turn")],
            description="moment",
            style=style,
        )
        self.leader = ipw.Checkbox(description="has a leader")
        self.cover = ipw.Checkbox(description="in cover")
        self.fired_on = ipw.Checkbox(description="was fired on")
        self.los = ipw.Checkbox(description="sees the enemy from cover")
        self.vehicle = ipw.Checkbox(
            description="a vehicle it can hurt is moving", layout=ipw.Layout(width="22em")
        )
        self.no_enemy = ipw.Checkbox(description="no Regular in sight")
        self.tq = ipw.Dropdown(
            options=[("D6", 6), ("D8", 8), ("D10", 10)],
            value=6,
            description="Troop Quality",
            style=style,
        )
        self.fp = ipw.IntSlider(value=4, min=0, max=14, description="firepower dice", style=style)
        self.enemy = ipw.FloatSlider(
            value=10, min=0, max=40, step=1, description="nearest Regular (in)", style=style
        )
        self.combat = ipw.FloatSlider(
            value=20, min=0, max=40, step=1, description="nearest combat (in)", style=style
        )
        self.seed = ipw.IntText(value=1, description="seed for its D6", style=style)
        self.fp_six = ipw.ToggleButtons(
            options=[("FP 6 counts as weak", "low"), ("FP 6 counts as strong", "high")],
            description="reading",
        )
        self.answer = ipw.HTML()
        self.answer.add_class("rb-av-solo")
        controls = [
            self.kind,
            self.when,
            self.tq,
            self.fp,
            self.enemy,
            self.combat,
            self.seed,
            self.fp_six,
        ]
        boxes = [self.leader, self.cover, self.fired_on, self.los, self.vehicle, self.no_enemy]
        for w in controls[:-1]:
            w.layout.width = "30em"
        for w in controls + boxes:
            w.observe(self.refresh, "value")
        left = ipw.VBox(controls, layout=ipw.Layout(width="34em", min_width="34em"))
        super().__init__([ipw.HBox([left, ipw.VBox(boxes)]), self.errors, self.answer])
        self.refresh()

    def situation(self) -> Situation:
        return Situation(
            kind=self.kind.value,
            when=self.when.value,
            has_leader=self.leader.value,
            tq=self.tq.value,
            in_cover=self.cover.value,
            firepower=self.fp.value,
            enemy_distance=None if self.no_enemy.value else self.enemy.value,
            activated_is_vehicle=self.vehicle.value,
            can_hurt_vehicle=self.vehicle.value,
            fired_on=self.fired_on.value,
            has_los_to_enemy=self.los.value,
            combat_within=self.combat.value,
            leader_in_los=self.leader.value and self.kind.value == "unit",
            fp_six=self.fp_six.value,
        )

    def refresh(self, _: Any = None) -> None:
        decision = decide(self.situation(), Dice(self.seed.value), Trace())
        roll = f" (its D6 rolled {decision.roll})" if decision.roll is not None else ""
        self.answer.value = (
            f"<p class='rb-av-decision' data-rule='{escape(decision.rule)}'><b>{escape(decision.action)}</b>{roll}</p>"
            f"<p>chosen by the line <i>{escape(decision.line)}</i> of <code>{escape(decision.rule)}</code>; "
            "a leaderless unit first passes a Quality check to act at all.</p>"
        )


class CampaignPanel(ipw.VBox):
    """A platoon's campaign: start it from a platoon list, run the pre-action steps, report a
    game, run the after-action steps, read the Platoon and Insurgency Logs, save and load."""

    def __init__(self) -> None:
        self.errors = ipw.HTML()
        self.platoon = ipw.Dropdown(options=list(platoons().index), description="platoon list")
        self.campaign_name = ipw.Text(value="Snoopin' and Poopin'", description="campaign")
        self.start_button = ipw.Button(description="Start campaign", button_style="primary")
        self.start_button.on_click(self._start)
        self.seed = ipw.IntText(value=1965, description="dice seed")
        self.pre_button = ipw.Button(description="Pre-action steps")
        self.pre_button.on_click(self._pre)
        self.vp = ipw.IntText(value=15, description="our VP")
        self.enemy_vp = ipw.IntText(value=8, description="enemy VP")
        self.omp_left = ipw.IntText(
            value=0, description="unspent OMP", style={"description_width": "initial"}
        )
        self.casualties = ipw.Text(
            description="casualties", placeholder="figure ids, comma separated"
        )
        self.lay = ipw.Dropdown(
            options=["evacuated", "accompanied", "straggler"], description="they lay"
        )
        self.committed = ipw.SelectMultiple(description="fought", rows=5)
        self.eligible = ipw.SelectMultiple(description="develop", rows=5)
        self.insurgents = ipw.Dropdown(options=["loss", "draw", "win"], description="VC result")
        self.after_button = ipw.Button(description="After-action steps")
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
        report = ipw.VBox(
            [
                ipw.HBox([self.vp, self.enemy_vp, self.omp_left]),
                ipw.HBox([self.casualties, self.lay]),
                ipw.HBox([self.committed, self.eligible, self.insurgents]),
            ]
        )
        super().__init__(
            [
                ipw.HBox([self.platoon, self.campaign_name, self.start_button]),
                ipw.HBox([self.seed, self.pre_button, self.after_button]),
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
        ids = [i.strip() for i in self.casualties.value.split(",") if i.strip()]
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
        self.steps.value = f"<span class='rb-saved'>Saved to {escape(str(path))}</span>"

    @guarded
    def _load(self, _: Any = None) -> None:
        self.record = CampaignRecord.load(resolve_save_name(self.path.value, ".json"))
        self.steps.value = ""

    def refresh(self) -> None:
        r = self.record
        for b in (self.pre_button, self.after_button, self.save_button):
            b.disabled = r is None
        if r is None:
            self.log_view.value = (
                "<p>Start a campaign from one of the book's platoon lists, or load a saved log.</p>"
            )
            return
        teams = list(r.teams)
        self.committed.options, self.eligible.options = teams, teams
        pools = {
            k: len(r.pool(k))
            for k in ("active", "rtd-pool", "replacement-pool", "pow", "straggler", "gone")
        }
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
        self.log_view.value = (
            f"<h3>Platoon Log: {escape(r.name)}</h3><p>Campaign turn {r.turn} of {r.turns}; "
            f"Confidence {escape(r.confidence)}; supply {escape(r.supply)}; TQ D{r.tq}, Morale D{r.morale}; "
            f"OMP {r.omp}; campaign VP <b class='rb-av-campaign-vp'>{r.campaign_vp}</b>; mission {mission}.</p>"
            f"<p>Figures: {', '.join(f'{k} {v}' for k, v in pools.items())}.</p>"
            "<table class='rb-av-teams'><thead><tr><th>team</th><th>TQ/Morale</th><th>ranks</th>"
            f"<th>special</th><th>fatigue</th><th>active</th></tr></thead><tbody>{rows}</tbody></table>"
            f"<h4>Insurgency Log</h4><p>{escape(insurgency)}; special: {escape(', '.join(r.insurgency_special) or 'none')}</p>"
        )


class AmbushValleyDesigner(ipw.Tab):
    def __init__(self) -> None:
        self.scenario = ScenarioPanel()
        self.catalogue = CataloguePanel()
        self.tables = TablesPanel()
        self.solo = SoloPanel()
        self.campaign = CampaignPanel()
        super().__init__(
            children=[self.scenario, self.catalogue, self.tables, self.solo, self.campaign],
            titles=("Scenario", "Catalogue", "Tables", "Solo VC", "Campaign"),
        )


def ambush_valley_app() -> ipw.VBox:
    intro = (
        "<h1>Ambush Valley: scenario designer</h1><p>Force on Force in Vietnam is played on a table "
        "in inches. Pick one of the book's six scenarios and see its table to scale, both sides' "
        "forces and the odds of every reinforcement; move tunnel spots, add terrain and resize, "
        "and the checks the book's rules allow run at once; save when it is valid. The book prints "
        "no maps: every layout is marked <i>reconstructed</i>. The other tabs hold every stat block "
        "and platoon list, every table with its exact odds, the solo VC's priority lists, and a "
        "platoon's campaign stepped through the pre-action and after-action sequences.</p>"
    )
    return app_page(intro, AmbushValleyDesigner())
