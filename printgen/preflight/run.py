"""Preflight one target: its documents' pages through every check, the hits as located findings.

``preflight_documents`` is what the build calls after a target renders (in the
worker that drew it, while the drawing model is at hand): the findings travel
back with the files and are kept in the build record, so an up-to-date target
still reports them.
"""

from __future__ import annotations

from typing import Any

from ..draw.document import Document, Group, PdfFile
from ..findings import Finding, Location, Severity
from .checks import DOCUMENT_CHECKS, PAGE_CHECKS, Hit, Settings, Sheet
from .colour import contrast, markup
from .precision import precision
from .scales import ink_on_ink
from .seam import seams
from .tail import TailSheet, furniture, strip_start

# the checks of every drawn page: checks.py's, those of what a text says and how it reads, and ink on ink
ALL_PAGE_CHECKS = {**PAGE_CHECKS, "markup": markup, "contrast": contrast, "ink-on-ink": ink_on_ink, "seam": seams,
                   "precision": precision}


def settings_of(game) -> Settings:
    """The game's preflight settings (game.yaml ``preflight:``), resolved."""
    config = game.data.game
    spec = config.preflight
    printable = spec.printable if spec.printable is not None else config.print.margin
    return Settings(min_text=spec.min_text, min_label=spec.min_label, printable=printable, safe=spec.safe,
                    empty_page=spec.empty_page, contrast=spec.contrast, clearance=spec.clearance,
                    contrast_large=spec.contrast_large, severity=tuple(sorted(spec.severity.items())))


def printable_place(game, stem: str) -> Location:
    """Where a printable as a whole is declared: its ``sheets:`` entry in game.yaml, else game.yaml itself."""
    source = game.source
    for i, sheet in enumerate(getattr(game.data.game, "sheets", None) or []):
        if sheet.name == stem:
            return source.loc(("game", "sheets", i))
    return source.loc(("game",))


def _place(game, src, place: Location) -> Location:
    """Where a finding about ``src`` points: its element or data place, its data path's place, else ``place``."""
    if src is None:
        return place
    if src.place is not None:
        return src.place
    if "@" in src.path:  # a character of a text value (a map's layout): its line and column there
        k = src.path.index("@")
        try:
            return game.source.text_loc(src.path[:k], src.path[k + 1], src.path[k + 2])
        except (KeyError, IndexError, TypeError, AttributeError):
            return place
    if src.path:
        try:
            return game.source.loc(src.path)
        except (KeyError, IndexError, TypeError, AttributeError):
            return place
    return place


def _finding(hits: list[Hit], level: str, stem: str, paper: str | None, place: Location) -> Finding:
    first = hits[0]
    pages = sorted({h.page for h in hits})
    where = f"{stem}" + (f" ({paper})" if paper else "")
    on = f"page {pages[0]}" if len(pages) == 1 else f"pages {', '.join(map(str, pages[:6]))}" + (
        "…" if len(pages) > 6 else "")
    subject = first.src.naming() if first.src is not None else ""
    more = f" (and {len(hits) - 1} more alike)" if len(hits) > 1 else ""
    message = f"{where} {on}: {subject + ' ' if subject else ''}{first.message}{more}"
    loc = place
    return Finding(Severity.ERROR if level == "error" else Severity.WARNING, f"preflight-{first.cls}", message, loc)


def report(hits: list[Hit], settings: Settings, *, stem: str, paper: str | None, place: Location, game=None
           ) -> list[Finding]:
    """One finding per class, place and kind of mistake (``hits`` alike on many faces are one finding)."""
    groups: dict[tuple, list[Hit]] = {}
    for hit in hits:
        level = settings.level(hit.cls)
        if level == "off":
            continue
        loc = _place(game, hit.src, place) if game is not None else place
        if hit.cls in ("placeholder", "markup", "precision") and game is not None and hit.src is not None:
            # the text came from the data, not the layout that placed it: point at the line that holds it
            from .book import locate

            loc = locate(game, hit.text) or loc
        # the kind of mistake: the message without its quoted values and numbers
        kind = "".join(ch for ch in hit.message.split("'")[0] if not ch.isdigit())
        groups.setdefault((hit.cls, loc, kind, level), []).append(hit)
    return [_finding(g, key[3], stem, paper, key[1]) for key, g in groups.items()]


def sheets_of(doc: Document, stem: str, paper: str | None) -> list[Sheet]:
    n = len(doc.pages)
    faces: dict = {}  # a face repeated on the sheets (one back, one card many times) is flattened once
    return [Sheet.of(stem, paper, i + 1, n, page, faces) for i, page in enumerate(doc.pages)]


