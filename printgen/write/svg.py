"""Pages to SVG bytes with svgwrite: real mm units, a mm viewBox, text as glyph outlines.

Each line of text becomes one <path> drawn from the bundled font's outlines,
so the file needs no fonts and prints at scale anywhere. (Glyphs placed with
<use> would be smaller, but cairosvg renders thousands of <use>s very slowly.)
"""

from __future__ import annotations

import svgwrite

from ..draw.document import IDENTITY, Circle, Group, Image, Page, Path, Poly, Rect, Text, clip_points
from ..draw.fonts import text_outline, text_width


def _num(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _pts(points) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


class _Writer:
    def __init__(self, page: Page) -> None:
        self.dwg = svgwrite.Drawing(size=(f"{_num(page.width)}mm", f"{_num(page.height)}mm"),
                                    viewBox=f"0 0 {_num(page.width)} {_num(page.height)}", profile="full",
                                    debug=False)
        self.clips = 0

    def style(self, el, style) -> None:
        el["fill"] = style.fill or "none"
        if style.stroke and style.width > 0:
            el["stroke"] = style.stroke
            el["stroke-width"] = _num(style.width)
            el["stroke-linejoin"] = "round"
            if style.dash:
                el["stroke-dasharray"] = " ".join(_num(d) for d in style.dash)
        if style.opacity != 1.0:
            el["opacity"] = _num(style.opacity)

    def op(self, parent, op) -> None:
        d = self.dwg
        if isinstance(op, Group) and op.matrix == IDENTITY and not op.clip:
            for child in op.ops:  # a group that neither moves nor cuts is its ops (SVG has no forms to share)
                self.op(parent, child)
        elif isinstance(op, Group):
            g = d.g()
            if op.matrix != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
                g["transform"] = "matrix(" + " ".join(_num(v) for v in op.matrix) + ")"
            inner = g
            if op.clip:
                self.clips += 1
                cp = d.clipPath(id=f"clip{self.clips}")
                cp.add(d.polygon([(_num(x), _num(y)) for x, y in clip_points(op.clip)]))
                d.defs.add(cp)
                inner = d.g(clip_path=f"url(#clip{self.clips})")
                g.add(inner)
            for child in op.ops:
                self.op(inner, child)
            parent.add(g)
        elif isinstance(op, Text):
            width = text_width(op.text, op.font, op.size)
            x0 = op.x - (width / 2 if op.anchor == "middle" else width if op.anchor == "end" else 0.0)
            outline = text_outline(op.font, op.text)
            if outline:
                el = d.path(d=outline, fill=op.colour)
                el["transform"] = f"translate({_num(x0)},{_num(op.y)}) scale({_num(op.size)},{_num(-op.size)})"
                el["aria-label"] = op.text
                parent.add(el)
        elif isinstance(op, Image):
            import base64

            href = f"data:{op.mime};base64," + base64.b64encode(op.data).decode("ascii")
            el = d.image(href=href, insert=(_num(op.x), _num(op.y)), size=(_num(op.w), _num(op.h)))
            el["preserveAspectRatio"] = "none"
            parent.add(el)
        elif isinstance(op, Rect):
            el = d.rect(insert=(_num(op.x), _num(op.y)), size=(_num(op.w), _num(op.h)))
            if op.radius:
                el["rx"] = el["ry"] = _num(op.radius)
            self.style(el, op.style)
            parent.add(el)
        elif isinstance(op, Circle):
            el = d.circle(center=(_num(op.cx), _num(op.cy)), r=_num(op.r))
            self.style(el, op.style)
            parent.add(el)
        elif isinstance(op, Poly):
            pts = [(_num(x), _num(y)) for x, y in op.points]  # formatted once (svgwrite writes them as given)
            el = d.polygon(points=pts) if op.closed else d.polyline(points=pts)
            self.style(el, op.style)
            if not op.closed:
                el["fill"] = "none"
            parent.add(el)
        elif isinstance(op, Path):
            data = " ".join("M" + " L".join(f"{_num(x)},{_num(y)}" for x, y in loop) + " Z" for loop in op.loops)
            el = d.path(d=data)
            el["fill-rule"] = "evenodd"
            self.style(el, op.style)
            parent.add(el)


def page_to_svg(page: Page) -> bytes:
    """One page as standalone SVG bytes (deterministic)."""
    w = _Writer(page)
    for op in page.ops:
        w.op(w.dwg, op)
    return w.dwg.tostring().encode("utf-8")


def svg_to_png(svg: bytes, *, dpi: float = 100.0) -> bytes:
    """A PNG preview of an SVG page at ``dpi``."""
    from ..system_libs import cairosvg as _cairosvg

    cairosvg = _cairosvg()

    return cairosvg.svg2png(bytestring=svg, dpi=dpi, background_color="#ffffff")
