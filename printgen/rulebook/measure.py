"""How pdfium measures what a PDF draws, worked out from what was drawn (rulebook/record.py notes the rulebook's
pages with these): a text run's box from its glyphs' outline boxes and advances, a stroked path's box by
pdfium's own rule, matrices and numbers in the single precision pdfium keeps them in. The preflight's checks
compare boxes against round numbers (a 2 mm grid, a margin), so an edge must land on the side of one that
pdfium puts it on.
"""

from __future__ import annotations

import math
from array import array
from functools import lru_cache

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getFont

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def f32(x: float) -> float:
    """``x`` as the single-precision float pdfium keeps it in."""
    return array("f", (x,))[0]


def compose(m, n):
    """The matrix ``m`` then ``n`` (PDF order: a point goes through m first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def compose32(m, n):
    """``compose`` as pdfium works it, in single precision."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return tuple(array("f", (f32(f32(a * A) + f32(b * C)), f32(f32(a * B) + f32(b * D)),
                             f32(f32(c * A) + f32(d * C)), f32(f32(c * B) + f32(d * D)),
                             f32(f32(f32(e * A) + f32(f * C)) + E), f32(f32(f32(e * B) + f32(f * D)) + F))))


def written(code: str, n: int) -> tuple[float, ...]:
    """The last ``n`` numbers before an operator as written (reportlab rounds them), in single precision."""
    return tuple(array("f", map(float, code.split()[-n - 1:-1])))


def rect_box(m, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
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
        import io

        from fontTools.ttLib import TTFont

        face = font.face
        self.widths = face.charWidths
        self.default = face.defaultWidth
        self._chars = face.charToGlyph
        with open(face.filename, "rb") as fh:  # read from memory after: a forked worker shares no file offset
            self._tt = TTFont(io.BytesIO(fh.read()), lazy=True)
        self._upm = self._tt["head"].unitsPerEm
        self._glyf = self._tt["glyf"] if "glyf" in self._tt else None
        self._order = self._tt.getGlyphOrder()
        self._boxes: dict[int, tuple[int, int, int, int]] = {}
        # pdfium's weight: the descriptor's StemV (reportlab writes it from the OS/2 weight class), 5 or 4
        # times it; bold at 600 and over, or when the font's name says so
        stem = face.stemV
        weight = stem * 5 if stem < 140 else stem * 4 + 140
        self.bold = weight >= 600 or "bold" in (face.name.decode("latin-1") if isinstance(face.name, bytes)
                                                else str(face.name)).lower()

    def _measure(self, code: int) -> tuple[int, int, int, int]:
        glyf, g = self._glyf, self._chars.get(code)
        name = self._order[g] if g is not None and g < len(self._order) else None
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
        if got is None:  # each character's outline read once, when first printed
            got = self._boxes[code] = self._measure(code)
        return got

    def width(self, code: int) -> float:
        return self.widths.get(code, self.default)


@lru_cache(maxsize=None)
def metrics_of(name: str) -> FontMetrics | None:
    """The metrics of the registered font ``name``; None for a font that is not TrueType."""
    font = getFont(name)
    if not getattr(font, "_dynamicFont", False) or not hasattr(font, "face"):
        return None
    return FontMetrics(font)


def advance_of(chars: str, metrics: FontMetrics, size: float, char_space: float, word_space: float) -> float:
    """How far (text space) a string moves the text position."""
    k = size / 1000.0
    width = metrics.width
    total = 0.0
    for ch in chars:
        total += width(ord(ch)) * k + char_space
        if ch == " ":
            total += word_space
    return total


def text_run(chars: str, metrics: FontMetrics, size: float, line, advance: float, rise: float, char_space: float,
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
    m = compose(line, ctm)
    a, b, c, d = compose32(line, ctm)[:4]  # the text object's matrix as pdfium keeps it: its printed size
    printed = size * math.sqrt(abs(a * d - b * c))
    return (chars, printed, rect_box(m, advance + x0, rise + y0 * k, advance + x1, rise + y1 * k), metrics.bold)


MOVE, LINE, CURVE = 0, 1, 2


def rect_points(x, y, w, h) -> list[list]:
    """The points a reader makes of ``re`` (its numbers as written, added in single precision): round from its
    corner, closed by a line back to it."""
    x, y, w, h = array("f", map(float, fp_str(x, y, w, h).split()))
    r, t = f32(x + w), f32(y + h)
    return [[x, y, MOVE, False], [r, y, LINE, False], [r, t, LINE, False], [x, t, LINE, False], [x, y, LINE, True]]


def close_figure(points: list, start) -> None:
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
