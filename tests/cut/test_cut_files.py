"""The cutting-machine profiles' sheets and cut files, opened and measured: every cut path in the SVG
(lxml) and the DXF (ezdxf) is a closed path on the printed piece's outline in the PDF (pymupdf) to 0.1 mm,
for tokens and rounded cards (Ember Watch), hex tiles (Mini Tech) and the Hex Timer's dial (Mini
HexPrint); the marks sit where the machines' documentation puts them (printgen/cut/machines.py)."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pymupdf
import pytest

from printgen.cut.export import PDF, cut_file
from printgen.publish.shop import cut_export
from printgen.cut.machines import CRICUT_AREA, SIL_INSET, SIL_LEG, SIL_SQUARE, MACHINES
from printgen.project import validate_game
from tests.conftest import FIXTURES
from tests.cut.svgloops import bbox, dxf_loops, svg_loops
from tests.pdfmeasure import drawings

TOL = 0.1  # mm


def _with_cut(tmp: Path, name: str, cut: str) -> Path:
    dest = tmp / name
    shutil.copytree(FIXTURES / name, dest)
    with (dest / "game.yaml").open("a") as f:
        f.write(f"print: {{cut: {cut}}}\n")
    return dest


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> dict:
    """machine -> game -> its output folder, with the export's files written; each game validated once."""
    tmp = tmp_path_factory.mktemp("cut")
    games = {"cards": _with_cut(tmp, "custom-game", "{corner: 3mm}"), "hexes": FIXTURES / "mini-tech",
             "dial": FIXTURES / "mini-hexprint"}
    out: dict = {}
    for key, folder in games.items():
        game = validate_game(folder)
        assert not [f for f in game.findings if f.is_error]
        for machine in MACHINES:
            files, info = cut_export(machine, game)
            assert not info["findings"], info["findings"]
            gout = tmp / "out" / machine / key
            for rel, data in files.items():
                (gout / rel).parent.mkdir(parents=True, exist_ok=True)
                (gout / rel).write_bytes(data)
            out.setdefault(machine, {})[key] = gout
    return out


def _outlines(page) -> list[dict]:
    """The stroked shapes of a PDF page, in mm: a printed piece's cut line is one of them."""
    return [d for d in drawings(page) if d.get("color") is not None]


def _matching(box, outlines) -> dict | None:
    for d in outlines:
        if all(abs(a - b) <= TOL for a, b in zip(d["mm"], box)):
            return d
    return None


@pytest.mark.parametrize("machine", list(MACHINES))
@pytest.mark.parametrize("key,shapes", [("cards", {"circle", "rounded"}), ("hexes", {"hex"}), ("dial", {"dial", "rect"})])
def test_each_cut_path_is_the_printed_outline(made, machine, key, shapes):
    gout = made[machine][key]
    pdf = pymupdf.open(gout / machine / PDF)
    seen = set()
    for n, page in enumerate(pdf, start=1):
        svg = (gout / cut_file(machine, n, "svg")).read_bytes()
        (w, h), loops = svg_loops(svg)
        assert (w, h) == pytest.approx((page.rect.width * 25.4 / 72, page.rect.height * 25.4 / 72), abs=0.01)
        outlines = _outlines(page)
        assert loops
        for title, pts, closed in loops:
            assert closed, title
            box = bbox(pts)
            printed = _matching(box, outlines)
            assert printed is not None, f"sheet {n}: no printed outline at {box} for {title}"
            bw, bh = box[2] - box[0], box[3] - box[1]
            if "token" in title:
                seen.add("circle")
                assert bw == pytest.approx(16.0, abs=TOL) and bh == pytest.approx(16.0, abs=TOL)
                cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                assert all(abs(math.dist(p, (cx, cy)) - 8.0) < 0.01 for p in pts)  # a true circle
            elif "Timer" in title:
                seen.add("dial")
            elif len(pts) == 6:  # a hexagon: each corner on a printed corner
                seen.add("hex")
                assert all(min(math.dist(p, q) for q in printed["pts"]) <= TOL for p in pts)
                assert bh == pytest.approx(50.0, abs=TOL)  # Mini Tech's tiles: 50 mm flat to flat
            elif key != "cards":  # square corners (Mini HexPrint's terrain cards)
                seen.add("rect")
                assert (box[0], box[1]) in [(round(x, 4), round(y, 4)) for x, y in pts]
            else:  # a poker card with its 3 mm corners: the arcs' points lie on the corner circles
                seen.add("rounded")
                assert (bw, bh) == pytest.approx((63.5, 88.9), abs=TOL)
                corner = (box[0] + 3.0, box[1] + 3.0)
                near = [p for p in pts if p[0] < corner[0] and p[1] < corner[1]]
                assert near and all(abs(math.dist(p, corner) - 3.0) < 0.01 for p in near)
    assert seen == shapes


