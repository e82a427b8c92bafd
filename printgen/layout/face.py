"""Drawing one face: a layout evaluated for one item into drawing ops (mm, bleed-box coordinates).

Values in a layout are plain YAML or Jinja2 in the game's sandbox (``safety.sandbox``): a value that
is exactly ``{{ expression }}`` keeps its type (a list to repeat over, a number), any other template
renders to text. Scope: ``item`` (the item drawn), every content kind by name, ``data``, ``game``,
``rules``, the layout's ``vars`` and each ``repeat``'s loop name; ``mix(a, b, t)``, ``ink_on(c)`` and
``readable(colour, ground)`` and ``legible(fill)`` (draw/colour.py) help with colours. Every mistake is a finding at the layout's file:line:col (or, for text that does
not fit, at the data that holds the text), recorded once however many items repeat it.
The Face holds a face's values and draws its elements; layout/face_render.py draws a whole face with it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import jinja2

from ..draw.document import Circle, Group, Op, Poly, Rect, Style
from ..draw.fonts import FONTS
from ..draw.provenance import element
from ..findings import Finding, Location, error, quoted
from ..hexgrid import hex_corners
from ..safety.sandbox import TemplateLimitError
from ..safety.template_errors import column_of, explain, unclosed_block
from .expressions import _EXPR, _PATH, Expressions
from .lengths import LengthError, parse_extent
from .spec import _COLOUR, Element, Layout

Box = tuple[float, float, float, float]  # x, y, w, h in bleed-box mm
FAILED = object()
BOX_KEYS = frozenset(("x", "y", "w", "h"))


SHAPES = ("rect", "round", "hex")


def bleed_box(w: float, h: float, bleed: float, shape: str) -> tuple[float, float, float, float]:
    """(trim x, trim y, box w, box h) mm of a ``w`` x ``h`` mm face with ``bleed`` mm round its cut."""
    if shape == "hex":
        ox = 2 * bleed / math.sqrt(3)
        return ox, bleed, w + 2 * ox, h + 2 * bleed
    return bleed, bleed, w + 2 * bleed, h + 2 * bleed


def outline(shape: str, cx: float, cy: float, w: float, h: float, style: Style, role: str) -> Op:
    """The face's shape ``w`` x ``h`` mm centred on (cx, cy): a rectangle, a circle or a flat hexagon."""
    if shape == "round":
        return Circle(cx, cy, min(w, h) / 2, style, role=role)
    if shape == "hex":
        return Poly(tuple(hex_corners(cx, cy, h / math.sqrt(3))), style, role=role)
    return Rect(cx - w / 2, cy - h / 2, w, h, style, role=role)


