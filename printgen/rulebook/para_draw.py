"""A plain paragraph drawn on the rulebook's canvas by a short way: what reportlab's ``Flowable.drawOn`` and
``Paragraph.drawPara`` write and note for a paragraph of one font and colour (platypus' "kind 0": most table
cells, captions, the cover's lines), without their generic steps.

Measured (issue 41): a book draws some 2,700 paragraphs a paper, two in three of them plain; reportlab spends about
38 us on a one-line table cell, half of it saving and restoring its graphics state twice (a copy of 23 of the
canvas's attributes each time), writing and reading back the move to the paragraph's place, and setting up a text
object through its generic constructor. This way writes the same operators in the same order ("q", the move, "q",
the colour, the text object, "Q", "Q"), notes the same runs through the same text object methods, and leaves the
canvas as reportlab's ``restoreState`` leaves it (the paragraph's own state changes are exactly what the two "Q"
undo), in about half the time. Anything else (a bullet, links, underlines, a background or border, right-to-left
or automatic leading, a colour with its own alpha, a font that is not a subset TrueType font, a canvas that does
not record) goes reportlab's way. A one-line paragraph drawn again on the same canvas (a table's "-", "1" or "Yes"
down a column: a third of a book's plain paragraphs) writes the text object its first drawing wrote and notes its runs
where it now stands, without setting it again: every character's code in the book's font subsets is fixed once it
is printed. So does one drawn before in another document (the book's other paper, which the same worker sets next;
two in three of its one-line paragraphs) where that document gives the font the same name and each character the
same code (``_OTHERS``): about 0.04 s CPU of a pass over the ten bundled books. tests/rulebook/test_para_draw.py holds
it to reportlab's own drawing.
"""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.platypus import paragraph as rl_paragraph

from .measure import compose32, text_run, written
from .record_text import _TRANSPARENCY, RecordingText, first_subset, same_codes

# each line drawn as reportlab draws a plain paragraph's line for its alignment (its own functions)
_LINE = {
    TA_LEFT: rl_paragraph._leftDrawParaLine,
    TA_CENTER: rl_paragraph._centerDrawParaLine,
    TA_RIGHT: rl_paragraph._rightDrawParaLine,
    TA_JUSTIFY: rl_paragraph._justifyDrawParaLine,
}
_FONT_SIZE_OFFSET = rl_paragraph.paraFontSizeHeightOffset  # (reportlab's setting: the first line's baseline)
_REGISTERED = pdfmetrics._fonts  # name -> font, as getFont finds a registered font
_PLAIN: dict[type, bool] = {}  # a paragraph class -> does it draw as reportlab's Paragraph does
DRAWN_MAX = 4096  # plain paragraphs' drawings kept per canvas (a book draws some 2,700 paragraphs a paper)


def draw_paragraph(canvas, para, x: float, y: float, sw: float = 0) -> bool:
    """``para.drawOn(canvas, x, y, sw)`` for a plain paragraph on a RecordingCanvas, with reportlab's result;
    False (nothing done) when the paragraph or the canvas's state is not one this way follows."""
    plain = _PLAIN.get(type(para))
    if plain is None:  # a class of its own drawing (a heading with a rule under it) goes its own way
        cls = type(para)
        plain = _PLAIN[cls] = all(getattr(cls, name) is getattr(rl_paragraph.Paragraph, name)
                                  for name in ("draw", "drawPara", "beginText", "_hAlignAdjust", "_drawOn"))
    d = para.__dict__
    bl = d.get("blPara")
    if not plain or bl is None or getattr(bl, "kind", None) != 0 or para.debug or "_offsets" in d or "_showBoundary" in d:
        return False
    lines = bl.lines
    style = para.style
    dpl = _LINE.get(style.alignment)
    if (not lines or dpl is None or para.bulletText or style.wordWrap is not None or style.backColor
            or (getattr(style, "borderColor", None) and getattr(style, "borderWidth", None))
            or getattr(para, "_showBoundary", None) is not None
            or getattr(para, "autoLeading", getattr(style, "autoLeading", "")) in ("max", "min")
            or getattr(bl, "us_lines", None) or getattr(bl, "link", None) or not canvas.bottomup):
        return False
    colour = bl.textColor
    if type(colour) is not Color or canvas._enforceColorSpace:
        return False
    alpha = colour.alpha
    if not ((type(alpha) is float or type(alpha) is int) and alpha == canvas._extgstate._d.get("ca", 1)):
        return False  # (a colour that changes the alpha writes a graphics state of its own: reportlab's way)
    if not getattr(getFont(bl.fontName), "_dynamicFont", False):
        return False
    x = para._hAlignAdjust(x, sw)
    code = canvas._code
    # canvas.saveState(); canvas.translate(x, y): the move is never folded into one before it (a "q" is)
    code.append("q")
    move = "%s cm" % fp_str(1, 0, 0, 1, x, y)
    code.append(move)
    outer, rec_text = canvas._ctm, canvas._rec_text
    saved = list(rec_text)  # (what restoreState puts back: RecordingCanvas.saveState)
    canvas._ctm_before = outer
    canvas._ctm = ctm = compose32(written(move, 6), outer)
    drawn = canvas.__dict__.get("_paras")
    key = _drawn_key(para, bl, style, colour, saved) if drawn is not None and len(lines) == 1 else None
    hit = drawn.get(key) if key is not None else None
    if hit is None and key is not None:
        hit = _from_another(canvas, key, bl.fontName)
    try:
        # drawPara: canvas.saveState(); canvas.setFillColor(the text's colour) (record_text.fill_colour)
        code.append("q")
        code.append("%s rg" % fp_str((colour.red, colour.green, colour.blue)))
        doc = canvas._doc
        if doc._pdfVersion < _TRANSPARENCY:
            doc.ensureMinPdfVersion("transparency")
        if hit is not None:  # drawn before on this canvas: the same text object, its runs placed here
            code.append(hit[0])
            items = canvas._items
            for item in hit[1]:
                items.append(("run",) + text_run(*item, ctm))
        else:
            lost = canvas.record_lost
            tx = _text_object(canvas, para, bl, style, lines, dpl)
            shown = tuple(tx._shown)
            canvas.drawText(tx)
            if key is not None and not lost and not canvas.record_lost:
                if len(drawn) >= DRAWN_MAX:
                    drawn.clear()
                drawn[key] = (code[-1], shown)
                _keep_for_others(canvas, key, bl.fontName, code[-1], shown)
        code.append("Q")
        code.append("Q")
    finally:
        canvas._ctm, canvas._rec_text = outer, saved
    return True


