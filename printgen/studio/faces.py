"""Every face of a game alone, as a PNG: each card front (and its back), each token, each tile.

The faces are drawn as the print sheets draw them (printgen.layout.sheets.FaceMaker, the pack's own
decks through printgen.publish.cards), at trim size without bleed, and rasterised together by pdfium.
A face drawn exactly as last time (the same ops) keeps its file: only what an edit changed is made
again, so a one-card edit rasterises one card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..findings import Location
from ..names import slug
from ..write.reuse import source_digest

FACE_DPI = 150  # a poker card is 375 x 525 px: sharp when opened large, small enough to swap fast
STUDIO = ".studio"  # under the output folder: the studio's own images (no game id starts with a dot)


@dataclass
class Face:
    """One face as the studio shows it. ``path`` is relative to the output folder."""

    game: str
    group: str  # "Class cards", "Tokens": what the page groups by
    kind: str  # "card", "back", "token", "tile"
    name: str
    key: str  # unique within the game: "class-cards/03-knight"
    data: Location | None = None  # the data record it was drawn from
    layout: str = ""  # the layout's name
    layout_loc: Location | None = None
    ops: list = field(default_factory=list, repr=False)
    box: tuple[float, float] = (0.0, 0.0)  # mm
    size_px: tuple[int, int] = (0, 0)
    digest: str = ""
    layout_file: str = ""  # absolute: layout_loc.file is relative to the folder the layout was read in

    @property
    def path(self) -> str:
        return f"{STUDIO}/{self.game}/faces/{self.key}.png"


def _px(mm: float) -> int:
    return max(1, round(mm / 25.4 * FACE_DPI))


def _sized(face: Face, w: float, h: float) -> Face:
    face.box, face.size_px = (w, h), (_px(w), _px(h))
    face.digest = source_digest("studio-face", face.ops, face.box, face.size_px)[:16]
    return face


def _layout_faces(game) -> list[Face]:
    from ..layout.face import bleed_box
    from ..layout.face_geometry import face_size
    from ..layout.sheets import FaceMaker, game_sheets, labels, ordered, uses_item

    maker = FaceMaker(game)
    out: list[Face] = []
    for sheet, index in game_sheets(game):
        front = maker.layouts.get(sheet.front)
        back = maker.layouts.get(sheet.back) if sheet.back else None
        items = ordered(maker, sheet, index)
        if front is None or not items:
            continue
        w, h, _ = face_size(front, game.data.game)
        _, _, bw, bh = bleed_box(w, h, 0.0, "hex" if sheet.sheet == "hex" else "rect")
        group = (sheet.title or sheet.name.replace("-", " ")).capitalize()
        names = labels(maker, sheet, index, items)
        for n, (name, (i, item)) in enumerate(zip(names, items), start=1):
            key = f"{slug(sheet.name)}/{n:03d}-{slug(name) or 'face'}"
            loc = game.source.loc((sheet.kind, i))
            ops = maker.draw(front, item, sheet.kind, i, f"{sheet.kind} '{name}'", bleed=0.0)
            out.append(_sized(Face(game.game_id, group, "card", name, key, loc, sheet.front,
                                   front.loc("elements"), ops, layout_file=front.source), bw, bh))
            if back is not None and (uses_item(back) or n == 1):
                bname = f"{name} (back)" if uses_item(back) else "Card back"
                ops = maker.draw(back, item, sheet.kind, i, f"{sheet.kind} '{name}' (back)", bleed=0.0)
                out.append(_sized(Face(game.game_id, group, "back", bname, key + "-back",
                                       loc if uses_item(back) else None, sheet.back, back.loc("elements"), ops,
                                       layout_file=back.source), bw, bh))
    return out


def _token_faces(game) -> list[Face]:
    from ..render.tokens import BACK, FRONT, TokenFaces

    if not getattr(game.data, "tokens", None):
        return []
    faces = TokenFaces(game)
    layouts = faces.maker.layouts
    if FRONT not in layouts:
        return []
    d = faces.diameter
    out = []
    for i, token in enumerate(faces.tokens):
        loc = game.source.loc(("tokens", i))
        for back in (False, True) if BACK in layouts else (False,):
            name = f"{token.name} (back)" if back else str(token.name)
            key = f"tokens/{i + 1:03d}-{slug(str(token.name)) or 'token'}" + ("-back" if back else "")
            out.append(_sized(Face(game.game_id, "Tokens", "back" if back else "token", name, key, loc,
                                   BACK if back else FRONT, layouts[BACK if back else FRONT].loc("elements"),
                                   faces.face(i, back=back, bleed=0.0),
                                   layout_file=layouts[BACK if back else FRONT].source), d, d))
    return out


def _pack_faces(game) -> list[Face]:
    """Decks a rule pack groups itself (Hexatech's tiles): no layout record to point at."""
    from ..publish.cards import OTHER_DECKS

    other = OTHER_DECKS.get(game.pack.system) if game.pack else None
    out = []
    for deck in other(game) if other else []:
        w, h = deck.box(0.0)
        for n, card in enumerate(deck.cards, start=1):
            key = f"{deck.slug}/{n:03d}-{slug(card.name) or 'tile'}"
            out.append(_sized(Face(game.game_id, deck.name, "tile", card.name, key, None, "", deck.where,
                                   card.face(0.0)), w, h))
        out.append(_sized(Face(game.game_id, deck.name, "back", "Back", f"{deck.slug}/back", None, "", deck.where,
                               deck.back(0.0)), w, h))
    return out


def _hexprint_markers(game) -> list[Face]:
    from ..packs.hexprint.printables import marker_faces

    if game.data.looks is None or not game.data.units:
        return []
    maker, box, faces = marker_faces(game)
    layout = maker.layouts["initiative-marker"]
    return [_sized(Face(game.game_id, "Initiative markers", "marker", str(u.type), f"markers/{i + 1:03d}-"
                        f"{slug(str(u.type)) or 'marker'}", game.source.loc(("units", i)), "initiative-marker",
                        layout.loc("elements"), ops), box, box)
            for i, (u, ops) in enumerate(zip(game.data.units, faces))]


def _heroscape_markers(game) -> list[Face]:
    from ..layout.face_geometry import face_size
    from ..packs.heroscape_style.markers import MarkerFaces

    m = MarkerFaces(game)
    out = []
    for group, layout, (fronts, backs), names, kind in (
            ("Order markers", "order-marker", m.orders(),
             [f"{p.name} {o}" for p in game.rules.players for o in game.rules.orders], "rules"),
            ("Glyphs", "glyph", m.glyphs(), [str(g.name) for g in game.data.glyphs or []], "glyphs")):
        if not fronts:
            continue
        w, h, bleed = face_size(m.maker.layouts[layout], game.data.game)
        loc = m.maker.layouts[layout].loc("elements")
        for n, (name, ops) in enumerate(zip(names, fronts), start=1):
            data = game.source.loc(("glyphs", n - 1)) if kind == "glyphs" else None
            out.append(_sized(Face(game.game_id, group, "marker", name, f"{slug(group)}/{n:03d}-{slug(name) or 'm'}",
                                   data, layout, loc, ops), w + 2 * bleed, h + 2 * bleed))
        out.append(_sized(Face(game.game_id, group, "back", "Back", f"{slug(group)}/back", None, f"{layout}-back"
                               if layout == "glyph" else "order-back", loc, backs[0]), w + 2 * bleed, h + 2 * bleed))
    return out


# rule system -> the faces its pack draws beyond card sheets and tokens (markers)
PACK_FACES = {
    "hexprint": _hexprint_markers,
    "heroscape-style": _heroscape_markers,
}


def game_faces(game) -> list[Face]:
    """Every face of a valid game, drawn (not yet rasterised)."""
    extra = PACK_FACES.get(game.pack.system) if game.pack else None
    return _layout_faces(game) + _token_faces(game) + _pack_faces(game) + (extra(game) if extra else [])


def face_files(faces: list[Face], *, out: Path, last: dict[str, str]) -> dict[str, bytes]:
    """The PNG of every face not already on disk as drawn (``last``: path -> digest of the last round)."""
    from ..publish.raster import items_images
    from ..write.raster import png_bytes

    todo = [f for f in faces if last.get(f.path) != f.digest or not (out / f.path).is_file()]
    files: dict[str, bytes] = {}
    # faces of one size are rasterised as one PDF (one pdfium document, one page each)
    by_size: dict[tuple, list[Face]] = {}
    for f in todo:
        by_size.setdefault((f.box, f.size_px), []).append(f)
    for (box, size), group in by_size.items():
        for f, img in zip(group, items_images([f.ops for f in group], *box, size_px=size)):
            files[f.path] = png_bytes(img, dpi=FACE_DPI)
    return files
