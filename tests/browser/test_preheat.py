"""`rulebook serve --preheat-apps`: apps open on kernels started before the visit, yet are built
for the visit. The page's query string reaches such a kernel only when the visitor opens the
page, so an app that shows what its URL asks for was built after the visit. (Every notebook
waits for its visitor before it builds its app: tests/ui/test_apps_as_opened.py.)

The server here is this test's own, keeping a kernel ready for the rules reference alone (the
suite's shared server keeps the default: none ready).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from browser._chromium import WAIT_MS
from browser._seen import app_ready
from browser._serve import serving, wait_until_kernels_idle

pytestmark = [pytest.mark.browser, pytest.mark.slow]

APP = "rules_reference.ipynb"


def wait_for_ready_kernel(log: Path, notebook: str, *, times: int = 1) -> None:
    """Until the server has said *times* times that it started a kernel for *notebook* ahead
    of a visit (the first at its start, another each time a visit takes one)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while log.read_text().count(f"Kernel pool of {notebook} is filled") < times:
        assert time.monotonic() < deadline, f"no kernel was made ready for {notebook}; see {log}"
        time.sleep(0.2)


def visits_on_ready_kernels(log: Path, notebook: str) -> int:
    return len(
        re.findall(rf"Using pre-heated kernel: \S+ for {re.escape(notebook)}", log.read_text())
    )


def test_a_ready_kernel_serves_the_visit_and_ctrl_c_ends_the_next_one_quietly(page, artifacts):
    """One server for both halves (a server and its kernels cost a worker ~15 s): the kernel
    made ready serves the visit and reads its query; once the visit's kernel is replaced,
    stopping the server (what whoever presses Ctrl-C does) ends the replacement, a kernel that
    waited for a visitor, with no traceback."""
    log = artifacts / f"voila-preheat-{os.getpid()}.log"
    with serving("--preheat-apps", APP.removesuffix(".ipynb"), log=log) as base:
        wait_for_ready_kernel(log, APP)
        assert visits_on_ready_kernels(log, APP) == 0
        page.goto(f"{base}/voila/render/{APP}?rule=lza%3A7.3")
        app_ready(page)
        page.wait_for_function(
            "document.querySelector('.rb-rule-entry [data-rule]')?.dataset.rule === 'lza:7.3'"
        )
        assert visits_on_ready_kernels(log, APP) >= 1
        text = log.read_text()
        assert set(re.findall(r"Kernel pool of (\S+) is filled", text)) == {APP}  # that app only
        assert "deprecated" not in text  # (Voila's pool settings, passed as JSON)
        if os.name == "posix":  # kernels on Unix sockets: none warns of plain-text TCP
            assert "without encryption" not in text
        wait_for_ready_kernel(log, APP, times=2)  # the kernel the visit took is replaced
        wait_until_kernels_idle()  # the replacement has run its imports and waits for a visitor
    text = log.read_text()
    assert "Kernel shutdown" in text
    assert "Traceback" not in text, text[-3000:]
