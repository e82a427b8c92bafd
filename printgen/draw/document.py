"""The drawing model: documents of pages of drawing operations, all in mm.

Renderers produce these plain objects; writers turn them into PDF, SVG or PNG
bytes. Page coordinates put the origin at the top-left corner with y down.
Text sizes are in mm too (``pt(7)`` converts a point size at the edge).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from .facts import PrintFacts
from .provenance import Source, current

Point = tuple[float, float]
# 2x3 affine matrix (a, b, c, d, e, f): x' = a x + c y + e, y' = b x + d y + f
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def pt(points: float) -> float:
    """A typographic size in points, as mm."""
    return points * 25.4 / 72.0


@dataclass(frozen=True)
class Style:
    fill: str | None = None  # "#rrggbb"
    stroke: str | None = None
    width: float = 0.0  # stroke width, mm
    dash: tuple[float, ...] | None = None  # mm
    opacity: float = 1.0


@dataclass(frozen=True)
class Poly:
    points: tuple[Point, ...]
    style: Style
    closed: bool = True
    role: str = ""  # what this shape is ("hex", "cut", "crop"...): for tests and goldens, never drawn


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style
    role: str = ""


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style
    radius: float = 0.0
    role: str = ""


@dataclass(frozen=True)
class Path:
    """Several closed loops filled with the even-odd rule (outlines with holes)."""

    loops: tuple[tuple[Point, ...], ...]
    style: Style
    role: str = ""


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # baseline
    text: str
    font: str  # a key of fonts.FONTS
    size: float  # mm
    colour: str = "#000000"
    anchor: str = "start"  # start, middle, end
    # Where it came from (printgen.draw.provenance), for the preflight's findings: never drawn, never
    # compared (two cards' identical backs stay one PDF form) and never part of a page's digest.
    src: Source | None = field(default_factory=current, compare=False, repr=False)
    role: str = field(default="", compare=False)  # what the text is ("legend-code", "heading"...)

    def __getstate__(self) -> dict:
        # A page's digest (write/reuse.py) pickles what is drawn: where it came from is not part of it
        state = dict(self.__dict__)
        state["src"] = None
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)


@dataclass(frozen=True)
class Group:
    ops: tuple["Op", ...]
    matrix: Matrix = IDENTITY
    # in the group's own coordinates: a rectangle (x, y, w, h), or a polygon's points ((x, y), ...)
    clip: tuple | None = None


@dataclass(frozen=True)
class Image:
    """A raster picture (PNG or JPEG bytes) stretched over the box x, y, w, h (mm)."""

    x: float
    y: float
    w: float
    h: float
    data: bytes = field(repr=False)
    mime: str = "image/png"  # or image/jpeg
    role: str = ""


Op = Union[Poly, Circle, Rect, Path, Text, Group, Image]


@dataclass
class Page:
    width: float  # mm
    height: float  # mm
    ops: list[Op] = field(default_factory=list)
    label: str = ""
    trim: tuple[float, float, float, float] | None = None  # faces' cut area (x0, y0, x1, y1) mm, y down: TrimBox
    bleed: tuple[float, float, float, float] | None = None  # the same with their bleed: BleedBox (write/pdf.py)

    def add(self, *ops: Op) -> None:
        self.ops.extend(ops)


@dataclass
class Document:
    title: str
    pages: list[Page] = field(default_factory=list)
    author: str = ""
    subject: str = ""
    facts: PrintFacts | None = None  # how to print and cut it (printgen.draw.facts)


@dataclass
class PdfFile:
    """A document some renderer wrote straight to PDF bytes (the rulebook, through platypus)."""

    title: str
    data: bytes
    pages: int
    facts: PrintFacts | None = None  # how to print it (printgen.draw.facts)
    # the pictures set in it, as drawn: (page number, a Page of the picture's ops at its printed scale, mm,
    # the same at its own proportions (no word set larger to stay readable), the scale), for the preflight to
    # check as it checks drawn pages (a line through a label, a label wider than its disc)
    pictures: tuple = field(default=(), compare=False, repr=False)
    # its tables, as drawn (rulebook/tables.py record): how each cell's words wrapped, for the preflight
    tables: tuple = field(default=(), compare=False, repr=False)
    # its pages as drawn (rulebook/record.py): each page's size, text runs and object boxes, in mm, which the
    # preflight reads instead of the PDF; empty when the typesetter could not note them all (the PDF is read then)
    drawn: tuple = field(default=(), compare=False, repr=False)
    # the text area its pages are set in: (left, top, right, bottom) margins in mm, as its theme sets them, for
    # the preflight to hold its lines inside; empty when no typesetter said (its sides are then not checked)
    area: tuple = field(default=(), compare=False, repr=False)


@dataclass
class RawFile:
    """A finished file of any kind (a deck summary's JSON), at ``path`` under the game's output folder."""

    path: str
    data: bytes


def clip_points(clip: tuple) -> tuple[Point, ...]:
    """A group's clip as a polygon's points (a rectangle (x, y, w, h) as its four corners)."""
    if clip and isinstance(clip[0], tuple):
        return clip
    x, y, w, h = clip
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def translate(dx: float, dy: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, dx, dy)


def shifted(ops, dx: float, dy: float) -> list[Op]:
    """``ops`` moved by (dx, dy) mm, each shape itself moved (no group around them: a drawing placed once, as
    a token's picture in a rulebook). Sheets place a face they repeat as a Group with a matrix instead, so the
    PDF draws it once as a form and the preflight reads it once (render/tokens.py, render/sheets.py)."""
    from dataclasses import replace

    out: list[Op] = []
    for op in ops:
        if isinstance(op, (Circle,)):
            out.append(replace(op, cx=op.cx + dx, cy=op.cy + dy))
        elif isinstance(op, (Rect, Text, Image)):
            out.append(replace(op, x=op.x + dx, y=op.y + dy))
        elif isinstance(op, Poly):
            out.append(replace(op, points=tuple((x + dx, y + dy) for x, y in op.points)))
        elif isinstance(op, Path):
            out.append(replace(op, loops=tuple(tuple((x + dx, y + dy) for x, y in loop) for loop in op.loops)))
        else:
            a, b, c, d, e, f = op.matrix
            out.append(replace(op, matrix=(a, b, c, d, e + dx, f + dy)))
    return out


def apply(m: Matrix, p: Point) -> Point:
    a, b, c, d, e, f = m
    x, y = p
    return (a * x + c * y + e, b * x + d * y + f)


def compose(m: Matrix, n: Matrix) -> Matrix:
    """m after n (PDF matrices a b c d e f): a point goes through n, then m."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e,
            b * e2 + d * f2 + f)


# A picture for a rulebook (``printgen:kind/name`` images): its ops, width and height in mm.
Drawing = tuple[list[Op], float, float]


class ImageError(ValueError):
    """An image address that names nothing drawable; the message says what is missing."""
