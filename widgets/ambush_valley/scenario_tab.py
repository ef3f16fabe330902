"""The Scenario tab: pick one of the book's scenarios (or start blank), see its table to scale,
select and edit what is on it, read the problems the checks find in words with the culprits
marked on the table, and save once it is valid."""

from __future__ import annotations

import copy
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from rulebook.errors import ScenarioError
from rulebook.games.ambush_valley.catalogue import platoon
from rulebook.games.ambush_valley.naming import find, item_names, name_of, terrain_words
from rulebook.games.ambush_valley.scenario import Scenario
from rulebook.render.svg import TERRAIN_FILL, table_svg
from rulebook.saves import SAVES, resolve_save_name
from rulebook.scenario import load_scenario
from rulebook.scenario._av_models import Feature, Unit
from widgets._page import guarded
from widgets.ambush_valley.problems_view import ProblemsPanel
from widgets.ambush_valley.scenario_views import (
    forces_html,
    legend_html,
    odds_html,
    summary_html,
)
from widgets.ambush_valley.table_map import AvTableMap
from widgets.ambush_valley.words import platoon_options

__all__ = ["BLANK", "SCENARIOS", "ScenarioPanel", "saved_scenarios"]

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "ambush_valley"

#: What can be selected, in the order the drop-down lists it (spots first: moved most).
SELECTABLE = ("tunnel_spots", "features", "deployment", "objectives", "civilians")
MARKERS = ("tunnel_spots", "objectives", "civilians")

