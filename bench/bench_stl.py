"""Benchmark: printgen's mesh step against OpenSCAD building the same tiles with the same pockets.

Run from the repository root:  python3 bench/bench_stl.py [--skip-openscad-127]
Needs the Debian package openscad for the comparison (apt-get install openscad).

Whole processes: `printgen stl ...` (the console script) against `openscad -o out.stl
tile.scad`, the .scad written as a designer would: union of hexagons, offset by the
clearance, extruded, minus the same pocket cylinders (same radius, depth, 32 sides).
In-process: build_tile alone. Run it in a clean virtual environment: a crowded
site-packages slows every Python start.
"""

from __future__ import annotations

import math
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from printgen.hexgrid import Layout, hexagon
from printgen.mesh import TileSpec, build_tile

SPEC = dict(size=25.4, orientation="flat", height=6.0, clearance=0.2, magnet=(6.0, 2.0))


def scad(radius: int) -> str:
    """The tile as an OpenSCAD designer writes it: a 2D union of hexagons, offset inward by the
    clearance, extruded, minus one pocket cylinder per hex (same radius, depth and 32 sides)."""
    hexes = hexagon(radius)
    spec = TileSpec(**SPEC)
    lay = Layout(spec.orientation, spec.size)
    r, depth = spec.pocket
    centres = ", ".join(f"[{x:.4f},{-y:.4f}]" for x, y in (lay.hex_to_point(h) for h in hexes))
    corner_r = spec.size / math.sqrt(3)
    return (f"centres = [{centres}];\n"
            f"difference() {{\n"
            f"  linear_extrude(height={spec.height}) offset(delta=-{spec.clearance}) union() {{\n"
            f"    for (c = centres) translate(c) circle(r={corner_r:.5f}, $fn=6);\n  }}\n"
            f"  for (c = centres) translate([c[0], c[1], -0.01]) cylinder(r={r}, h={depth + 0.01}, $fn=32);\n"
            f"}}\n")


ROOT = Path(__file__).resolve().parent.parent


def timed(cmd: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)
    return time.perf_counter() - t


def main() -> None:
    skip_127 = "--skip-openscad-127" in sys.argv
    tmp = Path(tempfile.mkdtemp(prefix="printgen-stl-bench-"))
    openscad = shutil.which("openscad")
    if sys.dont_write_bytecode:  # PYTHONDONTWRITEBYTECODE: each process compiles printgen's sources again
        print("note: PYTHONDONTWRITEBYTECODE is set, so every printgen process compiles its modules anew "
              "(an installed printgen has them compiled); unset it for the figures a user sees")
    try:
        print("in-process build_tile (median of 9):")
        for radius in (1, 2, 6, 20):
            hexes = hexagon(radius)
            times = []
            for _ in range(9):
                t = time.perf_counter()
                mesh = build_tile(hexes, TileSpec(**SPEC))
                times.append(time.perf_counter() - t)
            print(f"  {len(hexes):5d} hexes, {mesh.pockets:5d} pockets: {statistics.median(times) * 1000:7.1f} ms, "
                  f"{len(mesh.faces)} triangles")
        print("whole processes (printgen: median of 5; OpenSCAD: one run):"
              + ("" if openscad else " OpenSCAD is not installed (apt-get install openscad): printgen only"))
        for radius in (1, 2, 6):
            n = 3 * radius * (radius + 1) + 1
            out = tmp / f"pg{n}.stl"
            # this checkout's launcher, as the console script runs it (an installed `printgen` script may
            # be another checkout's)
            cmd = [sys.executable, "-m", "printgen.launcher"]
            pg = statistics.median(timed(cmd + ["stl", "--shape", f"hexagon:{radius}", "--magnet", "6x2mm",
                                                "--out", str(out)]) for _ in range(5))
            line = f"  {n:4d} hexes: printgen {pg:6.2f} s"
            if openscad and not (skip_127 and n == 127):
                src = tmp / f"tile{n}.scad"
                src.write_text(scad(radius))
                os_t = timed([openscad, "-o", str(tmp / f"os{n}.stl"), str(src)])
                line += f", OpenSCAD {os_t:7.2f} s, ratio {os_t / pg:6.1f}x"
            print(line, flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
