"""output/index.html: one static page with every game a build has made, for players.

Plain HTML and CSS, no script: it works opened from disk (file://) and from any
static host, and reads well without images (every image has alt text and every
fact is also in words). Links are relative to the page.
"""

from __future__ import annotations

import re

from html import escape
from pathlib import Path
from urllib.parse import quote

GALLERY = "index.html"
THUMB_W = 220  # px, a printable's first page
RULEBOOK_W = 300  # px, the rulebook's first pages
RULEBOOK_PAGES = 3


def thumbnail(stem: str, pdf: bytes) -> tuple[dict[str, bytes], dict]:
    """One printable's thumbnail (its first page) and, for the rulebook, its first pages: the files and
    their gallery entry ({"thumb": ..., "rulebook": [...]})."""
    from .raster import pdf_page_images, png_bytes  # pdfium and Pillow: loaded where thumbnails are made

    (img,) = pdf_page_images(pdf, width_px=THUMB_W, pages=[0])
    path = f"thumbs/{stem}.png"
    files = {path: png_bytes(img)}
    entry: dict = {"thumb": {"src": path, "w": img.width, "h": img.height}}
    if stem == "rulebook":
        import pypdfium2 as pdfium

        count = len(pdfium.PdfDocument(pdf))
        entry["rulebook"] = []
        for n, page in enumerate(pdf_page_images(pdf, width_px=RULEBOOK_W, pages=range(min(RULEBOOK_PAGES, count))),
                                 start=1):
            path = f"thumbs/rulebook-page-{n}.png"
            files[path] = png_bytes(page)
            entry["rulebook"].append({"src": path, "w": page.width, "h": page.height, "page": n})
    return files, entry


def thumb_ok(entry: dict) -> bool:
    """Is ``entry`` a thumbnail entry as ``thumbnail`` makes them (a record read back may be anything)?"""
    def image(t) -> bool:
        return (isinstance(t, dict) and isinstance(t.get("src"), str) and type(t.get("w")) is int
                and type(t.get("h")) is int)

    pages = entry.get("rulebook", [])
    return (image(entry.get("thumb")) and isinstance(entry.get("paper"), str) and isinstance(pages, list)
            and all(image(t) and type(t.get("page")) is int for t in pages))


def add_thumbnail(record: dict, paper: str, stem: str, entry: dict) -> None:
    """Put one printable's thumbnail entry (see ``thumbnail``) into a game's gallery record."""
    thumbs = record.setdefault("thumbs", {})
    thumbs.setdefault("paper", paper)
    thumbs.setdefault("printables", {})[stem] = entry["thumb"]
    thumbs.setdefault("rulebook", [])
    if "rulebook" in entry:
        thumbs["rulebook"] = entry["rulebook"]


