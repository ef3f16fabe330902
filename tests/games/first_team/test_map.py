"""The reconstructed point map against every map fact the First Team text gives."""

from __future__ import annotations

import networkx as nx
import pytest

from rulebook.errors import AreaNotFoundError
from rulebook.games.first_team import campaign_scenario
from rulebook.scenario._io import scenario_from_data


def test_ftv_1_5_14_sixty_lettered_locations_six_per_zone_plus_cambodia_and_pleiku(point_map):
    assert len(point_map.locations) == 67
    for zone in "ABCDEFGHIJ":
        assert [point_map.number(n) for n in point_map.in_zone(zone) if n != "Pleiku"] == [
            1,
            2,
            3,
            4,
            5,
            6,
        ]
    ground = point_map.graph.subgraph(point_map.locations)
    assert nx.is_connected(ground)


def test_ftv_1_5_17_road_locations_have_two_road_lines_and_a_route(point_map):
    roads = [n for n in point_map.locations if point_map.is_road_location(n)]
    assert {"D2", "G4", "D5", "CAM1", "Pleiku"} <= set(roads)
    assert all(point_map.routes(n) for n in roads)
    assert not point_map.is_road_location("G2")
    # ftv:3.5.1's example: zone D's priority targets are Duc Co (D2) and the empty road at D5.
    assert [n for n in point_map.in_zone("D") if point_map.is_road_location(n)] == ["D2", "D5"]


def test_ftv_1_1_and_ftv_7_0_the_camps(point_map):
    assert point_map.camp("G4") == "Plei Me"
    assert point_map.camp("D2") == "Duc Co"
    assert point_map.camp("C1") is None


def test_ftv_3_4_3_2_an_khe_reaches_i2_and_j4_but_not_j3(point_map):
    assert sorted(point_map.neighbors("An Khe", boxes=True)) == ["I2", "J4"]
    assert "An Khe" not in point_map.neighbors("J3", boxes=True)


@pytest.mark.parametrize(
    ("loc", "neighbours", "rule"),
    [
        ("C1", {"A3", "A4", "C3", "D3", "D6"}, "ftv:4.2.2.2"),
        ("C6", {"B4", "G2", "G4"}, "ftv:3.5.4.1"),
    ],
)
def test_locations_the_examples_list_in_full(point_map, loc, neighbours, rule):
    assert set(point_map.neighbors(loc)) == neighbours, rule


def test_ftv_4_1_4_and_ftv_3_4_3_5_example_lines_exist(point_map):
    for a, b in [
        ("F3", "F1"),
        ("F3", "F2"),
        ("F3", "F4"),
        ("F3", "H2"),
        ("F1", "F2"),
        ("B4", "G4"),
        ("C4", "G2"),
    ]:
        assert b in point_map.neighbors(a), (a, b)


def test_ftv_3_5_2_the_zone_display_ranks_and_arrows(point_map):
    assert point_map.rank("C") == 3
    assert point_map.zone_up("C") == "F"  # the arrow example
    assert point_map.zone_down("A") == "Cambodia"
    for zone in "ABCDEFGH":
        assert point_map.zone_up(zone) is not None, zone
    for zone in "BCDEFGHIJ":
        assert point_map.zone_down(zone) is not None, zone
    assert point_map.hops_to_pleiku("Pleiku") == 0


def test_every_reconstructed_block_says_so_and_how(spec):
    blocks = [
        spec.map,
        spec.map.zone_display,
        spec.nva,
        spec.us,
        spec.tables.crt,
        spec.tables.intelligence,
        spec.tables.offboard,
    ]
    assert all(b.provenance == "reconstructed" and len(b.note) > 40 for b in blocks)


def test_an_unknown_location_names_the_near_misses(point_map):
    with pytest.raises(AreaNotFoundError, match="did you mean"):
        point_map.zone("g4")


def test_a_broken_map_names_the_field():
    data = campaign_scenario().model_dump(mode="json")
    data["first_team"]["map"]["lines"]["A1-Z9"] = "jungle"
    from rulebook.errors import ScenarioError

    with pytest.raises(ScenarioError, match=r"first_team\.map.*A1-Z9"):
        scenario_from_data(data, "broken.yaml")


