"""Turning rendered pages into finished documents: furniture, titles, labels."""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from .duplex import shift_backs
from .ink_saver import save_ink
from ..draw.colour import INK
from ..draw.document import Document, Page, Text
from ..draw.facts import PrintFacts, player_title
from ..draw.measure import measure
from ..draw.page import PageSpec
from ..draw.provenance import Source, drawing
from ..names import slug
from .page import furniture


def finish(pages: Sequence[Page], spec: PageSpec, *, game, title: str, facts: PrintFacts | None = None) -> Document:
    """Add the furniture strip (ruler, print-at-100 %, game, version, page x of y) to every page. The
    document carries its print facts: what its pages show (printgen.draw.measure) over the ``facts`` its
    renderer states (the title defaults to ``title`` in player words)."""
    stated = facts if facts is not None else PrintFacts()
    stated = stated if stated.title else stated.stated(title=player_title(title))
    n = len(pages)
    shift_backs(list(pages), game.print.duplex.x, game.print.duplex.y)  # the printer's offset (render/duplex.py)
    if game.print.ink_saver:  # print: {ink_saver: true}: the ground lightened, text and outlines kept
        pages = [save_ink(p) for p in pages]
    for i, page in enumerate(pages, start=1):
        # a page turned landscape (a map's tiles, when that takes fewer sheets) has its furniture along
        # its own foot
        own = spec if (page.width, page.height) == (spec.width, spec.height) else PageSpec(
            spec.paper, page.width, page.height, spec.margin)
        page.add(*furniture(own, game=game.name, version=game.version, title=title, page_no=i, page_count=n,
                            label=page.label))
    return Document(title=f"{game.name}: {title}", pages=list(pages), author=game.name,
                    subject=f"{game.name} v{game.version}, {title}, {spec.paper.upper()}", facts=measure(pages, stated))


def heading(x: float, y: float, text: str, size: float, *, anchor: str = "start", colour: str = INK) -> Text:
    return Text(x, y, text, "serif-bold", size, colour, anchor)


def one_per_item(items: Iterable, pages_for: Callable[[object], list[Page]], spec: PageSpec, *, game, kind: str,
                 facts: PrintFacts | None = None) -> dict[str, Document]:
    """One finished document per named item, as "<kind>-<slug of name>", titled for players by the item's
    own name ("Build guide: Cinder Ridge"); ``facts``: what the renderer states of every one (its part).
    What each draws comes from its item: ``<kind>s`` (maps, scenarios...), at the item's place in that list."""
    base = facts if facts is not None else PrintFacts()
    what = player_title(kind.replace("-", " "))
    docs = {}
    for i, item in enumerate(items):
        with drawing(Source(f"{kind.replace('-', ' ')} '{item.name}'", path=(f"{kind}s", i))):
            pages = pages_for(item)
        docs[f"{kind}-{slug(item.name)}"] = finish(pages, spec, game=game, title=f"{kind} {item.name}",
                                                   facts=base.stated(title=f"{what}: {item.name}"))
    return docs
