"""The balance lab as a designer uses it: values from a table, a verdict in words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from rulebook.scenario import Game
from widgets.balance_lab import BalanceLab

RAW = re.compile(r"\bNone\b|<NA>|\bNaN\b|\{'|\('|\w+_\w+")


@pytest.fixture(autouse=True)
def _own_known_games(tmp_path, monkeypatch):
    """Each test's lab keeps its games in a folder of its own, so no test takes another's."""
    monkeypatch.setenv("RULEBOOK_KNOWN_GAMES", str(tmp_path / "known-games"))


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_the_value_table_lists_values_in_words_with_provenance_and_rule():
    lab = BalanceLab(saves="no-such-folder")
    labels = [label for label, _ in lab.values_list.options]
    assert any(
        label.startswith("Flares the US player has: 8 (printed, lza:11.2)") for label in labels
    )
    assert any(label.startswith("NVA rifle counters: melee: 2 (reconstructed") for label in labels)
    lab.filter.value = "gunship"
    found = [path for _, path in lab.values_list.options]
    assert "lz_albany.air.gunship_fire" in found
    assert "values.flares.value" not in found
    lab.filter.value = "melee"  # a strength first, not a reading that mentions a melee
    assert lab.values_list.value.endswith(".melee")
    assert any(label.startswith("Reading:") for label, _ in lab.values_list.options)
    lab.filter.value = "no value has this name"
    assert lab.values_list.options == ()
    assert "No value matches" in lab.detail.value


def test_a_change_from_the_table_is_shown_with_its_baseline_and_runs(tmp_path):
    lab = BalanceLab(saves=tmp_path)
    lab.filter.value = "NVA rifle counters melee"
    assert lab.values_list.value == "lz_albany.unit_types.nva-rifle.melee"
    assert "reconstructed" in lab.detail.value
    lab.new_value.value = "4"
    lab.add_button.click()
    assert lab.changes == {"lz_albany.unit_types.nva-rifle.melee": "4"}
    assert "NVA rifle counters: melee: 2 → <b>4</b>" in lab.change_list.value
    lab.games.value = 4
    lab.run(executor="serial")
    assert lab.errors.value == ""
    assert lab.table.value.count("<tr data-variant=") == 4  # summary and histogram
    assert "US win rate:" in lab.table.value
    assert "two-proportion z-test" in lab.table.value
    assert not RAW.search(_text(lab.table.value).replace("z-test", ""))
    assert lab.bar.value == lab.bar.max == 8
    assert "earlier run" not in lab.timing.value
    # The first verdict is told where the run ended, too: the table starts at a window's foot.
    first = re.search(r"<p class='rb-verdict'>(.*?)</p>", lab.table.value).group(1)
    assert first.startswith("US win rate:")
    assert first in lab.timing.value
    assert "are below" in lab.timing.value


def test_a_second_comparison_takes_the_baseline_games_from_the_first(tmp_path):
    lab = BalanceLab(saves=tmp_path)
    lab.games.value = 4
    lab._set_changes({"lz_albany.unit_types.nva-rifle.melee": "4"})
    lab.run(executor="serial")
    first = lab.table.value
    lab._set_changes({"lz_albany.unit_types.nva-rifle.melee": "3"})
    lab.run(executor="serial")
    assert "8 games in" in lab.timing.value
    assert "4 of them were taken from earlier runs of the same version" in lab.timing.value
    assert lab.bar.value == lab.bar.max == 8
    # The baseline's rows are the same games as before: its summary row is unchanged.
    row = re.compile(r"<tr data-variant='baseline'>.*?</tr>", re.S)
    assert row.findall(lab.table.value)[:1] == row.findall(first)[:1] != []


def test_a_lab_opened_later_takes_the_games_an_earlier_one_played(tmp_path):
    """A designer who closes the page and comes back: the baseline is not played again."""
    first = BalanceLab(saves=tmp_path)
    first.games.value = 4
    first._set_changes({"lz_albany.unit_types.nva-rifle.melee": "4"})
    first.run(executor="serial")
    assert "taken from earlier runs" not in first.timing.value
    later = BalanceLab(saves=tmp_path)
    assert "4 of the baseline's 500 games." in later.known_note.value  # no variant yet
    later.games.value = 6
    later._set_changes({"lz_albany.unit_types.nva-rifle.melee": "4"})
    # Before the run, the page says what it will take rather than play.
    assert (
        "Kept on this machine from runs so far: 4 of the baseline's 6 games and 4 of the variant's."
        in later.known_note.value
    )
    later.seed.value += 1
    assert later.known_note.value == ""  # other seeds: nothing known
    later.seed.value -= 1
    later.run(executor="serial")
    assert "all of the baseline's 6 games and all of the variant's" in later.known_note.value
    assert "12 games in" in later.timing.value
    assert "8 of them were taken from earlier runs of the same version" in later.timing.value
    assert list((tmp_path / "known-games").glob("*.json"))


def test_list_values_and_readings_are_changed_in_their_own_terms(tmp_path):
    lab = BalanceLab(saves=tmp_path)
    lab.filter.value = "night spotting"
    lab.new_value.value = "1, 2"
    lab.add_button.click()
    assert lab.changes == {"values.night_spotting_faces.value": "[1, 2]"}
    lab.filter.value = "overstack"
    assert lab.new_choice.layout.display is None
    lab.new_choice.value = "example_two_fire"
    lab.add_button.click()
    assert lab.changes["options.overstack_fire.default"] == "example_two_fire"
    # in the words the scenario gives the choice, not its id
    assert "Reading: Fire from an over-stacked area: one die less for each unit past three → " in (
        lab.change_list.value
    )
    assert "<b>only two units fire (the case&#x27;s example)</b>" in lab.change_list.value


def test_bad_values_are_refused_by_name_and_an_empty_variant_is_explained(tmp_path):
    lab = BalanceLab(saves=tmp_path)
    lab.filter.value = "flares per chit"
    lab.new_value.value = "many"
    lab.add_button.click()
    label = lab.row(lab.values_list.value).label  # named as the table names it, not by path
    assert f"{label}: give a whole number (it is 2 now), not “many”" in lab.errors.value
    assert "flares_per_chit" not in lab.errors.value
    assert lab.changes == {}
    lab.by_path.value = "lz_albany.nowhere=3"
    lab.by_path_button.click()
    assert "no field “nowhere”" in lab.errors.value
    lab.games.value = 2
    lab.run(executor="serial")
    assert "The variant changes nothing" in lab.errors.value


def test_a_list_refused_is_quoted_as_typed_and_a_slip_between_commas_is_refused(tmp_path):
    """A review found "not “[abc]”" (the brackets the lab adds, not what was typed) and "9,,10"
    read as 9, 10: the designer's earlier change to the value was dropped without a word."""
    lab = BalanceLab(saves=tmp_path)
    lab.filter.value = "night spotting"
    lab.new_value.value = "abc"
    lab.add_button.click()
    assert "not “abc”" in lab.errors.value
    assert "[" not in lab.errors.value
    lab.new_value.value = "1, 2"
    lab.add_button.click()
    lab.new_value.value = "1,,2,3"
    lab.add_button.click()
    assert "“1,,2,3” has an empty place between commas" in lab.errors.value
    assert lab.changes == {"values.night_spotting_faces.value": "[1, 2]"}  # kept


