"""Print on demand: one PNG per card face at 300 dpi with 1/8 in bleed, plus a CSV of what to order.

Print-on-demand card services take each face as an image of the trim size plus
1/8 in (3.175 mm) of bleed on every side, at 300 dpi: 825 x 1125 px for a poker
card. Files go under ``output/<game>/pod/<deck>/``: ``NN-<card>-front.png`` and
one ``back.png`` shared by the deck; ``pod/cards.csv`` lists every file with its
count, side and pixel size. Hex tiles have no common service template, so only
rectangular decks are exported.
"""

from __future__ import annotations

import csv
import io

from ..names import slug
from .cards import card_decks
from .raster import px, reused_pngs
from ..write.reuse import Reuse

POD_DPI = 300
POD_BLEED = 25.4 / 8  # mm: 1/8 in
# The trim sizes (mm) of the common templates, by name.
TEMPLATES = {(63.5, 88.9): "poker", (57.15, 88.9): "bridge", (69.85, 120.65): "tarot", (44.45, 63.5): "mini",
             (63.0, 88.0): "standard"}
COLUMNS = ["deck", "card", "side", "file", "count", "width_px", "height_px", "dpi", "bleed_in", "template"]


def pod_size(trim: tuple[float, float]) -> tuple[int, int]:
    """Pixels of a face with the 1/8 in bleed at 300 dpi: (825, 1125) for poker."""
    return (px(trim[0] + 2 * POD_BLEED, POD_DPI), px(trim[1] + 2 * POD_BLEED, POD_DPI))


def template_name(trim: tuple[float, float]) -> str:
    for size, name in TEMPLATES.items():
        if abs(size[0] - trim[0]) < 0.05 and abs(size[1] - trim[1]) < 0.05:
            return name
    return f"custom {trim[0]:g} x {trim[1]:g} mm"


def face_paths(deck, root: str = "pod") -> list[str]:
    """Where each face of ``deck`` goes (``root``/<deck>/NN-<card>-front.png), and its back last."""
    return [f"{root}/{deck.slug}/{n:02d}-{slug(card.name)}-front.png" for n, card in enumerate(deck.cards, start=1)
            ] + [f"{root}/{deck.slug}/back.png"]


def face_pngs(decks, reuse: Reuse | None = None, *, root: str = "pod") -> dict[str, bytes]:
    """Every face and the back of each of ``decks`` as a PNG at 300 dpi with 1/8 in bleed, under ``root``/
    (the print-on-demand export's, and the Game Crafter profile's: publish/shop.py)."""
    reuse = reuse or Reuse()
    files: dict[str, bytes] = {}
    for deck in decks:
        items = [c.face(POD_BLEED) for c in deck.cards] + [deck.back(POD_BLEED)]
        files.update(reused_pngs(reuse, face_paths(deck, root), items, deck.box(POD_BLEED), pod_size(deck.trim),
                                 POD_DPI))
    return files


def pod_export(game, gout, reuse: Reuse | None = None) -> tuple[dict[str, bytes], dict]:
    """The per-card PNGs and cards.csv of one game, and its gallery entry; a face drawn as it was at the
    last publish is taken from ``reuse`` (printgen.write.reuse) rather than rasterised again."""
    files: dict[str, bytes] = {}
    rows = []
    decks = [d for d in card_decks(game) if d.shape == "rect"]
    files.update(face_pngs(decks, reuse))
    for deck in decks:
        size = pod_size(deck.trim)
        template = template_name(deck.trim)
        paths = face_paths(deck)
        for card, path in zip(deck.cards, paths):
            rows.append([deck.name, card.name, "front", path[4:], card.count, *size, POD_DPI, "0.125", template])
        back = paths[-1]
        rows.append([deck.name, "(every card)", "back", back[4:], sum(c.count for c in deck.cards), *size, POD_DPI,
                     "0.125", template])
    if not files:
        return {}, {}
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(rows)
    files["pod/cards.csv"] = buf.getvalue().encode()
    info = {"title": "Print on demand", "links": [{"href": "pod/cards.csv", "label": "Card list (CSV)"}] + [
        {"href": f"pod/{d.slug}/back.png", "label": f"{d.name}: card back ({template_name(d.trim)}, "
                                                    f"{pod_size(d.trim)[0]} x {pod_size(d.trim)[1]} px)"}
        for d in decks],
        "text": f"Every card face as a {POD_DPI} dpi PNG with 1/8 in bleed, sized for the usual print-on-demand "
                f"card templates; the CSV lists each file, its side and how many to order."}
    return files, info
