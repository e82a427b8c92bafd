"""The players' gallery (an index and a page per game), read as HTML and loaded in a real browser (headless
Chromium): no console errors, every link resolves to a file, every image loads, cards shown one by one,
the rulebook once, navigation between games, accessible without images; screenshots at phone and desktop
widths are kept in test-artifacts/."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from tests.browser import Browser, chromium
from tests.conftest import REPO
from tests.publish.conftest import MINIS, record

ARTIFACTS = REPO / "test-artifacts"
needs_chromium = pytest.mark.skipif(chromium() is None, reason="chromium is not installed (apt-get install chromium)")


class _Page(HTMLParser):
    """What a page holds, read without a browser: links, images, headings, ids."""

    def __init__(self):
        super().__init__()
        self.links, self.images, self.headings, self.ids = [], [], [], set()
        self._heading = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a":
            self.links.append(a.get("href"))
        elif tag == "img":
            self.images.append(a)
        elif re.fullmatch(r"h[1-6]", tag):
            self._heading = [int(tag[1]), ""]

    def handle_data(self, data):
        if self._heading:
            self._heading[1] += data

    def handle_endtag(self, tag):
        if self._heading and tag == f"h{self._heading[0]}":
            self.headings.append((self._heading[0], self._heading[1].strip()))
            self._heading = None


def _parse(site: Path, name: str = "index.html") -> _Page:
    page = _Page()
    page.feed((site / name).read_text())
    return page


def _pages(site: Path) -> list[str]:
    return ["index.html", *(f"{gid}.html" for gid in [*MINIS, "big-map"])]


def test_every_link_resolves_to_a_file(site):
    total = 0
    for name in _pages(site):
        page = _parse(site, name)
        total += len(page.links)
        for href in page.links:
            parts = urlsplit(href)
            assert not parts.scheme and not parts.netloc, f"{href}: links stay relative, the page works from any host"
            if not parts.path:
                assert parts.fragment in page.ids, href
                continue
            target = site / unquote(parts.path)
            assert target.is_file(), f"{name}: {href}"
            if parts.fragment:
                assert re.fullmatch(r"page=\d+", parts.fragment), href
        for img in page.images:
            assert (site / unquote(img["src"])).is_file(), f"{name}: {img['src']}"
    assert total > 40


def test_the_index_lists_every_game_with_its_cover_and_page(site):
    html = (site / "index.html").read_text()
    page = _parse(site)
    for gid in [*MINIS, "big-map"]:
        rec = record(site, gid)
        assert f'id="{gid}"' in html and f'href="{gid}.html"' in html
        assert (2, f"{rec['name']} version {rec['version']}") in page.headings
        for p in rec["papers"].values():
            assert f'href="{gid}/{p["kit"]}"' in html
    covers = [i for i in page.images if i["src"].startswith(tuple(f"{g}/" for g in MINIS))]
    assert len(covers) == len(MINIS)  # one cover art per game


def test_a_game_page_has_its_kit_first_then_every_printable_by_its_title(site):
    for gid in [*MINIS, "big-map"]:
        html = (site / f"{gid}.html").read_text()
        page = _parse(site, f"{gid}.html")
        rec = record(site, gid)
        assert (1, f"{rec['name']} version {rec['version']}") in page.headings
        assert page.headings[1] == (2, "Download the print kit")  # the kit and zip first
        for paper, p in rec["papers"].items():
            assert f'href="{gid}/{p["kit"]}"' in html and f'href="{gid}/{p["zip"]}"' in html
            for e in p["printables"]:
                assert f'href="{gid}/{e["pdf"]}"' in html
                assert f"{e['pages']} page" in html
                if e["stem"] != "rulebook":
                    assert (3, e["title"]) in page.headings  # the title the data gives it
        for stem in rec["thumbs"]["printables"]:
            if stem != "rulebook":
                assert f'src="{gid}/thumbs/{stem}.png"' in html
        assert f'src="{gid}/thumbs/rulebook.png"' not in html  # the rulebook once, by its pages
    # the 3D pieces with their previews
    html = (site / "big-map.html").read_text()
    big = record(site, "big-map")
    assert big["pieces"]
    for piece in big["pieces"]:
        assert f'href="{"big-map/" + piece["files"]["stl"]}"' in html
        assert f'href="{"big-map/" + piece["files"]["3mf"]}"' in html
        assert f'src="{"big-map/" + piece["preview"]["src"]}"' in html
        copies = piece["name"].rsplit("-x", 1)[1] if re.search(r"-x\d+$", piece["name"]) else "1"
        assert f'<strong>{piece["name"]}</strong>, print {copies}<' in html


def test_cards_are_shown_one_by_one(site):
    from PIL import Image

    from printgen.project import validate_game
    from tests.conftest import FIXTURES

    html = (site / "mini-hoh.html").read_text()
    page = _parse(site, "mini-hoh.html")
    game = validate_game(FIXTURES / "mini-hoh")
    cards = [i for i in page.images if "/cards/class-cards/" in i["src"] and not i["src"].endswith("back.png")]
    assert [i["alt"] for i in cards] == [c.name for c in game.data.classes]
    with Image.open(site / unquote(cards[0]["src"])) as img:
        assert img.size == (250, 350)  # a poker card alone at 100 dpi, not a whole sheet
        assert len(img.convert("RGB").getcolors(1 << 20)) > 30
    assert "<h2 id=\"cards\">Every card</h2>" in html
    tech = _parse(site, "mini-tech.html")
    assert any("/cards/" in i["src"] for i in tech.images)  # hex tiles too


def test_game_pages_link_back_and_to_each_other(site):
    order = [h for h in _parse(site).links if h.endswith(".html")]
    order = list(dict.fromkeys(order))
    assert len(order) == len(MINIS) + 1
    for i, name in enumerate(order):
        links = _parse(site, name).links
        assert "index.html" in links
        if i > 0:
            assert order[i - 1] in links
        if i + 1 < len(order):
            assert order[i + 1] in links


def test_the_rulebook_shows_its_first_three_pages_once(tmp_path):
    from printgen.publish.gallery import add_thumbnail, thumbnail
    from printgen.publish.gallery_pages import game_html
    from printgen.draw.document import Document, Page, Text
    from printgen.write.pdf import to_pdf

    pages = [Page(210, 297, [Text(20, 40, f"Rule page {n}", "serif-bold", 12)]) for n in range(1, 6)]
    pdf = to_pdf(Document(title="rules", pages=pages))
    files, entry = thumbnail("rulebook", pdf)
    rec: dict = {}
    add_thumbnail(rec, "a4", "rulebook", entry)
    thumbs = rec["thumbs"]
    assert [t["page"] for t in thumbs["rulebook"]] == [1, 2, 3]
    assert sorted(files) == ["thumbs/rulebook-page-1.png", "thumbs/rulebook-page-2.png",
                             "thumbs/rulebook-page-3.png", "thumbs/rulebook.png"]
    # the PDF opened once for all four (its first page drawn twice), the very PNGs drawn from its bytes apart
    from printgen.write.raster import page_rows

    assert files["thumbs/rulebook.png"] == next(page_rows(pdf, width_px=220, pages=[0])).png()
    for n in (1, 2, 3):
        assert files[f"thumbs/rulebook-page-{n}.png"] == next(page_rows(pdf, width_px=300, pages=[n - 1])).png()
    rec = {"id": "g", "name": "G", "version": "1", "thumbs": thumbs, "papers": {"a4": {
        "kit": "g-a4-kit.pdf", "kit_pages": 6, "kit_bytes": 1, "zip": "g-a4.zip", "zip_bytes": 1,
        "printables": [{"stem": "rulebook", "title": "Rulebook", "pages": 5, "sides": "double-sided",
                        "pdf": "a4/rulebook.pdf", "bytes": len(pdf)}]}}}
    html = game_html([rec], 0)
    assert '<h2 id="rulebook">Rulebook</h2>' in html
    for n in (1, 2, 3):
        assert html.count(f'src="g/thumbs/rulebook-page-{n}.png"') == 1
        assert f'<a href="g/a4/rulebook.pdf#page={n}"><img src="g/thumbs/rulebook-page-{n}.png"' in html
        assert f'alt="G rulebook, page {n}"' in html
    assert "Every printable" not in html  # the rulebook is not listed again


def test_accessible_without_images(site):
    for name in _pages(site):
        page = _parse(site, name)
        assert len([h for h in page.headings if h[0] == 1]) == 1
        levels = [h[0] for h in page.headings]
        assert levels[0] == 1 and all(b - a <= 1 for a, b in zip(levels, levels[1:])), f"{name}: skipped level"
        for img in page.images:
            assert img.get("alt", "").strip(), img
            assert img.get("width") and img.get("height"), img  # space is kept, nothing jumps
        html = (site / name).read_text()
        assert '<html lang="en">' in html and "<script" not in html.lower()
        assert 'name="viewport"' in html


def _goto(browser: Browser, url: str) -> None:
    """The next page in the same tab (one browser for several pages: each start costs a second or two)."""
    browser.events.clear()
    browser.send("Page.navigate", {"url": url})
    browser.wait_for("Page.loadEventFired")


@needs_chromium
@pytest.mark.parametrize("width", [390, 1280], ids=["phone", "desktop"])
def test_chromium_loads_every_gallery_page_cleanly(site, width):
    ARTIFACTS.mkdir(exist_ok=True)
    with Browser() as browser:
        for n, name in enumerate(["index.html", "mini-hoh.html", "big-map.html"]):
            if n == 0:
                browser.open((site / name).as_uri(), width=width, height=900)
            else:
                _goto(browser, (site / name).as_uri())
            images = browser.evaluate(
                "Array.from(document.images).map(i => ({src: i.getAttribute('src'), ok: i.complete && "
                "i.naturalWidth > 0, shown: i.getBoundingClientRect().width}))")
            links = browser.evaluate("Array.from(document.links).map(a => a.href)")
            wide = browser.evaluate("document.documentElement.scrollWidth")
            shot = ARTIFACTS / f"gallery-{name[:-5]}-{width}.png"
            browser.screenshot(shot)
            problems = browser.problems()
            print(f"screenshot: {shot}")
            assert problems == [], name
            assert len(images) == len(_parse(site, name).images) > 0
            for img in images:
                assert img["ok"], f"image did not load: {img['src']}"
                assert 0 < img["shown"] <= min(width, 420), img
            assert wide <= width, f"{name} is wider than a {width} px screen"
            for href in links:
                parts = urlsplit(href)
                assert parts.scheme == "file", href
                assert Path(unquote(parts.path)).is_file(), href
            data = shot.read_bytes()
            assert data.startswith(b"\x89PNG") and len(data) > 20_000


@needs_chromium
def test_chromium_without_images_shows_every_title_and_link(site):
    with Browser() as browser:
        for n, gid in enumerate(MINIS):
            url = (site / f"{gid}.html").as_uri()
            browser.open(url, block=["*.png"]) if n == 0 else _goto(browser, url)
            text = browser.evaluate("document.body.innerText")
            broken = browser.evaluate("Array.from(document.images).filter(i => i.naturalWidth > 0).length")
            assert broken == 0
            rec = record(site, gid)
            assert rec["name"] in text
            for p in rec["papers"].values():
                for e in p["printables"]:
                    assert e["title"] in text


def test_thumbnails_made_several_to_a_job_are_those_made_one_by_one():
    """A build hands its workers the thumbnails a few to a piece of work (publisher._thumbs_job): each
    printable's result, keyed as its own job, is the one-by-one job's, pixels and entry alike."""
    from printgen.draw.document import Document, Page, Text
    from printgen.publish.publisher import _thumb_job, _thumbs_job
    from printgen.write.pdf import to_pdf
    from PIL import Image
    import io

    pdfs = {stem: to_pdf(Document(title=stem, pages=[Page(w, h, [Text(20, 40, stem, "serif-bold", 12)])]))
            for stem, (w, h) in {"tokens": (210, 297), "maps": (297, 210), "rulebook": (210, 297)}.items()}
    batch = _thumbs_job(None, "a4", pdfs)
    assert sorted(batch) == ["thumbs/maps", "thumbs/rulebook", "thumbs/tokens"]
    for stem, pdf in pdfs.items():
        alone = _thumb_job(None, "a4", stem, pdf)
        assert batch[f"thumbs/{stem}"] == alone
        png = Image.open(io.BytesIO(alone[0][f"thumbs/{stem}.png"]))
        assert png.size == (alone[2]["thumb"]["w"], alone[2]["thumb"]["h"])
        assert (png.width > png.height) == (stem == "maps")  # the landscape page stays landscape
