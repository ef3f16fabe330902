"""Damaged or hostile scenario files: each is a ScenarioError naming file, line or field, and
what was expected; nothing crashes, blocks, hangs or exhausts memory; validate means playable."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from rulebook import _datafile
from rulebook.errors import ScenarioError
from rulebook.scenario import load_scenario, registered_checks, validate

ROOT = Path(__file__).resolve().parents[2] / "scenarios"
LZA = (ROOT / "lz_albany" / "standard.yaml").read_text(encoding="utf-8")
FTV = (ROOT / "first_team" / "campaign.yaml").read_text(encoding="utf-8")
AV = (ROOT / "ambush_valley" / "quan_loi.yaml").read_text(encoding="utf-8")


def _bomb() -> str:
    lines = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    for i in range(8):
        prev, name = chr(97 + i), chr(98 + i)
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def _without_value(text: str, name: str) -> str:
    block = re.search(rf"\n  {name}:.*?\n(?=  \w)", text, re.S)
    assert block
    return text.replace(block.group(0), "\n", 1)


# (case, file text, what the error must say)
LOAD_ERRORS = [
    ("a 5,000-digit number", LZA.replace("schema_version: 1", "schema_version: " + "9" * 5000), r":\d+: the number 9+\.\.\. is out of range"),
    ("flow nesting 3,000 deep", "a: " + "[" * 3000 + "]" * 3000 + "\n", r"nested more than 48 levels"),
    ("block nesting 800 deep", "".join("  " * i + f"k{i}:\n" for i in range(800)), r"nested more than 48 levels"),
    ("a list as a mapping key", "schema_version: 1\n? [a, b]\n: 3\n", r":2: a key must be plain text or a number"),
    ("an alias bomb", _bomb(), r"refused as an alias bomb"),
    ("an alias inside itself", "a: &a [1, *a]\n", r"refers to a block that contains it"),
    ("a date of month 13", "schema_version: 2001-13-45\n", r":1: cannot read this value \(month must be in 1\.\.12\)"),
    ("NaN coordinates", LZA.replace("polygon: [[301, 1540]", "polygon: [[.nan, .nan]", 1), r":\d+: the number \.nan is out of range"),
    ("NaN as text", LZA.replace("polygon: [[301, 1540]", "polygon: [['nan', 'nan']", 1), r"map\.areas\.0\.polygon\.0\.0: "),
    ("0d6 dice", AV.replace("roll: 2d6", "roll: 0d6", 1), r"reinforcements\.0\.roll: “0d6” is not a dice expression .*1 to 20 dice"),
    ("99999999999999d20 dice", AV.replace("roll: 2d6", "roll: 99999999999999d20", 1), r"1 to 20 dice"),
    ("a row 1-100000000000", AV.replace('"10": 1D6+1', '"10-100000000000": 1D6+1', 1), r"rows: row “10-100000000000” is not a total or a range"),
    ("lz_markers: 2**63", re.sub(r"lz_markers: \d+", f"lz_markers: {2**63}", FTV, count=1), r"out of range"),
    ("a null block", re.sub(r"\n    nva: \{mcdade_killed[^}]*\}", "\n    nva: null", LZA, count=1), r"lz_albany\.vp\.nva: expected a mapping of fields; got null \(nothing\)"),
    ("a list for a table", LZA.replace("\n  choi_oi:", "\n  choi_oi: []\n  old_choi_oi:", 1), r"lz_albany\.choi_oi: expected a mapping of fields; got a list"),
    ("a chit count of a million", LZA.replace("count: 2", "count: 1000000", 1), r"count: must be 50 or less"),
    ("melee: yes", LZA.replace("us-rifle: {kind: infantry, fire: 2, melee: 2,", "us-rifle: {kind: infantry, fire: 2, melee: yes,", 1), rf":{LZA[: LZA.index('us-rifle: {kind: infantry')].count(chr(10)) + 1}: lz_albany\.unit_types\.us-rifle\.melee: expected a number \(YAML reads yes, no, on and off as true or false\); got true$"),
    ("a company of [true, 5]", FTV.replace("company: [4, 5]", "company: [true, 5]", 1), r"first_team\.us\.company\.0: expected a number .*; got true$"),
    ("a table off inches wide", AV.replace("table: [72, 48]", "table: [off, 48]", 1), r"table\.0: expected a number .*; got false$"),
    ("a line written A1A2", FTV.replace("      A1-A2: jungle", "      A1A2: jungle", 1), r":\d+: first_team\.map\.lines\.A1A2: “A1A2” is not a line between two locations; write it as A1-A2$"),
    ("a line to Z9", FTV.replace("      A1-A2: jungle", "      A1-Z9: jungle", 1), r":\d+: first_team\.map\.lines\.A1-Z9: “Z9” is not a location name \(A1-J6, CAM1-CAM6, Pleiku\)$"),
    ("reinforcements from turn on", AV.replace("first_turn: 3", "first_turn: on", 1), r"first_turn: expected a number .*; got true$"),
    ("flares: yes", LZA.replace("flares: {value: 8,", "flares: {value: yes,", 1), r":\d+: values\.flares\.value: expected numbers, not true or false \(YAML reads yes, no, on and off as true or false\); got true$"),
    ("a night turn that is off", LZA.replace("night_turns: {value: [9, 10],", "night_turns: {value: [9, off],", 1), r":\d+: values\.night_turns\.value: expected numbers, not \[9, false\] \(YAML reads"),
    ("turns: yes", LZA.replace("turns: {value: 10", "turns: {value: yes", 1), r":\d+: turns\.value: expected a number \(YAML reads .*\); got true$"),
    ("a route called abc", FTV.replace('CAM1-CAM3: "19W"', 'CAM1-CAM3: "abc"', 1), r":\d+: first_team\.map\.routes\.CAM1-CAM3: expected a route number .*; got 'abc'$"),
]  # fmt: skip

# (case, file text, the problem validate() must report)
UNPLAYABLE = [
    ("an area next to itself", LZA.replace("- [Transition, A7]", "- [A7, A7]", 1), "map.adjacency.add.0: names area “A7” twice"),
    ("a missing value", _without_value(LZA, "flares"), "values.flares: missing; the LZ Albany engine reads it"),
    ("a missing VP source", LZA.replace("man_killed: 2, ", "", 1), "lz_albany.vp.us: the engine awards us VP for man_killed"),
    ("a duplicate company", LZA.replace("id: A/2-7", "id: C/2-7", 1), "lz_albany.companies: id “C/2-7” is used twice"),
    ("a renamed camp", FTV.replace("G4: Plei Me}", "G4: Plei Mo}"), "first_team.map.special_forces_camps.G4: the camp at G4 is called “Plei Mo”, but the US forces have no garrison"),
    ("a million LZ markers", re.sub(r"lz_markers: \d+", "lz_markers: 999999", FTV, count=1), "first_team.us.lz_markers: 1000003 LZ markers in all"),
    ("too many no-LZ markers", re.sub(r"no_lz_markers: \d+", "no_lz_markers: 17", FTV, count=1), "first_team.us.lz_markers: 25 LZ markers in all (8 and no_lz_markers 17)"),
    ("a negative company", FTV.replace("company: [4, 5]", "company: [-4, 5]"), "first_team.us.company: values cannot be negative"),
    ("a negative NVA step", FTV.replace("steps: [[8, 3], [6, 2]", "steps: [[8, 3], [-6, 2]", 1), "first_team.nva.steps.1: step 2's strength is -6; it cannot be negative"),
    ("a company listed twice", FTV.replace("companies: [A, B, C, D]", "companies: [A, A, C, D]", 1), "first_team.us.battalions: company “A/1/8” is listed twice"),
    ("a First Team section in LZ Albany", LZA + "first_team: null\n", None),
    ("a line type with no fatigue", FTV.replace(", jungle-mountain: 2}", "}", 1), "first_team.map.fatigue: no fatigue cost for jungle-mountain lines"),
    ("Pleiku in no zone", FTV.replace("zone_of: {Pleiku: J}", "zone_of: {}", 1), "first_team.map.zone_of: Pleiku is in no zone"),
    ("a zone with no rank", FTV.replace("zone_of: {Pleiku: J}", "zone_of: {Pleiku: K}", 1), "first_team.map.zone_display.ranks: zone K (of Pleiku) has no rank"),
    ("a 1,000-turn game", LZA.replace("turns: {value: 10", "turns: {value: 1000", 1), "turns.value: a game lasts 1 to 99 turns, not 1000"),
    # played as if sound (found by a bad-input session): one counter for two officers, and
    # sight never blocked by a terrain the map does not have
    ("two officers of one name", LZA.replace("officer: C/2-7-CO", "officer: A/2-7-CO", 1), "lz_albany.companies.1.officer: officer “A/2-7-CO” is named twice"),
    ("an officer named as a senior one", LZA.replace("officer: C/2-7-CO", "officer: McDade", 1), "lz_albany.companies.1.officer: officer “McDade” is named twice"),
    ("sight blocked by lava", LZA.replace("blocking: [jungle]", "blocking: [lava]", 1), "map.los.blocking.0: terrain “lava” blocks sight but is not in map.terrains"),
]  # fmt: skip


@pytest.fixture(params=_datafile._LOADERS, ids=lambda loader: loader.__name__.strip("_"))
def yaml_loader(request, monkeypatch):
    """Each YAML loader there is: libyaml's parser under the Python composer where PyYAML has
    libyaml, and the pure Python one it falls back to (both must refuse the same files)."""
    monkeypatch.setattr(_datafile, "_Loader", request.param)
    return request.param


@pytest.mark.parametrize(
    ("text", "says"), [c[1:] for c in LOAD_ERRORS], ids=[c[0] for c in LOAD_ERRORS]
)
def test_a_hostile_file_is_a_scenario_error_naming_where(tmp_path, text, says, yaml_loader):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError, match=re.escape(str(path)) + ".*" + says):
        load_scenario(path)


@pytest.mark.parametrize(
    ("text", "says"), [c[1:] for c in UNPLAYABLE], ids=[c[0] for c in UNPLAYABLE]
)
def test_validate_finds_what_the_engine_would_stop_on(tmp_path, text, says):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    problems = [str(p) for p in validate(load_scenario(path), "bad.yaml", play=False)]
    if says is None:  # the null section is simply absent: the file stays playable
        assert problems == []
    else:
        assert any(says in p for p in problems), problems


def test_a_fifo_and_a_device_are_refused_without_reading(tmp_path):
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    with pytest.raises(ScenarioError, match="not a regular file"):
        load_scenario(fifo)
    with pytest.raises(ScenarioError, match=r"/dev/zero: is not a regular file"):
        load_scenario("/dev/zero")


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path):
    path = tmp_path / "huge.yaml"
    with path.open("wb") as f:
        f.truncate(5 * 2**20)
    with pytest.raises(ScenarioError, match=r"is 5\.0 MiB; a scenario file may be at most 4 MiB"):
        load_scenario(path)


def test_each_game_registers_its_checks_and_the_scenario_package_imports_no_game():
    for game in ("lz-albany", "first-team", "ambush-valley"):
        assert registered_checks(game)
    package = Path(__file__).resolve().parents[2] / "rulebook" / "scenario"
    for module in package.glob("*.py"):
        assert "import rulebook.games" not in (text := module.read_text(encoding="utf-8"))
        assert "from rulebook.games" not in text, module.name


@pytest.mark.slow
def test_the_shipped_scenarios_play_through_under_validate():
    for path in (ROOT / "lz_albany" / "standard.yaml", ROOT / "first_team" / "campaign.yaml"):
        assert validate(load_scenario(path), str(path)) == []


SHIPPED_YAML = sorted(
    p
    for folder in ("scenarios", "rulebook", "docs")
    for p in (ROOT.parent / folder).rglob("*.yaml")
    if "saves" not in p.parts
)
ODD_TEXTS = [
    "a:\n  b: 1\n c: 2\n",  # a key out of line
    "a:\n\tb: 1\n",  # a tab for indentation
    "a: 'open\nb: 2\n",  # an unclosed quote
    "a: 1\n---\nb: 2\n",  # two documents
    "a: \x07\n",  # a control character
    "a: \ud800\n",  # a lone surrogate (UTF-8 cannot hold it; libyaml reads UTF-8)
    "\ufeffa: 1\n",  # a byte-order mark
    "a: [1, 2\n",  # an unclosed list
]


def _read_with(loader: type, text: str):
    """What parse_yaml makes of *text* with *loader*: its data and each node's line, or the
    line its error names."""
    with pytest.MonkeyPatch.context() as patch:  # as the yaml_loader fixture swaps it
        patch.setattr(_datafile, "_Loader", loader)
        try:
            data, root = _datafile.parse_yaml(text, "f.yaml")
        except ScenarioError as err:
            return "refused", str(err).split(":")[1].split(" ")[0]  # 'f.yaml:3: ...' -> '3'
    lines, stack = [], [root] if root is not None else []
    while stack:
        node = stack.pop()
        lines.append(node.start_mark.line)
        stack.extend(_datafile._children(node))
    return data, lines


@pytest.mark.skipif(len(_datafile._LOADERS) < 2, reason="PyYAML here has no libyaml")
@pytest.mark.parametrize("path", SHIPPED_YAML, ids=lambda p: str(p.relative_to(ROOT.parent)))
def test_both_yaml_loaders_read_every_shipped_file_alike(path):
    text = path.read_text(encoding="utf-8")
    slow, fast = (_read_with(loader, text) for loader in _datafile._LOADERS)
    assert fast == slow


@pytest.mark.skipif(len(_datafile._LOADERS) < 2, reason="PyYAML here has no libyaml")
@pytest.mark.parametrize("text", ODD_TEXTS)
def test_both_yaml_loaders_refuse_the_same_texts_at_the_same_line(text):
    slow, fast = (_read_with(loader, text) for loader in _datafile._LOADERS)
    assert fast == slow  # the same data and lines, or refused at the same line


def test_a_side_with_no_company_is_refused_not_played():
    """With no companies the engine played ten empty turns and gave the NVA the game on a
    tie-break ('US 0 VP, NVA 0 VP'); a side needs a company to play."""
    from rulebook.games.lz_albany import standard_scenario

    scenario = standard_scenario()
    spec = scenario.lz_albany.model_copy(
        update={"companies": [c for c in scenario.lz_albany.companies if c.side == "us"]}
    )
    problems = [str(p) for p in validate(scenario.model_copy(update={"lz_albany": spec}), "x")]
    assert "x: lz_albany.companies: no NVA company: that side has no counters to play" in problems
