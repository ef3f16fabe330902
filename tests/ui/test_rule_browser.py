"""The rules browser widget: searching, Enter, filtering, following links, going back, URLs."""

from __future__ import annotations

import re

import pytest

from widgets.rule_browser import RuleBrowser, rule_browser_app, start_from_query


def shown_ids(app: RuleBrowser) -> list[str]:
    return [
        button.description.split()[0]
        for slot, button, _ in app._slots
        if slot.layout.display != "none"
    ]


def test_a_rule_id_and_enter_opens_it():
    app = RuleBrowser()
    app.query.value = "lza:7.8"
    assert shown_ids(app) == ["lza:7.8"]
    app.query._handle_custom_msg({"event": "submit"}, [])  # what Enter sends from the page
    assert app.current == "lza:7.8"
    assert "Line of Sight" in app.entry_view.value


def test_los_ranks_line_of_sight_first_and_says_why():
    app = RuleBrowser()
    app.query.value = "LOS"
    assert shown_ids(app)[0] == "lza:7.8"
    assert "the main entry for LOS (line of sight)" in app._slots[0][2].value


def test_a_typo_finds_night_and_every_result_shows_its_reason_and_context():
    app = RuleBrowser()
    app.query.value = "nigth"
    assert shown_ids(app)[0] == "lza:11.0"
    assert "read as “night”" in app._slots[0][2].value
    vietnamization = next(
        why for slot, button, why in app._slots if button.description.startswith("av:vietnam")
    )
    assert "night in the summary" in vietnamization.value
    assert "<mark>night</mark>" in vietnamization.value


def test_nothing_found_suggests_the_nearest_words():
    app = RuleBrowser()
    app.query.value = "helicopterzzz xqzv"  # too far from any word to be read as a typo
    assert shown_ids(app) == []
    assert "Nothing matches" in app.count.value
    assert "<code>helicopter</code>" in app.count.value


def test_when_no_entry_has_every_word_the_list_says_so_and_each_hit_what_it_lacks():
    app = RuleBrowser()
    app.query.value = "los jungle fire"
    assert shown_ids(app)[0] == "lza:7.3"
    assert "have all but one word of your search (none has every word" in app.count.value
    assert "no “los”" in app._slots[0][2].value


def test_book_and_tag_filters_narrow_the_results():
    app = RuleBrowser()
    app.query.value = "ambush"
    assert {i.split(":")[0] for i in shown_ids(app)} == {"lza", "ftv", "av"}
    app.game.value = "Ambush Valley"
    assert {i.split(":")[0] for i in shown_ids(app)} == {"av"}
    app.game.value = "All three books"
    app.tag.value = "night"
    assert all("night" in app.ref[i].tags for i in shown_ids(app))
    assert "entries match" in app.count.value


def test_topics_are_offered_by_name_and_filter_by_their_tag():
    """The topic filter reads as a reader names things (the books' abbreviations spelt out,
    place names capitalised), never as the data's tag ids."""
    app = RuleBrowser()
    names = dict(app.tag.options)
    assert names.pop("any topic") == "any"
    tags = {t for e in app.ref for t in e.tags}
    assert set(names.values()) == tags
    for name, tag in names.items():
        assert name[0].isupper(), name
        assert name != tag
        assert "-" not in name.replace("B-52", ""), name
    assert names["Combat results table (CRT)"] == "crt"
    assert names["An Khe"] == "an-khe"
    assert list(names) == sorted(names)
    app.tag.value = "crt"
    assert shown_ids(app)
    assert all("crt" in app.ref[i].tags for i in shown_ids(app))
    app.show(shown_ids(app)[0])
    assert "Combat results table (CRT)" in app.entry_view.value


def test_back_is_disabled_on_first_load_and_retraces_the_links():
    app = RuleBrowser(start="ftv:4.2.3.2")
    assert app.back.disabled
    assert any(b.description.startswith("ftv:2.7 ") for b in app.refers.children)
    cited = next(b for b in app.cited.children if b.description.startswith("ftv:2.5.2 "))
    cited.click()  # cited via paragraph 4.2.3.2.B
    assert app.current == "ftv:2.5.2"
    assert not app.back.disabled
    app.back.click()
    assert app.current == "ftv:4.2.3.2"
    assert app.back.disabled


