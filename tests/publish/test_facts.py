"""The print kit's advice agrees with what each printable is (issue 26): over every bundled game and a game
made with `printgen new --system custom` (plus a designer's own disc and hexagon sheets), the kit's first
page is read like a player reads it, each printable's PDF is measured, and the two must agree:

- mirrored back pages (a page printed "backs" whose pieces lie mirrored behind the page before) present
  <=> the advice says double-sided, flip on the long edge;
- crop marks (3 mm black hairlines) present <=> the advice cuts along the crop marks;
- cut circles present <=> a circle punch of each diameter (a dial, too wide to punch, is cut with scissors);
- cut hexagons present <=> the advice cuts along hexagons; a map's red dashed trim lines <=> trim and tape.

A rulebook is read, not cut: its pictures of tokens and dials carry their cut lines, so it is left out of
the cut checks (its advice must say nothing to cut).
"""

from __future__ import annotations

import functools
import json
import math
import re
from pathlib import Path

import pymupdf
import pytest

from printgen.build import build
from printgen.draw.facts import facts_path, read_facts
from printgen.publish import MANIFEST
from printgen.scaffold import new_game
from tests.conftest import REPO, bundled_subset
from tests.pdfmeasure import drawings, mm

BUNDLED = sorted(p.name for p in (REPO / "data").iterdir() if (p / "game.yaml").is_file())
CUSTOM = "my-skirmish"
PUNCH_MAX = 60.0  # mm: a wider cut circle is a dial or disc for scissors, not a punch
PIECE_MIN = 5.0  # mm: a smaller black circle is a pin hole or a dot, not a piece to cut out

DISC = """size: token
background: "#2c5d7c"
elements:
  - {type: text, text: "{{ item.name }}", x: 10%, w: 80%, baseline: 55%, align: center, font: sans-bold, size: 5pt,
     min: 2pt, colour: "#ffffff"}
"""
DISC_BACK = """size: token
background: "#333333"
elements:
  - {type: text, text: "{{ game.name }}", x: 10%, w: 80%, baseline: 55%, align: center, font: sans-bold, size: 5pt,
     min: 2pt, colour: "#ffffff"}
"""
TILE = """size: hex
background: "#d8cfb4"
elements:
  - {type: text, text: "{{ item.name }}", x: 15%, w: 70%, baseline: 55%, align: center, font: sans-bold, size: 7pt,
     min: 3pt, colour: "#1d1d1b"}
"""


def _custom_game(root: Path) -> Path:
    """`printgen new --system custom`, and a designer's own sheets: discs with backs, hexagon tiles."""
    folder = root / CUSTOM
    new_game(folder=folder, system="custom")
    layouts = folder / "templates" / "layouts"
    (layouts / "unit-disc.yaml").write_text(DISC)
    (layouts / "unit-disc-back.yaml").write_text(DISC_BACK)
    (layouts / "unit-tile.yaml").write_text(TILE)
    game = folder / "game.yaml"
    text = game.read_text()
    assert "\nsheets:\n" in text
    game.write_text(text.replace("\nsheets:\n", "\nsheets:\n"
                                 "  - {name: unit-discs, kind: units, front: unit-disc, back: unit-disc-back}\n"
                                 "  - {name: unit-tiles, kind: units, front: unit-tile, sheet: hex}\n"))
    return folder


@pytest.fixture(scope="module")
def out(tmp_path_factory, bundled_build) -> Path:
    root = tmp_path_factory.mktemp("facts")
    out = bundled_subset(bundled_build, BUNDLED, root / "out")  # the bundled games as the session built them
    # apart: a bundled game and a game of declared kinds in one build of workers is a separate matter
    assert build(folders=[_custom_game(root)], out=out, papers=["a4"], previews=False).ok
    return out


GAMES = BUNDLED + [CUSTOM]


