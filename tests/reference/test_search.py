"""Search ranks as a reader thinks: a table of reader queries, in the books' own words, and the entry
each must put first, with the reason every hit gives."""

from __future__ import annotations

import pytest

from rulebook.reference import load_reference


@pytest.fixture(scope="module")
def ref():
    return load_reference()


# (what a reader types, the entry that must come first). Abbreviations are the ones the books
# print (First Team's table in ftv:1.4: CP, CRT, DRM, LZ, SP, VP, NVA; LOS in LZ Albany 7.8 and
# Ambush Valley's terrain rules; HOLD markers; VC and ARVN in Ambush Valley's lists).
READER_QUERIES = [
    ("LOS", "lza:7.8"),
    ("line of sight", "lza:7.8"),
    ("nigth", "lza:11.0"),  # a transposed typo
    ("lza:7.8", "lza:7.8"),
    ("LZA 7.8", "lza:7.8"),
    ("LZA-7.8", "lza:7.8"),
    ("AV-Tunnel-Spots", "av:tunnel-spots"),
    ("CRT", "ftv:4.0"),
    ("combat results table", "ftv:4.0"),
    ("CP", "ftv:2.2"),
    ("command points", "ftv:2.2"),
    ("VP", "lza:4.1"),
    ("DRM", "ftv:4.1.11"),
    ("LZ", "ftv:1.5.13"),
    ("HOLD", "ftv:4.1.5"),
    ("NE", "ftv:4.2.1"),
    ("Choi Oi", "lza:3.5"),
    ("dust off", "lza:5.5C"),
    ("medevac", "lza:5.5C"),
    ("skyraider", "lza:5.5B"),
    ("mortar", "lza:7.4"),
    ("melee", "lza:7.2"),
    ("rally", "lza:9.0"),
    ("officer casualties", "lza:10.4"),
    ("adrenaline", "lza:5.3"),
    ("overstacked", "lza:6.1"),
    ("wounded at night", "lza:8.4D"),
    ("night wounded", "lza:8.4D"),
    ("line of sight at night", "lza:11.1A"),
    ("flares", "lza:11.2"),
    ("step loss", "ftv:2.4"),
    ("pathfinder", "ftv:1.5.15"),
    ("B-52", "ftv:3.4.1"),
    ("aero rocket", "ftv:3.4.4.4"),
    ("Cambodia", "ftv:6.1"),
    ("An Khe", "ftv:1.5.2"),
    ("combat superiority", "ftv:4.1.1"),
    ("ftv:4.2.3.2B", "ftv:4.2.3.2"),  # a cited paragraph opens its case
    ("tunnel rat", "av:tunnel-rat"),
    ("kit carson", "av:kit-carson-scout"),
    ("hot spot", "av:tunnel-spots"),
    ("tunn spot", "av:tunnel-spots"),  # prefixes
    ("booby trap", "av:booby-traps"),
    ("starlight scope", "av:starlight-scopes"),
    ("VC", "av:viet-cong"),
    ("Victor Charlie", "av:viet-cong"),
    ("ARVN", "av:arvn"),
    ("troop quality", "av:troop-quality"),
    ("pink team", "av:pink-teams"),
    ("CS gas", "av:cs-gas"),
    ("vietnamisation", "av:vietnamization"),  # British spelling, one letter off
    ("gunshp", "lza:5.5A"),
    ("amubsh", "ftv:3.4.2.1"),
    ("initative", "av:initiative"),
]


@pytest.mark.parametrize(("query", "first"), READER_QUERIES)
def test_a_reader_query_puts_the_right_entry_first(ref, query, first):
    hits = ref.find(query)
    assert hits, f"{query!r} found nothing"
    assert hits[0].entry.id == first, [(h.entry.id, h.why) for h in hits[:3]]
    assert hits[0].why  # every hit says why it matched


def test_the_table_covers_thirty_queries_and_all_three_books():
    assert len(READER_QUERIES) >= 30
    assert {first.split(":")[0] for _, first in READER_QUERIES} == {"lza", "ftv", "av"}


def test_los_no_longer_matches_losses_and_ranks_line_of_sight_first(ref):
    ids = [h.entry.id for h in ref.find("LOS")]
    assert ids[:2] == ["lza:7.8", "lza:11.1A"]
    assert "ftv:2.4" not in ids  # Step Losses is no line of sight


def test_a_typo_says_how_it_was_read(ref):
    hit = ref.find("nigth")[0]
    assert hit.why == "night in the title; “nigth” read as “night”"
    assert "night" in hit.context_text().lower()


