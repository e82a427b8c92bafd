"""How to print each printable: sides, flip edge, copies, what to cut and with what, in player words.

The advice is worded from the facts each printable states about itself (printgen.draw.facts), which the
build writes beside its PDF: the sides and cut lines measured from its pages, the title, copies and notes
its renderer states. Nothing here knows a printable by its name, so a designer's own sheet, a pack's
asset and a shared asset all get advice from what they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..draw.facts import Cut, PrintFacts, player_title

KNIFE = "a craft knife, a steel ruler and a cutting mat"
CROP_CUT = "craft knife and steel ruler along the crop marks (scissors work too)"
TILE_CUT = "craft knife and steel ruler: trim each tile at the red dashed line, then tape from behind"
TILE_NOTE = "page 1 is the assembly guide: lay the tiles as it shows, matching the red crosses"
PIECES = ("square", "triangle", "rectangle", "outline")  # cut with scissors along the line
PLURAL = {"square": "squares", "triangle": "triangles", "rectangle": "rectangles", "outline": "outlined pieces"}


@dataclass(frozen=True)
class Guide:
    """The print advice for one printable (a PDF)."""

    title: str  # what a player calls it: "Class cards", "Map: Fool's Gold Ambush"
    rank: int  # its place in the kit: lower first
    duplex: bool  # has mirrored backs: pages come as front, back, front, back...
    copies: str  # "1", "1 per player"
    cut: str  # what to cut and with what ("" when nothing)
    note: str = ""
    tools: tuple[str, ...] = ()  # what a player needs at hand for the cutting
    flip: str = "long"  # the edge to flip on, when double-sided
    book: bool = False  # pages read in order: single- or double-sided as the player likes

    @property
    def sides(self) -> str:
        if self.duplex:
            return f"double-sided, flip on the {self.flip} edge"
        if self.book:
            return f"single- or double-sided (flip on the {self.flip} edge)"
        return "single-sided"

    @property
    def starts_on_front(self) -> bool:
        """Does it want its first page on a front (odd kit page), so its backs land on its fronts?"""
        return self.duplex or self.book


def _size(mm: float) -> str:
    return f"{mm:g} mm"


def _cutting(facts: PrintFacts) -> tuple[list[str], list[str], list[str]]:
    """(what to cut with what, notes, tools) for the facts' crop marks and cut lines."""
    cut, notes, tools = [], [], []
    if facts.crop_marks:
        cut.append(CROP_CUT)
        tools.append(KNIFE)
    by_shape: dict[str, list[Cut]] = {}
    for c in facts.cuts:
        by_shape.setdefault(c.shape, []).append(c)
    for c in by_shape.get("circle", []):
        cut.append(f"a {_size(c.size)} circle punch on the thin cut circles (or scissors)")
        tools += [f"a {_size(c.size)} circle punch", "scissors"]
    if "hexagon" in by_shape:
        sizes = " or ".join(_size(c.size) for c in by_shape["hexagon"])
        cut.append(f"scissors or a craft knife along each {sizes} hexagon's cut line")
        tools.append("scissors")
    pieces = [s for s in PIECES if s in by_shape]
    kinds = ", ".join(PLURAL[s] for s in pieces)
    for i, c in enumerate(by_shape.get("dial", [])):
        also = ""
        if pieces and i == 0:  # the dial's hand, say: cut with the same scissors
            n = sum(p.count for s in pieces for p in by_shape[s])
            also = " and along the outline of the other piece" + ("s" if n != 1 else "")
            pieces = []
        cut.append(f"scissors round the {_size(c.size)} dial's cut circle{also}")
        tools.append("scissors")
    if pieces:
        if facts.paper == "sticker paper":
            cut.append(f"scissors along each sticker's outline ({kinds})")
        else:
            cut.append(f"scissors along the cut line of the {kinds}")
        tools.append("scissors")
    if "tile" in by_shape:
        cut.append(TILE_CUT)
        notes.append(TILE_NOTE)
        tools += [KNIFE, "clear tape"]
    return cut, notes, tools


def _single_pages(facts: PrintFacts, pages: int) -> list[int]:
    """The pages of a double-sided printable that have no back (a deck's summary page)."""
    backs = set(facts.backs)
    return [n for n in range(1, pages + 1) if n not in backs and n + 1 not in backs]


def guide_for(facts: PrintFacts | None, stem: str, pages: int) -> Guide:
    """The advice for the printable ``stem`` (``pages`` long) from its ``facts`` (None: it stated none, so it
    is printed single-sided with nothing to cut, after the parts that did)."""
    if facts is None:
        facts = PrintFacts(title=player_title(stem.replace("-", " ")))
    cut, notes, tools = _cutting(facts)
    if facts.duplex:
        single = _single_pages(facts, pages)
        if all(n % 2 == 0 for n in facts.backs):
            notes.insert(0, "odd pages are fronts, even pages their backs")
        else:
            backs = ", ".join(str(n) for n in facts.backs)
            notes.insert(0, f"pages {backs} are the backs of the page before each")
        if single:
            notes.insert(1, f"page {single[0]} has no back" if len(single) == 1 else
                         "pages " + ", ".join(map(str, single)) + " have no back")
    if facts.paper:
        notes.append(f"print on {facts.paper}")
    notes = list(facts.notes) + [n for n in notes if n not in facts.notes]
    tools = sorted(set(tools) | set(facts.tools))
    return Guide(facts.title or player_title(stem.replace("-", " ")), facts.rank, facts.duplex, facts.copies,
                 "; ".join(cut), "; ".join(notes), tuple(tools), facts.flip or "long", facts.book)
