"""The LZ Albany and First Team play apps without a browser: map clicks, replay, files, opponent."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from browser._seen import raw_values
from browser._words import RAW as WORDS_RAW

from rulebook.games._decisions import CHANCE
from rulebook.games.lz_albany import new_game, scripted_policy
from rulebook.games.lz_albany.narrate import action_places, describe, narrate
from widgets.lz_albany_app import LzAlbanyStepper, play_app


def test_a_click_on_a_lit_area_plays_the_one_action_it_picks(tmp_path):
    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    assert "C3" in stepper.candidates()
    assert "data-candidates='" in stepper.prompt.value
    stepper.place_clicked("C3")
    assert [a.notation() for a in stepper.game.history] == ["place A/2-7-1 C3"]
    assert stepper.errors.value == ""


def _decision_with_two_step_choice(seed: int):
    """Play scripted until a decision offers the only action that begins with two places, and its
    first place begins other actions too."""
    game = new_game(seed=seed)
    players = {s: scripted_policy(s) for s in ("us", "nva")}
    while not game.is_over():
        if game.current_player() != CHANCE:
            places = [action_places(a, game.board) for a in game.legal_actions()]
            pairs = [p for p in places if len(p) == 2]
            for p in pairs:
                same_start = sum(q[:1] == p[:1] for q in places)
                if sum(q[:2] == p for q in places) == 1 and 1 < same_start < len(places):
                    return game, p
            game.apply(players[game.current_player()](game))
        else:
            game.apply(game.sample_chance())
    raise AssertionError("no two-step choice in a whole game")


def test_a_first_click_narrows_the_list_and_lights_the_next_places(tmp_path):
    game, (first, second) = _decision_with_two_step_choice(seed=4)
    stepper = LzAlbanyStepper(game, saves=tmp_path)
    stepper.answer.value = False
    total = len(game.legal_actions())
    before = len(game.history)
    stepper.place_clicked(first)
    assert len(stepper.game.history) == before  # nothing played yet
    assert 0 < len(stepper.choices.options) < total
    assert second in stepper.candidates()
    assert "focus" in stepper._marks.values()
    stepper.place_clicked(second)
    assert len(stepper.game.history) == before + 1
    assert stepper.errors.value == ""


def test_a_click_on_a_place_no_action_involves_says_so(tmp_path):
    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    stepper.place_clicked("A1")
    assert "No action of this decision involves A1" in stepper.errors.value
    assert not stepper.game.history


def test_save_confirms_what_and_where_and_the_refresh_keeps_it(tmp_path):
    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    stepper._apply()
    stepper.save_name.value = "lesson"
    stepper._save()
    text = stepper.message.value
    assert "Saved 1 action (turn 1, reinforcement)" in text
    assert "to saves/lesson.json." in text  # as the class knows it, not the server's path
    assert str(tmp_path) not in text
    assert (tmp_path / "lesson.json").exists()
    stepper._load()
    assert "Loaded saves/lesson.json: turn 1, 1 action." in stepper.message.value


def test_an_empty_file_name_asks_for_one_rather_than_writing_game_json(tmp_path):
    """An emptied box wrote saves/game.json without a word, over an earlier game of that name."""
    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    (tmp_path / "game.json").write_text("an earlier save")
    stepper._apply()
    stepper.save_name.value = "  "
    stepper._save()
    assert "Give a file name first, for example my_game" in stepper.errors.value
    assert (tmp_path / "game.json").read_text() == "an earlier save"
    assert "Saved" not in stepper.message.value
    stepper._load()
    assert "Give a file name first" in stepper.errors.value
    assert len(stepper.game.history) == 1


def test_a_failed_load_says_why_and_keeps_the_game(tmp_path):
    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    stepper._apply()
    record = json.loads(stepper.game.to_json())
    record["actions"] = ["place A/2-7-1 Nowhere"]
    (tmp_path / "broken.json").write_text(json.dumps(record))
    stepper.save_name.value = "broken"
    stepper._load()
    assert "broken.json could not be loaded" in stepper.errors.value
    assert "The game on the screen is unchanged" in stepper.errors.value
    assert len(stepper.game.history) == 1
    stepper.save_name.value = "missing"
    stepper._load()
    assert "There is no saved game at saves/missing.json" in stepper.errors.value


def test_the_replay_slider_shows_the_past_and_comes_back(tmp_path):
    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    for area in ("C3", "C4", "D4"):
        stepper.place_clicked(area)
    now = stepper.map_view._labels["C4"].icon.html
    stepper.replay.value = 1  # after A/2-7-1 entered C3, before anyone reached C4
    assert "rb-past" in stepper.status.value
    assert "data-entry='1'" in stepper.status.value
    assert "rb-us" not in stepper.map_view._labels["C4"].icon.html
    assert stepper.apply_button.disabled
    stepper._present()
    assert stepper.map_view._labels["C4"].icon.html == now
    assert not stepper.apply_button.disabled


def test_a_past_position_not_seen_is_replayed_for_the_slider(tmp_path):
    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    for area in ("C3", "C4"):
        stepper.place_clicked(area)
    stepper.save_name.value = "two"
    stepper._save()
    stepper.start(new_game(seed=1))
    stepper._load()  # a loaded game: no snapshots of its past yet
    stepper.replay.value = 1
    assert "rb-us" in stepper.map_view._labels["C3"].icon.html
    assert "rb-us" not in stepper.map_view._labels["C4"].icon.html


def test_the_computer_plays_the_other_side_when_the_teacher_has_chosen(tmp_path):
    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    assert stepper.human.value == "us"
    while stepper.game.turn == 1 and stepper.game.phase == "reinforcement":
        assert stepper.game.current_player() == "us"  # the NVA never waits for a person
        stepper._apply()
    assert stepper.game.board.on_map("nva")  # the computer placed the NVA
    assert stepper.errors.value == ""


def test_asked_to_play_the_teachers_side_the_computer_says_how_to_let_it(tmp_path):
    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    stepper.pace.value = "to the end of the turn"
    stepper._auto_click()
    assert "It is your turn to decide (US)" in stepper.errors.value
    assert "set You play, below, to &#x27;neither: watch&#x27;" in stepper.errors.value
    assert not stepper.game.history


def test_a_refusal_goes_once_the_reader_moves_through_the_game_and_stays_while_the_game_redraws(
    tmp_path,
):
    """A review saw "It is your turn to decide (US)" stay under a past position reached by the
    replay slider: the refusal answered the last button pressed at the present."""
    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    for _ in range(3):
        stepper._apply()
    stepper._auto_click()
    assert "It is your turn to decide (US)" in stepper.errors.value
    stepper.refresh()  # the game redrawn, the slider following it: the refusal stands
    assert "It is your turn to decide (US)" in stepper.errors.value
    stepper.replay.value = 1
    assert stepper.errors.value == ""


def test_the_teacher_sets_the_pace_of_the_computer(tmp_path):
    stepper = LzAlbanyStepper(new_game(seed=2), saves=tmp_path)
    stepper.answer.value = False
    stepper.human.value = "none"
    stepper.pace.value = "one decision"
    stepper._auto_click()
    assert len(stepper.game.history) == 1
    stepper.pace.value = "to the end of the turn"
    stepper._auto_click()
    assert stepper.game.turn == 2
    assert "The computer played" in stepper.message.value


def test_the_log_reads_in_sentences_with_dice_and_rules():
    game = new_game(seed=1)
    players = {s: scripted_policy(s) for s in ("us", "nva")}
    while not any(s.dice and s.rules == ("lza:7.1",) for e in game.log for s in narrate(e)):
        player = game.current_player()
        game.apply(game.sample_chance() if player == CHANCE else players[player](game))
    rolled = [s for e in game.log for s in narrate(e, game.board) if s.rules == ("lza:7.1",)]
    first = rolled[0]
    assert first.text.endswith(("hit.", "hits."))
    assert " ".join(map(str, first.dice)) in first.text
    texts = " ".join(s.text for e in game.log for s in narrate(e, game.board))
    assert "nva-fire-move" not in texts  # chit ids are told by name
    assert "->" not in texts


# What reads like program output in a sentence, beyond the reprs the browser tests look for
# (browser._seen, browser._words: a tuple such as a group named "66 (6, 7, 8)", snake_case ids):
# a plural left to the reader ("unit(s)"), a figure and a noun that disagree ("1 dice"), a
# senior officer's bare id where a sentence begins (his arrival told as "A enters in D3"; in
# "A wounded marker" it is the article).
NOT_WORDS = [
    re.compile(r"\w\((?:s|ies)\)"),
    re.compile(r"\b(?:1|one) dice\b"),
    re.compile(r"(?:^|: )(?:A|Man|Ba|McDade) (?!wounded marker)"),
    *WORDS_RAW.values(),
]


def _not_words(text: str) -> list[str]:
    return raw_values(text) + [m.group(0) for p in NOT_WORDS for m in p.finditer(text)]


def _scripted_game(seed: int):
    """A whole game of the scripted players, with every prompt and choice offered on the way
    in the app's words."""
    game = new_game(seed=seed)
    stepper = LzAlbanyStepper(new_game(seed=seed))
    players = {s: scripted_policy(s) for s in ("us", "nva")}
    asked = []
    while not game.is_over():
        player = game.current_player()
        if player != CHANCE:
            stepper.game = game  # (the app names a prompt's ids from the game it shows)
            asked.append(stepper.prompt_words(game.decision.prompt))
            asked += [describe(a, game.board) for a in game.legal_actions()]
        game.apply(game.sample_chance() if player == CHANCE else players[player](game))
    return game, asked


