"""The public API: `__all__` lists exactly the public names, and the core needs no Jupyter."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

PACKAGES = [
    "rulebook",
    "rulebook.dice",
    "rulebook.trace",
    "rulebook.provenance",
    "rulebook.scenario",
    "rulebook.errors",
    "rulebook.render",
    "widgets",
]


def _public_names(module) -> set[str]:
    """Names a reader would take as public: defined here, or re-exported by a package."""
    is_package = hasattr(module, "__path__")
    names = set()
    for n, obj in vars(module).items():
        if (
            n.startswith("_")
            or not n.isidentifier()  # pydantic files a parametrized model here: Sourced[Int]
            or isinstance(obj, type(importlib))
            or n in {"annotations", "TYPE_CHECKING"}
        ):
            continue
        defined_here = getattr(obj, "__module__", module.__name__) == module.__name__
        if defined_here or (
            is_package and getattr(obj, "__module__", "").startswith(module.__name__)
        ):
            names.add(n)
    return names


@pytest.mark.parametrize("name", PACKAGES)
def test_all_matches_public_names(name):
    module = importlib.import_module(name)
    assert _public_names(module) <= set(module.__all__), (
        f"{name} has public names missing from __all__"
    )
    for exported in module.__all__:
        assert hasattr(module, exported), f"{name}.__all__ names {exported}, which does not exist"


def test_core_imports_no_jupyter_package():
    code = (
        "import sys, rulebook, rulebook.scenario, rulebook.render, rulebook.games, rulebook.cli\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'ipywidgets', 'ipyleaflet', 'IPython', 'ipykernel', 'jupyter_client', 'voila', 'traitlets'})\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_no_module_uses_the_global_random():
    """Randomness enters only through rulebook.dice or a seeded Random (convention 5)."""
    import re
    from pathlib import Path

    global_call = re.compile(
        r"\brandom\.(random|randint|choice|choices|shuffle|seed|uniform|sample|randrange)\("
    )
    root = Path(__file__).resolve().parents[1]
    offenders = [
        str(p)
        for folder in ("rulebook", "widgets")
        for p in (root / folder).rglob("*.py")
        if global_call.search(p.read_text())
    ]
    assert offenders == []