def test_another_game_shows_its_own_value_and_says_the_variant_left_is_kept(tmp_path):
    """A review found the value panel still on LZ Albany's Turns after picking First Team (both
    lists start with turns.value), and the LZ Albany change gone without a word."""
    lab = BalanceLab(saves=tmp_path)
    lab.filter.value = "turns"
    assert lab.values_list.value == "turns.value"
    lab.new_value.value = "9"
    lab.add_button.click()
    assert lab.changes == {"turns.value": "9"}
    lab.game.value = Game.FIRST_TEAM
    # The game buttons name the game: the picker does not again (it ran past its edge at 1024).
    assert lab.scenario_pick.label == "the Ia Drang campaign (shipped)"
    assert lab.values_list.value == "turns.value"
    assert "ftv:" in lab.detail.value
    assert "lza:" not in lab.detail.value
    assert lab.changes == {}
    assert "The 1 change made to LZ Albany" in lab.change_list.value
    assert "is kept: pick it again" in lab.change_list.value
    lab.game.value = Game.LZ_ALBANY
    assert lab.changes == {"turns.value": "9"}


def test_a_value_past_what_a_scenario_file_holds_is_refused():
    """99999999999999999999 flares went into the variant; and 1,000,000,000 turns passed the
    schema and played for ever. Both are refused as a scenario file's values are."""
    lab = BalanceLab()
    for search, typed, said in (
        ("flares", "99999999999999999999", "numbers in a scenario lie within ±1,000,000,000"),
        ("Turns", "1000000000", "a game lasts 1 to 99 turns, not 1000000000"),
    ):
        lab.filter.value = search
        lab.new_value.value = typed
        lab.add_button.click()
        assert said in lab.errors.value, (search, lab.errors.value)
        assert lab.changes == {}


