"""The players' gallery: ``index.html`` (every game, with its cover) and a page per game (``<id>.html``).

Plain HTML and CSS, no script: it works opened from disk (file://) and from any static host, reads well
on a phone (one column under 40 rem) and without images (every image has alt text, every fact is also
in words). Links are relative. A game's page puts the print kit and the zip first, then the rulebook
once, every printable by the title its data gives it, every card on its own, the 3D pieces and terrain
plates with their bills, then the digital exports.
"""

from __future__ import annotations

import re
from html import escape
from urllib.parse import quote

GALLERY = "index.html"


def page_name(gid: str) -> str:
    return f"{gid}.html"


def _size(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB" if n >= 1_000_000 else f"{max(1, round(n / 1000))} kB"


def _href(gid: str, rel: str) -> str:
    return escape(quote(f"{gid}/{rel}"))


def _img(gid: str, t: dict, alt: str, cls: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    return f'<img{c} src="{_href(gid, t["src"])}" width="{t["w"]}" height="{t["h"]}" alt="{escape(alt)}">'


def paper_name(paper: str) -> str:
    """"a4" -> "A4", "letter" -> "Letter"."""
    return paper.upper() if len(paper) <= 2 else paper.title()


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _cards(rec: dict) -> list[dict]:
    return rec.get("exports", {}).get("cards", {}).get("decks", [])


def cover(rec: dict) -> tuple[dict, str] | None:
    """The game's cover art: the rulebook's first page, else its first card, else its first printable."""
    thumbs = rec.get("thumbs", {})
    if thumbs.get("rulebook"):
        return thumbs["rulebook"][0], f"{rec['name']}: the rulebook's cover"
    for deck in _cards(rec):
        if deck["cards"]:
            return deck["cards"][0], f"{rec['name']}: the card {deck['cards'][0]['name']}"
    first = next(iter(thumbs.get("printables", {}).items()), None)
    return (first[1], f"{rec['name']}: {first[0].replace('-', ' ')}") if first else None


def _downloads(rec: dict) -> list[str]:
    gid, name, papers = rec["id"], rec["name"], rec.get("papers", {})
    if not papers:
        return []
    out = ['<section aria-labelledby="kit"><h2 id="kit">Download the print kit</h2>',
           "<p>One PDF to print: its first page says which pages to print, how and how many, and what to cut. "
           "The zip adds every separate PDF and a README.</p>", '<ul class="downloads">']
    for paper, p in papers.items():
        out.append(f'<li><a class="button" href="{_href(gid, p["kit"])}">{escape(name)} print kit, '
                   f'{escape(paper_name(paper))}</a> <span>PDF, {_plural(p["kit_pages"], "page")}, '
                   f'{_size(p["kit_bytes"])}</span> <a href="{_href(gid, p["zip"])}">{escape(name)} files, '
                   f'{escape(paper_name(paper))}</a> <span>zip, {_size(p["zip_bytes"])}</span></li>')
    out.append("</ul></section>")
    return out


def _rulebook(rec: dict) -> list[str]:
    gid, name, papers, thumbs = rec["id"], rec["name"], rec.get("papers", {}), rec.get("thumbs", {})
    book = {pp: e for pp, p in papers.items() for e in p["printables"] if e["stem"] == "rulebook"}
    if not book:
        return []
    out = ['<section aria-labelledby="rulebook"><h2 id="rulebook">Rulebook</h2>']
    first = book.get(thumbs.get("paper")) or next(iter(book.values()))
    if thumbs.get("rulebook"):
        out.append('<ul class="pages">')
        for t in thumbs["rulebook"]:
            target = _href(gid, first["pdf"]) + f"#page={t['page']}"
            out.append(f'<li><a href="{target}">{_img(gid, t, name + " rulebook, page " + str(t["page"]))}</a></li>')
        out.append("</ul>")
    out.append("<p>Read the whole rulebook: " + ", ".join(
        f'<a href="{_href(gid, e["pdf"])}">{escape(paper_name(pp))} PDF</a> ({_plural(e["pages"], "page")}, '
        f'{_size(e["bytes"])})' for pp, e in book.items()) + "</p></section>")
    return out


def _printables(rec: dict) -> list[str]:
    gid, papers, thumbs = rec["id"], rec.get("papers", {}), rec.get("thumbs", {})
    first = next(iter(papers.values()), None)
    entries = [e for e in first["printables"] if e["stem"] != "rulebook"] if first else []
    if not entries:
        return []
    out = ['<section aria-labelledby="printables"><h2 id="printables">Every printable</h2>', '<ul class="tiles">']
    for e in entries:
        stem = e["stem"]
        per_paper = [x for p in papers.values() for x in p["printables"] if x["stem"] == stem]
        t = thumbs.get("printables", {}).get(stem)
        img = _img(gid, t, f"First page of {e['title']}") if t else ""
        links = "".join(f'<li><a href="{_href(gid, x["pdf"])}">{escape(e["title"])}, '
                        f'{escape(paper_name(x["pdf"].split("/")[0]))} PDF</a> '
                        f'({_plural(x["pages"], "page")}, {_size(x["bytes"])})</li>' for x in per_paper)
        advice = f'{e["sides"]}, copies: {e.get("copies", "1")}; cut: {e.get("cut") or "nothing to cut"}'
        out.append(f'<li><figure>{img}<figcaption><h3>{escape(e["title"])}</h3><p>{escape(advice)}</p>'
                   f'<ul>{links}</ul></figcaption></figure></li>')
    out.append("</ul></section>")
    return out


def _card_section(rec: dict) -> list[str]:
    gid, decks = rec["id"], _cards(rec)
    if not decks:
        return []
    out = ['<section aria-labelledby="cards"><h2 id="cards">Every card</h2>']
    for deck in decks:
        out.append(f'<h3>{escape(deck["name"])} <span class="count">({_plural(len(deck["cards"]), "card")})'
                   f'</span></h3><ul class="cards {escape(deck.get("shape", "rect"))}">')
        for c in deck["cards"]:
            many = f' <span class="count">x{c["count"]}</span>' if c.get("count", 1) > 1 else ""
            out.append(f'<li><figure>{_img(gid, c, c["name"])}<figcaption>{escape(c["name"])}{many}'
                       f'</figcaption></figure></li>')
        if deck.get("back"):
            out.append(f'<li><figure>{_img(gid, deck["back"], deck["name"] + ": the back")}'
                       f'<figcaption>The back</figcaption></figure></li>')
        out.append("</ul>")
    out.append("</section>")
    return out


def _pieces(rec: dict) -> list[str]:
    gid = rec["id"]
    out = []
    if rec.get("pieces"):
        out += ['<section aria-labelledby="pieces"><h2 id="pieces">3D-printable terrain</h2>', '<ul class="tiles">']
        for piece in rec["pieces"]:
            img = _img(gid, piece["preview"], f"Shaded preview of the 3D piece {piece['name']}") \
                if piece.get("preview") else ""
            links = "".join(f'<li><a href="{_href(gid, path)}">{escape(piece["name"])}, {kind.upper()}</a> '
                            f'({_size(piece["bytes"][kind])})</li>' for kind, path in piece["files"].items())
            copies = re.search(r"-x(\d+)$", piece["name"])  # the mesh step names a repeated part <name>-xN
            many = f", print {copies.group(1)}" if copies else ", print 1"
            out.append(f'<li><figure>{img}<figcaption><strong>{escape(piece["name"])}</strong>{many}'
                       f'<ul>{links}</ul></figcaption></figure></li>')
        out.append("</ul></section>")
    for t in rec.get("terrain", []):
        title = t["map"].replace("-", " ").title()
        out.append(f'<section aria-labelledby="terrain-{escape(t["map"])}"><h2 id="terrain-{escape(t["map"])}">'
                   f"3D terrain: {escape(title)}</h2>")
        out.append("<p>Print-bed plates (3MF, one named object per tile, in its terrain's colour), each "
                   "distinct tile as STL, and the bill of materials: "
                   + ", ".join(f'<a href="{_href(gid, b["href"])}">{escape(b["name"])}</a>' for b in t["bom"])
                   + ".</p>")
        out.append('<ul class="tiles">')
        for plate in t["plates"]:
            img = _img(gid, plate["preview"], f"Plate {plate['name']} seen from above") if plate.get("preview") else ""
            out.append(f'<li><figure>{img}<figcaption><strong>{escape(plate["name"])}</strong><ul><li>'
                       f'<a href="{_href(gid, plate["3mf"])}">{escape(plate["name"])}, 3MF</a> '
                       f'({_size(plate["bytes"])})</li></ul></figcaption></figure></li>')
        out.append("</ul>")
        if t["tiles"]:
            out.append("<p>Tiles: " + ", ".join(f'<a href="{_href(gid, x["stl"])}">{escape(x["name"])}</a>'
                                                 for x in t["tiles"]) + ".</p>")
        out.append("</section>")
    return out


def _facts(info: dict) -> str:
    """What a print profile needs (a cutting machine's machine, mat, paper: printgen/cut/export.py), as a list."""
    facts = info.get("facts")
    if not isinstance(facts, dict) or not facts:
        return ""
    return '<dl class="facts">' + "".join(f"<dt>{escape(str(k).capitalize())}</dt><dd>{escape(str(v))}</dd>"
                                         for k, v in facts.items()) + "</dl>"


def _exports(rec: dict) -> list[str]:
    gid, out = rec["id"], []
    for key, info in rec.get("exports", {}).items():
        if key == "cards" or not info.get("links"):
            continue
        out.append(f'<section aria-labelledby="export-{escape(key)}"><h2 id="export-{escape(key)}">'
                   f"{escape(info['title'])}</h2><p>{escape(info['text'])}</p>" + _facts(info) + "<ul>")
        out += [f'<li><a href="{_href(gid, link["href"])}">{escape(link["label"])}</a></li>' for link in info["links"]]
        out.append("</ul></section>")
    return out


STYLE = """
*{box-sizing:border-box}
body{font-family:"Noto Sans",system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:0 1rem 2rem;
color:#1d1d1b;background:#fbf8f1;line-height:1.45}
h1,h2,h3{font-family:"Noto Serif",Georgia,serif;line-height:1.2}
h2{border-bottom:2px solid #8c7b5f;padding-bottom:.2rem;margin-top:2rem}
h3{font-size:1.05rem;margin:.3rem 0}
.version,.count{font-size:.8em;font-weight:normal;color:#5a4d3a}
a{color:#1f4f8f}
a:focus{outline:3px solid #e0a100}
nav.top{display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;padding:.6rem 0;border-bottom:1px solid #d8cfbc}
ul.games,ul.tiles,ul.cards,ul.pages,ul.downloads{list-style:none;padding:0;display:grid;gap:1rem}
ul.games{grid-template-columns:repeat(auto-fill,minmax(15rem,1fr))}
ul.tiles{grid-template-columns:repeat(auto-fill,minmax(14rem,1fr))}
ul.cards{grid-template-columns:repeat(auto-fill,minmax(9rem,1fr))}
ul.pages{grid-template-columns:repeat(auto-fill,minmax(12rem,1fr))}
ul.games>li,ul.tiles>li,ul.cards>li{background:#fff;border:1px solid #d8cfbc;border-radius:6px;padding:.5rem}
ul.games img,ul.tiles img,ul.pages img{width:100%;height:auto;border:1px solid #ddd;background:#fff}
ul.cards img{width:100%;height:auto;border-radius:4px;background:#fff}
ul.games>li{display:flex;flex-direction:column;gap:.4rem}
ul.games h2{margin:.2rem 0;border:0;font-size:1.3rem}
ul.games p{margin:0}
ul.games img{max-height:22rem;object-fit:contain}
ul.downloads li{background:#fff;border:1px solid #d8cfbc;border-radius:6px;padding:.6rem}
a.button{display:inline-block;background:#4a3b2a;color:#fff;padding:.35rem .7rem;border-radius:4px;
text-decoration:none;font-weight:bold}
figure{margin:0}
figcaption{font-size:.9rem}
figcaption ul{padding-left:1.1rem;margin:.3rem 0 0}
@media (max-width:40rem){body{padding:0 .6rem 1rem}ul.cards{grid-template-columns:repeat(2,1fr)}
ul.tiles,ul.games{grid-template-columns:1fr}ul.pages{grid-template-columns:repeat(3,1fr)}}
"""


def _page(title: str, body: str) -> str:
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{STYLE}</style>
</head>
<body>
{body}
<footer><p>Made with printgen.</p></footer>
</body>
</html>
"""


def index_html(records: list[dict]) -> str:
    """The gallery's front page: every game with its cover, its name, version and description."""
    items = []
    for rec in records:
        gid, name = rec["id"], rec["name"]
        art = cover(rec)
        img = f'<a href="{escape(quote(page_name(gid)))}" tabindex="-1">{_img(gid, *art)}</a>' if art else ""
        kits = ", ".join(f'<a href="{_href(gid, p["kit"])}">print kit, {escape(paper_name(pp))}</a>'
                         for pp, p in rec.get("papers", {}).items())
        items.append(f'<li id="{escape(gid)}">{img}<h2><a href="{escape(quote(page_name(gid)))}">{escape(name)}</a> '
                     f'<span class="version">version {escape(rec["version"])}</span></h2>'
                     + (f"<p>{escape(rec['description'])}</p>" if rec.get("description") else "")
                     + (f"<p>Download: {kits}</p>" if kits else "") + "</li>")
    body = ("<header><h1>Print-and-play gallery</h1><p>Every game here comes as one print kit per paper size: "
            "open it, print its first page at 100 %, and it tells you which pages to print, how and how many, "
            "and what to cut.</p></header>\n<main><ul class=\"games\">" + "\n".join(items) + "</ul></main>")
    return _page("Print-and-play gallery", body)


def game_html(records: list[dict], i: int) -> str:
    """Game ``i``'s own page, with links back to the index and to the games before and after it."""
    rec = records[i]
    nav = ['<a href="index.html">All games</a>']
    if i > 0:
        nav.append(f'<a href="{escape(quote(page_name(records[i - 1]["id"])))}" rel="prev">Previous: '
                   f'{escape(records[i - 1]["name"])}</a>')
    if i + 1 < len(records):
        nav.append(f'<a href="{escape(quote(page_name(records[i + 1]["id"])))}" rel="next">Next: '
                   f'{escape(records[i + 1]["name"])}</a>')
    parts = [f'<nav class="top" aria-label="Games">{"".join(nav)}</nav>',
             f'<header><h1>{escape(rec["name"])} <span class="version">version {escape(rec["version"])}</span></h1>']
    if rec.get("description"):
        parts.append(f"<p>{escape(rec['description'])}</p>")
    parts.append("</header><main>")
    parts += (_downloads(rec) + _rulebook(rec) + _printables(rec) + _card_section(rec) + _pieces(rec)
              + _exports(rec))
    parts.append('</main><nav class="top" aria-label="Back">' + nav[0] + "</nav>")
    return _page(f"{rec['name']}: print and play", "\n".join(parts))


def gallery_pages(records: list[dict]) -> dict[str, str]:
    """File name (under the output folder) -> HTML: the index and one page per game."""
    pages = {GALLERY: index_html(records)}
    pages.update({page_name(r["id"]): game_html(records, i) for i, r in enumerate(records)})
    return pages