def _cover(kit: pymupdf.Document) -> dict[str, dict[str, str]]:
    """The kit's "Print each part" table as a player reads it: kit pages -> {column: text}. Every cell's
    lines start at its column's left edge (the copies column is centred: whatever starts elsewhere)."""
    rows: dict[str, dict[str, str]] = {}
    for page in kit:
        lines = [(ln["bbox"][0], ln["bbox"][1], "".join(s["text"] for s in ln["spans"]))
                 for b in page.get_text("dict")["blocks"] for ln in b.get("lines", [])]
        head = {text: x for x, _, text in lines if text in ("Printable", "Sides", "Cut with")}
        if len(head) < 3:
            break
        top = min(y for x, y, text in lines if text == "Printable")
        end = min((y for _, y, text in lines if text.startswith("3. Paper")), default=math.inf)
        row = None
        for x, y, text in sorted(lines, key=lambda ln: (ln[1], ln[0])):
            if not top < y < end:
                continue
            if x < head["Printable"] - 1:
                row = rows.setdefault(text, {"printable": "", "sides": "", "copies": "", "cut": ""})
                continue
            col = next((c for c, h in (("printable", "Printable"), ("sides", "Sides"), ("cut", "Cut with"))
                        if abs(x - head[h]) < 0.5), "copies")
            row[col] = (row[col] + " " + text).strip()
        if end < math.inf:
            break
    return rows


def _strip_top(page) -> float:
    """The top of the page's furniture strip (mm), under everything the printable draws."""
    return min((mm(r.y0) for r in page.search_for("PRINT AT 100%")), default=mm(page.rect.height))


def _pieces(page) -> list[tuple[float, ...]]:
    """Boxes (mm) of the page's pieces: its filled shapes above the furniture strip, overlapping ones merged."""
    strip = _strip_top(page)
    boxes = [list(d["mm"]) for d in drawings(page) if d.get("fill") is not None and d["mm"][3] < strip - 1
             and (d["mm"][2] - d["mm"][0]) * (d["mm"][3] - d["mm"][1]) >= 20]
    merged = True
    while merged:
        merged, out = False, []
        for b in boxes:
            for o in out:
                if b[0] < o[2] - 0.01 and o[0] < b[2] - 0.01 and b[1] < o[3] - 0.01 and o[1] < b[3] - 0.01:
                    o[:] = [min(o[0], b[0]), min(o[1], b[1]), max(o[2], b[2]), max(o[3], b[3])]
                    merged = True
                    break
            else:
                out.append(b)
        boxes = out
    return sorted(tuple(b) for b in boxes)


def _same(a: list, b: list) -> bool:
    return len(a) == len(b) and all(max(abs(p - q) for p, q in zip(u, v)) < 0.3 for u, v in zip(a, b))


def _behind(backs: list, fronts: list) -> bool:
    """Does every piece of a back page lie behind a piece of its front (a front may carry more: Hexatech's
    deck summary prints below the last tiles, with nothing behind it)?"""
    return bool(backs) and all(any(max(abs(p - q) for p, q in zip(b, f)) < 0.3 for f in fronts) for b in backs)


def _mirror(boxes: list, width: float) -> list:
    return sorted((width - x1, y0, width - x0, y1) for x0, y0, x1, y1 in boxes)


def _labelled_back(page) -> bool:
    """Does the page's furniture strip name it a backs page (as the player sees it printed)?"""
    strip = _strip_top(page)
    words = [w[4] for w in page.get_text("words") if mm(w[1]) >= strip - 1]
    return "backs" in words


@functools.cache
def _measured(path: Path) -> dict:
    """``measure_pdf`` of a file of the module's build, measured once for the tests that read it."""
    return measure_pdf(pymupdf.open(path))


def measure_pdf(doc: pymupdf.Document) -> dict:
    """What the PDF shows: back pages (labelled, and mirrored: asymmetric ones counted), crop marks, cut
    circles' diameters, cut hexagons, tile trim lines."""
    found = {"backs": [], "mirrored": [], "asymmetric": 0, "crop": 0, "circles": set(), "hexagons": 0, "trim": 0}
    for n, page in enumerate(doc, start=1):
        width = mm(page.rect.width)
        if n > 1 and _labelled_back(page):
            found["backs"].append(n)
            front, back = _pieces(doc[n - 2]), _pieces(page)
            if _behind(_mirror(back, width), front):
                found["mirrored"].append(n)
                found["asymmetric"] += not _same(front, _mirror(front, width))
        for d in drawings(page):
            items, stroke = d["items"], d.get("color")
            black = stroke is not None and max(stroke) < 0.01
            x0, y0, x1, y1 = d["mm"]
            lines = [i for i in items if i[0] == "l"]
            if black and len(items) == 1 and lines and abs(mm(d.get("width") or 0) - 0.15) < 0.01 \
                    and abs(math.dist(*d["pts"][:2]) - 3.0) < 0.01:
                found["crop"] += 1  # a crop mark: a 3 mm hairline
            elif black and len(items) == 4 and all(i[0] == "c" for i in items) and abs((x1 - x0) - (y1 - y0)) < 0.05 \
                    and x1 - x0 >= PIECE_MIN:
                found["circles"].add(round(x1 - x0, 1))  # a black circle (its disc's fill may share its path)
            elif black and d.get("fill") is None and len(lines) == len(items) == 6:
                found["hexagons"] += 1
            elif d.get("dashes") not in (None, "[] 0", "[] 0.0") and stroke is not None and stroke[0] > 0.6 \
                    and stroke[1] < 0.4 and stroke[2] < 0.4:
                found["trim"] += 1  # a map tile's red dashed trim line
    return found


