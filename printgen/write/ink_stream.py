"""What a CMYK PDF's content streams print, in inks: every text run and painted shape with its colour.

The shop profiles' files are converted by Ghostscript (write/cmyk.py), which sets every colour as
DeviceCMYK (``k``/``K``) or DeviceGray (``g``/``G``: black ink alone). ``read_inks`` walks each page's
content stream (and the forms it draws) as a PDF reader does: the graphics state stack (transformation,
fill and stroke colour), the text state (font, size, matrices, spacing) and the glyph widths of each font,
so a run's printed size (pt) and box on the page (mm, y down) are those of the file. The ink preflight
(printgen.preflight.ink) measures these; ``rewrite_inks`` applies the shop's ink rules to the same streams.

Colours are ink fractions (C, M, Y, K), 0-1 each; total ink is their sum (4.0 is 400 %).
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Callable

import pikepdf

from ..draw.document import IDENTITY, Matrix, apply, compose

PT_TO_MM = 25.4 / 72.0
CMYK = tuple[float, float, float, float]
_PAINT = {"f": "fill", "F": "fill", "f*": "fill", "S": "stroke", "s": "stroke", "B": "both", "B*": "both",
          "b": "both", "b*": "both"}
_SHOW = {"Tj", "TJ", "'", '"'}


@dataclass(frozen=True)
class InkRun:
    """One thing a page prints in one colour: ``kind`` text (``text``, ``size`` pt), fill or stroke (a
    shape). ``box``: page mm (x0, y0, x1, y1), y down; ``page``: 1-based."""

    page: int
    kind: str
    cmyk: CMYK
    box: tuple[float, float, float, float]
    text: str = ""
    size: float = 0.0

    @property
    def total(self) -> float:
        return sum(self.cmyk)


class _Font:
    """A font's glyph advances (1/1000 of the size) by character code, and its code width in bytes."""

    def __init__(self, font) -> None:
        self.two_byte = font.get("/Subtype") == pikepdf.Name.Type0
        self.widths: dict[int, float] = {}
        self.default = 0.0
        if self.two_byte:
            kids = font.get("/DescendantFonts")
            cid = kids[0] if kids is not None and len(kids) else pikepdf.Dictionary()
            self.default = float(cid.get("/DW", 1000))
            w = cid.get("/W")
            items = list(w) if w is not None else []
            i = 0
            while i + 1 < len(items):  # [first [w1 w2 ...]] or [first last w]
                first = int(items[i])
                if isinstance(items[i + 1], pikepdf.Array):
                    for k, v in enumerate(items[i + 1]):
                        self.widths[first + k] = float(v)
                    i += 2
                elif i + 2 < len(items):
                    for code in range(first, min(int(items[i + 1]), first + 65536) + 1):
                        self.widths[code] = float(items[i + 2])
                    i += 3
                else:
                    break
        else:
            first = int(font.get("/FirstChar", 0))
            matrix = font.get("/FontMatrix")  # a Type 3 font's widths are in its own glyph space
            unit = float(matrix[0]) * 1000.0 if matrix is not None and len(matrix) == 6 else 1.0
            for k, v in enumerate(font.get("/Widths") or []):
                self.widths[first + k] = float(v) * unit
            desc = font.get("/FontDescriptor")
            self.default = float(desc.get("/MissingWidth", 0)) if desc is not None else 0.0

    def codes(self, data: bytes) -> list[int]:
        if self.two_byte:
            return [data[i] << 8 | data[i + 1] for i in range(0, len(data) - 1, 2)]
        return list(data)

    def width(self, code: int) -> float:
        return self.widths.get(code, self.default)


@dataclass
class _State:
    ctm: Matrix = IDENTITY
    fill: CMYK = (0.0, 0.0, 0.0, 1.0)
    stroke: CMYK = (0.0, 0.0, 0.0, 1.0)
    fill_n: int = 1  # components of the current fill space (1 gray, 4 CMYK; else not an ink colour)
    stroke_n: int = 1
    font: _Font | None = None
    size: float = 0.0
    tc: float = 0.0
    tw: float = 0.0
    th: float = 1.0
    tl: float = 0.0
    rise: float = 0.0
    mode: int = 0  # text rendering mode: 3 (invisible) and 7 (clip only) print no ink

    def copy(self) -> "_State":
        return _State(**self.__dict__)


