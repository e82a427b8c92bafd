"""Benchmark: a 600-tile VirtualScape map imported, cut into owned and printed pieces, and laid on
plates, as `printgen import-map` then `printgen print-lacking` do (issue 29: within 5 s).

Run from the repository root:  python3 bench/bench_map_import.py [TILES]
The map is made by printgen's own writer: a field of land pieces (24, 7, 3, 2 and 1 hexes, five
terrains) with hills stacked on it, then a master set's worth of pieces owned. Stages are timed
apart: reading the .hsc and making the map data, writing it into a game, loading the game with
the map (validation), and the pieces, tiles, plates and project 3MF. Not a test: timings depend on
the machine.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printgen.hexgrid.coords import Hex  # noqa: E402
from printgen.mapio.convert import _cut  # noqa: E402
from printgen.mapio.hsc import HscMap, Tile, read_hsc, write_hsc  # noqa: E402
from printgen.mapio.pieces import BY_NAME, axial_to_offset  # noqa: E402


def make_map(tiles: int) -> bytes:
    """About ``tiles`` land pieces: a field cut into pieces, then hills on it, level by level."""
    kinds = {t: [BY_NAME[f"{t}-{n}"] for n in (24, 7, 3, 2, 1) if f"{t}-{n}" in BY_NAME]
             for t in ("grass", "rock", "sand", "swamp", "dungeon")}
    m = HscMap(name="Bench")
    width, level = 40, 0
    while len(m.tiles) < tiles and level < 8:
        rows = 30 - 3 * level
        for band, terrain in enumerate(kinds):
            hexes = {Hex(q - r // 2, r) for r in range(rows) for q in range(band * 8, band * 8 + width // 5 - level)}
            for p, anchor, rot in _cut(hexes, kinds[terrain]):
                x, y = axial_to_offset(anchor)
                m.tiles.append(Tile(code=p.code, rotation=rot, x=x, y=y, z=level, glyph_letter="\0"))
                if len(m.tiles) >= tiles:
                    break
        level += 1
    return write_hsc(m)


def main() -> None:
    from printgen.mapio.command import import_map
    from printgen.mapio.inventories import parse_inventory
    from printgen.mapio.lack_files import make_lacking
    from printgen.project import validate_game

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    tmp = Path(tempfile.mkdtemp(prefix="printgen-map-bench-"))
    try:
        game = tmp / "game"
        shutil.copytree(ROOT / "tests" / "fixtures" / "mini-heroscape", game)
        world = (game / "world.yaml").read_text()
        (game / "world.yaml").write_text(world.split("tile_sets:")[0])  # no tile sets: what is owned is --own
        hsc = tmp / "bench.hsc"
        hsc.write_bytes(make_map(n))
        tiles = len(read_hsc(hsc.read_bytes()).tiles)
        t0 = time.perf_counter()
        lines, written = import_map(file=hsc, game=game, name="Bench")
        t1 = time.perf_counter()
        assert written, lines
        checked = validate_game(game)
        data = checked.data
        t2 = time.perf_counter()
        errors = [f for f in checked.findings if f.is_error]
        res = make_lacking(data=data, map_name="Bench", inventory=parse_inventory(["master-set-1"]))
        t3 = time.perf_counter()
        pl = res.plan
        print(f"{tiles} tiles, {hsc.stat().st_size} bytes, map {written.stat().st_size} bytes of YAML")
        print(f"  import-map (read, map data, write; validates the game first): {t1 - t0:6.2f} s")
        print(f"  load the game with the map (validation, {len(errors)} errors):           {t2 - t1:6.2f} s")
        print(f"  owned/printed, tiles, {res.bill['plates']} plates, project 3MF, bill, guide:  {t3 - t2:6.2f} s")
        print(f"  import + decomposition + plates:                             {t3 - t0:6.2f} s "
              f"({sum(pl.owned.values())} owned, {sum(pl.printed.values())} printed)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
