"""The Ia Drang campaign, chapter by chapter, on a geographic map that needs no internet."""

from __future__ import annotations

import re
from html import escape

import ipywidgets as ipw
from ipyleaflet import TileLayer, basemaps

from rulebook.history import Chapter, load_chapters, turn_dates
from rulebook.rule_ids import RULE_ID_IN_TEXT
from widgets._page import app_page, rule_links
from widgets._turn_story import turn_story_html
from widgets.atlas import ACTIVE, IDLE, AtlasMap

__all__ = ["ACTIVE", "IDLE", "Walkthrough", "result_sentence", "walkthrough_app"]

WALK_CSS = """<style>
.rb-walkthrough .rb-atlas.leaflet-container, .rb-walkthrough .rb-atlas .leaflet-container { background: #f3eedc; border: 1px solid #b9ad8f;
  box-shadow: inset 0 0 0 4px #fbf8ee; }
.rb-walkthrough .leaflet-div-icon { background: transparent; border: none; }
.rb-label { white-space: nowrap; overflow: visible; color: #222; text-align: left;
  font-family: "DejaVu Serif", Georgia, serif; text-shadow: 0 0 2px #f3eedc, 0 0 3px #f3eedc; }
.rb-label-active { color: #8e1f13; font-weight: bold; }
.rb-label-fixed { text-align: center; font-style: italic; color: #4b5d6b; }
.rb-label[data-label='ia-drang'] { color: #2c5f94; }
.rb-label[data-label='chu-pong'] { color: #6e5130; }
.rb-label[data-label^='route-'] { font-style: normal; font-family: "DejaVu Sans", sans-serif;
  color: #fff; background: #b23a22; border-radius: 3px; font-weight: bold; }
.rb-label[data-label='cambodia'], .rb-label[data-label='south-vietnam'] { color: #7d7361; }
.rb-legend { display: flex; flex-wrap: wrap; gap: 0.2rem 1.1rem; list-style: none; padding: 0;
  margin: 0.4rem 0; font-size: 0.85em; }
.rb-swatch { display: inline-block; width: 1.4em; height: 0.8em; vertical-align: middle; }
.rb-hidden-labels { font-size: 0.85em; color: #555; margin: 0.2rem 0; }
.rb-chapter-title { margin-left: 1rem; font-size: 1rem; }
.rb-walkthrough .rb-timeline .widget-readout { text-align: left; }
.rb-walkthrough .rb-die { display: inline-block; min-width: 1.1em; padding: 0 0.15em;
  border: 1px solid #555; border-radius: 3px; text-align: center; font-size: 0.85em;
  background: #fff; }
.rb-walkthrough .rb-die[data-face='6'] { background: #c0392b; color: #fff; border-color: #c0392b; }
.rb-story li { margin: 0.2rem 0; }
/* The chapter's column never runs past the window (1024 px projectors): long source addresses
   and headings wrap, and First Team's map scales down with the column. */
.rb-walkthrough .widget-html, .rb-walkthrough .widget-html-content { min-width: 0;
  max-width: 100%; }
.rb-walkthrough .widget-html-content { overflow-wrap: break-word; }
/* A source wraps between words and inside a web address only where web_breaks lets it (breaking
   anywhere split "frontlinesoffreedom.com" and "ftv:1.1B" mid-word at 1024 px). */
.rb-walkthrough .rb-figures td.source .rb-rulecase { white-space: nowrap; }
.rb-walkthrough .rb-ftv-stage svg { max-width: 100%; height: auto; }
.rb-walkthrough table { max-width: 100%; }
.rb-result { font-weight: bold; }
</style>"""


#: A web address or a site's name in a source ("tranthanhhien.com", "army.mil/medalofhonor").
WEB_NAME = re.compile(r"(?:https?://)?[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b(?:/[^\s,;\"')]*)?")


def web_breaks(text: str) -> str:
    """*text* escaped, with each web address free to wrap only where a printed one may: before a
    dot and after a slash (a narrow column otherwise breaks a site's name at any letter).

    >>> web_breaks('lzxray.com, "X-Ray" (army.mil/moh)')
    'lzxray<wbr>.com, &quot;X-Ray&quot; (army<wbr>.mil/<wbr>moh)'
    """
    out, last = [], 0
    for m in WEB_NAME.finditer(text):
        name = re.sub(r"(?<=.)\.", "<wbr>.", escape(m.group(0)))
        out += [escape(text[last : m.start()]), re.sub(r"/(?=[^/])", "/<wbr>", name)]
        last = m.end()
    return "".join(out) + escape(text[last:])


def source_html(text: str, urls: list[str] = ()) -> str:
    """A source as the page shows it: rule cases as links into the rules reference, then a
    link to each page it names, its full address shown on hover.

    >>> source_html("ftv:1.1A")
    "<a class='rb-rulecase' href='rules_reference.ipynb?rule=ftv%3A1.1A' target='_blank' title='rule ftv:1.1A in the rules reference'>ftv:1.1A</a>"
    >>> source_html("a page", ["https://example.org/p"])
    "a page <a class='rb-source-link' href='https://example.org/p' target='_blank' title='https://example.org/p'>(page&nbsp;1)</a>"
    """
    out, last = [], 0
    for m in RULE_ID_IN_TEXT.finditer(text):
        out += [web_breaks(text[last : m.start()]), rule_links([m.group(0)])]
        last = m.end()
    out.append(web_breaks(text[last:]))
    links = "".join(
        f" <a class='rb-source-link' href='{escape(u)}' target='_blank' title='{escape(u)}'>"
        f"(page&nbsp;{i})</a>"
        for i, u in enumerate(urls, 1)
    )
    return "".join(out) + links


