"""The print kit: its first page lists every printable with the right kit pages, its bookmarks land
on them, double-sided parts start on a front; the zip holds what its README lists."""

from __future__ import annotations

import io
import re
import zipfile

import pymupdf
import pytest

from printgen.build import build
from printgen.publish.bundle import FIXED_TIME, listed_files
from printgen.units import PAPER_SIZES
from tests.conftest import FIXTURES
from tests.pdfmeasure import drawings, page_size_mm
from tests.publish.conftest import MINIS, record

KITS = [(g, p) for g in MINIS for p in ("a4", "letter")] + [("big-map", "a4")]
BOOKMARK = re.compile(r"^(.*) \(p\. (\d+)(?:-(\d+))?\)$")


def _same_text(a, b) -> bool:
    return a.get_text().strip() == b.get_text().strip()


@pytest.mark.parametrize("gid,paper", KITS)
def test_first_page_lists_every_printable_and_bookmarks_land_on_them(site, gid, paper):
    kit = pymupdf.open(site / gid / f"{gid}-{paper}-kit.pdf")
    printables = record(site, gid)["papers"][paper]["printables"]
    separate = sorted(p.stem for p in (site / gid / paper).glob("*.pdf"))
    assert sorted(e["stem"] for e in printables) == separate and separate
    top = [(title, page) for level, title, page in kit.get_toc(simple=True) if level == 1]
    assert top[0] == ("How to print this kit", 1)
    assert len(top) == len(separate) + 1
    cover = kit[0]
    assert f"{len(kit)} pages" in cover.get_text()
    covered = set()
    for (title, page), entry in zip(top[1:], printables):
        name, first, last = BOOKMARK.match(title).groups()
        first, last = int(first), int(last or first)
        assert name == entry["title"]
        assert page == first, title  # the bookmark lands on the printable's first page
        part = pymupdf.open(site / gid / entry["pdf"])
        assert last - first + 1 == len(part) == entry["pages"]
        for i in range(len(part)):  # every page of the printable is in the kit, in place
            assert _same_text(kit[first - 1 + i], part[i]), (title, i)
            covered.add(first + i)
        if "double-sided" in entry["sides"]:
            assert first % 2 == 1, f"{title} starts on a back"
        # The cover's table lists the range on the printable's own row.
        rng = str(first) if first == last else f"{first}-{last}"
        ranges = cover.search_for(rng)
        names = cover.search_for(name.split(":")[0])
        assert any(abs(r.y0 - n.y0) < 2 for r in ranges for n in names), (title, rng)
    # Every other page after the cover is an intentional blank before a double-sided part.
    for n in range(2, len(kit) + 1):
        if n not in covered:
            assert "left blank on purpose" in kit[n - 1].get_text(), n
            assert f"page {n} of {len(kit)}" in kit[n - 1].get_text(), n  # its own kit page, not "page 1 of 1"


@pytest.mark.parametrize("gid,paper", KITS)
def test_kit_pages_are_the_paper_and_the_cover_carries_the_calibration_bars(site, gid, paper):
    kit = pymupdf.open(site / gid / f"{gid}-{paper}-kit.pdf")
    w, h = PAPER_SIZES[paper]
    for page in kit:
        pw, ph = page_size_mm(page)
        assert abs(pw - w) < 0.01 and abs(ph - h) < 0.01
    cover = kit[0]
    text = cover.get_text()
    assert "Check the scale first" in text and "PRINT AT 100%" in text
    lines = [d for d in drawings(cover) if len(d["pts"]) == 2 and abs(d["pts"][0][1] - d["pts"][1][1]) < 1e-6]
    lengths = [abs(d["pts"][1][0] - d["pts"][0][0]) for d in lines]
    assert any(abs(x - 50.0) < 0.01 for x in lengths) and any(abs(x - 50.8) < 0.01 for x in lengths)
    for i in range(len(kit)):
        for xref, ext, kind, name, *_ in kit.get_page_fonts(i):
            assert ext == "ttf", name


def test_cover_says_how_to_print_each_kind(site):
    text = pymupdf.open(site / "mini-hoh" / "mini-hoh-a4-kit.pdf")[0].get_text()
    flat = " ".join(text.split())
    assert "double-sided, flip on the long edge" in flat  # class cards
    assert "16 mm circle punch" in flat  # the game's token diameter
    assert "crop marks" in flat
    dice = " ".join(pymupdf.open(site / "mini-dice" / "mini-dice-a4-kit.pdf")[0].get_text().split())
    assert "1 per player" in dice