@dataclass
class Face:
    """One face being drawn: its size, the evaluation scope, and where findings go."""

    layout: Layout
    exprs: Expressions
    w: float  # trim, mm
    h: float
    bleed: float
    what: str  # how findings name the item: "class card 'Knight'"
    item_loc: Location
    found: list[Finding]
    locate: Callable[[tuple], Location]  # data path -> Location
    styles: dict[str, tuple[str, str]] = field(default_factory=dict)  # term -> (font, colour)
    elements: dict[str, Callable] = field(default_factory=dict)  # element type -> draw
    fonts: tuple[str, ...] = tuple(FONTS)
    fonts_of_game: Any = None  # layout.game_fonts.GameFonts: every name a font may be given in this game
    folder: Path | None = None  # the game folder: pictures (art/...) come from here only
    paths: dict[str, tuple] = field(default_factory=dict)  # scope name -> data path
    forced: dict[int, float] = field(default_factory=dict)  # id(text element) -> text size (repeat stacks)
    groups: dict[str, float] = field(default_factory=dict)  # text group -> shared size
    measuring: bool = False
    validating: bool = False  # only the findings count: elements may skip making ops nobody draws
    memo: dict = field(default_factory=dict)  # per game: text runs already styled (shared by every face)
    fixed: frozenset[str] = frozenset()  # scope names that are the game's, the same for every face
    shape: str = "rect"  # rect, round or hex (flat-top): the cut's shape
    cut: float = 0.2  # mm, the cut line's width on round and hex faces (0: none)
    shown: str = ""  # the digest of what the face's other elements drew, for its stamp (layout/stamp.py)
    # the bleed a stamp's digest is taken at (the layout's own, the home sheets'), when this face is drawn at
    # another (a shop's 1/8 in): one card prints one stamp in every output
    stamp_bleed: float | None = None

    @property
    def frame(self) -> tuple[float, float, float, float]:
        """(trim x, trim y, bleed box w, bleed box h) mm: a flat hexagon grows by its bleed on every
        side, so its bleed box is wider than the trim by 4 bleed / sqrt 3."""
        return bleed_box(self.w, self.h, self.bleed, self.shape)

    # -- findings -------------------------------------------------------------
    def problem(self, code: str, message: str, loc) -> None:
        """Record a finding once; ``loc`` is a Location or a function giving it (found only when needed)."""
        f = error(code, message, loc() if callable(loc) else loc)
        if f not in self.found:
            self.found.append(f)

    # -- values ---------------------------------------------------------------
    def eval(self, raw: Any, scope: dict, loc: Location) -> Any:
        """A raw layout value evaluated in ``scope`` (FAILED after recording a finding)."""
        if isinstance(raw, str) and ("{{" in raw or "{%" in raw):
            try:
                return self.exprs.evaluate(raw, scope)
            except jinja2.UndefinedError as exc:
                at, var = self._placed(loc, exc)
                self.problem("layout-field", f"layout '{self.layout.name}': {self._undefined(exc, scope, var)}", at)
            except TemplateLimitError as exc:
                self.problem("template-limit", f"layout '{self.layout.name}': {exc.message}", loc)
            except RecursionError:  # a macro that calls itself without end
                self.problem("template-limit", f"layout '{self.layout.name}': this value calls itself too deeply "
                             "(a macro that never stops calling itself?); give the recursion an end", loc)
            except jinja2.TemplateSyntaxError as exc:
                open_ = unclosed_block(self.exprs.env, raw) if "end of template" in str(exc.message) else None
                if open_ is not None:
                    self.problem("layout-expression", f"layout '{self.layout.name}': this {{% {open_[2]} %}} is "
                                 f"never closed; add {{% end{open_[2]} %}} where it should end",
                                 self._placed(loc, None, "{%")[0])
                else:
                    self.problem("layout-expression", f"layout '{self.layout.name}': cannot read this expression: "
                                 f"{exc.message}", loc)
            except (jinja2.TemplateError, TypeError, ValueError, ArithmeticError, LookupError) as exc:
                msg = getattr(exc, "message", None) or str(exc)
                self.problem("layout-expression", f"layout '{self.layout.name}': this expression fails for "
                             f"{self.what}: {msg}", loc)
            return FAILED
        if isinstance(raw, dict):
            return {k: self.eval(v, scope, loc) for k, v in raw.items()}
        return raw

    def _undefined(self, exc: Exception, scope: dict, var: str | None = None) -> str:
        msg = explain(exc, [*scope, *self.exprs.env.globals], var, item=False)
        if msg.startswith("unknown name") and "did you mean" not in msg:
            msg += "; names are item, game, data, rules, the kinds, vars"
        return msg

    def _placed(self, loc, exc: Exception | None, text: str | None = None) -> tuple[Location, str | None]:
        """``loc`` (a layout value's place) moved to the offending expression in it (an undefined read,
        or ``text``), searching the value's line from its column and the few lines after (a block
        scalar); and the variable the field was read from, as written."""
        where = loc() if callable(loc) else loc
        lines = self._lines(where.file)
        for k in range(where.line - 1, min(where.line + 30, len(lines))):
            start = max(where.col - 1, 0) if k == where.line - 1 else 0
            if text is not None:
                at, var = (lines[k].find(text, start), None)
                at = at if at >= 0 else None
            else:
                at, var = column_of(exc, lines[k], start)
            if at is not None:
                return Location(where.file, k + 1, at + 1), var
        return where, None

    def _lines(self, file: str) -> list[str]:
        docs = [self.layout.doc, *(e.doc for e in _all(self.layout.elements))]
        return next((d.lines for d in docs if d is not None and d.file == file and d.lines), [])

    def get(self, el: Element, key: str, scope: dict, default: Any = None) -> Any:
        if key not in el.dynamic:
            return el.args.get(key, default)  # most values are plain ("3mm", "#ffffff"): read as written
        v = self.eval(el.args[key], scope, lambda: el.loc(key))
        return default if v is FAILED else v

    def length(self, el: Element, key: str, scope: dict, ref: float, default: Any = 0.0) -> float:
        raw = self.get(el, key, scope, FAILED)
        if raw is FAILED:
            return parse_extent(default, ref=ref, bleed=self.bleed) if isinstance(default, str) else default
        try:
            return parse_extent(raw, ref=ref, bleed=self.bleed)
        except LengthError as exc:
            self.problem("layout-length", f"layout '{self.layout.name}': {exc}", el.loc(key))
            return parse_extent(default, ref=ref, bleed=self.bleed) if isinstance(default, str) else default

    def colour(self, el: Element, key: str, scope: dict, default: str | None = None) -> str | None:
        v = self.get(el, key, scope, default)
        if v is None or v == "none":
            return None
        if isinstance(v, str) and _COLOUR.match(v.strip()):
            return v.strip().lower()
        self.problem("layout-colour", f"layout '{self.layout.name}': {quoted(v)} is not a colour; write '#rrggbb' "
                     "(quoted) or none", el.loc(key))
        return default

    def font(self, el: Element, key: str, scope: dict, default: str) -> str:
        """A font key: a bundled font's key, or any face by family and style ("serif italic", "Ember Hand
        bold", layout/game_fonts.py), or a game.yaml ``fonts:`` name."""
        v = self.get(el, key, scope, default)
        found = self.font_key(v)
        if found is not None:
            return found
        self.problem("layout-font", f"layout '{self.layout.name}': {self._fonts().unknown(v)}", el.loc(key))
        return default

    def font_key(self, name: Any) -> str | None:
        """The font key ``name`` means in this game, or None."""
        if name in self.fonts:
            return name
        return self._fonts().resolve(name)

    def _fonts(self):
        if self.fonts_of_game is None:  # a face drawn outside a game: the bundled families only
            from .game_fonts import bundled_fonts

            self.fonts_of_game = bundled_fonts()
        return self.fonts_of_game

    def glyphs(self, text: str, font: str, loc: Location) -> None:
        """A game font that cannot draw a character of ``text`` would print a box: an error."""
        if font in self.fonts:
            return  # the bundled fonts: the data's glyph check covers them
        from ..draw.fonts import missing_glyphs

        missing = missing_glyphs(text, (font,))
        if missing:
            name = self._fonts().display(font)
            self.problem("missing-glyph", f"layout '{self.layout.name}': the font '{name}' has no "
                         f"{', '.join(repr(c) for c in missing[:5])} for {self.what}; use another font or "
                         "a font that has them", loc)

    def choice(self, el: Element, key: str, scope: dict, options: tuple[str, ...]) -> str:
        v = self.get(el, key, scope, options[0])
        if v in options:
            return v
        self.problem("layout-value", f"layout '{self.layout.name}': {key} is one of {', '.join(options)}, "
                     f"not {quoted(v)}", el.loc(key))
        return options[0]

    def box(self, el: Element, scope: dict, parent: Box) -> Box:
        """The element's x, y, w, h inside ``parent`` (defaults: the whole parent)."""
        static = el.dynamic.isdisjoint(BOX_KEYS)
        if static:  # the same box for every item: worked out once per parent box
            key = ("box", id(el), parent, self.bleed)
            box = self.memo.get(key)
            if box is None:
                box = self.memo[key] = self._box(el, scope, parent)
            return box
        return self._box(el, scope, parent)

    def _box(self, el: Element, scope: dict, parent: Box) -> Box:
        px, py, pw, ph = parent
        x = self.length(el, "x", scope, pw, 0.0)
        y = self.length(el, "y", scope, ph, 0.0)
        w = self.length(el, "w", scope, pw, pw - x if "x" in el.args else pw)
        h = self.length(el, "h", scope, ph, ph - y if "y" in el.args else ph)
        return (px + x, py + y, w, h)

    def data_path(self, raw: Any) -> tuple | None:
        """The data path a value like ``{{ action.effect }}`` reads, when it reads one field."""
        m = _EXPR.match(raw) if isinstance(raw, str) else None
        p = _PATH.match(m.group(1)) if m else None
        if p and p.group(1) in self.paths:
            return self.paths[p.group(1)] + tuple(s for s in p.group(2).split(".") if s)
        return None

    def picture(self, src: Any, box: Box, loc: Location, fit: str = "contain") -> list[Op]:
        """The game's picture ``src`` in ``box`` (contain: whole and centred; cover: filling it, cut to it;
        stretch), with findings for a missing, unsafe or coarse picture."""
        from ..draw.document import Group, Image
        from ..findings import warning
        from .art import MIN_DPI, ArtError, load_art

        x, y, w, h = box
        if self.folder is None or w <= 0 or h <= 0:
            return []
        try:
            art = load_art(self.folder, src, width_mm=w)
        except ArtError as exc:
            self.problem("art", f"layout '{self.layout.name}': {exc}", loc)
            return []
        if fit == "stretch":
            iw, ih = w, h
        elif (art.aspect >= w / h) == (fit == "contain"):
            iw, ih = w, w / art.aspect
        else:
            iw, ih = h * art.aspect, h
        if not art.vector and art.dpi(iw) < MIN_DPI:
            f = warning("art-resolution", f"layout '{self.layout.name}': '{src}' is {art.pixels[0]} pixels wide, "
                        f"{art.dpi(iw):.0f} dpi at {iw:.1f} mm; give it at least {MIN_DPI} dpi "
                        f"({round(iw / 25.4 * MIN_DPI)} pixels) to print sharp", loc)
            if f not in self.found:
                self.found.append(f)
        op = Image(x + (w - iw) / 2, y + (h - ih) / 2, iw, ih, art.data, art.mime, role="image")
        if fit == "cover":
            return [Group((op,), clip=(x, y, w, h))]
        return [op]

    # -- drawing --------------------------------------------------------------
    def draw(self, elements, scope: dict, parent: Box) -> list[Op]:
        ops: list[Op] = []
        for el in elements:
            if "when" in el.args:
                raw = el.args["when"]
                cond = self.eval(raw if not isinstance(raw, str) or "{{" in raw else "{{ " + raw + " }}", scope,
                                 el.loc("when"))
                if cond is FAILED or not cond:
                    continue
            fn = self.elements.get(el.type)
            if fn is None:
                continue
            try:
                with element(el.loc(), el.id or el.type):
                    ops += fn(self, el, scope, parent)
            except (TypeError, AttributeError, ValueError, LookupError) as exc:
                # a value of the wrong kind reached an element (a pack's own elements take data items:
                # `unit: "{{ item }}"`); a finding at the element, never a traceback
                keys = ", ".join(k for k in el.args if k not in ("type", "id", "when"))
                self.problem("layout-value", f"layout '{self.layout.name}': the {el.type} element cannot draw "
                             f"{self.what}: one of its values ({keys}) is not the kind it takes", el.loc())
        return ops


def _all(elements):
    for e in elements:
        yield e
        yield from _all(e.children)