def test_a_whole_game_is_told_in_words_not_program_values():
    """A teacher found "1 mortar unit in E6 fire at C3: 1 dice", "NVA scores 2 VP (us
    reduced)", "Activate NVA 66 (6, 7, 8) to fire" and "39 A enters in D3" in the log."""
    game, asked = _scripted_game(seed=1)
    told = [s.text for e in game.log for s in narrate(e, game.board)]
    problems = {t: found for t in told + asked if (found := _not_words(t))}
    assert problems == {}
    said = " ".join(told)
    assert "scores 2 VP: a US platoon reduced" in said
    assert "Activate NVA 6/8-66, 7/8-66 and 8/8-66 to fire" in said
    assert "Commander A enters in" in said
    assert re.search(r"1 mortar in \w+ fires at \w+: 1 die ", said)


def test_each_hit_is_told_as_who_places_it_on_whom():
    """ "US: Hit A/2-7-1" after the NVA's Choi Oi roll read as the US shooting its own men, and
    "NVA: Hit C/2-7-1" gave no hint that the US would place the second of two hits."""
    game, _ = _scripted_game(seed=1)
    told = [[s.text for s in narrate(e, game.board)] for e in game.log]
    heads = [sentences[0] for sentences in told if sentences]
    assert not [h for h in heads if re.match(r"(US|NVA): Hit ", h)]
    placed = [s for sentences in told for s in sentences if " places " in s]
    firsts = [s for s in placed if re.match(r"(US|NVA) places hit 1 of 2 on \S+ in \S+\.$", s)]
    assert firsts
    assert any(re.match(r"(US|NVA) places hit 2 of 2 on ", s) for s in placed)
    assert any(re.match(r"(US|NVA) places the hit on ", s) for s in placed)