def test_the_crt_fits_every_cell_the_text_shows(crt, spec):
    assert str(crt.result(7, 8)) == "3"
    assert str(crt.result(11, 9)) == "8*"
    assert str(crt.result(8, 9)) == "2B"
    assert str(crt.result(8, 11)) == "2B"
    assert str(crt.result(15, 9)) == str(crt.result(11, 9))  # off the table reads as 11
    assert set(spec.tables.crt.pinned) == {"7/8", "11/9", "8/9", "8/11"}
    assert spec.tables.intelligence.turns[1][4 - 1] == "B"  # turn 1, roll 4: zone B


def test_ftv_1_5_21_a_playable_map_ranks_the_zone_of_every_location():
    """The NVA advance by zone rank (ftv:1.5.21): a location in a zone with no rank, or
    Pleiku in no zone, is refused by the engine's checks before any game starts."""
    from rulebook.games.first_team.checks import setup_problems

    data = campaign_scenario().model_dump(mode="json")
    assert [str(p) for p in setup_problems(scenario_from_data(data, "c.yaml"), "c.yaml")] == []
    data["first_team"]["map"]["zone_of"] = {"Pleiku": "K"}
    said = [str(p) for p in setup_problems(scenario_from_data(data, "c.yaml"), "c.yaml")]
    expected = "zone K (of Pleiku) has no rank on the Zone Display (ftv:1.5.21)"
    assert said == [f"c.yaml: first_team.map.zone_display.ranks: {expected}"]
    data["first_team"]["map"]["zone_of"] = {}
    said = [str(p) for p in setup_problems(scenario_from_data(data, "c.yaml"), "c.yaml")]
    assert said == ["c.yaml: first_team.map.zone_of: Pleiku is in no zone: name its zone"]


def test_unit_counts_on_the_small_map_are_drawn_above_every_location_and_line():
    """A count ("1 US" under D2) sat under D4's circle, drawn later; the walkthrough's map now
    draws every count last, each naming its location, with a pale halo over the lines."""
    import re

    from rulebook.games.first_team import campaign_map
    from rulebook.render.svg import point_map_svg

    svg = str(point_map_svg(campaign_map(), 520, counts={"D2": "1 US", "A6": "3 US 6 NVA"}))
    last_location = max(m.end() for m in re.finditer(r'<g class="location"', svg))
    counts = {
        m.group(1): m.start() for m in re.finditer(r'<g class="count" data-location="(\w+)"', svg)
    }
    assert set(counts) == {"D2", "A6"}
    assert min(counts.values()) > last_location
    assert "3 US 6 NVA</text>" in svg
    assert 'paint-order="stroke"' in svg


def test_a_count_label_covers_no_location_of_the_walkthroughs_maps():
    """Drawn over the circles, "1 US" under D2 still hid D4, and under G4 hid G1 (at the
    walkthrough's 520 pixels the locations stand close): each count takes the first side of its
    location clear of every other circle and count. Every stage the walkthrough shows."""
    import re

    from rulebook.history import load_chapters
    from widgets.walkthrough import first_team_html

    stages = [first_team_html(c) for c in load_chapters() if c.game.first_team is not None]
    assert len(stages) >= 2
    for svg in stages:
        circles = {
            m.group(1): (float(m.group(2)), float(m.group(3)))
            for m in re.finditer(
                r'data-location="([\w ]+)"><circle cx="([\d.]+)" cy="([\d.]+)" r="13"', svg
            )
        }
        assert len(circles) > 60
        found = re.findall(
            r'data-location="(\w+)"><text x="([\d.]+)" y="([\d.]+)" font-size="11" '
            r'font-weight="bold" text-anchor="(\w+)"[^>]*>([^<]+)<',
            svg,
        )
        assert found
        for loc, tx, ty, anchor, words in found:
            x, y, w = float(tx), float(ty), len(words) * 6.6
            left = {"middle": x - w / 2, "start": x, "end": x - w}[anchor]
            box = (left, y - 10, left + w, y + 2)
            hit = [
                n
                for n, (cx, cy) in circles.items()
                if n != loc
                and box[0] < cx + 13
                and cx - 13 < box[2]
                and box[1] < cy + 13
                and cy - 13 < box[3]
            ]
            assert not hit, f"the count of {loc} ({words}) covers {hit}"
