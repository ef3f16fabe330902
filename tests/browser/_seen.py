"""What a person sees, as checks the play apps' browser tests share: first screen, overlaps, words."""

from __future__ import annotations

import re

from widgets.voila_server import OUTPUT_MARK, RELOADED_KEY

# A Python value leaking into the page: a tuple or dict repr, None, pandas' missing values, or a
# snake_case identifier (file paths like scenarios/lz_albany/standard.yaml are allowed).
RAW = [
    re.compile(r"\(\s*'[^']*',"),
    re.compile(r"\{\s*'[^']*':"),
    re.compile(r"\bNone\b"),
    re.compile(r"<NA>"),
    re.compile(r"\bNaN\b"),
    re.compile(r"(?<![/\w.-])[a-z]+_[a-z_]+(?![/\w.-])"),
]

CONTROLS = (
    ".rb-stepper button, .rb-stepper select, .rb-stepper input, .rb-stepper .widget-slider, "
    ".rb-stepper .leaflet-container"
)


def visible_boxes(page, selector: str = CONTROLS) -> list[tuple[str, dict]]:
    """Bounding boxes of the visible controls, with a short name for messages."""
    out = []
    for el in page.locator(selector).all():
        if not el.is_visible():
            continue
        box = el.bounding_box()
        if box and box["width"] > 1 and box["height"] > 1:
            name = (el.inner_text() or el.get_attribute("class") or "")[:30].replace("\n", " ")
            out.append((name, box))
    return out


def overlaps(boxes: list[tuple[str, dict]], slack: float = 1.0) -> list[tuple[str, str]]:
    """Pairs of controls whose boxes intersect (nested boxes, a select inside its widget, aside)."""
    bad = []
    for i, (na, a) in enumerate(boxes):
        for nb, b in boxes[i + 1 :]:
            ix = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
            iy = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
            inside = (
                a["x"] >= b["x"] - slack
                and a["y"] >= b["y"] - slack
                and a["x"] + a["width"] <= b["x"] + b["width"] + slack
                and a["y"] + a["height"] <= b["y"] + b["height"] + slack
            ) or (
                b["x"] >= a["x"] - slack
                and b["y"] >= a["y"] - slack
                and b["x"] + b["width"] <= a["x"] + a["width"] + slack
                and b["y"] + b["height"] <= a["y"] + a["height"] + slack
            )
            if ix > slack and iy > slack and not inside:
                bad.append((na, nb))
    return bad


def raw_values(text: str) -> list[str]:
    """Every piece of *text* that looks like a Python value rather than words."""
    return [m.group(0) for pattern in RAW for m in pattern.finditer(text)]


#: The text of each drop-down list of the files row that its box cuts short, as the browser
#: draws it (a select's text cannot be measured in the page: it is measured on a canvas in its
#: font, with room for the arrow).
_CUT_SELECTS = """() => [...document.querySelectorAll('.rb-files select')].filter(s => {
  const text = s.options[s.selectedIndex]?.text || '';
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = getComputedStyle(s).font;
  return ctx.measureText(text).width + 24 > s.clientWidth;
}).map(s => s.options[s.selectedIndex].text)"""


def cut_selects(page) -> list[str]:
    """The files row's drop-down lists whose chosen text does not fit their box."""
    return page.evaluate(_CUT_SELECTS)


def in_first_screen(page, selector: str, height: int) -> bool:
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 120) <= height


def wait_next_refresh(page, before: str, timeout: float | None = None) -> None:
    """Wait until the app has redrawn after a click (its prompt carries a refresh counter);
    *timeout* in ms, the page's default wait if None."""
    page.wait_for_function(
        f"document.querySelector('.rb-prompt') && "
        f"document.querySelector('.rb-prompt').dataset.refresh !== '{before}'",
        timeout=timeout,
    )


def settled_box(locator, timeout_ms: int = 15_000) -> dict:
    """*locator*'s bounding box once it has stayed put for a tenth of a second.

    A map pans and zooms with an animation (fitting a newly loaded map, say), slower on a
    loaded machine: a click aimed at a dot still on its way lands elsewhere, and the map takes
    it for the nearest other place.
    """
    box, waited = locator.bounding_box(), 0
    while True:
        locator.page.wait_for_timeout(100)
        waited += 100
        now = locator.bounding_box()
        if now == box:
            return now
        assert waited < timeout_ms, f"{locator} kept moving for {timeout_ms} ms"
        box = now


