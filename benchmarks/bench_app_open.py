"""How long an app takes to open in the browser, with kernels kept ready and without.

Starts `rulebook serve` (the default: a kernel starts when a page is opened) and `rulebook
serve --preheat 1` (one kernel kept ready per app) on free loopback ports, one after the other, and opens the same apps in headless Chromium (the
Debian binary the browser tests use), timing each from the address being asked for to the app
on screen (the wait the browser tests call ``app_ready``). Each app is opened twice a server,
with a pause between so a used kernel's replacement is ready, as it is for a visitor who
reads a page before opening the next. Wall-clock times, so read the ratio more than the
seconds: both servers are measured in this one run.

Run: python benchmarks/bench_app_open.py     (about two minutes)
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser._chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from browser._seen import app_ready  # noqa: E402
from browser._serve import start, stop, wait_until_kernels_idle  # noqa: E402

APPS = (
    "00_start_here",
    "scenario_designer",
    "lz_albany_play",
    "balance_lab",
    "rules_reference",
    "first_team_campaign",
)
ROUNDS = 2
SETTLE_S = 8  # a used kernel is replaced 5 s after the visit (rulebook serve's refill delay)
READY_S = 240  # every app's kernel is started at once: on 2 cores that takes a while


def serve(preheat: int, log: Path) -> tuple[subprocess.Popen, str]:
    server, base = start("--preheat", str(preheat), log=log)
    if preheat:  # wait until every app has its ready kernel, as after a server's first minute
        deadline = time.monotonic() + READY_S
        apps = len(list((ROOT / "notebooks").glob("*.ipynb")))
        while log.read_text().count("Kernel pool of") < apps:
            if time.monotonic() > deadline:
                stop(server)
                raise RuntimeError(f"the kernels were not ready in {READY_S} s; see {log}")
            time.sleep(0.5)
        wait_until_kernels_idle()  # their notebooks have run their imports and wait
    return server, base


def open_times(browser, base: str) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {app: [] for app in APPS}
    for _ in range(ROUNDS):
        for app in APPS:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            start = time.perf_counter()
            page.goto(f"{base}/voila/render/{app}.ipynb")
            app_ready(page)
            times[app].append(time.perf_counter() - start)
            page.close()
            time.sleep(SETTLE_S)
    return times


def main() -> None:
    from playwright.sync_api import sync_playwright

    logs = ROOT / "benchmarks" / "logs"
    logs.mkdir(exist_ok=True)
    results = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for preheat in (0, 1):
            server, base = serve(preheat, logs / f"serve-preheat-{preheat}.log")
            try:
                results[preheat] = open_times(browser, base)
            finally:
                stop(server)
        browser.close()
    print("== Opening an app: address asked for to app on screen (median of 2, wall s) ==")
    print(f"{'app':<22}{'no kernel ready':>17}{'kernel ready':>14}{'ratio':>8}")
    for app in APPS:
        cold = statistics.median(results[0][app])
        warm = statistics.median(results[1][app])
        print(f"{app:<22}{cold:>15.2f} s{warm:>12.2f} s{cold / warm:>7.1f}x")
    cold = statistics.median(t for ts in results[0].values() for t in ts)
    warm = statistics.median(t for ts in results[1].values() for t in ts)
    print(f"{'every app':<22}{cold:>15.2f} s{warm:>12.2f} s{cold / warm:>7.1f}x")


if __name__ == "__main__":
    main()
