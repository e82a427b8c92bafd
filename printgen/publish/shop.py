"""Print profiles: the files a print shop takes as they are, per card deck (model/defaults.PRINT_PROFILES).

- ``home``: the n-up sheets with crop marks every build makes (printgen.render.sheets); nothing here.
- ``drivethru``: a DriveThruCards-style deck, ``drivethru/<deck>.pdf``: one card a page at its trim size
  plus 1/8 in (3.175 mm) bleed on every side (a poker card's page is 69.85 x 95.25 mm), the TrimBox
  centred, each front followed by its back, every card as many times as the deck holds it; CMYK PDF/X-4
  (printgen.write.cmyk).
- ``gamecrafter``: a Game Crafter-style set, ``gamecrafter/<deck>/``: a 300 dpi PNG per face at the
  shop's template (825 x 1125 px for poker: the print-on-demand faces of publish/pod.py), and the safe
  zone checked: text closer than 1/8 in to the cut is a finding.
- ``shop``: a generic print-shop PDF, ``shop/<deck>.pdf``: a card a page with its bleed and a slug round
  it holding crop marks, TrimBox and BleedBox, CMYK PDF/X-4.

Hex decks have no common shop template and are left out. Small text in rich black (four inks, dark) is
a finding in the CMYK profiles: it blurs when the plates are a hair out of register. The CMYK files keep the
shop's ink rules (write/ink_rules.py: small dark text in black ink alone, no colour over the total ink
limit), and the ``one-ink`` and ``ink-limit`` preflight classes measure the files as written
(preflight/ink.py).
"""

from __future__ import annotations


from ..draw.document import Document, Group, Op, Page, Poly, Style
from ..findings import Finding, Location, warning
from ..preflight.scene import flatten
from .cards import CardDeck, card_decks
from .pod import POD_BLEED, POD_DPI, face_pngs, pod_size, template_name

SAFE = 25.4 / 8  # mm inside the cut: The Game Crafter's safe area on its card templates
SLUG = 10.0  # mm of paper round a shop card's bleed, for its crop marks
MARK_GAP, MARK_LEN = 1.0, 5.0  # mm: crop marks start this far outside the bleed, this long
RICH_BLACK_PT = 12.0  # text below this size must not be rich black
# total ink (percent) each CMYK profile's files keep to, unless game.yaml's preflight: {ink_limit: ...} says:
# the SWOP profile they are converted with characterises 300 %
INK_LIMITS = {"drivethru": 300.0, "shop": 300.0}
HELD_BACK = frozenset(("preflight-one-ink", "preflight-ink-limit"))  # set to error, they keep a deck's file back


def rich_black(cmyk: tuple[float, float, float, float]) -> bool:
    """Dark, and built from all four inks: K at least 50 % and C + M + Y at least 60 %."""
    c, m, y, k = cmyk
    return k >= 0.5 and c + m + y >= 0.6


def _texts(ops) -> list:
    """The texts of a face's ``ops`` as the preflight sees them: printed size (pt), ink box (mm), colour, source."""
    return [ink for ink in flatten(Page(0.0, 0.0, list(ops))) if ink.kind == "text" and ink.text.strip()]


def _where(game, deck: CardDeck, ink=None) -> Location:
    """The layout element that drew ``ink`` when known, else the deck's front layout, else game.yaml."""
    if ink is not None and ink.src is not None and ink.src.place is not None:
        return ink.src.place
    return deck.where or Location(str(game.folder / "game.yaml"), 1, 1)