def click_location(page, name: str) -> None:
    """Click a location's dot in the point-map designer (the map takes the click and picks the
    nearest location), once the dot has stopped moving.

    The map is focused first without scrolling: focusing it by the click itself may scroll the
    page between the press and the release, and the click would land elsewhere.
    """
    page.locator(".rb-point-designer .leaflet-container").evaluate(
        "e => e.focus({preventScroll: true})"
    )
    box = settled_box(page.locator(f".rb-loc[data-loc='{name}'] .dot"))
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def click_place(page, place: str) -> bool:
    """Click a place on the map where a person would: just under its name on the label.

    False when the label is not on the screen (a label is redrawn when its counters change).
    """
    name = page.locator(f".rb-area-label[data-area='{place}'] .rb-area-name").last
    box = name.bounding_box(timeout=3_000) if name.count() else None
    if box is None:
        return False
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] + 4)
    return True


# A kernel message's id, and the kernel's status going idle (after it handled a request).
_MSG_ID = re.compile(r'"msg_id":\s*"([^"]+)"')
_IDLE = re.compile(r'"execution_state":\s*"idle"')


class KernelRequests:
    """The requests a page sent its kernel that the kernel has not finished yet.

    Read from the page's kernel websocket: a request goes out on the shell channel with its
    ``msg_id``; when the kernel has handled it, its status goes idle with that id as parent, and
    every widget update the request caused was sent before. So no request ``pending`` means
    the kernel has answered every click so far.

    >>> requests = KernelRequests()
    >>> requests.sent('...shell...{"msg_id": "a1", "msg_type": "comm_msg"}')
    >>> requests.pending
    {'a1'}
    >>> requests.received('...iopub...{"msg_id": "k9"}{"msg_id": "a1"}{"execution_state": "idle"}')
    >>> requests.pending
    set()
    """

    def __init__(self, page=None) -> None:
        self.pending: set[str] = set()
        if page is not None:
            page.on("websocket", self._watch)

    def _watch(self, socket) -> None:
        if "/api/kernels/" in socket.url:
            socket.on("framesent", self.sent)
            socket.on("framereceived", self.received)

    def sent(self, payload: str | bytes) -> None:
        text = payload.decode("latin-1") if isinstance(payload, bytes) else payload
        ids = _MSG_ID.findall(text)
        if ids and "shell" in text:
            self.pending.add(ids[0])

    def received(self, payload: str | bytes) -> None:
        text = payload.decode("latin-1") if isinstance(payload, bytes) else payload
        if _IDLE.search(text):
            self.pending.difference_update(_MSG_ID.findall(text))


def wait_answered(page, kernel: KernelRequests, timeout_ms: int = 60_000) -> None:
    """Wait until the kernel has answered every request the page sent (see KernelRequests)."""
    waited = 0
    while kernel.pending:
        assert waited < timeout_ms, f"the kernel left {len(kernel.pending)} requests unanswered"
        page.wait_for_timeout(50)
        waited += 50


def lab_games_a_side(lab, asked: int) -> int:
    """The games a side in the balance lab's finished table: all *asked*, or, where the lab
    stopped early (a clear difference, or none in reach), the number its note gives (checked
    to agree)."""
    played = int(lab.locator(".rb-balance tr[data-variant='variant'] td").nth(1).inner_text())
    early = lab.locator(".rb-early")
    if early.count():
        said = re.search(r"Stopped at ([\d,]+) of ([\d,]+) games a side", early.inner_text())
        assert said, early.inner_text()
        assert (int(said[1].replace(",", "")), int(said[2].replace(",", ""))) == (played, asked)
        assert played < asked
    else:
        assert played == asked
    return played


#: True once the app is on the page, or once a page Voila served without its output has
#: reloaded itself and come back empty again (see widgets.voila_server).
_READY_OR_EMPTY_TWICE = (
    "() => !!document.querySelector('.rb-ready') || (document.readyState === 'complete'"
    f" && !document.querySelector('{OUTPUT_MARK}')"
    f" && sessionStorage.getItem('{RELOADED_KEY}' + location.href) === '2')"
)


def app_ready(page, timeout_ms: int = 180_000) -> None:
    """Wait until the app a Voila page opened is built and shown (its ``.rb-ready``).

    Now and then Voila serves the page with its cell's output missing: it logs "Timeout
    waiting for IOPub output" and the page has no app (an open upstream issue,
    voila-dashboards/voila#1428; here about 1 app open in 200 under the whole suite's load).
    The page then reloads itself once (``widgets.voila_server``); this waits through that
    reload, and fails as soon as the reloaded page is empty too rather than after the full wait.
    """
    page.wait_for_function(_READY_OR_EMPTY_TWICE, timeout=timeout_ms, polling=250)
    if not page.locator(".rb-ready").count():
        raise AssertionError(f"{page.url}: Voila served the page twice without its output")
    page.wait_for_selector(".rb-ready")  # (attached: now also shown)
