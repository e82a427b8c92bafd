"""The ``foldover`` print profile: fold-over ("gutter-fold") sheets, ``foldover/<deck>.pdf``, for every
deck with backs, and the duplex calibration sheet, ``foldover/duplex-calibration.pdf``.

A fold-over sheet holds fronts on one half and their backs on the other, with a dashed fold line
between. Folded on the line (the backs half behind), each back lands behind its own front: the fold
mirrors left and right, so a front whose box starts x mm from the sheet's left edge has its back at
W - x - (box width), drawn upright (the fold keeps up and down). Glued flat, the pair is cut out through
both layers along the crop marks. No duplex printer and no back misaligned by the printer's feed.
Lengths in mm; the paper is the cut sheets' (``print: {cut: {paper: ...}}``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..draw.colour import INK
from ..draw.document import Group, Op, Page, Poly, Style, Text, pt
from ..draw.facts import PrintFacts
from ..draw.page import PageSpec
from ..render.sheets import CROP, MARK_GAP, MARK_LEN, MARK_SPACE
from .cards import CardDeck, card_decks

FOLD_GAP = 5.0  # mm from the fold line to the nearest face box, on each side (room for the crop marks)
BLEED = 3.0  # mm of each face beyond its cut, the home sheets' own
HEAD = 14.0  # mm at the top for how to fold and glue
FOLD = Style(stroke="#606060", width=0.3, dash=(3.0, 2.0))
HOW = ("Fold on the dashed line, printed sides out, backs behind fronts. Glue the halves flat (a thin, even",
       "glue stick), let it dry under a book, then cut on the crop marks through both layers.")


@dataclass(frozen=True)
class FoldLayout:
    width: float  # the sheet, mm (landscape when that holds more)
    height: float
    cols: int  # per half
    rows: int
    box: tuple[float, float]  # a face's box with its bleed, mm
    origin: tuple[float, float]  # the fronts grid's top-left

    def fronts(self) -> list[tuple[float, float]]:
        bw, bh = self.box
        return [(self.origin[0] + c * bw, self.origin[1] + r * bh) for r in range(self.rows) for c in range(self.cols)]

    def back_of(self, x: float) -> float:
        """Where the back of a face box at ``x`` goes: its mirror across the fold line."""
        return self.width - x - self.box[0]


def fold_layout(paper: tuple[float, float], box: tuple[float, float], margin: float) -> FoldLayout | None:
    """The sheet way up that holds the most ``box``-sized faces per half (None: not one fits)."""
    best = None
    for w, h in (paper, (paper[1], paper[0])):
        spec = PageSpec("custom", w, h, margin)
        x0, y0, x1, y1 = spec.content
        half = w / 2 - FOLD_GAP - x0 - MARK_SPACE
        cols = int(half // box[0])
        rows = int((y1 - y0 - HEAD - 2 * MARK_SPACE) // box[1])
        if cols < 1 or rows < 1:
            continue
        gh = rows * box[1]
        origin = (w / 2 - FOLD_GAP - cols * box[0], y0 + HEAD + MARK_SPACE + (y1 - y0 - HEAD - 2 * MARK_SPACE - gh) / 2)
        layout = FoldLayout(w, h, cols, rows, box, origin)
        if best is None or cols * rows > best.cols * best.rows:
            best = layout
    return best


def _crop(layout: FoldLayout, bleed: float) -> list[Op]:
    """Crop marks on the fronts' half: above, below and left of the grid, on each trim line."""
    bw, bh = layout.box
    gx0, gy0 = layout.origin
    gx1, gy1 = gx0 + layout.cols * bw, gy0 + layout.rows * bh
    ops: list[Op] = []
    for c in range(layout.cols):
        for x in (gx0 + c * bw + bleed, gx0 + (c + 1) * bw - bleed):
            ops.append(Poly(((x, gy0 - MARK_GAP - MARK_LEN), (x, gy0 - MARK_GAP)), CROP, closed=False, role="crop"))
            ops.append(Poly(((x, gy1 + MARK_GAP), (x, gy1 + MARK_GAP + MARK_LEN)), CROP, closed=False, role="crop"))
    for r in range(layout.rows):
        for y in (gy0 + r * bh + bleed, gy0 + (r + 1) * bh - bleed):
            ops.append(Poly(((gx0 - MARK_GAP - MARK_LEN, y), (gx0 - MARK_GAP, y)), CROP, closed=False, role="crop"))
    return ops