def test_ftv_3_2_2_1_a_campaign_longer_than_the_intelligence_table_is_refused_by_name(tmp_path):
    """First Team's turns doubled (*2, 30 turns) ran, and stopped with "Something went wrong
    ... (KeyError: 20)": the Intelligence Table has rows for turns 1 to 15 only. The change is
    refused when added, naming the table; 15 or fewer still plays."""
    lab = BalanceLab(saves=tmp_path)
    lab.game.value = Game.FIRST_TEAM
    lab.filter.value = "turns"
    assert lab.values_list.value == "turns.value"
    lab.new_value.value = "*2"
    lab.add_button.click()
    said = lab.errors.value
    assert "the Intelligence Table (ftv:3.2.2.1) has rows for turns 1 to 15 only" in said
    assert "(turns 16 to 30)" in said
    assert "KeyError" not in said
    assert lab.changes == {}
    lab.new_value.value = "12"
    lab.add_button.click()
    assert lab.changes == {"turns.value": "12"}


def test_a_refusal_is_said_once_beside_what_it_answers():
    """The error line stood in both columns, so at 1400 pixels a refused value was said twice,
    once under Run: a refused value is said under the Add button, a refused run under Run."""
    lab = BalanceLab()

    def holders() -> list:
        def walk(widget) -> list:
            kids = list(getattr(widget, "children", ()))
            return [widget] * (lab.errors in kids) + [h for k in kids for h in walk(k)]

        return walk(lab)

    lab.new_value.value = ""
    lab.filter.value = "flares per chit"
    lab.add_button.click()
    assert "Give the new value first" in lab.errors.value
    assert holders() == [lab._value_slot]
    column = lab.children[0].children[0].children  # the variant's column
    add_row = next(i for i, w in enumerate(column) if lab.add_button in getattr(w, "children", ()))
    assert column[add_row + 1] is lab._value_slot  # right under the Add button
    lab.games.value = 2
    lab.run(executor="serial")
    assert "The variant changes nothing" in lab.errors.value
    assert holders() == [lab._run_slot]


def test_games_past_the_labs_range_are_held_to_it_and_the_page_says_so(tmp_path):
    """A designer who types 5,000 games a side gets the lab's 2,000 and a sentence saying so,
    where the browser's own bounded box kept the range without a word."""
    lab = BalanceLab(saves=tmp_path)
    lab.games.value = 5000
    assert lab.games.value == 2000
    assert "5,000 is more than the lab takes (2 to 2,000): held at 2,000" in lab.games.note.value
    lab.games.value = 1
    assert lab.games.value == 2
    assert "1 is less than the lab takes" in lab.games.note.value
    lab.games.value = 400
    assert lab.games.note.value == ""


