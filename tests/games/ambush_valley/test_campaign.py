"""The campaign record stepped through the pre-action and after-action sequences."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulebook.dice import Dice, ScriptedDice
from rulebook.games.ambush_valley.campaign import (
    AFTER_ACTION,
    PRE_ACTION,
    CampaignRecord,
    Figure,
    GameReport,
    Team,
    buy_asset,
    casualty_status,
    casualty_status_odds,
    game_continues,
    game_length_odds,
    margin,
    victory_points,
)
from rulebook.games.ambush_valley.dice import check_odds
from rulebook.trace import Trace


def record() -> CampaignRecord:
    teams = {"Alpha": Team("Alpha", tq=8), "Bravo": Team("Bravo", tq=8)}
    figures = [Figure(f"A{i}", "Rifleman", team="Alpha") for i in range(4)]
    figures += [Figure(f"B{i}", "Rifleman", team="Bravo") for i in range(4)]
    return CampaignRecord("Snoopin'", teams=teams, figures=figures)


def test_av_game_length_odds_and_rolls():
    """av:game-length: D6 after turn 5, D8 after 6, D10 after 7, 4+ plays on, 8 is the last."""
    odds = game_length_odds()
    assert dict(odds) == {
        5: Fraction(1, 2),
        6: Fraction(3, 16),
        7: Fraction(3, 32),
        8: Fraction(7, 32),
    }
    trace = Trace()
    assert game_continues(4, Dice(0), trace)
    assert not game_continues(5, ScriptedDice([3]), trace)
    assert game_continues(6, ScriptedDice([4]), trace)
    assert not game_continues(8, Dice(0), trace)


def test_av_victory_points_free_world_and_av_victory_points_vc_and_av_margin_of_victory():
    """av:victory-points-free-world, av:victory-points-vc, av:margin-of-victory."""
    us, lines = victory_points(
        "free_world", {"objective": 1, "kia": 2, "kia_officer": 1, "unspent_omp": 3}
    )
    assert us == 15 - 4 - 3 + 3
    assert len(lines) == 4
    vc, _ = victory_points("vc", {"civilian_casualty": 1, "insurgent_leader_killed": 2})
    assert vc == 3
    assert margin(11, 3) == "Decisive Victory"
    assert margin(6, 3) == "Victory"
    assert margin(5, 3) == "Marginal Victory"
    assert margin(4, 0) == "Decisive Victory"  # interpretation av:margin-of-victory/non-positive
    with pytest.raises(KeyError, match="no VP event"):
        victory_points("vc", {"objective": 1})


def test_av_casualty_status_recovered_stragglers_roll_again():
    """av:casualty-status: 2 TQ dice; a recovered straggler rolls on the table it names."""
    trace = Trace()
    assert casualty_status(ScriptedDice([5, 5, 1, 1]), 8, "straggler", trace) == "Deceased"
    assert [s.text.split(":")[0] for s in trace] == ["casualty-straggler", "casualty-evacuated"]
    assert casualty_status(ScriptedDice([3, 2]), 8, "straggler", Trace()) == "Captured"
    final = casualty_status_odds(8, "straggler")
    assert sum(final.values()) == 1
    assert not any(str(k).startswith("Recovered") for k in final)
    # 2D8 of 2-3: 3/64 whereabouts unknown, straight from the table.
    assert final["Duty Status Whereabouts Unknown"] == Fraction(3, 64)


def test_av_operational_momentum_and_av_asset_costs():
    """av:operational-momentum: 2D6 OMP; av:asset-costs: spent at the agreed price."""
    r = record()
    trace = Trace()
    PRE_ACTION[1][1](r, ScriptedDice([4, 5]), trace, None)
    assert r.omp == 9
    buy_asset(r, "Tank", trace)
    assert r.omp == 1
    with pytest.raises(ValueError, match="costs 2 OMP; 1 left"):
        buy_asset(r, "Sniper Team", trace)


def test_a_whole_campaign_turn_steps_through_both_sequences():
    """av:campaign-turn, av:mission-generator, av:reconnoiter, av:assessment, av:campaign-vp,
    av:combat-team-development, av:development-ranks, av:replacements."""
    r = record()
    dice = Dice(11)
    trace = Trace()
    for _, step in PRE_ACTION:
        step(r, dice, trace, None)
    assert r.mission is not None
    assert r.mission["mission"]
    report = GameReport(
        vp=20,
        enemy_vp=8,
        casualties={"A0": "evacuated", "B1": "straggler"},
        teams_eligible=["Alpha"],
        teams_committed=["Alpha", "Bravo"],
        insurgent_result="loss",
    )
    for _, step in AFTER_ACTION:
        step(r, dice, trace, report)
    rules = set(trace.rules())
    assert {
        "av:mission-generator",
        "av:assessment",
        "av:casualty-status",
        "av:campaign-vp",
        "av:replacements",
    } <= rules
    assert r.turn == 2
    assert r.campaign_vp != 0
    assert all(
        f.status in ("active", "rtd-pool", "replacement-pool", "pow", "straggler", "gone")
        for f in r.figures
    )


def test_av_development_ranks_rise_to_three():
    """av:development-ranks: a repeated area rises a rank, to 3 at most."""
    r = record()
    report = GameReport(vp=0, enemy_vp=0, teams_eligible=["Alpha"], teams_committed=["Alpha"])
    step = dict(AFTER_ACTION)["Combat development"]
    for _ in range(4):
        step(r, ScriptedDice([6]), Trace(), report)  # d10 = 6: Firepower
    assert r.teams["Alpha"].ranks == {"Firepower": 3}


def test_av_special_development_repeats_are_rolled_again():
    """av:special-development, av:leadership-development: a repeat is rolled again
    (interpretation av:combat-team-development/repeat-special)."""
    r = record()
    report = GameReport(vp=0, enemy_vp=0, teams_eligible=["Alpha"], teams_committed=["Alpha"])
    step = dict(AFTER_ACTION)["Combat development"]
    step(r, ScriptedDice([9, 4]), Trace(), report)
    step(r, ScriptedDice([9, 4, 7]), Trace(), report)
    assert r.teams["Alpha"].special == ["Babysitters", "Cowboys"]


def test_av_combat_fatigue_for_a_team_that_fights_on():
    """av:combat-fatigue: a fatigued team sent into action again rolls the fatigue table; one that sits out recuperates."""
    r = record()
    r.teams["Alpha"].fatigue = ["Fatigued"]
    report = GameReport(vp=0, enemy_vp=0, teams_committed=["Alpha"])
    dict(AFTER_ACTION)["Combat development"](r, ScriptedDice([1, 1]), Trace(), report)
    assert len(r.teams["Alpha"].fatigue) == 2
    r.teams["Bravo"].fatigue = ["Fatigued"]
    r.teams["Bravo"].sat_out_last_turn = True
    PRE_ACTION[1][1](r, ScriptedDice([1, 1]), Trace(), None)
    assert r.teams["Bravo"].fatigue == []


def test_av_replacements_the_books_example():
    """av:replacements: a D8 team with two replacements tests at -2; a 5 becomes 3 and fails,
    losing its developments."""
    r = record()
    r.teams["Alpha"].ranks = {"Reaction": 1}
    r.figures = [f for f in r.figures if f.team != "Alpha"][:0] + [
        Figure("A0", "Rifleman", team="Alpha"),
        Figure("A1", "Rifleman", team="Alpha"),
        Figure("A2", "Rifleman", team="Alpha", status="replacement-pool"),
        Figure("A3", "Rifleman", team="Alpha", status="replacement-pool"),
    ]
    step = dict(AFTER_ACTION)["Replacements"]
    # Two pool rolls fail (1, 2), two replacements arrive (3 FNG, 6 Lifer), the team then rolls 5.
    step(r, ScriptedDice([1, 3, 2, 6, 5]), Trace(), None)
    assert r.teams["Alpha"].ranks == {}
    assert check_odds(8, modifier=-2) == Fraction(3, 8)
    arrived = [f.name for f in r.figures if f.joined_turn == 1 and f.status == "active"]
    assert sorted(arrived) == ["FNG", "Lifer"]


def test_av_building_the_insurgency_ranks_stop_at_three():
    """av:building-the-insurgency: only after a VC draw or better; repeats raise a rank; a
    fourth roll for a rank-3 improvement counts as no development."""
    r = record()
    step = dict(AFTER_ACTION)["Building the insurgency"]
    loss = GameReport(vp=0, enemy_vp=0, insurgent_result="loss")
    step(r, ScriptedDice([]), Trace(), loss)
    draw = GameReport(vp=0, enemy_vp=0, insurgent_result="draw")
    trace = Trace()
    for _ in range(4):
        step(r, ScriptedDice([8]), trace, draw)  # d10 = 8: Improved Tactics
    assert r.insurgency == {"Improved Tactics": 3}
    assert "already rank 3" in trace[-1].text


def test_the_record_saves_atomically_and_refuses_a_bad_file(tmp_path):
    r = record()
    r.mission = {"mission": "Over Run", "roll": 3}
    path = tmp_path / "platoon.json"
    r.save(path)
    again = CampaignRecord.load(path)
    assert again == r
    path.write_text('{"name": "x", "unknown_field": 1}')
    with pytest.raises(
        ValueError, match=r"platoon\.json: unknown_field: unknown field; not a campaign"
    ):
        CampaignRecord.load(path)
    path.write_text('{"name": "x", "figures": [{"id": "a", "role": 3}], "tq": 7}')
    with pytest.raises(ValueError, match=r"platoon\.json: figures\.0\.role: expected text; got 3"):
        CampaignRecord.load(path)
    path.write_text('{"name": "x", "tq": 7}')
    with pytest.raises(
        ValueError, match=r"platoon\.json: tq: expected a die of D6, D8, D10 or D12"
    ):
        CampaignRecord.load(path)


def test_av_campaign_force_and_av_leadership_rating_for_leaders():
    """av:campaign-force, av:leadership-rating: +1 for the platoon leader and sergeant; a 6
    sends a leader to the Leadership Rating Table."""
    from rulebook.games.ambush_valley.campaign import rate_leaders

    ratings = rate_leaders(
        ["Lt", "Sgt", "SL 1"], ScriptedDice([3, 6, 1, 2]), Trace(), platoon_leaders=("Lt", "Sgt")
    )
    assert ratings == {"Lt": 1, "Sgt": -2, "SL 1": 0}
