"""The PDF operators printgen writes itself, byte for byte as reportlab's canvas and text object write
them (tests/draw/test_canvas.py compares the two ways), without reportlab's object and call per shape or
text: numbers formatted once and looked up, colours and line styles, paths, discs and rounded boxes, and
runs of text. Used by the canvas painter (printgen.draw.canvas)."""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import Canvas, ExtGState
from reportlab.pdfgen.pathobject import PDFPathObject

from .fonts import pdf_name


class Numbers(dict):
    """A number -> reportlab's way of writing it (``fp_str``), each formatted once. A build's PDFs write
    about 370,000 path coordinates but only some 21,000 different ones (a map's corners recur on every
    tile, a deck's card edges on every sheet), and formatting a number costs several times looking it up.
    Numbers that compare equal are written alike by fp_str (1 and 1.0, 0.0 and -0.0), so they may share a
    key. Cleared when full: a watch runs for hours."""

    MAX = 200_000

    def __missing__(self, v) -> str:
        if len(self) >= self.MAX:
            self.clear()
        s = self[v] = fp_str(v)
        return s


NUMBERS = Numbers()
_FILL_ALPHA = ExtGState.defaults["ca"]  # a page's fill alpha until one is set


@lru_cache(maxsize=1024)
def rl_colour(hexstr: str):
    return HexColor(hexstr)


@lru_cache(maxsize=1024)
def colour_codes(hexstr: str) -> tuple:
    """The colour object of "#rrggbb" and the operators reportlab writes to fill and to stroke with it."""
    colour = rl_colour(hexstr)
    rgb = fp_str((colour.red, colour.green, colour.blue))
    return colour, f"{rgb} rg", f"{rgb} RG"


@lru_cache(maxsize=256)
def line_codes(width: float, dash: tuple | None) -> tuple[str, str]:
    """The operators reportlab's setLineWidth(width) and setDash(list(dash) if dash else []) write."""
    array = list(dash) if dash else []
    # what setDash refuses, refused alike (a style's dash is checked when the game loads: this is a guard)
    if any(not isinstance(d, (int, float)) or d < 0 for d in array) or (array and sum(array) <= 0):
        raise ValueError(f"setDash: array={array!r} phase=0: dash lengths must be non-negative, not all 0")
    return f"{fp_str(width)} w", f"[{fp_str(array)}] 0 d"


def write_texts(c, texts) -> None:
    """Texts (y down, baseline at y) in one BT ... ET: a text matrix per text, the font and colour set
    only when they change. The fill colour stays set after it, as the state record notes.

    Written as reportlab's text object writes them (beginText, setFillColor, setFont, setTextTransform,
    textOut: tests/draw/test_canvas.py holds that way and compares the bytes) but without its object and
    its calls per text: a deck's sheets set some ten thousand texts. A canvas that makes text objects of
    its own (the rulebook's, which records them), or one that text object treats otherwise (an enforced
    colour space, a font that is not TrueType), is given to it."""
    if type(c) is not Canvas or c._enforceColorSpace or not all(
            [pdf_name(op.font) in _TRUETYPE or _truetype(pdf_name(op.font)) for op in texts]):
        rl_texts(c, texts)
        return
    doc = c._doc
    bottomup = c.bottomup
    code = ["BT", "1 0 0 1 0 0 Tm" if bottomup else "1 0 0 -1 0 0 Tm"]
    sink = _Sink(code)  # the extended graphics state writes its operator into the text object's code
    num = NUMBERS
    tm = "1 0 0 -1 " if bottomup else "1 0 0 1 "  # setTextTransform(1, 0, 0, -1, x, y) on this canvas
    font = colour = rl_font = tf = None
    subset_now = -1
    # (font, text) -> its show-text operators, each with its subset: a text's characters have their codes
    # in this document once it is shown (the font's subset state, which reportlab keeps per document), so
    # showing it again splits it alike and assigns nothing (a sheet's labels and numbers recur)
    split = c.__dict__.setdefault("_printgen_split", {})
    for op in texts:
        if op.colour != colour:
            colour = op.colour
            rl_colour, fill_code, _ = colour_codes(colour)
            code.append(fill_code)
            if rl_colour.alpha is not None and not (doc._pdfVersion >= (1, 4) and c._extgstate._d.get(
                    "ca", _FILL_ALPHA) == rl_colour.alpha):  # (what the two calls below would leave as it is)
                doc.ensureMinPdfVersion("transparency")
                c._extgstate.set(sink, "ca", rl_colour.alpha)
        name = pdf_name(op.font)
        if (name, op.size) != font:
            font = (name, op.size)
            rl_font = getFont(name)
            subset_now = -1
            tf = None
        x = op.x
        if op.anchor != "start":
            w = c.stringWidth(op.text, name, op.size)
            x -= w / 2 if op.anchor == "middle" else w
        code.append(f"{tm}{num[x]} {num[op.y]} Tm")
        shown = split.get((name, op.text))
        if shown is None:
            shown = split[(name, op.text)] = [(subset, f"({escapePDF(chunk)}) Tj")
                                              for subset, chunk in rl_font.splitString(op.text, doc)]
        parts = []
        for subset, tj in shown:
            if subset != subset_now:
                if tf is None:  # setFont's leading: 1.2 times the size
                    tf = f"{num[op.size]} Tf {num[op.size * 1.2]} TL"
                parts.append(f"{rl_font.getSubsetInternalName(subset, doc)} {tf}")
                subset_now = subset
            parts.append(tj)
        code.append(" ".join(parts))
    code.append("ET")
    c._code.append(" ".join(code))
    state = getattr(c, "_printgen_state", None)
    if state is not None and colour is not None:
        state["fill"] = ("fill", colour, 1.0)


