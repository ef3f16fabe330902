"""Which code implements a rule and which tests name it, read from the source itself.

Nothing here is maintained by hand: the engine cites rule ids as string literals (trace steps,
``IllegalActionError``), and tests name the cases they check in their function name
(``test_lza_7_4_...``, ``test_ftv_4_1_1_...``) or docstring, so both lists stay true as code moves.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from functools import cache
from pathlib import Path

from rulebook.rule_ids import is_rule_id

PACKAGE = Path(__file__).resolve().parents[1]
# The test suite sits beside the package in a source checkout; an installed wheel has none.
TESTS = PACKAGE.parent / "tests"

_ID_IN_TEXT = re.compile(r"\b(?:lza|ftv):\d+(?:\.\d+)*[A-Z]?\b|\bav:[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
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


@cache
def implementations() -> dict[str, tuple[str, ...]]:
    """Rule id -> the engine functions whose code cites it (``module:function``)."""
    cited: dict[str, set[str]] = defaultdict(set)
    games = PACKAGE / "games"
    for path in sorted(games.rglob("*.py")):
        module = _module_name(path, PACKAGE)
        for name, node in _functions(path):
            for const in ast.walk(node):
                if isinstance(const, ast.Constant) and isinstance(const.value, str):
                    for rule_id in _ID_IN_TEXT.findall(const.value):
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
def named_in_tests(folder: Path | None = None) -> dict[str, tuple[str, ...]]:
    """Rule id -> tests that name it (``tests/path.py::test_name``); empty without a test suite."""
    folder = folder or TESTS
    named: dict[str, set[str]] = defaultdict(set)
    if not folder.is_dir():
        return {}
    for path in sorted(folder.rglob("test_*.py")):
        where = path.relative_to(folder.parent).as_posix()
        for name, node in _functions(path):
            leaf = name.rsplit(".", 1)[-1]
            if not leaf.startswith("test_"):
                continue
            ids = ids_in_test_name(leaf) | set(_ID_IN_TEXT.findall(ast.get_docstring(node) or ""))
            for rule_id in ids:
                named[rule_id].add(f"{where}::{name.replace('.', '::')}")
    return {k: tuple(sorted(v)) for k, v in named.items()}
