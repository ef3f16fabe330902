"""The Ia Drang campaign, chapter by chapter, on a geographic map that needs no internet."""

from __future__ import annotations

import math
from html import escape

import ipywidgets as ipw
from ipyleaflet import CircleMarker, DivIcon, Map, Marker, TileLayer, basemaps

from rulebook.history import Chapter, load_chapters, load_places, missing_places, turn_dates
from widgets._page import app_page

__all__ = ["Walkthrough", "walkthrough_app"]

ACTIVE, IDLE = "#c0392b", "#555555"


def chapter_html(chapter: Chapter) -> str:
    """A chapter's text, its figures with their sources, disagreements, and where to play it."""
    figures = "".join(
        f"<tr><td>{escape(f.label)}</td><td><b>{escape(f.value)}</b></td><td class='source'>{escape(f.source)}</td></tr>"
        for f in chapter.figures
    )
    disputes = "".join(f"<li>{escape(d)}</li>" for d in chapter.disagreements)
    link = (
        f" <a class='rb-app' href='{escape(chapter.game.app)}'>Open it</a>"
        if chapter.game.app
        else ""
    )
    return (
        f"<div class='rb-chapter' data-chapter='{escape(chapter.id)}'><h2>{escape(chapter.title)}</h2>"
        f"<p><i>{escape(chapter.dates)}</i></p><p>{escape(chapter.text)}</p>"
        f"<table class='rb-figures'><thead><tr><th>what</th><th>figure</th><th>source</th></tr></thead>"
        f"<tbody>{figures}</tbody></table>"
        + (
            f"<p><b>Where sources disagree</b></p><ul class='rb-disagree'>{disputes}</ul>"
            if disputes
            else ""
        )
        + f"<p class='rb-game'><b>In the games:</b> {escape(chapter.game.note)}{link}</p></div>"
    )


def first_team_html(chapter: Chapter) -> str:
    """First Team: Vietnam's map at this stage: who stands where, and what the picture rests on."""
    stage = chapter.game.first_team
    if stage is None:
        return ""
    from rulebook.games.first_team import campaign_map
    from rulebook.render import provenance_badge
    from rulebook.render.svg import point_map_svg

    counts = {}
    for loc, ids in stage.locations.items():
        us = sum(1 for i in ids if not i[0].isdigit())
        nva = len(ids) - us
        counts[loc] = " ".join(
            part for part in (f"{us} US" if us else "", f"{nva} NVA" if nva else "") if part
        )
    zones = "".join(
        f"<li>Zone {escape(z)}: {len(ids)} identified NVA compan{'y' if len(ids) == 1 else 'ies'} "
        f"({escape(', '.join(ids))})</li>"
        for z, ids in stage.zones.items()
    )
    units = "".join(
        f"<li><b>{escape(loc)}</b>: {escape(', '.join(ids))}</li>"
        for loc, ids in stage.locations.items()
    )
    return (
        f"<div class='rb-ftv-stage' data-turn='{stage.turn}'><h3>First Team: Vietnam, turn {stage.turn} "
        f"({escape(turn_dates(stage.turn))}) {provenance_badge(stage.provenance)}</h3>"
        f"<p>{escape(stage.note)}</p>{point_map_svg(campaign_map(), 520, counts=counts)}"
        f"<ul>{units}{zones}</ul><p><small>Units not shown are at An Khe (US) or in the Unknown Box "
        "(NVA). The map itself is reconstructed.</small></p></div>"
    )


def frame(places: list, pixels: int = 460) -> tuple[tuple[float, float], int]:
    """Centre and zoom that show *places* with a margin (Web Mercator: 256 px span 360 degrees at zoom 0)."""
    lats, lons = [p.lat for p in places], [p.lon for p in places]
    span = max(max(lats) - min(lats), max(lons) - min(lons), 0.01) * 1.8
    zoom = int(math.log2(pixels / 256 * 360 / span))
    return ((min(lats) + max(lats)) / 2, (min(lons) + max(lons)) / 2), max(6, min(zoom, 13))


