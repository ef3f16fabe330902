"""The rules browser widget: searching, filtering, following links and going back."""

from __future__ import annotations

from widgets.rule_browser import RuleBrowser


def test_an_exact_rule_id_jumps_to_its_entry():
    app = RuleBrowser()
    app.query.value = "ftv:4.1.11"
    assert [value for _, value in app.results.options] == ["ftv:4.1.11"]
    app.results.value = "ftv:4.1.11"
    assert app.current == "ftv:4.1.11"
    assert "8*" in app.entry_view.value


def test_book_and_tag_filters_narrow_the_results():
    app = RuleBrowser()
    app.query.value = "ambush"
    everywhere = {value.split(":")[0] for _, value in app.results.options}
    assert everywhere == {"lza", "ftv", "av"}
    app.game.value = "Ambush Valley"
    assert {value.split(":")[0] for _, value in app.results.options} == {"av"}
    app.game.value = "All three books"
    app.tag.value = "night"
    assert all("night" in app.ref[v].tags for _, v in app.results.options)
    assert "entries" in app.count.value


def test_links_go_both_ways_and_back_retraces_them():
    app = RuleBrowser(start="ftv:4.2.3.2")
    assert "ftv:2.7" in [b.description for b in app.refers.children]
    assert "ftv:2.5.2" in [b.description for b in app.cited.children]  # via paragraph 4.2.3.2.B
    next(b for b in app.cited.children if b.description == "ftv:2.5.2").click()
    assert app.current == "ftv:2.5.2"
    app.back.click()
    assert app.current == "ftv:4.2.3.2"
    assert app.back.disabled


def test_an_entry_shows_its_interpretations_provenance_and_tests():
    app = RuleBrowser(start="av:kit-carson-scout")
    assert "provenance derived" in app.entry_view.value
    app.show("lza:6.1")
    assert "lza:6.1/overstack-fire" in app.details.value
    assert "overstack_fire" in app.details.value
    app.show("lza:11.0")
    assert "test_lza_11_0_turns_9_and_10_are_night" in app.details.value


def test_a_bad_id_is_reported_in_the_page_not_lost():
    app = RuleBrowser()
    app.show("lza:99.9")
    assert "no rule" in app.errors.value
    assert app.current == "lza:6.1"