def _colour(operands, n: int) -> CMYK | None:
    vals = [float(v) for v in operands if _num(v)]  # pikepdf gives reals as Decimal
    if n == 4 and len(vals) == 4:
        return tuple(min(max(v, 0.0), 1.0) for v in vals)
    if n == 1 and len(vals) == 1:
        return (0.0, 0.0, 0.0, 1.0 - min(max(vals[0], 0.0), 1.0))
    return None


def _num(v) -> bool:
    try:
        float(v)
        return True
    except (TypeError, ValueError):
        return False


def _space_n(name, resources) -> int:
    """Components of a colour space named in ``cs``/``CS``: 1 gray, 4 CMYK, else 0 (RGB, pattern...)."""
    if name == pikepdf.Name.DeviceCMYK:
        return 4
    if name == pikepdf.Name.DeviceGray:
        return 1
    spaces = resources.get("/ColorSpace") if resources is not None else None
    cs = spaces.get(name) if spaces is not None else None
    if isinstance(cs, pikepdf.Name):
        return _space_n(cs, None)
    if isinstance(cs, pikepdf.Array) and len(cs) > 1 and cs[0] == pikepdf.Name.ICCBased:
        n = int(cs[1].get("/N", 0))
        return n if n in (1, 4) else 0
    return 0


# an ink rule: (text size pt or None for a shape, colour) -> the colour to print instead, or None to keep it
Rule = Callable[[float | None, CMYK], CMYK | None]