@pytest.mark.parametrize("key", ["cards", "hexes", "dial"])
def test_the_dxf_holds_the_svg_loops(made, key):
    gout = made["silhouette"][key]
    n = 1
    while (gout / cut_file("silhouette", n, "svg")).is_file():
        (w, h), loops = svg_loops((gout / cut_file("silhouette", n, "svg")).read_bytes())
        polys = dxf_loops(gout / cut_file("silhouette", n, "dxf"), h)
        assert len(polys) == len(loops)
        for (verts, closed), (_, pts, _) in zip(polys, loops):
            assert closed
            # each DXF vertex is on the SVG path, and the bulges make the same arcs: sample both
            from printgen.cut.outline import loop_points

            dxf_pts = loop_points(verts, 0.05)
            assert bbox(dxf_pts) == pytest.approx(bbox(pts), abs=0.01)
            assert all(min(math.dist(p, q) for q in pts) < 0.02 for p in dxf_pts[:: max(1, len(dxf_pts) // 40)])
        n += 1
    assert n > 1


def _mm(rect) -> tuple[float, ...]:
    return tuple(v * 25.4 / 72 for v in rect)


def test_silhouette_marks_sit_where_studio_puts_them(made):
    pdf = pymupdf.open(made["silhouette"]["cards"] / "silhouette" / PDF)
    page = pdf[0]
    w, h = _mm((page.rect.width, page.rect.height))
    ds = drawings(page)
    i = SIL_INSET
    squares = [d for d in ds if d.get("fill") == (0.0, 0.0, 0.0) and d["mm"][0] < 20 and d["mm"][1] < 20]
    assert [tuple(round(v, 2) for v in d["mm"]) for d in squares] == [(i, i, i + SIL_SQUARE, i + SIL_SQUARE)]
    legs = sorted(tuple(sorted({(round(x, 2), round(y, 2)) for x, y in d["pts"]})) for d in ds
                  if d.get("color") == (0.0, 0.0, 0.0) and d.get("width") and abs(d["width"] * 25.4 / 72 - 0.3) < 0.01)
    tr = tuple(sorted({(round(w - i - SIL_LEG, 2), i), (round(w - i, 2), i), (round(w - i, 2), i + SIL_LEG)}))
    bl = tuple(sorted({(i, round(h - i - SIL_LEG, 2)), (i, round(h - i, 2)), (i + SIL_LEG, round(h - i, 2))}))
    assert legs == sorted([tr, bl])  # an L at the top-right and the bottom-left, the bottom-right left empty
    # no piece in the corners the marks keep clear, every piece inside the marks
    (_, _), loops = svg_loops((made["silhouette"]["cards"] / cut_file("silhouette", 1, "svg")).read_bytes())
    for _, pts, _ in loops:
        x0, y0, x1, y1 = bbox(pts)
        assert x0 > i and y0 > i and x1 < w - i and y1 < h - i
        for k in MACHINES["silhouette"].keepouts(w, h):
            assert x1 <= k[0] or x0 >= k[2] or y1 <= k[1] or y0 >= k[3]


def test_cricut_frame_holds_the_print_area(made):
    pdf = pymupdf.open(made["cricut"]["cards"] / "cricut" / PDF)
    page = pdf[0]
    w, h = _mm((page.rect.width, page.rect.height))
    aw, ah = CRICUT_AREA
    assert (aw, ah) == pytest.approx((171.45, 234.95))  # 6.75 x 9.25 in
    x0, y0 = (w - aw) / 2, (h - ah) / 2
    frames = [d for d in drawings(page) if d.get("color") == (0.0, 0.0, 0.0) and d.get("width")
              and abs(d["width"] * 25.4 / 72 - 1.0) < 0.01]
    assert len(frames) == 1
    fx0, fy0, fx1, fy1 = frames[0]["mm"]  # the frame's centre line: 5 mm out, half its 1 mm width more
    assert (fx0, fy0, fx1, fy1) == pytest.approx((x0 - 5.5, y0 - 5.5, x0 + aw + 5.5, y0 + ah + 5.5), abs=0.01)
    (_, _), loops = svg_loops((made["cricut"]["cards"] / cut_file("cricut", 1, "svg")).read_bytes())
    for _, pts, _ in loops:
        bx0, by0, bx1, by1 = bbox(pts)
        assert bx0 >= x0 and by0 >= y0 and bx1 <= x0 + aw and by1 <= y0 + ah


def test_build_for_a_machine_lists_it_in_the_gallery_with_its_facts(tmp_path):
    """`build --for silhouette --for foldover` through the CLI: the sheets and cut files are written, and the
    game's gallery page, its kit's cover and its zip's README offer them with what they need (machine, mat,
    paper, fold, glue)."""
    from typer.testing import CliRunner

    from printgen.cli import app

    out = tmp_path / "out"
    r = CliRunner().invoke(app, ["build", str(FIXTURES / "mini-tech"), "--out", str(out), "--paper", "a4",
                                 "--for", "silhouette", "--for", "foldover"])
    assert r.exit_code == 0, r.output
    gout = out / "mini-tech"
    assert (gout / "silhouette" / PDF).is_file() and (gout / cut_file("silhouette", 1, "dxf")).is_file()
    assert not (gout / "cricut").exists()  # a profile not asked for makes nothing
    page = next(p for p in out.glob("*.html") if "mini-tech" in p.name).read_text()
    for words in ("Print and cut: Silhouette", "<dt>Machine</dt>", "<dt>Mat</dt>", "<dt>Paper</dt>",
                  "215.9 x 279.4 mm card stock", "sheet-01-CUT-FILE.dxf", "Fold-over sheets", "<dt>Glue</dt>"):
        assert words in page, words
    import io
    import zipfile

    kit = " ".join(" ".join(p.get_text().split()) for p in pymupdf.open(gout / "mini-tech-a4-kit.pdf"))
    with zipfile.ZipFile(gout / "mini-tech-a4.zip") as z:
        readme = z.read(next(n for n in z.namelist() if n.endswith("README.txt"))).decode()
    for text in (kit, " ".join(readme.split())):
        for words in ("Print and cut: Silhouette", "mat: the machine's standard mat", "Fold-over sheets",
                      "glue stick", "silhouette/print-and-cut-sheets.pdf"):
            assert words in text, words
    assert "Cricut" not in kit  # only the ways this build made
