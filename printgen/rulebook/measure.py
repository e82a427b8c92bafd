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
from struct import Struct, unpack_from

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.pathobject import PDFPathObject

from .widths import remember_widths  # noqa: F401 (read here by the tests)

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


# numbers through single precision and back (packed as C floats: what array("f") gives, out of range to an
# infinity alike, at a third of the cost of making an array: a book rounds half a million of them)
_F1, _F2, _F4, _F6, _F12 = (Struct(f"{n}f") for n in (1, 2, 4, 6, 12))


def f32(x: float) -> float:
    """``x`` as the single-precision float pdfium keeps it in."""
    return _F1.unpack(_F1.pack(x))[0]


def compose(m, n):
    """The matrix ``m`` then ``n`` (PDF order: a point goes through m first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def compose32(m, n):
    """``compose`` as pdfium works it, in single precision (each product and sum rounded to it)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    p = _F12.unpack(_F12.pack(a * A, b * C, a * B, b * D, c * A, d * C, c * B, d * D, e * A, f * C, e * B, f * D))
    q = _F6.unpack(_F6.pack(p[0] + p[1], p[2] + p[3], p[4] + p[5], p[6] + p[7], p[8] + p[9], p[10] + p[11]))
    return (q[0], q[1], q[2], q[3]) + _F2.unpack(_F2.pack(q[4] + E, q[5] + F))


def written(code: str, n: int) -> tuple[float, ...]:
    """The last ``n`` numbers before an operator as written (reportlab rounds them), in single precision."""
    if n == 6:
        return _F6.unpack(_F6.pack(*map(float, code.split()[-7:-1])))
    return tuple(array("f", map(float, code.split()[-n - 1:-1])))