def test_first_team_shows_victory_levels_and_nva_vp_not_us_wins(tmp_path):
    lab = BalanceLab(saves=tmp_path)
    lab.game.value = Game.FIRST_TEAM
    assert lab.scenario.game == Game.FIRST_TEAM
    lab.games.value = 500  # the looks name a campaign's own two comparisons
    assert "where the mean NVA VP and the NVA victories (any level) both differ" in (
        lab._looks_ahead()
    )
    lab.filter.value = "CP per turn"
    lab.new_value.value = "24"
    lab.add_button.click()
    lab.games.value = 2
    lab.policy.value = "scripted"
    lab.run(executor="serial")
    assert lab.errors.value == ""
    assert "NVA Tactical" in lab.table.value
    assert "Mean NVA VP:" in lab.table.value
    assert "US win" not in lab.table.value
    # counted as the table counts them (a review read "4 games" over a table of campaigns)
    assert "<span class='rb-timing'>4 campaigns in " in lab.timing.value
    assert "spread of NVA VP are below" in lab.timing.value


def test_saved_scenarios_of_the_game_are_offered_by_title(tmp_path):
    shipped = yaml.safe_load(
        (BalanceLab().scenario_pick.value and open(BalanceLab().scenario_pick.value)).read()  # noqa: PTH123, SIM115
    )
    shipped["title"] = "A designer's Albany"
    shipped["id"] = "designers-albany"
    (tmp_path / "mine.yaml").write_text(yaml.safe_dump(shipped, sort_keys=False))
    (tmp_path / "broken.yaml").write_text("schema_version: [")
    lab = BalanceLab(saves=tmp_path)
    labels = [label for label, _ in lab.scenario_pick.options]
    assert "A designer's Albany (mine.yaml)" in labels
    assert not any("broken" in label for label in labels)
    lab.scenario_pick.value = str(tmp_path.resolve() / "mine.yaml")
    assert lab.scenario.title == "A designer's Albany"


def test_the_lab_opens_on_a_file_named_in_the_link(tmp_path):
    """The designers' link opens the lab on the saved file (?scenario=), even outside saves/."""
    from widgets.balance_lab import balance_lab_app

    standard = Path(__file__).resolve().parents[2] / "scenarios" / "lz_albany" / "standard.yaml"
    shipped = yaml.safe_load(standard.read_text())
    shipped["title"], shipped["id"] = "Drawn in the designer", "drawn"
    mine = tmp_path / "drawn.yaml"
    mine.write_text(yaml.safe_dump(shipped, sort_keys=False))
    lab = BalanceLab(saves="no-such-folder", scenario=mine)
    assert lab.scenario_pick.value == str(mine.resolve())
    assert lab.scenario.title == "Drawn in the designer"
    page = balance_lab_app("scenarios/no_such_file.yaml")
    assert "Could not open scenarios/no_such_file.yaml" in page.children[1].value


def test_an_ambush_valley_link_is_refused_in_the_games_names():
    """The lab plays two of the three games; a link to the third says so, not a widget error."""
    root = Path(__file__).resolve().parents[2]
    lab = BalanceLab(
        saves="no-such-folder", scenario=root / "scenarios/ambush_valley/starlite.yaml"
    )
    assert (
        "starlite.yaml is a scenario for Ambush Valley; the lab plays LZ Albany and First Team: "
        "Vietnam" in lab.errors.value
    )
    assert "Error" not in lab.errors.value
    assert lab.game.value == "lz-albany"


def test_while_games_run_the_table_shows_the_comparison_so_far(tmp_path, monkeypatch):
    """The lab redraws the verdict as games finish (here after every game) and says how many
    are in and, from the pace so far, how long the rest will take; the finished table drops
    the note."""
    import widgets.balance_lab as lab_module

    monkeypatch.setattr(lab_module, "LIVE_EVERY_S", 0.0)
    lab = BalanceLab(saves=tmp_path)
    lab.filter.value = "NVA rifle counters melee"
    lab.new_value.value = "4"
    lab.add_button.click()
    lab.games.value = 3
    shown = []
    lab.table.observe(lambda change: shown.append(change["new"]), names="value")
    beside_the_bar = []
    lab.timing.observe(lambda change: beside_the_bar.append(change["new"]), names="value")
    lab.run(executor="serial")
    left = r"(about \d+ s|less than a second) left"
    assert any(re.search(rf"So far 4 of 6 games, {left}\.</b>", html) for html in beside_the_bar)
    assert not any("if it plays every game" in html for html in beside_the_bar)  # no look
    assert not any("It looks at" in html for html in beside_the_bar)  # 3 a side: no look
    running = [html for html in shown if "rb-running" in html]
    assert "So far 4 of 6 games" in " ".join(running)
    assert any("US win rate:" in html for html in running)
    assert "rb-running" not in lab.table.value
    assert "US win rate:" in lab.table.value