@pytest.mark.parametrize("gid,paper", KITS)
def test_zip_holds_what_its_readme_lists(site, gid, paper):
    data = (site / gid / f"{gid}-{paper}.zip").read_bytes()
    zf = zipfile.ZipFile(io.BytesIO(data))
    folder = f"{gid}-{paper}/"
    names = zf.namelist()
    assert all(n.startswith(folder) for n in names)
    readme = zf.read(folder + "README.txt").decode()
    listed = listed_files(readme)
    assert sorted(listed) == sorted(n[len(folder):] for n in names)
    kit = f"{gid}-{paper}-kit.pdf"
    assert zf.read(folder + kit) == (site / gid / kit).read_bytes()
    for name in listed:
        if name.startswith("pdf/"):
            assert zf.read(folder + name) == (site / gid / paper / name[4:]).read_bytes()
            pages = len(pymupdf.open(stream=zf.read(folder + name), filetype="pdf"))
            assert re.search(rf"{re.escape(name)}  \({pages} pages?,", readme)
    for info in zf.infolist():
        assert info.date_time == FIXED_TIME
        assert (info.external_attr >> 16) & 0o777 == 0o644


def test_same_printables_same_kit_and_zip_bytes(site, tmp_path):
    again = tmp_path / "again"
    build(folders=[FIXTURES / "mini-dice"], out=again, papers=["a4", "letter"], jobs=2)
    for name in ("mini-dice-a4-kit.pdf", "mini-dice-letter.zip", "thumbs/unit-cards.png"):
        assert (again / "mini-dice" / name).read_bytes() == (site / "mini-dice" / name).read_bytes(), name
    # in workers each paper's kit starts as soon as its printables are written: the same record
    assert record(again, "mini-dice") == record(site, "mini-dice")


def test_noop_rebuild_writes_nothing_and_a_change_remakes_the_kit(tmp_path):
    import shutil

    game = tmp_path / "mini-dice"
    shutil.copytree(FIXTURES / "mini-dice", game)
    out = tmp_path / "out"
    build(folders=[game], out=out, papers=["a4"], jobs=1)
    files = {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}
    again = build(folders=[game], out=out, papers=["a4"], jobs=1)
    assert again.written == []
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()} == files
    game_yaml = game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace('version: "', 'version: "9'))
    third = build(folders=[game], out=out, papers=["a4"], jobs=1)
    names = {p.name for p in third.written}
    assert {"mini-dice-a4-kit.pdf", "mini-dice-a4.zip", "index.html"} <= names
    assert "v9" in pymupdf.open(out / "mini-dice" / "mini-dice-a4-kit.pdf")[0].get_text()


def test_a_users_own_pdf_in_the_output_folder_stays_out_of_kit_zip_and_gallery(tmp_path):
    out = tmp_path / "out"
    build(folders=[FIXTURES / "mini-dice"], out=out, papers=["a4"], jobs=1)
    kit = out / "mini-dice" / "mini-dice-a4-kit.pdf"
    pages = len(pymupdf.open(kit))
    # The user keeps a private PDF beside the printables, and overwrites a printable with their own.
    mine = pymupdf.open()
    mine.new_page().insert_text((72, 72), "PRIVATE NOTES")
    (out / "mini-dice" / "a4" / "my-notes.pdf").write_bytes(mine.tobytes())
    build(folders=[FIXTURES / "mini-dice"], out=out, papers=["a4"], jobs=1, force=True)
    assert len(pymupdf.open(kit)) == pages
    assert all("PRIVATE NOTES" not in p.get_text() for p in pymupdf.open(kit))
    with zipfile.ZipFile(out / "mini-dice" / "mini-dice-a4.zip") as z:
        assert not any("my-notes" in n for n in z.namelist())
    assert "my-notes" not in (out / "index.html").read_text() + (out / "mini-dice.html").read_text()
    assert (out / "mini-dice" / "a4" / "my-notes.pdf").is_file()  # and it is left alone


