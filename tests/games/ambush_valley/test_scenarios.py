"""The six Ambush Valley scenarios: each loads and validates; broken ones are named precisely."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from rulebook.errors import ScenarioError
from rulebook.games.ambush_valley.scenario import Scenario, reinforcement_odds, road_exits
from rulebook.scenario import load_scenario, validate

ROOT = Path(__file__).resolve().parents[3]
FILES = sorted((ROOT / "scenarios" / "ambush_valley").glob("*.yaml"))


def test_all_six_book_scenarios_are_shipped():
    """av:scenarios: Dak Po, Crimp, Ap Bac, Starlite, Quan Loi, the Hornets' Nest."""
    assert {f.stem for f in FILES} == {
        "dak_po",
        "crimp",
        "ap_bac",
        "starlite",
        "quan_loi",
        "hornets_nest",
    }


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_every_scenario_loads_and_validates(path):
    s = Scenario.load(path)
    assert s.problems() == []
    assert validate(s.file, str(path)) == []
    assert s.spec.layout.provenance.value == "reconstructed"
    assert s.spec.layout.note
    for i, _ in enumerate(s.spec.reinforcements):
        assert sum(s.reinforcement_odds(i).values()) == 1
    for side in s.spec.sides:
        assert s.figures(side) > 0


def test_av_scenario_dak_po_reinforcement_odds():
    """av:scenario-dak-po, av:vc-reinforce: 4 or less on a D6, then the D6 table."""
    s = Scenario.load(ROOT / "scenarios" / "ambush_valley" / "dak_po.yaml")
    odds = s.reinforcement_odds(0)
    assert odds["none"] == Fraction(1, 3)
    assert odds["6"] == Fraction(1, 9)


def test_av_scenario_quan_loi_and_crimp_reinforcement_odds():
    """av:scenario-quan-loi: 4 or less on a D12 then 2D6; av:scenario-crimp: 5+ on a D6 then 2D6."""
    quan_loi = Scenario.load(ROOT / "scenarios" / "ambush_valley" / "quan_loi.yaml")
    assert quan_loi.reinforcement_odds(0)["7"] == Fraction(1, 3) * Fraction(1, 6)
    crimp = Scenario.load(ROOT / "scenarios" / "ambush_valley" / "crimp.yaml")
    assert crimp.reinforcement_odds(0)["3-6"] == Fraction(1, 3) * Fraction(14, 36)
    assert crimp.spec.reinforcements[0].after_first_fire


def _broken(tmp_path: Path, change) -> Path:
    data = yaml.safe_load((ROOT / "scenarios" / "ambush_valley" / "dak_po.yaml").read_text())
    change(data)
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def _problems(path: Path) -> list[str]:
    return [str(p) for p in Scenario.load(path).problems()]


def test_a_tunnel_spot_near_a_road_exit_is_named(tmp_path):
    """av:tunnel-spots: Dak Po keeps spots 12 in from road exits."""
    path = _broken(
        tmp_path, lambda d: d["ambush_valley"]["layout"]["tunnel_spots"][0].update(at=[3, 30])
    )
    found = Scenario.load(path).problems()
    near = [p for p in found if p.path == "ambush_valley.layout.tunnel_spots[0].at"]
    assert [p.message for p in near] == [
        (
            "Tunnel spot 1 is 6.7 in from a road exit; this scenario keeps tunnel spots at least "
            "12 in from road exits (av:tunnel-spots)."
        )
    ]
    assert near[0].places == ("spot-1",)
    assert near[0].rule == "av:tunnel-spots"
    assert str(near[0]).endswith("[ambush_valley.layout.tunnel_spots[0].at]")


def test_spots_closer_than_six_inches_and_too_many_near_the_hamlet(tmp_path):
    def move(d):
        spots = d["ambush_valley"]["layout"]["tunnel_spots"]
        spots[0]["at"] = [30, 33]
        spots[1]["at"] = [34, 33]

    found = Scenario.load(_broken(tmp_path, move)).problems()
    gap = next(p for p in found if "apart" in p.message)
    assert gap.message == (
        "Tunnel spot 1 is 4.0 in from tunnel spot 2; tunnel spots must be at least 6 in apart "
        "(av:tunnel-spots)."
    )
    assert gap.places == ("spot-1", "spot-2")
    crowd = next(p for p in found if "at most 2" in p.message)
    assert "within 12 in of Dak Po (open ground)" in crowd.message, crowd
    assert crowd.places[-1] == "hamlet"
    assert {"spot-1", "spot-2"} <= set(crowd.places)


