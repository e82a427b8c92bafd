"""Painting the drawing model on a reportlab canvas: shared by the PDF writer and the rulebook's flowables."""

from __future__ import annotations

from functools import lru_cache

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, PATH_OPS, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from .document import IDENTITY, Circle, Group, Image, Path, Poly, Rect, Style, Text, clip_points
from .fonts import pdf_name


# Page content as plain compressed streams: reportlab's default also ASCII85-encodes them, a quarter
# larger for nothing (the files are binary anyway). Read when a stream is written, by every PDF printgen
# makes: the writer's and the rulebook's.
rl_config.useA85 = 0


class _Numbers(dict):
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


_NUM = _Numbers()


@lru_cache(maxsize=1024)
def _rl_colour(hexstr: str):
    return HexColor(hexstr)


@lru_cache(maxsize=1024)
def _rl_codes(hexstr: str) -> tuple:
    """The colour object of "#rrggbb" and the operators reportlab writes to fill and to stroke with it."""
    colour = _rl_colour(hexstr)
    rgb = fp_str((colour.red, colour.green, colour.blue))
    return colour, f"{rgb} rg", f"{rgb} RG"


def _colour(c, hexstr: str, stroke: bool, alpha: float) -> None:
    # Parsing "#rrggbb" on every shape is measurable on card-heavy pages: cache the colour objects, and on
    # a canvas that converts no colours (no enforced colour space) the operators too, written as reportlab's
    # setFillColor / setStrokeColor write them for an RGB colour (the same code, the same state).
    if not c._enforceColorSpace:
        colour, fill_code, stroke_code = _rl_codes(hexstr)
        if stroke:
            c._strokeColorObj = colour
            c._code.append(stroke_code)
            if alpha != 1.0 or colour.alpha is not None:
                c.setStrokeAlpha(alpha if alpha != 1.0 else colour.alpha)
        else:
            c._fillColorObj = colour
            c._code.append(fill_code)
            if alpha != 1.0 or colour.alpha is not None:
                c.setFillAlpha(alpha if alpha != 1.0 else colour.alpha)
        return
    colour = _rl_colour(hexstr)
    if stroke:
        c.setStrokeColor(colour, alpha=alpha if alpha != 1.0 else None)
    else:
        c.setFillColor(colour, alpha=alpha if alpha != 1.0 else None)


def _style(c, style: Style) -> tuple[bool, bool]:
    fill = style.fill is not None
    stroke = style.stroke is not None and style.width > 0
    # A canvas that carries a state record (see ``track_state``) is told only what changes: a map page
    # draws thousands of hexes in a handful of styles.
    state = getattr(c, "_printgen_state", None)
    if fill:
        key = ("fill", style.fill, style.opacity)
        if state is None or state.get("fill") != key:
            _colour(c, style.fill, False, style.opacity)
            if state is not None:
                state["fill"] = key
    if stroke:
        key = ("stroke", style.stroke, style.opacity, style.width, style.dash)
        if state is None or state.get("stroke") != key:
            _colour(c, style.stroke, True, style.opacity)
            # as setLineWidth and setDash write them (setDash keeps no state; the width is noted)
            c._lineWidth = style.width
            c._code += _line_codes(style.width, tuple(style.dash) if style.dash else None)
            if state is None or "join" not in state:
                c.setLineJoin(1)
                c.setLineCap(0)
            if state is not None:
                state.update(stroke=key, join=True)
    return fill, stroke


@lru_cache(maxsize=256)
def _line_codes(width: float, dash: tuple | None) -> tuple[str, str]:
    """The operators reportlab's setLineWidth(width) and setDash(list(dash) if dash else []) write."""
    array = list(dash) if dash else []
    # what setDash refuses, refused alike (a style's dash is checked when the game loads: this is a guard)
    if any(not isinstance(d, (int, float)) or d < 0 for d in array) or (array and sum(array) <= 0):
        raise ValueError(f"setDash: array={array!r} phase=0: dash lengths must be non-negative, not all 0")
    return f"{fp_str(width)} w", f"[{fp_str(array)}] 0 d"


def track_state(c) -> None:
    """From here on (a fresh page) ``draw_op`` skips setting colours and line styles the canvas already has.
    Only for a canvas that nothing but ``draw_op`` draws on (the PDF writer)."""
    c._printgen_state = {}


FORM_BOX = 5000.0  # mm either way of a form's origin: a form clips to its box, so make it roomy


