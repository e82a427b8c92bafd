"""What a printable says about itself to the player who prints it: its sides, its cut lines, its copies.

Two kinds of facts. Measured ones come from the pages as drawn (printgen.draw.measure), so any sheet, a
designer's own included, is described by what is on it with no entry anywhere: its mirrored backs and the
edge to flip, its crop marks, its cut lines (circles, hexagons, a dial, ...).

Stated ones are what no page shows: a title in player words, what part of the game it is (its place in
the kit), how many copies, notes, tools, and special paper. Renderers state them; the rest defaults.

Plain frozen data, written beside the PDF as JSON (``as_json``/``from_json``) so the publish step, which
reads only what the build wrote, gets them back as they were.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, replace
from typing import Any

FLIPS = ("long", "short")
# what part of a game a printable is -> its place in a kit (lower first)
PARTS: dict[str, int] = {
    "rules": 0, "aid": 10, "reference": 12, "cards": 20, "deck": 30, "tokens": 40, "markers": 42, "stickers": 45,
    "track": 50, "mat": 55, "map": 60, "build-guide": 65, "scenario": 70, "other": 90,
}
CUT_SHAPES = ("circle", "hexagon", "square", "triangle", "rectangle", "outline", "dial", "tile")


@dataclass(frozen=True)
class Cut:
    """Pieces of one shape and size to cut out: ``size`` mm is a circle's or dial's diameter, a hexagon's
    width flat to flat, a square's or triangle's side, a rectangle's longer side (0 for outlines and tiles)."""

    shape: str
    size: float = 0.0
    count: int = 0  # on the front pages


@dataclass(frozen=True)
class PrintFacts:
    title: str = ""  # in player words: "Unit cards", "Map: Fool's Gold Ambush"
    part: str = "other"  # a key of PARTS
    backs: tuple[int, ...] = ()  # 1-based pages that are the backs of the page before each
    flip: str | None = None  # the edge to flip on between a front and its back ("long", "short")
    book: bool = False  # pages to read in order: either side, both sides save paper
    crop_marks: bool = False
    cuts: tuple[Cut, ...] = ()
    copies: str = "1"  # "1", "1 per player"
    notes: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()
    paper: str = ""  # a paper other than plain or card ("sticker paper")

    @property
    def duplex(self) -> bool:
        """Has mirrored backs: print double-sided."""
        return bool(self.backs)

    @property
    def rank(self) -> int:
        return PARTS.get(self.part, PARTS["other"])

    def stated(self, **changes: Any) -> "PrintFacts":
        """These facts with stated ones changed (None leaves a fact as it is)."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})

    def as_json(self) -> dict:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "cuts":
                v = [{"shape": c.shape, "size": c.size, "count": c.count} for c in v]
            elif isinstance(v, tuple):
                v = list(v)
            out[f.name] = v
        return out


def _text(v: Any, default: str = "") -> str:
    return v if isinstance(v, str) else default


def _texts(v: Any) -> tuple[str, ...]:
    return tuple(x for x in v if isinstance(x, str)) if isinstance(v, list) else ()


def from_json(data: Any) -> PrintFacts | None:
    """Facts read back from ``as_json`` (a file on disk, so untrusted: anything odd is left out or None)."""
    if not isinstance(data, dict):
        return None
    cuts = []
    for c in data.get("cuts", []) if isinstance(data.get("cuts"), list) else []:
        if isinstance(c, dict) and c.get("shape") in CUT_SHAPES:
            size, count = c.get("size", 0), c.get("count", 0)
            cuts.append(Cut(c["shape"], float(size) if type(size) in (int, float) and size >= 0 else 0.0,
                            count if type(count) is int and count >= 0 else 0))
    backs = data.get("backs")
    return PrintFacts(
        title=_text(data.get("title")), part=data.get("part") if data.get("part") in PARTS else "other",
        backs=tuple(b for b in backs if type(b) is int and b > 1) if isinstance(backs, list) else (),
        flip=data.get("flip") if data.get("flip") in FLIPS else None, book=data.get("book") is True,
        crop_marks=data.get("crop_marks") is True, cuts=tuple(cuts), copies=_text(data.get("copies"), "1"),
        notes=_texts(data.get("notes")), tools=_texts(data.get("tools")), paper=_text(data.get("paper")))


def player_title(title: str) -> str:
    """A title as a player reads it: its first letter capital, the rest as written ("unit cards" -> "Unit
    cards", "Death Die tracks" stays)."""
    return title[:1].upper() + title[1:]


def facts_path(paper: str, stem: str) -> str:
    """Where the build writes the facts of ``<paper>/<stem>.pdf``, relative to the game's output folder."""
    return f"facts/{paper}/{stem}.json"


def facts_bytes(facts: PrintFacts) -> bytes:
    return json.dumps(facts.as_json(), indent=1, sort_keys=True, ensure_ascii=False).encode()


def read_facts(data: bytes | None) -> PrintFacts | None:
    """Facts from the bytes of a facts file (None when there are none, or they are not facts)."""
    if data is None:
        return None
    try:
        return from_json(json.loads(data.decode()))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