#: A blank 6 x 4 ft table with a Free World and a VC side, to build on.
BLANK = {
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


def _title(path: Path) -> str:
    """A scenario file as the picker names it: its title, or its file name if it cannot be read."""
    try:
        return load_scenario(path).title
    except ScenarioError:
        return f"{path.name} (cannot be read)"


def saved_scenarios(folder: Path) -> dict[str, tuple[str, Path]]:
    """The Ambush Valley scenarios saved in *folder*: ``saves/NAME`` -> (picker label, path).
    Files of other games, and files that cannot be read, are left out."""
    out = {}
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        try:
            loaded = load_scenario(path)
        except ScenarioError:
            continue
        if loaded.ambush_valley is not None:
            out[f"{SAVES}/{path.name}"] = (f"{loaded.title} (saved as {SAVES}/{path.name})", path)
    return out


class ScenarioPanel(ipw.VBox):
    """One scenario: the table, forces, reinforcement odds, problems; edits; save."""

    def __init__(self, folder: Path = SCENARIOS) -> None:
        self.folder = folder
        self.files: dict[str, Path] = {}
        self.errors = ipw.HTML()
        self._quiet = False  # True while the picker is set to a file the panel already holds
        self.picker = ipw.Dropdown(description="scenario", layout=ipw.Layout(width="34em"))
        self._list_files()
        self.picker.add_class("rb-av-picker")
        self.picker.observe(self._pick, "value")
        self.table_view = ipw.HTML()
        self.table_view.add_class("rb-av-table")
        self.summary = ipw.HTML()
        self.forces_view = ipw.HTML()
        self.odds_view = ipw.HTML()
        self.odds_view.add_class("rb-av-odds")
        self.problems = ProblemsPanel(self._select)
        self.legend = ipw.HTML()
        self.drawn_info = ipw.HTML(
            "<p class='rb-av-hint'>Click a tunnel spot or a piece of terrain to select it; drag "
            "a numbered spot to move it; draw a polygon or a rectangle (tools at the top left) "
            "to add terrain of the kind chosen below.</p>"
        )
        self.selected: str | None = None
        self.scenario = Scenario.load(self.files[self.picker.value])
        self.table_map = AvTableMap(self.scenario.spec)
        self.table_map.on_draw(self._drawn)
        self.table_map.on_spot_moved(self._marker_dragged)
        self.table_map.on_select(self._select)
        picture = ipw.Accordion(children=[self.table_view], titles=("Picture to scale (SVG)",))
        picture.selected_index = None
        edits = self._edit_controls()
        left = ipw.VBox([self.table_map, self.legend, self.drawn_info, edits, picture])
        left.layout.width = "60%"
        right = ipw.VBox([self.summary, self.problems, self.odds_view, self.forces_view])
        right.layout.width = "34em"
        super().__init__([ipw.HBox([self.picker]), self.errors, ipw.HBox([left, right])])
        self.refresh()

    def _edit_controls(self) -> ipw.VBox:
        """The edits a designer makes most: move or delete what is selected, add terrain,
        resize, add a platoon list, start afresh, save."""
        wide = {"description_width": "6em"}
        self.item = ipw.Dropdown(
            description="selected", style=wide, layout=ipw.Layout(width="20em")
        )
        self.item.add_class("rb-av-item")
        self.item.observe(self._item_changed, "value")
        short = {"description_width": "3.5em"}
        self.item_x = ipw.FloatText(
            description="x (in)", style=short, layout=ipw.Layout(width="9.5em")
        )
        self.item_y = ipw.FloatText(
            description="y (in)", style=short, layout=ipw.Layout(width="9.5em")
        )
        self.item_x.add_class("rb-av-item-x")
        self.item_y.add_class("rb-av-item-y")
        self.move_item = ipw.Button(description="Move", layout=ipw.Layout(width="auto"))
        self.move_item.on_click(self._move_item)
        self.delete_item = ipw.Button(description="Delete", layout=ipw.Layout(width="auto"))
        self.delete_item.on_click(self._delete_item)
        self.kind = ipw.Dropdown(
            options=[(terrain_words(k), k) for k in sorted(TERRAIN_FILL)],
            value="heavy-foliage",
            description="terrain",
            style=wide,
            layout=ipw.Layout(width="16em"),
        )
        self.box = [
            ipw.FloatText(
                value=v,
                description=d,
                style={"description_width": "3.5em"},
                layout=ipw.Layout(width="7.5em"),
            )
            for v, d in ((10, "x"), (10, "y"), (8, "width"), (6, "depth"))
        ]
        self.add_feature = ipw.Button(description="Add terrain", layout=ipw.Layout(width="8em"))
        self.add_feature.on_click(self._add_feature)
        self.width = ipw.FloatText(
            description="table width", style=wide, layout=ipw.Layout(width="12em")
        )
        self.depth = ipw.FloatText(description="depth", layout=ipw.Layout(width="10em"))
        self.resize = ipw.Button(description="Resize table", layout=ipw.Layout(width="9em"))
        self.resize.on_click(self._resize)
        self.revert = ipw.Button(
            description="Revert to file", icon="undo", layout=ipw.Layout(width="10em")
        )
        self.revert.on_click(self._revert)
        self.new_button = ipw.Button(
            description="New blank scenario", icon="file", layout=ipw.Layout(width="13em")
        )
        self.new_button.on_click(self._new)
        self.platoon = ipw.Dropdown(
            options=platoon_options(),
            description="platoon list",
            style=wide,
            layout=ipw.Layout(width="26em"),
        )
        self.side = ipw.Dropdown(description="to side", layout=ipw.Layout(width="12em"))
        self.add_platoon = ipw.Button(description="Add its units", layout=ipw.Layout(width="9em"))
        self.add_platoon.on_click(self._add_platoon)
        self.file_name = ipw.Text(
            description="save as",
            placeholder="my_scenario.yaml",
            style=wide,
            layout=ipw.Layout(width="22em"),
        )
        self.file_name.add_class("rb-av-file")
        self.save_button = ipw.Button(description="Save", button_style="primary")
        self.save_button.on_click(self._save)
        self.saved = ipw.HTML()
        return ipw.VBox(
            [
                ipw.HBox([self.item, self.item_x, self.item_y, self.move_item, self.delete_item]),
                ipw.HBox([self.kind, *self.box, self.add_feature]),
                ipw.HBox([self.width, self.depth, self.resize, self.revert, self.new_button]),
                ipw.HBox([self.platoon, self.side, self.add_platoon]),
                ipw.HBox([self.file_name, self.save_button]),
                self.saved,
            ]
        )

    # -- loading and drawing ---------------------------------------------------------------------

    def _list_files(self) -> None:
        """The book's scenarios by title, then those saved in ``saves/``."""
        book = {p.stem: (_title(p), p) for p in sorted(self.folder.glob("*.yaml"))}
        saved = saved_scenarios(Path.cwd() / SAVES)
        self.files = {key: path for key, (_, path) in (book | saved).items()}
        chosen = self.picker.value
        self._quiet = True
        try:
            self.picker.options = [(label, key) for key, (label, _) in (book | saved).items()]
            self.picker.value = chosen if chosen in self.files else next(iter(self.files))
        finally:
            self._quiet = False

    @guarded
    def _pick(self, _: Any = None) -> None:
        if self._quiet or self.picker.value is None:
            return
        self.scenario = Scenario.load(self.files[self.picker.value])
        self.selected = None
        self.saved.value = ""

    def refresh(self) -> None:
        s = self.scenario
        spec = s.spec
        self.table_view.value = str(table_svg(spec))
        self.legend.value = legend_html(s)
        if self.table_map.spec is not spec:  # it drew this version already
            self.table_map.set_spec(spec)
        self.summary.value = summary_html(s)
        names = item_names(spec, SELECTABLE)
        if self.selected not in names:
            self.selected = None
        found = s.problems()
        self.problems.show(found, names)
        culprits = tuple(dict.fromkeys(i for p in found for i in p.places))
        self.table_map.set_marks(culprits, self.selected)
        self.odds_view.value = odds_html(s)
        self.forces_view.value = forces_html(s)
        self.item.options = [("nothing", "")] + [(name, key) for key, name in names.items()]
        self.item.value = self.selected or ""
        self._item_changed()
        self.width.value, self.depth.value = spec.table
        self.side.options = [(key.upper(), key) for key in spec.sides]

    # -- selection ---------------------------------------------------------------------------------

    @guarded
    def _select(self, item_id: str) -> None:
        """Select *item_id* (a click on the table, or on a problem's button) and bring it into view."""
        found = find(self.scenario.spec, item_id)
        if found is None:
            raise ValueError(
                f"nothing called {name_of(self.scenario.spec, item_id)} is on the table"
            )
        self.selected = item_id
        _group, _i, item = found
        if hasattr(item, "at"):
            x, y = item.at
        else:
            from shapely.geometry import Polygon

            point = Polygon(item.outline).representative_point()
            x, y = point.x, point.y
        self.table_map.show(x, y)

    def _item_changed(self, _: Any = None) -> None:
        """Follow the drop-down: fill in the position of a marker; marks follow on refresh."""
        chosen = self.item.value or None
        found = find(self.scenario.spec, chosen) if chosen else None
        marker = found is not None and found[0] in MARKERS
        for w in (self.item_x, self.item_y, self.move_item):
            w.disabled = not marker
        self.delete_item.disabled = found is None
        if marker:
            self.item_x.value, self.item_y.value = found[2].at
        if chosen != self.selected:
            self.selected = chosen
            self.table_map.set_marks(self.table_map.culprits, chosen)

    # -- edits -------------------------------------------------------------------------------------

    def _edit(self) -> Any:
        """A deep copy of the spec to change; the scenario is only replaced once it validates as a model."""
        return copy.deepcopy(self.scenario.spec)

    def _commit(self, spec: Any) -> None:
        data = self.scenario.file.model_copy(update={"ambush_valley": spec})
        self.scenario = Scenario(
            type(self.scenario.file).model_validate(data.model_dump()), self.scenario.path
        )

    @guarded
    def _move_item(self, _: Any = None) -> None:
        self._place_marker(self.item.value, (self.item_x.value, self.item_y.value))

    @guarded
    def _marker_dragged(self, item_id: str, at: tuple[float, float]) -> None:
        self._place_marker(item_id, at)
        self.selected = item_id

    def _place_marker(self, item_id: str, at: tuple[float, float]) -> None:
        spec = self._edit()
        found = find(spec, item_id)
        if found is None or found[0] not in MARKERS:
            raise ValueError("select a tunnel spot, objective or civilian group to move")
        group, i, marker = found
        getattr(spec.layout, group)[i] = marker.model_copy(update={"at": at})
        self._commit(spec)

    @guarded
    def _delete_item(self, _: Any = None) -> None:
        spec = self._edit()
        found = find(spec, self.item.value)
        if found is None:
            raise ValueError("select something on the table to delete")
        group, i, _item = found
        del getattr(spec.layout, group)[i]
        self._commit(spec)
        self.selected = None

    @guarded
    def _add_feature(self, _: Any = None) -> None:
        x, y, w, d = (b.value for b in self.box)
        if w <= 0 or d <= 0:
            raise ValueError(f"terrain needs a positive width and depth, not {w:g} x {d:g} in")
        self._add_outline([(x, y), (x + w, y), (x + w, y + d), (x, y + d)])

    @guarded
    def _drawn(self, corners: list[tuple[float, float]]) -> None:
        self._add_outline(corners)

    def _add_outline(self, corners: list[tuple[float, float]]) -> None:
        spec = self._edit()
        taken = set(item_names(spec))
        n = 1 + sum(1 for f in spec.layout.features if f.kind == self.kind.value)
        while f"{self.kind.value}-{n}" in taken:
            n += 1
        feature = Feature(id=f"{self.kind.value}-{n}", kind=self.kind.value, outline=corners)
        spec.layout.features.append(feature)
        self._commit(spec)
        self.selected = feature.id
        self.drawn_info.value = (
            f"<p class='rb-av-drawn' data-feature='{escape(feature.id)}' data-corners='{len(corners)}'>"
            f"Added {escape(name_of(spec, feature.id))} with {len(corners)} corners; it is "
            "selected.</p>"
        )

    @guarded
    def _resize(self, _: Any = None) -> None:
        spec = self._edit()
        spec.table = (self.width.value, self.depth.value)
        self._commit(spec)

    @guarded
    def _new(self, _: Any = None) -> None:
        self.scenario = Scenario(type(self.scenario.file).model_validate(BLANK), None)
        self.selected = None
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
        self.scenario = Scenario(self.scenario.file, path)
        self._list_files()  # the saved file joins the picker, chosen, so Revert goes back to it
        self._quiet = True
        try:
            self.picker.value = f"{SAVES}/{path.name}"
        finally:
            self._quiet = False
        self.saved.value = (
            f"<span class='rb-saved'>Saved to {escape(str(path))}; it is in the scenario list "
            "above.</span>"
        )
