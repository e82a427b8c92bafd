"""Painting the drawing model on a reportlab canvas: shared by the PDF writer and the rulebook's flowables."""

from __future__ import annotations

from reportlab import rl_config
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, PATH_OPS, Canvas, ExtGState

from .document import IDENTITY, Circle, Group, Image, Path, Poly, Rect, Style, Text, clip_points
from .form_resources import with_graphics_states
from .operators import circle_code, colour_codes, line_codes, path_code, rl_colour, round_rect_code, write_texts


# Page content as plain compressed streams: reportlab's default also ASCII85-encodes them, a quarter
# larger for nothing (the files are binary anyway). Read when a stream is written, by every PDF printgen
# makes: the writer's and the rulebook's.
rl_config.useA85 = 0


def _colour(c, hexstr: str, stroke: bool, alpha: float) -> None:
    # Parsing "#rrggbb" on every shape is measurable on card-heavy pages: cache the colour objects, and on
    # a canvas that converts no colours (no enforced colour space) the operators too, written as reportlab's
    # setFillColor / setStrokeColor write them for an RGB colour (the same code, the same state).
    if not c._enforceColorSpace:
        colour, fill_code, stroke_code = colour_codes(hexstr)
        if stroke:
            c._strokeColorObj = colour
            c._code.append(stroke_code)
            if (alpha != 1.0 or colour.alpha is not None) and not _alpha_set(c, "CA", alpha, colour):
                c.setStrokeAlpha(alpha if alpha != 1.0 else colour.alpha)
        else:
            c._fillColorObj = colour
            c._code.append(fill_code)
            if (alpha != 1.0 or colour.alpha is not None) and not _alpha_set(c, "ca", alpha, colour):
                c.setFillAlpha(alpha if alpha != 1.0 else colour.alpha)
        return
    colour = rl_colour(hexstr)
    if stroke:
        c.setStrokeColor(colour, alpha=alpha if alpha != 1.0 else None)
    else:
        c.setFillColor(colour, alpha=alpha if alpha != 1.0 else None)


def _alpha_set(c, key: str, alpha: float, colour) -> bool:
    """Is the alpha the colour asks for (``key``: "CA" stroking, "ca" filling) already the canvas's, so that
    reportlab's setter would write nothing and change nothing (the document already allows transparency,
    the extended graphics state holds that value)? Every colour object carries an alpha, so every colour
    set asks: most find it so."""
    # (a key the state was never given holds its default, as reportlab's ExtGState.set reads it: most colours ask
    # for an alpha of 1, which no page changes)
    return (_plain_alpha(type(c)) and c._doc._pdfVersion >= (1, 4)
            and c._extgstate._d.get(key, _ALPHA_DEFAULTS[key]) == (alpha if alpha != 1.0 else colour.alpha))


def _plain_alpha(kind) -> bool:
    """Does a canvas of ``kind`` set alphas as reportlab's Canvas does (the rulebook's recording canvas notes
    shapes and texts, not alphas)?"""
    got = _PLAIN_ALPHA.get(kind)
    if got is None:
        got = _PLAIN_ALPHA[kind] = issubclass(kind, Canvas) and all(
            getattr(kind, name) is getattr(Canvas, name)
            for name in ("setFillAlpha", "setStrokeAlpha", "_setFillAlpha", "_setStrokeAlpha"))
    return got


_PLAIN_ALPHA: dict[type, bool] = {}
_ALPHA_DEFAULTS = {key: ExtGState.defaults[key] for key in ("CA", "ca")}


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
            c._code += line_codes(style.width, tuple(style.dash) if style.dash else None)
            if state is None or "join" not in state:
                c.setLineJoin(1)
                c.setLineCap(0)
            if state is not None:
                state.update(stroke=key, join=True)
    return fill, stroke


def track_state(c) -> None:
    """From here on (a fresh page) ``draw_op`` skips setting colours and line styles the canvas already has.
    Only for a canvas that nothing but ``draw_op`` draws on (the PDF writer)."""
    c._printgen_state = {}


FORM_BOX = 5000.0  # mm either way of a form's origin: a form clips to its box, so make it roomy


