"""A book page's text area, as its theme's margins set it, and what must keep to it: the body's lines stay
inside its sides (a caption centred wider than the picture it hangs under, the picture at the column's edge,
runs into the margin), and the body keeps clear of the running head's and foot's rules (a theme's narrow
margin set the body 0.8 mm over High Ground's foot rule: a table's last row stood on it).

preflight/book.py runs these on each page but the cover, when the typesetter said its text area
(``PdfFile.area``); a PDF without it (the balance report) is not held to one.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from .checks import Hit, _quote

# (a page here is preflight/book.BookPage, which imports this module: named in the annotations, not imported)

REACH = 1.5  # mm a line may stand past its text area's side and be the book's design: a list's number hung out
CLEAR = 2.0  # mm the body keeps from the running head's and foot's rules (the default theme keeps 6 and 5.8)


class Area(NamedTuple):
    """A book's text area, as its theme's margins (mm from the page's left, top, right and bottom edges)."""

    left: float
    top: float
    right: float
    bottom: float


DEFAULT_AREA = Area(20.0, 22.0, 20.0, 20.0)  # rulebook/themes/default.yaml


def area_hits(page: "BookPage", area: Area) -> Iterable[tuple[Hit, str]]:
    """(hit, the text it concerns) for a page's lines past its text area's sides and its body crowding the
    running head's or foot's rule."""
    yield from _outside(page, area)
    yield from _crowded(page, area)


def _outside(page: "BookPage", area: Area) -> Iterable[tuple[Hit, str]]:
    """The lines of a page's body (its running head and foot aside) set past the sides of its text area, into a
    margin the theme keeps clear: more than REACH beyond."""
    x0, x1 = area.left - REACH, page.width - area.right + REACH
    top, bottom = area.top, page.height - area.bottom
    for run in page.runs:
        b = run.box
        if (b[0] < x0 or b[2] > x1) and top <= (b[1] + b[3]) / 2 <= bottom:
            left, right = area.left - b[0], b[2] - (page.width - area.right)
            side = "left" if left > right else "right"
            yield Hit("text-area", None, f"sets {_quote(run.text)} {max(left, right):.1f} mm past its text area, into "
                      f"the {side} margin ({getattr(area, side):g} mm)", page.number), run.text


def _crowded(page: "BookPage", area: Area) -> Iterable[tuple[Hit, str]]:
    """The body's nearest object to the running head's rule and to the foot's, where closer than CLEAR. A rule
    is a line across most of the text area's width in its top or bottom margin; the body is what stands
    inside the text area."""
    top, bottom = area.top, page.height - area.bottom
    width = page.width - area.left - area.right
    rules = [b for b in page.boxes if b[3] - b[1] < 0.6 and b[2] - b[0] >= 0.8 * width and (b[3] < top or b[1] > bottom)]
    if not rules:
        return
    body = [b for b in page.boxes if b[1] >= top - 0.5 and b[3] <= bottom + 0.5 and b not in rules]
    if not body:
        return
    head = max((r for r in rules if r[3] < top), key=lambda r: r[3], default=None)
    foot = min((r for r in rules if r[1] > bottom), key=lambda r: r[1], default=None)
    if head is not None:
        first = min(body, key=lambda b: b[1])
        gap = first[1] - head[3]
        if gap < CLEAR:
            yield Hit("text-area", None, f"sets its body {gap:.1f} mm under the running head's rule (its top margin, "
                      f"{area.top:g} mm, leaves less than {CLEAR:g} mm)", page.number), "margin_top"
    if foot is not None:
        last = max(body, key=lambda b: b[3])
        gap = foot[1] - last[3]
        if gap < CLEAR:
            yield Hit("text-area", None, f"sets its body {gap:.1f} mm over the running foot's rule (its bottom margin, "
                      f"{area.bottom:g} mm, leaves less than {CLEAR:g} mm)", page.number), "margin_bottom"


MARGINS = ("margin_top", "margin_bottom")  # what a crowded rule's hit concerns: the theme's margin, fixed there


def locate_margin(game, name: str):
    """The line of the game's rulebook theme (theme.yaml) that sets the margin ``name``; None when its theme
    does not (the default's)."""
    from ..findings import Location
    from ..load.game_folder import display_path
    from ..rulebook.theme import theme_file

    path = theme_file(getattr(game, "templates", None))
    if path is None or path.is_symlink():  # (a link may lead out of the game's folder: not followed)
        return None
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    for i, line in enumerate(lines):
        if line.strip().startswith(f"{name}:"):
            return Location(display_path(path), i + 1, line.find(name) + 1)
    return None
