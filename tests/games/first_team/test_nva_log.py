"""The NVA programme as the class reads it in the campaign log (ftv:3.5, 3.7).

A turn has two NVA Assault Phases (ftv:3.0: 3.5 after the first US assault, 3.7 after the
second), each with its own offboard roll; the log must tell them apart, give every table result
in words, and say whenever an identified regiment changes Zone Box.
"""

from __future__ import annotations

import re

from rulebook.dice import ScriptedDice
from rulebook.games.first_team import _nva, _nva_assault, campaign_crt, campaign_scenario
from rulebook.games.first_team._state import EXITED, CampaignState
from rulebook.games.first_team.engine import CampaignGame, new_campaign
from rulebook.games.first_team.narrate import narrate
from rulebook.games.first_team.policy import scripted_policy
from rulebook.maps.point_map import PointMap

from .test_campaign import drive, in_zone, state

APP_SEED = 1965  # the seed the campaign app opens with (widgets.first_team_app.campaign_app)

# A table code given as the result: "roll 3 on turn 1: -." or "...: up."
BARE_CODE = re.compile(r":\s*(?:-|up)(?:[.,;]|$)")


def _first_turn_as_the_app_plays_it() -> CampaignGame:
    """The reported sequence: Apply on the first choice, then the scripted US player to the end
    of the turn."""
    game = new_campaign(seed=APP_SEED)
    game.apply(game.legal_actions()[0])
    policy = scripted_policy()
    while game.turn == 1 and not game.is_over():
        game.apply(policy(game))
    return game


def _sentences(game: CampaignGame) -> list[tuple[int, str, tuple[str, ...]]]:
    return [
        (i, s.text, s.rules) for i, entry in enumerate(game.log) for s in narrate(entry, game.board)
    ]


def test_ftv_3_5_2_and_ftv_3_7_the_two_offboard_rolls_of_a_turn_each_name_their_nva_phase():
    said = _sentences(_first_turn_as_the_app_plays_it())
    rolls = [text for _, text, rules in said if rules == ("ftv:3.5.2",) and "roll" in text]
    assert len(rolls) == 2, rolls  # one per NVA Assault Phase, never a replayed one
    first, second = rolls
    assert "first NVA Assault Phase of turn 1" in first
    assert "second NVA Assault Phase of turn 1" in second
    headings = [(rules, text) for _, text, rules in said if "NVA Assault Phase begins" in text]
    assert [rules for rules, _ in headings] == [("ftv:3.5",), ("ftv:3.7",)]


def test_ftv_3_5_2_no_offboard_result_is_a_bare_table_code():
    said = _sentences(_first_turn_as_the_app_plays_it())
    bare = [text for _, text, _ in said if BARE_CODE.search(text)]
    assert bare == []
    rolls = [text for _, text, rules in said if rules == ("ftv:3.5.2",) and "roll" in text]
    assert "no movement" in rolls[0]
    assert "the arrow" in rolls[1]


def test_ftv_3_5_2_d_the_log_says_the_32nd_moved_from_zone_a_to_zone_b_and_why():
    game = _first_turn_as_the_app_plays_it()
    said = _sentences(game)
    found = [text for _, text, _ in said if "the 32nd Regiment is in zone A" in text]
    assert found, "the seed no longer identifies the 32nd in zone A on turn 1"
    assert {game.board.box[f"{n}/32"] for n in range(1, 10)} == {"B"}
    moves = [text for _, text, rules in said if rules == ("ftv:3.5.2",) and "zone A" in text]
    assert moves == ["The arrow moves the 32nd Regiment's nine companies from zone A to zone B."]


def test_ftv_3_5_2_each_result_in_words():
    # Turn 1 of the shipped table: a 2 is no movement, an 8 the arrow, a 4 brings the 33rd to G.
    row = campaign_scenario().first_team.tables.offboard.turns[1]
    assert (row[0], row[6], row[2]) == ("-", "up", "3G")
    expected = {
        (1, 1): "roll 2: no movement",
        (4, 4): "roll 8: the arrow, every identified company moves a rank up",
        (1, 3): "roll 4: the 33rd Regiment from the Unknown Box to zone G",
    }
    for faces, words in expected.items():
        s = state(ScriptedDice(faces))
        s.turn, s.phase = 1, "first NVA assault"
        _nva.offboard_movement(s)
        text = s.trace[0].text
        assert text == f"offboard movement in the first NVA Assault Phase of turn 1: {words}"


