"""SVG pictures of maps, built as strings, so a map shows itself in a notebook without Jupyter."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from rulebook._boxes import least_covering
from rulebook.render._html import HTML

if TYPE_CHECKING:
    from rulebook.maps._area_map import AreaMap
    from rulebook.maps.point_map import PointMap
    from rulebook.scenario._av_models import AmbushValleySpec

__all__ = ["area_map_svg", "point_map_svg", "table_svg"]

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


def _count_spot(
    x: float,
    y: float,
    text: str,
    circles: list[tuple[float, float]],
    taken: list[tuple[float, float, float, float]],
) -> tuple[float, float, str]:
    """Where a count label of a location at (x, y) goes: below it, above, right, left, then
    the four corners, the first spot that covers no other location's circle and no count placed
    before (on the book's map, "1 US" under D2 covered D4), else the one covering fewest. The
    spot's box is added to *taken*. Returns the text's x, baseline y and anchor."""
    w, h = len(text) * 6.6 + 4, 13
    spots = [
        (x, y + 26, "middle", x - w / 2, y + 16),
        (x, y - 17, "middle", x - w / 2, y - 27),
        (x + 16, y + 4, "start", x + 15, y - 6),
        (x - 16, y + 4, "end", x - 15 - w, y - 6),
        (x + 11, y + 24, "start", x + 10, y + 14),
        (x + 11, y - 15, "start", x + 10, y - 25),
        (x - 11, y + 24, "end", x - 10 - w, y + 14),
        (x - 11, y - 15, "end", x - 10 - w, y - 25),
        (x + 16, y + 17, "start", x + 15, y + 7),  # beside it, a half line lower or higher
        (x - 16, y + 17, "end", x - 15 - w, y + 7),
        (x + 16, y - 9, "start", x + 15, y - 19),
        (x - 16, y - 9, "end", x - 15 - w, y - 19),
    ]

    rings = [(cx - 13, cy - 13, cx + 13, cy + 13) for cx, cy in circles if (cx, cy) != (x, y)]
    boxes = [(left, top, left + w, top + h) for _, _, _, left, top in spots]
    best = least_covering(boxes, [*rings, *taken])
    taken.append(boxes[best])
    return spots[best][:3]


def point_map_svg(
    point_map: PointMap, width: int = 760, *, counts: dict[str, str] | None = None
) -> HTML:
    """Locations as circles joined by lines coloured by kind (ftv:3.4.3); north is up.

    *counts* adds a short label under a location (``"4 NVA"``), each a
    ``<g class="count" data-location="ID">`` drawn above every circle and line, with a pale halo,
    so no neighbour covers it. Every location is a ``<g class="location" data-location="ID">``;
    the map says it is reconstructed.
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
    nodes, tops = [], []
    taken: list[tuple[float, float, float, float]] = []  # the count labels placed so far
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
        if n in counts:
            tx, ty, anchor = _count_spot(x, y, counts[n], [at(m) for m in xys], taken)
            tops.append(
                f'<g class="count" data-location="{escape(n)}"><text x="{tx:.1f}" '
                f'y="{ty:.1f}" font-size="11" font-weight="bold" text-anchor="{anchor}" '
                f'fill="#8b0000" stroke="#fffdf5" stroke-width="3.5" paint-order="stroke">'
                f"{escape(counts[n])}</text></g>"
            )
        nodes.append(
            f'<g class="location" data-location="{escape(n)}">{shape}<title>{label}</title>'
            f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="{9 if len(n) > 3 else 11}" '
            f'text-anchor="middle">{escape(n if len(n) <= 4 else n[:6])}</text></g>'
        )
    return HTML(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="point-map" data-provenance='
        f'"{point_map.spec.provenance.value}" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><rect width="{width}" height="{height}" fill="#f4f1e6"/>'
        + "".join(lines)
        + "".join(nodes)
        + "".join(tops)
        + "</svg>"
    )


TERRAIN_FILL = {
    "dense-woods": "#1b5e20",
    "average-woods": "#388e3c",
    "light-woods": "#81c784",
    "heavy-foliage": "#2e4d1f",
    "paddy": "#c5e1a5",
    "building": "#8d6e63",
    "hooch": "#bcaaa4",
    "bunker": "#5d4037",
    "trench": "#6d4c41",
    "river": "#64b5f6",
    "tributary": "#90caf9",
    "hill": "#d7ccc8",
    "plantation": "#aed581",
    "firebase": "#9e9e9e",
    "lz": "#fff59d",
    "open": "#f1f8e9",
}
SIDE_STROKE = ["#1565c0", "#c62828", "#6a1b9a", "#ef6c00"]


def table_svg(spec: AmbushValleySpec, scale: float = 9.0) -> HTML:
    """An Ambush Valley table to scale (*scale* pixels an inch), north up: terrain, roads,
    deployment zones by side, objectives, numbered tunnel spots and civilians, a 12 inch grid."""
    from rulebook.games.ambush_valley.naming import name_of  # the game names its own things

    width, depth = spec.table
    w, h = width * scale, depth * scale

    def xy(x: float, y: float) -> str:
        return f"{x * scale:.1f},{(depth - y) * scale:.1f}"

    def poly(points: list[tuple[float, float]]) -> str:
        return " ".join(xy(x, y) for x, y in points)

    layout = spec.layout
    parts = [f'<rect width="{w:.0f}" height="{h:.0f}" fill="#eef3e2" stroke="#333"/>']
    for i in range(12, int(width), 12):
        parts.append(
            f'<line class="grid" x1="{i * scale:.1f}" y1="0" x2="{i * scale:.1f}" y2="{h:.0f}" stroke="#ccd" stroke-width="0.5"/>'
        )
    for i in range(12, int(depth), 12):
        parts.append(
            f'<line class="grid" x1="0" y1="{(depth - i) * scale:.1f}" x2="{w:.0f}" y2="{(depth - i) * scale:.1f}" stroke="#ccd" stroke-width="0.5"/>'
        )
    for f in layout.features:
        fill = TERRAIN_FILL.get(f.kind, "#ccc")
        label = escape(name_of(spec, f.id))
        parts.append(
            f'<polygon class="feature {escape(f.kind)}" data-id="{escape(f.id)}" points="{poly(f.outline)}" '
            f'fill="{fill}" fill-opacity="0.85" stroke="#333" stroke-width="0.6"><title>{label}</title></polygon>'
        )
    for r in layout.roads:
        color = "#1976d2" if r.kind in ("river", "tributary") else "#a1887f"
        parts.append(
            f'<polyline class="road {r.kind}" data-id="{escape(r.id)}" points="{poly(r.path)}" fill="none" '
            f'stroke="{color}" stroke-width="{0.8 * scale:.1f}" stroke-linecap="round"><title>{escape(name_of(spec, r.id))}</title></polyline>'
        )
    sides = list(spec.sides)
    for z in layout.deployment:
        color = SIDE_STROKE[sides.index(z.side) % len(SIDE_STROKE)] if z.side in sides else "#000"
        parts.append(
            f'<polygon class="deployment" data-side="{escape(z.side)}" data-id="{escape(z.id)}" points="{poly(z.outline)}" '
            f'fill="{color}" fill-opacity="0.12" stroke="{color}" stroke-width="2" stroke-dasharray="6 3">'
            f"<title>{escape(name_of(spec, z.id))}</title></polygon>"
        )

    def marker(kind: str, mid: str, at: tuple[float, float], shape: str, title: str) -> None:
        x, y = at[0] * scale, (depth - at[1]) * scale
        body = shape.format(
            x=x, y=y, r=0.9 * scale, s=1.2 * scale, x0=x - 0.6 * scale, y0=y - 0.6 * scale
        )
        parts.append(
            f'<g class="{kind}" data-id="{escape(mid)}">{body}<title>{escape(title)}</title></g>'
        )

    for m in layout.objectives:
        marker(
            "objective",
            m.id,
            m.at,
            '<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="#ffd600" stroke="#000"/>',
            name_of(spec, m.id),
        )
    for i, m in enumerate(layout.tunnel_spots, 1):
        number = f'<text x="{{x:.1f}}" y="{{y:.1f}}" dy="0.35em" font-size="{scale:.0f}" text-anchor="middle" fill="#fff">{i}</text>'
        marker(
            "tunnel-spot",
            m.id,
            m.at,
            '<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="#000"/>' + number,
            f"tunnel spot {i}",
        )
    for m in layout.civilians:
        marker(
            "civilians",
            m.id,
            m.at,
            '<rect x="{x0:.1f}" y="{y0:.1f}" width="{s:.1f}" height="{s:.1f}" fill="#fff" stroke="#7b1fa2" stroke-width="2"/>',
            name_of(spec, m.id),
        )
    bar = 12 * scale
    parts.append(
        f'<g class="scale"><line x1="6" y1="{h - 8:.0f}" x2="{6 + bar:.0f}" y2="{h - 8:.0f}" stroke="#000" stroke-width="2"/>'
        f'<text x="8" y="{h - 12:.0f}" font-size="10">12 in</text></g>'
    )
    return HTML(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="av-table" data-provenance="{layout.provenance.value}" '
        f'data-width="{width:g}" data-depth="{depth:g}" width="{w:.0f}" height="{h:.0f}" viewBox="0 0 {w:.0f} {h:.0f}">'
        + "".join(parts)
        + "</svg>"
    )