def safe_zone_findings(game, deck: CardDeck) -> list[Finding]:
    """Text on a face of ``deck`` that reaches closer than SAFE to its cut (faces drawn with the 1/8 in
    bleed, so the cut is POD_BLEED inside the face's box)."""
    w, h = deck.trim
    x0, y0, x1, y1 = POD_BLEED + SAFE, POD_BLEED + SAFE, POD_BLEED + w - SAFE, POD_BLEED + h - SAFE
    over = []  # (how far, card, text) of each card whose text crosses into the margin
    for card in deck.cards:
        worst = None
        for ink in _texts(card.face(POD_BLEED)):
            bx0, by0, bx1, by1 = ink.box
            out = max(x0 - bx0, y0 - by0, bx1 - x1, by1 - y1)
            if out > 0.05 and (worst is None or out > worst[0]):
                worst = (out, card.name, ink.text, ink)
        if worst:
            over.append(worst)
    if not over:
        return []
    out, card, text, ink = max(over, key=lambda o: o[0])
    more = f" (and on {len(over) - 1} more of its cards)" if len(over) > 1 else ""
    return [warning("safe-zone", f"{deck.name} '{card}': the text '{text[:40]}' reaches {out:.1f} mm into the "
                    f"{SAFE:.3g} mm inside the cut that a print shop may trim away (The Game Crafter's safe "
                    f"area){more}; move it inward in the layout", _where(game, deck, ink))]


def rich_black_findings(game, deck: CardDeck, faces: list[tuple[str, list[Op]]], above: float = 0.0
                        ) -> list[Finding]:
    """Text below RICH_BLACK_PT (and from ``above`` pt: smaller text the shop writer prints in one ink) whose
    colour prints as rich black, once per deck and colour."""
    from ..write.cmyk import cmyk_of

    found, seen = [], set()
    for label, ops in faces:
        for ink in _texts(ops):
            size = ink.size
            if size >= RICH_BLACK_PT or size < above or ink.colour in seen:
                continue
            cmyk = cmyk_of(ink.colour)
            if rich_black(cmyk):
                seen.add(ink.colour)
                inks = " ".join(f"{n}{round(v * 100)}" for n, v in zip("CMYK", cmyk))
                found.append(warning("rich-black", f"{deck.name} '{label}': {size:.1f} pt text '{ink.text[:30]}' in "
                                     f"{ink.colour} prints as rich black ({inks} %); use black or grey "
                                     "(#000000 to #ffffff, printed with black ink alone) for small text",
                                     _where(game, deck, ink)))
    return found


def _card_pages(deck: CardDeck, slug_mm: float, marks: bool) -> tuple[list[Page], list[tuple[str, list[Op]]]]:
    """One page per card copy, front then back: the face with its 1/8 in bleed, ``slug_mm`` of paper round
    it (crop marks there when ``marks``); the faces drawn, for the checks."""
    w, h = deck.trim
    b = POD_BLEED
    pw, ph = w + 2 * (b + slug_mm), h + 2 * (b + slug_mm)
    trim = (slug_mm + b, slug_mm + b, slug_mm + b + w, slug_mm + b + h)
    bleed = (slug_mm, slug_mm, slug_mm + w + 2 * b, slug_mm + h + 2 * b)
    back = deck.back(b)
    pages, faces = [], []
    for card in deck.cards:
        front = card.face(b)
        faces.append((card.name, front))
        for _ in range(max(card.count, 0)):
            for ops in (front, back):
                page = Page(pw, ph, [Group(tuple(ops), (1.0, 0.0, 0.0, 1.0, slug_mm, slug_mm))], trim=trim,
                            bleed=bleed)
                if marks:
                    page.add(*crop_marks(trim, bleed))
                pages.append(page)
    faces.append(("back", back))
    return pages, faces


def crop_marks(trim, bleed) -> list[Op]:
    """A mark on each trim line beyond each corner, starting MARK_GAP outside the bleed (never on it)."""
    style = Style(stroke="#000000", width=0.25)
    x0, y0, x1, y1 = trim
    bx0, by0, bx1, by1 = bleed
    ops: list[Op] = []
    for x in (x0, x1):
        ops.append(Poly(((x, by0 - MARK_GAP - MARK_LEN), (x, by0 - MARK_GAP)), style, closed=False, role="crop"))
        ops.append(Poly(((x, by1 + MARK_GAP), (x, by1 + MARK_GAP + MARK_LEN)), style, closed=False, role="crop"))
    for y in (y0, y1):
        ops.append(Poly(((bx0 - MARK_GAP - MARK_LEN, y), (bx0 - MARK_GAP, y)), style, closed=False, role="crop"))
        ops.append(Poly(((bx1 + MARK_GAP, y), (bx1 + MARK_GAP + MARK_LEN, y)), style, closed=False, role="crop"))
    return ops


