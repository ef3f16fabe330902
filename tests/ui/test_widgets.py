"""Widgets without a browser: they read controls and show what the core computes."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rulebook.dice import successes
from widgets import OddsExplorer, app_links, start_page
from widgets.launcher import links_html

ROOT = Path(__file__).resolve().parents[2]


def test_odds_explorer_follows_its_controls():
    explorer = OddsExplorer(dice=1)
    assert 'data-exact="1/6"' in explorer.result.value
    explorer.dice.value = 4
    assert f'data-exact="{successes(4).at_least(1)}"' in explorer.result.value
    explorer.target.value = 4
    assert 'data-exact="15/16"' in explorer.result.value
    assert explorer.result.value.count('class="outcome"') == 5


def test_app_links_read_titles_from_notebook_metadata(tmp_path):
    nb = {
        "cells": [],
        "metadata": {"rulebook": {"title": "LOS editor", "summary": "draw lines"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (tmp_path / "10_los.ipynb").write_text(json.dumps(nb))
    (tmp_path / "00_start_here.ipynb").write_text(json.dumps(nb))
    (tmp_path / "20_plain_name.ipynb").write_text(json.dumps({**nb, "metadata": {}}))
    apps = app_links(tmp_path, exclude="00_start_here.ipynb")
    assert [(a.file, a.title) for a in apps] == [
        ("10_los.ipynb", "LOS editor"),
        ("20_plain_name.ipynb", "20 plain name"),
    ]
    assert 'href="10_los.ipynb"' in links_html(apps)
    ordered = {**nb, "metadata": {"rulebook": {"title": "First", "order": 1}}}
    (tmp_path / "99_first.ipynb").write_text(json.dumps(ordered))
    assert app_links(tmp_path, exclude="00_start_here.ipynb")[0].title == "First"
    assert "No other apps yet" in links_html([])


def test_start_page_lists_the_three_games_and_is_marked_ready():
    page = start_page(ROOT / "notebooks", ROOT / "scenarios")
    html = page.children[1].value
    for game in ("lz-albany", "first-team", "ambush-valley"):
        assert f'data-game="{game}"' in html
    assert "rb-ready" in page._dom_classes
    assert isinstance(page.children[-1], OddsExplorer)


def test_walkthrough_highlights_each_chapters_places_and_tiles_are_opt_in():
    from widgets.walkthrough import ACTIVE, IDLE, Walkthrough

    walk = Walkthrough()
    assert all(type(layer).__name__ != "TileLayer" for layer in walk.map.layers)
    assert walk.dots["plei-me"].color == ACTIVE
    assert walk.dots["lz-albany"].color == IDLE
    walk.timeline.value = 3
    assert "data-chapter='albany'" in walk.text.value
    assert walk.dots["lz-albany"].color == ACTIVE
    assert walk.dots["plei-me"].color == IDLE
    assert "href='lz_albany_play.ipynb'" in walk.text.value
    walk.tiles.value = True
    assert type(walk.map.layers[0]).__name__ == "TileLayer"
    walk.tiles.value = False
    assert all(type(layer).__name__ != "TileLayer" for layer in walk.map.layers)


def test_walkthrough_plays_lz_albany_turn_by_turn_with_the_engine():
    from widgets.walkthrough import Walkthrough

    walk = Walkthrough()
    assert walk.play_button.layout.display == "none"  # Plei Me: no engine for it yet
    walk.timeline.value = 3
    assert walk.play_button.layout.display is None
    walk.play_turn()
    assert "data-turn='1'" in walk.play_log.value
    # Sentences with the rule cases as links, and a result in words (not a dict).
    assert "rules_reference.ipynb?rule=lza%3A7.1" in walk.play_log.value
    assert "NVA: Fire from B2: six dice into LZ Albany." in walk.play_log.value
    # Fire divided among areas is rolled once the dividing is done, a later log entry: the
    # class still hears what the six dice did (a teacher saw the fire with no result).
    items = re.findall(r"<li>(.*?)</li>", walk.play_log.value)
    fired = next(i for i, item in enumerate(items) if "Fire from B2: six dice" in item)
    assert "NVA fires from B2 at LZ Albany (6 dice)" in items[fired + 1]
    assert re.search(r"Six dice: .*(hit|no hits)", re.sub(r"<[^>]+>", "", items[fired + 1]))
    assert "Done dividing" not in walk.play_log.value
    assert "After turn 1 the score is US" in walk.play_log.value
    assert "{" not in walk.play_log.value
    assert walk.game.turn == 2


def test_first_team_app_lists_the_nva_batteries_under_option_6_2():
    from widgets.first_team_app import CampaignStepper, campaign_app
    from widgets.options import OptionsPanel

    page = campaign_app()  # (the options sit under the game: found by kind, not place)
    options = next(c for c in page.children if isinstance(c, OptionsPanel))
    app = next(c for c in page.children if isinstance(c, CampaignStepper))
    assert "NVA batteries" not in app.status.value
    options.pickers["nva_artillery"].value = True
    options.new_button.click()
    assert "32nd Regiment" in app.status.value
    assert "101/66" in app.status.value


def test_the_first_team_seed_box_reads_what_was_typed_and_says_what_it_kept():
    """The options' seed was an IntText: 2.5 arrived as seed 25 and -7 as -7, without a word."""
    from widgets.first_team_app import CampaignStepper, campaign_app
    from widgets.options import OptionsPanel

    page = campaign_app()
    options = next(c for c in page.children if isinstance(c, OptionsPanel))
    app = next(c for c in page.children if isinstance(c, CampaignStepper))
    kept = options.seed.value
    options.seed.set_state({"value": "2.5"})
    assert options.seed.value == kept
    assert f"2.5 is not a whole number: {kept:,} kept" in options.seed.note.value
    options.seed.set_state({"value": "-7"})
    assert "-7 is less than a dice seed takes" in options.seed.note.value
    options.seed.set_state({"value": "12"})
    options.new_button.click()
    assert app.game.seed == 12
    rows = options.children[0].children[0].children
    shown = [w for row in rows for w in getattr(row, "children", ())]
    assert options.seed.note in shown  # beside the box, where the reader typed


def test_a_near_certain_hit_is_not_shown_as_certain():
    """Twelve dice hitting on 4 to 6 miss all of them 1 time in 4,096: the headline said 100.0%."""
    explorer = OddsExplorer(dice=12, target=4)
    assert "4095/4096 (over 99.9%)" in explorer.result.value