def test_the_line_under_the_map_tells_what_stands_where_the_click_put_it(tmp_path):
    """A teacher pressed Apply, then clicked C4: A/2-7-2 entered C4 and the map showed him, but
    the line under the map still said "C4: empty." (written when the mouse came over C4,
    before the click), and again after Undo. Before any area is pointed at, the line holds
    its room with a hint, so the first one pointed at does not push the replay bar down."""
    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    assert "Point at an area" in stepper.stack.value
    stepper._apply()
    stepper.map_view.hovered = "C4"  # the mouse comes over C4 on its way to click it
    assert "C4: empty." in stepper.stack.value
    stepper.place_clicked("C4")
    assert [a.notation() for a in stepper.game.history][-1] == "place A/2-7-2 C4"
    assert "C4: US platoon A/2-7-2." in stepper.stack.value
    stepper._undo()
    assert "C4: empty." in stepper.stack.value
    stepper.replay.value = 0  # the past is told as the map shows it, then the present again
    stepper._present()
    assert "C4: empty." in stepper.stack.value


def test_the_first_team_line_under_the_map_follows_the_position_drawn(tmp_path):
    """The same fault in the campaign app: the line written on hover kept telling the position
    from before the click."""
    from rulebook.games.first_team.engine import new_campaign
    from widgets.first_team_app import CampaignStepper

    stepper = CampaignStepper(new_campaign(seed=1965), saves=tmp_path)
    assert "Point at a location" in stepper.stack.value
    stepper.map_view.hovered = "D2"  # Duc Co's garrison and supply
    told = stepper.stack.value
    assert "D2 (Duc Co Special Forces camp): US: " in told
    # A position in which D2 is empty is drawn (as a click, Undo or the replay slider draw
    # one) while the mouse stays over D2: the line follows it, with no new hover.
    snap = stepper.snapshot()
    empty = {**snap, "places": {**snap["places"], "D2": None}}
    stepper.snapshot_at = lambda entry: empty  # the position the app draws next
    stepper._show_position()
    assert "D2 (Duc Co Special Forces camp): empty." in stepper.stack.value
    del stepper.snapshot_at
    stepper._show_position()
    assert stepper.stack.value == told


def test_the_campaign_map_has_a_key_to_every_kind_of_chip_it_draws(tmp_path):
    """LZ Albany's map had its key to the counters; the campaign's chips (G, LZ, ?, supply,
    HOLD, fatigue) had none. Every chip class drawn in three turns is in the key."""
    from rulebook.games.first_team.engine import new_campaign
    from widgets.first_team_app import COUNTER_KEY, CampaignStepper

    stepper = CampaignStepper(new_campaign(seed=1965), saves=tmp_path)
    assert COUNTER_KEY in stepper.map_view.caption.value
    stepper.pace.value = "to the end of the turn"
    drawn = set()
    for _ in range(3):
        stepper._auto_click()
        for at in stepper.snapshot()["places"].values():
            if at:
                drawn |= set(re.findall(r"class='(rb-ctr [^']*)'", stepper._counters(at)[0]))
    assert {"rb-ctr rb-us", "rb-ctr rb-supply", "rb-ctr rb-lz-down"} <= drawn
    assert drawn <= set(re.findall(r"class='(rb-ctr [^']*)'", COUNTER_KEY)), drawn


def test_a_loaded_campaign_tells_the_last_turn_as_the_saved_one_did(tmp_path):
    """A teacher loaded a saved campaign and its summary of the last turn (CPs spent, VP,
    the NVA phase) was gone: it read the positions drawn, and a game loaded from its
    checkpoint has drawn none before it. Turns are read from the log now (ftv:3.0)."""
    from rulebook.games.first_team.engine import new_campaign
    from widgets.first_team_app import CampaignStepper
    from widgets.stepper import PACES

    stepper = CampaignStepper(new_campaign(seed=1965), saves=tmp_path)
    for _ in range(3):
        stepper._auto(PACES["to the end of the turn"])
    told = stepper.below_map.value
    assert "the US spent" in told
    record = stepper.game.to_json()
    assert '"checkpoint"' in record
    loaded = CampaignStepper(type(stepper.game).from_json(record), saves=tmp_path)
    assert loaded.below_map.value == told


def test_the_app_opens_on_the_scenario_the_url_names(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "scenario=scenarios/lz_albany/standard.yaml")
    page = play_app(seed=1)
    assert page.children[-1].game.scenario.id == "standard"
    monkeypatch.setenv("QUERY_STRING", "scenario=../../etc/passwd")
    page = play_app(seed=1)
    assert "Could not open ../../etc/passwd" in page.children[1].value
    assert "leaves the project folder" in page.children[1].value


def test_a_play_test_link_names_the_designers_file_and_picks_it(monkeypatch, saves_file):
    """The designer's 'Save and play' link: the app says which scenario it plays, from
    which file, and its scenario picker shows that file, not the standard scenario."""
    root = Path(__file__).resolve().parents[2]
    mine = saves_file("play_test_link", ".yaml")
    text = (root / "scenarios/lz_albany/standard.yaml").read_text(encoding="utf-8")
    mine.write_text(text.replace("title: LZ Albany, 17 November 1965", "title: My Albany", 1))
    monkeypatch.chdir(root / "notebooks")  # where Voila runs an app: its saves/ is here
    monkeypatch.setenv("QUERY_STRING", f"scenario=notebooks/saves/{mine.name}")
    page = play_app(seed=1)
    stepper = page.children[-1]
    assert stepper.game.scenario.title == "My Albany"
    assert f"Playing <b>My Albany</b> from notebooks/saves/{mine.name}." in page.children[1].value
    assert stepper.scenario.value == str(mine.resolve())


