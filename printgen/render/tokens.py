"""Token sheets: every token at the game's diameter, in the counts the data asks for.

Each face is the layout ``token`` (its back ``token-back``): printgen's own in
printgen/layout/builtin/, which a game replaces or extends in its templates. The
sheet groups tokens by kind under a heading; tokens with a back get a mirrored
backs page for long-edge duplex printing.
"""

from __future__ import annotations

import math

from ..draw.colour import INK
from ..draw.document import Document, Group, Op, Page, Text, pt
from ..draw.facts import PrintFacts
from ..draw.page import PageSpec
from ..findings import Finding
from ..model.content import Token
from .compose import finish, heading
from .sheets import mirror_x, take_face

TOKEN_GAP = 1.6  # mm between neighbouring bleeds
SECTION_H = 7.0  # mm for a token type's heading
FRONT, BACK = "token", "token-back"


class TokenFaces:
    """The game's token faces from its layouts, each drawn once (mm, bleed-box coordinates)."""

    def __init__(self, game, *, picture: bool = False) -> None:
        """``picture``: for a picture of a token (the rulebook's), drawn by the game's shared maker."""
        from ..layout.face_geometry import face_size
        from ..layout.sheets import FaceMaker, picture_maker

        self.maker = picture_maker(game) if picture else FaceMaker(game)
        self.tokens = list(game.data.tokens or [])
        self.diameter, _, self.bleed = face_size(self.maker.layouts[FRONT], game.data.game)
        self.box = self.diameter + 2 * self.bleed  # the bleed disc's square, mm
        self._drawn: dict[tuple[int, bool], list[Op]] = {}
        self._frozen: dict[tuple[int, bool], tuple[Op, ...]] = {}

    def face(self, index: int, *, back: bool = False, bleed: float | None = None) -> list[Op]:
        """Token ``index``'s face in its bleed box (``bleed`` mm instead of the layout's: exports)."""
        key = (index, back)
        if bleed is None and key in self._drawn:
            return self._drawn[key]
        t = self.tokens[index]
        layout = self.maker.layouts[BACK if back else FRONT]
        ops = self.maker.draw(layout, t, "tokens", index, f"token '{t.name}'" + (" (back)" if back else ""),
                              bleed=bleed)
        if bleed is None:
            self._drawn[key] = ops
        return ops

    def at(self, index: int, cx: float, cy: float, *, back: bool = False) -> Group:
        """Token ``index``'s face centred on (cx, cy) mm: its ops in a group moved there, as a card sheet
        places a card (sheets.place). Every copy holds the very same ops, so the preflight reads the face
        once (preflight/parts.py) and the PDF draws it once, as a form placed by reference (share_repeats)."""
        key = (index, back)
        ops = self._frozen.get(key)
        if ops is None:
            ops = self._frozen[key] = tuple(self.face(index, back=back))
        return Group(ops, (1.0, 0.0, 0.0, 1.0, cx - self.box / 2, cy - self.box / 2))


def check_tokens(game) -> list[Finding]:
    """Validation hook: every token face (and back) drawn once, so a label that cannot fit or a broken
    token layout is a finding before anything is written."""
    if not game.ok() or not (game.data.tokens or []):
        return []
    faces = TokenFaces(game)
    for i, t in enumerate(faces.tokens):
        faces.face(i)
        if t.back:
            faces.face(i, back=True)
    return faces.maker.found


def token_pages(faces: TokenFaces, spec: PageSpec) -> list[Page]:
    x0, y0, x1, y1 = spec.content
    tokens: list[Token] = faces.tokens
    pitch = faces.box + TOKEN_GAP
    cols = max(1, int((x1 - x0 + TOKEN_GAP) // pitch))
    left = x0 + (x1 - x0 - (cols * pitch - TOKEN_GAP)) / 2 + pitch / 2 - TOKEN_GAP / 2
    pages: list[Page] = []
    backs: list[Page] = []
    page = back = None
    y = y1  # forces a new page
    for index, t in enumerate(tokens):
        rows = math.ceil(t.count / cols) if t.count else 0
        if not rows:
            continue
        need = SECTION_H + pitch
        if page is None or y + need > y1:
            page, back = Page(spec.width, spec.height), Page(spec.width, spec.height)
            pages.append(page)
            backs.append(back)
            y = y0
        page.add(heading(x0, y + 4.6, f"{t.name}", pt(10)))
        page.add(Text(x1, y + 4.6, f"{t.type}, {t.count} to cut", "sans", pt(7), INK, "end"))
        y += SECTION_H
        placed = 0
        for row in range(rows):
            if y + pitch > y1:
                page, back = Page(spec.width, spec.height), Page(spec.width, spec.height)
                pages.append(page)
                backs.append(back)
                y = y0
                page.add(heading(x0, y + 4.6, f"{t.name} (continued)", pt(10)))
                y += SECTION_H
            cy = y + pitch / 2
            for col in range(cols):
                if placed == t.count:
                    break
                cx = left + col * pitch
                page.add(faces.at(index, cx, cy))
                _grow(page, faces, cx, cy)
                if t.back:
                    back.add(faces.at(index, mirror_x(cx, 0.0, spec), cy, back=True))
                    _grow(back, faces, mirror_x(cx, 0.0, spec), cy)
                placed += 1
            y += pitch
    out: list[Page] = []
    duplex = any(b.ops for b in backs)
    for p, b in zip(pages, backs):
        out.append(p)
        if duplex:  # every sheet keeps its back, so fronts and backs alternate all through the document
            b.label = "backs" if b.ops else "backs (none on this sheet)"
            out.append(b)
    return out


def _grow(page: Page, faces: TokenFaces, cx: float, cy: float) -> None:
    """Take the token centred on (cx, cy) into the page's trim and bleed boxes (its TrimBox and BleedBox)."""
    r, b = faces.diameter / 2, faces.box / 2
    take_face(page, (cx - r, cy - r, cx + r, cy + r), (cx - b, cy - b, cx + b, cy + b))


def render_tokens(game, spec: PageSpec) -> dict[str, Document]:
    """Asset renderer: all the game's tokens on one document."""
    tokens = game.data.tokens
    if not tokens:
        return {}
    d = game.data.game.token.diameter
    pages = token_pages(TokenFaces(game), spec)
    return {"tokens": finish(pages, spec, game=game.data.game, title=f"{d:g} mm tokens",
                              facts=PrintFacts(part="tokens"))}
