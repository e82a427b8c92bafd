"""The rulebook's text objects, noting each show-text operator as reportlab writes it (record.py: what the book's
pages hold, for the preflight): its characters, font, printed size and where it starts."""

from __future__ import annotations

from weakref import WeakKeyDictionary

from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDF_SUPPORT_VERSION
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfbase.ttfonts import ShapedStr
from reportlab.pdfgen.textobject import PDFTextObject

from .measure import IDENTITY, extent, f32, metrics_of, written


class RecordingText(PDFTextObject):
    """A text object that notes each show-text operator it writes: its characters, font, size and where it
    starts (the text line matrix and the advance along the line, in text space)."""

    def __init__(self, canvas, x=0, y=0, direction=None) -> None:
        self._shown: list = []
        self._line = IDENTITY  # the text line matrix (set by Tm, moved by Td and T*)
        self._advance = 0.0  # from the line's start, text space
        super().__init__(canvas, x, y, direction=direction)

    @classmethod
    def at(cls, canvas, x: float, y: float) -> "RecordingText":
        """``canvas.beginText(x, y)`` on a bottom-up canvas: the same text object, its attributes set as reportlab's
        constructor and ``setTextOrigin`` set them, without their look-ups (para_draw.py; tests/rulebook/
        test_para_draw.py compares the two)."""
        tx = cls.__new__(cls)
        d = tx.__dict__
        d["_shown"] = []
        d["_advance"] = 0.0
        d["_code"] = ["BT", "1 0 0 1 %s Tm" % fp_str(x, y)]
        d["_canvas"] = canvas
        d["_fontname"], d["_fontsize"], d["_leading"] = canvas._fontname, canvas._fontsize, canvas._leading
        d["_doc"] = canvas._doc
        d["_colorsUsed"] = canvas._colorsUsed
        d["_enforceColorSpace"] = getattr(canvas, "_enforceColorSpace", None)
        d["_curSubset"] = -1
        d["direction"] = None
        d["_x0"] = d["_x"] = x
        d["_y0"] = d["_y"] = y
        d["_line"] = (1.0, 0.0, 0.0, 1.0, float(x), float(y))
        d["_textRenderMode"] = 0
        d["_clipping"] = 0
        d["_rise"] = 0
        return tx

    def setTextOrigin(self, x, y):
        super().setTextOrigin(x, y)
        self._line = (1.0, 0.0, 0.0, 1.0 if self._canvas.bottomup else -1.0, float(x), float(y))
        self._advance = 0.0

    def setTextTransform(self, a, b, c, d, e, f):
        super().setTextTransform(a, b, c, d, e, f)
        self._line = written(self._code[-1], 6)
        self._advance = 0.0

    def moveCursor(self, dx, dy):
        # reportlab merges a move into the one before it; the line's start moves by the same in the end
        super().moveCursor(dx, dy)
        self._next_line(dx, -dy)

    def _next_line(self, tx: float, ty: float) -> None:
        a, b, c, d, e, f = self._line
        self._line = (a, b, c, d, tx * a + ty * c + e, tx * b + ty * d + f)
        self._advance = 0.0

    def setFillColor(self, aColor, alpha=None):
        if not fill_colour(self, self._canvas, aColor, alpha):
            super().setFillColor(aColor, alpha)

    def setHorizScale(self, horizScale):
        super().setHorizScale(horizScale)
        self._canvas.record_lost = True  # not followed: the book never stretches its text

    def setTextRenderMode(self, mode):
        super().setTextRenderMode(mode)
        if mode not in (0, 3):
            self._canvas.record_lost = True  # a stroked text's box grows by its line: not followed

    def setCharSpace(self, charSpace):
        super().setCharSpace(charSpace)
        self._canvas._rec_text[0] = charSpace

    def setWordSpace(self, wordSpace):
        super().setWordSpace(wordSpace)
        self._canvas._rec_text[1] = wordSpace

    def setLeading(self, leading):
        super().setLeading(leading)
        self._canvas._rec_text[2] = leading

    def _formatText(self, text):
        # what reportlab's own writes for a TrueType font (one Tf and TL where the subset changes, one show-text
        # per subset's run), noting each run as it goes
        canvas = self._canvas
        if type(text) is str:  # a string this book printed before, in one run of a font's first subset
            key = (self._fontname, self._fontsize, canvas._rec_text[0], canvas._rec_text[1], text)
            hit = canvas._runs.get(key)
            if hit is not None:
                shown, chars, metrics, size, ext, font = hit
                self._shown.append((chars, metrics, size, self._line, self._advance, self._rise, ext[1:]))
                self._advance += ext[0]
                if self._curSubset == 0:
                    return shown
                self._curSubset = 0
                canvas._rec_text[2] = self._leading
                name = font.getSubsetInternalName(0, canvas._doc)
                return f"{name} {fp_str(self._fontsize)} Tf {fp_str(self._leading)} TL {shown}"
        font = getFont(self._fontname)
        metrics = metrics_of(self._fontname)
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        shown = text.replace("\xa0", " ")  # reportlab prints a no-break space as a space (code 32)
        if (metrics is None or not font._dynamicFont or (font.shapable and isinstance(text, ShapedStr))
                or not metrics.known.issuperset(shown)):  # (a character the font lacks prints as its .notdef)
            canvas.record_lost = True
            return super()._formatText(text)
        code: list[str] = []
        tmpl = None
        char_space, word_space = canvas._rec_text[0], canvas._rec_text[1]
        size = _SIZES.get(self._fontsize)
        if size is None:  # the size as written, as pdfium reads it
            size = _SIZES[self._fontsize] = f32(float(fp_str(self._fontsize)))
        at = 0
        for subset, t in _split(font, text, canvas._doc):
            if subset != self._curSubset:
                if not tmpl:
                    tmpl = f"{fp_str(self._fontsize)} Tf {fp_str(self._leading)} TL"
                code.append(f"{font.getSubsetInternalName(subset, canvas._doc)} {tmpl}")
                self._curSubset = subset
                canvas._rec_text[2] = self._leading
            code.append(f"({canvas._escape(t)}) Tj")
            chars = shown[at:at + len(t)]
            at += len(t)
            ext = extent(chars, metrics, size, char_space, word_space)
            self._shown.append((chars, metrics, size, self._line, self._advance, self._rise, ext[1:]))
            self._advance += ext[0]
        if at and at == len(shown) and subset == 0 and len(code) <= 2 and type(text) is str:
            # one run in the first subset: its characters' codes there never change, so the same string writes
            # the same show-text in this book from now on (two runs in five are met before)
            canvas._runs[(self._fontname, self._fontsize, char_space, word_space, text)] = (
                code[-1], chars, metrics, size, ext, font)
        return " ".join(code)

    def _textOut(self, text, TStar=0):
        super()._textOut(text, TStar)
        if TStar:
            self._next_line(0.0, -self._canvas._rec_text[2])

    def textLine(self, text=""):
        super().textLine(text)
        self._next_line(0.0, -self._canvas._rec_text[2])

    def textLines(self, stuff, trim=1):
        self._canvas.record_lost = True  # not used by the book
        return super().textLines(stuff, trim)


