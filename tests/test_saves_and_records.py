"""Saves and records: atomic writes with the umask's mode and no leftovers, save names kept in
saves/, and damaged game records and maps refused as ScenarioErrors naming file and field."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from rulebook._atomic import atomic_write_text
from rulebook.dice import Dice
from rulebook.errors import ScenarioError
from rulebook.games.lz_albany import GameState, new_game
from rulebook.maps.design import MapDesign
from rulebook.maps.point_design import PointDesign
from rulebook.saves import resolve_save_name


def test_a_new_file_gets_the_umask_mode_and_an_old_one_keeps_its_mode(tmp_path):
    old = os.umask(0o027)
    try:
        atomic_write_text(tmp_path / "new.yaml", "a: 1\n")
    finally:
        os.umask(old)
    assert (tmp_path / "new.yaml").stat().st_mode & 0o777 == 0o640
    (tmp_path / "new.yaml").chmod(0o604)
    atomic_write_text(tmp_path / "new.yaml", "a: 2\n")
    assert (tmp_path / "new.yaml").stat().st_mode & 0o777 == 0o604


def test_the_next_save_removes_what_a_killed_save_left_behind(tmp_path):
    left = [tmp_path / ".s.yaml.abc123.tmp", tmp_path / ".s.yaml.zz9.tmp"]
    for path in left:
        path.write_text("half a file")
    other = tmp_path / ".t.yaml.abc.tmp"  # another file's leftover is not ours to remove
    other.write_text("x")
    atomic_write_text(tmp_path / "s.yaml", "a: 1\n")
    assert not any(p.exists() for p in left)
    assert other.exists()


def test_a_symbolic_link_is_written_through_not_replaced(tmp_path):
    """`rulebook schema -o link.json` replaced the link with a file, and the file it named
    kept its old text; a link to nowhere was replaced too."""
    real, link = tmp_path / "real.json", tmp_path / "link.json"
    real.write_text("old")
    link.symlink_to(real)
    atomic_write_text(link, "new")
    assert link.is_symlink()
    assert real.read_text() == "new"
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "nowhere" / "x.json")
    with pytest.raises(OSError, match=r"cannot write .*nowhere/x\.json: No such file"):
        atomic_write_text(dangling, "{}")
    assert dangling.is_symlink()


def test_a_failed_write_names_the_target_not_the_temporary_file(tmp_path):
    with pytest.raises(OSError, match=r"cannot write .*nodir/x\.json: No such file") as err:
        atomic_write_text(tmp_path / "nodir" / "x.json", "{}")
    assert ".tmp" not in str(err.value)


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("../evil.py", "plain file name in saves/"),
        ("/etc/x.json", "plain file name in saves/"),
        ("saves/../../x.json", "plain file name in saves/"),
        ("sub/x.json", "plain file name in saves/"),
        (
            ".hidden.json",
            "cannot start with a dot (the file would be hidden): save it as saves/hidden.json",
        ),
        (
            ".json",
            "cannot start with a dot (the file would be hidden): save it as saves/my_file.json",
        ),
        ("saves/.json", "cannot start with a dot"),
        ("\udcff.json", "a save name is text; this one holds bytes that are not"),
        ("", "plain file name in saves/"),
        ("game.py", "this app saves .json files, not .py"),
        ("ga\x00me", "a save name cannot hold control characters"),
        ("two\nlines", "a save name cannot hold control characters"),
        ("g" * 300, "a save name is at most 200 bytes long"),
        ("a/", "not ending in / or ."),
        ("game.json.", "not ending in / or ."),
    ],
)
def test_save_names_stay_in_the_save_folder_with_the_right_suffix(tmp_path, name, says):
    with pytest.raises(ValueError, match=re.escape(says)):
        resolve_save_name(name, ".json", folder=tmp_path / "saves")


def test_a_plain_save_name_gets_its_suffix_in_the_save_folder(tmp_path):
    folder = tmp_path / "saves"
    assert resolve_save_name("my game", ".json", folder=folder) == folder.resolve() / "my game.json"
    assert resolve_save_name("saves/a.yml", (".yaml", ".yml"), folder=folder).name == "a.yml"


def test_a_negative_seed_is_refused_not_played_as_its_absolute_value():
    with pytest.raises(ValueError, match="a seed is a whole number 0 or more, not -5"):
        Dice(-5)


@pytest.fixture(scope="module")
def record() -> dict:
    game = new_game(seed=4)
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    return json.loads(game.to_json())


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda r: r.pop("seed"), r"seed: required field is missing"),
        (lambda r: r.update(seed="4"), r"seed: expected a whole number 0 or more, got text"),
        (lambda r: r.update(seed=-4), r"seed: expected a whole number 0 or more, got -4"),
        (lambda r: r.update(actions={"a": 1}), r"actions: expected a list of action notations"),
        (lambda r: r.update(scenario="hornets-nest"), r"scenario: the record is a game of scenario “hornets-nest”"),
        (lambda r: r.update(position=[]), r"position: expected the position summary"),
        (lambda r: r["actions"].__setitem__(3, "fly to the moon"), r"actions\.3: “fly to the moon”"),
        (lambda r: r["actions"].pop(), r"position: replaying the record does not reach the saved position"),
        (lambda r: r.update(log_version=99), r"log_version: game record version 99"),
        (lambda r: r.pop("log_version"), r"log_version: no record version; this library reads 1"),
        (lambda r: r.update(log_version=True), r"log_version: game record version true; this library reads 1"),
        (lambda r: r.update(log_version="1"), r'log_version: game record version "1"; this library reads 1'),
        (lambda r: r.update(options={"nosuch": 1}), r"options: unknown option “nosuch”; the scenario has airlift_room, "),
        (lambda r: r.update(options={"wounded_check": "never"}), r"options: option wounded_check: “never” is not one of action-end, administrative"),
    ],
)  # fmt: skip
def test_a_damaged_game_record_names_the_field(record, change, says):
    data = json.loads(json.dumps(record))
    change(data)
    with pytest.raises(ScenarioError, match=r"g\.json: " + says):
        GameState.from_json(json.dumps(data), file="g.json")


@pytest.mark.parametrize(
    "text", ["", "[]", "{", '{"seed": NaN}', '{"seed": ' + "9" * 5000 + "}", "[" * 100_000]
)
def test_a_record_that_is_not_one_is_a_scenario_error(text):
    with pytest.raises(ScenarioError, match=r"^g\.json"):
        GameState.from_json(text, file="g.json")


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ([], r"type: expected a GeoJSON FeatureCollection"),
        ({"type": "FeatureCollection", "features": {}}, r"features: expected a list"),
        ({"type": "FeatureCollection", "features": [3]}, r"features\.0: expected a Feature"),
        (
            {"type": "FeatureCollection", "features": [{"geometry": {"type": "Polygon"}}]},
            r"features\.0\.geometry\.coordinates: expected a list of rings",
        ),
        (
            {
                "type": "FeatureCollection",
                "features": [{"geometry": {"type": "Polygon", "coordinates": [[1, 2]]}}],
            },
            r"features\.0\.geometry\.coordinates\.0\.0: expected an \[x, y\] corner",
        ),
        ({"type": "FeatureCollection", "properties": {"map": 3}}, r"properties\.map: expected"),
    ],
)
def test_a_damaged_geojson_map_names_the_field(tmp_path, data, says):
    path = tmp_path / "m.geojson"
    path.write_text(json.dumps(data))
    with pytest.raises(ScenarioError, match=says):
        MapDesign.load(path)


def test_a_geojson_map_with_nan_is_refused(tmp_path):
    path: Path = tmp_path / "m.geojson"
    path.write_text('{"type": "FeatureCollection", "features": [], "x": NaN}')
    with pytest.raises(ScenarioError, match="NaN is not a number a record may hold"):
        MapDesign.load(path)


@pytest.mark.parametrize("load", ["area map", "point map", "game record"])
def test_a_string_holding_half_a_character_is_refused_at_its_line(tmp_path, load):
    """JSON can escape half a UTF-16 pair (\\ud800), which is no character: a map carrying one
    in a tag loaded, then failed with a traceback when the map was first written out."""
    path: Path = tmp_path / ("g.json" if load == "game record" else "m.geojson")
    path.write_text('{"type": "FeatureCollection",\n "features": [],\n "name": "\\ud800"}')
    opened = {
        "area map": MapDesign.load,
        "point map": PointDesign.load,
        "game record": lambda p: GameState.from_json(p.read_text(), file=str(p)),
    }[load]
    with pytest.raises(ScenarioError, match=r":3: a string holds \\ud800 alone: half of a"):
        opened(path)


@pytest.mark.parametrize("number", ["1e999", "5e9", "-2000000000", "9" * 41])
@pytest.mark.parametrize("load", ["area map", "point map"])
def test_a_geojson_map_with_a_number_out_of_range_is_refused_at_its_line(tmp_path, number, load):
    """A map's numbers lie within the bounds a YAML data file keeps to (1e999 reads as
    infinity): a GeoJSON map is refused as its YAML twin would be, naming the line."""
    path: Path = tmp_path / "m.geojson"
    path.write_text(
        '{"type": "FeatureCollection",\n "features": [],\n "properties": {"scale": ' + number + "}}"
    )
    opened = MapDesign.load if load == "area map" else PointDesign.load
    with pytest.raises(ScenarioError, match=r"m\.geojson:3: the number .* is out of range"):
        opened(path)


def test_an_atomic_write_never_replaces_a_device_or_a_pipe(tmp_path):
    """Renaming over a pipe (or, as root, over /dev/full) would put a plain file in its place."""
    import os
    import stat

    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    with pytest.raises(OSError, match=r"cannot write .*pipe\.yaml: it is not a regular file"):
        atomic_write_text(pipe, "a: 1\n")
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["pipe.yaml"]  # no temporary file left


def test_an_allowed_suffix_in_capitals_is_written_in_lower_case(tmp_path):
    """The lists of saved files look for ``*.yaml``: a ``.YAML`` save was never listed."""
    folder = tmp_path / "saves"
    folder.mkdir()
    assert resolve_save_name("a.YAML", (".yaml", ".yml"), folder=folder).name == "a.yaml"
    (folder / "old.JSON").write_text("{}")  # saved so before: it is still found
    assert resolve_save_name("saves/old.JSON", ".json", folder=folder).name == "old.JSON"


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("maps/x.json", "with no folders: save it as saves/x.json"),
        ("game.py", "not .py: end the name with .json, as saves/game.json"),
        ("turn 1.2", "not .2: end the name with .json, as saves/turn 1.2.json"),
    ],
)
def test_a_refused_save_name_offers_the_name_that_would_do(tmp_path, name, says):
    with pytest.raises(ValueError, match=re.escape(says)):
        resolve_save_name(name, ".json", folder=tmp_path / "saves")


def test_a_loop_of_links_or_a_name_too_long_is_refused_naming_the_file(tmp_path):
    """A fuzzing round's `schema -o loopa` (loopa -> loopb -> loopa) replaced the link with a
    file, and a 300-letter name was refused as 'File name too long' without the name."""
    (tmp_path / "loopa").symlink_to(tmp_path / "loopb")
    (tmp_path / "loopb").symlink_to(tmp_path / "loopa")
    with pytest.raises(OSError, match="loopa: its symbolic links lead round in a loop"):
        atomic_write_text(tmp_path / "loopa", "x")
    assert (tmp_path / "loopa").is_symlink()
    long = tmp_path / ("x" * 300)
    with pytest.raises(OSError, match=f"cannot write {re.escape(str(long))}: "):
        atomic_write_text(long, "x")