def _printables(out: Path, gid: str) -> list[dict]:
    return json.loads((out / gid / MANIFEST).read_text())["record"]["papers"]["a4"]["printables"]


@pytest.mark.parametrize("gid", GAMES)
def test_the_kits_first_page_agrees_with_what_each_printable_is(out, gid):
    kit = pymupdf.open(out / gid / f"{gid}-a4-kit.pdf")
    rows = _cover(kit)
    entries = _printables(out, gid)
    assert sorted(rows) == sorted(_range(kit, e) for e in entries)
    for e in entries:
        row = rows[_range(kit, e)]
        said = {k: " ".join(v.split()) for k, v in row.items()}
        assert said["printable"].startswith(e["title"]), (e["stem"], said)
        found = _measured(out / gid / e["pdf"])
        what = f"{gid}/{e['stem']}: the kit says {said}, the PDF shows {found}"
        # sides: mirrored backs <=> double-sided
        assert found["mirrored"] == found["backs"], what  # every page printed "backs" lies behind its front
        duplex = said["sides"].startswith("double-sided, flip on the long edge")
        assert duplex == bool(found["backs"]), what
        if e["stem"] == "rulebook":
            assert said["sides"].startswith("single- or double-sided") and said["cut"] == "nothing to cut", what
            continue
        # crop marks <=> cut along the crop marks
        assert (found["crop"] > 0) == ("along the crop marks" in said["cut"]), what
        # cut circles <=> a circle punch of that diameter, a dial of that size
        punched = {float(d) for d in re.findall(r"a (\d+(?:\.\d+)?) mm circle punch", said["cut"])}
        dials = {float(d) for d in re.findall(r"round the (\d+(?:\.\d+)?) mm dial", said["cut"])}
        assert punched == {d for d in found["circles"] if d <= PUNCH_MAX}, what
        assert dials == {d for d in found["circles"] if d > PUNCH_MAX}, what
        # cut hexagons <=> along each hexagon's cut line; trim lines <=> trim and tape
        assert (found["hexagons"] > 0) == ("hexagon's cut line" in said["cut"]), what
        assert (found["trim"] > 0) == ("trim each tile" in said["cut"]), what
        anything = found["crop"] or found["circles"] or found["hexagons"] or found["trim"]
        if not anything:
            assert said["cut"] in ("nothing to cut", "") or "along the cut line" in said["cut"] \
                or "sticker" in said["cut"], what


def _range(kit: pymupdf.Document, entry: dict) -> str:
    """The printable's kit pages as the cover writes them, from where its bookmark lands."""
    first = next(page for level, title, page in kit.get_toc(simple=True)
                 if level == 1 and title.startswith(entry["title"] + " (p. "))
    last = first + entry["pages"] - 1
    return str(first) if first == last else f"{first}-{last}"


def test_the_bundled_kits_cover_every_kind_of_advice(out):
    # the agreement above is not vacuous: every kind of fact occurs, and some back is not its own mirror
    # image (a part-filled sheet), so a back that was not mirrored would be caught
    seen = {"duplex": 0, "asymmetric": 0, "crop": 0, "punch": 0, "dial": 0, "hexagons": 0, "trim": 0}
    for gid in GAMES:
        for e in _printables(out, gid):
            if e["stem"] == "rulebook":
                continue
            found = _measured(out / gid / e["pdf"])
            seen["duplex"] += bool(found["backs"])
            seen["asymmetric"] += found["asymmetric"]
            seen["crop"] += bool(found["crop"])
            seen["punch"] += any(d <= PUNCH_MAX for d in found["circles"])
            seen["dial"] += any(d > PUNCH_MAX for d in found["circles"])
            seen["hexagons"] += bool(found["hexagons"])
            seen["trim"] += bool(found["trim"])
    assert all(seen.values()), seen