def test_a_clear_difference_stops_early_and_says_so_unless_unticked(tmp_path, monkeypatch):
    """The lab stops at a look once the headline difference is far beyond chance, says where
    and why above the table, and plays every game when the designer unticks the box. Looks
    start at 20 games a side here (100 in use), so the games take seconds."""
    import rulebook.sim.early as early_module
    import widgets.balance_lab as lab_module

    monkeypatch.setattr(early_module, "MIN_GAMES", 20)
    lab = BalanceLab(saves=tmp_path)
    assert lab.stop_early.value  # on unless the designer turns it off
    lab.by_path.value = "lz_albany.unit_types.nva-rifle.fire=*3"
    lab.by_path_button.click()
    lab.by_path.value = "lz_albany.unit_types.nva-rifle.melee=*3"
    lab.by_path_button.click()
    lab.games.value = 50
    assert lab._looks_ahead() == (
        " It looks at 20, 30 and 40 games a side and stops at the first look where the "
        "difference would arise by chance less than once in 1,000, or, from 20 a side on, "
        "where the US win rate and the mean VP margin (US minus NVA) both differ too little for "
        "every game to show either (until then, the verdict above may still change)."
    )
    monkeypatch.setattr(lab_module, "LIVE_EVERY_S", 0.0)
    live = []
    lab.timing.observe(lambda change: live.append(change["new"]), names="value")
    lab.run(executor="serial")
    assert lab.errors.value == ""
    # the time left is for every game, which a look may cut short
    assert any(re.search(r"left if it plays every game\.</b>", html) for html in live)
    note = _text(lab.table.value)
    stopped = re.search(r"Stopped at (20|30|40) of 50 games a side: the US win rate", note)
    assert stopped
    assert "Untick stop once the answer is clear to play every game" in " ".join(note.split())
    assert not RAW.search(note.replace("z-test", ""))
    assert re.search(r"(40|60|80) of 100 games in .*: the difference was clear", lab.timing.value)
    assert lab.bar.value == lab.bar.max == 2 * int(stopped[1])  # a full bar: the run is done
    lab.stop_early.value = False
    lab.run(executor="serial")
    assert "Stopped at" not in lab.table.value
    assert "100 games in" in lab.timing.value


def test_a_change_too_small_to_show_stops_as_settled_and_says_so(tmp_path, monkeypatch):
    """A change that moves the US win rate so little that every game would almost surely leave
    it within chance stops at a look from two-fifths of the games on, and the lab says what
    that means. Looks start at 20 games a side here (100 in use)."""
    import rulebook.sim.early as early_module

    monkeypatch.setattr(early_module, "MIN_GAMES", 20)
    lab = BalanceLab(saves=tmp_path)
    lab.by_path.value = "values.rally_face_without_officer.value=5"
    lab.by_path_button.click()
    lab.games.value = 50
    lab.run(executor="serial")
    assert lab.errors.value == ""
    note = " ".join(_text(lab.table.value).split())
    stopped = re.search(
        r"Stopped at (20|30|40) of 50 games a side: the US win rate and the mean VP margin "
        r"\(US minus NVA\) differed so",
        note,
    )
    assert stopped
    assert "ask for more games" in note
    assert "Untick stop once the answer is clear to play every game" in note
    assert not RAW.search(note.replace("z-test", ""))
    assert re.search(r"of 100 games in .*: no clear difference was in reach", lab.timing.value)


