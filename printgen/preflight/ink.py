"""The ``one-ink`` and ``ink-limit`` preflight classes: what a CMYK shop file prints, in inks.

Measured on the file a shop receives, after Ghostscript's conversion and the shop's ink rules
(write/ink_rules.py), by reading its content streams (write/ink_stream.py): each text run's printed size
and inks, each painted shape's and picture's total ink.

- ``one-ink``: text under the game's ``ink_text`` size (8 pt) printed from more than one ink. The shop
  writer sets dark and greyish small text in black ink alone; what is left is a light or vivid colour with
  no one-ink match, which the layout fixes (a darker colour, or a larger size).
- ``ink-limit``: a colour over the total ink limit (the game's ``ink_limit``, else the profile's). The
  writer caps flat colours; a picture's pixels are measured, not changed, so a picture with deep rich
  shadows is what remains.

Each finding points at the layout element that drew the text or shape (matched by its place on the page
in the drawing model the file was made from), else at the deck's layout.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..draw.document import Page
from ..draw.provenance import Source
from ..findings import Finding, Location, error, warning
from ..write.ink_rules import INK_FLOOR, inks
from ..write.ink_stream import InkRun, read_inks
from .collide import _element_line
from .scene import Ink, flatten

EPS = 0.005  # of total ink (0.5 %): a colour rounded to the limit is at it, not over


def _inks(c) -> str:
    return " ".join(f"{n}{round(v * 100)}" for n, v in zip("CMYK", c) if v >= INK_FLOOR) or "no ink"


def violations(runs: list[InkRun], *, text_pt: float, limit: float) -> list[tuple[str, InkRun]]:
    """(class, run) of every run that breaks a rule: ``text_pt`` pt, ``limit`` total ink (fraction)."""
    out = []
    for run in runs:
        if run.kind == "text" and run.size < text_pt and inks(run.cmyk) > 1:
            out.append(("one-ink", run))
        elif run.total > limit + EPS:
            out.append(("ink-limit", run))
    return out


def _overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else (0.001 if w >= 0 and h >= 0 else 0.0)


def drawn_by(run: InkRun, page: Page) -> tuple[Ink | None, Source | None]:
    """The ink of the drawing model ``page`` that printed ``run`` (the text, shape or picture whose box
    overlaps the run's most) and its source: a text's own; a shape's or picture's is its face's (a text of
    the same face says which item and layout) at its layout element (a shape's id, a layout's one picture)."""
    kind = {"text": "text", "image": "image"}.get(run.kind, "shape")
    drawn = flatten(page)
    best, area = None, 0.0
    for ink in drawn:
        if ink.kind != kind:
            continue
        a = _overlap(ink.box, run.box)
        if a > area:
            best, area = ink, a
    if best is None or best.src is not None:
        return best, best.src if best is not None else None
    face = next((i.src for i in drawn if i.kind == "text" and i.src is not None and i.group == best.group), None)
    if face is None or face.element is None:
        return best, face
    element = _element_line(face.element.file, best.role) if best.role and kind == "shape" else None
    if kind == "image":
        element = _only_picture(face.element.file)
    return best, replace(face, element=element, element_name=best.role if element is not None else "")


def _only_picture(file: str) -> Location | None:
    """The line of the one ``type: image`` element of a layout file (None when it has none or several)."""
    try:
        with open(file, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except OSError:
        return None
    found = [(i, line) for i, line in enumerate(lines) if re.search(r"\btype: image\b", line)]
    if len(found) != 1:
        return None
    i, line = found[0]
    return Location(file, i + 1, (line.find("{") if "{" in line else line.find("type")) + 1)


def _message(cls: str, run: InkRun, ink: Ink | None, text_pt: float, limit: float) -> str:
    total = round(run.total * 100)
    if cls == "one-ink":
        text = ink.text if ink is not None and ink.text else run.text
        return (f"{run.size:.1f} pt text {text[:30]!r} prints in {inks(run.cmyk)} inks ({_inks(run.cmyk)}, {total} %), "
                f"where a hair of misregistration blurs it: give it a dark colour (printed in black ink alone) or "
                f"set it at {text_pt:g} pt or more")
    what = {"text": f"the text {(ink.text if ink is not None else run.text)[:30]!r}", "image": "a picture",
            "fill": "a shape", "stroke": "a line"}[run.kind]
    return (f"{what} prints {total} % total ink ({_inks(run.cmyk)}), over the {limit * 100:g} % limit a press "
            "dries: lighten its darkest colours")


def ink_findings(data: bytes, pages: list[Page], labels: list[str], *, deck: str, fallback: Location,
                 text_pt: float, limit: float, levels: dict[str, str]) -> list[Finding]:
    """The ``one-ink`` and ``ink-limit`` findings of a shop file ``data`` (CMYK PDF) made from ``pages``
    (drawing model, one per PDF page; ``labels`` name each page's card): one finding per class and place,
    the first instance described, the rest counted. ``text_pt`` pt; ``limit`` total ink, fraction (3.0 is
    300 %); ``levels``: class -> warning, error or off."""
    groups: dict[tuple, list] = {}  # (class, kind of run, colour, size) -> runs: located once per group
    for cls, run in violations(read_inks(data), text_pt=text_pt, limit=limit):
        if levels.get(cls, "warning") == "off":
            continue
        groups.setdefault((cls, run.kind, run.cmyk, round(run.size, 1)), []).append(run)
    placed: dict[tuple, list] = {}  # (class, place) -> [(run, ink)...]
    for (cls, *_), runs in groups.items():
        run = runs[0]
        ink, src = drawn_by(run, pages[run.page - 1]) if run.page <= len(pages) else (None, None)
        loc = (src.place if src is not None else None) or fallback
        placed.setdefault((cls, loc), []).append((run, ink, src, len(runs)))
    found = []
    for (cls, loc), items in placed.items():
        run, ink, src, _ = items[0]
        count = sum(n for *_, n in items)
        label = labels[run.page - 1] if run.page <= len(labels) else ""
        more = f" (and {count - 1} more alike)" if count > 1 else ""
        name = src.naming().strip() + " " if src is not None else ""
        message = (f"{deck} '{label}' page {run.page}: {name}{_message(cls, run, ink, text_pt, limit)}{more}")
        found.append((error if levels.get(cls) == "error" else warning)(f"preflight-{cls}", message, loc))
    return found