class GroupNumbers:
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
    shared = GroupNumbers()
    seen: dict[int, int] = {}
    # (only the groups are walked: a sheet's loose ops, its crop marks and rulers, are most of its ops)
    stack = [op for page in pages for op in page.ops if type(op) is Group]
    while stack:
        op = stack.pop()
        key = shared.key(op)
        seen[key] = seen.get(key, 0) + 1
        stack += [o for o in op.ops if type(o) is Group]
    candidates = {k for k, n in seen.items() if n > 1 and _weight(shared.ops[k]) >= FORM_WEIGHT}
    # Counted again, looking inside each form once: the parts of a card back are drawn once with it,
    # so they are no forms of their own unless they repeat outside it too.
    placed: dict[int, int] = {}
    stack = [op for page in reversed(pages) for op in reversed(page.ops) if type(op) is Group]
    while stack:
        op = stack.pop()
        key = shared.key(op)
        placed[key] = placed.get(key, 0) + 1
        if key not in candidates or placed[key] == 1:
            stack += [o for o in reversed(op.ops) if type(o) is Group]
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
        with_graphics_states(c, name)
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
            write_texts(c, run)
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
        write_texts(c, run)


_PLAIN = (Poly, Rect, Circle, Path)  # shapes that write only path operators and colours, no resources
SHAPE_RUN = 8  # shapes in a row worth remembering (a sheet's crop marks, a ruler's ticks)
_MISSING = object()


def _shapes(c, shapes: list) -> None:
    """Plain shapes drawn in order. The PDF writer's pages repeat runs of them (a deck's crop marks and
    rulers: the same ops on every page, layout/render): a run drawn from a graphics state it was drawn from
    before writes the same operators and leaves the same state, so those are taken as written then."""
    state = getattr(c, "_printgen_state", None)
    if state is None:
        for op in shapes:
            draw_op(c, op)
        return
    if len(shapes) < SHAPE_RUN:
        _tracked_run(c, shapes)
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
    _tracked_run(c, shapes)
    if c._extgstate._d != ext_before or c._printgen_state is not state:
        return  # it changed what the canvas keeps elsewhere: not taken again
    changed = {k: v for k, v in c.__dict__.items() if k != "_code" and before.get(k, _MISSING) is not v}
    memo[key] = (c._code[start:], dict(state), changed)


def _tracked_run(c, shapes: list) -> None:
    """Plain shapes drawn in order on a canvas that keeps a state record (``track_state``), as ``draw_op``
    draws each. A shape in the style object the one before it was drawn in finds the colours and line style
    already set (nothing between them changes the state), so its style is not looked at again: a map page
    draws runs of hexes, a build guide's picture runs of faces, each in a handful of styles."""
    last = None
    fill = stroke = False
    code = c._code
    for op in shapes:
        style = op.style
        if style is not last:
            fill, stroke = _style(c, style)
            last = style
        if not (fill or stroke):
            continue
        if type(op) is Poly and getattr(c, "record_loops", None) is None:
            closed = op.closed
            code.append(path_code((op.points,), closed))
            code.append(PATH_OPS[int(stroke), int(fill and closed), c._fillMode])
        else:
            draw_op(c, op)  # (its style asked again: already set, nothing written)


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
        write_texts(c, (op,))
    else:
        fill, stroke = _style(c, op.style)
        if not (fill or stroke):
            return
        if isinstance(op, Rect):
            if op.radius and type(c) is Canvas:  # (a canvas of its own kind may note what it draws)
                c._code += round_rect_code(op.x, op.y, op.w, op.h, op.radius)
                c._code.append(PATH_OPS[int(stroke), int(fill), c._fillMode])
            elif op.radius:
                c.roundRect(op.x, op.y, op.w, op.h, op.radius, stroke=int(stroke), fill=int(fill))
            else:
                c.rect(op.x, op.y, op.w, op.h, stroke=int(stroke), fill=int(fill))
        elif isinstance(op, Circle):
            if type(c) is Canvas:
                c._code += circle_code(op.cx, op.cy, op.r)
                c._code.append(PATH_OPS[int(stroke), int(fill), c._fillMode])
            else:
                c.circle(op.cx, op.cy, op.r, stroke=int(stroke), fill=int(fill))
        elif isinstance(op, Poly):
            _poly(c, op, fill, stroke)
        elif isinstance(op, Path):
            c._code.append(path_code(op.loops, True))
            c._code.append(PATH_OPS[int(stroke), int(fill), FILL_EVEN_ODD])
            record = getattr(c, "record_loops", None)
            if record is not None:
                record(op.loops, stroke, fill, True)


def _poly(c, op: Poly, fill: bool, stroke: bool) -> None:
    closed = op.closed
    c._code.append(path_code((op.points,), closed))
    c._code.append(PATH_OPS[int(stroke), int(fill and closed), c._fillMode])
    record = getattr(c, "record_loops", None)  # a canvas that notes what it draws (rulebook/record.py)
    if record is not None:
        record((op.points,), stroke, fill and closed, closed)


