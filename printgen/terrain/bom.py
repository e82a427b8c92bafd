"""The bill of materials of a map's tile set: what to print, how much filament, how long.

Per distinct tile and level: count, plates, solid volume (from the mesh), filament in grams
and metres, and a print-time estimate. Filament is the solid volume (tiles print best near
solid; the slicer's own figure is lower with sparse infill) at a stated density and diameter,
PLA by default (1.24 g/cm3, 1.75 mm). Time is the volume over a stated average volumetric
rate (default 4 mm3/s: a 0.4 mm nozzle at 0.2 mm layers with walls, infill and travel), a
planning figure, not a slicer's. Written as JSON, CSV and Markdown, and drawn as a page.
"""

from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import dataclass

from .tileset import TileSet


@dataclass(frozen=True)
class Material:
    """Filament: density g/cm3, diameter mm; rate: average mm3 printed per second."""

    density: float = 1.24
    diameter: float = 1.75
    rate: float = 4.0
    name: str = "PLA"

    def grams(self, mm3: float) -> float:
        return mm3 / 1000.0 * self.density

    def metres(self, mm3: float) -> float:
        return mm3 / (math.pi * (self.diameter / 2) ** 2) / 1000.0

    def hours(self, mm3: float) -> float:
        return mm3 / self.rate / 3600.0


def bill(tileset: TileSet, volumes: list[float], plates_of: list[dict[int, set[int]]], *,
         material: Material = Material(), game: str = "", missing: dict | None = None) -> dict:
    """The bill as plain data. ``volumes[k]``: mm3 of one tile of kind k; ``plates_of[k]``:
    level -> the plate numbers (1-based) holding kind k's tiles of that level."""
    rows = []
    for k, kind in enumerate(tileset.kinds):
        for level, n in kind.per_level().items():
            vol = volumes[k] * n
            rows.append({"shape": kind.label, "hexes": len(kind.hexes), "terrain": kind.terrain, "level": level,
                         "count": n, "plates": sorted(plates_of[k].get(level, ())),
                         "volume_cm3": round(vol / 1000, 2), "grams": round(material.grams(vol), 1),
                         "metres": round(material.metres(vol), 2), "hours": round(material.hours(vol), 2)})
    rows.sort(key=lambda r: (r["level"], -r["hexes"], r["terrain"], r["shape"]))

    def total(rs) -> dict:
        vol = sum(r["volume_cm3"] for r in rs) * 1000
        return {"tiles": sum(r["count"] for r in rs), "volume_cm3": round(vol / 1000, 2),
                "grams": round(material.grams(vol), 1), "metres": round(material.metres(vol), 2),
                "hours": round(material.hours(vol), 2)}

    levels = sorted({r["level"] for r in rows})
    return {
        "game": game, "map": tileset.map_name, "tiles": tileset.mode,
        "material": {"name": material.name, "density_g_cm3": material.density, "diameter_mm": material.diameter,
                     "rate_mm3_s": material.rate},
        "rows": rows,
        "levels": {str(lv): total([r for r in rows if r["level"] == lv]) for lv in levels},
        "shapes": [{"shape": kind.label, "terrain": kind.terrain, "count": kind.count} for kind in tileset.kinds],
        "total": total(rows),
        "plates": max((p for r in rows for p in r["plates"]), default=0),
        "missing": [{"shape": s, "terrain": t, "count": n} for (s, t), n in sorted((missing or {}).items())],
    }


COLUMNS = ("level", "shape", "terrain", "count", "plates", "volume_cm3", "grams", "metres", "hours")
HEADERS = ("Level", "Shape", "Terrain", "Count", "Plates", "Volume (cm3)", "Filament (g)", "Filament (m)", "Time (h)")


def _cell(row: dict, col: str) -> str:
    v = row[col]
    if col == "plates":
        return " ".join(str(p) for p in v)
    if col == "shape":
        return f"{v}-hex" if v.isdigit() else v
    return f"{v:g}" if isinstance(v, float) else str(v)


def to_json(b: dict) -> bytes:
    return (json.dumps(b, indent=2, sort_keys=False) + "\n").encode()


def to_csv(b: dict) -> bytes:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(HEADERS)
    for r in b["rows"]:
        w.writerow([_cell(r, c) for c in COLUMNS])
    t = b["total"]
    w.writerow(["total", "", "", t["tiles"], b["plates"], t["volume_cm3"], t["grams"], t["metres"], t["hours"]])
    return out.getvalue().encode()


def to_markdown(b: dict) -> bytes:
    m = b["material"]
    lines = [f"# Bill of materials: {b['map']}", "",
             f"{b['total']['tiles']} tiles ({b['tiles']} tiles) on {b['plates']} plate(s); "
             f"{m['name']} at {m['density_g_cm3']:g} g/cm3, {m['diameter_mm']:g} mm filament, solid volume; "
             f"time at {m['rate_mm3_s']:g} mm3/s.", "",
             "| " + " | ".join(HEADERS) + " |", "|" + "---|" * len(HEADERS)]
    lines += ["| " + " | ".join(_cell(r, c) for c in COLUMNS) + " |" for r in b["rows"]]
    t = b["total"]
    lines += [f"| total | | | {t['tiles']} | {b['plates']} | {t['volume_cm3']:g} | {t['grams']:g} | "
              f"{t['metres']:g} | {t['hours']:g} |", ""]
    if b["missing"]:
        lines += ["Missing from the inventory: " + ", ".join(f"{x['count']} x {x['shape']}-hex {x['terrain']}"
                                                             for x in b["missing"]), ""]
    return "\n".join(lines).encode()
