"""CSS of the two play apps (LZ Albany, First Team): the map beside the choices, counters, dice, log."""

from __future__ import annotations

import ipywidgets as ipw

__all__ = ["CHIP", "HOLD_CHIP", "LZ_CHIP", "PLAY_CSS", "chips_size", "play_style"]

# A counter chip's pixels, border included, as .rb-ctr below draws it: square ones, and the
# HOLD and LZ tags, whose width is their text's. A row of chips wraps past six.
CHIP, HOLD_CHIP, LZ_CHIP = 13, 27, 16
ROW_MOST = 6 * CHIP + 5


def chips_size(rows: list[list[int]], most: int = ROW_MOST) -> tuple[int, int]:
    """Pixels (width, height) of rows of chips of the widths given, each wrapping past *most*
    pixels onto more lines, a pixel between chips and lines.

    >>> chips_size([[CHIP] * 3]), chips_size([[CHIP] * 8, [CHIP, HOLD_CHIP]])
    ((41, 14), (83, 42))
    >>> chips_size([[CHIP] * 4, [HOLD_CHIP]], most=3 * CHIP + 2)
    (41, 42)
    """
    width = lines = 0
    for row in rows:
        line = 0
        for w in row:
            if line and line + 1 + w > most:
                width, lines, line = max(width, line), lines + 1, 0
            line = w if not line else line + 1 + w
        width, lines = max(width, line), lines + 1
    return width, lines * (CHIP + 1)


