"""Pages as plain text, one drawing call a line: cheap golden files and readable diffs."""

from __future__ import annotations

from ..draw.document import Circle, Group, Image, Op, Page, Path, Poly, Rect, Style, Text


def _n(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _style(s: Style) -> str:
    parts = []
    if s.fill:
        parts.append(f"fill={s.fill}")
    if s.stroke and s.width:
        parts.append(f"stroke={s.stroke}/{_n(s.width)}")
    if s.dash:
        parts.append("dash=" + ",".join(_n(d) for d in s.dash))
    return " ".join(parts)


def _op(op: Op, indent: str) -> list[str]:
    if isinstance(op, Group):
        head = f"{indent}group " + " ".join(_n(v) for v in op.matrix)
        return [head] + [line for child in op.ops for line in _op(child, indent + "  ")]
    if isinstance(op, Text):
        return [f"{indent}text {_n(op.x)},{_n(op.y)} {op.font} {_n(op.size)} {op.colour} {op.anchor} {op.text!r}"]
    if isinstance(op, Rect):
        return [f"{indent}rect {_n(op.x)},{_n(op.y)} {_n(op.w)}x{_n(op.h)} r={_n(op.radius)} {_style(op.style)}"]
    if isinstance(op, Circle):
        return [f"{indent}circle {_n(op.cx)},{_n(op.cy)} r={_n(op.r)} {_style(op.style)} {op.role}".rstrip()]
    if isinstance(op, Poly):
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in op.points)
        kind = "polygon" if op.closed else "line"
        return [f"{indent}{kind} {pts} {_style(op.style)} {op.role}".rstrip()]
    if isinstance(op, Image):
        import hashlib

        digest = hashlib.sha1(op.data).hexdigest()[:12]
        return [f"{indent}image {_n(op.x)},{_n(op.y)} {_n(op.w)}x{_n(op.h)} {op.mime} {digest}"]
    if isinstance(op, Path):
        loops = " | ".join(" ".join(f"{_n(x)},{_n(y)}" for x, y in lp) for lp in op.loops)
        return [f"{indent}path {loops} {_style(op.style)}"]
    raise TypeError(op)


def dump_page(page: Page) -> str:
    lines = [f"page {_n(page.width)}x{_n(page.height)} {page.label!r}".rstrip()]
    for op in page.ops:
        lines += _op(op, "  ")
    return "\n".join(lines) + "\n"