def fold_pages(deck: CardDeck, layout: FoldLayout, margin: float) -> list[Page]:
    """Every card of ``deck`` (as often as the deck holds it) with its back on fold-over sheets."""
    faces = [card.face(BLEED) for card in deck.cards for _ in range(max(card.count, 0))]
    back = deck.back(BLEED)
    slots = layout.fronts()
    pages = []
    for start in range(0, len(faces), len(slots)):
        page = Page(layout.width, layout.height, label="fold-over: fronts left, backs right")
        x0, y0, _, y1 = PageSpec("custom", layout.width, layout.height, margin).content
        page.add(Text(x0, y0 + 4, f"{deck.name}: fold-over sheet", "serif-bold", pt(10), INK))
        page.add(*(Text(x0, y0 + 8 + 3 * i, line, "sans", pt(6.5), INK) for i, line in enumerate(HOW)))
        for (x, y), face in zip(slots, faces[start:start + len(slots)]):
            page.add(Group(tuple(face), (1.0, 0.0, 0.0, 1.0, x, y)))
            page.add(Group(tuple(back), (1.0, 0.0, 0.0, 1.0, layout.back_of(x), y)))
        if deck.shape == "rect":
            page.add(*_crop(layout, BLEED))
        mid = layout.width / 2
        page.add(Poly(((mid, y0 + HEAD - 1), (mid, y1)), FOLD, closed=False, role="fold"))
        page.add(Text(mid, y0 + HEAD - 2, "fold", "sans", pt(6), INK, "middle"))
        pages.append(page)
    return pages


def _paper_name(paper: tuple[float, float]) -> str:
    from ..units import PAPER_SIZES

    return next((k for k, v in PAPER_SIZES.items() if v == paper), "custom")


def foldover_export(game, gout, reuse=None) -> tuple[dict[str, bytes], dict]:
    """The fold-over sheets of every deck with backs and the duplex calibration sheet, and the gallery entry."""
    from ..render.compose import finish
    from ..render.duplex import calibration_pages
    from ..write.pdf import to_pdf

    cfg = game.data.game
    paper, margin = cfg.print.cut.paper, cfg.print.margin
    name = _paper_name(paper)
    files, links = {}, []
    for deck in card_decks(game):
        if not deck.cards or not deck.back(BLEED):
            continue  # no backs: the home sheets are the same thing
        layout = fold_layout(paper, deck.box(BLEED), margin)
        if layout is None:
            continue
        spec = PageSpec(name, layout.width, layout.height, margin)
        pages = fold_pages(deck, layout, margin)
        doc = finish(pages, spec, game=cfg, title=f"{deck.name} (fold-over)",
                     facts=PrintFacts(part="cards", notes=(" ".join(HOW),), tools=("glue stick",)))
        files[f"foldover/{deck.slug}.pdf"] = to_pdf(doc)
        links.append({"href": f"foldover/{deck.slug}.pdf", "label": f"{deck.name}: {len(pages)} fold-over sheets, "
                      f"{layout.cols * layout.rows} cards a sheet"})
    spec = PageSpec(name, paper[0], paper[1], margin)
    files["foldover/duplex-calibration.pdf"] = to_pdf(finish(calibration_pages(spec), spec, game=cfg,
                                                             title="duplex calibration"))
    links.append({"href": "foldover/duplex-calibration.pdf", "label": "Duplex calibration sheet (for double-sided "
                  "printing instead)"})
    facts = {"paper": f"{paper[0]:g} x {paper[1]:g} mm, printed on one side", "fold": "on the dashed line, backs behind",
             "glue": "a thin, even glue stick; dry flat under a book", "cut": "on the crop marks, through both layers"}
    return files, {"title": "Fold-over sheets", "facts": facts, "links": links, "findings": [],
                   "text": "Fronts and their backs side by side: fold, glue and cut, and every back is behind its front "
                           "without a duplex printer. To print double-sided instead, print the calibration sheet and "
                           "set print: {duplex: {x: ..., y: ...}} in game.yaml from what it shows."}