def first_subset(canvas, font) -> tuple | None:
    """(the font's state in the canvas's document, (character -> its code in the first subset, those characters):
    ``_FIRST``'s) once the document has printed with it, else None; looked up once per canvas and font (what another
    document's drawing kept is compared with it: para_draw.py)."""
    mine = canvas.__dict__.get("_first_of")
    if mine is None:
        mine = canvas.__dict__["_first_of"] = {}
    got = mine.get(font)
    if got is None:
        state = font.state.get(canvas._doc)
        known = _FIRST.get(state) if state is not None else None
        if known is None or state.internalName is None:
            return None
        got = mine[font] = (state, known)
    return got


def same_codes(text: str, mine: tuple, theirs: tuple) -> bool:
    """Has every character of ``text`` the same code in two documents' first subsets (``first_subset``'s)?"""
    return (mine[1].issuperset(text) and theirs[1].issuperset(text)
            and text.translate(mine[0]) == text.translate(theirs[0]))


_SIZES: dict[float, float] = {}
_TRANSPARENCY = PDF_SUPPORT_VERSION["transparency"]


def fill_colour(obj, canvas, colour, alpha) -> bool:
    """reportlab's ``setFillColor(colour)`` on ``obj`` (a text object of ``canvas``, or the canvas itself) for a
    plain RGB colour with its own alpha (the book's colours, a paragraph's every piece): the same operators, the
    same state, without its dispatch on the colour's kind and its checks; False (nothing done) for anything else."""
    if alpha is not None or type(colour) is not Color or obj._enforceColorSpace:
        return False
    a = colour.alpha
    if not ((type(a) is float or type(a) is int) and 0 <= a <= 1):
        return False  # (reportlab's setFillAlpha refuses it: its way, its error)
    obj._fillColorObj = colour
    obj._code.append("%s rg" % fp_str((colour.red, colour.green, colour.blue)))
    doc = canvas._doc
    if doc._pdfVersion < _TRANSPARENCY:  # (setFillAlpha: the document allows transparency)
        doc.ensureMinPdfVersion("transparency")
    ext = canvas._extgstate
    if a != ext._d.get("ca", 1):  # else reportlab's ExtGState.set writes nothing and changes nothing
        ext.set(obj, "ca", a)
    return True


def _split(font, text: str, doc) -> list[tuple[int, bytes]]:
    """``font.splitString(text, doc)``: the runs of ``text`` by font subset, each as its codes in the subset. A
    book prints the same few hundred characters over and over, and reportlab works each string out character by
    character in Python: once every character of a string has its code in the first subset (as it has from the
    first time it was printed), the string is translated to its codes at once, to the same bytes."""
    state = font.state.get(doc)
    if not text or state is None:
        return font.splitString(text, doc)
    known = _FIRST.get(state)
    if known is not None and known[1].issuperset(text):
        return [(0, text.translate(known[0]).encode("latin-1"))]
    got = font.splitString(text, doc)
    if known is None:
        known = _FIRST[state] = ({}, set())
    table, chars = known
    codes = state.assignments
    for ch in set(text) - chars:  # what this string gave a code to, or had one: the first subset's, noted
        n = codes.get(32 if ch == "\xa0" else ord(ch))  # (a no-break space prints as a space)
        if n is not None and n < 256:
            table[ord(ch)] = chr(n)
            chars.add(ch)
    return got


_FIRST: WeakKeyDictionary = WeakKeyDictionary()  # a font's state in one document -> (character -> its code in the
# first subset, as str.translate takes it; those characters)