class _Shared:
    """The groups of a document, each given a small number for what it draws: equal numbers, equal drawing.
    Numbered once, bottom-up (a group's ops with its nested groups as their numbers), so comparing two
    card backs never walks their ops again (a frozen dataclass rehashes everything inside it at every look-up:
    a deck's forms cost more than drawing it)."""

    def __init__(self) -> None:
        self.by_id: dict[int, int] = {}  # id(group) -> the number of its ops (the groups live as long as their pages)
        self.ops_numbers: dict[tuple, int] = {}  # a group's ops, by value -> their number
        self.values: dict[tuple, int] = {}  # (ops' number, matrix, clip): a nested group, by value -> its number
        self.ops: list[tuple] = []  # number -> the ops (the first group that drew them)
        self.repeats: set[int] = set()
        self.forms: dict[int, str] = {}

    def key(self, group: Group) -> int:
        """What a placed group draws: its ops, compared by value (ops are frozen), so two backs drawn alike
        are one form."""
        k = self.by_id.get(id(group))
        if k is None:
            parts = tuple([self.values.setdefault((self.key(op), op.matrix, op.clip), len(self.values))
                           if isinstance(op, Group) else op for op in group.ops])
            k = self.ops_numbers.get(parts)
            if k is None:
                k = self.ops_numbers[parts] = len(self.ops)
                self.ops.append(group.ops)
            self.by_id[id(group)] = k
        return k


def share_repeats(c, pages) -> None:
    """Groups drawn more than once in ``pages`` (card backs, a token's copies) become PDF form XObjects:
    drawn once, placed by reference. For a canvas that nothing but ``draw_op`` draws on."""
    shared = _Shared()
    seen: dict[int, int] = {}
    stack = [op for page in pages for op in page.ops]
    while stack:
        op = stack.pop()
        if isinstance(op, Group):
            key = shared.key(op)
            seen[key] = seen.get(key, 0) + 1
            stack.extend(op.ops)
    candidates = {k for k, n in seen.items() if n > 1 and _weight(shared.ops[k]) >= FORM_WEIGHT}
    # Counted again, looking inside each form once: the parts of a card back are drawn once with it,
    # so they are no forms of their own unless they repeat outside it too.
    placed: dict[int, int] = {}
    stack = [op for page in reversed(pages) for op in reversed(page.ops)]
    while stack:
        op = stack.pop()
        if isinstance(op, Group):
            key = shared.key(op)
            placed[key] = placed.get(key, 0) + 1
            if key not in candidates or placed[key] == 1:
                stack.extend(reversed(op.ops))
    shared.repeats = {k for k in candidates if placed.get(k, 0) > 1}
    c._printgen_shared = shared


FORM_WEIGHT = 3  # a form's placing costs about what a rounded box or three short texts do: share only more


def _weight(ops) -> int:
    """About how much drawing ``ops`` write, in units of one short text or plain rectangle."""
    w = 0
    for op in ops:
        if isinstance(op, Group):
            w += 1 + _weight(op.ops)
        elif isinstance(op, Rect):
            w += 3 if op.radius else 1
        elif isinstance(op, Circle):
            w += 2
        elif isinstance(op, (Poly, Path)):
            w += 1 + len(op.points if isinstance(op, Poly) else [p for loop in op.loops for p in loop]) // 3
        else:
            w += 3 if isinstance(op, Image) else 1
    return w


def _form(c, op: Group) -> str | None:
    """The form XObject drawing ``op``'s ops (defined at first use), or None when they are drawn once."""
    shared = getattr(c, "_printgen_shared", None)
    if shared is None or not shared.repeats:
        return None
    key = shared.key(op)
    if key not in shared.repeats:
        return None
    forms = shared.forms
    if key not in forms:
        forms[key] = name = f"printgen{len(forms)}"
        outer = getattr(c, "_printgen_state", None)
        c.beginForm(name, -FORM_BOX, -FORM_BOX, FORM_BOX, FORM_BOX)
        c._printgen_state = {}  # a form starts from the default graphics state
        draw_ops(c, op.ops)
        c.endForm()
        c._printgen_state = outer
    return forms[key]


