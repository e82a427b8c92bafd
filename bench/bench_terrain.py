"""Benchmark: `printgen terrain` (tile set, distinct meshes, plates, previews, bill) in process.

Run from the repository root:  PYTHONPATH=$PWD python3 bench/bench_terrain.py

1. Every map of the bundled games (data/*), each with the game's own settings (256 x 256 mm
   bed, engraved grid, plate previews): the time for all of them together.
2. A generated Heroscape-like map of about 1,000 hexes (bench_tiling's rolling hills, written
   as a game folder with level layers), default options.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_tiling import heroscape_like  # noqa: E402

import yaml  # noqa: E402

from printgen.hexgrid import format_textmap  # noqa: E402
from printgen.project import validate_game  # noqa: E402
from printgen.terrain import make_terrain  # noqa: E402

CHARS = {"grass": "g", "rock": "r", "snow": "s", "sand": "d", "water": "w"}


def big_game(folder: Path, width: int, height: int) -> Path:
    tops = heroscape_like(width, height)
    top = max(lv for lv, _ in tops.values())
    layers = []
    for level in range(1, top + 1):
        cells = {h: (CHARS[t] if lv >= level else "-") for h, (lv, t) in tops.items()}
        layers.append(format_textmap(cells, "flat", spacing=2))
    (folder / "game.yaml").write_text(
        "id: bench-map\nname: Bench Map\nsystem: heroes-of-hex\nversion: \"1.0\"\n"
        "hex: {size: 1in, orientation: flat}\nrules: {actions_per_class: 3, attribute_range: 0-3, "
        "vitality_range: 1-2, enemy_vitality_range: 0-5, resources: [AP, HEX]}\n"
        "mesh: {height: 6mm, terrain: {}}\n")
    legend = "\n".join(f'      "{c}": {{terrain: {t.title()}}}' for t, c in CHARS.items())
    terrain = "\n".join(f'  - {{name: {t.title()}, colour: "#{k}"}}' for t, k in
                        zip(CHARS, ("7fb35a", "8a8580", "eeeeee", "d9c38b", "5b8fd6")))

    def block(text: str) -> str:
        return "\n".join("        " + line for line in text.splitlines())

    extra = "".join(f"      - |\n{block(t)}\n" for t in layers[1:])
    (folder / "maps.yaml").write_text(f"terrain:\n{terrain}\nmaps:\n  - name: Hills\n    layout: |\n"
                                      f"{block(layers[0])}\n    layers:\n{extra}    legend:\n{legend}\n")
    return folder


def main() -> None:
    t0 = time.perf_counter()
    n, terrain_s = 0, 0.0
    for folder in sorted(Path("data").iterdir()):
        if not (folder / "game.yaml").exists():
            continue
        game = validate_game(folder)
        if not game.ok():
            continue
        for m in game.data.maps:
            t = time.perf_counter()
            res = make_terrain(data=game.data, map_name=m.name)
            terrain_s += time.perf_counter() - t
            n += 1
            print(f"  {folder.name}: {m.name}: {res.bill['total']['tiles']} tiles, {len(res.plates)} plates, "
                  f"{time.perf_counter() - t:.2f} s")
    print(f"bundled maps: {n} maps' terrain in {terrain_s:.2f} s "
          f"({time.perf_counter() - t0:.2f} s with validating the games)")
    with tempfile.TemporaryDirectory() as tmp:
        game = validate_game(big_game(Path(tmp), 40, 25))
        # A layer of 1,000 hexes is past the 2,000-character text limit a game folder is held to,
        # so the map is put into the validated data directly: the limit is the checker's, not ours.
        from printgen.model.content import MapDef

        raw = yaml.safe_load((Path(tmp) / "maps.yaml").read_text())["maps"][0]
        data = game.data.model_copy(update={"maps": [MapDef(**raw)]}) if game.data is not None else None
        assert data is not None, [f.format() for f in game.findings][:5]
        t = time.perf_counter()
        res = make_terrain(data=data, map_name="Hills")
        dt = time.perf_counter() - t
        sol = res.tileset.tiling
        print(f"1,000-hex map: {res.bill['total']['tiles']} tiles ({len(res.tileset.kinds)} distinct), "
              f"{len(res.plates)} plates, solver {sol.method} (gap {sol.gap}), {dt:.2f} s")


if __name__ == "__main__":
    main()
