"""SVG pictures of maps, built as strings, so a map shows itself in a notebook without Jupyter."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from rulebook.render._html import HTML

if TYPE_CHECKING:
    from rulebook.maps._area_map import AreaMap

__all__ = ["area_map_svg"]


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