# A one-line plain paragraph drawn in one document, for another (the book's other paper, set next in the same worker:
# two in three of its one-line paragraphs were drawn on the first): its key (``_drawn_key``) -> (its text object's
# operators, its runs as noted, the font object, the font's name in that document, the font's first subset there).
# Only a document where that font has the same name and each of the paragraph's characters the same code takes it (a
# font's ASCII characters keep their own codes in every document; the name is the order in which the document met its
# fonts); the codes are compared only then.
_OTHERS: dict[tuple, tuple] = {}
OTHERS_MAX = 8192


def _keep_for_others(canvas, key: tuple, font_name: str, code: str, shown: tuple) -> None:
    """Keep what a one-line plain paragraph's text object wrote and noted for other documents."""
    font = _REGISTERED.get(font_name)
    got = first_subset(canvas, font) if font is not None else None
    if got is None or not got[1][1].issuperset(key[-1]):  # (every character in the first subset, as written)
        return
    if len(_OTHERS) >= OTHERS_MAX:
        _OTHERS.clear()
    _OTHERS[key] = (code, shown, font, got[0].internalName, got[1])


def _from_another(canvas, key: tuple, font_name: str) -> tuple | None:
    """What another document kept of the same paragraph (``_keep_for_others``), when this document writes it alike:
    the same font object under the same name, each character already with the same code in its first subset
    (nothing of the font's subsets or names is then changed by drawing it). Kept for this canvas too."""
    other = _OTHERS.get(key)
    if other is None:
        return None
    code, shown, font, name, theirs = other
    if _REGISTERED.get(font_name) is not font:
        return None
    got = first_subset(canvas, font)
    if got is None or got[0].internalName != name or not same_codes(key[-1], got[1], theirs):
        return None
    drawn = canvas._paras
    if len(drawn) >= DRAWN_MAX:
        drawn.clear()
    drawn[key] = hit = (code, shown)
    return hit


def _text_object(canvas, para, bl, style, lines, dpl) -> RecordingText:
    """The paragraph's text object with its lines set, as reportlab's drawPara sets them."""
    cur_y = para.height - (bl.fontSize if _FONT_SIZE_OFFSET else getattr(bl, "ascent", bl.fontSize))
    tx = RecordingText.at(canvas, style.leftIndent, cur_y)
    tx.preformatted = "preformatted" in para.__class__.__name__.lower()
    tx.direction = None
    tx.setFont(bl.fontName, bl.fontSize, style.leading)
    lim = len(lines) - 1
    no_justify_last = not getattr(para, "_JustifyLast", False)
    most = style.justifyLastLine
    offset = style.firstLineIndent
    for i, (extra, words) in enumerate(lines):
        last = no_justify_last and i == lim
        if last and most and len(words) > most:
            last = False
        dpl(tx, offset if i == 0 else 0, extra, words, last)
    return tx


def _drawn_key(para, bl, style, colour, text_state: list) -> tuple | None:
    """Everything the text object of a one-line plain paragraph writes and notes depends on, besides the characters'
    codes in the canvas's font subsets (fixed once a character is printed): its words (split at spaces: none holds
    one), its spare width (for a left-aligned line only where it is negative: reportlab then sets the word spacing
    by it), font, size, leading, colour, indents, height, class and the text state it starts from. None for a
    paragraph of several lines (one is seldom drawn twice: its key would cost more than it saves) or of words that
    are not plain strings. A table sets the same cell down a column ("-", "1", "Yes"): a third of a book's plain
    paragraphs."""
    lines = bl.lines
    if len(lines) != 1:
        return None
    extra, words = lines[0]
    if type(words) is not list:
        return None
    for w in words:
        if type(w) is not str:
            return None
    return (bl.fontName, bl.fontSize, getattr(bl, "ascent", None), style.leading, style.alignment, style.leftIndent,
            style.firstLineIndent, style.justifyLastLine, getattr(para, "_JustifyLast", False), para.height, type(para),
            colour.red, colour.green, colour.blue, text_state[0], text_state[1], text_state[2],
            None if style.alignment == TA_LEFT and extra > -1e-8 else extra, len(words), " ".join(words))