def test_ftv_3_5_2_d_e_every_change_of_zone_box_is_told():
    s = state(ScriptedDice([]))
    in_zone(s, "C", "1/32", "2/32")
    in_zone(s, "A", "3/32")
    s.nva["2/32"].step = s.nva["3/32"].step = 4
    _nva._arrow(s)
    _nva._broken_drift(s)
    assert (s.box["1/32"], s.box["2/32"], s.box["3/32"]) == ("F", "B", EXITED)
    assert [step.text for step in s.trace] == [
        "the arrow moves the 32nd Regiment's one company from zone C to zone F",
        "broken 3/32 reaches Cambodia and leaves play",
        "broken 2/32 drifts from zone C down to zone B",
    ]


def test_ftv_3_5_2_d_an_arrow_with_nothing_to_move_says_so():
    s = state(ScriptedDice([]))
    _nva._arrow(s)
    assert [step.text for step in s.trace] == [
        "the arrow: no identified company can move a rank up"
    ]


def test_ftv_3_7_the_second_phase_heading_cites_3_7():
    s = state(ScriptedDice([1, 1]))  # a 2 on the table: nothing moves, so nothing else is rolled
    s.turn = 1
    drive(_nva_assault.nva_assault(s, number=2))
    assert (s.trace[0].rule, s.trace[0].text) == (
        "ftv:3.7",
        "turn 1: the second NVA Assault Phase begins (the segments of 3.5 again)",
    )


def test_ftv_3_5_2_b_a_regiment_already_identified_does_not_arrive_and_the_log_says_so():
    s = state(ScriptedDice([3, 3]))  # 6 on turn 1: the 32nd from the Unknown Box to zone D
    s.turn, s.phase = 1, "second NVA assault"
    in_zone(s, "A", *[f"{n}/32" for n in range(1, 10)])
    assert _nva.offboard_movement(s) == set()
    assert {s.box[f"{n}/32"] for n in range(1, 10)} == {"A"}
    assert [step.text for step in s.trace] == [
        (
            "offboard movement in the second NVA Assault Phase of turn 1: roll 6: the 32nd "
            "Regiment from the Unknown Box to zone D"
        ),
        "no company of the 32nd Regiment is left in the Unknown Box: none arrives",
    ]


def _ranked_out_of_letter_order() -> CampaignState:
    """A designer's Zone Display whose ranks do not follow the letters: C is the bottom rank,
    under A (the shipped display ranks A to J upward, so its boxes never meet this)."""
    scenario = campaign_scenario()
    ft = scenario.first_team
    display = ft.map.zone_display
    ranks = {**display.ranks, "C": 1, "A": 2}
    adjacent = [["Cambodia", "C"], ["C", "A"]] + [
        pair for pair in display.adjacent if tuple(pair) != ("Cambodia", "A")
    ]
    display = display.model_copy(update={"ranks": ranks, "adjacent": adjacent})
    board = ft.map.model_copy(update={"zone_display": display})
    ft = ft.model_copy(update={"map": board})
    scenario = scenario.model_copy(update={"first_team": ft})
    return CampaignState(scenario, ScriptedDice([]), {}, campaign_crt(), PointMap(board))


def test_ftv_3_5_2_e_a_broken_company_drifts_one_rank_a_segment_whatever_the_letters():
    s = _ranked_out_of_letter_order()
    assert (s.map.zone_down("A"), s.map.zone_down("C")) == ("C", "Cambodia")
    in_zone(s, "A", "2/32")
    in_zone(s, "C", "1/33")  # C holds identified companies too, so the drift visits it
    s.nva["2/32"].step = 4
    _nva._broken_drift(s)
    # One rank down, to C; it must not go on from C to Cambodia in the same segment.
    assert (s.box["2/32"], s.box["1/33"]) == ("C", "C")
    assert [step.text for step in s.trace] == ["broken 2/32 drifts from zone A down to zone C"]


def test_a_segment_the_us_ends_is_named_with_its_phase_in_the_log():
    """ftv:3.4: a class read "done with this segment of the first US assault phase" four times
    in a row; each line names its segment (by its case's title) or its phase."""
    said = [text for _, text, _ in _sentences(_first_turn_as_the_app_plays_it())]
    done = [text for text in said if text.startswith("US: done")]
    assert done, "the scripted US player ends segments in turn 1"
    assert "US: Done: end this segment." not in said
    assert all(
        re.fullmatch(r"US: done with the ([a-z ]+ segment of the )?[a-zA-Z -]+ phase\.", t)
        for t in done
    ), done
    assert "this segment" not in " ".join(done)
    assert "US: done with the air strike segment of the first US assault phase." in done
    assert "US: done with the ground movement segment of the second US assault phase." in done
