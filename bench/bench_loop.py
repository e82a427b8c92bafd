"""Benchmark: the designer's loop (issue 16), every row beside an anchor measured in the same run.

Run from the repository root:  python3 bench/bench_loop.py [--anchor REV] [--rows a,b,...]

Anchors: the previous commit (``--anchor``, checked out to a temporary folder with
``git archive``) for builds, rebuilds, cards and the rulebook; a bare PDF rasteriser
(pdfium without PNG encoding) for one preview page; bare reportlab for 1,000 cards;
``python -c pass`` for start-up. Builds run the CLI in a fresh process on a copy of the
bundled games, as a designer would. Maps are bench/bench_maps.py (anchor: bare reportlab).
Both trees run with their bytecode compiled first, as an installed printgen has it (``pip install .``
compiles every module): a bare tree under PYTHONDONTWRITEBYTECODE (this machine sets it) would spend
about 0.25 s of every command compiling printgen's sources, which no designer's copy does.
The two trees are measured in turn, ``--repeat`` times (median reported): this machine's speed drifts
by a quarter within minutes, and a row measured for one tree first and the other later would show it.
Not a test: timings depend on the machine; compare each row with its anchor.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ANCHOR = "5333a07"  # main just before the fine-grained rebuilds landed


def tree_at(rev: str, dest: Path) -> Path:
    """printgen, its data and templates as of ``rev``, in ``dest``."""
    dest.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    return dest


def compiled(tree: Path) -> Path:
    """``tree`` with printgen's bytecode written, as ``pip install .`` leaves an installed copy."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "printgen")], env=env, check=True,
                   capture_output=True)
    return tree