def draw_ops(c, ops) -> None:
    """Draw ops in order; neighbouring texts share one PDF text object (a card's dozen lines of text
    would otherwise each save and restore the graphics state: a third of a deck's file), and a run of
    plain shapes met again is written as it was the first time (``_shapes``)."""
    run: list[Text] = []
    shapes: list = []
    for op in ops:
        if isinstance(op, Text):
            if shapes:
                _shapes(c, shapes)
                shapes = []
            run.append(op)
            continue
        if run:
            _texts(c, run)
            run = []
        if type(op) in _PLAIN and op.style.opacity == 1.0:
            shapes.append(op)
            continue
        if shapes:
            _shapes(c, shapes)
            shapes = []
        draw_op(c, op)
    if shapes:
        _shapes(c, shapes)
    if run:
        _texts(c, run)


_PLAIN = (Poly, Rect, Circle, Path)  # shapes that write only path operators and colours, no resources
SHAPE_RUN = 8  # shapes in a row worth remembering (a sheet's crop marks, a ruler's ticks)
_MISSING = object()


def _shapes(c, shapes: list) -> None:
    """Plain shapes drawn in order. The PDF writer's pages repeat runs of them (a deck's crop marks and
    rulers: the same ops on every page, layout/render): a run drawn from a graphics state it was drawn from
    before writes the same operators and leaves the same state, so those are taken as written then."""
    state = getattr(c, "_printgen_state", None)
    if state is None or len(shapes) < SHAPE_RUN:
        for op in shapes:
            draw_op(c, op)
        return
    memo = c.__dict__.setdefault("_printgen_runs", {})
    ext = c._extgstate._d
    # (the ops live as long as the document being written, and this memo only as long as its canvas)
    key = (tuple(map(id, shapes)), tuple(sorted(state.items())), tuple(sorted(ext.items())))
    got = memo.get(key)
    if got is not None:
        code, after, changed = got
        c._code.extend(code)
        c.__dict__.update(changed)
        state.clear()
        state.update(after)
        return
    start, before, ext_before = len(c._code), dict(c.__dict__), dict(ext)
    for op in shapes:
        draw_op(c, op)
    if c._extgstate._d != ext_before or c._printgen_state is not state:
        return  # it changed what the canvas keeps elsewhere: not taken again
    changed = {k: v for k, v in c.__dict__.items() if k != "_code" and before.get(k, _MISSING) is not v}
    memo[key] = (c._code[start:], dict(state), changed)


def _texts(c, texts) -> None:
    """Texts (y down, baseline at y) in one BT ... ET: a text matrix per text, the font and colour set
    only when they change. The fill colour stays set after it, as the state record notes.

    Written as reportlab's text object writes them (beginText, setFillColor, setFont, setTextTransform,
    textOut: tests/draw/test_canvas.py holds that way and compares the bytes) but without its object and
    its calls per text: a deck's sheets set some ten thousand texts. A canvas that makes text objects of
    its own (the rulebook's, which records them), or one that text object treats otherwise (an enforced
    colour space, a font that is not TrueType), is given to it."""
    if type(c) is not Canvas or c._enforceColorSpace or not all(
            [pdf_name(op.font) in _TRUETYPE or _truetype(pdf_name(op.font)) for op in texts]):
        _rl_texts(c, texts)
        return
    doc = c._doc
    bottomup = c.bottomup
    code = ["BT", "1 0 0 1 0 0 Tm" if bottomup else "1 0 0 -1 0 0 Tm"]
    sink = _Sink(code)  # the extended graphics state writes its operator into the text object's code
    num = _NUM
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
            rl_colour, fill_code, _ = _rl_codes(colour)
            code.append(fill_code)
            if rl_colour.alpha is not None:
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


def _rl_texts(c, texts) -> None:
    """``_texts`` through reportlab's own text object."""
    t = c.beginText()
    font = colour = None
    for op in texts:
        if op.colour != colour:
            colour = op.colour
            t.setFillColor(_rl_colour(colour))
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


def _group(c, op: Group) -> None:
    name = _form(c, op)  # the form of a group drawn alike elsewhere too (defined at first use)
    if name is None and op.matrix == IDENTITY and not op.clip:
        draw_ops(c, op.ops)  # a group that moves, cuts and shares nothing is its ops, drawn in place
        return
    state = getattr(c, "_printgen_state", None)
    saved = dict(state) if state is not None else None
    c.saveState()
    if op.matrix != IDENTITY:
        c.transform(*op.matrix)
    if op.clip:
        path = c.beginPath()
        pts = clip_points(op.clip)
        path.moveTo(*pts[0])
        for p_ in pts[1:]:
            path.lineTo(*p_)
        path.close()
        c.clipPath(path, stroke=0, fill=0)
    if name is not None:
        c.doForm(name)
    else:
        draw_ops(c, op.ops)
    c.restoreState()
    if saved is not None:  # what the group set is undone with it
        c._printgen_state = saved


