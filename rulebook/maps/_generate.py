"""Synthetic tiled maps, for benchmarks, tests and a designer's blank sheet."""

from __future__ import annotations

import random

import shapely
from shapely.geometry import MultiPoint, Point, box

from rulebook.provenance import Provenance
from rulebook.scenario._map_models import AreaSpec, MapSpec, TerrainSpec

__all__ = ["voronoi_map"]


def voronoi_map(
    columns: int, rows: int, *, size: float = 300.0, jungle: float = 0.5, seed: int = 0
) -> MapSpec:
    """A map of ``columns * rows`` irregular areas that tile a rectangle with no gaps.

    Each area grows around a jittered grid point (a Voronoi cell); about
    *jungle* of them are jungle, the rest sawgrass. Ids are ``r<row>c<col>``.

    >>> spec = voronoi_map(4, 3, seed=1)
    >>> len(spec.areas), spec.areas[0].id
    (12, 'r0c0')
    """
    rng = random.Random(seed)  # noqa: S311 - layout, not security
    width, height = columns * size, rows * size
    seeds = [
        ((c + 0.5 + rng.uniform(-0.3, 0.3)) * size, (r + 0.5 + rng.uniform(-0.3, 0.3)) * size)
        for r in range(rows)
        for c in range(columns)
    ]
    frame = box(0, 0, width, height)
    cells = shapely.voronoi_polygons(MultiPoint(seeds), extend_to=frame.buffer(size))
    areas = []
    for k, (x, y) in enumerate(seeds):
        cell = next(c for c in cells.geoms if c.contains(Point(x, y))).intersection(frame)
        r, c = divmod(k, columns)
        tags = [
            f"edge-{e}"
            for e, on in (
                ("north", r == rows - 1),
                ("south", r == 0),
                ("west", c == 0),
                ("east", c == columns - 1),
            )
            if on
        ]
        areas.append(
            AreaSpec(
                id=f"r{r}c{c}",
                terrain="jungle" if rng.random() < jungle else "sawgrass",
                polygon=[(round(px, 1), round(py, 1)) for px, py in cell.exterior.coords[:-1]],
                tags=tags,
            )
        )
    return MapSpec(
        id=f"voronoi-{columns}x{rows}-{seed}",
        provenance=Provenance.ASSUMED,
        note="generated test map",
        terrains={"jungle": TerrainSpec(color="#2f5d2a"), "sawgrass": TerrainSpec(color="#c8b560")},
        areas=areas,
    )