class Walkthrough(ipw.VBox):
    """A timeline of chapters, a map of the places (highlighted per chapter) and the chapter's text."""

    def __init__(self) -> None:
        self.chapters = load_chapters()
        self.places = load_places()
        self.timeline = ipw.SelectionSlider(
            options=[(c.dates, i) for i, c in enumerate(self.chapters)],
            value=0,
            description="timeline",
            layout=ipw.Layout(width="40em"),
            style={"description_width": "initial"},
        )
        self.tiles = ipw.Checkbox(
            value=False,
            description="online base map (needs internet; for Binder)",
            indent=False,
            layout=ipw.Layout(width="auto"),
        )
        # No base layer by default: the places are drawn as vectors and nothing is fetched.
        self.map = Map(
            center=(13.78, 107.86),
            zoom=9,
            layers=(),
            scroll_wheel_zoom=True,
            attribution_control=False,
            layout=ipw.Layout(height="460px", width="100%"),
        )
        self.dots: dict[str, CircleMarker] = {}
        for place in self.places.values():
            dot = CircleMarker(
                location=(place.lat, place.lon),
                radius=6,
                color=IDLE,
                fill_color=IDLE,
                fill_opacity=0.8,
                weight=2,
            )
            label = Marker(
                location=(place.lat, place.lon),
                draggable=False,
                icon=DivIcon(
                    html=f"<div class='rb-place' data-place='{escape(place.id)}' style='font:11px sans-serif;"
                    f"white-space:nowrap;text-shadow:0 0 3px #fff'>{escape(place.name)}</div>",
                    icon_size=(10, 10),
                    icon_anchor=(-6, 6),
                ),
            )
            self.dots[place.id] = dot
            self.map.add(dot)
            self.map.add(label)
        self.base = TileLayer(url=basemaps.OpenStreetMap.Mapnik.build_url(), name="OpenStreetMap")
        self.text = ipw.HTML()
        self.play_button = ipw.Button(
            description="Play a turn of LZ Albany here",
            button_style="primary",
            layout=ipw.Layout(width="auto"),
        )
        self.play_log = ipw.HTML()
        self.first_team = ipw.HTML()
        self.play_button.on_click(lambda _: self.play_turn())
        self.game = None
        self.sources = ipw.HTML(self._sources_html())
        self.timeline.observe(lambda _: self.show(), names="value")
        self.tiles.observe(self._toggle_tiles, names="value")
        map_box = ipw.VBox([self.map, self.tiles, self.sources], layout=ipw.Layout(width="55%"))
        map_box.add_class("rb-map")  # the shared CSS makes the place labels plain text
        super().__init__(
            [
                self.timeline,
                ipw.HBox(
                    [
                        map_box,
                        ipw.VBox(
                            [self.text, self.play_button, self.play_log, self.first_team],
                            layout=ipw.Layout(width="45%"),
                        ),
                    ]
                ),
            ]
        )
        self.add_class("rb-walkthrough")
        self.show()

    def _sources_html(self) -> str:
        rows = "".join(
            f"<li>{escape(p.name)}: {p.lat:.4f}, {p.lon:.4f} ({escape(p.source)})</li>"
            for p in self.places.values()
        )
        unplaced = "".join(
            f"<li>{escape(m['name'])}: {escape(m['note'])}</li>" for m in missing_places()
        )
        return (
            f"<details class='rb-sources'><summary>Where the places come from</summary><ul>{rows}</ul>"
            f"<p>Not on the map, for want of a source with coordinates:</p><ul>{unplaced}</ul></details>"
        )

    def show(self) -> None:
        chapter = self.chapters[self.timeline.value]
        for place_id, dot in self.dots.items():
            colour = ACTIVE if place_id in chapter.places else IDLE
            dot.color = dot.fill_color = colour
            dot.radius = 9 if place_id in chapter.places else 5
        self.map.center, self.map.zoom = frame([self.places[p] for p in chapter.places])
        self.text.value = chapter_html(chapter)
        self.first_team.value = first_team_html(chapter)
        playable = chapter.game.app == "lz_albany_play.ipynb"
        self.play_button.layout.display = None if playable else "none"
        if not playable:
            self.play_log.value = ""

    def play_turn(self) -> None:
        """Step the LZ Albany engine through its next turn with the scripted players and show what happened."""
        from rulebook.games.lz_albany import CHANCE, new_game, scripted_policy

        if self.game is None or self.game.is_over():
            self.game = new_game(seed=1965)
        game, start = self.game, self.game.turn
        players = {"us": scripted_policy("us"), "nva": scripted_policy("nva")}
        while not game.is_over() and (game.turn <= start or game.phase == "set-up"):
            game.apply(
                game.sample_chance()
                if game.current_player() == CHANCE
                else players[game.current_player()](game)
            )
            if game.turn > max(start, 1) and game.phase == "reinforcement":
                break
        turn = max(start, 1)
        attacks = [
            e
            for e in game.log
            if e.turn == turn and e.action.split()[0] in ("fire", "melee", "mortar", "return-fire")
        ]
        items = "".join(
            f"<li><code>{escape(e.action)}</code>: {escape(str(e.trace[0]))}</li>"
            for e in attacks[:10]
        )
        ending = f" The game is over: {escape(str(game.outcome()))}." if game.is_over() else ""
        self.play_log.value = (
            f"<div class='rb-turn-log' data-turn='{turn}'><p><b>Turn {turn}</b> played by the scripted "
            f"players: US {game.board.vp['us']} VP, NVA {game.board.vp['nva']} VP, {len(attacks)} attacks."
            f"{ending} The first attacks, each with the first rule it set off:</p><ul>{items}</ul>"
            "<p>Open the play app to step it yourself, decision by decision.</p></div>"
        )

    def _toggle_tiles(self, change: dict) -> None:
        if change["new"] and self.base not in self.map.layers:
            self.map.layers = (self.base, *self.map.layers)
        elif not change["new"] and self.base in self.map.layers:
            self.map.remove(self.base)


def walkthrough_app() -> ipw.VBox:
    intro = (
        "<h1>The Ia Drang campaign, October-November 1965</h1>"
        "<p>Move along the timeline from the siege of Plei Me to the ambush at LZ Albany. Each chapter "
        "gives the events in brief, its figures with their sources, where the sources disagree, and the "
        "game that models it. The map works offline; tick the box for a base map when online.</p>"
    )
    return app_page(intro, Walkthrough())