_TRUETYPE: set[str] = set()  # registered fonts known to be TrueType (reportlab's dynamic fonts)


def _truetype(name: str) -> bool:
    if getFont(name)._dynamicFont:
        _TRUETYPE.add(name)
        return True
    return False


class _Sink:
    """Where reportlab's extended graphics state writes its ``gs`` operator: a text object's code."""

    __slots__ = ("_code",)

    def __init__(self, code: list) -> None:
        self._code = code


def rl_texts(c, texts) -> None:
    """``write_texts`` through reportlab's own text object."""
    t = c.beginText()
    font = colour = None
    for op in texts:
        if op.colour != colour:
            colour = op.colour
            t.setFillColor(rl_colour(colour))
        name = pdf_name(op.font)
        if (name, op.size) != font:
            font = (name, op.size)
            t.setFont(name, op.size)
        x = op.x
        if op.anchor != "start":
            w = c.stringWidth(op.text, name, op.size)
            x -= w / 2 if op.anchor == "middle" else w
        t.setTextTransform(1, 0, 0, -1, x, op.y)
        t.textOut(op.text)
    c.drawText(t)
    state = getattr(c, "_printgen_state", None)
    if state is not None and colour is not None:
        state["fill"] = ("fill", colour, 1.0)


# A circle's or rounded box's path, as reportlab's canvas writes it (Canvas.circle, Canvas.roundRect: its own
# path object, run here), kept by where it is: a sheet draws its tokens' discs and cards' frames at the same
# places page after page, and working out the curves (a Bezier arc's sines and cosines) was most of a disc.
@lru_cache(maxsize=4096)
def circle_code(cx: float, cy: float, r: float) -> tuple[str, ...]:
    x1, x2, y1, y2 = cx - r, cx + r, cy - r, cy + r  # as Canvas.circle, then Canvas.ellipse
    code: list[str] = []
    PDFPathObject(code=code).ellipse(x1, y1, x2 - x1, y2 - y1)
    return tuple(code)


@lru_cache(maxsize=4096)
def round_rect_code(x: float, y: float, w: float, h: float, radius: float) -> tuple[str, ...]:
    code: list[str] = []
    PDFPathObject(code=code).roundRect(x, y, w, h, radius)
    return tuple(code)


def path_code(loops, closed: bool) -> str:
    """The PDF path operators of ``loops`` (each a sequence of (x, y)), as reportlab's path object writes
    them ("n x y m x y l ... h", one line), built in one go: a page of hexes draws tens of thousands of
    corners, and the path object's call per corner was most of the drawing's time. Each number as
    fp_str writes it, looked up (``NUMBERS``): formatting the same few numbers again was the rest."""
    num = NUMBERS
    parts = ["n"]
    for loop in loops:
        x, y = loop[0]
        parts.append(f"{num[x]} {num[y]} m")
        parts += [f"{num[x]} {num[y]} l" for x, y in loop[1:]]
        if closed:
            parts.append("h")
    return " ".join(parts)