def test_an_entry_reads_as_the_reader_needs():
    app = RuleBrowser(start="lza:6.1")
    assert "How the engine plays it" in app.details.value
    assert "The engine plays it in" in app.details.value
    assert "data-interpretation='lza:6.1/overstack-fire'" in app.details.value
    assert "<b>engine:</b>" in app.details.value
    # code and test names sit in a collapsed section and wrap only after . / : _
    assert "<details class='rb-executed'>" in app.details.value
    assert "test_<wbr>lza_<wbr>" in app.details.value
    app.show("av:kit-carson-scout")
    assert "provenance derived" in app.entry_view.value


def test_an_entry_shows_the_contradictions_recorded_for_it_both_ways():
    app = RuleBrowser(start="ftv:3.5.8")
    assert "ftv:3.5.8 cites “6.1” (ftv:6.1)" in app.details.value
    app.show("ftv:6.1")  # the target of the wrong citation shows it too
    assert "ftv:3.5.8 cites “6.1”" in app.details.value


def test_no_python_value_reaches_the_entry_view():
    app = RuleBrowser()
    for rule_id in ("lza:2.2", "lza:1.1", "ftv:4.1.11", "av:tunnel-spots", "lza:6.1"):
        app.show(rule_id)
        text = app.entry_view.value + app.details.value
        assert not re.search(r"\[\d|\(\d+, |None|\{'", text), rule_id


def test_a_bad_id_is_reported_in_the_page_not_lost():
    app = RuleBrowser()
    app.show("lza:99.9")
    assert "There is no rule lza:99.9 in the reference" in app.errors.value
    assert app.current == "lza:6.1"


def test_an_unknown_id_is_said_in_red_and_its_nearest_rules_open_by_name():
    """It read "no rule “lza:99.9” in the reference; did you mean lza:9.2, lza:9.1, lza:9.0?."
    in black: a Python repr, doubled stops, and ids a reader could not click."""
    app = RuleBrowser()
    app.show("lza:99.9")
    said = app.errors.value
    assert "class='rb-error'" in said.replace('"', "'")
    assert "color:#a00" in said
    for fault in ("&#x27;", "?.", ".."):  # a Python repr's quotes, doubled stops
        assert fault not in said
    offered = [b.description for b in app.suggested.children]
    assert offered == [
        "lza:9.0 Rally",
        "lza:9.1 Rallying Without an Officer",
        "lza:9.2 Rallying With an Officer",
    ]
    app.suggested.children[2].click()
    assert app.current == "lza:9.2"
    assert app.errors.value == ""
    assert app.suggested.children == ()


def test_an_unknown_id_in_the_url_opens_nothing_in_its_place():
    """A bad link showed lza:6.1 below the error with no word of why: now the page shows the
    error and the nearest rules, and waits for the reader to pick one."""
    browser = rule_browser_app("rule=lza%3A99.9").children[-1]
    assert browser.current is None
    assert browser.entry_view.value == ""
    assert browser.reading.layout.display == "none"
    assert "There is no rule lza:99.9" in browser.errors.value
    browser.suggested.children[0].click()
    assert browser.current == "lza:9.0"
    assert browser.reading.layout.display != "none"
    assert browser.back.disabled


@pytest.mark.parametrize(
    ("query", "opens"),
    [
        ("rule=LZA%3A7.8", "lza:7.8"),
        ("rule=lza+7.8", "lza:7.8"),
        ("rule=LZA-7.8", "lza:7.8"),
        ("rule=ftv%3A4.2.3.2b", "ftv:4.2.3.2"),
        ("rule=AV%3ATunnel-Spots", "av:tunnel-spots"),
    ],
)
def test_a_rule_id_in_the_url_is_read_in_any_case_and_spacing(query, opens):
    browser = rule_browser_app(query).children[-1]
    assert browser.current == opens
    assert browser.errors.value == ""


