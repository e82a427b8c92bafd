"""What the rulebook's pages hold, recorded as reportlab draws them: every text run (its text, printed size,
box and weight) and the box of every other object, for the preflight (preflight/book.py) to read instead of
reading the finished PDF back.

A run is what a PDF reader sees as one text object: one show-text operator (reportlab writes one per font
subset a string crosses). Its box is worked out as pdfium works it out from the file (the union of its
glyphs' outline boxes, each at its advance, through the text and graphics matrices), and a path's box as
the union of its points and control points, or by pdfium's rule for a stroke's ends and corners (measure.py);
the numbers as reportlab writes them, in pdfium's single precision. A form's objects are
placed by the matrix it is drawn with, where the page draws it (the footers' "page x of y" and the contents'
page numbers are forms defined once the last page is set). So the preflight finds what it found in the file,
at the same places, without pdfium's text page (whose per-object text lookup scans the whole page).

Anything drawn here that the recorder does not follow (a text render or scaling mode the book never uses,
a font that is not a TrueType font, a character a font lacks, shaped text) marks the record ``lost``: the
preflight then reads the PDF back. tests/rulebook/test_record.py holds the record to pdfium's reading.
"""

from __future__ import annotations

import math
import re

from reportlab.pdfgen.canvas import Canvas

from ..draw.fonts import pdf_name
from .measure import (CURVE, IDENTITY, LINE, MOVE, PointsPath, close_figure, compose, compose32, f32, loop_points,
                      rect_box, rect_points, stroke_bounds, text_run, written)
from .record_text import RecordingText, _split, fill_colour  # noqa: F401 (_split: read here by the tests)
from . import para_lines  # noqa: F401 (a mixed paragraph's lines drawn the short way)
from .para_draw import draw_paragraph


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
        # (font, size, Tc, Tw, a string) -> what _formatText writes and notes for it (RecordingText)
        self._runs: dict[tuple, tuple] = {}
        # a plain paragraph's drawing (para_draw._drawn_key) -> its text object's operators and runs as noted
        self._paras: dict[tuple, tuple] = {}
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
        self._ctm = compose32(written(self._code[-1], 6), self._ctm_before)

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

    def setFillColor(self, aColor, alpha=None):
        if not fill_colour(self, self, aColor, alpha):  # (a paragraph sets its colour on the canvas first)
            super().setFillColor(aColor, alpha)

    def draw_paragraph(self, para, x, y, sw=0) -> bool:
        """A plain paragraph's ``drawOn`` by a short way (para_draw.py); False when it is not one."""
        return draw_paragraph(self, para, x, y, sw)

    def beginText(self, x=0, y=0, direction=None):
        return RecordingText(self, x, y, direction=direction)

    def drawText(self, aTextObject):
        super().drawText(aTextObject)
        # a paragraph's text object holds a method bound to itself (reportlab's _do_line, used only while its lines
        # are set): a cycle that would keep it, its lines and their pieces for the collector to find
        aTextObject.__dict__.pop("_do_line", None)
        shown = getattr(aTextObject, "_shown", None)
        if shown is None:
            self.record_lost = True
            return
        ctm = self._ctm
        for item in shown:
            self._items.append(("run",) + text_run(*item, ctm))
        shown.clear()

    def beginPath(self):
        return PointsPath()

    def _path(self, points: list, stroke, fill) -> None:
        """Note a painted path: the box of its points when filled, pdfium's stroke box when stroked (a
        hairline's grown by half a point once placed)."""
        if not (stroke or fill) or not points:
            return
        w = self._lineWidth if stroke else 0.0
        if stroke and w:
            key = (w, tuple(map(tuple, points)))
            got = _STROKES.get(key)
            if got is None:
                if len(_STROKES) >= 4096:
                    _STROKES.clear()
                got = _STROKES[key] = stroke_bounds(points, w)
            x0, y0, x1, y1 = got
        else:
            xs = [p[0] for p in points]
            ys = [p[1] for p in points]
            x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
        box = rect_box(self._ctm, x0, y0, x1, y1)
        if stroke and not w:
            box = (box[0] - 0.5, box[1] - 0.5, box[2] + 0.5, box[3] + 0.5)
        self._items.append(("box", box))

    def record_loops(self, loops, stroke, fill, closed: bool = True) -> None:
        """A path of straight ``loops`` drawn by printgen's own ops (draw/canvas.py), each closed or not. A
        stroked shape met again elsewhere (a map's hexes) is boxed as it was, moved: its corners are the same."""
        w = self._lineWidth if stroke else 0.0
        if w and len(loops) == 1 and len(loops[0]) > 2:
            loop = loops[0]
            x, y = loop[0]
            # the very points drawn before (a picture's shapes, on the other paper or drawn again): their box
            seen = self._loops.get(id(loop))
            if seen is not None and seen[0] is loop and seen[1] == w and seen[2] == closed:
                got = seen[3]
            else:
                key = (w, closed, tuple([(a - x, b - y) for a, b in loop]))
                got = self._shapes.get(key)
                if got is None:
                    got = self._shapes[key] = stroke_bounds(loop_points(key[2], closed), w)
                    if len(self._shapes) > 4096:
                        self._shapes.clear()
                if len(self._loops) > 4096:
                    self._loops.clear()
                self._loops[id(loop)] = (loop, w, closed, got)
            self._items.append(("box", rect_box(self._ctm, got[0] + x, got[1] + y, got[2] + x, got[3] + y)))
            return
        points: list = []
        for loop in loops:
            points.append([loop[0][0], loop[0][1], MOVE, False])
            points += [[x, y, LINE, False] for x, y in loop[1:]]
            if closed:
                close_figure(points, (loop[0][0], loop[0][1]))
        self._path(points, stroke, fill)

    _shapes: dict = {}  # (line width, closed, points from the first) -> the stroke's box from the first point
    _loops: dict = {}  # id(a loop's points) -> (those points, line width, closed, the stroke's box from the first)

    def drawPath(self, aPath, stroke=1, fill=0, fillMode=None):
        super().drawPath(aPath, stroke, fill, fillMode)
        points = getattr(aPath, "points", None)
        if points is None:
            self.record_lost = True
        else:
            self._path(points, stroke, fill)

    def line(self, x1, y1, x2, y2):
        super().line(x1, y1, x2, y2)
        w = self._lineWidth
        if w and (x1 == x2) != (y1 == y2):  # a rule across or down: its box is its ends grown by the width
            self._items.append(("box", rect_box(self._ctm, min(x1, x2) - w, min(y1, y2) - w, max(x1, x2) + w,
                                                max(y1, y2) + w)))
            return
        self._path([[x1, y1, MOVE, False], [x2, y2, LINE, False]], 1, 0)

    def lines(self, linelist):
        linelist = list(linelist)
        super().lines(linelist)
        self._path([p for x1, y1, x2, y2 in linelist for p in ([x1, y1, MOVE, False], [x2, y2, LINE, False])],
                   1, 0)

    def rect(self, x, y, width, height, stroke=1, fill=0):
        super().rect(x, y, width, height, stroke, fill)
        points = rect_points(x, y, width, height)
        w = self._lineWidth if stroke else 0.0
        x0, x1 = sorted((points[0][0], points[1][0]))
        y0, y1 = sorted((points[0][1], points[2][1]))
        if (fill or w) and x0 < x1 and y0 < y1:  # (a stroked one: grown by the width at each corner)
            self._items.append(("box", rect_box(self._ctm, x0 - w, y0 - w, x1 + w, y1 + w)))
            return
        self._path(points, stroke, fill)

    # as reportlab draws these, through a path object that notes its points
    def roundRect(self, x, y, width, height, radius, stroke=1, fill=0):
        path = PointsPath(code=self._code)
        path.roundRect(x, y, width, height, radius)
        self._strokeAndFill(stroke, fill)
        self._path(path.points, stroke, fill)

    def ellipse(self, x1, y1, x2, y2, stroke=1, fill=0):
        path = PointsPath(code=self._code)
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
            self._items.append(("box", rect_box(self._ctm, x, y, x + width, y + height)))
        return got


