"""The LZ Albany play app: the area map with its counters, the chit pool and dice, a computer opponent.

The teacher picks the side they play; the scripted player of :mod:`rulebook.games.lz_albany`
plays the other, answering at once or at the pace chosen (a decision, a phase, a turn).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from rulebook.games._decisions import CHANCE, Action
from rulebook.games._narrate import Sentence, join_names
from rulebook.games.lz_albany import GameState, new_game, scripted_policy
from rulebook.games.lz_albany.narrate import (
    action_places,
    chit_label,
    describe,
    named,
    narrate,
    side_label,
)
from rulebook.scenario import Game, load_playable
from widgets._fit import Fitted
from widgets._page import app_page, error_html
from widgets._play_style import play_style
from widgets.map_view import MapView
from widgets.scenario_files import linked_scenario, scenario_from_query
from widgets.stepper import PACES, GameStepper

__all__ = ["LzAlbanyStepper", "TurnStepper", "play_app"]

UNTIL_MY_TURN = "until it is your turn"
HUMAN_SIDES = [("US", "us"), ("NVA", "nva"), ("both sides", "both"), ("neither: watch", "none")]
COUNTER_SIZE = (104, 52)


def counters_html(area: str, here: dict, *, dark: bool = False) -> str:
    """An area's label with its counters drawn as small chips.

    A platoon chip carries one dot per hit and turns pale once reduced (three hits); an officer
    is a round chip, crossed when wounded; a wounded marker is a white chip with a red cross; a
    lit flare is a yellow star beside the name.
    """
    rows = []
    for side in ("us", "nva"):
        chips = []
        for c in here.get(side, []):
            if c["officer"]:
                cls = "rb-ctr rb-officer" + (" rb-wounded-officer" if c["wounded"] else "")
                chips.append(f"<i class='{cls} rb-{side}'>{'+' if c['wounded'] else '★'}</i>")
            else:
                cls = f"rb-ctr rb-{side}" + (" rb-reduced" if c["reduced"] else "")
                dots = "•" * min(c["hits"], 2) if not c["reduced"] else "R"
                chips.append(f"<i class='{cls}'>{dots}</i>")
        if side == "us":
            chips += ["<i class='rb-ctr rb-wmark'>✚</i>"] * here.get("wounded", 0)
        if chips:
            rows.append(f"<div class='rb-ctr-row'>{''.join(chips)}</div>")
    flare = "<span class='rb-flare' title='flare'>✶</span>" if here.get("flare") else ""
    return (
        f"<div class='rb-area-label rb-counters rb-lza-counters{' rb-night' if dark else ''}' "
        f"data-area='{escape(area)}'>"
        f"<div class='rb-area-name'>{escape(area)}{flare}</div>{''.join(rows)}</div>"
    )


def stack_text(area: str, here: dict) -> str:
    """What stands in an area, in words (the line under the map).

    >>> stack_text("C3", {"us": [
    ...     {"id": "A/2-7-1", "officer": False, "hits": 1, "reduced": False, "wounded": False},
    ...     {"id": "A/2-7-2", "officer": False, "hits": 0, "reduced": False, "wounded": False},
    ...     {"id": "McDade", "name": "Lt. Col. Robert McDade", "officer": True, "hits": 0,
    ...      "reduced": False, "wounded": True}], "wounded": 1})
    'C3: US platoons A/2-7-1 (1 hit) and A/2-7-2, officer Lt. Col. Robert McDade (wounded); 1 wounded marker.'
    >>> stack_text("C4", {})
    'C4: empty.'
    """
    parts = []
    for side in ("us", "nva"):
        platoons, officers = [], []
        for c in here.get(side, []):
            name = c.get("name", c["id"])
            if c["officer"]:
                officers.append(f"{name} (wounded)" if c["wounded"] else name)
            elif c["reduced"]:
                platoons.append(f"{name} (reduced)")
            elif c["hits"]:
                platoons.append(f"{name} ({c['hits']} hit{'s' * (c['hits'] != 1)})")
            else:
                platoons.append(name)
        kinds = [
            f"{noun}{'s' * (len(names) != 1)} {join_names(names)}"
            for noun, names in (("platoon", platoons), ("officer", officers))
            if names
        ]
        if kinds:
            parts.append(f"{side_label(side)} {', '.join(kinds)}")
    if here.get("wounded"):
        parts.append(f"{here['wounded']} wounded marker{'s' * (here['wounded'] != 1)}")
    if here.get("flare"):
        parts.append("lit by a flare")
    return f"{area}: " + ("; ".join(parts) if parts else "empty") + "."


#: What the chips on the map mean, drawn as the map draws them (see :func:`counters_html`):
#: a class reads the map before it reads the log.
COUNTER_KEY = (
    "<div class='rb-counter-key'>Counters: <i class='rb-ctr rb-us'></i> US platoon, "
    "<i class='rb-ctr rb-nva'></i> NVA platoon, a dot for each hit "
    "(<i class='rb-ctr rb-us'>••</i> two hits, <i class='rb-ctr rb-us rb-reduced'>R</i> reduced); "
    "<i class='rb-ctr rb-officer rb-us'>★</i> an officer "
    "(<i class='rb-ctr rb-officer rb-wounded-officer rb-us'>+</i> wounded); "
    "<i class='rb-ctr rb-wmark'>✚</i> a wounded marker; "
    "<span class='rb-flare'>✶</span> a flare.</div>"
)


class LzAlbanyStepper(GameStepper):
    """LZ Albany in play: counters on the area map, VP, the chit pool, the dice and the opponent."""

    game: GameState
    game_key = "lz-albany"
    player_label = "the computer"
    # (You play sits under the computer's button, and may be under a 768-high screen's edge)
    takeover_hint = ". To watch it play both sides, set You play, below, to 'neither: watch'"
    auto_label = "Computer plays"
    stack_hint = "Point at an area of the map to read here what stands in it."

    # --- the map ----------------------------------------------------------------------

    def make_map(self) -> MapView:
        # A presenter scrolls the page past the map to the log: the wheel scrolls, the map's
        # buttons zoom (the wheel zoomed into the F row instead).
        view = MapView(self.game.board.map, height="540px", wheel_zoom=False)
        minx, miny, maxx, maxy = self.game.board.map.bounds()
        Fitted(view.map, maxx - minx, maxy - miny, ((miny + maxy) / 2, (minx + maxx) / 2))
        view.on_area_click(self.place_clicked)
        self._marks: dict[str, str] = {}
        view.caption.value += COUNTER_KEY
        return view

    def snapshot(self) -> dict:
        g, b = self.game, self.game.board
        areas: dict[str, dict[str, Any]] = {}
        for unit in b.units.values():
            if not unit.on_map or unit.area is None:
                continue
            areas.setdefault(unit.area, {}).setdefault(unit.side, []).append(
                {
                    "id": unit.id,
                    "officer": unit.is_officer,
                    "hits": unit.hits,
                    "reduced": unit.reduced,
                    "wounded": unit.wounded,
                    # a senior officer's bare id (A, Man) reads as a word: his title instead
                    **({"name": b.called(unit.id)} if unit.senior else {}),
                }
            )
        for marker in b.wounded.values():
            if marker.status == "on-map":
                here = areas.setdefault(marker.area, {})
                here["wounded"] = here.get("wounded", 0) + 1
        for area in b.flares | b.flares_now:
            areas.setdefault(area, {})["flare"] = True
        drawn = []
        for entry in reversed(g.log):
            if entry.turn != b.turn:
                break
            if entry.player == CHANCE and entry.action.startswith("draw "):
                drawn.append(entry.action.split()[1])
        return {
            "areas": areas,
            "turn": b.turn,
            "turns": b.rules.turns,
            "phase": b.phase,
            "night": b.night,
            "vp": dict(b.vp),
            "retreat": b.retreat,
            "pool": sorted(b.pool),
            "drawn": list(reversed(drawn)),
            "held": {s: c for s, c in b.adrenaline_box.items() if c},
            "flares_left": b.flares_left,
            "player": g.current_player(),
            "outcome": g.outcome(),
        }

    def draw(self, snap: dict, marks: dict[str, str]) -> None:
        for area in self.map_view.area_map.areas:
            here = snap["areas"].get(area, {})
            self.map_view.set_label(
                area, counters_html(area, here, dark=snap["night"]), COUNTER_SIZE
            )
        if marks != self._marks:
            self._marks = dict(marks)
            self.map_view.highlight(marks)

    def stack_words(self, snap: dict, place: str) -> str:
        return stack_text(place, snap.get("areas", {}).get(place, {}))

    # --- words ------------------------------------------------------------------------

    def describe(self, action: Action) -> str:
        return describe(action, self.game.board)

    def places(self, action: Action) -> tuple[str, ...]:
        return action_places(action, self.game.board)

    def narrate(self, index: int) -> list[Sentence]:
        return narrate(self.game.log[index], self.game.board)

    def prompt_words(self, prompt: str) -> str:
        return named(prompt, self.game.board)

    def status_html(self, snap: dict) -> str:
        night = " <span class='rb-night-tag'>night</span>" if snap["night"] else ""
        outcome = snap["outcome"]
        if outcome:
            winner = outcome["winner"]
            result = (
                f"<div class='rb-outcome'><b>{side_label(winner) if winner else 'Nobody'}</b> "
                f"wins: {escape(str(outcome['ending'] or 'the last turn is over'))}. "
                f"Final VP: US {outcome['vp']['us']}, NVA {outcome['vp']['nva']}.</div>"
            )
        else:
            result = ""
        retreat = " The NVA is falling back." if snap["retreat"] else ""
        return (
            f"<div class='rb-headline'><b>Turn {snap['turn']}</b> of {snap['turns']}{night}, "
            f"{escape(snap['phase'])} phase. VP: US <b>{snap['vp']['us']}</b>, NVA "
            f"<b>{snap['vp']['nva']}</b>.{retreat} Flares left: {snap['flares_left']}.</div>"
            f"{result}{self._pool_html(snap)}"
        )

    def _pool_html(self, snap: dict) -> str:
        def chips(ids: list[str]) -> str:
            """Chits grouped by side and kind: ``US Fire/Move x4``."""
            counts: dict[str, int] = {}
            for c in ids:
                name = chit_label(c).rsplit(" chit", 1)[0]
                counts[name] = counts.get(name, 0) + 1
            return (
                "".join(
                    f"<span class='rb-chit rb-{name.split()[0].lower()}'>{escape(name)}"
                    f"{f' ×{n}' if n > 1 else ''}</span>"
                    for name, n in counts.items()
                )
                or "<span class='rb-muted'>none</span>"
            )

        held = ", ".join(chit_label(c) for c in snap["held"].values())
        drawn = " → ".join(escape(chit_label(c).replace(" chit", "")) for c in snap["drawn"])
        return (
            "<div class='rb-pool'><div><b>Chits left in the cup</b> "
            f"({len(snap['pool'])}): {chips(snap['pool'])}</div>"
            f"<div><b>Drawn this turn</b>: {drawn or '<span class=rb-muted>none</span>'}</div>"
            + (f"<div>Held for later: {escape(held)}</div>" if held else "")
            + "</div>"
        )

    def dice_for(self, entry: int) -> str:
        return self.last_dice_html(entry)

    # --- the computer opponent ------------------------------------------------------------

    def computer_controls(self) -> list[ipw.Widget]:
        self.human = ipw.ToggleButtons(
            options=HUMAN_SIDES, value="us", description="You play", style={"button_width": "auto"}
        )
        self.human.add_class("rb-human-side")
        self.answer = ipw.Checkbox(
            value=True, description="the computer answers at once", indent=False
        )
        self.pace.options = [UNTIL_MY_TURN, *PACES]
        self.auto_button.description = self.auto_label
        self.auto_button.tooltip = "the scripted player plays the other side at the pace chosen"
        self.human.observe(lambda _: self._side_changed(), names="value")
        row = ipw.HBox(
            [self.draw_button, self.pace, self.auto_button], layout=ipw.Layout(flex_flow="row wrap")
        )
        row.add_class("rb-computer")
        # The button a teacher presses at every NVA turn before the sides, which are set once:
        # under them it fell off a 720-high projector's screen as soon as dice were rolled.
        box = ipw.VBox([row, self.human, self.answer])
        return [box]

    def computer_sides(self) -> set[str]:
        human = self.human.value
        return {"us", "nva"} - ({"us", "nva"} if human == "both" else {human})

    def visitor_plays(self, side: str) -> bool:
        return side not in self.computer_sides()

    def policy(self, seed: int) -> Callable[[GameState], Action]:
        players = {side: scripted_policy(side) for side in ("us", "nva")}
        return lambda game: players[game.current_player()](game)

    def _auto_click(self, _: Any = None) -> None:
        pace = self.pace.value
        self._auto(PACES.get(pace, lambda before, after: False))

    def after_human(self) -> None:
        """The computer answers at once, when asked to, until a human must decide."""
        if self.answer.value and self.human.value in ("us", "nva"):
            self.run_computer(lambda before, after: False)

    def _side_changed(self) -> None:
        self._before_action()  # a click: the computer's answer to it is one Undo's to take back
        self.notice = {
            "us": "You play the US; the computer plays the NVA.",
            "nva": "You play the NVA; the computer plays the US.",
            "both": "You play both sides; the computer only draws chits when asked.",
            "none": "The computer plays both sides: press Computer plays to watch.",
        }[self.human.value]
        try:
            if self.answer.value and self.game.current_player() in self.computer_sides() | {CHANCE}:
                self.after_human()
        except Exception as err:  # shown in the page: Voila drops callback errors
            self.errors.value = error_html(err)
        self.refresh()

    # --- files ------------------------------------------------------------------------

    def open_scenario(self, path: Path) -> GameState:
        return new_game(load_playable(path, Game.LZ_ALBANY), seed=self.game.seed)


TurnStepper = LzAlbanyStepper  # the name the first version of the app used


def play_app(seed: int = 1, scenario: str | None = None, **options: str) -> ipw.VBox:
    """Compose the app around a new game: the scenario in the URL's ``?scenario=``, else the standard one."""
    link = linked_scenario(
        scenario or scenario_from_query(), Game.LZ_ALBANY, "the standard scenario"
    )
    game = new_game(link.scenario, seed=seed, options=options or None)
    intro = (
        "<h1>LZ Albany, 17 November 1965</h1>"
        "<p class='rb-intro'>You command one side; the computer plays the other. Click a lit area "
        "on the map to choose, or pick from the list and press <b>Apply</b>. Each area carries "
        "its id (on the book's map, row letter and column number). Each sentence of the log links to the rule cases it "
        "applied. Map and counter values are "
        '<span class="provenance reconstructed">reconstructed</span>.</p>' + link.note
    )
    stepper = LzAlbanyStepper(game)
    if link.path is not None:
        stepper.show_file(link.path)
    return app_page(intro, play_style(), stepper)