def page_labels(deck: CardDeck) -> list[str]:
    """The card each page of ``_card_pages`` prints (front then back, as many times as the deck holds it)."""
    return [label for card in deck.cards for _ in range(max(card.count, 0)) for label in (card.name, "back")]


def ink_rules_of(game, folder: str) -> tuple[float, float, dict[str, str]]:
    """(text size pt, total ink limit as a fraction, class -> level) of the ink rules for profile ``folder``."""
    spec = game.data.game.preflight
    limit = spec.ink_limit if spec.ink_limit is not None else INK_LIMITS.get(folder, 300.0)
    return spec.ink_text, limit / 100.0, dict(spec.severity)


def deck_pdf(game, deck: CardDeck, folder: str, *, slug_mm: float, marks: bool, name: str
             ) -> tuple[bytes, list[Finding], list[Page]]:
    """One deck of profile ``folder`` as its CMYK PDF (titled ``name``), its inks kept to the profile's rules;
    the findings of the file as written (and of its faces); the pages it was drawn from. Raises
    ColourEngineMissing without Ghostscript."""
    from ..preflight.ink import ink_findings
    from ..write.cmyk import to_cmyk
    from ..write.ink_rules import shop_rule
    from ..write.pdf import to_pdf

    text_pt, limit, levels = ink_rules_of(game, folder)
    pages, faces = _card_pages(deck, slug_mm, marks)
    data = to_cmyk(to_pdf(Document(title=name, pages=pages)), title=name, rule=shop_rule(text_pt, limit))
    findings = rich_black_findings(game, deck, faces, above=text_pt)
    findings += ink_findings(data, pages, page_labels(deck), deck=deck.name, fallback=_where(game, deck),
                             text_pt=text_pt, limit=limit, levels=levels)
    return data, findings, pages


def _deck_pdfs(game, folder: str, *, slug_mm: float, marks: bool, title: str, text: str
               ) -> tuple[dict[str, bytes], dict]:
    """Every rectangular deck of ``game`` as a CMYK PDF under ``folder``/ (``deck_pdf``), and the gallery entry."""
    from ..write.cmyk import ColourEngineMissing, engine_problem

    decks = [d for d in card_decks(game) if d.shape == "rect" and d.cards]
    if not decks:
        return {}, {}
    problem = engine_problem()
    if problem:
        return {}, {"title": title, "text": f"Not made: {problem}.", "links": [],
                    "findings": [warning("colour-engine", f"no {folder} files: {problem}",
                                         Location(str(game.folder / "game.yaml"), 1, 1)).to_dict()]}
    files, links, findings = {}, [], []
    cfg = game.data.game
    for deck in decks:
        try:
            data, found, pages = deck_pdf(game, deck, folder, slug_mm=slug_mm, marks=marks,
                                          name=f"{cfg.name}: {deck.name} ({title})")
        except ColourEngineMissing as exc:  # removed while the build ran
            findings.append(warning("colour-engine", str(exc), Location(str(game.folder / "game.yaml"), 1, 1)))
            continue
        findings += found
        if any(f.is_error and f.code in HELD_BACK for f in found):
            continue  # an ink class the game set to error: this deck's file is not written (the build says so)
        files[f"{folder}/{deck.slug}.pdf"] = data
        w, h = pages[0].width, pages[0].height
        links.append({"href": f"{folder}/{deck.slug}.pdf",
                      "label": f"{deck.name}: {len(pages)} pages of {w:g} x {h:g} mm ({template_name(deck.trim)})"})
    return files, {"title": title, "text": text, "links": links, "findings": [f.to_dict() for f in findings]}


