"""A page as the checks read it (``Sheet``: its inks, and what several checks read of them, worked out once),
the game's preflight ``Settings``, and a ``Hit``: what checks.py's, colour.py's and the others' checks share."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from ..draw.document import Page
from ..draw.provenance import Source
from .bulk import box_array
from .scene import Box, Ink, flatten

GROUND_ROLES = ("pattern", "terrain-texture", "background")  # strokes that are a texture under the text


@dataclass(frozen=True)
class Settings:
    """A game's preflight settings, resolved: sizes in pt, lengths in mm."""

    min_text: float = 6.0
    min_label: float = 5.0
    printable: float = 5.0
    safe: float = 1.5  # mm inside a card's trim that text keeps to
    empty_page: float = 0.25
    contrast: float = 4.5  # WCAG ratio for small text
    contrast_large: float = 3.0  # and for large text
    clearance: float = 0.3  # mm two marks (icons, badges, discs) keep between them
    severity: tuple[tuple[str, str], ...] = ()

    def level(self, cls: str) -> str:
        return dict(self.severity).get(cls, "warning")


@dataclass
class Sheet:
    """One page of one printable, as the checks see it."""

    stem: str  # the printable's file stem: "class-cards"
    paper: str | None
    number: int  # 1-based
    count: int  # pages in the document
    page: Page
    inks: list[Ink]
    share: float | None = None  # used(): worked out once, two checks read it

    @classmethod
    def of(cls, stem: str, paper: str | None, number: int, count: int, page: Page, faces: dict | None = None
           ) -> "Sheet":
        """``faces``: scene.flatten's memo of the groups the document's pages repeat."""
        return cls(stem, paper, number, count, page, flatten(page, faces))

    @property
    def area(self) -> Box:
        return (0.0, 0.0, self.page.width, self.page.height)

    def texts(self) -> list[Ink]:
        """Its text inks, in drawing order: worked out once for the checks that read only those."""
        inks = self.inks
        got = self.__dict__.get("_texts")
        if got is None or got[0] is not inks:
            got = self.__dict__["_texts"] = (inks, [i for i in inks if i.kind == "text"])
        return got[1]

    def classes(self) -> tuple[list[int], list[tuple], list[tuple]]:
        """(strokes, texts, grounds), read in one pass over its inks: the places of its stroked shapes drawn in no
        ground role (what may cross a text: ``overlaps``); (place, ink, cx, cy) of each text in a plain colour, cx
        and cy its box's centre, and (place, ink) of each picture and each filled shape in a plain colour (what
        ``colour.contrast`` reads against each other)."""
        inks = self.inks
        got = self.__dict__.get("_classes")
        if got is None or got[0] is not inks:
            strokes: list[int] = []
            texts: list[tuple] = []
            grounds: list[tuple] = []
            for pos, t in enumerate(inks):
                kind = t.kind
                if kind == "shape":
                    if t.stroked and t.role not in GROUND_ROLES:
                        strokes.append(pos)
                    if t.filled and rgb(t.colour) is not None:
                        grounds.append((pos, t))
                elif kind == "text":
                    if rgb(t.colour) is not None:
                        b = t.box
                        texts.append((pos, t, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2))
                elif kind == "image":
                    grounds.append((pos, t))
            got = self.__dict__["_classes"] = (inks, (strokes, texts, grounds))
        return got[1]

    def roles(self) -> set[str]:
        """The roles its inks are drawn in (a check of marks in a role looks here first)."""
        inks = self.inks
        got = self.__dict__.get("_roles")
        if got is None or got[0] is not inks:
            got = self.__dict__["_roles"] = (inks, {i.role for i in inks})
        return got[1]

    def boxes(self):
        """Its inks' boxes as one array (n x 4, page mm, in drawing order): what the bulk readings compare."""
        inks = self.inks
        got = self.__dict__.get("_boxes")
        if got is None or got[0] is not inks:
            got = self.__dict__["_boxes"] = (inks, box_array([i.box for i in inks]))
        return got[1]

    def used_boxes(self) -> Iterable[Box]:
        """The boxes of the inks that count as use of the page (not the furniture): ``used`` reads them."""
        for ink in self.inks:
            if ink.role != "furniture" and not ink.role.startswith("ruler"):
                yield ink.box


@dataclass(frozen=True)
class Hit:
    """One thing wrong: its class, what it concerns (a source; None: the page as a whole) and what."""

    cls: str
    src: Source | None
    message: str
    page: int
    text: str = ""  # the printed text it concerns, whole (to find where it was written)


@lru_cache(maxsize=4096)
def rgb(colour: str) -> tuple[float, float, float] | None:
    """A #rrggbb (or #rgb) colour as sRGB 0-1 components; None for anything else (none, a pattern)."""
    c = colour.strip().lower()
    if not c.startswith("#"):
        return None
    c = c[1:]
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    if len(c) != 6:
        return None
    try:
        return tuple(int(c[i:i + 2], 16) / 255.0 for i in (0, 2, 4))  # type: ignore[return-value]
    except ValueError:
        return None
