"""`rulebook rules`: one-line messages and documented exit codes for searches and bad input."""

from __future__ import annotations

import pytest

from rulebook.cli import EXIT_BAD_INPUT, EXIT_NOT_FOUND, main


def test_a_search_that_finds_nothing_says_so_and_suggests(capsys):
    assert main(["rules", "search", "zzzz"]) == EXIT_NOT_FOUND == 1
    err = capsys.readouterr().err
    assert err == "rulebook rules search: nothing matches “zzzz”\n"
    assert main(["rules", "search", "helicopterzzz", "xqzv"]) == 1
    assert "nearest words in the books: helicopter" in capsys.readouterr().err


def test_a_search_no_entry_fully_matches_lists_the_closest_and_says_so(capsys):
    assert main(["rules", "search", "los", "jungle", "fire"]) == 0
    out, err = capsys.readouterr()
    assert err == (
        "rulebook rules search: no entry has every word of “los jungle fire”; these have all "
        "but one word\n"
    )
    assert out.splitlines()[0] == (
        "lza:7.3      Ranged Infantry Fire  (fire in the title; jungle in the summary; no “los”)"
    )


def test_a_search_names_why_each_entry_matched(capsys):
    assert main(["rules", "search", "LOS", "--context"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(
        "lza:7.8      Line of Sight  (the main entry for LOS (line of sight))"
    )
    assert lines[1].strip().startswith("An officer sees an area")


def test_show_and_search_without_arguments_give_one_line_and_exit_2(capsys):
    assert main(["rules", "show"]) == EXIT_BAD_INPUT == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "give one or more rule ids" in err
    assert main(["rules", "search"]) == 2
    assert "give words or a rule id" in capsys.readouterr().err


@pytest.mark.parametrize("typed", ["*", "(", '"', ".", "!!!"])
def test_a_search_of_punctuation_alone_asks_for_words(capsys, typed):
    """A fuzzing round's '*' listed all 318 entries, each with an empty reason."""
    assert main(["rules", "search", typed]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "give words or a rule id" in err


def test_show_opens_a_cited_paragraph_and_names_an_unknown_id(capsys):
    assert main(["rules", "show", "ftv:4.2.3.2B"]) == 0
    assert capsys.readouterr().out.startswith("ftv:4.2.3.2  US")
    assert main(["rules", "show", "lza:7.88"]) == 2
    assert "no rule “lza:7.88” in the reference; did you mean" in capsys.readouterr().err


def test_site_needs_a_folder(capsys, tmp_path):
    assert main(["rules", "site"]) == 2
    assert "-o DIR" in capsys.readouterr().err
    file = tmp_path / "a-file"
    file.write_text("x")
    assert main(["rules", "site", "-o", str(file)]) == 2
    assert "is not a folder" in capsys.readouterr().err