def test_each_play_app_refuses_the_other_games_scenario_in_the_games_names(monkeypatch):
    """A link from the First Team designer pasted into LZ Albany's app (and the reverse) opens
    the app's own scenario and says why, where the engine had stopped on a missing value."""
    from widgets.first_team_app import CampaignStepper, campaign_app

    monkeypatch.setenv("QUERY_STRING", "scenario=scenarios/first_team/campaign.yaml")
    page = play_app(seed=1)
    said = page.children[1].value
    assert "this scenario is for First Team: Vietnam; LZ Albany cannot play it" in said
    assert "Showing the standard scenario" in said
    assert page.children[-1].game.scenario.id == "standard"
    monkeypatch.setenv("QUERY_STRING", "scenario=scenarios/lz_albany/standard.yaml")
    page = campaign_app(seed=1)
    said = page.children[1].value
    assert "this scenario is for LZ Albany; First Team: Vietnam cannot play it" in said
    stepper = next(c for c in page.children if isinstance(c, CampaignStepper))
    assert stepper.game.scenario.game.value == "first-team"


def test_both_apps_offer_their_scenario_files_and_saved_games(tmp_path):
    from rulebook.games.first_team.engine import new_campaign
    from widgets.first_team_app import CampaignStepper

    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    labels = [label for label, _ in stepper.scenario.options]
    assert "LZ Albany, 17 November 1965 (standard.yaml)" in labels
    stepper._save()
    labels = [label for label, _ in stepper.scenario.options]
    assert any(label.startswith("Saved game game") for label in labels)
    campaign = CampaignStepper(new_campaign(seed=1), saves=tmp_path)
    labels = [label for label, _ in campaign.scenario.options]
    assert any(label.endswith("(campaign.yaml)") for label in labels)
    assert not any("standard.yaml" in label for label in labels)
    # two files of one name are told apart by their folders
    (tmp_path / "campaign.yaml").write_text(
        (Path(__file__).parents[2] / "scenarios/first_team/campaign.yaml").read_text()
    )
    campaign.refresh_scenarios()
    labels = [label for label, _ in campaign.scenario.options]
    assert any(label.endswith("(scenarios/first_team/campaign.yaml)") for label in labels)
    assert any(label.endswith(f"({tmp_path.resolve() / 'campaign.yaml'})") for label in labels)


def test_a_long_saved_game_loads_from_its_checkpoint_and_shows_what_the_game_showed(tmp_path):
    """A saved game of several hundred actions carries a checkpoint (issue 16): the app loads
    it, shows the status and map the game showed when saved, and can step back to the start."""
    import random

    from rulebook.games.lz_albany import random_policy

    game = new_game(seed=4)
    policy = random_policy(random.Random(4))
    while len(game.history) < 300:
        game.apply(game.sample_chance() if game.current_player() == CHANCE else policy(game))
    shown = LzAlbanyStepper(game, saves=tmp_path)
    shown.save_name.value = "long"
    shown._save()
    assert "checkpoint" in json.loads((tmp_path / "long.json").read_text())
    loaded = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    loaded.save_name.value = "long"
    loaded._load()
    assert loaded.errors.value == ""
    assert loaded.game.to_json() == game.to_json()
    assert loaded.status.value == shown.status.value
    assert loaded.prompt.value == shown.prompt.value
    loaded.replay.value = 1  # the start of the game, before the checkpoint
    assert "data-entry='1'" in loaded.status.value
    assert loaded.game.log_text() == game.log_text()


def test_a_linked_scenario_the_engine_cannot_use_is_refused_by_field(monkeypatch):
    """A save whose stacking limit is a word opens the standard game and says which field."""
    saves = Path(__file__).resolve().parents[2] / "notebooks" / "saves"
    saves.mkdir(exist_ok=True)
    bad = saves / f"bad_values_{os.getpid()}.yaml"
    text = (saves.parents[1] / "scenarios" / "lz_albany" / "standard.yaml").read_text()
    bad.write_text(text.replace("stacking_limit: {value: 3,", "stacking_limit: {value: three,"))
    try:
        monkeypatch.setenv("QUERY_STRING", f"scenario=notebooks/saves/{bad.name}")
        page = play_app(seed=1)
    finally:
        bad.unlink()
    said = page.children[1].value
    assert f"Could not open notebooks/saves/{bad.name}" in said
    assert "values.stacking_limit.value: a whole number is expected" in said
    assert page.children[-1].game.scenario.values["stacking_limit"].value == 3


def test_a_scenario_file_with_a_negative_count_is_refused_by_field():
    from rulebook.games._playable import value_kind_problems
    from rulebook.games.lz_albany import standard_scenario

    book = standard_scenario()
    flares = book.values["flares"].model_copy(update={"value": -5})
    bad = book.model_copy(update={"values": {**book.values, "flares": flares}})
    said = [str(p) for p in value_kind_problems(bad, book, "mine.yaml")]
    assert said == ["mine.yaml: values.flares.value: cannot be below zero (the book has 8), not -5"]


