"""Which code implements a rule and which tests name it, read from the source itself.

Nothing here is maintained by hand: the engine cites rule ids as string literals (trace steps,
``IllegalActionError``), and tests name the cases they check in their function name
(``test_lza_7_4_...``, ``test_ftv_4_1_1_...``) or docstring, so both lists stay true as code moves.

Reading them means parsing some 300 files (about a second), and every app or command that shows
a rule's links is a new process: each answer is therefore kept in the user's cache folder
(:func:`rulebook._cache.user_cache`), under a digest of the files it was read from and of this
module, and read from there while neither changes.
"""

from __future__ import annotations

import ast
import hashlib
import re
from collections import defaultdict
from collections.abc import Callable
from functools import cache
from pathlib import Path

from rulebook._cache import kept, user_cache
from rulebook.rule_ids import RULE_ID_IN_TEXT, is_rule_id

PACKAGE = Path(__file__).resolve().parents[1]
# The test suite sits beside the package in a source checkout; an installed wheel has none.
TESTS = PACKAGE.parent / "tests"

_ID_IN_NAME = re.compile(r"(lza|ftv)_(\d+(?:_\d+)+)([a-z]?)(?=_|$)")


def _functions(path: Path) -> list[tuple[str, ast.AST]]:
    """(qualified name, node) for every function, methods as Class.method."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                found.append((f"{prefix}{child.name}", child))
                visit(child, f"{prefix}{child.name}.")

    visit(tree, "")
    return found


def _module_name(path: Path, root: Path) -> str:
    return ".".join(path.relative_to(root.parent).with_suffix("").parts)


Links = dict[str, tuple[str, ...]]


def _kept(kind: str, files: list[Path], read: Callable[[], Links]) -> Links:
    """What *read* finds in *files*, from the cache folder if it was read before from files
    of the same paths and contents (and by this module's code as it is); else read, and kept
    in place of what files of that kind gave before (see :func:`rulebook._cache.kept`)."""
    digest = hashlib.sha256(Path(__file__).read_bytes())
    for path in files:
        digest.update(f"\0{path}\0".encode())
        digest.update(path.read_bytes())
    target = user_cache("rule-links") / f"{kind}-{digest.hexdigest()[:32]}.json"
    return kept(target, read, encode=dict, decode=_links_of, siblings=f"{kind}-*.json", keep=1)


def _links_of(stored: object) -> Links:
    """Links as a kept file holds them; ValueError for a file of any other shape."""
    if isinstance(stored, dict) and all(
        isinstance(v, list) and all(isinstance(x, str) for x in v) for v in stored.values()
    ):
        return {k: tuple(v) for k, v in stored.items()}
    raise ValueError("not rule links")


@cache
def implementations() -> Links:
    """Rule id -> the engine functions whose code cites it (``module:function``)."""
    files = sorted((PACKAGE / "games").rglob("*.py"))
    return _kept("implementations", files, lambda: _implementations(files))


def _implementations(files: list[Path]) -> Links:
    cited: dict[str, set[str]] = defaultdict(set)
    for path in files:
        module = _module_name(path, PACKAGE)
        for name, node in _functions(path):
            for const in ast.walk(node):
                if isinstance(const, ast.Constant) and isinstance(const.value, str):
                    for rule_id in RULE_ID_IN_TEXT.findall(const.value):
                        cited[rule_id].add(f"{module}:{name}")
    return {k: tuple(sorted(v)) for k, v in cited.items()}


def ids_in_test_name(name: str) -> set[str]:
    """Rule ids a test's name spells out.

    >>> sorted(ids_in_test_name("test_lza_7_4_mortars_cap_hits"))
    ['lza:7.4']
    >>> sorted(ids_in_test_name("test_lza_3_2d_set_up"))
    ['lza:3.2D']
    >>> sorted(ids_in_test_name("test_ftv_4_1_1_superiority_and_ftv_4_2_3_1_allocation"))
    ['ftv:4.1.1', 'ftv:4.2.3.1']
    """
    found = set()
    for prefix, number, letter in _ID_IN_NAME.findall(name):
        rule_id = f"{prefix}:{number.replace('_', '.')}{letter.upper()}"
        if is_rule_id(rule_id):
            found.add(rule_id)
    return found


@cache
def named_in_tests(folder: Path | None = None) -> Links:
    """Rule id -> tests that name it (``tests/path.py::test_name``); empty without a test suite."""
    folder = folder or TESTS
    if not folder.is_dir():
        return {}
    files = sorted(folder.rglob("test_*.py"))
    return _kept("tests", files, lambda: _named_in_tests(folder, files))


def _named_in_tests(folder: Path, files: list[Path]) -> Links:
    named: dict[str, set[str]] = defaultdict(set)
    for path in files:
        where = path.relative_to(folder.parent).as_posix()
        for name, node in _functions(path):
            leaf = name.rsplit(".", 1)[-1]
            if not leaf.startswith("test_"):
                continue
            ids = ids_in_test_name(leaf) | set(
                RULE_ID_IN_TEXT.findall(ast.get_docstring(node) or "")
            )
            for rule_id in ids:
                named[rule_id].add(f"{where}::{name.replace('.', '::')}")
    return {k: tuple(sorted(v)) for k, v in named.items()}