def this_tree(dest: Path) -> Path:
    """The working copy as it is (committed or not): printgen, its data and templates, in ``dest``."""
    for name in ("printgen", "data", "templates"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


def project(tree: Path, dest: Path) -> Path:
    """A designer's project folder: the tree's data/ and templates/."""
    for name in ("data", "templates"):
        if (tree / name).is_dir():
            shutil.copytree(tree / name, dest / name)
    return dest


def cli(tree: Path, args: list[str], cwd: Path) -> tuple[float, str]:
    """Wall seconds of one printgen command in a fresh process, and what it printed."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    t = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "printgen.launcher", *args], cwd=cwd, env=env, capture_output=True,
                       text=True)
    took = time.perf_counter() - t
    if p.returncode not in (0, 1):
        raise RuntimeError(f"printgen {' '.join(args)} failed: {p.stderr[-2000:]}")
    return took, p.stdout + p.stderr


def built(output: str) -> str:
    m = re.search(r"built (\d+) targets \((\d+) up to date\)", output)
    return f"{m.group(1)} rebuilt, {m.group(2)} up to date" if m else "?"


def in_tree(tree: Path, code: str) -> dict:
    """Run ``code`` (which prints one JSON line) with ``tree`` on the path."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    p = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True)
    if p.returncode:
        raise RuntimeError(p.stderr[-2000:])
    return json.loads(p.stdout.strip().splitlines()[-1])


def _median(runs: list[tuple[float, str]]) -> tuple[float, str]:
    """The median time of (seconds, what was built) runs, with what the median run built."""
    ordered = sorted(runs)
    return ordered[len(ordered) // 2]


def row(name: str, ours: str, anchor: str) -> None:
    print(f"| {name} | {ours} | {anchor} |", flush=True)


# --- rows -----------------------------------------------------------------------

THREE = ["data/heroes-of-hex", "data/hex-dice", "data/hexatech"]  # the bundled games when the goal was set


def full_and_incremental(tree: Path, tmp: Path) -> dict:
    three = project(tree, tmp / "three")
    t_three, out_three = cli(tree, ["build", *THREE], three)
    proj = project(tree, tmp / "all")
    t_full, out = cli(tree, ["build"], proj)
    hoh = proj / "data" / "heroes-of-hex"
    text = (hoh / "classes.yaml").read_text()
    (hoh / "classes.yaml").write_text(text.replace("stats: {vit: 2, atk: 2,", "stats: {vit: 1, atk: 2,", 1))
    t_vit, out_vit = cli(tree, ["build", "data/heroes-of-hex"], proj)
    (hoh / "maps.yaml").write_text("# a designer's note\n" + (hoh / "maps.yaml").read_text())
    t_comment, out_comment = cli(tree, ["build", "data/heroes-of-hex"], proj)
    t_noop, out_noop = cli(tree, ["build"], proj)
    return {"three": (t_three, built(out_three)), "full": (t_full, built(out)), "vit": (t_vit, built(out_vit)),
            "comment": (t_comment, built(out_comment)), "noop": (t_noop, built(out_noop))}


WATCH = r"""
import json, os, statistics, time
from pathlib import Path
from printgen.launcher import batch_gc; batch_gc()
from printgen.watch import Session
os.chdir(PROJECT)
game = Path("data/heroes-of-hex")
s = Session(folders=[game], out=Path("output"), papers=["a4", "letter"], previews=True, echo=lambda line: None)
s.round([game])
f = game / "classes.yaml"
ts = []
for a, b in (("stats: {vit: 2, atk: 2,", "stats: {vit: 1, atk: 2,"), ("stats: {vit: 1, atk: 2,", "stats: {vit: 2, atk: 2,")) * 2:
    f.write_text(f.read_text().replace(a, b, 1))
    t = time.perf_counter(); s.round([game]); ts.append(time.perf_counter() - t)
getattr(s, "close", lambda: None)()  # its worker pool (kept from round to round since this commit)
print(json.dumps({"s": statistics.median(ts)}))
"""

PREVIEW = r"""
import json, statistics, time
from pathlib import Path
from printgen.project import validate_game
from printgen.draw.page import PageSpec
from printgen.render.maps import render_maps
from printgen.write.pdf import to_pdf
from printgen.write.svg import page_to_svg, svg_to_png
from printgen.write.raster import pdf_pngs, pdf_page_images
game = validate_game(Path("data/heroes-of-hex"))
doc = next(iter(render_maps(game, PageSpec.for_paper("a4", 5.0)).values()))
doc.pages = doc.pages[:1]
pdf = to_pdf(doc)
def med(f, n=15):
    f(); ts = []
    for _ in range(n):
        t = time.perf_counter(); f(); ts.append(time.perf_counter() - t)
    return statistics.median(ts)
print(json.dumps({"ours": med(lambda: pdf_pngs(pdf, dpi=60.0)), "pdfium": med(lambda: pdf_page_images(pdf, dpi=60.0)),
                  "cairosvg": med(lambda: svg_to_png(page_to_svg(doc.pages[0]), dpi=60.0), 7)}))
"""

CARDS = r"""
import json, time, sys, io, os
from pathlib import Path
folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(os.environ["CARDS_GAME"])
from printgen.project import validate_game
try:  # as the console script runs (anchors before it had none)
    from printgen.launcher import batch_gc; batch_gc()
except ImportError:
    pass
from printgen.packs import PACKS
PACKS.get("heroes-of-hex")  # the game's rule pack is imported (since 608b467, when a game asks for it): not validation
t = time.perf_counter(); game = validate_game(folder); t_val = time.perf_counter() - t
# (before the list limit rose to 1,000 the anchor reports the deck as too long; it still renders it)
assert game.data is not None and len(game.data.classes) == 1000
from printgen.plan import plan_build
from printgen.build import render_target
target = next(t for t in plan_build([game], papers=["a4"]) if t.asset.name == "class-cards")
t = time.perf_counter(); files = render_target(target, previews=False); t_build = time.perf_counter() - t
files = files[0] if isinstance(files, tuple) else files
pdf = files["a4/class-cards.pdf"]
import pymupdf
print(json.dumps({"validate": t_val, "build": t_build, "bytes": len(pdf), "pages": len(pymupdf.open(stream=pdf))}))
"""

BARE_CARDS = r"""
import io, json, time
from reportlab.pdfgen.canvas import Canvas
from reportlab.lib.pagesizes import A4
t = time.perf_counter()
c = Canvas(io.BytesIO(), pagesize=A4, invariant=1)
for sheet in range(167):
    for side in ("front", "back"):
        for k in range(6):
            x, y = 40 + (k % 2) * 260, 40 + (k // 2) * 260
            c.setFillColorRGB(0.2, 0.15, 0.3); c.roundRect(x, y, 180, 252, 8, fill=1)
            c.setFillColorRGB(1, 1, 1)
            for line in range(12 if side == "front" else 2):
                c.drawString(x + 10, y + 230 - line * 18, f"card {sheet * 6 + k} line {line} of its text")
        c.showPage()
c.save()
print(json.dumps({"build": time.perf_counter() - t}))
"""

RULEBOOK = r"""
import json, time
from pathlib import Path
from printgen.project import validate_game
from printgen.draw.page import PageSpec
from printgen.rulebook.render import render_rulebook
game = validate_game(Path("data/heroes-of-hex"))
spec = PageSpec.for_paper("a4", game.data.game.print.margin)
render_rulebook(game, spec)
ts = []
for _ in range(3):
    t = time.perf_counter(); out = render_rulebook(game, spec); ts.append(time.perf_counter() - t)
print(json.dumps({"pages": out["rulebook"].pages, "s": min(ts)}))
"""


def cards_game(tree: Path, dest: Path, n: int = 1000) -> Path:
    """Heroes of Hex with ``n`` classes (the bundled ten, renamed round), in files of 500."""
    import yaml

    hoh = tree / "data" / "heroes-of-hex"
    dest.mkdir(parents=True)
    shutil.copy(hoh / "game.yaml", dest / "game.yaml")
    base = yaml.safe_load((hoh / "classes.yaml").read_text())["classes"]
    classes = []
    for i in range(n):
        c = dict(base[i % len(base)])
        c["name"] = f"{c['name']} {i + 1}"
        classes.append(c)
    for k in range(0, n, 500):  # a list holds at most 500 items (printgen.limits); split as a designer would
        (dest / f"classes-{k // 500 + 1}.yaml").write_text(yaml.safe_dump({"classes": classes[k:k + 500]},
                                                                          sort_keys=False))
    rules = yaml.safe_load((hoh / "rules.yaml").read_text()) if (hoh / "rules.yaml").is_file() else {}
    keep = {k: v for k, v in rules.items() if k in ("keywords", "tokens", "attack_types")}
    (dest / "rules.yaml").write_text(yaml.safe_dump(keep, sort_keys=False))
    return dest


def start_up(tree: Path, cwd: Path, n: int = 7) -> float:
    env = dict(os.environ, PYTHONPATH=str(tree))
    ts = []
    for _ in range(n):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "printgen.launcher", "--help"], cwd=cwd, env=env,
                       capture_output=True, check=True)
        ts.append(time.perf_counter() - t)
    return statistics.median(ts)