def test_the_issues_printables_get_right_advice(out):
    # the issue's examples, as a player reads them in the kit's table
    def row(gid: str, stem: str) -> dict[str, str]:
        kit = pymupdf.open(out / gid / f"{gid}-a4-kit.pdf")
        e = next(x for x in _printables(out, gid) if x["stem"] == stem)
        return {k: " ".join(v.split()) for k, v in _cover(kit)[_range(kit, e)].items()}

    terrain = row("hexprint", "terrain-cards")
    assert terrain["sides"].startswith("double-sided") and "crop marks" in terrain["cut"]
    assert "190 mm dial" in row("hexprint", "hex-timer")["cut"]
    assert "16 mm circle punch" in row("hexprint", "initiative-markers")["cut"]
    units, battles = row(CUSTOM, "unit-cards"), row(CUSTOM, "battle-cards")
    assert units["printable"].startswith("Unit cards") and units["copies"] == "1"
    assert units["sides"].startswith("double-sided") and "crop marks" in units["cut"]
    assert battles["printable"].startswith("Battle cards") and "crop marks" in battles["cut"]
    discs = row(CUSTOM, "unit-discs")  # a designer's own sheets, no entry anywhere
    assert discs["sides"].startswith("double-sided") and "mm circle punch" in discs["cut"]
    assert "hexagon's cut line" in row(CUSTOM, "unit-tiles")["cut"]
    bom = row("heroscape-style", "terrain-bom-cinder-ridge")
    assert bom["printable"].startswith("Terrain bill of materials: Cinder Ridge")


def test_the_facts_beside_each_pdf_are_the_ones_the_kit_read(out):
    for gid in GAMES:
        for e in _printables(out, gid):
            facts = read_facts((out / gid / facts_path("a4", e["stem"])).read_bytes())
            assert facts is not None and facts.title == e["title"]
            assert (facts.duplex or facts.book) == ("double-sided" in e["sides"])


def test_facts_changed_beside_the_same_pdf_remake_the_kit(tmp_path):
    # Incremental publishing hashes the facts with the PDFs: a build that states other facts beside the
    # same PDF (a renderer now says "2 per player") makes the kit, its advice and the zip again.
    from dataclasses import replace

    from printgen.build import MANIFEST as BUILD_MANIFEST
    from printgen.draw.facts import facts_bytes
    from printgen.project import validate_game
    from printgen.publish import publish
    from printgen.write.manifest import sha256
    from tests.conftest import FIXTURES

    out = tmp_path / "out"
    assert build(folders=[FIXTURES / "mini-dice"], out=out, papers=["a4"], previews=False, jobs=1).ok
    gout = out / "mini-dice"
    kit = gout / "mini-dice-a4-kit.pdf"
    before = kit.read_bytes()
    stem = _printables(out, "mini-dice")[-1]["stem"]
    rel = facts_path("a4", stem)
    new = facts_bytes(replace(read_facts((gout / rel).read_bytes()), copies="2 per player"))
    (gout / rel).write_bytes(new)
    record = json.loads((gout / BUILD_MANIFEST).read_text())
    for entry in record["targets"].values():
        if rel in entry["files"]:
            entry["files"][rel] = sha256(new)
    (gout / BUILD_MANIFEST).write_text(json.dumps(record))
    game = validate_game(FIXTURES / "mini-dice")
    written = {p.name for p in publish(games=[game], out=out, papers=["a4"], jobs=1)}
    assert {"mini-dice-a4-kit.pdf", "mini-dice-a4.zip"} <= written
    assert kit.read_bytes() != before
    row = _cover(pymupdf.open(kit))[_range(pymupdf.open(kit), _printables(out, "mini-dice")[-1])]
    assert " ".join(row["copies"].split()) == "2 per player"
    assert publish(games=[game], out=out, papers=["a4"], jobs=1) == []  # and then it is up to date