def test_a_body_match_says_where_and_shows_the_word_in_context(ref):
    hit = next(h for h in ref.find("night") if h.entry.id == "av:vietnamization")
    assert hit.why == "night in the summary"
    assert "[night]" in hit.context_text()
    assert hit.context_text().startswith("…spots and tunnels")


def test_a_synonym_says_what_it_stands_for(ref):
    hit = next(h for h in ref.find("CP") if h.entry.id == "ftv:1.5.6")
    assert "CP means command point" in hit.why


def test_a_bare_case_number_finds_it_in_every_book(ref):
    assert [h.entry.id for h in ref.find("4.1")][:2] == ["lza:4.1", "ftv:4.1"]
    assert ref.find("lza:7")[0].why == "rule id begins lza:7"


def test_filters_keep_to_one_book_and_one_tag(ref):
    assert {h.entry.id.split(":")[0] for h in ref.find("night", game="av")} == {"av"}
    assert all("night" in h.entry.tags for h in ref.find("officer", tag="night"))


def test_nothing_found_suggests_the_nearest_words(ref):
    assert ref.find("xqzv") == []
    assert ref.find("xqzv qqzx") == []  # no word of it is anywhere
    assert "helicopter" in ref.suggest("helicoptre xqzv")
    assert ref.suggest("xqzv") == []


def test_without_an_entry_holding_every_word_the_most_words_win_and_say_what_they_lack(ref):
    """A reader's query seldom has all its words in one entry: 'los jungle fire' finds the fire
    rules that mention jungle, each hit naming the word it lacks, rather than nothing."""
    hits = ref.find("los jungle fire")
    assert hits[0].entry.id == "lza:7.3"
    assert hits[0].why == "fire in the title; jungle in the summary; no “los”"
    assert all(len(h.missing) == 1 for h in hits)  # two of the three words, none with fewer
    assert {h.missing for h in hits} >= {("los",), ("fire",)}
    melee = ref.find("wounded officer carried by platoon retreat")
    assert [(h.entry.id, h.missing) for h in melee] == [("lza:7.2", ("carried",))]
    assert all(h.missing == () for h in ref.find("night LOS"))  # all words found: as before


def test_a_topic_is_found_by_the_name_the_entry_shows_as_by_its_tag(ref):
    """The entries show their tags as topic names ("Programmed opponent" for ``ai``): a search
    for the name finds them, and says so in the page's word."""
    hits = ref.find("programmed opponent")
    assert "ai" in hits[0].entry.tags
    assert hits[0].why == "programmed, opponent in the topics"
    assert "b52" in ref.find("b52")[1].entry.tags  # the tag as spelt still finds them


def test_a_term_is_named_as_the_books_spell_it_in_a_hits_note(ref):
    """A search for B-52 said "the main entry for B 52 (b52)" and "b 52 in the topics": the
    note names the term as the books spell it, and its other name only if it is another."""
    hits = ref.find("B-52")
    assert hits[0].why.startswith("the main entry for B-52")
    assert "b52" not in hits[0].why
    assert hits[1].why == "B-52 in the topics"
    assert ref.find("LOS")[0].why == "the main entry for LOS (line of sight)"


def test_a_rule_id_names_its_book_whatever_book_or_topic_the_search_keeps_to(ref):
    """With Ambush Valley chosen, lza:7.8 said "Nothing matches" and suggested "lz, lay":
    an id is the reader asking for that entry, so it is found, and says where it is."""
    hits = ref.find("lza:7.8", game="av")
    assert [h.entry.id for h in hits] == ["lza:7.8"]
    assert hits[0].why == "rule id, in LZ Albany: outside the book searched"
    hit = ref.find("LZA 7.8", tag="night")[0]
    assert hit.entry.id == "lza:7.8"
    assert hit.why == "rule id, outside the topic Night"
    assert "lza:7.8" not in [h.entry.id for h in ref.find("7.8", game="av")]  # a bare number


@pytest.mark.parametrize(
    "query", ["lza:7.3Z", "lza:7.3B", "lza:8.4D", "ftv:4.2.3.2B", "ftv:4.2.3.2K"]
)
def test_a_rule_id_searched_finds_the_entry_its_link_opens(ref, query):
    """A lettered id that a link would call unknown (no such paragraph) is not offered as a
    rule-id match of its case by the search either: the two follow one rule."""
    by_id = [h.entry.id for h in ref.find(query) if h.why == "rule id"]
    opens = ref.resolve(query)
    assert by_id == ([opens] if opens else [])
