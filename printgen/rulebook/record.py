"""What the rulebook's pages hold, recorded as reportlab draws them: every text run (its text, printed size,
box and weight) and the box of every other object, for the preflight (preflight/book.py) to read instead of
reading the finished PDF back.

A run is what a PDF reader sees as one text object: one show-text operator (reportlab writes one per font
subset a string crosses). Its box is worked out as pdfium works it out from the file (the union of its
glyphs' outline boxes, each at its advance, through the text and graphics matrices), and a path's box as
the union of its points and control points, grown by its line width when stroked; a form's objects are
placed by the matrix it is drawn with, where the page draws it (the footers' "page x of y" and the contents'
page numbers are forms defined once the last page is set). So the preflight finds what it found in the file,
at the same places, without pdfium's text page (whose per-object text lookup scans the whole page).

Anything drawn here that the recorder does not follow (a text render or scaling mode the book never uses,
a font that is not a TrueType font) marks the record ``lost``: the preflight then reads the PDF back.
"""

from __future__ import annotations

import math
from array import array
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.textobject import PDFTextObject

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def f32(x: float) -> float:
    """``x`` as the single-precision float pdfium keeps it in."""
    return array("f", (x,))[0]


def _mul(m, n):
    """The matrix ``m`` then ``n`` (PDF order: a point goes through m first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _mul32(m, n):
    """``_mul`` as pdfium works it, in single precision."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return tuple(array("f", (f32(f32(a * A) + f32(b * C)), f32(f32(a * B) + f32(b * D)),
                             f32(f32(c * A) + f32(d * C)), f32(f32(c * B) + f32(d * D)),
                             f32(f32(f32(e * A) + f32(f * C)) + E), f32(f32(f32(e * B) + f32(f * D)) + F))))


def _written(code: str, n: int) -> tuple[float, ...]:
    """The last ``n`` numbers before an operator as written (reportlab rounds them), in single precision."""
    return tuple(array("f", map(float, code.split()[-n - 1:-1])))