# (line width, a path's points as drawn) -> its stroke's box: a book draws the same shapes at the same places of
# their own drawing again and again (a card's frame, a cover's hexes, a legend's swatches; one in two)
_STROKES: dict[tuple, tuple] = {}


def book_canvas(*args, **kwargs) -> RecordingCanvas:
    """The rulebook's canvas. It starts every page in the bundled sans (reportlab's own start, Helvetica, would
    be an unembedded font in the file) and notes what each page holds as it draws it."""
    kwargs.setdefault("initialFontName", pdf_name("sans"))
    canvas = RecordingCanvas(*args, **kwargs)
    canvas._doc._printgen_subsets = []  # each font subset as embedded (write/pdf.py): no reading the file back
    return canvas


def recorded_pages(canvas: RecordingCanvas, size: tuple[float, float]) -> list | None:
    """Each page as the preflight reads a page (preflight/book.py): (width mm, height mm, its text runs, the box
    of every object), forms placed, boxes in mm from the top left; None when the record was lost (see the
    module's docstring). A run is (text, printed size pt, box, bold), a run of blanks left out, and two spaces
    drawn read as one, as a reader reads them."""
    from ..preflight.book import Run

    if canvas.record_lost:
        return None
    w, h = f32(size[0]), f32(size[1])
    pages = []
    new_run = tuple.__new__  # (Run(text, size, box, bold) without its keyword handling: the same tuple)
    for items in canvas.recorded:
        placed: list = []
        _place(items, canvas.forms, IDENTITY, placed, 0)
        runs: list = []
        boxes: list = []
        add_run, add_box = runs.append, boxes.append
        for item in placed:
            if item[0] == "run":
                b = item[3]
                box = (b[0] * PT, (h - b[3]) * PT, b[2] * PT, (h - b[1]) * PT)
                add_box(box)
                text = item[1]
                if text and not text.isspace():
                    add_run(new_run(Run, (_SPACES.sub(" ", text) if "  " in text else text, item[2], box, item[4])))
            else:
                b = item[1]
                add_box((b[0] * PT, (h - b[3]) * PT, b[2] * PT, (h - b[1]) * PT))
        pages.append((w * PT, h * PT, runs, boxes))
    return pages


PT = 25.4 / 72.0  # mm per pt
_SPACES = re.compile(" {2,}")


def _place(items, forms, outer, out: list, level: int) -> None:
    for item in items:
        kind = item[0]
        if kind == "form":
            if level < 3 and item[1] in forms:
                _place(forms[item[1]], forms, compose(item[2], outer), out, level + 1)
        elif outer is IDENTITY:
            out.append(item)
        elif kind == "run":
            text, size, box, bold = item[1:]
            a, b, c, d = (f32(v) for v in outer[:4])
            out.append(("run", text, size * math.sqrt(abs(a * d - b * c)), rect_box(outer, *box), bold))
        else:
            out.append(("box", rect_box(outer, *item[1])))