def test_a_force_or_platoon_list_not_in_the_books_army_lists_is_named(tmp_path):
    """av:army-lists: a side's force and platoon list come from the book's army lists."""
    force = Scenario.load(
        _broken(tmp_path, lambda d: d["ambush_valley"]["sides"]["vc"].update(force="khmer-rouge"))
    ).problems()
    wrong = [p for p in force if p.path == "ambush_valley.sides.vc.force"]
    assert len(wrong) == 1
    assert "“khmer-rouge” the book's army lists do not have" in wrong[0].message
    assert wrong[0].rule == "av:army-lists"
    platoon = Scenario.load(
        _broken(tmp_path, lambda d: d["ambush_valley"]["sides"]["vc"].update(platoon="no-such"))
    ).problems()
    wrong = [p for p in platoon if p.path == "ambush_valley.sides.vc.platoon"]
    assert len(wrong) == 1
    assert "platoon list “no-such” the book does not have" in wrong[0].message
    assert wrong[0].rule == "av:army-lists"


def test_a_reinforcement_table_with_a_gap_is_named(tmp_path):
    def gap(d):
        rows = d["ambush_valley"]["reinforcements"][0]["rows"]
        del rows["5"]

    found = _problems(_broken(tmp_path, gap))
    assert any("reinforcements[0].rows" in p and "totals 5" in p for p in found), found
    # the problem belongs to the table's side, so the app can open that side's forces
    side = Scenario.load(_broken(tmp_path, gap)).problems()
    table = next(p for p in side if p.path == "ambush_valley.reinforcements[0].rows")
    assert (
        table.side
        == yaml.safe_load((ROOT / "scenarios" / "ambush_valley" / "dak_po.yaml").read_text())[
            "ambush_valley"
        ]["reinforcements"][0]["side"]
    )


def test_a_misspelt_field_is_an_error_with_its_line(tmp_path):
    path = _broken(tmp_path, lambda d: d["ambush_valley"]["sides"]["us"].update(moral=8))
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert "ambush_valley.sides.us.moral" in str(err.value)
    assert "broken.yaml:" in str(err.value)


def test_a_feature_off_the_table_is_named(tmp_path):
    found = _problems(
        _broken(
            tmp_path,
            lambda d: d["ambush_valley"]["layout"]["features"][0].update(
                outline=[[0, 40], [80, 40], [80, 48]]
            ),
        )
    )
    assert any(
        "features[0].outline" in p
        and "Jungle north (heavy foliage): its outline reaches off the 72 x 48 in table" in p
        for p in found
    ), found


def test_a_bad_scenario_is_not_saved_and_the_file_is_untouched(tmp_path):
    target = tmp_path / "keep.yaml"
    original = (ROOT / "scenarios" / "ambush_valley" / "ap_bac.yaml").read_text()
    target.write_text(original)  # a scenario of the game (a file of none is never replaced)
    bad = Scenario.load(
        _broken(tmp_path, lambda d: d["ambush_valley"]["sides"]["vc"].update(force="nobody"))
    )
    with pytest.raises(ValueError, match="not saved"):
        bad.save(target)
    assert target.read_text() == original
    good = Scenario.load(ROOT / "scenarios" / "ambush_valley" / "dak_po.yaml")
    good.save(target)
    assert Scenario.load(target).problems() == []


def test_road_exits_are_where_roads_meet_the_edge():
    s = Scenario.load(ROOT / "scenarios" / "ambush_valley" / "dak_po.yaml")
    assert sorted(road_exits(s.spec)) == [(0, 24), (36, 0), (36, 48), (72, 24)]
    assert reinforcement_odds(s.spec.reinforcements[0])["3-4"] == Fraction(2, 9)


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_every_set_up_zone_of_a_shipped_scenario_has_a_name_not_its_id(path):
    """The designer names a set-up zone by its label; one without falls back to its id in
    words ('arvn start (ARVN set-up)'), which reads as a file's key, not a place."""
    from rulebook.games.ambush_valley.naming import name_of

    spec = load_scenario(path).ambush_valley
    for zone in spec.layout.deployment:
        assert zone.label, f"{path.name}: set-up zone {zone.id} has no label"
        assert name_of(spec, zone.id).startswith(zone.label)
