"""An entry's numbers in words say what the book prints: a counter rating stays 4-5, a range
reads 100 to 300, and a pair that is neither (two rolls, a map's size) is never made a range."""

from __future__ import annotations

import pytest

from rulebook.reference import load_reference
from rulebook.reference._reading import value_words
from rulebook.reference._site import entry_page
from widgets.rule_browser import entry_html


@pytest.fixture(scope="module")
def ref():
    return load_reference()


def shown(ref, rule_id: str) -> dict[str, str]:
    """The numbers table of an entry as the reader sees it, name by name."""
    return {k: value_words(v) for k, v in ref[rule_id].numbers.items()}


def test_ftv_4_1_counter_ratings_keep_their_printed_form(ref):
    """ftv:4.1: the combat example's two 4-5 US companies and the 8-3, 6-2 and 2-0 NVA
    companies are strength-efficiency ratings, not ranges ("4 to 5", "8 to 3")."""
    numbers = shown(ref, "ftv:4.1")
    assert numbers["us"] == "4-5, 4-5"
    assert numbers["nva"] == "6/32: 8-3; 7/32: 8-3; 5/32: 6-2; 4/32: 2-0"
    html = entry_html(ref, ref["ftv:4.1"])
    assert "<td>4-5, 4-5</td>" in html
    assert "8-3" in html
    assert "2-0" in html
    assert " to " not in html.split("rb-rule-numbers", 1)[1].split("</table>", 1)[0]


def test_ftv_1_6_3_sample_counters_keep_their_printed_ratings(ref):
    """ftv:1.6.3: the sample counters read 4-5, 3-1, 25-3, 25-5 and 8-3, as printed."""
    numbers = shown(ref, "ftv:1.6.3")
    assert numbers == {
        "us_company": "4-5",
        "us_broken": "3-1",
        "aero_rocket": "25-3",
        "airstrike": "25-5",
        "nva_company": "8-3",
    }
    for rating in numbers.values():
        assert rating in ref["ftv:1.6.3"].summary


def test_pairs_that_are_no_range_are_not_said_as_one(ref):
    """ftv:3.4.1.3: a 9 or an 11 reads 2B, not every roll from 9 to 11; lza:2.0: the map is
    34 by 22 inches, not "34 to 22"."""
    assert "9 to 11" not in value_words(ref["ftv:3.4.1.3"].numbers)
    assert "9 or 11" in value_words(ref["ftv:3.4.1.3"].numbers)
    assert "34 to 22" not in value_words(ref["lza:2.0"].numbers)
    assert "34 by 22" in value_words(ref["lza:2.0"].numbers)


def test_true_ranges_still_read_in_words(ref):
    """ftv:1.3, ftv:5.2, lza:2.2: the ranges the reference writes as pairs still read 'A to B'."""
    assert shown(ref, "ftv:1.3")["men_per_sp"] == "100 to 300"
    assert shown(ref, "ftv:5.2")["nva_limited"] == "10 to 29"
    assert shown(ref, "ftv:5.2")["draw"] == "-14 to 9"
    assert shown(ref, "lza:2.2")["area_width_m"] == "200 to 300"


def _pairs(value, path=""):
    if isinstance(value, list):
        if len(value) == 2 and all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in value
        ):
            yield path, value
        else:
            for i, v in enumerate(value):
                yield from _pairs(v, f"{path}.{i}")
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _pairs(v, f"{path}.{k}")


def test_every_pair_shown_as_a_range_rises_and_is_not_a_rating_in_the_text(ref):
    """Every pair of numbers in the reference reads as a range ("A to B"), so each must be
    one: rising (8-3 or 34 by 22 never are), and not printed as a counter rating A-B in the
    entry's own text unless that text says it is a span of turns."""
    wrong = []
    for game in ref.games.values():
        for entry in game.entries:
            for path, (a, b) in _pairs(entry.numbers):
                if a >= b:
                    wrong.append(f"{entry.id} {path}: {a} to {b} falls")
                elif f"{a}-{b}" in entry.summary and f"turns {a}-{b}" not in entry.summary:
                    wrong.append(f"{entry.id} {path}: the text prints {a}-{b}")
    assert not wrong


def test_the_site_page_of_ftv_4_1_keeps_the_ratings(ref):
    """ftv:4.1 on the static site says the same as the app: 4-5, not 4 to 5."""
    page = entry_page(ref, ref["ftv:4.1"])
    assert "4-5, 4-5" in page
    assert "4 to 5" not in page
    assert "8 to 3" not in page