def drivethru_export(game, gout, reuse=None) -> tuple[dict[str, bytes], dict]:
    return _deck_pdfs(game, "drivethru", slug_mm=0.0, marks=False, title="DriveThruCards-style decks",
                      text="One PDF per deck for a print-on-demand card shop: a card a page at its size with 1/8 in "
                           "bleed, each front followed by its back, CMYK (PDF/X-4, SWOP profile); small text in one "
                           "ink, no colour over the total ink limit.")


def shop_export(game, gout, reuse=None) -> tuple[dict[str, bytes], dict]:
    return _deck_pdfs(game, "shop", slug_mm=SLUG, marks=True, title="Print-shop decks",
                      text="One PDF per deck for any print shop: a card a page with 1/8 in bleed and crop marks, "
                           "TrimBox and BleedBox set, CMYK (PDF/X-4, SWOP profile); small text in one ink, no colour "
                           "over the total ink limit.")


def gamecrafter_export(game, gout, reuse=None) -> tuple[dict[str, bytes], dict]:
    """Every face as the print-on-demand PNG (publish/pod.py) under gamecrafter/, the safe zone checked."""
    decks = [d for d in card_decks(game) if d.shape == "rect" and d.cards]
    if not decks:
        return {}, {}
    files = face_pngs(decks, reuse, root="gamecrafter")
    findings = [f for d in decks for f in safe_zone_findings(game, d)]
    links = [{"href": f"gamecrafter/{d.slug}/back.png",
              "label": f"{d.name}: {len(d.cards)} faces and a back, {pod_size(d.trim)[0]} x {pod_size(d.trim)[1]} px "
                       f"({template_name(d.trim)})"} for d in decks]
    return files, {"title": "Game Crafter-style faces", "links": links,
                   "text": f"Every card face as a {POD_DPI} dpi PNG at the shop's template size (1/8 in bleed), one "
                           "folder per deck; text is kept 1/8 in inside the cut (the safe area).",
                   "findings": [f.to_dict() for f in findings]}


# profile -> its export (publish/exports.py runs the ones a build asks for); "home" is the build's own sheets
PROFILE_EXPORTS = {
    "home": None,
    "drivethru": drivethru_export,
    "gamecrafter": gamecrafter_export,
    "shop": shop_export,
    "silhouette": lambda game, gout, reuse=None: cut_export("silhouette", game),
    "cricut": lambda game, gout, reuse=None: cut_export("cricut", game),
    "foldover": lambda game, gout, reuse=None: _foldover(game, gout),
    "ink-saver": lambda game, gout, reuse=None: _ink_saver(game, gout),
}


def _safe_zones(game) -> list[dict]:
    return [f.to_dict() for d in card_decks(game) if d.shape == "rect" and d.cards for f in safe_zone_findings(game, d)]


# profile -> what ``printgen preflight`` checks of its files, made in memory (findings as Finding.to_dict):
# the CMYK decks as converted, the Game Crafter faces' safe zone (no PNG needed), the cut sheets' marks.
# Fold-over and ink-saver sheets are the home sheets redrawn: their pages hold no check of their own.
PROFILE_CHECKS = {
    "drivethru": lambda game: drivethru_export(game, None)[1].get("findings", []),
    "shop": lambda game: shop_export(game, None)[1].get("findings", []),
    "gamecrafter": _safe_zones,
    "silhouette": lambda game: cut_export("silhouette", game)[1].get("findings", []),
    "cricut": lambda game: cut_export("cricut", game)[1].get("findings", []),
}


def _ink_saver(game, gout):
    from .ink_saver import ink_saver_export  # publish/ink_saver.py: every sheet with its ground lightened

    return ink_saver_export(game, gout)


def _foldover(game, gout):
    from .foldover import foldover_export  # publish/foldover.py: fronts and backs side by side, a fold between

    return foldover_export(game, gout)


def cut_export(machine: str, game) -> tuple[dict[str, bytes], dict]:
    """A cutting-machine profile's sheets and cut files (printgen/cut/export.py), its decks among the pieces."""
    from ..cut.export import machine_export

    return machine_export(machine, game, card_decks(game))


