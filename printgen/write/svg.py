"""Pages to SVG bytes, as svgwrite wrote them (ElementTree's serialisation): real mm units, a mm viewBox,
text as glyph outlines.

Each line of text becomes one <path> drawn from the bundled font's outlines,
so the file needs no fonts and prints at scale anywhere. (Glyphs placed with
<use> would be smaller, but cairosvg renders thousands of <use>s very slowly.)
"""

from __future__ import annotations

from xml.etree.ElementTree import Element, SubElement, _escape_attrib, tostring  # its escaping: the same bytes

from ..draw.document import IDENTITY, Circle, Group, Image, Page, Path, Poly, Rect, Text, clip_points
from ..draw.fonts import text_outline, text_width


def _format(v: float) -> str:
    """A number as the SVG has it: three decimals at most, no trailing zeros, no "-0"."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


# A build's pages write about 540,000 numbers but only some 25,000 different ones (grid corners, sizes,
# margins recur on every page), so each is formatted once per process and looked up after. (0.0 and
# -0.0, 1 and 1.0 are one key: they are written alike.) Cleared when full: a watch runs for hours.
# A dict whose missing keys format themselves: a number met before is one subscript, no Python call.
_WRITTEN_MAX = 200_000


class _Written(dict):
    """value -> ``make(value)``, the text the SVG writes for it, worked out when first asked for (a build's
    shapes name a few thousand numbers and a few dozen colours, tens of thousands of times each); past
    ``_WRITTEN_MAX`` entries it starts again."""

    __slots__ = ("make",)

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, v):
        if len(self) >= _WRITTEN_MAX:
            self.clear()
        s = self[v] = self.make(v)
        return s


_WRITTEN = _Written(_format)  # number -> its text (``_format``)
_num = _WRITTEN.__getitem__


def _pts(points) -> str:
    num = _WRITTEN
    return " ".join([f"{num[x]},{num[y]}" for x, y in points])


def _el(name: str, attrs: dict[str, str | None]) -> Element:
    """An element as svgwrite writes one: attributes in name order, empty ones left out."""
    e = Element(name)
    for k in sorted(attrs):
        v = attrs[k]
        if v:
            e.set(k, v)
    return e


def _tag(name: str, attrs: dict[str, str | None], close: bool = True) -> str:
    """The text ElementTree writes for ``_el(name, attrs)``: its start tag, closed (`` />``) when it holds
    nothing, else open (``>``), its end ``</name>`` to follow."""
    return ("<" + name + "".join(f' {k}="{_escape_attrib(attrs[k])}"' for k in sorted(attrs) if attrs[k])
            + (" />" if close else ">"))


_COLOURS = _Written(_escape_attrib)  # a colour -> as ``_tag`` writes it (ElementTree's escaping)


def _style(style) -> tuple[str, str, str]:
    """A shape's style as the attributes ``_tag`` writes for it, in three pieces that the shapes' own
    attributes sort between: the fill's value, then ``opacity="..."`` and the stroke's attributes
    (``stroke``, ``stroke-dasharray``, ``stroke-linejoin``, ``stroke-width``), each with its leading space
    ("" when not written)."""
    fill = _COLOURS[style.fill] if style.fill else "none"
    opacity = f' opacity="{_WRITTEN[style.opacity]}"' if style.opacity != 1.0 else ""
    if style.stroke and style.width > 0:
        dash = f' stroke-dasharray="{" ".join([_WRITTEN[d] for d in style.dash])}"' if style.dash else ""
        stroke = (f' stroke="{_COLOURS[style.stroke]}"{dash} stroke-linejoin="round"'
                  f' stroke-width="{_WRITTEN[style.width]}"')
    else:
        stroke = ""
    return fill, opacity, stroke


def _shape(op) -> str | None:
    """A Rect, Circle, Poly or Path as ``_tag`` writes it (the svgwrite element it stands for), its
    attributes in name order, written out rather than sorted each time: None for any other op."""
    cls = type(op)
    num = _WRITTEN
    if cls is Poly or isinstance(op, Poly):
        fill, opacity, stroke = _style(op.style)
        points = _pts(op.points)
        points = f' points="{points}"' if points else ""
        if op.closed:
            return f'<polygon fill="{fill}"{opacity}{points}{stroke} />'
        return f'<polyline fill="none"{opacity}{points}{stroke} />'
    if cls is Circle or isinstance(op, Circle):
        fill, opacity, stroke = _style(op.style)
        return f'<circle cx="{num[op.cx]}" cy="{num[op.cy]}" fill="{fill}"{opacity} r="{num[op.r]}"{stroke} />'
    if cls is Rect or isinstance(op, Rect):
        fill, opacity, stroke = _style(op.style)
        r = f' rx="{num[op.radius]}" ry="{num[op.radius]}"' if op.radius else ""
        return (f'<rect fill="{fill}" height="{num[op.h]}"{opacity}{r}{stroke} width="{num[op.w]}" x="{num[op.x]}"'
                f' y="{num[op.y]}" />')
    if cls is Path or isinstance(op, Path):
        fill, opacity, stroke = _style(op.style)
        data = " ".join(["M" + _pts(loop).replace(" ", " L") + " Z" for loop in op.loops])
        d = f' d="{data}"' if data else ""
        return f'<path{d} fill="{fill}" fill-rule="evenodd"{opacity}{stroke} />'
    return None


class _Writer:
    """One page's SVG: its root (and its <defs>) and every shape as svgwrite would make them
    (tests/write/test_svg_writer.py holds the svgwrite writer this replaced and compares their bytes).
    The shapes are written as text, exactly as ElementTree serialises them (its own attribute escaping),
    rather than built as an element each and serialised after: a build's previews spent an eighth of their
    time in svgwrite's object per shape, and then most of the rest in ElementTree's."""

    def __init__(self, page: Page) -> None:
        w, h = _num(page.width), _num(page.height)
        # the root svgwrite's Drawing(size=(w mm, h mm), viewBox, profile="full") makes: its attributes
        # sorted by name, and its <defs> first (no build imports svgwrite: 15 ms of the main process before forking)
        self.root = Element("svg", {"baseProfile": "full", "height": f"{h}mm", "version": "1.1",
                                    "viewBox": f"0 0 {w} {h}", "width": f"{w}mm", "xmlns": "http://www.w3.org/2000/svg",
                                    "xmlns:ev": "http://www.w3.org/2001/xml-events",
                                    "xmlns:xlink": "http://www.w3.org/1999/xlink"})
        self.defs = SubElement(self.root, "defs")
        self.clips = 0

    def group(self, out: list[str], name: str, attrs: dict, ops) -> None:
        """A <g> holding ``ops`` (written ``<g ... />`` when they draw nothing, as ElementTree would)."""
        at = len(out)
        out.append("")
        for child in ops:
            self.op(out, child)
        if len(out) == at + 1:
            out[at] = _tag(name, attrs)
        else:
            out[at] = _tag(name, attrs, close=False)
            out.append(f"</{name}>")

    def op(self, out: list[str], op) -> None:
        cls = type(op)
        if cls is Poly or cls is Circle or cls is Rect or cls is Path:  # most of a page's ops
            out.append(_shape(op))
        elif isinstance(op, Group) and op.matrix == IDENTITY and not op.clip:
            for child in op.ops:  # a group that neither moves nor cuts is its ops (SVG has no forms to share)
                self.op(out, child)
        elif isinstance(op, Group):
            attrs = ({"transform": "matrix(" + " ".join(_num(v) for v in op.matrix) + ")"}
                     if op.matrix != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0) else {})
            if op.clip:
                self.clips += 1
                cp = _el("clipPath", {"id": f"clip{self.clips}"})
                cp.append(_el("polygon", {"points": _pts(clip_points(op.clip))}))
                self.defs.append(cp)
                out.append(_tag("g", attrs, close=False))  # never empty: it holds the clipped <g>
                self.group(out, "g", {"clip-path": f"url(#clip{self.clips})"}, op.ops)
                out.append("</g>")
            else:
                self.group(out, "g", attrs, op.ops)
        elif isinstance(op, Text):
            width = text_width(op.text, op.font, op.size)
            x0 = op.x - (width / 2 if op.anchor == "middle" else width if op.anchor == "end" else 0.0)
            outline = text_outline(op.font, op.text)
            if outline:
                transform = f"translate({_num(x0)},{_num(op.y)}) scale({_num(op.size)},{_num(-op.size)})"
                if op.colour:  # _tag's text, its attributes in name order; the outline (numbers and path
                    # commands: nothing to escape) put in as it is, not scanned: it is most of a page's bytes
                    out.append(f'<path aria-label="{_escape_attrib(op.text)}" d="{outline}" '
                               f'fill="{_COLOURS[op.colour]}" transform="{transform}" />')
                else:
                    out.append(_tag("path", {"d": outline, "fill": op.colour, "aria-label": op.text,
                                             "transform": transform}))
        elif isinstance(op, Image):
            import base64

            href = f"data:{op.mime};base64," + base64.b64encode(op.data).decode("ascii")
            out.append(_tag("image", {"xlink:href": href, "x": _num(op.x), "y": _num(op.y), "width": _num(op.w),
                                      "height": _num(op.h), "preserveAspectRatio": "none"}))
        else:
            text = _shape(op)  # a shape of a subclass
            if text is not None:
                out.append(text)


_BODY = "printgen-shapes"  # a stand-in element where the page's shapes go in the serialised root


def page_to_svg(page: Page) -> bytes:
    """One page as standalone SVG bytes (deterministic)."""
    w = _Writer(page)
    shapes: list[str] = []
    for op in page.ops:
        w.op(shapes, op)
    w.root.append(Element(_BODY))  # after <defs>, which now holds every clip path the shapes use
    head, _, tail = tostring(w.root, encoding="unicode").partition(f"<{_BODY} />")
    # joined and encoded once (a page's text is up to a megabyte: no copy of it spliced into the root's bytes)
    return "".join([head, *shapes, tail]).encode("utf-8")


def svg_to_png(svg: bytes, *, dpi: float = 100.0) -> bytes:
    """A PNG preview of an SVG page at ``dpi``."""
    from ..system_libs import cairosvg as _cairosvg

    cairosvg = _cairosvg()

    return cairosvg.svg2png(bytestring=svg, dpi=dpi, background_color="#ffffff")
