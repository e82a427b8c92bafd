"""What an SVG picture costs to draw, bounded before cairosvg draws it.

cairosvg draws every element, and every ``<use>`` draws its target again: ten ``<use>`` of the group
before, nine groups deep, is a 1 KB file that draws a billion rectangles (it never ended). A picture
``width="20000"`` is drawn at its own size first (1.6 GB of pixels, then Pillow refused it with a
traceback). So the file is parsed once (defusedxml: no entity, nothing fetched) and refused when:

- the elements it draws, ``<use>`` expanded and long paths weighed, pass ``DRAWN``; a ``<use>`` that
  leads back to itself is refused too;
- its own size (width and height as cairosvg reads them, at 96 dpi) passes the picture pixel limit;
- it embeds an SVG as a ``data:`` picture (drawn with none of these checks), or a PNG or JPEG one larger
  than the picture pixel limit.

Each refusal is an ``SvgRefused`` whose message says what to do; the art loader turns it into its
ArtError, a finding at the place that names the picture.
"""

from __future__ import annotations

import base64
import io
import math
import re
from types import SimpleNamespace

DRAWN = 10_000  # elements drawn, <use> expanded: about 3 s of cairosvg's time; a drawn icon has a few hundred
PATH_NUMBERS_PER_ELEMENT = 20  # a path's numbers cost as much as one element per this many
_NUMBER = re.compile(r"[-+]?(?:\d*\.\d+|\d+\.?)")
_HREFS = ("href", "{http://www.w3.org/1999/xlink}href")


class SvgRefused(ValueError):
    pass


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _href(el) -> str:
    return next((el.get(k) for k in _HREFS if el.get(k)), "") or ""


def _weight(el) -> int:
    numbers = sum(len(_NUMBER.findall(el.get(k) or "")) for k in ("d", "points"))
    return 1 + numbers // PATH_NUMBERS_PER_ELEMENT


def drawn_elements(root, cap: int = DRAWN) -> int:
    """Elements drawn from ``root`` (an ElementTree element), each ``<use>`` counting its target's again;
    counted up to ``cap + 1`` (then it stops). A post-order walk with its own stack: a file nests
    thousands deep."""
    ids = {el.get("id"): el for el in root.iter() if el.get("id")}
    cost: dict[int, int] = {}
    state: dict[int, int] = {}  # 1: being counted (on the current path), 2: counted
    stack = [(root, False)]
    while stack:
        el, done = stack.pop()
        key = id(el)
        deps = list(el)
        if _local(el.tag) == "use":
            target = ids.get(_href(el).lstrip("#")) if _href(el).startswith("#") else None
            if target is not None:
                deps.append(target)
        if done:
            cost[key] = min(cap + 1, _weight(el) + sum(cost[id(d)] for d in deps))
            state[key] = 2
            continue
        if state.get(key) == 2:
            continue
        if state.get(key) == 1:
            raise SvgRefused(f"a <use> of '#{el.get('id') or '?'}' leads back to itself (a drawing that never "
                             "ends); point it at another element")
        state[key] = 1
        stack.append((el, True))
        for d in deps:
            if state.get(id(d)) == 1:
                raise SvgRefused(f"a <use> of '#{d.get('id') or '?'}' leads back to itself (a drawing that never "
                                 "ends); point it at another element")
            if state.get(id(d)) != 2:
                stack.append((d, False))
    return cost[id(root)]


def natural_pixels(root) -> tuple[float, float]:
    """The picture's own size in pixels as cairosvg reads it (width and height with their units at
    96 dpi, else the viewBox's)."""
    from cairosvg.helpers import node_format

    surface = SimpleNamespace(context_width=0, context_height=0, font_size=16.0, dpi=96)
    try:
        width, height, _ = node_format(surface, root)
    except (ValueError, IndexError, TypeError, ZeroDivisionError):
        return 0.0, 0.0  # cairosvg says what it cannot read itself
    return float(width or 0), float(height or 0)


def _embedded(el, max_pixels: int) -> None:
    href = _href(el)
    if not href.startswith("data:"):
        return  # cairosvg fetches nothing in its safe mode
    head, _, body = href.partition(",")
    if "svg" in head.lower():
        raise SvgRefused("it embeds another SVG as a data: picture, which is drawn unchecked; put that "
                         "drawing in the file itself")
    if ";base64" not in head.lower():
        return
    try:
        from PIL import Image

        with Image.open(io.BytesIO(base64.b64decode(body[:64_000] + "=" * (-len(body[:64_000]) % 4)))) as im:
            w, h = im.size
    except Exception:
        return  # not a picture Pillow reads from its first bytes: cairosvg will say what it makes of it
    if w * h > max_pixels:
        raise SvgRefused(f"it embeds a picture of {w} x {h} pixels; more than {max_pixels:,} is refused")


def check_svg(data: bytes, max_pixels: int) -> None:
    """Raise SvgRefused when the SVG ``data`` would cost more to draw than a picture may."""
    import defusedxml.ElementTree as ET
    from defusedxml import DefusedXmlException

    try:
        root = ET.fromstring(data, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except (ET.ParseError, DefusedXmlException, ValueError):
        return  # cairosvg reports what is wrong with it, in its words
    width, height = natural_pixels(root)
    if not (math.isfinite(width) and math.isfinite(height)) or width * height > max_pixels:
        raise SvgRefused(f"its own size is {width:,.0f} x {height:,.0f} pixels (at 96 dpi), more than "
                         f"{max_pixels:,}; give the <svg> a width and height of the size it is printed at")
    drawn = drawn_elements(root)
    if drawn > DRAWN:
        raise SvgRefused(f"it draws more than {DRAWN:,} elements (each <use> draws its target again, a long "
                         "path counts as several); simplify it, or save it as a PNG")
    for el in root.iter():
        if _local(el.tag) in ("image", "feImage"):
            _embedded(el, max_pixels)