def test_a_campaign_open_when_python_exits_closes_without_a_traceback(tmp_path):
    """A kernel shut down with a campaign open (played, redrawn, one step undone) used to print
    "Exception ignored ... catching classes that do not inherit from BaseException": Python
    clears a module's globals before it closes a game still alive, and the campaign's
    `except GameOver` then read None."""
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent(
        f"""
        from widgets.first_team_app import CampaignStepper
        from rulebook.games.first_team.engine import new_campaign
        st = CampaignStepper(new_campaign(seed=1), saves={str(tmp_path)!r})
        for _ in range(30):
            g = st.game
            st._play(g.sample_chance() if g.current_player() == "chance" else g.legal_actions()[0])
        st.refresh()
        st._undo(None)
        st.refresh()
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert "Exception ignored" not in done.stderr, done.stderr


DAMAGED_SAVES = {
    "latin1.yaml": b"game: lz-albany\ntitle: caf\xe9\n",  # not UTF-8
    "count.json": json.dumps({**json.loads(new_game(seed=1).to_json()), "actions": 5}).encode(),
    "listed.json": json.dumps({"scenario": ["standard"], "actions": []}).encode(),
    "nothing.json": json.dumps({"scenario": "standard", "actions": None}).encode(),
    "deep.json": b"[" * 100_000,
}


def test_damaged_files_in_the_saves_folder_never_stop_a_play_app_from_opening(tmp_path):
    for name, raw in DAMAGED_SAVES.items():
        (tmp_path / name).write_bytes(raw)
    (tmp_path / "folder.yaml").mkdir()
    os.mkfifo(tmp_path / "pipe.yaml")  # a read would wait for a writer forever
    os.mkfifo(tmp_path / "pipe.json")
    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    labels = [label for label, _ in stepper.scenario.options]
    assert any(label.endswith("(standard.yaml)") for label in labels)
    # A saved game of this game's scenario whose actions are not a list is offered as damaged,
    # and opening it says what is wrong and keeps the game on the screen.
    damaged = [label for label in labels if label.startswith("Saved game") and "damaged" in label]
    assert damaged == [
        "Saved game count, damaged (count.json)",
        "Saved game nothing, damaged (nothing.json)",
    ]
    stepper._apply()
    stepper.scenario.value = str((tmp_path / "count.json").resolve())
    stepper._open()
    assert "count.json could not be loaded" in stepper.errors.value
    assert "actions: " in stepper.errors.value  # the field at fault
    assert len(stepper.game.history) == 1
    stepper.scenario.value = str((tmp_path / "nothing.json").resolve())
    stepper._open()
    assert "nothing.json could not be loaded" in stepper.errors.value
    assert "log_version: no record version; this library reads 1" in stepper.errors.value


def test_a_lit_choice_keeps_its_fill_so_only_camps_and_pleiku_read_as_yellow():
    """The First Team map's legend says pale yellow circles are Pleiku and the camps: a place lit
    as a choice gets a thick ring but keeps its own fill, so the legend stays true (a teacher
    saw every lit location turn yellow at the set-up)."""
    from rulebook.games.first_team.engine import new_campaign
    from widgets.point_map_view import FILL, SPECIAL_FILL, PointMapView

    view = PointMapView(new_campaign(seed=1).board.map)
    camps = set(view.point_map.spec.special_forces_camps) | {"Pleiku"}
    view.mark(dict.fromkeys(["A1", "D2", "G4", "Pleiku"], "candidate"))
    for name, circle in view.circles.items():
        assert circle.fill_color == (SPECIAL_FILL if name in camps else FILL), name
        assert circle.weight == (4 if name in {"A1", "D2", "G4", "Pleiku"} else 1), name
    assert "pale yellow circles are Pleiku and the Special Forces camps" in view.caption.value


def test_the_map_says_what_its_counters_mean():
    """A class reads the map before the log: the chips are explained beside it, drawn as on it."""
    from widgets.lz_albany_app import COUNTER_KEY

    stepper = LzAlbanyStepper(new_game(seed=1))
    caption = stepper.map_view.caption.value
    assert COUNTER_KEY in caption
    for words in (
        "US platoon",
        "NVA platoon",
        "a dot for each hit",
        "reduced",
        "an officer",
        "wounded",
        "a wounded marker",
        "a flare",
    ):
        assert words in caption, words
    assert "rb-ctr rb-us" in caption  # drawn with the map's own chips
    assert "rb-ctr rb-nva" in caption


def test_every_shipped_option_and_its_choices_are_named_in_words():
    """The options panel showed ids ("us stacking mix", "repeat 3 5 (default)", "thirty one"):
    every option of the shipped scenarios now carries a reader's name, and every choice that
    is not a plain switch its own words, which the panel and the balance lab show."""
    from rulebook.scenario import load_scenario
    from rulebook.sim.values import scenario_values
    from widgets.options import OptionsPanel

    root = Path(__file__).resolve().parents[2] / "scenarios"
    for path in sorted(root.rglob("*.yaml")):
        text = path.read_text()
        if "\noptions:" not in text:
            continue
        scenario = load_scenario(path)
        for name, option in scenario.options.items():
            assert option.label, f"{path.name}: {name} has no label"
            for choice in option.choices:
                if not isinstance(choice, bool):
                    assert str(choice) in option.choice_labels, f"{path.name}: {name}: {choice}"
        panel = OptionsPanel(scenario, lambda seed, options: None)
        for name, picker in panel.pickers.items():
            assert picker.description == scenario.options[name].label
            said = [scenario.options[name].said(choice) for _, choice in picker.options]
            assert [words.removesuffix(" (default)") for words, _ in picker.options] == said
        rows = [r for r in scenario_values(scenario) if r.path.startswith("options.")]
        assert all("_" not in r.label and r.choice_words for r in rows)


def test_after_the_last_turn_no_empty_list_of_choices_is_left_showing():
    game, _ = _scripted_game(seed=1)
    stepper = LzAlbanyStepper(game)
    assert "The game is over." in stepper.prompt.value
    assert stepper.choices.layout.display == "none"
    assert LzAlbanyStepper(new_game(seed=1)).choices.layout.display != "none"


def test_the_highlighted_choice_is_written_out_in_full_under_the_list():
    """A list box cuts a long choice at its edge: the line under it gives the whole sentence."""
    stepper = LzAlbanyStepper(new_game(seed=1))
    first = stepper.choices.options[0][0]
    assert f"<b>Apply</b>: {first}" in stepper.chosen.value
    stepper.choices.value = stepper.choices.options[1][1]
    assert stepper.choices.options[1][0] in stepper.chosen.value
    game, _ = _scripted_game(seed=1)
    assert LzAlbanyStepper(game).chosen.value == ""  # nothing to apply once the game is over


def test_the_apply_line_is_hidden_while_replaying_and_back_with_the_present():
    """The line "Apply: ..." names what Apply would play now; over a past position it read as
    on offer there."""
    game = new_game(seed=1)
    players = {s: scripted_policy(s) for s in ("us", "nva")}
    for _ in range(60):
        player = game.current_player()
        game.apply(game.sample_chance() if player == CHANCE else players[player](game))
    stepper = LzAlbanyStepper(game)
    assert "<b>Apply</b>" in stepper.chosen.value
    assert stepper.chosen.layout.display != "none"
    stepper.replay.value = 3
    assert stepper.chosen.layout.display == "none"
    stepper.replay.value = stepper.replay.max
    assert stepper.chosen.layout.display != "none"


def test_first_team_stacks_stand_clear_of_other_locations_at_a_projectors_zoom(tmp_path):
    """At a 1024-pixel window's zoom D2's counters covered D4's circle (and G4's, G1): each
    location's counters now take the first spot beside it that hides no other location, name
    or stack. Checked at the zooms of a 1024 window and narrower and wider ones, through the
    scripted US player's first turns."""
    from rulebook._boxes import boxes_overlap
    from rulebook.games.first_team.engine import new_campaign
    from widgets._fit import zoom_to_fit
    from widgets.first_team_app import CampaignStepper
    from widgets.point_map_view import RADIUS

    for wide in (560, 640, 900):  # the map's pixels at 900, 1024 and 1400-pixel windows
        stepper = CampaignStepper(new_campaign(seed=1965), saves=tmp_path)
        view = stepper.map_view
        xs, ys = zip(*view._xy.values(), strict=True)
        view.map.zoom = zoom_to_fit(max(xs) - min(xs) + 8, max(ys) - min(ys) + 8, 540, wide)
        stepper.pace.value = "to the end of the turn"
        for _ in range(4):
            spots = view.stack_spots()
            assert spots, "no stack to place"
            scale = 2**view.map.zoom
            circles = {
                n: (x * scale - RADIUS.get(n, 13), -y * scale - RADIUS.get(n, 13))
                for n, (x, y) in view._xy.items()
            }
            for name, box in spots.items():
                for other, (left, top) in circles.items():
                    size = 2 * RADIUS.get(other, 13)
                    covered = boxes_overlap(box, (left, top, left + size, top + size))
                    assert other == name or not covered, (wide, name, other)
                for other, taken in spots.items():
                    assert other == name or not boxes_overlap(box, taken), (wide, name, other)
                x, y = view._xy[name]  # the label draws the block at the spot chosen
                drawn = f"left:{42 + box[0] - x * scale:.0f}px;top:{8 + box[1] + y * scale:.0f}px"
                assert drawn in view._shown[name], name
            stepper.auto_button.click()


