"""The gallery's thumbnails: a printable's first page, the rulebook's first pages, and where the game's
gallery record keeps them. The pages themselves are printgen.publish.gallery_pages."""

from __future__ import annotations


THUMB_W = 220  # px, a printable's first page
RULEBOOK_W = 300  # px, the rulebook's first pages
RULEBOOK_PAGES = 3


def thumbnail(stem: str, pdf: bytes) -> tuple[dict[str, bytes], dict]:
    """One printable's thumbnail (its first page) and, for the rulebook, its first pages: the files and
    their gallery entry ({"thumb": ..., "rulebook": [...]})."""
    from .raster import OpenPdf, page_rows  # pdfium: loaded where thumbnails are made

    # opened once: the rulebook's first page is drawn twice (its thumbnail, its first page), loaded once
    with OpenPdf(pdf) as doc:
        (rows,) = page_rows(doc, width_px=THUMB_W, pages=[0])  # pdfium's pixels straight into the PNG
        path = f"thumbs/{stem}.png"
        files = {path: rows.png()}
        entry: dict = {"thumb": {"src": path, "w": rows.width, "h": rows.height}}
        if stem == "rulebook":
            entry["rulebook"] = []
            for n, page in enumerate(page_rows(doc, width_px=RULEBOOK_W, pages=range(min(RULEBOOK_PAGES, len(doc)))),
                                     start=1):
                path = f"thumbs/rulebook-page-{n}.png"
                files[path] = page.png()
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


from .gallery_pages import GALLERY, gallery_pages, paper_name  # noqa: E402,F401 (re-exported)