def _walk(pdf: pikepdf.Pdf, holder, resources, state: _State, page: int, height: float, out: list[InkRun],
          rule: Rule | None, seen: set) -> list | None:
    """Interpret one content stream; with ``rule``, return its instructions rewritten (else None)."""
    stack: list[_State] = []
    fonts: dict = {}
    tm = tlm = IDENTITY
    path: list[tuple[float, float]] = []
    rewritten: list = []
    font_res = resources.get("/Font") if resources is not None else None
    xobjects = resources.get("/XObject") if resources is not None else None

    def mm_box(points) -> tuple[float, float, float, float]:
        xs = [p[0] * PT_TO_MM for p in points]
        ys = [(height - p[1]) * PT_TO_MM for p in points]
        return (min(xs), min(ys), max(xs), max(ys))

    def show(items) -> float:
        """Advance the text matrix over a show's strings; returns the advance (text space units)."""
        nonlocal tm
        total = 0.0
        f = state.font
        for item in items:
            if isinstance(item, (bytes, pikepdf.String)):
                data = bytes(item)
                codes = f.codes(data) if f else list(data)
                for code in codes:
                    w = (f.width(code) if f else 500.0) / 1000.0
                    adv = (w * state.size + state.tc + (state.tw if code == 32 and not (f and f.two_byte) else 0.0)
                           ) * state.th
                    total += adv
            elif _num(item):
                total -= float(item) / 1000.0 * state.size * state.th
        tm = compose(tm, (1.0, 0.0, 0.0, 1.0, total, 0.0))
        return total

    for operands, op in pikepdf.parse_content_stream(holder):
        name = str(op)
        emit = [(operands, op)]
        if name == "q":
            stack.append(state.copy())
        elif name == "Q":
            if stack:
                state = stack.pop()
        elif name == "cm" and len(operands) == 6:
            state.ctm = compose(state.ctm, tuple(float(v) for v in operands))
        elif name in ("k", "g", "K", "G", "sc", "scn", "SC", "SCN"):
            fill = name in ("k", "g", "sc", "scn")
            n = 4 if name in ("k", "K") else 1 if name in ("g", "G") else (state.fill_n if fill else state.stroke_n)
            c = _colour(operands, n)
            if c is not None:
                if fill:
                    state.fill, state.fill_n = c, n
                else:
                    state.stroke, state.stroke_n = c, n
                if rule is not None and n == 4:
                    new = rule(None, c)
                    if new is not None:
                        emit = [([round(v, 4) for v in new], op)]
            elif fill:
                state.fill_n = 0
            else:
                state.stroke_n = 0
        elif name in ("cs", "CS") and operands:
            n = _space_n(operands[0], resources)
            if name == "cs":
                state.fill_n = n
            else:
                state.stroke_n = n
        elif name in ("rg", "RG"):
            if name == "rg":
                state.fill_n = 0
            else:
                state.stroke_n = 0
        elif name == "BT":
            tm = tlm = IDENTITY
        elif name == "Tf" and len(operands) == 2:
            key = operands[0]
            if key not in fonts:
                fobj = font_res.get(key) if font_res is not None else None
                fonts[key] = _Font(fobj) if fobj is not None else None
            state.font, state.size = fonts[key], float(operands[1])
        elif name == "Tc" and operands:
            state.tc = float(operands[0])
        elif name == "Tw" and operands:
            state.tw = float(operands[0])
        elif name == "Tz" and operands:
            state.th = float(operands[0]) / 100.0
        elif name == "TL" and operands:
            state.tl = float(operands[0])
        elif name == "Ts" and operands:
            state.rise = float(operands[0])
        elif name == "Tr" and operands:
            state.mode = int(operands[0])
        elif name == "Tm" and len(operands) == 6:
            tm = tlm = tuple(float(v) for v in operands)
        elif name in ("Td", "TD") and len(operands) == 2:
            tx, ty = float(operands[0]), float(operands[1])
            if name == "TD":
                state.tl = -ty
            tm = tlm = compose(tlm, (1.0, 0.0, 0.0, 1.0, tx, ty))
        elif name == "T*":
            tm = tlm = compose(tlm, (1.0, 0.0, 0.0, 1.0, 0.0, -state.tl))
        elif name in _SHOW:
            if name in ("'", '"'):
                if name == '"' and len(operands) == 3:
                    state.tw, state.tc = float(operands[0]), float(operands[1])
                tm = tlm = compose(tlm, (1.0, 0.0, 0.0, 1.0, 0.0, -state.tl))
            items = list(operands[-1]) if name == "TJ" and operands else operands[-1:]
            start = compose(state.ctm, tm)
            adv = show(items)
            a, b, c, d, _, _ = start
            size = state.size * math.hypot(c, d)  # the printed height of the font's em, pt
            x0, y0 = apply(start, (0.0, state.rise - 0.2 * state.size))
            x1, y1 = apply(start, (adv, state.rise + 0.8 * state.size))
            text = "".join(chr(ch) if 32 <= ch < 127 else "?" for item in items
                           if isinstance(item, (bytes, pikepdf.String)) for ch in bytes(item))
            if state.fill_n in (1, 4) and state.mode not in (3, 7):
                out.append(InkRun(page, "text", state.fill, mm_box([(x0, y0), (x1, y1)]), text, size))
                if rule is not None and state.fill_n == 4:
                    new = rule(size, state.fill)
                    if new is not None and new != state.fill:
                        emit = [([round(v, 4) for v in new], pikepdf.Operator("k")), (operands, op),
                                ([round(v, 4) for v in state.fill], pikepdf.Operator("k"))]
        elif name in ("m", "l") and len(operands) == 2:
            path.append(apply(state.ctm, (float(operands[0]), float(operands[1]))))
        elif name in ("c", "v", "y"):
            nums = [float(v) for v in operands]
            path += [apply(state.ctm, (nums[i], nums[i + 1])) for i in range(0, len(nums) - 1, 2)]
        elif name == "re" and len(operands) == 4:
            x, y, w, h = (float(v) for v in operands)
            path += [apply(state.ctm, (px, py)) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
        elif name in _PAINT or name == "n":
            if path and name != "n":
                kind = _PAINT[name]
                box = mm_box(path)
                if kind in ("fill", "both") and state.fill_n in (1, 4):
                    out.append(InkRun(page, "fill", state.fill, box))
                if kind in ("stroke", "both") and state.stroke_n in (1, 4):
                    out.append(InkRun(page, "stroke", state.stroke, box))
            path = []
        elif name == "INLINE IMAGE" and operands:  # a small picture written in the stream (BI ... EI)
            darkest = _darkest(operands[0])
            if darkest is not None:
                corners = [apply(state.ctm, (x, y)) for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))]
                out.append(InkRun(page, "image", darkest, mm_box(corners)))
        elif name == "Do" and operands and xobjects is not None:
            xo = xobjects.get(operands[0])
            if xo is not None and xo.get("/Subtype") == pikepdf.Name.Image:
                darkest = _darkest(xo)
                if darkest is not None:
                    corners = [apply(state.ctm, (x, y)) for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))]
                    out.append(InkRun(page, "image", darkest, mm_box(corners)))
            elif xo is not None and xo.get("/Subtype") == pikepdf.Name.Form:
                inner = state.copy()
                matrix = xo.get("/Matrix")
                if matrix is not None:
                    inner.ctm = compose(inner.ctm, tuple(float(v) for v in matrix))
                first = xo.objgen not in seen
                seen.add(xo.objgen)
                new = _walk(pdf, xo, xo.get("/Resources") or resources, inner, page, height, out,
                            rule if first else None, seen)
                if new is not None:
                    xo.write(pikepdf.unparse_content_stream(new))
        rewritten += emit
    return rewritten if rule is not None else None