def test_first_team_turn_summary_tells_the_nva_phase_even_when_the_us_decided_in_it(tmp_path):
    """After turns 2 and 3 of seed 1 the summary under the map said "NVA phase:" and nothing:
    it read only the turn's last log entry, and the US had shared fatigue and refitted a
    company during the phase, so its sentences sat in earlier entries. It reads the phase
    from its heading (ftv:3.7) on now, and says how many sentences the log has beyond five."""
    from rulebook.games.first_team.engine import new_campaign
    from widgets.first_team_app import SUMMARY_SENTENCES, CampaignStepper

    stepper = CampaignStepper(new_campaign(seed=1), saves=tmp_path)
    stepper.pace.value = "to the end of the turn"
    for turn in (1, 2, 3, 4):
        stepper.auto_button.click()
        summary = stepper.below_map.value
        assert f"data-summary-turn='{turn}'" in summary
        told = summary.split("NVA phase:</i>")[1]
        assert f"Turn {turn}: the second NVA Assault Phase begins" in told, (turn, told)
        assert told.count("rb-sentence") <= SUMMARY_SENTENCES or "more sentence" in told


def test_the_prompt_says_who_acts_when_watching_and_in_the_past(tmp_path):
    """Watching, a class read "US to decide ... click one" beside "press Computer plays to
    watch"; after Back, the present decision's "click one" stood over a past position."""
    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    assert "click one" in stepper.prompt.value  # the visitor plays the US, who decides first
    stepper.human.value = "none"
    assert "click one" not in stepper.prompt.value
    assert "plays this side: press Computer plays" in stepper.prompt.value
    stepper.human.value = "us"
    stepper.pace.value = "one decision"
    for _ in range(3):
        stepper._apply()
    present = stepper.prompt.value
    stepper.replay.value = 1
    assert "Replaying: nothing is decided here" in stepper.prompt.value
    assert "click one" not in stepper.prompt.value
    stepper.replay.value = stepper.replay.max
    assert stepper.prompt.value == present


def test_the_play_maps_leave_the_mouse_wheel_to_the_page(tmp_path):
    """A presenter scrolling down to the log zoomed the map instead; the designers' maps keep
    the wheel's zoom."""
    from rulebook.games.first_team.engine import new_campaign
    from rulebook.maps.design import MapDesign
    from widgets.designer import MapDesigner
    from widgets.first_team_app import CampaignStepper

    assert not LzAlbanyStepper(new_game(seed=1), saves=tmp_path).map_view.map.scroll_wheel_zoom
    assert not CampaignStepper(new_campaign(seed=1), saves=tmp_path).map_view.map.scroll_wheel_zoom
    assert MapDesigner(MapDesign.blank()).view.map.scroll_wheel_zoom

    from widgets.atlas import AtlasMap  # the walkthrough's, beside its chapters

    assert not AtlasMap().map.scroll_wheel_zoom


