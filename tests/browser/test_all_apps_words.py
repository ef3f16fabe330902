"""Every app is read for raw Python text, in its own module's browser tests (see ``_words``).

This test opens no browser: it checks that each notebook of ``notebooks/`` is named in a
``read_every_view`` call of some browser test module, so an app added without one fails here
the day it is added, on any machine.
"""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
APPS = sorted(p.name for p in (HERE.parents[1] / "notebooks").glob("*.ipynb"))
# read_every_view(<the page, however the module reaches it>, "<notebook>.ipynb", artifacts)
CALL = re.compile(r"read_every_view\([^\"]*?,\s*\"([\w.-]+\.ipynb)\"")


def _read_by_module() -> dict[str, list[str]]:
    read: dict[str, list[str]] = {}
    for module in sorted(HERE.glob("test_*.py")):
        for app in CALL.findall(module.read_text(encoding="utf-8")):
            read.setdefault(app, []).append(module.name)
    return read


def test_every_app_is_read_for_raw_text_by_a_browser_test():
    read = _read_by_module()
    missing = [app for app in APPS if app not in read]
    assert not missing, (
        "these apps are never read for raw Python text: call read_every_view(page, app, "
        f"artifacts) at the end of their browser tests: {', '.join(missing)}"
    )
    assert not set(read) - set(APPS), f"read_every_view names no notebook: {set(read) - set(APPS)}"


def test_raw_text_is_named_but_a_printed_unit_group_is_not():
    from browser._words import raw_text

    found = raw_text("Activate NVA 66 (6, 7, 8) to fire at (1, 2), hits None, unit_type")
    assert [f.split(" in ")[0] for f in found] == [
        "a tuple '(1, 2)'",
        "None 'None'",
        "a snake_case id 'unit_type'",
    ]
