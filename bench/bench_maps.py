"""Benchmark: big maps tiled to PDF, 1k / 10k / 40k hexes, each in a fresh process (time and peak memory).

Run from the repository root:  python3 bench/bench_maps.py [SIZES...]
A rectangular pointy-top map of 1-inch hexes (three terrains, a blocked one, a zone) is read, laid
out, drawn across A4 tiles with its assembly guide and written as PDF, as `printgen build` does for
a map target. The anchor, measured in the same run, is a bare reportlab PDF that draws every hexagon
once (the least any tiled map can cost). Reports wall time, pages and peak RSS; the series shows
whether time grows linearly with the hexes (time per 1k hexes stays flat).
Not a test: timings depend on the machine.
"""

from __future__ import annotations

import json
import math
import resource
import subprocess
import sys
import time

LEGEND = {".": {"terrain": "Grass"}, "#": {"terrain": "Stone"}, "w": {"terrain": "Water"},
          "A": {"terrain": "Grass", "zone": "Attacker"}}


def layout(n: int) -> str:
    """A pointy-top map of about ``n`` hexes, about 4:3, as text."""
    cols = max(2, round(math.sqrt(n * 4 / 3)))
    rows = max(2, n // cols)
    lines = []
    for r in range(rows):
        cells = ["A" if r == 0 and c < 4 else "#" if (r * 7 + c * 3) % 23 == 0 else "w" if (r + c) % 11 == 0
                 else "." for c in range(cols)]
        lines.append((" " if r % 2 else "") + " ".join(cells))
    return "\n".join(lines) + "\n"


def run_one(n: int) -> dict:
    """In this process: read the map, draw its pages, write the PDF (and the anchor)."""
    from printgen.draw.page import PageSpec
    from printgen.model.content import MapDef, Terrain
    from printgen.model.game import GameConfig
    from printgen.render.compose import finish
    from printgen.render.maps import render_map
    from printgen.write.pdf import to_pdf

    class Data:  # what render_map reads: the game settings and the terrain
        game = GameConfig.model_validate({"id": "bench", "name": "Bench", "system": "heroes-of-hex",
                                          "version": "1", "hex": {"size": "1in", "orientation": "pointy"}})
        terrain = [Terrain(name="Grass", colour="#9bbf6b"), Terrain(name="Stone", colour="#707070", blocked=True),
                   Terrain(name="Water", colour="#6fa8dc")]

    mapdef = MapDef.model_validate({"name": "Great Plain", "layout": layout(n), "legend": LEGEND,
                                    "zones": [{"name": "Attacker", "colour": "#aa2222"}]})
    spec = PageSpec.for_paper("a4", 5.0)
    t = time.perf_counter()
    pages = render_map(mapdef, Data, spec)
    t_draw = time.perf_counter() - t
    pdf = to_pdf(finish(pages, spec, game=Data.game, title="map"))
    t_total = time.perf_counter() - t
    hexes = mapdef.layout.count(".") + mapdef.layout.count("#") + mapdef.layout.count("w") + 4
    anchor = _anchor(hexes)
    return {"hexes": hexes, "pages": len(pages), "draw_s": t_draw, "total_s": t_total, "pdf_mb": len(pdf) / 1e6,
            "anchor_s": anchor, "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def _anchor(hexes: int) -> float:
    """Bare reportlab: every hexagon of the map drawn once on big pages (no tiling, no culling)."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    t = time.perf_counter()
    c = Canvas(io.BytesIO(), pagesize=(2000, 2000))
    r = 72 / math.sqrt(3)
    for i in range(hexes):
        x, y = 60 + (i % 20) * 90, 60 + (i // 20 % 20) * 90
        p = c.beginPath()
        p.moveTo(x + r, y)
        for k in range(1, 6):
            p.lineTo(x + r * math.cos(k * math.pi / 3), y + r * math.sin(k * math.pi / 3))
        p.close()
        c.setFillColorRGB(0.6, 0.75, 0.42)
        c.drawPath(p, fill=1, stroke=1)
        if i % 400 == 399:
            c.showPage()
    c.save()
    return time.perf_counter() - t


def main() -> None:
    if sys.argv[1:2] == ["--one"]:
        print(json.dumps(run_one(int(sys.argv[2]))))
        return
    sizes = [int(a) for a in sys.argv[1:]] or [1000, 10000, 40000]
    rows = []
    for n in sizes:
        out = subprocess.run([sys.executable, __file__, "--one", str(n)], capture_output=True, text=True, check=True)
        rows.append(json.loads(out.stdout.strip().splitlines()[-1]))
    print(f"{'hexes':>7} {'pages':>6} {'draw s':>8} {'to PDF s':>9} {'s/1k hex':>9} {'anchor s':>9} {'PDF MB':>7} "
          f"{'peak MB':>8}")
    for r in rows:
        print(f"{r['hexes']:>7} {r['pages']:>6} {r['draw_s']:>8.2f} {r['total_s']:>9.2f} "
              f"{r['total_s'] / r['hexes'] * 1000:>9.3f} {r['anchor_s']:>9.2f} {r['pdf_mb']:>7.1f} {r['rss_mb']:>8.0f}")


if __name__ == "__main__":
    main()