@pytest.mark.slow
def test_a_run_plays_on_every_core_the_kernel_may_use_and_says_so(tmp_path):
    from rulebook.sim import usable_cores

    lab = BalanceLab(saves=tmp_path)
    lab.games.value = 6
    lab._set_changes({"lz_albany.unit_types.nva-rifle.melee": "4"})
    lab.run()  # the lab's own process pool, as the Run button starts it
    assert lab.errors.value == ""
    cores = usable_cores()
    where = f"on {cores} core{'' if cores == 1 else 's'}"
    line = re.search(r"<span class='rb-timing'>(.*?)</span>", lab.timing.value).group(1)
    assert re.fullmatch(rf"12 games in \d+ s {where}\.", _text(line).strip())
    lab.run()  # every game known from the first run: none played, so no cores to speak of
    assert " core" not in _text(lab.timing.value)
    assert "12 of them were taken from earlier runs" in lab.timing.value


def _shown(widget, part) -> bool:
    """Whether *part* is somewhere among *widget*'s children, at any depth."""
    return widget is part or any(_shown(c, part) for c in getattr(widget, "children", ()))


def test_a_games_count_or_seed_typed_wrong_keeps_the_last_and_says_why():
    """A number box of ipywidgets dropped the point of 12.5 (125 games ran), and a seed of -5
    ran until the dice refused -5000015: both are read by the kernel from what was typed."""
    lab = BalanceLab(saves="no-such-folder")
    lab.games.set_state({"value": "12.5"})
    assert lab.games.value == 500
    assert "12.5 is not a whole number: 500 kept" in lab.games.note.value
    lab.games.set_state({"value": "1,000"})
    assert (lab.games.value, lab.games.note.value) == (1000, "")
    lab.seed.set_state({"value": "-5"})
    assert lab.seed.value == 0
    assert "-5 is less than a seed takes (0 to 999,999,999): held at 0" in lab.seed.note.value
    assert _shown(lab, lab.seed.note)
    assert _shown(lab, lab.games.note)


def test_a_variant_waits_for_its_scenario_while_the_designer_looks_at_another(tmp_path):
    """Switching to First Team and back dropped the LZ Albany variant without a word, and left
    the last value typed in the box."""
    lab = BalanceLab(saves=tmp_path)
    lab.filter.value = "stacking limit"
    lab.new_value.value = "4"
    lab.add_button.click()
    kept = dict(lab.changes)
    assert kept
    lab.game.value = Game.FIRST_TEAM
    assert lab.changes == {}
    assert lab.new_value.value == ""
    assert "changes nothing yet" in lab.change_list.value
    lab.game.value = Game.LZ_ALBANY
    assert lab.changes == kept
    assert "→ <b>4</b>" in lab.change_list.value


def test_a_change_to_the_value_it_has_is_refused_or_takes_the_value_out(tmp_path):
    """'Senior officer activations a turn: two → two' was taken, a variant of nothing."""
    lab = BalanceLab(saves=tmp_path)
    lab.filter.value = "stacking limit"
    value = str(lab.row(lab.values_list.value).value)
    lab.new_value.value = value
    lab.add_button.click()
    assert lab.changes == {}
    assert "that is its value already; give another" in lab.errors.value
    lab.new_value.value = "4"
    lab.add_button.click()
    assert lab.changes
    lab.new_value.value = value  # set back: out of the variant
    lab.add_button.click()
    assert lab.changes == {}
    assert lab.errors.value == ""


def test_the_path_box_offers_an_example_of_the_games_own_that_the_lab_takes(tmp_path):
    """With First Team picked, the path box's example was an LZ Albany path the lab refused;
    and a path no rule reads was answered with all 75 paths First Team's rules read."""
    lab = BalanceLab(saves=tmp_path)
    lab.game.value = "first-team"
    example = lab.by_path.placeholder.split("e.g. ")[1].split(" ")[0]
    assert example.startswith("first_team.")
    lab.by_path.value = example
    lab.by_path_button.click()
    assert lab.errors.value == ""
    assert lab.changes
    lab.by_path.value = "turns=abc"
    lab.by_path_button.click()
    said = lab.errors.value
    assert "the nearest it reads are under turns.value" in said
    assert said.count("first_team.") <= 5
    assert "more)" in said