# the last targets' faces and what was found on them, by (game, the target's documents, settings): the next
# paper of the same printable (A4, then Letter: the same faces on other sheets) looks up each face instead of
# reading it again. One memo serves every document of a target (a target of several decks: the elements, loose
# runs and pairs their decks share are read once; each document's faces are its own, parts.Parts.document).
# The last few are kept, the oldest let go first: each holds its documents' drawing.
_LAST: dict[tuple, object] = {}
KEPT = 4


def _parts(key: tuple | None, stem: str, paper: str | None, settings: Settings):
    from .parts import Parts

    if key is not None:
        key = (*key, settings)
        got = _LAST.pop(key, None)
        if got is not None:
            _LAST[key] = got  # (the newest again)
            got.document(stem, paper)
            return got
    parts = Parts(stem, paper, ALL_PAGE_CHECKS, settings)
    # each sheet's footer strip looked up in the memo of strips the pages read ink by ink use (preflight/tail.py)
    parts.furniture = furniture(settings, ALL_PAGE_CHECKS)
    if key is not None:
        while len(_LAST) >= KEPT:
            del _LAST[next(iter(_LAST))]
        _LAST[key] = parts
    return parts


def check_document(doc: Document, settings: Settings, *, stem: str, paper: str | None, game_key=None) -> list[Hit]:
    """Every hit on a drawn document's pages. A sheet of faces (a page with a TrimBox: cards, tokens, tiles
    imposed) is read by its parts, each face once however often the sheets place it (preflight/parts.py);
    any other page (a map, whose hexes meet) ink by ink. ``game_key``: a key of the validated game and the
    target's documents, when what one document's reading found may be looked up for the target's next
    document and the next paper (``_LAST``)."""
    from .parts import PartSheet

    # a sheet of faces: a page with a TrimBox and a face on it (one of loose ops alone is read ink by ink: its
    # parts would be its ops one by one). A document with none (a map's) reads no parts, and keeps nothing the
    # next paper could look up.
    faced = [page.trim is not None and any(type(op) is Group for op in page.ops) for page in doc.pages]
    parts = _parts((game_key,) if game_key is not None else None, stem, paper, settings) if any(faced) else None
    flat = parts.flat if parts is not None else {}
    n = len(doc.pages)
    sheets = [parts.sheet(page, i + 1, n) if faced[i] else _loose_sheet(stem, paper, i + 1, n, page, flat, settings)
              for i, page in enumerate(doc.pages)]
    hits: list[Hit] = []
    for sheet in sheets:
        if isinstance(sheet, (PartSheet, TailSheet)):
            for name, check in ALL_PAGE_CHECKS.items():
                hits += sheet.check(name, check, settings)
        else:
            for check in ALL_PAGE_CHECKS.values():
                hits += check(sheet, settings)
    for check in DOCUMENT_CHECKS.values():
        hits += check(sheets, settings)
    return hits


def _loose_sheet(stem: str, paper: str | None, number: int, count: int, page, flat: dict, settings: Settings
                 ) -> Sheet:
    """A page read ink by ink: its content so, and its footer strip looked up (preflight/tail.py)."""
    start = strip_start(page.ops)
    if start is None:
        return Sheet.of(stem, paper, number, count, page, flat)
    return TailSheet(stem, paper, number, count, page, start, furniture(settings, ALL_PAGE_CHECKS), flat)


# what a picture set in a book is checked for, as drawn: its texts against its lines and each other, its
# words against their grounds, its labels against the discs they sit in (sizes and margins are read from the
# PDF); and the labels its scale crowded onto its lines (preflight/pictures.py)
PICTURE_CHECKS = ("overlap", "contrast", "ink-on-ink")


def picture_hits(pictures, settings: Settings, *, stem: str, paper: str | None) -> list[Hit]:
    """Every hit in the pictures of a book (``PdfFile.pictures``), each on the book page it is printed on. A
    picture drawn alike again (twice in a book, or at the same scale in its A4 and Letter editions, which a
    worker renders one after the other) is checked once: its hits are looked up (``_SEEN``)."""
    from dataclasses import replace

    hits: list[Hit] = []
    for number, page, *design in pictures:
        # pictures are looked up by their sizes first, and compared by what they draw only when those match
        # (a picture met for the first time costs no deep comparison)
        sizes = (stem, settings, page.width, page.height,
                 (design[0].width, design[0].height, design[1]) if design else None)
        alike = _SEEN.setdefault(sizes, [])
        # a text's source and role are not part of its value: they are part of what its hits say
        drawn = (page.ops, design[0].ops if design else None)
        marks = None
        found = None
        for ops, their_marks, their_hits in alike:
            if ops == drawn:
                marks = _text_marks(page.ops) if marks is None else marks
                if their_marks == marks:
                    found = their_hits
                    break
        if found is None:
            found = _picture(page, design, settings, stem=stem, paper=paper)
            alike.append((drawn, _text_marks(page.ops) if marks is None else marks, found))
            _seen_trim()
        hits += [replace(h, page=number) for h in found]
    return hits