@pytest.mark.parametrize("gid,paper", KITS)
def test_qpdf_finds_nothing_wrong_in_the_kit(site, gid, paper):
    import shutil
    import subprocess

    if shutil.which("qpdf") is None:
        pytest.skip("qpdf is not installed (Debian: apt-get install qpdf)")
    kit = site / gid / f"{gid}-{paper}-kit.pdf"
    p = subprocess.run(["qpdf", "--check", str(kit)], capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "No syntax or stream encoding errors found" in p.stdout
    assert pymupdf.open(kit).metadata["format"] == "PDF 1.4"  # the parts' transparency needs 1.4


def test_the_rulebooks_links_and_bookmarks_land_on_its_pages_in_the_kit(tmp_path):
    from tests.conftest import REPO

    gid, paper = "heroes-of-hex", "a4"  # a game with a rulebook: contents links and nested bookmarks
    assert build(folders=[REPO / "data" / gid], out=tmp_path, papers=[paper], previews=False).ok
    kit = pymupdf.open(tmp_path / gid / f"{gid}-{paper}-kit.pdf")
    book = pymupdf.open(tmp_path / gid / paper / "rulebook.pdf")
    entry = next(e for e in record(tmp_path, gid)["papers"][paper]["printables"] if e["stem"] == "rulebook")
    first = next(page for level, title, page in kit.get_toc() if title.startswith(entry["title"] + " (p."))
    own = book.get_toc()
    nested = [(level - 1, title, page - first + 1) for level, title, page in kit.get_toc()
              if level > 1 and first <= page < first + len(book)]
    assert own and nested == [(lv, t, p) for lv, t, p in own]  # the rulebook's bookmarks, one level down
    links = [(i, link["page"]) for i in range(len(book)) for link in book[i].get_links() if link["kind"] == 1]
    moved = [(i - first + 1, link["page"] - first + 1) for i in range(first - 1, first - 1 + len(book))
             for link in kit[i].get_links() if link["kind"] == 1]
    assert links and moved == links  # every link still goes to the same page of the rulebook


def test_blank_pages_share_the_covers_fonts_rather_than_embedding_their_own(site):
    import pikepdf

    blanks_seen = 0
    for gid, paper in KITS:
        data = (site / gid / f"{gid}-{paper}-kit.pdf").read_bytes()
        text = pymupdf.open(stream=data, filetype="pdf")
        with pikepdf.open(io.BytesIO(data)) as kit:
            def fonts(page) -> set:
                return {f.objgen for f in page.obj.Resources.get("/Font", {}).values()}

            cover = fonts(kit.pages[0])
            for n, page in enumerate(kit.pages):
                if "left blank on purpose" in text[n].get_text():
                    blanks_seen += 1
                    # the kit's own pages are one PDF: a blank page's fonts are the cover's objects
                    assert fonts(page) and fonts(page) <= cover, (gid, paper, n + 1)
    assert blanks_seen, "some kit has a blank page before a double-sided part"


def _outlined_pdf(title: str, pages: int, closed: bool) -> bytes:
    """A PDF of ``pages`` pages with nested bookmarks (two levels, the first closed when ``closed``)."""
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, invariant=1)
    for n in range(pages):
        c.drawString(72, 720, f"{title} page {n + 1}")
        c.bookmarkPage(f"p{n}")
        c.addOutlineEntry(f"{title} {n + 1}", f"p{n}", level=0 if n % 3 == 0 else 1, closed=closed and n == 0)
        c.showPage()
    c.save()
    return buf.getvalue()


def _joined_by_pikepdfs_outlines(parts, info) -> bytes:
    """publish/kit.join_pdfs as it was written with pikepdf's outline model (OutlineItem, open_outline)."""
    import pikepdf

    def copy(items, index, start):
        out = []
        for it in items:
            dest = it.destination
            page = dest[0] if isinstance(dest, pikepdf.Array) and len(dest) else None
            at = index.get(page.objgen) if isinstance(page, pikepdf.Dictionary) else None
            if at is None:
                continue
            new = pikepdf.OutlineItem(str(it.title), start + at)
            new.is_closed = it.is_closed
            new.children.extend(copy(it.children, index, start))
            out.append(new)
        return out

    out, sources, chosen = pikepdf.new(), [], {}
    with out.open_outline() as outline:
        for data, bookmark, nested, pages in parts:
            src = chosen.get(id(data)) if pages is not None else None
            if src is None:
                src = pikepdf.open(io.BytesIO(data))
                sources.append(src)
                if pages is not None:
                    chosen[id(data)] = src
            start = len(out.pages)
            out.pages.extend(src.pages if pages is None else [src.pages[i] for i in pages])
            if bookmark is None:
                continue
            item = pikepdf.OutlineItem(bookmark, start)
            if nested:
                index = {page.obj.objgen: i for i, page in enumerate(src.pages)}
                with src.open_outline() as own:
                    item.children.extend(copy(own.root, index, start))
            outline.root.append(item)
    out.Root.PageMode = pikepdf.Name.UseOutlines
    for key, value in info.items():
        out.docinfo[key] = value
    buf = io.BytesIO()
    out.save(buf, deterministic_id=True, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.none,
             min_version="1.4")
    return buf.getvalue()


@pytest.mark.parametrize("closed", [False, True])
def test_the_kits_bookmarks_are_written_as_pikepdfs_outline_model_writes_them(closed):
    """join_pdfs reads and writes the bookmarks as plain dictionaries: the very bytes pikepdf's outline model
    gives for the same parts (nested and closed bookmarks, a part of some pages, a part without one)."""
    from printgen.publish.kit import join_pdfs

    cover, book = _outlined_pdf("Cover", 3, False), _outlined_pdf("Rules", 7, closed)
    deck = _outlined_pdf("Deck", 2, True)
    parts = [(cover, "How to print", False, range(2)), (book, "Rules (p. 3-9)", True, None),
             (cover, None, False, range(2, 3)), (deck, "Deck (p. 11-12)", True, None), (deck, None, False, None)]
    info = {"/Title": "kit", "/Creator": "printgen"}
    assert join_pdfs(parts, info) == _joined_by_pikepdfs_outlines(parts, info)
    alone = [(book, None, False, None)]  # no bookmark at all: no /Outlines either
    assert join_pdfs(alone, info) == _joined_by_pikepdfs_outlines(alone, info)
    toc = pymupdf.open(stream=join_pdfs(parts, info), filetype="pdf").get_toc(simple=False)
    assert [(lv, t, p) for lv, t, p, _ in toc][:3] == [(1, "How to print", 1), (1, "Rules (p. 3-9)", 3),
                                                       (2, "Rules 1", 3)]