def test_in_the_past_no_control_acts_on_the_present(tmp_path):
    """After Back, Undo and Redo stayed lit: Undo took back the present's last action, not the
    step shown, and jumped the class to the present. In the past they are off, Show all and
    Draw chit too; back at the present they are as before."""
    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    for area in ("C3", "C4", "D4"):
        stepper.place_clicked(area)
    stepper._undo()  # something to undo and something to redo
    controls = (stepper.undo_button, stepper.redo_button, stepper.apply_button)
    assert not any(c.disabled for c in controls)
    stepper.replay.value = 1
    assert all(c.disabled for c in (*controls, stepper.clear_button, stepper.draw_button))
    assert stepper.choices.disabled
    assert stepper.auto_button.disabled
    stepper._present()
    assert not any(c.disabled for c in controls)
    assert not stepper.choices.disabled


def test_first_team_draws_each_face_down_lz_marker_where_it_was_placed(tmp_path):
    """A class clicked twelve locations in the set-up and saw nothing appear: only revealed
    landing zones were drawn, so "Reveal the landing-zone marker on A1" named an empty circle.
    A face-down marker is a "?" chip (never telling whether it is real) until it is revealed."""
    from rulebook.games.first_team.engine import new_campaign
    from widgets.first_team_app import CampaignStepper

    stepper = CampaignStepper(new_campaign(seed=1965), saves=tmp_path)
    stepper.place_clicked("A1")
    assert "rb-lz-down" in stepper.map_view._shown["A1"]
    assert "face-down landing-zone marker" in stepper.stack_words(stepper._drawn, "A1")
    stepper.pace.value = "to the end of the phase"
    stepper._auto_click()  # the scripted player places the other eleven
    face_down = [loc for loc, html in stepper.map_view._shown.items() if "rb-lz-down" in html]
    assert len(face_down) == 12
    reveal = next(
        i for i, a in enumerate(stepper.game.legal_actions()) if a.notation() == "find-lz A1"
    )
    stepper.choices.value = reveal
    stepper._apply()
    assert "rb-lz-down" not in stepper.map_view._shown.get("A1", "")
    assert ("rb-fatigue'>LZ" in stepper.map_view._shown.get("A1", "")) == (
        "A1" in stepper.game.board.board.revealed_lz
    )


def test_beside_the_map_a_sentence_tells_what_each_click_did_with_its_rule(tmp_path):
    """On a 720-high projector the log is below the first screen: a class watched counters
    move, and Undo take them back, without a word of the rule. The side panel now says what
    the last click did (or, replaying, what the entry shown did), and Undo what it took back."""
    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    assert stepper.latest.value == ""  # nothing done yet
    stepper.place_clicked("C3")
    said = stepper.latest.value
    assert "Just done" in said
    assert "A/2-7-1 enters in C3. <a class='rb-rulecase'" in said
    stepper.place_clicked("C4")
    stepper.place_clicked("D4")
    assert "C3" not in stepper.latest.value  # only the last click's
    stepper._undo()
    assert stepper.latest.value == ""
    assert "Took back “Place A/2-7-3 in D4”. Redo puts it back." in stepper.message.value
    stepper.replay.value = 1
    assert "Shown" in stepper.latest.value
    assert "enters in C3" in stepper.latest.value
    assert stepper.message.value == ""  # the notice tells of the present
    stepper._present()
    assert "Took back" in stepper.message.value
    stepper.place_clicked("D4")
    stepper.save_name.value = "one"
    stepper._save()
    assert "enters in D4" in stepper.latest.value  # a click that plays nothing leaves it
    stepper._load()
    assert stepper.latest.value == ""  # a game just loaded has done nothing yet

    from rulebook.games.first_team.engine import new_campaign
    from widgets.first_team_app import CampaignStepper

    campaign = CampaignStepper(new_campaign(seed=1), saves=tmp_path)
    campaign.pace.value = "to the end of the turn"
    campaign._auto_click()
    # A whole turn: what began it, and what led to now (two: three long campaign sentences ran
    # past the box's three lines, cut mid-sentence)
    said = campaign.latest.value
    assert said.count("rb-sentence") == 2
    assert re.search(r"… \S+ more sentences in the log …", said)
    assert raw_values(re.sub(r"<[^>]+>", " ", said)) == []
    campaign._undo()  # (the turn's first sentences were still told after it)
    assert campaign.latest.value == ""


def test_undo_takes_back_the_teachers_decision_with_the_computers_answer(tmp_path):
    """A class pressed Undo six times to take back one hit placed: each press took back one
    step of the NVA's answer (a chit drawn, an activation, its fire, its dice, its hit) and
    left the NVA to move. While the computer answers at once, Undo goes back to the teacher's
    last decision and Redo forward to the next: one click, one Undo. Watching, the computer
    playing one decision a press, each Undo takes back that one step."""
    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    while stepper.game.phase == "reinforcement":
        stepper._apply()
    for _ in range(4):
        stepper._apply()
    before, asked = len(stepper.game.history), stepper.game.to_json()
    stepper._apply()
    answered, now = len(stepper.game.history), stepper.game.to_json()
    assert answered > before + 1  # the NVA answered
    stepper._undo()
    assert stepper.game.to_json() == asked
    assert f"and the {answered - before - 1} steps that answered it" in stepper.message.value
    stepper._redo()
    assert stepper.game.to_json() == now
    stepper.human.value = "none"
    stepper.pace.value = "one decision"
    stepper._auto_click()
    assert len(stepper.game.history) == answered + 1
    stepper._undo()
    assert stepper.game.to_json() == now


