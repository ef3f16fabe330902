"""The apps' shared CSS, sent once per page as an HTML widget."""

from __future__ import annotations

import ipywidgets as ipw

CSS = """
<style>
.rb-page { max-width: 84rem; font-size: 15px; line-height: 1.45; }
.rb-map .leaflet-div-icon { background: transparent; border: none; pointer-events: none; }
.rb-av-leaflet .leaflet-div-icon { background: transparent; border: none; }
.rb-av-spot-marker { width: 22px; height: 22px; border-radius: 50%; background: #111; color: #fff;
  text-align: center; line-height: 22px; font-weight: bold; font-size: 12px; cursor: move; }
.rb-page h1 { font-size: 1.8rem; margin: 0.3rem 0 0.6rem; }
.rb-page h2 { font-size: 1.25rem; margin: 1.2rem 0 0.4rem; border-bottom: 1px solid #cfd6c4; }
.rb-page table { border-collapse: collapse; margin: 0.3rem 0; }
.rb-page th, .rb-page td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #e3e7dc; text-align: left; }
.provenance { font-size: 0.75em; padding: 0 0.4em; border-radius: 0.6em; border: 1px solid; }
.provenance.printed { color: #2d5016; border-color: #2d5016; }
.provenance.derived { color: #1f4e79; border-color: #1f4e79; }
.provenance.reconstructed { color: #8a4b00; border-color: #8a4b00; background: #fff4e0; }
.provenance.assumed { color: #6b1f5f; border-color: #6b1f5f; background: #fbeaf7; }
.rb-headline { font-size: 1.1rem; margin: 0.4rem 0; }
/* The balance lab's last results once a setting has changed since their run. */
.rb-stale { opacity: 0.45; }
.rb-stale-note { background: #fff4e0; border-left: 4px solid #8a4b00; padding: 0.3rem 0.6rem;
  margin: 0.3rem 0; }
/* Links look like links everywhere (JupyterLab's theme makes them plain text). */
.rb-page a, .rb-page a:visited { color: #1f4e79; text-decoration: underline;
  text-underline-offset: 2px; cursor: pointer; }
.rb-page a:hover, .rb-page a:focus { color: #c0392b; }
.rb-header { display: flex; gap: 1.2rem; align-items: baseline; padding: 0.35rem 0.2rem;
  border-bottom: 2px solid #2d5016; margin-bottom: 0.4rem; }
.rb-header .rb-brand { font-weight: bold; color: #2d5016; margin-right: auto; }
.rb-rulecase { font-size: 0.8em; font-family: monospace; }
/* A button that cannot be pressed looks it, whatever its colour (a disabled orange Undo read
   as pressable). */
.rb-page .jupyter-button:disabled { filter: grayscale(100%); opacity: 0.45; }
/* The trace button reads as its action: ipywidgets appends the count of files held, "(0)",
   to its text, so the text is drawn here and the widget's own shrunk away. */
.rb-page .rb-trace-upload { font-size: 0; width: auto; flex: 0 0 auto; min-width: max-content; }
.rb-page .rb-trace-upload i { font-size: var(--jp-widgets-font-size); }
.rb-page .rb-trace-upload::after { content: "Trace image"; font-size: var(--jp-widgets-font-size);
  margin-left: 0.4em; }
/* Labels are never cut short: a description grows to its text instead of ending in "...". */
.rb-page .widget-inline-hbox .widget-label { min-width: var(--jp-widgets-inline-label-width);
  width: auto !important; max-width: none; overflow: visible; text-overflow: clip; }
.rb-page .widget-checkbox .widget-label-basic span, .rb-page .widget-label-basic {
  overflow: visible; text-overflow: clip; }
.rb-page .widget-readout { max-width: none; overflow: visible; text-overflow: clip;
  white-space: nowrap; }
.rb-audience { display: grid; grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr));
  gap: 0.6rem 1.4rem; }
.rb-audience section h3 { margin: 0.4rem 0 0.2rem; font-size: 1.05rem; }
.rb-audience ul { margin: 0.2rem 0; padding-left: 1.2rem; }
.rb-map .leaflet-pane > svg path.leaflet-interactive[stroke="#8e24aa"],
.rb-map .leaflet-pane > svg path.leaflet-interactive[stroke="#c62828"] { pointer-events: none; }
</style>
"""


def style() -> ipw.HTML:
    """A widget carrying the CSS; put it first in an app's layout."""
    return ipw.HTML(CSS)
