"""Bad scenario files: each kind gives a ScenarioError naming the file, the field and the expectation.

A failed load must also change nothing: the loader only reads.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.errors import ScenarioError
from rulebook.scenario import load_scenario

GOOD = """\
schema_version: 1
id: demo
game: lz-albany
title: Demo
turns: {value: 10, provenance: printed, rule: "lza:3.3"}
options:
  overstack_fire:
    rule: "lza:6.1"
    description: which reading
    choices: [die_per_extra_unit, example_two_fire]
    default: die_per_extra_unit
values:
  flares: {value: 8, provenance: printed, rule: "lza:11.2"}
"""

# (case id, file text or bytes, where the error points, what the message must say)
BAD_FILES = [
    ("empty", "", "", "the file is empty"),
    ("top-level-list", "- 1\n- 2\n", "", "expected a mapping of fields at the top, got a list"),
    ("yaml-syntax", "schema_version: 1\nid: [demo\n", ":3", "expected ',' or ']'"),
    (
        "python-object-tag",
        "schema_version: 1\nid: !!python/object/apply:os.system [ls]\n",
        ":2",
        "object tags are refused",
    ),
    ("duplicate-key", GOOD + "title: Again\n", ":14", "key “title” appears twice"),
    (
        "missing-version",
        GOOD.replace("schema_version: 1\n", ""),
        ": schema_version",
        "required field is missing; this library reads version 1",
    ),
    (
        "future-version",
        GOOD.replace("schema_version: 1", "schema_version: 7"),
        ":1: schema_version",
        "version 7 is not supported",
    ),
    (
        "version-true",  # YAML's true is Python's 1: still not a version number
        GOOD.replace("schema_version: 1", "schema_version: true"),
        ":1: schema_version",
        "expected a whole number; got true; this library reads version 1",
    ),
    (
        "version-quoted",
        GOOD.replace("schema_version: 1", 'schema_version: "1"'),
        ":1: schema_version",
        "expected a whole number; got '1'",
    ),
    ("missing-title", GOOD.replace("title: Demo\n", ""), ":1: title", "required field is missing"),
    (
        "wrong-type",
        GOOD.replace("value: 10,", "value: ten,"),
        ":5: turns.value",
        "expected a whole number",
    ),
    (
        "misspelt-field",
        GOOD.replace("title: Demo", "title: Demo\ntitel: Demo"),
        ":5: titel",
        "unknown field",
    ),
    (
        "bad-provenance",
        GOOD.replace('provenance: printed, rule: "lza:11.2"', "provenance: guessed"),
        ":13: values.flares.provenance",
        "'printed', 'derived', 'reconstructed' or 'assumed'",
    ),
    (
        "bad-rule-id",
        GOOD.replace('rule: "lza:6.1"', "rule: rule six"),
        ":8: options.overstack_fire.rule",
        "“rule six” is not a rule id",
    ),
    (
        "reconstructed-without-note",
        GOOD.replace('provenance: printed, rule: "lza:11.2"', "provenance: reconstructed"),
        ":13: values.flares",
        "needs a note",
    ),
    (
        "default-not-a-choice",
        GOOD.replace("default: die_per_extra_unit", "default: both"),
        ":11: options.overstack_fire.default",
        "default “both” is not among the choices",
    ),
    (
        "unknown-game",
        GOOD.replace("game: lz-albany", "game: lz-xray"),
        ":3: game",
        "'lz-albany', 'first-team' or 'ambush-valley'",
    ),
    (
        "bad-id",
        GOOD.replace("id: demo", "id: Demo Scenario"),
        ":2: id",
        "expected lower-case letters and digits, joined by single hyphens",
    ),
    ("not-utf8", b"schema_version: 1\ntitle: \xff\xfe\n", "", "not UTF-8 text (byte 25 is 0xff)"),
    (
        "too-few-choices",
        GOOD.replace("[die_per_extra_unit, example_two_fire]", "[die_per_extra_unit]"),
        ":10: options.overstack_fire.choices",
        "at least 2 items",
    ),
]


@pytest.mark.parametrize(
    ("case", "content", "where", "expected"), BAD_FILES, ids=[c[0] for c in BAD_FILES]
)
def test_bad_file_names_file_field_and_expectation(tmp_path, case, content, where, expected):
    path = tmp_path / f"{case}.yaml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    before = path.read_bytes()
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    message = str(info.value)
    assert message.startswith(str(path)), message
    assert f"{path}{where}" in message, message
    assert expected in message, message
    assert path.read_bytes() == before


def test_good_file_loads(tmp_path):
    path = tmp_path / "good.yaml"
    path.write_text(GOOD)
    assert load_scenario(path).title == "Demo"


def test_every_problem_is_reported_not_just_the_first(tmp_path):
    path = tmp_path / "many.yaml"
    path.write_text(GOOD.replace("title: Demo\n", "").replace("game: lz-albany", "game: chess"))
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    fields = [p.path for p in info.value.problems]
    assert fields == ["game", "title"]


def test_missing_file_is_a_scenario_error(tmp_path):
    with pytest.raises(
        ScenarioError, match=r"nope\.yaml: cannot read the file: there is no such file"
    ):
        load_scenario(tmp_path / "nope.yaml")


def test_python_tags_are_never_executed(tmp_path):
    marker = tmp_path / "pwned"
    path = tmp_path / "evil.yaml"
    path.write_text(f"schema_version: 1\nid: !!python/object/apply:os.system ['touch {marker}']\n")
    with pytest.raises(ScenarioError):
        load_scenario(path)
    assert not Path(marker).exists()


@pytest.mark.parametrize(
    ("case", "edit", "said"),
    [
        (
            "a-date-for-text",
            ("title: Demo", "title: 2001-12-14"),
            "title: expected text; got 2001-12-14",
        ),
        (
            "a-choice-of-no-kind",
            (
                "choices: [die_per_extra_unit, example_two_fire]",
                "choices: [2001-01-01, example_two_fire]",
            ),
            (
                "options.overstack_fire.choices.0: expected text, or expected a whole number, or "
                "expected true or false; got 2001-01-01"
            ),
        ),
        (
            "a-null-key",
            ("schema_version: 1", "schema_version: 1\nnull: x"),
            ": a field's name is text, not null",
        ),
    ],
    ids=["a-date-for-text", "a-choice-of-no-kind", "a-null-key"],
)
def test_a_bad_value_is_said_as_the_file_writes_it_once(case, edit, said, tmp_path):
    """A fuzzing round read "got datetime.date(2001, 12, 14)", a choice's problem three times
    under "choices.0.str", "choices.0.int" and "choices.0.bool", and a null key as "None"."""
    bad = tmp_path / f"{case}.yaml"
    bad.write_text(GOOD.replace(*edit, 1))
    with pytest.raises(ScenarioError) as refused:
        load_scenario(bad)
    (problem,) = refused.value.problems
    assert said in str(problem)
    assert "datetime" not in str(problem)
    assert "None" not in str(problem)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (GOOD + "---\nid: second\n", "holds more than one document (a line of ---)"),
        ("base: &b {id: x}\n<<: *b\n" + GOOD, "merge keys (<<) are not read: write each field out"),
        (
            "schema_version: 1\nid: a\x00b\n",
            ":2: not valid YAML: control characters are not allowed (character U+0000)",
        ),
    ],
    ids=["two-documents", "merge-key", "nul"],
)
def test_yaml_it_cannot_read_is_said_whole_with_its_line(text, said, tmp_path):
    """A fuzzing round read 'but found another document' (half a sentence), a merge key as
    an object tag, and a NUL at 'position 5' on a second line with no line number."""
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    with pytest.raises(ScenarioError) as refused:
        load_scenario(bad)
    message = str(refused.value)
    assert said in message
    assert "\n" not in message.strip()