def test_a_rule_id_of_another_book_than_the_one_chosen_is_found_and_opens():
    """With Ambush Valley chosen, lza:7.8 and Enter said "Nothing matches; nearest words in the
    books: lz, lay, 17" and opened nothing."""
    app = RuleBrowser(start=None)
    app.game.value = "Ambush Valley"
    app.query.value = "lza:7.8"
    assert shown_ids(app) == ["lza:7.8"]
    assert "lza:7.8 is in LZ Albany, not Ambush Valley; Enter opens it." in app.count.value
    app.submit()
    assert app.current == "lza:7.8"


def test_a_typed_id_that_names_nothing_lists_the_nearest_ids_not_words():
    """It suggested "lz, lay, 17, 27, 18": the id's nearest rules are listed to open, and Enter,
    which opens a match, opens none of them."""
    app = RuleBrowser(start=None)
    app.query.value = "lza:99.9"
    assert "No rule lza:99.9" in app.count.value
    assert "nearest words" not in app.count.value
    assert shown_ids(app) == ["lza:9.0", "lza:9.1", "lza:9.2"]
    app.submit()
    assert app.current is None
    app.open_result(2)
    assert app.current == "lza:9.2"


def test_the_page_opens_on_the_rule_its_url_names():
    assert start_from_query("rule=lza%3A7.3") == {"rule": "lza:7.3"}
    page = rule_browser_app("rule=lza:7.3")
    browser = page.children[-1]
    assert browser.current == "lza:7.3"
    assert browser.back.disabled
    page = rule_browser_app("q=nigth")
    assert shown_ids(page.children[-1])[0] == "lza:11.0"
    page = rule_browser_app("rule=lza:99")
    browser = page.children[-1]
    assert browser.current is None
    assert "There is no rule lza:99" in browser.errors.value


def test_with_nothing_typed_the_list_waits_for_a_search_or_a_filter():
    app = RuleBrowser()
    assert shown_ids(app) == []
    assert f"{len(app.ref)} entries in three books" in app.count.value
    app.game.value = "First Team: Vietnam"
    assert shown_ids(app)[:2] == ["ftv:1.0", "ftv:1.1"]
    app.game.value = "All three books"
    app.query.value = "*"  # punctuation alone is nothing typed, not a match for every entry
    assert shown_ids(app) == []


@pytest.mark.slow
def test_no_entry_shows_snake_case_or_python_values_outside_the_folded_code():
    app = RuleBrowser()
    bad = {}
    for entry in app.ref:
        app.show(entry.id)
        html = app.entry_view.value + re.sub(
            r"<details.*?</details>", "", app.details.value, flags=re.S
        )
        text = re.sub(r"<[^>]+>", " ", re.sub(r"data-[a-z]+='[^']*'", "", html))
        found = re.findall(r"\b[a-z]+_[a-z_]+\b|\bNone\b|\bNaN\b|<NA>|\(\d+, \d+\)", text)
        if found:
            bad[entry.id] = found
    assert bad == {}


def test_a_book_offers_only_its_topics_and_one_hit_is_one_entry():
    """Ambush Valley with Melee was a dead end ('try fewer words', with no words typed); and a
    single hit read '1 entries match'."""
    app = RuleBrowser()
    app.tag.value = "melee"
    app.game.value = "Ambush Valley"  # a book with no melee entry: its topics alone are offered
    offered = [tag for _, tag in app.tag.options]
    assert "melee" not in offered
    assert "tunnels" in offered
    assert app.tag.value == "any"
    assert app.hits
    app.game.value = "LZ Albany"
    app.tag.value = "melee"
    app.game.value = "All three books"  # every topic again, melee kept
    assert app.tag.value == "melee"
    app.tag.value = "any"
    app.query.value = "nigth"
    assert len(app.hits) > 1
    app.query.value = "Dak Po"
    assert len(app.hits) == 1
    assert "1 entry matches" in app.count.value