def test_a_plus_sign_sets_the_value_and_a_scaling_says_what_it_comes_to(tmp_path):
    """A reviewer read "Flares: 8 -> +2" (2, or 10?) and "8 x 1.5" without its result."""
    lab = BalanceLab(saves=tmp_path)
    lab.filter.value = "flares per chit"
    row = lab.row(lab.values_list.value)
    lab.new_value.value = "+5"
    lab.add_button.click()
    assert lab.changes == {row.path: "5"}
    assert f"{row.value_words()} → <b>5</b>" in lab.change_list.value
    lab.filter.value = "flares"
    lab.values_list.value = next(
        path for _, path in lab.values_list.options if lab.row(path).value == 8
    )
    lab.new_value.value = "*1.5"
    lab.add_button.click()
    assert "8 × 1.5 = 12</b>" in lab.change_list.value


def test_enter_in_a_value_box_adds_it_as_its_button_does(tmp_path):
    """A designer pressed Enter after typing a new value and nothing happened."""
    lab = BalanceLab(saves=tmp_path)
    lab.filter.value = "flares per chit"
    lab.new_value.value = "3"
    lab.new_value._handle_custom_msg({"event": "submit"}, [])  # what the page sends on Enter
    assert lab.changes == {lab.values_list.value: "3"}
    lab.by_path.value = "turns.value=9"
    lab.by_path._handle_custom_msg({"event": "submit"}, [])
    assert lab.changes["turns.value"] == "9"


def test_results_run_before_a_change_are_greyed_and_said_out_of_date(tmp_path):
    """A review ran a variant, then changed it (and then the game): the old verdict stayed
    on screen as if it were the new one's. Once anything a run reads differs from the last
    run's, its results are greyed and a note says what they were run with; setting it back,
    or running again, takes the note away."""
    lab = BalanceLab(saves=tmp_path)
    lab.filter.value = "NVA rifle counters melee"
    lab.new_value.value = "4"
    lab.add_button.click()
    lab.games.value = 4
    lab.run(executor="serial")
    assert lab.stale_note.value == ""
    assert "rb-stale" not in lab.table._dom_classes
    lab.new_value.value = "3"
    lab.add_button.click()
    note = _text(lab.stale_note.value)
    assert "Out of date:" in note
    assert "with the variant NVA rifle counters: melee 2 → 4 (4 a side, seed" in note
    assert "rb-stale" in lab.table._dom_classes
    assert "rb-stale" in lab.timing._dom_classes
    lab.new_value.value = "4"  # back to what was run: the results are that run's again
    lab.add_button.click()
    assert lab.stale_note.value == ""
    lab.seed.value += 1  # any setting a run reads: the seed, the games, the players, the game
    assert "Out of date:" in lab.stale_note.value
    lab.run(executor="serial")
    assert lab.stale_note.value == ""
    assert "rb-stale" not in lab.table._dom_classes
    lab.game.value = Game.FIRST_TEAM
    assert "Out of date:" in lab.stale_note.value


def test_run_with_a_value_typed_but_not_added_says_to_add_it(tmp_path):
    lab = BalanceLab(saves=tmp_path)
    lab.filter.value = "NVA rifle counters melee"
    lab.new_value.value = "4"  # typed, Add not pressed
    lab.games.value = 4
    lab.run(executor="serial")
    said = _text(lab.errors.value)
    assert "4 for NVA rifle counters: melee is typed but not yet in the variant" in said
    assert "press Add to the variant (or Enter in the box), then Run" in said
    assert lab.table.value == ""


def test_the_lab_says_the_designers_values_in_the_designers_words(tmp_path):
    """A review read "NVA VP for an automatic victory" in the designer's set-up tab and "NVA
    automatic victory VP" in the lab, "flares the US player has" and "Flares"."""
    from widgets.designer_setup import VALUES, _words

    lab = BalanceLab(saves=tmp_path)
    labels = [label.lower() for label, _ in lab.values_list.options]
    for key in VALUES:
        said = _words(key).lower()
        assert any(label.startswith(f"{said}: ") for label in labels), said