def rect_box(m, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
    """The box (pt) of the rectangle x0..x1, y0..y1 through the matrix ``m``."""
    a, b, c, d, e, f = m
    xs = (a * x0 + c * y0, a * x1 + c * y0, a * x1 + c * y1, a * x0 + c * y1)
    ys = (b * x0 + d * y0, b * x1 + d * y0, b * x1 + d * y1, b * x0 + d * y1)
    # single precision, as pdfium keeps a box: an edge on a round number lands on the same side of it
    return _F4.unpack(_F4.pack(min(xs) + e, min(ys) + f, max(xs) + e, max(ys) + f))


class FontMetrics:
    """A TrueType font as pdfium measures its glyphs: each character's outline box (1000 units to the em,
    pdfium's integer rounding) and its advance (the PDF's /Widths, which reportlab writes from the font)."""

    def __init__(self, font) -> None:
        face = font.face
        self._face = face
        self.widths = face.charWidths
        self.default = face.defaultWidth
        self._chars = face.charToGlyph
        self._upm = face.unitsPerEm
        self._boxes: dict[int, tuple[int, int, int, int]] = {}
        # a character -> its advance, outline left, right, bottom and top, 1000 units to the em
        self.advances: dict[str, float] = {}
        self.lefts: dict[str, int] = {}
        self.rights: dict[str, int] = {}
        self.bottoms: dict[str, int] = {}
        self.tops: dict[str, int] = {}
        self.seen: set[str] = set()
        # (a string, its size, character and word spacing) -> its ``extent``: a book prints the same labels,
        # table cells, running heads and leaders again and again (seven runs in ten are met before)
        self.extents: dict[tuple, tuple] = {}
        self.known = frozenset(map(chr, face.charToGlyph))
        # pdfium's weight: the descriptor's StemV (reportlab writes it from the OS/2 weight class), 5 or 4
        # times it; bold at 600 and over, or when the font's name says so
        stem = face.stemV
        weight = stem * 5 if stem < 140 else stem * 4 + 140
        self.bold = weight >= 600 or "bold" in (face.name.decode("latin-1") if isinstance(face.name, bytes)
                                                else str(face.name)).lower()

    def _measure(self, code: int) -> tuple[int, int, int, int]:
        face, g = self._face, self._chars.get(code)
        where = face.glyphPos
        if g is None or g + 1 >= len(where) or where[g + 1] <= where[g] or "glyf" not in face.table:
            return (0, 0, 0, 0)  # no outline (a space)
        # a glyph's header: its contours and the box of its points, from the font reportlab read
        contours, x0, y0, x1, y1 = unpack_from(">hhhhh", face._ttf_data, face.table["glyf"]["offset"] + where[g])
        if contours == 0:
            return (0, 0, 0, 0)
        # (a glyph made of others keeps the box of what they make in its header: every one of the bundled
        # fonts' 11,484 does, to the unit, as fontTools works it out from the parts)
        upm = self._upm

        def units(v: int) -> int:  # to 1000 units as pdfium scales (rounded half up, then cut towards zero)
            return int((v * 1000 + upm // 2) / upm)

        # FX_RECT(left, top, right, bottom) from FreeType's unscaled metrics
        return (units(x0), units(y1), units(x1), units(y0))

    def box(self, code: int) -> tuple[int, int, int, int]:
        got = self._boxes.get(code)
        if got is None:  # each character's outline read once, when first printed
            got = self._boxes[code] = self._measure(code)
        return got

    def width(self, code: int) -> float:
        return self.widths.get(code, self.default)

    def glyph(self, ch: str) -> None:
        """Note a character's advance and outline box (``advances``, ``lefts``... keep them)."""
        code = ord(ch)
        left, top, right, bottom = self.box(code)
        self.advances[ch] = self.width(code)
        self.lefts[ch], self.rights[ch] = min(left, right), max(left, right)
        self.bottoms[ch], self.tops[ch] = min(top, bottom), max(top, bottom)
        self.seen.add(ch)




@lru_cache(maxsize=None)
def metrics_of(name: str) -> FontMetrics | None:
    """The metrics of the registered font ``name``; None for a font that is not TrueType."""
    font = getFont(name)
    if not getattr(font, "_dynamicFont", False) or not hasattr(font, "face"):
        return None
    return FontMetrics(font)


def extent(chars: str, metrics: FontMetrics, size: float, char_space: float, word_space: float) -> tuple:
    """(how far the string moves the text position, its glyphs' box x0, x1, y0, y1 from where it starts), in
    text space: pdfium's union of its glyphs' outline boxes, each at its advance. Worked out once per string,
    size and spacing (``FontMetrics.extents``)."""
    key = (chars, size, char_space, word_space)
    got = metrics.extents.get(key)
    if got is None:
        if len(metrics.extents) >= EXTENTS_MAX:
            metrics.extents.clear()
        got = metrics.extents[key] = _extent(chars, metrics, size, char_space, word_space)
    return got


EXTENTS_MAX = 50_000  # strings kept per font (a few hundred bytes each)


def _extent(chars: str, metrics: FontMetrics, size: float, char_space: float, word_space: float) -> tuple:
    """``extent`` worked out. Summed at once (a book sets a quarter of a million characters): its left is its
    first glyph's unless another reaches further back, its right its last's unless another reaches further on;
    only then is it walked glyph by glyph."""
    if not chars:
        return 0.0, 10000.0, -10000.0, 10000.0, -10000.0
    if not metrics.seen.issuperset(chars):
        for ch in set(chars) - metrics.seen:
            metrics.glyph(ch)
    k = size / 1000.0
    W, LO, HI = metrics.advances, metrics.lefts, metrics.rights
    n, spaces = len(chars), chars.count(" ")
    units = sum(map(W.__getitem__, chars))
    moved = units * k + n * char_space + spaces * word_space
    y0 = min(map(metrics.bottoms.__getitem__, chars)) * k
    y1 = max(map(metrics.tops.__getitem__, chars)) * k
    first, last = chars[0], chars[-1]
    x0 = LO[first] * k
    x1 = HI[last] * k + moved - (W[last] * k + char_space + (word_space if last == " " else 0.0))
    if n > 1:
        step = W[first] * k + char_space + (word_space if first == " " else 0.0)
        before = chars[-2]
        back = moved - (W[last] * k + char_space + (word_space if last == " " else 0.0)) - (
            W[before] * k + char_space + (word_space if before == " " else 0.0))
        if (char_space < 0 or word_space < 0  # (the position may step back: no glyph is sure to be the last)
                or x0 > min(map(LO.__getitem__, chars)) * k + step
                or x1 < max(map(HI.__getitem__, chars)) * k + back):
            return (moved,) + _walk(chars, metrics, k, char_space, word_space) + (y0, y1)
    return moved, x0, x1, y0, y1


def _walk(chars: str, metrics: FontMetrics, k: float, char_space: float, word_space: float) -> tuple:
    """The x0, x1 of ``extent``, glyph by glyph."""
    W, LO, HI = metrics.advances, metrics.lefts, metrics.rights
    pos = 0.0
    x0, x1 = 10000.0, -10000.0
    for ch in chars:
        v = LO[ch] * k + pos
        if v < x0:
            x0 = v
        v = HI[ch] * k + pos
        if v > x1:
            x1 = v
        pos += W[ch] * k + char_space
        if ch == " ":
            pos += word_space
    return x0, x1


def text_run(chars: str, metrics: FontMetrics, size: float, line, start: float, rise: float, box: tuple,
             ctm) -> tuple:
    """(text, printed size pt, box pt, bold) of one show-text operator (``box``: its glyphs' from ``extent``,
    ``start`` along its ``line``), measured as pdfium measures it."""
    key = (line[0], line[1], line[2], line[3], ctm[0], ctm[1], ctm[2], ctm[3])
    scale = _SCALES.get(key)
    if scale is None:
        a, b, c, d = compose32(line, ctm)[:4]  # the text object's matrix as pdfium keeps it: its printed size
        scale = _SCALES[key] = math.sqrt(abs(a * d - b * c))
        if len(_SCALES) > 4096:
            _SCALES.clear()
    x0, x1, y0, y1 = box
    return (chars, size * scale, rect_box(compose(line, ctm), start + x0, rise + y0, start + x1, rise + y1),
            metrics.bold)


_SCALES: dict[tuple, float] = {}  # a text matrix and graphics matrix -> the scale of a text they print


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
    xs: list[float] = []
    ys: list[float] = []
    n = len(points)
    i = 0
    while i < n:
        p = points[i]
        if p[2] == MOVE:
            if i + 1 == n:
                if p[3]:
                    xs.append(p[0])
                    ys.append(p[1])
                break
            first, last, join = i + 1, i, False
        else:
            if p[2] == CURVE and not p[3]:
                xs += (p[0], points[i + 1][0])
                ys += (p[1], points[i + 1][1])
                i += 2
            if i == n - 1 or points[i + 1][2] == MOVE:
                first, last, join = i - 1, i, False
            else:
                first, mid, last, join = i - 1, i, i + 1, True
        if join:
            _corner(xs, ys, points[first], points[mid], points[last], width)
        else:
            _end(xs, ys, points[first], points[last], width)
        i += 1
    if not xs:
        return (math.inf, math.inf, -math.inf, -math.inf)
    return (min(xs), min(ys), max(xs), max(ys))


def _end(xs: list, ys: list, s, e, hw: float) -> None:
    """A segment's end ``e`` (coming from ``s``), squared off ``hw`` beyond it."""
    sx, sy, ex, ey = s[0], s[1], e[0], e[1]
    if sx == ex:
        if sy == ey:
            xs += (ex + hw, ex - hw)
            ys += (ey + hw, ey - hw)
            return
        xs += (ex + hw, ex - hw)
        ys.append(ey - hw if ey < sy else ey + hw)
        return
    if sy == ey:
        xs.append(ex - hw if ex < sx else ex + hw)
        ys += (ey + hw, ey - hw)
        return
    dx, dy = ex - sx, ey - sy
    ll = math.hypot(dx, dy)
    mx, my = ex + hw * dx / ll, ey + hw * dy / ll
    ox, oy = hw * dy / ll, hw * dx / ll
    xs += (mx - ox, mx + ox)
    ys += (my + oy, my - oy)


def _corner(xs: list, ys: list, s, m, e, hw: float) -> None:
    """The corner at ``m`` between the segments from ``s`` and to ``e``: where their outer edges (``hw`` off
    their lines) meet."""
    sx, sy, mx, my, ex, ey = s[0], s[1], m[0], m[1], e[0], e[1]
    near = 1.0 / 20
    start_vert, end_vert = abs(sx - mx) < near, abs(mx - ex) < near
    if start_vert and end_vert:
        xs += (mx + hw, mx - hw)
        ys.append(my + hw * (1 if my > sy else -1))
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
        xs.append(x)
        ys.append(ek * x + ec + (edc if sy < ek * sx + ec else -edc))
        return
    if end_vert:
        x = ex + (hw if sx < ex else -hw)
        xs.append(x)
        ys.append(sk * x + sc + (sdc if ey < sk * ex + sc else -sdc))
        return
    if abs(sk - ek) < near:
        if (1 if mx > sx else -1) == (1 if ex > mx else -1):
            _end(xs, ys, m, e, hw)
        else:
            _end(xs, ys, s, m, hw)
        return
    so = sc + (sdc if ey < sk * ex + sc else -sdc)
    eo = ec + (edc if sy < ek * sx + ec else -edc)
    x = (eo - so) / (sk - ek)
    xs.append(x)
    ys.append(sk * x + so)


class PointsPath(PDFPathObject):
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
        self.points += rect_points(x, y, width, height)
        self._start = (x, y)

    def close(self):
        super().close()
        close_figure(self.points, self._start)


def loop_points(loop, closed: bool) -> list:
    """A loop of (x, y) as a reader builds its path: [x, y, kind, closes] each."""
    points = [[loop[0][0], loop[0][1], MOVE, False]] + [[x, y, LINE, False] for x, y in loop[1:]]
    if closed:
        close_figure(points, (loop[0][0], loop[0][1]))
    return points