def _seen_trim(most: int = 64) -> None:
    while sum(len(v) for v in _SEEN.values()) > most:
        first = next(iter(_SEEN))
        _SEEN[first].pop(0)
        if not _SEEN[first]:
            del _SEEN[first]


def _picture(page, design, settings: Settings, *, stem: str, paper: str | None) -> list[Hit]:
    from dataclasses import replace

    from .pictures import as_designed, crowded

    sheet = Sheet.of(stem, paper, 1, 1, page)
    # a drawing printed as drawn, only scaled, overlaps itself alike at any scale (the overlap check reads its
    # texts' boxes shrunk by shares of their em against each other and its strokes: no length of its own), so
    # at the scale of the book's other paper it is not read for that again (``_SCALED``)
    drawing = tuple(design[0].ops) if design and as_designed(page, design[0]) else None
    found: list[Hit] = []
    for name in PICTURE_CHECKS:
        hits = _overlap_of(drawing, stem, settings) if name == "overlap" and drawing is not None else None
        if hits is None:
            hits = list(ALL_PAGE_CHECKS[name](sheet, settings))
            if name == "overlap" and drawing is not None:
                _SCALED.append((drawing, stem, settings, hits))
                del _SCALED[:-KEPT_SCALED]
        for h in hits:
            # a hit on one of the picture's words already names the picture ("the picture 'printgen:...'")
            named = h.src is not None and h.src.what.startswith("the picture ")
            found.append(h if named else replace(h, message=f"in a picture: {h.message}"))
    if design:  # the labels its scale crowded onto its lines (preflight/pictures.py)
        found += crowded(sheet, design[0], settings, scale=design[1])
    return found


def _overlap_of(drawing: tuple, stem: str, settings: Settings) -> list[Hit] | None:
    """The overlap hits of ``drawing`` (a picture's ops, printed as drawn) kept from another scale, if any: by
    the very ops (an entry holds them)."""
    for ops, their_stem, their_settings, hits in _SCALED:
        if their_stem == stem and their_settings == settings and _same(ops, drawing):
            return hits
    return None


def _same(ops: tuple, others: tuple) -> bool:
    """Are ``ops`` the very ``others``, or groups of them alike (a picture turned for its page is a group made
    afresh for each paper round the same drawing)? By identity: nothing is compared by value."""
    if len(ops) != len(others):
        return False
    for a, b in zip(ops, others):
        if a is not b and not (type(a) is Group and type(b) is Group and a.matrix == b.matrix and a.clip == b.clip
                               and _same(a.ops, b.ops)):
            return False
    return True


# the overlap hits of the last pictures printed as drawn: [(their ops, stem, settings, hits)]
_SCALED: list[tuple] = []
KEPT_SCALED = 16


def _text_marks(ops, out: list | None = None) -> tuple:
    """The source and role of each text among ``ops`` (groups opened), in order."""
    from ..draw.document import Group, Text

    top = out is None
    out = [] if out is None else out
    for op in ops:
        if type(op) is Group:
            _text_marks(op.ops, out)
        elif type(op) is Text:
            out.append((op.src, op.role))
    return tuple(out) if top else ()


# the hits of the pictures checked last, by their sizes and settings: [(what they draw, compared by value, the
# sources and roles of their texts, their hits)]; each holds its picture's ops alive, so a few dozen are kept
_SEEN: dict[tuple, list[tuple]] = {}


def preflight_documents(game, docs: dict[str, Any], *, paper: str | None) -> list[Finding]:
    """The findings of every page of a target's documents (``{stem: Document | PdfFile | ...}``)."""
    settings = settings_of(game)  # read through the build's ReadLog: a settings change rebuilds the target
    game = getattr(game, "_game", game)  # locating a finding reads no input of the target's
    found: list[Finding] = []
    for stem, doc in docs.items():
        if isinstance(doc, Document):
            key = getattr(game, "key", None)
            hits = check_document(doc, settings, stem=stem, paper=paper,
                                  game_key=None if key is None else (key, tuple(docs)))
        elif isinstance(doc, PdfFile):
            from .book import check_pdf

            hits = check_pdf(doc.data, settings, stem=stem, paper=paper, game=game, drawn=doc.drawn, area=doc.area)
            hits += picture_hits(doc.pictures, settings, stem=stem, paper=paper)
            from .tables import table_hits

            hits += table_hits(doc.tables, game)
        else:
            continue
        if hits:  # (where the printable is declared is looked up only for a finding to point at)
            found += report(hits, settings, stem=stem, paper=paper, place=printable_place(game, stem), game=game)
    return sorted(found, key=Finding.sort_key)
