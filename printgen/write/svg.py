"""Pages to SVG bytes with svgwrite: real mm units, a mm viewBox, text as glyph outlines.

Each line of text becomes one <path> drawn from the bundled font's outlines,
so the file needs no fonts and prints at scale anywhere. (Glyphs placed with
<use> would be smaller, but cairosvg renders thousands of <use>s very slowly.)
"""

from __future__ import annotations

from xml.etree.ElementTree import Element, tostring

import svgwrite

from ..draw.document import IDENTITY, Circle, Group, Image, Page, Path, Poly, Rect, Text, clip_points
from ..draw.fonts import text_outline, text_width


def _num(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _pts(points) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def _el(name: str, attrs: dict[str, str | None]) -> Element:
    """An element as svgwrite writes one: attributes in name order, empty ones left out."""
    e = Element(name)
    for k in sorted(attrs):
        v = attrs[k]
        if v:
            e.set(k, v)
    return e


def _style(attrs: dict, style) -> dict:
    attrs["fill"] = style.fill or "none"
    if style.stroke and style.width > 0:
        attrs["stroke"] = style.stroke
        attrs["stroke-width"] = _num(style.width)
        attrs["stroke-linejoin"] = "round"
        if style.dash:
            attrs["stroke-dasharray"] = " ".join(_num(d) for d in style.dash)
    if style.opacity != 1.0:
        attrs["opacity"] = _num(style.opacity)
    return attrs


class _Writer:
    """One page's SVG tree, built with ElementTree directly. The page's root (and its <defs>) come from
    svgwrite; every shape is the element svgwrite would make (tests/write/test_svg_writer.py holds the
    svgwrite writer this replaced and compares their bytes), without svgwrite's object per shape, which
    cost more than the shapes: a build's previews spent an eighth of its time there."""

    def __init__(self, page: Page) -> None:
        dwg = svgwrite.Drawing(size=(f"{_num(page.width)}mm", f"{_num(page.height)}mm"),
                               viewBox=f"0 0 {_num(page.width)} {_num(page.height)}", profile="full", debug=False)
        self.root = dwg.get_xml()
        self.defs = self.root[0]  # svgwrite's <defs>, always the first child
        self.clips = 0

    def op(self, parent: Element, op) -> None:
        if isinstance(op, Group) and op.matrix == IDENTITY and not op.clip:
            for child in op.ops:  # a group that neither moves nor cuts is its ops (SVG has no forms to share)
                self.op(parent, child)
        elif isinstance(op, Group):
            g = _el("g", {"transform": "matrix(" + " ".join(_num(v) for v in op.matrix) + ")"}
                    if op.matrix != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0) else {})
            inner = g
            if op.clip:
                self.clips += 1
                cp = _el("clipPath", {"id": f"clip{self.clips}"})
                cp.append(_el("polygon", {"points": _pts(clip_points(op.clip))}))
                self.defs.append(cp)
                inner = _el("g", {"clip-path": f"url(#clip{self.clips})"})
                g.append(inner)
            for child in op.ops:
                self.op(inner, child)
            parent.append(g)
        elif isinstance(op, Text):
            width = text_width(op.text, op.font, op.size)
            x0 = op.x - (width / 2 if op.anchor == "middle" else width if op.anchor == "end" else 0.0)
            outline = text_outline(op.font, op.text)
            if outline:
                parent.append(_el("path", {
                    "d": outline, "fill": op.colour, "aria-label": op.text,
                    "transform": f"translate({_num(x0)},{_num(op.y)}) scale({_num(op.size)},{_num(-op.size)})"}))
        elif isinstance(op, Image):
            import base64

            href = f"data:{op.mime};base64," + base64.b64encode(op.data).decode("ascii")
            parent.append(_el("image", {"xlink:href": href, "x": _num(op.x), "y": _num(op.y), "width": _num(op.w),
                                        "height": _num(op.h), "preserveAspectRatio": "none"}))
        elif isinstance(op, Rect):
            attrs = {"x": _num(op.x), "y": _num(op.y), "width": _num(op.w), "height": _num(op.h)}
            if op.radius:
                attrs["rx"] = attrs["ry"] = _num(op.radius)
            parent.append(_el("rect", _style(attrs, op.style)))
        elif isinstance(op, Circle):
            parent.append(_el("circle", _style({"cx": _num(op.cx), "cy": _num(op.cy), "r": _num(op.r)}, op.style)))
        elif isinstance(op, Poly):
            attrs = _style({"points": _pts(op.points)}, op.style)
            if not op.closed:
                attrs["fill"] = "none"
            parent.append(_el("polygon" if op.closed else "polyline", attrs))
        elif isinstance(op, Path):
            data = " ".join("M" + " L".join(f"{_num(x)},{_num(y)}" for x, y in loop) + " Z" for loop in op.loops)
            parent.append(_el("path", _style({"d": data, "fill-rule": "evenodd"}, op.style)))


def page_to_svg(page: Page) -> bytes:
    """One page as standalone SVG bytes (deterministic)."""
    w = _Writer(page)
    for op in page.ops:
        w.op(w.root, op)
    return tostring(w.root, encoding="utf-8")


def svg_to_png(svg: bytes, *, dpi: float = 100.0) -> bytes:
    """A PNG preview of an SVG page at ``dpi``."""
    from ..system_libs import cairosvg as _cairosvg

    cairosvg = _cairosvg()

    return cairosvg.svg2png(bytestring=svg, dpi=dpi, background_color="#ffffff")
