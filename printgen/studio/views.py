"""The studio's other answers: a face or a page at print resolution, a page opened with its findings, a face
before the last save, a layout's source, and the map painter's load and save.

Each is a function (handler, query) that answers through the handler; server.py routes to them. Renders
at print resolution are made on request from what the round kept (a face's ops, the draft build's PDF)
and cached by their digest, a few at a time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path
from urllib.parse import unquote

from .faces import FACE_DPI

DPIS = (75, 150, 300)  # resolutions a page may ask for: 300 is print resolution
CACHE_KEPT = 24  # renders kept in memory


class Renders:
    """Recent renders, keyed by what they were made from (a digest) and their resolution."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.kept: OrderedDict[tuple, bytes] = OrderedDict()

    def get(self, key: tuple, make) -> bytes:
        with self.lock:
            if key in self.kept:
                self.kept.move_to_end(key)
                return self.kept[key]
        data = make()
        with self.lock:
            self.kept[key] = data
            while len(self.kept) > CACHE_KEPT:
                self.kept.popitem(last=False)
        return data


def safe_file(out: Path, raw: str) -> Path | None:
    """The file ``raw`` (a URL path under /out/, still %-encoded) names inside ``out``, or None: no
    absolute path, no '..', nothing that resolves (through a link) outside the folder, no folder."""
    rel = unquote(raw)
    if not rel or "\x00" in rel or rel.startswith(("/", "\\")) or "\\" in rel:
        return None
    parts = rel.split("/")
    if any(p in ("", ".", "..") for p in parts):
        return None
    root = out.resolve()
    try:
        full = (root / rel).resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    return full if full.is_relative_to(root) and full.is_file() else None


def _dpi(query: dict) -> int:
    try:
        want = int(query.get("dpi", "300"))
    except ValueError:
        want = 300
    return min(DPIS, key=lambda d: abs(d - want))


def _view(handler, query):
    return next((g for g in handler.server.studio.games() if g.id == query.get("game")), None)


def face_png(handler, query) -> None:
    """/face.png?game=&key=&dpi=: one face at 75, 150 or 300 dpi, drawn from the ops the round kept."""
    from ..publish.raster import items_images
    from ..write.raster import png_bytes

    view = _view(handler, query)
    face = view.face(query.get("key", "")) if view else None
    if face is None or not face.ops:
        return handler._not_found()
    dpi = _dpi(query)
    size = tuple(max(1, round(v * dpi / FACE_DPI)) for v in face.size_px)

    def make() -> bytes:
        return png_bytes(items_images([face.ops], *face.box, size_px=size)[0], dpi=dpi)
    handler._send(200, handler.server.renders.get(("face", face.digest, dpi), make), "image/png",
                  cache="max-age=31536000, immutable")


def page_png(handler, query) -> None:
    """/page.png?game=&path=&dpi=: a sheet, map or rulebook page, from the draft build's PDF."""
    from ..write.raster import pdf_page_images, png_bytes
    from .catalogue import file_digest

    view = _view(handler, query)
    image = view.image(query.get("path", "")) if view else None
    pdf = safe_file(handler.server.studio.out, image.pdf) if image is not None and image.pdf else None
    if pdf is None:
        return handler._not_found()
    dpi = _dpi(query)

    def make() -> bytes:
        return png_bytes(pdf_page_images(pdf.read_bytes(), dpi=dpi, pages=[image.page - 1])[0], dpi=dpi)
    handler._send(200, handler.server.renders.get(("page", file_digest(pdf), image.page, dpi), make), "image/png",
                  cache="no-cache")


def page_detail(handler, query) -> None:
    """/page?game=&path=: a page opened large, with its findings, its PDF and (a map) its painter."""
    view = _view(handler, query)
    image = view.image(query.get("path", "")) if view else None
    if image is None:
        return handler._not_found()
    handler._html("page_detail.html.j2" if query.get("fragment") else "page_single.html.j2", view=view, image=image,
                  findings=view.page_findings(image), map=view.map_of(image), games=handler.server.studio.games())


def before_png(handler, query) -> None:
    """/before.png?path=: a face as it was before the last save that changed it."""
    kept = handler.server.studio.before.get(query.get("path", ""))
    if kept is None:
        return handler._not_found()
    handler._send(200, kept[1], "image/png")


def layout_source(handler, query) -> None:
    """/layout?game=&key=: the text of the layout that drew a face (the game's own or printgen's built-in)."""
    import printgen

    view = _view(handler, query)
    face = view.face(query.get("key", "")) if view else None
    if face is None or not face.layout_file:
        return handler._not_found()
    path = Path(face.layout_file)
    homes = [Path(view.folder).resolve(), Path(printgen.__file__).resolve().parent]
    if not any(path.is_relative_to(h) for h in homes) or not path.is_file() or path.stat().st_size > 1 << 20:
        return handler._not_found()
    builtin = path.is_relative_to(homes[1])
    handler._html("layout.html.j2", view=view, face=face, path=path, builtin=builtin,
                  lines=path.read_text(encoding="utf-8", errors="replace").splitlines())


def map_load(handler, query) -> None:
    """/map?game=&index=: what the painter starts from (JSON)."""
    from .mapedit import MapEditError, editor_data

    view = _view(handler, query)
    info = next((m for m in view.maps if str(m.index) == query.get("index")), None) if view else None
    if info is None:
        return handler._not_found()
    try:
        handler._json(200, {"ok": True, **editor_data(info)})
    except (MapEditError, OSError, UnicodeDecodeError) as exc:
        handler._json(getattr(exc, "status", 409), {"ok": False, "message": str(exc)})


def map_save(studio, data: dict) -> tuple[int, dict]:
    """POST /map {game, index, digest, layers}: the painted map written into the designer's file."""
    from ..project import Project
    from .mapedit import MapEditError, save_map

    view = next((g for g in studio.games() if g.id == data.get("game")), None)
    info = next((m for m in view.maps if m.index == data.get("index")), None) if view else None
    if info is None:
        return 404, {"ok": False, "message": "no such map (the page may be older than the last save)"}
    known = {(p.code, p.message) for p in view.findings if p.severity == "error"}
    try:
        with studio.map_lock:
            new = save_map(folder=view.folder, info=info, held=str(data.get("digest", "")), layers=data.get("layers"),
                           known=known, project=Project.of_game(view.folder))
    except MapEditError as exc:
        return exc.status, {"ok": False, "message": str(exc), "findings": exc.findings}
    except (OSError, UnicodeDecodeError) as exc:
        return 409, {"ok": False, "message": f"the map was not saved: {exc}"}
    studio.echo(f"studio: painted {info.name} saved into {info.file}")
    return 200, {"ok": True, "digest": new, "message": f"Saved into {Path(info.file).name}; redrawing..."}


GETS = {"/face.png": face_png, "/page.png": page_png, "/page": page_detail, "/before.png": before_png,
        "/layout": layout_source, "/map": map_load}
POSTS = {"/map": map_save}