def _rect(m, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
    """The box (pt) of the rectangle x0..x1, y0..y1 through the matrix ``m``."""
    a, b, c, d, e, f = m
    xs = (a * x0 + c * y0, a * x1 + c * y0, a * x1 + c * y1, a * x0 + c * y1)
    ys = (b * x0 + d * y0, b * x1 + d * y0, b * x1 + d * y1, b * x0 + d * y1)
    # single precision, as pdfium keeps a box: an edge on a round number lands on the same side of it
    return tuple(array("f", (min(xs) + e, min(ys) + f, max(xs) + e, max(ys) + f)))


class FontMetrics:
    """A TrueType font as pdfium measures its glyphs: each character's outline box (1000 units to the em,
    pdfium's integer rounding) and its advance (the PDF's /Widths, which reportlab writes from the font)."""

    def __init__(self, font) -> None:
        from fontTools.ttLib import TTFont

        face = font.face
        self.widths = face.charWidths
        self.default = face.defaultWidth
        with open(face.filename, "rb") as fh:
            tt = TTFont(fh, lazy=True)
            upm = tt["head"].unitsPerEm
            glyf = tt["glyf"] if "glyf" in tt else None
            order = tt.getGlyphOrder()
            self._glyph = {c: order[g] for c, g in face.charToGlyph.items() if g < len(order)}
            self._boxes: dict[int, tuple[int, int, int, int]] = {}
            self._upm = upm
            # every character's box now: the file is closed after this (a worker forked later reads no file)
            for code in face.charToGlyph:
                self._boxes[code] = self._measure(glyf, code)
        # pdfium's weight: the descriptor's StemV (reportlab writes it from the OS/2 weight class), 5 or 4
        # times it; bold at 600 and over, or when the font's name says so
        stem = face.stemV
        weight = stem * 5 if stem < 140 else stem * 4 + 140
        self.bold = weight >= 600 or "bold" in (face.name.decode("latin-1") if isinstance(face.name, bytes)
                                                else str(face.name)).lower()

    def _measure(self, glyf, code: int) -> tuple[int, int, int, int]:
        name = self._glyph.get(code)
        if glyf is None or name is None:
            return (0, 0, 0, 0)
        g = glyf[name]
        if not hasattr(g, "xMin") or getattr(g, "numberOfContours", 0) == 0:
            return (0, 0, 0, 0)
        if g.isComposite():
            g.recalcBounds(glyf)
        upm = self._upm

        def units(v: int) -> int:  # to 1000 units as pdfium scales (rounded half up, then cut towards zero)
            return int((v * 1000 + upm // 2) / upm)

        # FX_RECT(left, top, right, bottom) from FreeType's unscaled metrics
        return (units(g.xMin), units(g.yMax), units(g.xMax), units(g.yMin))

    def box(self, code: int) -> tuple[int, int, int, int]:
        got = self._boxes.get(code)
        return got if got is not None else (0, 0, 0, 0)

    def width(self, code: int) -> float:
        return self.widths.get(code, self.default)


@lru_cache(maxsize=None)
def metrics_of(name: str) -> FontMetrics | None:
    """The metrics of the registered font ``name``; None for a font that is not TrueType."""
    font = getFont(name)
    if not getattr(font, "_dynamicFont", False) or not hasattr(font, "face"):
        return None
    return FontMetrics(font)


class RecordingText(PDFTextObject):
    """A text object that notes each show-text operator it writes: its characters, font, size and where it
    starts (the text line matrix and the advance along the line, in text space)."""

    def __init__(self, canvas, x=0, y=0, direction=None) -> None:
        self._shown: list = []
        self._line = IDENTITY  # the text line matrix (set by Tm, moved by Td and T*)
        self._advance = 0.0  # from the line's start, text space
        super().__init__(canvas, x, y, direction=direction)

    def setTextOrigin(self, x, y):
        super().setTextOrigin(x, y)
        self._line = (1.0, 0.0, 0.0, 1.0 if self._canvas.bottomup else -1.0, float(x), float(y))
        self._advance = 0.0

    def setTextTransform(self, a, b, c, d, e, f):
        super().setTextTransform(a, b, c, d, e, f)
        self._line = _written(self._code[-1], 6)
        self._advance = 0.0

    def moveCursor(self, dx, dy):
        # reportlab merges a move into the one before it; the line's start moves by the same in the end
        super().moveCursor(dx, dy)
        self._next_line(dx, -dy)

    def _next_line(self, tx: float, ty: float) -> None:
        a, b, c, d, e, f = self._line
        self._line = (a, b, c, d, tx * a + ty * c + e, tx * b + ty * d + f)
        self._advance = 0.0

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
        before = self._curSubset
        out = super()._formatText(text)
        canvas = self._canvas
        metrics = metrics_of(self._fontname)
        if metrics is None:
            canvas.record_lost = True
            return out
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        text = text.replace("\xa0", " ")  # reportlab prints a no-break space as a space (code 32)
        # the operators it wrote: one show-text per run of characters in one font subset, a Tf (and TL) before
        # each that changes the subset; every character is assigned its code by now
        assigned = getFont(self._fontname).state[canvas._doc].assignments
        pieces: list[str] = []
        current, start = before, 0
        for i, ch in enumerate(text):
            n = assigned.get(ord(ch))
            if n is None:  # a character the font lacks: printed as its .notdef, which pdfium reads otherwise
                canvas.record_lost = True
                return out
            if n >> 8 != current:
                if i > start:
                    pieces.append(text[start:i])
                current, start = n >> 8, i
                canvas._rec_text[2] = self._leading
        if len(text) > start:
            pieces.append(text[start:])
        char_space, word_space = canvas._rec_text[0], canvas._rec_text[1]
        size = self._fontsize
        for chars in pieces:
            self._shown.append((chars, metrics, f32(float(fp_str(size))), self._line, self._advance, self._rise,
                                char_space, word_space))
            self._advance += _advance(chars, metrics, size, char_space, word_space)
        return out

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


def _advance(chars: str, metrics: FontMetrics, size: float, char_space: float, word_space: float) -> float:
    """How far (text space) a string moves the text position."""
    k = size / 1000.0
    width = metrics.width
    total = 0.0
    for ch in chars:
        total += width(ord(ch)) * k + char_space
        if ch == " ":
            total += word_space
    return total


def _run(chars: str, metrics: FontMetrics, size: float, line, advance: float, rise: float, char_space: float,
         word_space: float, ctm) -> tuple:
    """(text, printed size pt, box pt, bold) of one show-text operator, measured as pdfium measures it."""
    k = size / 1000.0
    width, box = metrics.width, metrics.box
    pos = 0.0
    x0 = y0 = 10000.0
    x1 = y1 = -10000.0
    for ch in chars:
        code = ord(ch)
        left, top, right, bottom = box(code)
        x0 = min(x0, min(left, right) * k + pos)
        x1 = max(x1, max(left, right) * k + pos)
        y0 = min(y0, top, bottom)
        y1 = max(y1, top, bottom)
        pos += width(code) * k + char_space
        if ch == " ":
            pos += word_space
    m = _mul(line, ctm)
    a, b, c, d = _mul32(line, ctm)[:4]  # the text object's matrix as pdfium keeps it: its printed size
    printed = size * math.sqrt(abs(a * d - b * c))
    return (chars, printed, _rect(m, advance + x0, rise + y0 * k, advance + x1, rise + y1 * k), metrics.bold)


MOVE, LINE, CURVE = 0, 1, 2


class _Path(PDFPathObject):
    """A path object that keeps its points as a PDF reader builds them: [x, y, kind, closes]."""

    def __init__(self, code=None) -> None:
        super().__init__(code)
        self.points: list[list] = []
        self._start = None

    def moveTo(self, x, y):
        super().moveTo(x, y)
        self.points.append([x, y, MOVE, False])
        self._start = (x, y)

    def lineTo(self, x, y):
        super().lineTo(x, y)
        self.points.append([x, y, LINE, False])

    def curveTo(self, x1, y1, x2, y2, x3, y3):
        super().curveTo(x1, y1, x2, y2, x3, y3)
        self.points += [[x1, y1, CURVE, False], [x2, y2, CURVE, False], [x3, y3, CURVE, False]]

    def rect(self, x, y, width, height):
        super().rect(x, y, width, height)
        self.points += _rect_points(x, y, width, height)
        self._start = (x, y)

    def close(self):
        super().close()
        _close(self.points, self._start)


def _rect_points(x, y, w, h) -> list[list]:
    """The points a reader makes of ``re`` (its numbers as written, added in single precision): round from its
    corner, closed by a line back to it."""
    x, y, w, h = array("f", map(float, fp_str(x, y, w, h).split()))
    r, t = f32(x + w), f32(y + h)
    return [[x, y, MOVE, False], [r, y, LINE, False], [r, t, LINE, False], [x, t, LINE, False], [x, y, LINE, True]]


def _close(points: list, start) -> None:
    """``h``: a line back to the figure's start, unless it ends there (then its last point closes it)."""
    if not points or start is None:
        return
    last = points[-1]
    if (last[0], last[1]) != start:
        points.append([start[0], start[1], LINE, True])
    else:
        last[3] = True


def stroke_bounds(points: list, width: float) -> tuple[float, float, float, float]:
    """The box pdfium gives a stroked path of ``points`` (its own rule: each segment's ends and each corner
    grown by the whole line ``width``, a corner to where its outer edges meet)."""
    box = [math.inf, math.inf, -math.inf, -math.inf]

    def at(x, y):
        if x < box[0]:
            box[0] = x
        if x > box[2]:
            box[2] = x
        if y < box[1]:
            box[1] = y
        if y > box[3]:
            box[3] = y

    n = len(points)
    i = 0
    while i < n:
        p = points[i]
        if p[2] == MOVE:
            if i + 1 == n:
                if p[3]:
                    at(p[0], p[1])
                break
            first, last, join = i + 1, i, False
        else:
            if p[2] == CURVE and not p[3]:
                at(p[0], p[1])
                at(points[i + 1][0], points[i + 1][1])
                i += 2
            if i == n - 1 or points[i + 1][2] == MOVE:
                first, last, join = i - 1, i, False
            else:
                first, mid, last, join = i - 1, i, i + 1, True
        if join:
            _corner(at, points[first], points[mid], points[last], width)
        else:
            _end(at, points[first], points[last], width)
        i += 1
    return (box[0], box[1], box[2], box[3])


def _end(at, s, e, hw: float) -> None:
    """A segment's end ``e`` (coming from ``s``), squared off ``hw`` beyond it."""
    sx, sy, ex, ey = s[0], s[1], e[0], e[1]
    if sx == ex:
        if sy == ey:
            at(ex + hw, ey + hw)
            at(ex - hw, ey - hw)
            return
        y = ey - hw if ey < sy else ey + hw
        at(ex + hw, y)
        at(ex - hw, y)
        return
    if sy == ey:
        x = ex - hw if ex < sx else ex + hw
        at(x, ey + hw)
        at(x, ey - hw)
        return
    dx, dy = ex - sx, ey - sy
    ll = math.hypot(dx, dy)
    mx, my = ex + hw * dx / ll, ey + hw * dy / ll
    ox, oy = hw * dy / ll, hw * dx / ll
    at(mx - ox, my + oy)
    at(mx + ox, my - oy)


def _corner(at, s, m, e, hw: float) -> None:
    """The corner at ``m`` between the segments from ``s`` and to ``e``: where their outer edges (``hw`` off
    their lines) meet."""
    sx, sy, mx, my, ex, ey = s[0], s[1], m[0], m[1], e[0], e[1]
    near = 1.0 / 20
    start_vert, end_vert = abs(sx - mx) < near, abs(mx - ex) < near
    if start_vert and end_vert:
        y = my + hw * (1 if my > sy else -1)
        at(mx + hw, y)
        at(mx - hw, y)
        return
    sk = sc = sdc = ek = ec = edc = 0.0
    if not start_vert:
        sk = (my - sy) / (mx - sx)
        sc = my - sk * mx
        sdc = abs(hw * math.hypot(sx - mx, sy - my) / (sx - mx))
    if not end_vert:
        ek = (ey - my) / (ex - mx)
        ec = my - ek * mx
        edc = abs(hw * math.hypot(ex - mx, ey - my) / (ex - mx))
    if start_vert:
        x = sx + (hw if ex < sx else -hw)
        at(x, ek * x + ec + (edc if sy < ek * sx + ec else -edc))
        return
    if end_vert:
        x = ex + (hw if sx < ex else -hw)
        at(x, sk * x + sc + (sdc if ey < sk * ex + sc else -sdc))
        return
    if abs(sk - ek) < near:
        if (1 if mx > sx else -1) == (1 if ex > mx else -1):
            _end(at, m, e, hw)
        else:
            _end(at, s, m, hw)
        return
    so = sc + (sdc if ey < sk * ex + sc else -sdc)
    eo = ec + (edc if sy < ek * sx + ec else -edc)
    x = (eo - so) / (sk - ek)
    at(x, sk * x + so)


class RecordingCanvas(Canvas):
    """A canvas that records, page by page, each object it draws as a PDF reader will see it: ("run", text,
    size, box, bold), ("box", box) or ("form", name, matrix) where a form is drawn; ``forms``: each form's
    own items. Boxes in pt, page space (y up)."""

    def __init__(self, *args, **kwargs) -> None:
        self.record_lost = False
        self.recorded: list[list] = []
        self.forms: dict[str, list] = {}
        self._items: list = []
        self._rec_text = [0.0, 0.0, 0.0]  # the text state the graphics state keeps: Tc, Tw, TL
        self._rec_stack: list = []
        self._ctm = self._ctm_before = IDENTITY
        self._form_items: list | None = None
        super().__init__(*args, **kwargs)
        self._rec_text = [0.0, 0.0, self._leading]

    # the graphics state (q ... Q) keeps the text state, and the matrix as written (its numbers rounded) and as
    # pdfium multiplies it out (single precision): what a text's printed size is read from
    def saveState(self):
        super().saveState()
        self._rec_stack.append((list(self._rec_text), self._ctm))

    def restoreState(self):
        super().restoreState()
        self._rec_text, self._ctm = self._rec_stack.pop()

    def init_graphics_state(self):
        super().init_graphics_state()
        self._rec_text = [0.0, 0.0, self._leading]
        self._ctm = self._ctm_before = IDENTITY

    def transform(self, a, b, c, d, e, f):
        merged = bool(self._code) and self._code[-1][-3:] == " cm"  # reportlab folds it into the one before
        super().transform(a, b, c, d, e, f)
        if not merged:
            self._ctm_before = self._ctm
        self._ctm = _mul32(_written(self._code[-1], 6), self._ctm_before)

    def showPage(self):
        self.recorded.append(self._items)
        self._items = []
        super().showPage()

    def beginForm(self, name, lowerx=0, lowery=0, upperx=None, uppery=None):
        self._outer = (self._items, self._rec_text, self._rec_stack, self._ctm, self._ctm_before)
        super().beginForm(name, lowerx, lowery, upperx, uppery)
        self._items, self._rec_stack = [], []
        self._rec_text = [0.0, 0.0, self._leading]
        self._form_name = name

    def endForm(self, **extra):
        super().endForm(**extra)
        self.forms[self._form_name] = self._items
        self._items, self._rec_text, self._rec_stack, self._ctm, self._ctm_before = self._outer

    def doForm(self, name):
        super().doForm(name)
        self._items.append(("form", name, self._ctm))

    def beginText(self, x=0, y=0, direction=None):
        return RecordingText(self, x, y, direction=direction)

    def drawText(self, aTextObject):
        super().drawText(aTextObject)
        shown = getattr(aTextObject, "_shown", None)
        if shown is None:
            self.record_lost = True
            return
        ctm = self._ctm
        for item in shown:
            self._items.append(("run",) + _run(*item, ctm))
        shown.clear()

    def beginPath(self):
        return _Path()

    def _path(self, points: list, stroke, fill) -> None:
        """Note a painted path: the box of its points when filled, pdfium's stroke box when stroked (a
        hairline's grown by half a point once placed)."""
        if not (stroke or fill) or not points:
            return
        w = self._lineWidth if stroke else 0.0
        if stroke and w:
            x0, y0, x1, y1 = stroke_bounds(points, w)
        else:
            xs = [p[0] for p in points]
            ys = [p[1] for p in points]
            x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
        box = _rect(self._ctm, x0, y0, x1, y1)
        if stroke and not w:
            box = (box[0] - 0.5, box[1] - 0.5, box[2] + 0.5, box[3] + 0.5)
        self._items.append(("box", box))

    def record_loops(self, loops, stroke, fill, closed: bool = True) -> None:
        """A path of straight ``loops`` drawn by printgen's own ops (draw/canvas.py), each closed or not."""
        points: list = []
        for loop in loops:
            points.append([loop[0][0], loop[0][1], MOVE, False])
            points += [[x, y, LINE, False] for x, y in loop[1:]]
            if closed:
                _close(points, (loop[0][0], loop[0][1]))
        self._path(points, stroke, fill)

    def drawPath(self, aPath, stroke=1, fill=0, fillMode=None):
        super().drawPath(aPath, stroke, fill, fillMode)
        points = getattr(aPath, "points", None)
        if points is None:
            self.record_lost = True
        else:
            self._path(points, stroke, fill)

    def line(self, x1, y1, x2, y2):
        super().line(x1, y1, x2, y2)
        self._path([[x1, y1, MOVE, False], [x2, y2, LINE, False]], 1, 0)

    def lines(self, linelist):
        linelist = list(linelist)
        super().lines(linelist)
        self._path([p for x1, y1, x2, y2 in linelist for p in ([x1, y1, MOVE, False], [x2, y2, LINE, False])],
                   1, 0)

    def rect(self, x, y, width, height, stroke=1, fill=0):
        super().rect(x, y, width, height, stroke, fill)
        self._path(_rect_points(x, y, width, height), stroke, fill)

    # as reportlab draws these, through a path object that notes its points
    def roundRect(self, x, y, width, height, radius, stroke=1, fill=0):
        path = _Path(code=self._code)
        path.roundRect(x, y, width, height, radius)
        self._strokeAndFill(stroke, fill)
        self._path(path.points, stroke, fill)

    def ellipse(self, x1, y1, x2, y2, stroke=1, fill=0):
        path = _Path(code=self._code)
        path.ellipse(x1, y1, x2 - x1, y2 - y1)
        self._strokeAndFill(stroke, fill)
        self._path(path.points, stroke, fill)

    def bezier(self, x1, y1, x2, y2, x3, y3, x4, y4):
        super().bezier(x1, y1, x2, y2, x3, y3, x4, y4)
        self._path([[x1, y1, MOVE, False], [x2, y2, CURVE, False], [x3, y3, CURVE, False], [x4, y4, CURVE, False]],
                   1, 0)

    def arc(self, *a, **k):
        self.record_lost = True
        return super().arc(*a, **k)

    def wedge(self, *a, **k):
        self.record_lost = True
        return super().wedge(*a, **k)

    def drawInlineImage(self, *a, **k):
        self.record_lost = True
        return super().drawInlineImage(*a, **k)

    def drawImage(self, image, x, y, width=None, height=None, *a, **k):
        got = super().drawImage(image, x, y, width, height, *a, **k)
        if width is None or height is None:
            self.record_lost = True
        else:
            self._items.append(("box", _rect(self._ctm, x, y, x + width, y + height)))
        return got


def recorded_pages(canvas: RecordingCanvas, size: tuple[float, float]) -> list | None:
    """Each page's items with its forms placed: [(width pt, height pt, [("run", text, size, box, bold) |
    ("box", box)])], boxes in pt, y up; None when the record was lost (see the module's docstring)."""
    if canvas.record_lost:
        return None
    w, h = f32(size[0]), f32(size[1])
    pages = []
    for items in canvas.recorded:
        out: list = []
        _place(items, canvas.forms, IDENTITY, out, 0)
        pages.append((w, h, out))
    return pages


def _place(items, forms, outer, out: list, level: int) -> None:
    for item in items:
        kind = item[0]
        if kind == "form":
            if level < 3 and item[1] in forms:
                _place(forms[item[1]], forms, _mul(item[2], outer), out, level + 1)
        elif outer is IDENTITY:
            out.append(item)
        elif kind == "run":
            text, size, box, bold = item[1:]
            a, b, c, d = (f32(v) for v in outer[:4])
            out.append(("run", text, size * math.sqrt(abs(a * d - b * c)), _rect(outer, *box), bold))
        else:
            out.append(("box", _rect(outer, *item[1])))