def chapter_html(chapter: Chapter) -> str:
    """A chapter's text, its figures with their sources, disagreements, and where to play it."""
    figures = "".join(
        f"<tr><td>{escape(f.label)}</td><td><b>{escape(f.value)}</b></td>"
        f"<td class='source'>{source_html(f.source, f.urls)}</td></tr>"
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


class Walkthrough(ipw.VBox):
    """A timeline of chapters, the atlas map framed to each chapter, and the chapter's text."""

    def __init__(self) -> None:
        self.chapters = load_chapters()
        self.timeline = ipw.SelectionSlider(
            options=[(c.dates, i) for i, c in enumerate(self.chapters)],
            value=0,
            description="Chapter",
            layout=ipw.Layout(width="32em", flex="0 0 auto"),
            style={"description_width": "initial"},
        )
        self.timeline.add_class("rb-timeline")
        # The chapter's title keeps beside the timeline at 1024 px, wrapping in its own box if
        # it must, rather than dropping to a line of its own and pushing the map down.
        self.chapter_title = ipw.HTML(layout=ipw.Layout(flex="1 1 16rem", min_width="0"))
        self.atlas = AtlasMap()
        self.map = self.atlas.map
        self.dots = self.atlas.dots
        self.tiles = ipw.Checkbox(
            value=False,
            description="Online base map (needs internet)",
            indent=False,
            layout=ipw.Layout(width="auto"),
        )
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
        self.timeline.observe(lambda _: self.show(), names="value")
        self.tiles.observe(self._toggle_tiles, names="value")
        self.atlas.children = (*self.atlas.children, self.tiles)
        # Side by side on a projector, stacked (map first) on a narrow screen.
        self.atlas.layout = ipw.Layout(flex="3 1 36rem", min_width="0")
        side = ipw.VBox(
            [self.text, self.play_button, self.play_log, self.first_team],
            layout=ipw.Layout(flex="2 1 24rem", min_width="0", padding="0 0 0 1rem"),
        )
        body = ipw.HBox(
            [self.atlas, side],
            layout=ipw.Layout(align_items="flex-start", flex_flow="row wrap", width="100%"),
        )
        bar = ipw.HBox(
            [self.timeline, self.chapter_title],
            layout=ipw.Layout(align_items="center", flex_flow="row wrap"),
        )
        # The dates' box is as wide as the longest date, so the timeline's track keeps its
        # length from chapter to chapter (a date's letters average about 0.9 of a digit's
        # width, the "ch"). Without it a long date shortened the track under the reader's hand.
        widest = 0.9 * max(len(c.dates) for c in self.chapters)
        readout = (
            "<style>.rb-walkthrough .rb-timeline .widget-readout "
            f"{{ min-width: {widest:.1f}ch; }}</style>"
        )
        super().__init__([ipw.HTML(WALK_CSS + readout), bar, body])
        self.add_class("rb-walkthrough")
        self.show()

    def show(self) -> None:
        chapter = self.chapters[self.timeline.value]
        self.chapter_title.value = (
            f"<span class='rb-chapter-title'>{self.timeline.value + 1} of {len(self.chapters)}: "
            f"<b>{escape(chapter.title)}</b></span>"
        )
        self.atlas.frame(list(chapter.places))
        self.text.value = chapter_html(chapter)
        self.first_team.value = first_team_html(chapter)
        playable = chapter.game.app == "lz_albany_play.ipynb"
        self.play_button.layout.display = None if playable else "none"
        if not playable:
            self.play_log.value = ""

    def play_turn(self) -> None:
        """Step the LZ Albany engine through its next turn with the scripted players and tell it."""
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
        self.play_log.value = (
            f"<div class='rb-turn-log' data-turn='{turn}'><h3>Turn {turn}, played by the "
            "computer for both sides</h3>"
            + turn_story_html(game.log, turn, game.board)
            + f"<p class='rb-result'>{escape(result_sentence(game, turn))}</p>"
            "<p>Open the <a href='lz_albany_play.ipynb'>play app</a> to play it yourself, "
            "decision by decision.</p></div>"
        )

    def _toggle_tiles(self, change: dict) -> None:
        if change["new"] and self.base not in self.map.layers:
            self.map.layers = (self.base, *self.map.layers)
        elif not change["new"] and self.base in self.map.layers:
            self.map.remove(self.base)


def result_sentence(game, turn: int) -> str:
    """Where the game stands after *turn*, in a sentence.

    >>> from rulebook.games.lz_albany import new_game
    >>> result_sentence(new_game(seed=1), 1)
    'After turn 1 the score is US 0 VP, NVA 0 VP; the battle goes on.'
    """
    vp = game.board.vp
    score = f"US {vp['us']} VP, NVA {vp['nva']} VP"
    outcome = game.outcome()
    if outcome is None:
        return f"After turn {turn} the score is {score}; the battle goes on."
    winner = {"us": "the US", "nva": "the NVA"}.get(outcome["winner"])
    how = outcome["ending"]
    if winner is None:
        return f"The game is over after turn {turn}: a draw ({how}), {score}."
    return f"The game is over after turn {turn}: {winner} wins by {how}, {score}."


def walkthrough_app() -> ipw.VBox:
    intro = (
        "<h1>The Ia Drang campaign, October-November 1965</h1>"
        "<p>Move along the timeline from the siege of Plei Me to the ambush at LZ Albany. Each chapter "
        "gives the events in brief, its figures with their sources, where the sources disagree, and the "
        "game that models it. The map works offline; tick the box for a base map when online.</p>"
    )
    return app_page(intro, Walkthrough())
