"""How the browser tests run Chromium: the Debian binary, its switches, and how long they wait.

``docs/screenshots.py`` opens the apps the same way, from here.
"""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: How long a page may take to load (a Voila app runs its notebook first).
NAVIGATION_MS = 180_000
#: How long a click, a wait or an ``expect`` may take (most wait for a kernel's answer). Tests
#: leave their waits to this default rather than name shorter ones: nothing here asserts a time,
#: and a 15 s wait failed under the load of three workers on two cores.
WAIT_MS = 90_000