def bare_start(n: int = 7) -> float:
    ts = []
    for _ in range(n):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        ts.append(time.perf_counter() - t)
    return statistics.median(ts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--anchor", default=ANCHOR, help="the previous commit, measured beside this tree")
    ap.add_argument("--rows", default="build,watch,preview,cards,rulebook,start")
    ap.add_argument("--repeat", type=int, default=3, help="measure each tree this many times, in turn")
    args = ap.parse_args()
    rows = set(args.rows.split(","))
    with tempfile.TemporaryDirectory(prefix="printgen-loop-") as tmp:
        tmp = Path(tmp)
        old = compiled(tree_at(args.anchor, tmp / "anchor"))
        new = compiled(this_tree(tmp / "this"))
        print(f"anchor: {args.anchor}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
        print("| work | this tree | anchor |\n| --- | --- | --- |")
        if "build" in rows:
            runs = [(full_and_incremental(new, tmp / f"p-new-{i}"), full_and_incremental(old, tmp / f"p-old-{i}"))
                    for i in range(args.repeat)]
            for key, label in (("three", "full build, cold, with previews: the three games the goal was set for"),
                               ("full", "full build of the five bundled games, cold, with previews"),
                               ("vit", "Heroes of Hex after one class's VIT changes"),
                               ("comment", "a comment added to maps.yaml"),
                               ("noop", "a rebuild with nothing changed")):
                (a, an), (b, bn) = (_median([r[side][key] for r in runs]) for side in (0, 1))
                row(label, f"{a:.2f} s ({an})", f"{b:.2f} s ({bn}), previous commit")
        if "watch" in rows:  # what `printgen watch` takes from a save to the rebuilt files (its debounce: 0.2 s)
            pairs = [(in_tree(new, WATCH.replace("PROJECT", repr(str(project(new, tmp / f"w-new-{i}")))))["s"],
                      in_tree(old, WATCH.replace("PROJECT", repr(str(project(old, tmp / f"w-old-{i}")))))["s"])
                     for i in range(args.repeat)]
            row("`printgen watch`: Heroes of Hex after one class's VIT changes",
                f"{statistics.median(a for a, _ in pairs):.2f} s",
                f"{statistics.median(b for _, b in pairs):.2f} s previous commit")
        if "preview" in rows:
            p = in_tree(new, PREVIEW)
            row("one preview page (A4 map, 60 dpi)", f"{p['ours'] * 1000:.1f} ms (pdfium + PNG)",
                f"{p['pdfium'] * 1000:.1f} ms bare pdfium; {p['cairosvg'] * 1000:.1f} ms cairosvg from SVG (before)")
        if "cards" in rows:
            game = cards_game(new, tmp / "cards-new")
            game_old = cards_game(old, tmp / "cards-old")
            code = CARDS.replace("if len(sys.argv) > 1 else Path(os.environ[\"CARDS_GAME\"])", "")
            pairs = [(in_tree(new, code.replace("sys.argv[1]", repr(str(game)))),
                      in_tree(old, code.replace("sys.argv[1]", repr(str(game_old))))) for _ in range(args.repeat)]
            bare = in_tree(new, BARE_CARDS)
            new_c = {k: statistics.median(a[k] for a, _ in pairs) for k in ("build", "validate", "bytes", "pages")}
            old_c = {k: statistics.median(b[k] for _, b in pairs) for k in ("build", "validate", "bytes", "pages")}
            row(f"1,000 class cards with backs ({new_c['pages']:.0f} pages): build",
                f"{new_c['build']:.2f} s", f"{old_c['build']:.2f} s previous commit; {bare['build']:.2f} s bare reportlab")
            row("the same: validate", f"{new_c['validate']:.2f} s", f"{old_c['validate']:.2f} s previous commit")
            row("the same: file size", f"{new_c['bytes'] / 1e6:.2f} MB", f"{old_c['bytes'] / 1e6:.2f} MB previous commit")
        if "rulebook" in rows:
            pairs = [(in_tree(new, RULEBOOK), in_tree(old, RULEBOOK)) for _ in range(args.repeat)]
            a = statistics.median(x["pages"] / x["s"] for x, _ in pairs)
            b = statistics.median(y["pages"] / y["s"] for _, y in pairs)
            row("rulebook (Heroes of Hex, A4)", f"{a:.0f} pages/s ({pairs[0][0]['pages']} pages)",
                f"{b:.0f} pages/s previous commit")
        if "start" in rows:
            row("`printgen --help`", f"{start_up(new, new):.3f} s",
                f"{bare_start():.3f} s `python -c pass`; {start_up(old, old):.3f} s previous commit")


if __name__ == "__main__":
    main()
