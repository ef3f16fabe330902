"""The rules reference: complete, cross-linked, and tied to the engine, its options and its tests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sources import source_text

from rulebook.errors import ScenarioError
from rulebook.reference import implementations, load_reference
from rulebook.reference import named_in_tests as named_by_tests
from rulebook.reference._reference import parse_reference
from rulebook.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
LZA, FTV, AV = "000_", "001_", "002_"  # the source texts' file-name prefixes


@pytest.fixture(scope="module")
def ref():
    return load_reference()


def cases_in_the_rulebook() -> set[str]:
    """Every numbered case and lettered sub-case the LZ Albany text defines."""
    found, current = set(), None
    for line in source_text(LZA).splitlines():
        heading = re.match(r"^(\d+\.\d+) [A-Z]", line)
        if heading:
            current = heading.group(1)
            found.add(f"lza:{current}")
            continue
        letter = re.match(r"^(?:- )?([A-F])\) [A-Z]", line)
        if letter and current:
            found.add(f"lza:{current}{letter.group(1)}")
    return found


def test_every_case_and_sub_case_of_lz_albany_has_an_entry(ref):
    expected = cases_in_the_rulebook()
    assert len(expected) > 80
    missing = sorted(expected - set(ref.entries))
    assert missing == []


def test_every_numbered_case_of_first_team_has_an_entry_down_to_the_deepest_level(ref):
    headings = re.findall(r"^(\d+(?:\.\d+)+) [A-Z]", source_text(FTV), re.MULTILINE)
    expected = {f"ftv:{number}" for number in headings}
    assert {"ftv:3.4.1.3", "ftv:4.2.3.2", "ftv:2.3.3.1", "ftv:1.5.22"} <= expected
    assert len(expected) == 133
    assert sorted(expected - set(ref.entries)) == []
    assert sorted(e.id for e in ref if e.id.startswith("ftv:") and e.id not in expected) == []


# Every section heading and table of Ambush Valley, anchored to its line in the source text
# (headings there have lost letters: "Tnn spot" is Tunnel Spots), with the entry covering it.
AV_ANCHORS = [
    (69, "Tnn spot", "tunnel-spots"), (72, "INITIATIVe", "initiative"),
    (73, "uNIT DeFINITIONs", "unit-definitions"), (76, "TrOOP QuAlITy", "troop-quality"),
    (77, "suPPly QuAlITy", "supply-quality"), (78, "TerrAIN", "terrain"),
    (80, "Heavy Foliage", "heavy-foliage"), (85, "Special Terrain", "vc-and-terrain"),
    (86, "Sottg ch", "spotting-charlie"), (90, "A!", "ambush"), (97, "bODy ArmOr", "body-armor"),
    (100, "NIghT FIghTINg", "night-fighting"), (102, "Nit e", "night-eyes"),
    (103, "stait scop", "starlight-scopes"), (106, "Slap Flares", "slap-flares"),
    (107, "Trip Flares", "trip-flares"), (108, "Iination rond", "illumination"),
    (111, "OFF-bOArD", "fire-missions"), (117, "Fi miion rqt modi", "fire-missions"),
    (118, "sPeCIAl WeAPONs", "special-weapons"), (125, "Cs ga", "cs-gas"),
    (130, "boo Tap", "booby-traps"), (133, "Cao min", "claymores"),
    (138, "Ipovid Aa", "improvised-alarms"), (139, "CIVIlIANs", "civilians"),
    (141, "sPeCIAl TrOOP", "special-troop-types"), (142, "mdic", "medic"),
    (145, "Pointan", "pointman"), (146, "kit Caon scot", "kit-carson-scout"),
    (146, "Tnn rat", "tunnel-rat"), (149, "", "scout-dogs"), (157, "suicide squads", "suicide-squads"),
    (158, "NVA sapp", "nva-sappers"), (161, "sPOTTer", "spotter-aircraft"),
    (165, "PINk TeAms", "pink-teams"), (168, "NaPalm", "napalm"), (170, "bOATs", "boats"),
    (172, "lit boat d6", "boat-damage-light"), (202, "hav boat d6", "boat-damage-heavy"),
    (235, "bOAT sTATs", "boat-stats"), (262, "us Army", "us-army"), (265, "", "us-platoon-lists"),
    (275, "VIeT CONg", "viet-cong"), (290, "NOrTh VIeTNAmese", "nva"), (298, "ArVN", "arvn"),
    (303, "kOreA", "rok"), (305, "gVN", "gvn-police"), (308, "ANzAC", "anzac"),
    (312, "uNITeD sTATes", "us-ground-vehicles"), (478, "helICOPTers", "us-helicopters"),
    (563, "FIxeD WINg", "us-fixed-wing"), (579, "rePublIC OF VIeTNAm", "rvn-vehicles"),
    (599, "AusTrAlIA", "australian-vehicles"), (622, "DemOCrATIC", "drv-vehicles"),
    (643, "Ambush Alley Games", "campaign"), (651, "statin ratin", "campaign-force"),
    (651, "", "leadership-rating"), (671, "CAmPAIgN TurN", "campaign-turn"),
    (675, "stp 1", "mission-generator"), (686, "stp 2", "operational-momentum"),
    (689, "Avaia At Cot", "asset-costs"), (730, "exeCuTe", "fog-of-war"),
    (740, "Victory Points", "victory-points-free-world"), (740, "", "victory-points-vc"),
    (766, "5 - 8 turns", "game-length"), (770, "", "margin-of-victory"),
    (777, "stp 2: Caat", "casualty-status"), (810, "stp 3", "campaign-vp"),
    (823, "Team Development", "combat-team-development"), (823, "", "combat-fatigue"),
    (871, "Special Team Development", "special-development"), (871, "", "leadership-development"),
    (906, "stp 5", "replacements"), (919, "INsurgeNCy", "building-the-insurgency"),
    (954, "PlATOON lOg", "platoon-log"), (970, "INsurgeNCy lOg", "insurgency-log"),
    (984, "solo", "solo-vc"), (1003, "small skirmish", "scenario-dak-po"),
    (1034, "following scenario", "scenario-crimp"), (1068, "following scenario", "scenario-ap-bac"),
    (1089, "Hill 30", "scenario-starlite"), (1126, "August 1969", "scenario-quan-loi"),
    (1165, "December 1967", "scenario-hornets-nest"),
]  # fmt: skip


@pytest.mark.parametrize(("line", "heading", "slug"), AV_ANCHORS)
def test_every_section_and_table_of_ambush_valley_has_an_entry(ref, line, heading, slug):
    text = source_text(AV).splitlines()[line - 1]
    assert heading in text
    entry = ref[f"av:{slug}"]
    assert entry.lines is not None
    assert entry.lines[0] <= line <= entry.lines[1]


def test_ambush_valley_entries_cover_the_book_and_flag_their_readings(ref):
    av = [e for e in ref if e.id.startswith("av:")]
    assert {f"av:{slug}" for _, _, slug in AV_ANCHORS} <= {e.id for e in av}
    assert all(e.lines is not None for e in av)
    derived = [e for e in av if e.provenance == "derived"]
    assert derived
    assert all(e.note for e in derived)


def test_cross_references_point_at_entries(ref):
    dangling = [(e.id, r) for e in ref for r in e.refs if r not in ref]
    assert dangling == []


def test_the_checker_finds_the_wrong_cross_references_of_the_three_books(ref):
    found = {(f.source, f.printed, f.kind) for f in ref.check()}
    assert found == {
        # LZ Albany: no case 11.3 (flares are 11.2); 7.5 names 5.5B (Skyraiders) for the LZ
        # Columbus rule 5.4B; 7.6 and 7.7A name a "7.3.3" the book never numbers.
        ("lza:3.8", "11.3", "missing"),
        ("lza:7.5", "5.5B", "topic"),
        ("lza:7.6", "7.3.3", "missing"),
        ("lza:7.7A", "7.3.3", "missing"),
        # First Team: the optional NVA artillery is 6.2, not 6.1; fatigue is 2.6, not 2.7, and
        # 4.2.3.2C, not B; consuming supply is step 10, not 12; pathfinders are 3.4.2.3.
        ("ftv:3.5.8", "6.1", "topic"),
        ("ftv:4.2.3.2", "2.7", "topic"),
        ("ftv:2.5.2", "4.2.3.2.B", "topic"),
        ("ftv:4.1.4", "Step 12", "topic"),
        ("ftv:2.3.1", "3.4.2", "topic"),
        # Ambush Valley names sections by titles they do not have, or that do not exist.
        ("av:campaign", "Developing the Insurgency", "renamed"),
        ("av:combat-team-development", "Developing the Insurgency", "renamed"),
        ("av:mission-generator", "Random Scenario Generator", "renamed"),
        ("av:campaign-force", "Calling Big Brother", "missing"),
    }
    sixth = next(f for f in ref.check() if f.source == "ftv:3.5.8")
    assert str(sixth).startswith("ftv:3.5.8 -> ftv:6.1 [topic]")


def test_checked_citations_that_are_right_make_no_finding(ref):
    correct = [(e.id, c.printed) for e in ref for c in e.cites]
    flagged = {(f.source, f.printed) for f in ref.check()}
    assert ("ftv:3.4.3.6", "3.5.7") in correct
    assert ("ftv:3.4.3.6", "3.5.7") not in flagged
    assert ("ftv:2.5.1", "4.1.14") not in flagged


def test_search_cross_links_and_parents(ref):
    assert next(e.id for e in ref.search("line of sight")) == "lza:7.8"
    assert "lza:7.8" in ref.cited_by("lza:11.1A") or "lza:11.1A" in ref.refers_to("lza:7.8")
    assert ref.parent("lza:7.7A") == "lza:7.7"
    assert ref.parent("lza:7.7") == "lza:7.0"
    assert ref.parent("ftv:2.3.3.1") == "ftv:2.3"  # the book has no 2.3.3
    assert ref.parent("ftv:4.2.3.2") == "ftv:4.2.3"
    assert ref.parent("av:tunnel-rat") is None
    assert "ftv:4.2.3.1" in ref.children("ftv:4.2.3")
    assert all("night" in e.tags for e in ref.search("", tag="night"))
    with pytest.raises(KeyError, match="did you mean"):
        ref["lza:7.88"]


def test_search_ranks_titles_then_phrases_and_filters_by_game(ref):
    assert ref.search("night wounded")[0].id == "lza:8.4D"
    assert ref.search("stacking", game="ftv")[0].id == "ftv:2.3"
    assert {e.id.split(":")[0] for e in ref.search("stacking", game="ftv")} == {"ftv"}
    assert ref.search("kit carson")[0].id == "av:kit-carson-scout"
    assert ref.search("combat superiority")[0].id == "ftv:4.1.1"
    assert ref.search("tunn spot")[0].id == "av:tunnel-spots"  # prefixes
    assert ref.search("xqzv qqzx") == []  # no word of it is anywhere


def test_a_rule_id_is_read_however_a_reader_writes_it(ref):
    """A link or a reader may write LZA:7.8, lza 7.8 or LZA-7.8; the page says misspellings
    are forgiven, so each opens lza:7.8."""
    for written in ("LZA:7.8", "lza 7.8", "LZA-7.8", " lza : 7.8 "):
        assert ref.lookup(written) == "lza:7.8", written
    assert ref.lookup("lza:3.2a") == "lza:3.2A"
    assert ref.lookup("FTV:4.2.3.2b") == "ftv:4.2.3.2"
    assert ref.lookup("AV:Tunnel-Spots") == "av:tunnel-spots"
    assert ref.lookup("lza:99.9") is None
    assert ref.lookup("night") is None


def test_an_id_that_names_nothing_has_the_nearest_of_its_book(ref):
    assert ref.nearest("lza:99.9") == ["lza:9.0", "lza:9.1", "lza:9.2"]
    assert all(i.startswith("ftv:") for i in ref.nearest("FTV 4.2.9"))
    assert ref.nearest("xqzv") == []


def test_a_cited_paragraph_leads_to_its_case(ref):
    assert ref.resolve("ftv:4.2.3.2B") == "ftv:4.2.3.2"
    assert ref.resolve("ftv:4.2.3.2Z") is None
    assert "ftv:2.5.2" in ref.cited_by("ftv:4.2.3.2")


SCENARIO_OF = {
    "lza": ROOT / "scenarios" / "lz_albany" / "standard.yaml",
    "ftv": ROOT / "scenarios" / "first_team" / "campaign.yaml",
}


@pytest.mark.parametrize("prefix", sorted(SCENARIO_OF))
def test_interpretations_with_options_match_the_scenario(ref, prefix):
    scenario = load_scenario(SCENARIO_OF[prefix])
    with_options = [i for e, i in ref.interpretations() if e.id.startswith(prefix) and i.option]
    assert with_options
    for interp in with_options:
        option = scenario.options[interp.option]
        assert sorted(option.choices) == sorted(r.id for r in interp.readings), interp.id
        assert option.default == interp.engine_uses, interp.id
        assert option.interpretation == interp.id, interp.id
    assert {o.interpretation for o in scenario.options.values() if o.interpretation} <= {
        i.id for _, i in ref.interpretations()
    }


def test_every_rule_the_engine_cites_is_in_the_reference(ref):
    cited = set(implementations())
    assert len(cited) > 40
    assert sorted(rule_id for rule_id in cited if ref.resolve(rule_id) is None) == []


def test_every_rule_the_engine_implements_has_a_test_that_names_it(ref):
    """A paragraph (ftv:4.0D) counts as its case, whether the code or the test names it."""
    implemented = {ref.resolve(rule_id) or rule_id for rule_id in implementations()}
    named = {ref.resolve(rule_id) or rule_id for rule_id in named_by_tests()}
    assert sorted(implemented - named) == []


def test_every_case_of_first_team_sections_2_and_4_has_a_test_that_names_it(ref):
    """The done-when of the First Team combat issue: no case of sections 2 and 4 untested."""
    cases = {e.id for e in ref if e.id.startswith(("ftv:2.", "ftv:4."))}
    named = {ref.resolve(rule_id) or rule_id for rule_id in named_by_tests()}
    assert sorted(cases - named) == []


def test_links_name_the_functions_and_tests():
    assert "rulebook.games.lz_albany._state:State.night" in implementations()["lza:11.0"]
    assert (
        "tests/games/lz_albany/test_sequence.py::test_lza_11_0_turns_9_and_10_are_night"
        in named_by_tests()["lza:11.0"]
    )


def test_a_bad_reference_file_names_the_field():
    bad = "game: lz-albany\nprefix: lza\ntitle: T\nentries:\n  - {id: 'lza 7.3', title: x, summary: y}\n"
    with pytest.raises(ScenarioError, match=r"bad\.yaml: entries\.0\.id"):
        parse_reference(bad, "bad.yaml")
