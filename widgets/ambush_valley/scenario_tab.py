"""The Scenario tab: pick one of the book's scenarios (or start blank), see its table to scale,
select and edit what is on it, read the problems the checks find in words with the culprits
marked on the table, and save once it is valid."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from rulebook.games.ambush_valley.catalogue import platoon
from rulebook.games.ambush_valley.naming import find, item_names, name_of, terrain_words
from rulebook.games.ambush_valley.problems import table_size_problem
from rulebook.games.ambush_valley.scenario import Scenario
from rulebook.render.svg import TERRAIN_FILL, table_svg
from rulebook.saves import SAVES, resolve_save_name
from rulebook.scenario._av_models import Feature, Unit
from widgets._number import RangedFloatText
from widgets._page import guarded
from widgets.ambush_valley.controls import InchBox, Versions, label, number
from widgets.ambush_valley.problems_view import ProblemsPanel
from widgets.ambush_valley.scenario_files import (
    BLANK,
    SCENARIOS,
    saved_scenarios,
    scenario_title,
)
from widgets.ambush_valley.scenario_views import (
    forces_html,
    legend_html,
    odds_html,
    summary_html,
)
from widgets.ambush_valley.table_map import AvTableMap
from widgets.ambush_valley.words import platoon_options

__all__ = ["ScenarioPanel"]


#: What can be selected, in the order the drop-down lists it (spots first: moved most).
SELECTABLE = ("tunnel_spots", "features", "deployment", "objectives", "civilians")
MARKERS = ("tunnel_spots", "objectives", "civilians")
#: What the selection row says where it offers neither a place nor a terrain kind.
_ITEM_HINT = {
    "nothing": (
        "Pick something here or on the table: a tunnel spot, an objective or a civilian "
        "marker to move, or a piece of terrain to change."
    ),
    "deployment": "A set-up zone stays where its file draws it: it can be deleted here, not moved.",
}


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
        self.problems = ProblemsPanel(self._select, self._show_side)
        self.open_side: str | None = None  # the side whose forces a problem's button opened
        self.legend = ipw.HTML()
        self.drawn_info = ipw.HTML(
            "<p class='rb-av-hint'>Click a tunnel spot or a piece of terrain to select it; drag "
            "a numbered spot to move it; draw a polygon or a rectangle (tools at the top left) "
            "to add terrain of the kind chosen beside the scenario.</p>"
        )
        self.selected: str | None = None
        self._table_shown: Scenario | None = None  # the version whose sides the boxes show
        self._place_shown: tuple[str | None, Scenario | None] = (None, None)  # and the marker
        self._listing = False  # True while refresh() rebuilds the selection drop-down
        self.versions = Versions(Scenario.load(self.files[self.picker.value]))
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
        # The new terrain's kind beside the picker, in sight of the map's drawing tools: under
        # the map, below the first screen at 1024 x 768, a designer drew without seeing it.
        top = ipw.HBox([self.picker, self.kind], layout=ipw.Layout(flex_flow="row wrap"))
        super().__init__([top, self.errors, ipw.HBox([left, right])])
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
        self.item_x = number(0, "a place across the table")
        self.item_y = number(0, "a place down the table")
        self.item_x.add_class("rb-av-item-x")
        self.item_y.add_class("rb-av-item-y")
        self.move_item = ipw.Button(description="Move", layout=ipw.Layout(width="auto"))
        self.move_item.on_click(self._move_item)
        self.delete_item = ipw.Button(description="Delete", layout=ipw.Layout(width="auto"))
        self.item_kind = ipw.Dropdown(
            options=[(terrain_words(k), k) for k in sorted(TERRAIN_FILL)],
            layout=ipw.Layout(width="13em"),
        )
        self.item_kind.add_class("rb-av-item-kind")
        self.change_kind = ipw.Button(description="Change terrain", layout=ipw.Layout(width="auto"))
        self.change_kind.on_click(self._change_kind)
        # What the selection offers: a position for a marker, a terrain kind for terrain, and
        # for nothing or a set-up zone a line saying what can be done (greyed boxes
        # still showing the last marker's place read as that thing's place).
        self.position = [label("x"), self.item_x, label("y"), self.item_y, self.move_item]
        self.item_hint = ipw.HTML()
        self.item_hint.add_class("rb-av-item-hint")
        self.item_tools = ipw.HBox(self.position)
        self.delete_item.on_click(self._delete_item)
        self.kind = ipw.Dropdown(
            options=[(terrain_words(k), k) for k in sorted(TERRAIN_FILL)],
            value="heavy-foliage",
            description="new terrain",
            style=wide,
            layout=ipw.Layout(width="16em"),
        )
        self.kind.add_class("rb-av-kind")
        self.box = [  # x, y, width, depth in inches; a size of 0 is none (at least half an inch)
            number(v, f"a terrain's {what}", least=least)
            for v, what, least in zip(
                (10, 10, 8, 6), ("x", "y", "width", "depth"), (0, 0, 0.5, 0.5), strict=True
            )
        ]
        self.add_feature = ipw.Button(description="Add terrain", layout=ipw.Layout(width="8em"))
        self.add_feature.on_click(self._add_feature)
        self.width = number(
            72,
            "the table's width",
            least=0.5,
            description="table width",
            style=wide,
            layout=ipw.Layout(width="12em"),
        )
        self.depth = number(
            48, "the table's depth", least=0.5, description="depth", layout=ipw.Layout(width="10em")
        )
        self.resize = ipw.Button(description="Resize table", layout=ipw.Layout(width="9em"))
        self.resize.on_click(self._resize)
        self.revert = ipw.Button(
            description="Revert to file", icon="refresh", layout=ipw.Layout(width="10em")
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
        self.undo_button = ipw.Button(
            description="Undo", icon="undo", layout=ipw.Layout(width="auto")
        )
        self.undo_button.on_click(self._undo)
        self.redo_button = ipw.Button(
            description="Redo", icon="repeat", layout=ipw.Layout(width="auto")
        )
        self.redo_button.on_click(self._redo)
        self.saved = ipw.HTML()

        # Rows wrap: at 1024 pixels their buttons ran past the column's edge, cut to "D..."
        # and "R..." or out of sight. Each number box's note (what it held or refused) sits in
        # its own row.
        def row(*parts: ipw.Widget, boxes: tuple[RangedFloatText, ...] = ()) -> ipw.HBox:
            notes = [b.note for b in (*boxes, *parts) if isinstance(b, RangedFloatText)]
            return ipw.HBox([*parts, *notes], layout=ipw.Layout(flex_flow="row wrap"))

        return ipw.VBox(
            [
                row(
                    self.item,
                    self.item_tools,
                    self.delete_item,
                    boxes=(self.item_x, self.item_y),  # in item_tools while a spot is selected
                ),
                row(
                    label("new terrain by numbers:"),
                    # each label with its boxes: at 1024 "size" ended a line, its boxes the next
                    ipw.HBox([label("at x"), self.box[0], label("y"), self.box[1]]),
                    ipw.HBox([label("size"), self.box[2], label("by"), self.box[3]]),
                    self.add_feature,
                    boxes=tuple(self.box),
                ),
                row(self.width, self.depth, self.resize, self.revert, self.new_button),
                row(self.platoon, self.side, self.add_platoon),
                row(self.file_name, self.save_button, self.undo_button, self.redo_button),
                # The errors again, under the rows: at the panel's top alone, a refused edit
                # (a table 0 inches wide) said nothing in sight of the button pressed.
                self.errors,
                self.saved,
            ]
        )

    def _before_action(self) -> None:
        """Each action clears what the last one said (\"Added heavy foliage 7\" stayed through a
        Revert that took it away). A number box's note stays beside it while the box holds a
        number other than the one typed (cleared by a click, the Add that took x = -5 as 0
        said nothing); typing a number in the box clears it."""
        self.drawn_info.value = ""

    @staticmethod
    def _typed(
        boxes: tuple[InchBox, ...], refused: str, in_use: tuple[float, ...] | None = None
    ) -> None:
        """Refuse an action (*refused* says what did not happen) while any of *boxes* holds a
        number other than the one typed: the action would take a number nobody typed.

        With *in_use* (the values the boxes stand for: the table's sides, a marker's place),
        the boxes show those again, so the next press is not refused anew for a number held at
        the end of the range (a width of -10 held at its least, then "The table is 0.5 x 48").
        """
        held = [box.held for box in boxes if box.held]
        if not held:
            return
        if in_use is None:
            raise ValueError(
                f"{refused}: {'; '.join(held)}. Type the number meant in the box (the one it "
                "kept, to keep that)"
            )
        for box, value in zip(boxes, in_use, strict=True):
            box.value = value
            box.note.value = ""  # (the refusal says it; the box holds nothing untyped now)
        shown = " x ".join(f"{v:g}" for v in in_use)
        raise ValueError(f"{refused}: {'; '.join(held)}. The boxes show {shown} in again")

    # -- loading and drawing ---------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario:
        """The version being edited."""
        return self.versions.current

    @guarded
    def _undo(self, _: Any = None) -> None:
        self.versions.undo()

    @guarded
    def _redo(self, _: Any = None) -> None:
        self.versions.redo()

    @contextmanager
    def _picker_quiet(self) -> Iterator[None]:
        """Set the picker without it loading the file it names (as it does when the designer
        picks); a quiet already on stays on after (a refresh inside a quiet update)."""
        was, self._quiet = self._quiet, True
        try:
            yield
        finally:
            self._quiet = was

    def _list_files(self) -> None:
        """The book's scenarios by title, then those saved in ``saves/``."""
        book = {p.stem: (scenario_title(p), p) for p in sorted(self.folder.glob("*.yaml"))}
        saved = saved_scenarios(Path.cwd() / SAVES)
        self.files = {key: path for key, (_, path) in (book | saved).items()}
        chosen = self.picker.value
        with self._picker_quiet():
            self.picker.options = [(label, key) for key, (label, _) in (book | saved).items()]
            self.picker.value = chosen if chosen in self.files else next(iter(self.files))

    @guarded
    def _pick(self, _: Any = None) -> None:
        if self._quiet or self.picker.value is None:
            return
        # One step of the history, as every edit is: Undo brings back the scenario and the
        # edits it replaced rather than losing them.
        self.versions.push(Scenario.load(self.files[self.picker.value]))
        self.selected = None
        self.saved.value = ""

    def _show_file(self) -> None:
        """The picker names the file of the version shown (Undo may go back to another)."""
        if self._quiet:  # the picker is being set already (a refresh inside that)
            return
        key = next((k for k, path in self.files.items() if path == self.scenario.path), None)
        if key is not None and key != self.picker.value:
            with self._picker_quiet():
                self.picker.value = key

    def refresh(self) -> None:
        self._show_file()
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
        if self.open_side not in spec.sides:
            self.open_side = None
        self.forces_view.value = forces_html(s, self.open_side)
        # New options reset the drop-down to its first choice; keep the selection through that.
        keep, self._listing = self.selected, True
        try:
            self.item.options = [("nothing", "")] + [(name, key) for key, name in names.items()]
            self.item.value = keep or ""
        finally:
            self._listing = False
        self.selected = keep
        self._item_changed()
        # The sides of a new version's table (an edit, an Undo, another scenario); an action
        # refused leaves the boxes as typed, beside the notes on what they held.
        if self._table_shown is not s:
            self._table_shown = s
            self.width.value, self.depth.value = spec.table
        # A place is held to this table, not the longest one (a spot moved to x 500 was held
        # at 240 on a 72-inch table, then said to be off it).
        for across, down in ((self.item_x, self.item_y), (self.box[0], self.box[1])):
            across.high, down.high = spec.table
        self.undo_button.disabled = not self.versions.can_undo
        self.redo_button.disabled = not self.versions.can_redo
        side = self.side.value
        self.side.options = [(key.upper(), key) for key in spec.sides]
        self.side.value = side if side in spec.sides else next(iter(spec.sides), None)

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

    @guarded
    def _show_side(self, side: str) -> None:
        """Unfold *side*'s forces (a problem is about them)."""
        self.open_side = side

    def _item_changed(self, _: Any = None) -> None:
        """Follow the drop-down: fill in the position of a marker; marks follow on refresh."""
        if self._listing:
            return
        chosen = self.item.value or None
        found = find(self.scenario.spec, chosen) if chosen else None
        marker = found is not None and found[0] in MARKERS
        terrain = found is not None and found[0] == "features"
        self.delete_item.disabled = found is None
        # The place of a marker newly chosen, or of a new version; a Move refused leaves the
        # boxes as typed, beside the notes on what they held.
        shown = (chosen, self.scenario) if marker else (None, None)
        if marker and self._place_shown != shown:
            self.item_x.value, self.item_y.value = found[2].at
        self._place_shown = shown
        if marker:
            self.item_tools.children = self.position
        elif terrain:
            self.item_kind.value = found[2].kind
            self.item_tools.children = [self.item_kind, self.change_kind]
        else:
            self.item_hint.value = _ITEM_HINT["nothing" if found is None else found[0]]
            self.item_tools.children = [self.item_hint]
        if chosen != self.selected:
            self.selected = chosen
            self.table_map.set_marks(self.table_map.culprits, chosen)

    # -- edits -------------------------------------------------------------------------------------

    def _edit(self) -> Any:
        """A deep copy of the spec to change; the scenario is only replaced once it validates as a model."""
        return copy.deepcopy(self.scenario.spec)

    def _commit(self, spec: Any) -> None:
        data = self.scenario.file.model_copy(update={"ambush_valley": spec})
        self.versions.push(
            Scenario(type(self.scenario.file).model_validate(data.model_dump()), self.scenario.path)
        )

    @guarded
    def _move_item(self, _: Any = None) -> None:
        found = find(self.scenario.spec, self.item.value) if self.item.value else None
        self._typed(
            (self.item_x, self.item_y), "Nothing moved", tuple(found[2].at) if found else None
        )
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
    def _change_kind(self, _: Any = None) -> None:
        spec = self._edit()
        found = find(spec, self.item.value)
        if found is None or found[0] != "features":
            raise ValueError("select a piece of terrain to change its kind")
        _group, i, feature = found
        spec.layout.features[i] = feature.model_copy(update={"kind": self.item_kind.value})
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
        self._typed(tuple(self.box), "No terrain added")
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
        self._typed((self.width, self.depth), "The table is unchanged", self.scenario.spec.table)
        wrong = table_size_problem(self.width.value, self.depth.value)
        if wrong:  # refused before any change, so the table and its history stay as they were
            raise ValueError(wrong[0].upper() + wrong[1:])
        if tuple(self.scenario.spec.table) == (self.width.value, self.depth.value):
            raise ValueError(  # no step of the history for a change of nothing
                f"the table is already {self.width.value:g} by {self.depth.value:g} inches"
            )
        spec = self._edit()
        spec.table = (self.width.value, self.depth.value)
        self._commit(spec)

    @guarded
    def _new(self, _: Any = None) -> None:
        # One undoable step: Undo brings back the scenario the blank one replaced.
        self.versions.push(Scenario(type(self.scenario.file).model_validate(BLANK), None))
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
        """Back to the file as saved; a version of its own, so Undo brings the edits back."""
        if self.picker.value is not None:
            self.versions.push(Scenario.load(self.files[self.picker.value]))
            self.saved.value = ""

    @guarded
    def _save(self, _: Any = None) -> None:
        name = self.file_name.value.strip()
        if not name:
            raise ValueError("name the file to save, for example my_scenario.yaml")
        path = resolve_save_name(name, (".yaml", ".yml"))
        path.parent.mkdir(parents=True, exist_ok=True)
        self.scenario.save(path)
        for version in self.versions.all():  # undo stays possible; every version now has a home
            version.path = path
        self._list_files()  # the saved file joins the picker, chosen, so Revert goes back to it
        with self._picker_quiet():
            self.picker.value = f"{SAVES}/{path.name}"
        self.saved.value = (
            f"<span class='rb-saved'>Saved to {escape(f'{SAVES}/{path.name}')}; it is in the "
            "scenario list "
            "above.</span>"
        )
