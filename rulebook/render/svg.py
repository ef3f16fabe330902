"""SVG pictures of maps, built as strings, so a map shows itself in a notebook without Jupyter."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from rulebook.render._html import HTML

if TYPE_CHECKING:
    from rulebook.maps._area_map import AreaMap
    from rulebook.maps.point_map import PointMap

__all__ = ["area_map_svg", "point_map_svg"]

LINE_COLORS = {
    "road": "#d07a00",
    "jungle": "#2e7d32",
    "river": "#1565c0",
    "jungle-mountain": "#222",
}


def area_map_svg(
    area_map: AreaMap, width: int = 640, *, highlight: dict[str, str] | None = None
) -> HTML:
    """The map's areas filled by terrain colour, with their ids; north is up.

    *highlight* maps area ids to an extra CSS class (``"visible"``, ``"selected"``).
    Every area is a ``<path class="area <terrain>" data-area="ID">``.
    """
    minx, miny, maxx, maxy = area_map.bounds()
    scale = width / max(maxx - minx, 1e-9)
    height = int((maxy - miny) * scale) + 1
    highlight = highlight or {}

    def xy(x: float, y: float) -> str:
        return f"{(x - minx) * scale:.1f},{(maxy - y) * scale:.1f}"

    shapes, labels = [], []
    for area in area_map:
        color = (
            area_map.terrains[area.terrain].color
            if area.terrain in area_map.terrains
            else "#cccccc"
        )
        path = "M" + " L".join(xy(x, y) for x, y in area.coords()) + " Z"
        extra = f" {highlight[area.id]}" if area.id in highlight else ""
        shapes.append(
            f'<path class="area {escape(area.terrain)}{extra}" data-area="{escape(area.id)}" d="{path}" '
            f'fill="{color}" stroke="#333" stroke-width="1"><title>{escape(area.name)} '
            f"({escape(area.terrain)})</title></path>"
        )
        p = area.polygon.representative_point()
        labels.append(
            f'<text x="{(p.x - minx) * scale:.1f}" y="{(maxy - p.y) * scale:.1f}" '
            f'font-size="11" text-anchor="middle" fill="#111" stroke="#fff" stroke-width="3" '
            f'paint-order="stroke">{escape(area.id)}</text>'
        )
    return HTML(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="area-map" data-map="{escape(area_map.id)}" '
        f'data-provenance="{area_map.provenance.value}" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">' + "".join(shapes) + "".join(labels) + "</svg>"
    )


def point_map_svg(
    point_map: PointMap, width: int = 760, *, counts: dict[str, str] | None = None
) -> HTML:
    """Locations as circles joined by lines coloured by kind (ftv:3.4.3); north is up.

    *counts* adds a short label under a location (``"4 NVA"``). Every location is a
    ``<g class="location" data-location="ID">``; the map says it is reconstructed.
    """
    counts = counts or {}
    xys = {n: point_map.graph.nodes[n]["xy"] for n in point_map.graph}
    minx = min(x for x, _ in xys.values()) - 4
    maxx = max(x for x, _ in xys.values()) + 4
    miny = min(y for _, y in xys.values()) - 4
    maxy = max(y for _, y in xys.values()) + 4
    scale = width / (maxx - minx)
    height = int((maxy - miny) * scale) + 1

    def at(n: str) -> tuple[float, float]:
        x, y = xys[n]
        return (x - minx) * scale, (maxy - y) * scale

    lines = []
    for a, b, kind in point_map.graph.edges(data="kind"):
        (x1, y1), (x2, y2) = at(a), at(b)
        lines.append(
            f'<line class="access {kind}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="{LINE_COLORS[kind]}" stroke-width="{4 if kind == "road" else 2.5}"/>'
        )
    nodes = []
    for n in point_map.graph:
        x, y = at(n)
        camp = point_map.spec.special_forces_camps.get(n)
        fill = (
            "#fff3c4" if camp or n == "Pleiku" else "#d9d9d9" if n.startswith("CAM") else "#ffffff"
        )
        shape = (
            f'<rect x="{x - 18:.1f}" y="{y - 11:.1f}" width="36" height="22" rx="4" fill="#e8eef7" stroke="#333"/>'
            if n == "An Khe"
            else f'<circle cx="{x:.1f}" cy="{y:.1f}" r="13" fill="{fill}" '
            f'stroke="{"#8b0000" if n in counts else "#333"}" stroke-width="{3 if n in counts else 1.2}"/>'
        )
        label = escape(point_map.graph.nodes[n]["name"] if camp else n)
        extra = (
            f'<text x="{x:.1f}" y="{y + 25:.1f}" font-size="10" text-anchor="middle" fill="#8b0000">'
            f"{escape(counts[n])}</text>"
            if n in counts
            else ""
        )
        nodes.append(
            f'<g class="location" data-location="{escape(n)}">{shape}<title>{label}</title>'
            f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="{9 if len(n) > 3 else 11}" '
            f'text-anchor="middle">{escape(n if len(n) <= 4 else n[:6])}</text>{extra}</g>'
        )
    return HTML(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="point-map" data-provenance='
        f'"{point_map.spec.provenance.value}" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><rect width="{width}" height="{height}" fill="#f4f1e6"/>'
        + "".join(lines)
        + "".join(nodes)
        + "</svg>"
    )