def draw_op(c, op) -> None:
    """Draw one op on a reportlab canvas already set up in mm with y down."""
    if type(op) is Poly:  # most of what a page draws (a map's hexes, a picture's faces): asked first
        fill, stroke = _style(c, op.style)
        if fill or stroke:
            _poly(c, op, fill, stroke)
        return
    if isinstance(op, Group):
        _group(c, op)
    elif isinstance(op, Image):
        import io

        from reportlab.lib.utils import ImageReader

        c.saveState()
        # The page is drawn y-down; a picture is drawn upright from its bottom-left corner.
        c.translate(op.x, op.y + op.h)
        c.scale(1, -1)
        c.drawImage(ImageReader(io.BytesIO(op.data)), 0, 0, op.w, op.h, mask="auto")
        c.restoreState()
    elif isinstance(op, Text):
        _texts(c, (op,))
    else:
        fill, stroke = _style(c, op.style)
        if not (fill or stroke):
            return
        if isinstance(op, Rect):
            if op.radius and type(c) is Canvas:  # (a canvas of its own kind may note what it draws)
                c._code += _round_rect_code(op.x, op.y, op.w, op.h, op.radius)
                c._code.append(PATH_OPS[int(stroke), int(fill), c._fillMode])
            elif op.radius:
                c.roundRect(op.x, op.y, op.w, op.h, op.radius, stroke=int(stroke), fill=int(fill))
            else:
                c.rect(op.x, op.y, op.w, op.h, stroke=int(stroke), fill=int(fill))
        elif isinstance(op, Circle):
            if type(c) is Canvas:
                c._code += _circle_code(op.cx, op.cy, op.r)
                c._code.append(PATH_OPS[int(stroke), int(fill), c._fillMode])
            else:
                c.circle(op.cx, op.cy, op.r, stroke=int(stroke), fill=int(fill))
        elif isinstance(op, Poly):
            _poly(c, op, fill, stroke)
        elif isinstance(op, Path):
            c._code.append(_path_code(op.loops, True))
            c._code.append(PATH_OPS[int(stroke), int(fill), FILL_EVEN_ODD])
            record = getattr(c, "record_loops", None)
            if record is not None:
                record(op.loops, stroke, fill, True)


# A circle's or rounded box's path, as reportlab's canvas writes it (Canvas.circle, Canvas.roundRect: its own
# path object, run here), kept by where it is: a sheet draws its tokens' discs and cards' frames at the same
# places page after page, and working out the curves (a Bezier arc's sines and cosines) was most of a disc.
@lru_cache(maxsize=4096)
def _circle_code(cx: float, cy: float, r: float) -> tuple[str, ...]:
    x1, x2, y1, y2 = cx - r, cx + r, cy - r, cy + r  # as Canvas.circle, then Canvas.ellipse
    code: list[str] = []
    PDFPathObject(code=code).ellipse(x1, y1, x2 - x1, y2 - y1)
    return tuple(code)


@lru_cache(maxsize=4096)
def _round_rect_code(x: float, y: float, w: float, h: float, radius: float) -> tuple[str, ...]:
    code: list[str] = []
    PDFPathObject(code=code).roundRect(x, y, w, h, radius)
    return tuple(code)


def _poly(c, op: Poly, fill: bool, stroke: bool) -> None:
    closed = op.closed
    c._code.append(_path_code((op.points,), closed))
    c._code.append(PATH_OPS[int(stroke), int(fill and closed), c._fillMode])
    record = getattr(c, "record_loops", None)  # a canvas that notes what it draws (rulebook/record.py)
    if record is not None:
        record((op.points,), stroke, fill and closed, closed)


def _path_code(loops, closed: bool) -> str:
    """The PDF path operators of ``loops`` (each a sequence of (x, y)), as reportlab's path object writes
    them ("n x y m x y l ... h", one line), built in one go: a page of hexes draws tens of thousands of
    corners, and the path object's call per corner was most of the drawing's time. Each number as
    fp_str writes it, looked up (``_NUM``): formatting the same few numbers again was the rest."""
    num = _NUM
    parts = ["n"]
    for loop in loops:
        x, y = loop[0]
        parts.append(f"{num[x]} {num[y]} m")
        parts += [f"{num[x]} {num[y]} l" for x, y in loop[1:]]
        if closed:
            parts.append("h")
    return " ".join(parts)