PLAY_CSS = """
<style>
.rb-page { max-width: none; }
.rb-page h1 { font-size: 1.45rem; margin: 0 0 0.2rem; }
.rb-intro { margin: 0 0 0.4rem; font-size: 14px; line-height: 1.35; }
.rb-stepper { display: flex; flex-flow: row wrap; gap: 10px 14px; align-items: flex-start; }
.rb-board { flex: 1 1 520px; min-width: 300px; }
.rb-side { flex: 0 0 400px; max-width: 400px; min-width: 0; line-height: 1.3; }
.rb-side .widget-html-content { line-height: 1.3; }
.rb-history { flex: 1 1 100%; min-width: 0; }
.rb-side .widget-select select { font-size: 15px; }
.rb-side .rb-choices { width: calc(100% - 6px) !important; }
.rb-stepper .jupyter-button { width: auto !important; min-width: max-content; flex: 0 0 auto; }
.rb-board .rb-map-caption .note { display: none; }
.rb-replay-box { margin-bottom: 4px; padding-bottom: 2px; border-bottom: 1px solid #dde2d6; }
.rb-side .widget-toggle-buttons .widget-toggle-button { padding: 0 8px; }
.rb-map .leaflet-container { background: #e8ecef; }
@media (max-width: 1100px) { .rb-side { flex-basis: 340px; max-width: 340px; } }
/* On a 768-pixel-high projector the list of eight choices pushed Apply off the first screen:
   five rows there (the list scrolls, and the highlighted choice is written out under it). */
@media (max-height: 800px) { .rb-side .rb-choices select { height: 6.6em !important; } }
@media (max-width: 900px) {
  .rb-side { flex: 1 1 100%; max-width: none; }
  .rb-board .leaflet-widgets { height: 340px !important; }
  .rb-board .rb-map-caption { display: none; }
  .rb-side .rb-status-box { order: 10; }
  .rb-side .rb-replay-box { order: 9; }
  .rb-intro { font-size: 13px; }
}
.rb-headline { font-size: 15px; margin: 0 0 0.2rem; }
.rb-status.rb-past { border-left: 4px solid #b36b00; padding-left: 6px; background: #fff8ec; }
.rb-night-tag { background: #223; color: #fff; border-radius: 3px; padding: 0 4px; font-size: 12px; }
.rb-prompt { font-size: 15px; margin: 0.2rem 0; }
.rb-notice { color: #1d5e20; font-weight: bold; }
/* What the last click did, beside the map: the log itself is below the first screen. */
/* Three lines at most (the rest scrolls; the log holds it all): a fight's four or five lines
   pushed Apply and the computer's controls off a 720-high projector's first screen. */
.rb-latest { font-size: 13px; line-height: 1.35; margin: 0.2rem 0; padding: 2px 6px;
  background: #f3f6ee; border-left: 3px solid #2d5016; max-height: 4.05em; overflow-y: auto; }
.rb-muted { color: #777; }
.rb-stack-line { font-size: 14px; min-height: 1.3em; }
.rb-chosen-line { font-size: 14px; line-height: 1.35; margin: 0.25em 0; color: #222; }
/* LZ Albany's line holds two lines' room from the start: a crowded area's line wraps, and a
   line that grows as the mouse moves pushes the map and the log down under it. */
.rb-stack-two-lines .rb-stack-line { line-height: 1.3; min-height: 2.6em; }
.rb-counters { font: 11px sans-serif; text-align: center; color: #111; line-height: 1.1; }
.rb-area-name { font-weight: bold; text-shadow: 0 0 3px #fff, 0 0 2px #fff; }
.rb-ftv-label { position: relative; }
.rb-stack-at { position: absolute; }
.rb-ctr-row { display: flex; justify-content: center; flex-wrap: wrap; gap: 1px; margin-top: 1px; }
/* An LZ Albany area is about 60 pixels across at a 1024-wide window's zoom: a side's chips
   wrap four to a row there, rather than run seven or more into the areas beside it. */
.rb-lza-counters .rb-ctr-row { max-width: 66px; margin-left: auto; margin-right: auto; }
.rb-ctr { display: inline-block; width: 11px; height: 11px; font-style: normal; font-size: 8px;
  line-height: 11px; text-align: center; border: 1px solid #111; border-radius: 2px; color: #fff; }
.rb-ctr.rb-us { background: #1f4e9c; }
.rb-ctr.rb-nva { background: #b3261e; }
.rb-ctr.rb-reduced { opacity: 0.65; font-weight: bold; }
.rb-ctr.rb-officer { border-radius: 50%; font-size: 8px; }
.rb-ctr.rb-wounded-officer { background: #fff; color: #b3261e; }
.rb-ctr.rb-wmark { background: #fff; color: #c00; font-weight: bold; }
.rb-ctr.rb-supply { background: #f2c14e; color: #111; }
.rb-ctr.rb-hold { background: #222; color: #fff; width: auto; padding: 0 2px; }
.rb-ctr.rb-fatigue { background: #fff; color: #111; width: auto; padding: 0 2px; }
/* A face-down LZ marker: a chip's size, its "?" dark on white, its border dashed. */
.rb-ctr.rb-lz-down { background: #fff; color: #111; border-style: dashed; font-weight: bold; }
.rb-flare { color: #e0a800; font-size: 14px; margin-left: 2px; }
.rb-die { display: inline-block; width: 20px; height: 20px; border: 2px solid #333; border-radius: 5px;
  text-align: center; line-height: 18px; font-weight: bold; background: #fff; margin: 1px 2px 1px 0; }
.rb-die-hit { background: #b3261e; color: #fff; border-color: #7a140f; }
.rb-dice-box { margin: 0.3rem 0; font-size: 14px; }
.rb-dice-group { margin: 1px 0; font-size: 13px; }
.rb-pool { font-size: 13px; margin: 0.2rem 0; }
.rb-chit { display: inline-block; font-size: 11px; padding: 0 4px; border-radius: 3px; margin: 1px;
  border: 1px solid #777; }
.rb-chit.rb-us { background: #dde7f7; }
.rb-chit.rb-nva { background: #f7dddd; }
.rb-rulecase { font-size: 11px; color: #1f4e79; text-decoration: none; border: 1px solid #9fb6d6;
  border-radius: 3px; padding: 0 3px; white-space: nowrap; }
.rb-log { max-height: 230px; overflow-y: auto; border: 1px solid #dde2d6; }
.rb-log-list { list-style: none; padding: 0; margin: 0; }
.rb-log-entry { padding: 3px 6px; border-bottom: 1px solid #eef0ea; font-size: 14px; }
.rb-log-entry.rb-current { background: #fff4c2; }
.rb-log-no { color: #888; font-size: 11px; }
.rb-replay-note { font-size: 13px; }
.rb-track { display: flex; flex-wrap: wrap; gap: 1px; margin: 2px 0 4px; }
/* Boxes narrow enough for the 20 CPs on one line and the 40 casualty points on two, in the
   side panel of a 1024-wide screen (three lines there pushed Apply down). */
.rb-track span { display: inline-block; min-width: 13px; height: 16px; font-size: 10px; line-height: 16px;
  text-align: center; border: 1px solid #bbb; background: #fafafa; }
.rb-track span.rb-on { background: #1f4e9c; color: #fff; border-color: #1f4e9c; }
.rb-track span.rb-spent { background: #ddd; color: #999; }
.rb-zones { display: grid; grid-template-columns: repeat(5, 1fr); gap: 2px; font-size: 12px; }
.rb-zones div { border: 1px solid #bbb; padding: 0 3px; background: #fafafa; line-height: 1.3; }
.rb-zones div.rb-has { background: #f7dddd; border-color: #b3261e; }
.rb-turn-summary { font-size: 13px; background: #f3f6ee; padding: 3px 6px; margin: 3px 0; }
</style>
"""


def play_style() -> ipw.HTML:
    """The play apps' CSS as a widget; put it near the top of the page."""
    return ipw.HTML(PLAY_CSS)