def _size(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB" if n >= 1_000_000 else f"{max(1, round(n / 1000))} kB"


def _href(gid: str, rel: str) -> str:
    return escape(quote(f"{gid}/{rel}"))


def _img(gid: str, t: dict, alt: str) -> str:
    return (f'<img src="{_href(gid, t["src"])}" width="{t["w"]}" height="{t["h"]}" alt="{escape(alt)}">')


def paper_name(paper: str) -> str:
    """"a4" -> "A4", "letter" -> "Letter"."""
    return paper.upper() if len(paper) <= 2 else paper.title()


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _game(rec: dict) -> str:
    gid, name = rec["id"], rec["name"]
    papers = rec.get("papers", {})
    thumbs = rec.get("thumbs", {})
    out = [f'<section id="{escape(gid)}" aria-labelledby="title-{escape(gid)}">',
           f'<h2 id="title-{escape(gid)}">{escape(name)} <span class="version">version {escape(rec["version"])}</span></h2>']
    if rec.get("description"):
        out.append(f"<p>{escape(rec['description'])}</p>")
    if papers:
        out.append("<h3>Download the print kit</h3>")
        out.append('<table><caption>One PDF to print, its first page says how; the zip adds every separate PDF '
                   'and a README.</caption><thead><tr><th scope="col">Paper</th><th scope="col">Print kit</th>'
                   '<th scope="col">Zip</th></tr></thead><tbody>')
        for paper, p in papers.items():
            out.append(f'<tr><th scope="row">{escape(paper_name(paper))}</th>'
                       f'<td><a href="{_href(gid, p["kit"])}">{escape(name)} print kit, {escape(paper_name(paper))}</a> '
                       f'(PDF, {_plural(p["kit_pages"], "page")}, {_size(p["kit_bytes"])})</td>'
                       f'<td><a href="{_href(gid, p["zip"])}">{escape(name)} files, {escape(paper_name(paper))}</a> '
                       f'(zip, {_size(p["zip_bytes"])})</td></tr>')
        out.append("</tbody></table>")
    first = next(iter(papers.values()), None)
    if first and thumbs.get("rulebook"):
        out.append("<h3>Rulebook: the first pages</h3>")
        book = {pp: next(e for e in p["printables"] if e["stem"] == "rulebook") for pp, p in papers.items()}
        out.append('<ul class="pages">')
        for t in thumbs["rulebook"]:
            target = _href(gid, book[thumbs["paper"]]["pdf"]) + f"#page={t['page']}"
            out.append(f'<li><a href="{target}">{_img(gid, t, name + " rulebook, page " + str(t["page"]))}</a></li>')
        out.append("</ul><p>Read the whole rulebook: " + ", ".join(
            f'<a href="{_href(gid, e["pdf"])}">{escape(paper_name(pp))} PDF</a> ({_plural(e["pages"], "page")}, '
            f'{_size(e["bytes"])})' for pp, e in book.items()) + "</p>")
    if first:
        out.append("<h3>Every printable</h3>")
        out.append('<ul class="cards">')
        for e in first["printables"]:
            stem = e["stem"]
            per_paper = [next(x for x in p["printables"] if x["stem"] == stem) for p in papers.values()
                         if any(x["stem"] == stem for x in p["printables"])]
            t = thumbs.get("printables", {}).get(stem)
            img = _img(gid, t, f"First page of {e['title']}") if t else ""
            links = "".join(f'<li><a href="{_href(gid, x["pdf"])}">{escape(e["title"])}, '
                            f'{escape(paper_name(x["pdf"].split("/")[0]))} PDF</a> '
                            f'({_plural(x["pages"], "page")}, {_size(x["bytes"])})</li>' for x in per_paper)
            advice = f'{e["sides"]}, copies: {e.get("copies", "1")}; cut: {e.get("cut") or "nothing to cut"}'
            out.append(f'<li><figure>{img}<figcaption><strong>{escape(e["title"])}</strong>, '
                       f'{escape(advice)}<ul>{links}</ul></figcaption></figure></li>')
        out.append("</ul>")
    if rec.get("pieces"):
        out.append("<h3>3D-printable terrain</h3>")
        out.append('<ul class="cards">')
        for piece in rec["pieces"]:
            img = ""
            if piece.get("preview"):
                img = _img(gid, piece["preview"], f"Shaded preview of the 3D piece {piece['name']}")
            links = "".join(f'<li><a href="{_href(gid, path)}">{escape(piece["name"])}, {kind.upper()}</a> '
                            f'({_size(piece["bytes"][kind])})</li>' for kind, path in piece["files"].items())
            copies = re.search(r"-x(\d+)$", piece["name"])  # the mesh step names a repeated part <name>-xN
            many = f", print {copies.group(1)}" if copies else ", print 1"
            out.append(f'<li><figure>{img}<figcaption><strong>{escape(piece["name"])}</strong>{many}'
                       f'<ul>{links}</ul></figcaption></figure></li>')
        out.append("</ul>")
    for t in rec.get("terrain", []):
        out.append(f'<h3>3D terrain: {escape(t["map"].replace("-", " ").title())}</h3>')
        out.append(f"<p>Print-bed plates (3MF, one named object per tile, in its terrain's colour), each "
                   f"distinct tile as STL, and the bill of materials: "
                   + ", ".join(f'<a href="{_href(gid, b["href"])}">{escape(b["name"])}</a>' for b in t["bom"])
                   + ".</p>")
        out.append('<ul class="cards">')
        for plate in t["plates"]:
            img = _img(gid, plate["preview"], f"Plate {plate['name']} seen from above") if plate.get("preview") else ""
            out.append(f'<li><figure>{img}<figcaption><strong>{escape(plate["name"])}</strong><ul><li>'
                       f'<a href="{_href(gid, plate["3mf"])}">{escape(plate["name"])}, 3MF</a> '
                       f'({_size(plate["bytes"])})</li></ul></figcaption></figure></li>')
        out.append("</ul>")
        if t["tiles"]:
            out.append("<p>Tiles: " + ", ".join(f'<a href="{_href(gid, x["stl"])}">{escape(x["name"])}</a>'
                                                 for x in t["tiles"]) + ".</p>")
    for info in rec.get("exports", {}).values():
        out.append(f"<h3>{escape(info['title'])}</h3><p>{escape(info['text'])}</p><ul>")
        for link in info["links"]:
            out.append(f'<li><a href="{_href(gid, link["href"])}">{escape(link["label"])}</a></li>')
        out.append("</ul>")
    out.append("</section>")
    return "\n".join(out)


STYLE = """
body{font-family:"Noto Sans",system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;
color:#1d1d1b;background:#fbf8f1;line-height:1.45}
h1,h2,h3{font-family:"Noto Serif",Georgia,serif;line-height:1.2}
h2{border-bottom:2px solid #8c7b5f;padding-bottom:.2rem;margin-top:2.5rem}
.version{font-size:.6em;font-weight:normal;color:#5a4d3a}
a{color:#1f4f8f}
a:focus{outline:3px solid #e0a100}
table{border-collapse:collapse;margin:.5rem 0}
caption{text-align:left;font-style:italic;padding-bottom:.3rem}
th,td{border-bottom:1px solid #c9bfa9;padding:.35rem .6rem;text-align:left;vertical-align:top}
thead th{background:#4a3b2a;color:#fff}
ul.cards,ul.pages{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:1rem}
ul.cards>li{width:240px;background:#fff;border:1px solid #d8cfbc;border-radius:6px;padding:.5rem}
ul.cards img{max-width:100%;height:auto;border:1px solid #ddd;background:#fff}
ul.pages img{border:1px solid #bbb;max-width:100%;height:auto;background:#fff}
figure{margin:0}
figcaption ul{padding-left:1.1rem;margin:.3rem 0 0}
nav ul{padding-left:1.2rem}
"""


def gallery_html(records: list[dict], *, out: Path) -> str:
    """The gallery page for the games' records (see publish_game), with links relative to ``out``."""
    nav = "".join(f'<li><a href="#{escape(r["id"])}">{escape(r["name"])}</a> (version {escape(r["version"])})</li>'
                  for r in records)
    body = "\n".join(_game(r) for r in records)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Print-and-play gallery</title>
<style>{STYLE}</style>
</head>
<body>
<header>
<h1>Print-and-play gallery</h1>
<p>Every game here comes as one print kit per paper size: open it, print its first page at 100 %,
and it tells you which pages to print, how and how many, and what to cut. The zip holds the kit,
every separate PDF and a README.</p>
<nav aria-label="Games"><h2 class="nav">Games</h2><ul>{nav}</ul></nav>
</header>
<main>
{body}
</main>
<footer><p>Made with printgen.</p></footer>
</body>
</html>
"""