def _darkest(xo) -> CMYK | None:
    """The pixel of most total ink of a CMYK picture, an image XObject or an inline image (None: not CMYK,
    or not decodable here)."""
    import warnings

    import numpy as np

    pic = xo if isinstance(xo, pikepdf.PdfInlineImage) else pikepdf.PdfImage(xo)
    try:
        img = pic.as_pil_image(apply_mask=False)  # with its mask applied a CMYK picture comes back as RGBA
    except Exception:  # noqa: BLE001 - a filter pikepdf cannot decode: the picture is not measured
        return None
    if img.mode != "CMYK":
        return None
    px = np.asarray(img, dtype=np.uint16).reshape(-1, 4)
    if not isinstance(xo, pikepdf.PdfInlineImage) and ("/SMask" in xo or "/Mask" in xo):
        # only the pixels the mask lets print count: a fully transparent corner inks nothing
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # pikepdf says it converts CMYK to RGBA to hold the alpha
                masked = pic.as_pil_image()
        except Exception:  # noqa: BLE001 - an undecodable mask: every pixel counts
            masked = None
        if masked is not None and masked.mode in ("RGBA", "LA") and masked.size == img.size:
            px = px[np.asarray(masked.getchannel("A")).reshape(-1) > 0]
            if not len(px):
                return None
    worst = px[int(np.argmax(px.sum(axis=1)))]
    return tuple(round(float(v) / 255, 4) for v in worst)


def _pages(pdf: pikepdf.Pdf, rule: Rule | None) -> list[InkRun]:
    out: list[InkRun] = []
    seen: set = set()
    for n, page in enumerate(pdf.pages, start=1):
        box = [float(v) for v in page.mediabox]
        state = _State(ctm=(1.0, 0.0, 0.0, 1.0, -box[0], -box[1]))
        new = _walk(pdf, page, page.obj.get("/Resources"), state, n, box[3] - box[1], out, rule, seen)
        if new is not None:
            page.obj.Contents = pdf.make_stream(pikepdf.unparse_content_stream(new))
    return out


def read_inks(data: bytes) -> list[InkRun]:
    """Every text run and painted shape of a PDF, in drawing order, with the inks it prints in."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return _pages(pdf, None)


def rewrite_inks(data: bytes, rule: Rule) -> bytes:
    """The PDF with every CMYK colour ``rule`` changes printed as it says (a text's colour changed for that
    run alone, restored after it); deterministic."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        _pages(pdf, rule)
        buf = io.BytesIO()
        pdf.save(buf, deterministic_id=True, fix_metadata_version=False)
    return buf.getvalue()