def _campaign(tmp_path):
    from rulebook.games.first_team.engine import new_campaign
    from widgets.first_team_app import CampaignStepper

    stepper = CampaignStepper(new_campaign(seed=1965), saves=tmp_path)
    stepper.pace.value = "to the end of the phase"
    return stepper


def _position(stepper) -> tuple:
    """What Undo and Redo must put back exactly: the actions, the log, the turn and phase."""
    g = stepper.game
    return len(g.history), len(g.log), g.turn, g.phase, g.to_json()


def test_first_team_undo_takes_back_the_phase_the_scripted_player_played(tmp_path, monkeypatch):
    """After "Scripted US plays" to the end of a phase or turn, a teacher pressed
    Undo dozens of times, one action each. One Undo takes back the whole click, restarting the
    game once (from its checkpoint); one Redo puts it back; a new click drops what Redo had."""
    stepper = _campaign(tmp_path)
    stepper._auto_click()  # the set-up phase
    before = _position(stepper)
    stepper._auto_click()
    after = _position(stepper)
    assert after[0] > before[0] + 1
    undone = []
    undo = type(stepper.game).undo
    monkeypatch.setattr(type(stepper.game), "undo", lambda g, n=1: undone.append(n) or undo(g, n))
    stepper._undo()
    assert undone == [after[0] - before[0]]
    assert _position(stepper) == before
    steps = after[0] - before[0] - 1
    assert f"and the {steps} steps played after it. Redo puts them back." in stepper.message.value
    assert stepper.latest.value == ""
    stepper._redo()
    assert _position(stepper) == after
    assert "Just done" in stepper.latest.value  # what Redo put back
    stepper.pace.value = "to the end of the turn"
    stepper._auto_click()
    assert stepper.game.turn == after[2] + 1
    stepper._undo()
    assert _position(stepper) == after
    stepper._auto_click()  # a new click after Undo: a new branch
    assert stepper.redo_button.disabled
    stepper._redo()
    assert "Nothing to redo" in stepper.errors.value


def test_a_loaded_games_undo_goes_back_to_the_visitors_last_decision(tmp_path):
    """A game loaded from a file played its actions in no click here. A click after loading is
    taken back whole, no further than the game loaded; before it, Undo goes back to the last
    decision of a side the visitor plays: in First Team each action is one, in LZ Albany the
    computer's answer goes with the visitor's decision."""
    campaign = _campaign(tmp_path)
    campaign._auto_click()
    campaign.save_name.value = "campaign"
    campaign._save()
    loaded = _campaign(tmp_path)
    loaded.save_name.value = "campaign"
    loaded._load()
    at_load = _position(loaded)
    loaded._auto_click()
    loaded._undo()
    assert _position(loaded) == at_load
    loaded._undo()
    assert len(loaded.game.history) == at_load[0] - 1
    assert loaded.errors.value == ""

    stepper = LzAlbanyStepper(new_game(seed=1), saves=tmp_path)
    while stepper.game.phase == "reinforcement":
        stepper._apply()
    before, asked = len(stepper.game.history), stepper.game.to_json()
    stepper._apply()
    answered = len(stepper.game.history)
    assert answered > before + 1  # the NVA answered
    stepper.save_name.value = "albany"
    stepper._save()
    stepper.start(new_game(seed=1))
    stepper._load()
    stepper._undo()
    assert stepper.game.to_json() == asked
    assert f"and the {answered - before - 1} steps that answered it" in stepper.message.value


def test_after_play_on_from_here_undo_goes_no_further_than_the_cut(tmp_path):
    """Play on from here cuts the history: the clicks after the cut go, one Redo puts all it
    took back, and Undo after it takes back the last click before the cut (or what is left of
    the click the cut fell in)."""
    stepper = _campaign(tmp_path)
    starts = []
    for _ in range(3):
        starts.append(len(stepper.game.history))
        stepper._auto_click()
    end = _position(stepper)
    stepper.replay.value = starts[2]  # the game after the second click's last action
    stepper._continue_from_here()
    assert len(stepper.game.history) == starts[2]
    taken = end[0] - starts[2]
    assert f"Took back {taken} actions. Redo puts them all back at once." in stepper.message.value
    stepper._undo()
    assert len(stepper.game.history) == starts[1]
    stepper._redo()
    stepper._redo()
    assert _position(stepper) == end
    assert starts[2] - starts[1] > 3
    stepper.undo_to(starts[1] + 3)  # inside the second click
    stepper._undo()
    assert len(stepper.game.history) == starts[1]
    assert stepper.errors.value == ""


def test_first_team_tells_a_location_by_the_name_the_scenario_gives_it(tmp_path):
    """A designer names locations in the point-map designer ("Duc Co Special Forces camp" at
    D2 in the shipped campaign); the campaign's line under the map and each location's tooltip
    tell that name beside the id, and a location with no name by its id alone."""
    from rulebook.games.first_team.engine import new_campaign
    from widgets.first_team_app import CampaignStepper

    stepper = CampaignStepper(new_campaign(seed=1965), saves=tmp_path)
    assert stepper.stack_words(stepper._drawn, "D2").startswith("D2 (Duc Co Special Forces camp): ")
    assert stepper.stack_words(stepper._drawn, "D4").startswith("D4: ")
    shown = stepper.map_view._shown
    assert "title='G4 (Plei Me Special Forces camp)'" in shown["G4"]
    assert "title='D4'" in shown["D4"]
