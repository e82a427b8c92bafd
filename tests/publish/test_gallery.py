"""The gallery page, loaded in a real browser (headless Chromium): no console errors, every link
resolves to a file, every thumbnail loads, accessible without images; a screenshot is kept."""

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


def _parse(site: Path) -> _Page:
    page = _Page()
    page.feed((site / "index.html").read_text())
    return page


def test_every_link_resolves_to_a_file(site):
    page = _parse(site)
    assert len(page.links) > 20
    for href in page.links:
        parts = urlsplit(href)
        assert not parts.scheme and not parts.netloc, f"{href}: links stay relative, the page works from any host"
        if not parts.path:
            assert parts.fragment in page.ids, href
            continue
        target = site / unquote(parts.path)
        assert target.is_file(), href
        if parts.fragment:
            assert re.fullmatch(r"page=\d+", parts.fragment), href


def test_every_game_and_its_downloads_are_listed(site):
    html = (site / "index.html").read_text()
    page = _parse(site)
    for gid in [*MINIS, "big-map"]:
        rec = record(site, gid)
        assert f'id="{gid}"' in html
        assert (2, f"{rec['name']} version {rec['version']}") in page.headings
        for paper, p in rec["papers"].items():
            assert f'href="{gid}/{p["kit"]}"' in html and f'href="{gid}/{p["zip"]}"' in html
            for e in p["printables"]:
                assert f'href="{gid}/{e["pdf"]}"' in html
                assert f"{e['pages']} page" in html
        for stem in rec["thumbs"]["printables"]:
            assert f'src="{gid}/thumbs/{stem}.png"' in html
    # the 3D pieces with their previews
    big = record(site, "big-map")
    assert big["pieces"]
    for piece in big["pieces"]:
        assert f'href="{"big-map/" + piece["files"]["stl"]}"' in html
        assert f'href="{"big-map/" + piece["files"]["3mf"]}"' in html
        assert f'src="{"big-map/" + piece["preview"]["src"]}"' in html
        copies = piece["name"].rsplit("-x", 1)[1] if re.search(r"-x\d+$", piece["name"]) else "1"
        assert f'<strong>{piece["name"]}</strong>, print {copies}<' in html


def test_the_rulebook_shows_its_first_three_pages(tmp_path):
    from printgen.publish.gallery import add_thumbnail, gallery_html, thumbnail
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
    rec = {"id": "g", "name": "G", "version": "1", "thumbs": thumbs, "papers": {"a4": {
        "kit": "g-a4-kit.pdf", "kit_pages": 6, "kit_bytes": 1, "zip": "g-a4.zip", "zip_bytes": 1,
        "printables": [{"stem": "rulebook", "title": "Rulebook", "pages": 5, "sides": "double-sided",
                        "pdf": "a4/rulebook.pdf", "bytes": len(pdf)}]}}}
    html = gallery_html([rec], out=tmp_path)
    assert "<h3>Rulebook: the first pages</h3>" in html
    for n in (1, 2, 3):
        assert f'<a href="g/a4/rulebook.pdf#page={n}"><img src="g/thumbs/rulebook-page-{n}.png"' in html
        assert f'alt="G rulebook, page {n}"' in html


def test_accessible_without_images(site):
    page = _parse(site)
    assert [h for h in page.headings if h[0] == 1] == [(1, "Print-and-play gallery")]
    levels = [h[0] for h in page.headings]
    assert all(b - a <= 1 for a, b in zip(levels, levels[1:])), "no skipped heading levels"
    for img in page.images:
        assert img.get("alt", "").strip(), img
        assert img.get("width") and img.get("height"), img  # space is kept, nothing jumps
    html = (site / "index.html").read_text()
    assert '<html lang="en">' in html and "<script" not in html.lower()


@needs_chromium
def test_chromium_loads_the_gallery_cleanly(site):
    ARTIFACTS.mkdir(exist_ok=True)
    with Browser() as browser:
        browser.open((site / "index.html").as_uri())
        images = browser.evaluate(
            "Array.from(document.images).map(i => ({src: i.getAttribute('src'), ok: i.complete && i.naturalWidth > 0,"
            " w: i.naturalWidth, shown: i.getBoundingClientRect().width}))")
        links = browser.evaluate("Array.from(document.links).map(a => a.href)")
        title = browser.evaluate("document.title")
        browser.screenshot(ARTIFACTS / "gallery.png")
        problems = browser.problems()
    assert problems == []
    assert title == "Print-and-play gallery"
    assert len(images) == len(_parse(site).images) > 10
    for img in images:
        assert img["ok"], f"thumbnail did not load: {img['src']}"
        assert 0 < img["shown"] <= 300, img
    for href in links:
        parts = urlsplit(href)
        assert parts.scheme == "file", href
        assert Path(unquote(parts.path)).is_file(), href
    shot = (ARTIFACTS / "gallery.png").read_bytes()
    assert shot.startswith(b"\x89PNG") and len(shot) > 50_000


@needs_chromium
def test_chromium_without_images_shows_every_title_and_link(site):
    with Browser() as browser:
        browser.open((site / "index.html").as_uri(), block=["*.png"])
        text = browser.evaluate("document.body.innerText")
        broken = browser.evaluate("Array.from(document.images).filter(i => i.naturalWidth > 0).length")
        browser.screenshot(ARTIFACTS / "gallery-no-images.png")
    assert broken == 0
    for gid in MINIS:
        rec = record(site, gid)
        assert rec["name"] in text
        for p in rec["papers"].values():
            for e in p["printables"]:
                assert e["title"] in text
