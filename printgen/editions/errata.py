"""``printgen errata OLD NEW``: a kit of only what prints differently in NEW, and the change list in words.

Both versions are validated and drawn in memory; their printed units (editions/printed.py) are compared
by digest. A card whose front or back changed is reprinted front and back on fresh sheets (the sheet's own
lattice, crop marks, mirrored backs); a new card too. A page of another printable (a map, a scenario,
the tokens) is reprinted whole when it changed, with the backs page that follows it; a rulebook page
when its words or picture changed. The change list says what changed in the data (editions/changes.py)
and what is reprinted, naming the rulebook's sections. Nothing printed changed: nothing is written.
"""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..draw.document import Page, PdfFile
from ..draw.page import PageSpec
from ..findings import Finding, error
from ..load.game_folder import display_path
from .changes import describe
from .printed import BookPages, DocPages, SheetFace, _printed, book_pages, document_pages, sheet_faces
from .source import SourceError, old_game

CHANGES_FILE = "changes.md"


@dataclass
class Errata:
    """What an errata run found and wrote."""

    findings: list[Finding] = field(default_factory=list)
    changes: list[tuple[str, str]] = field(default_factory=list)  # (kind, sentence) from the data
    cards: list[str] = field(default_factory=list)  # "class card 'Knight'" reprinted
    pages: list[str] = field(default_factory=list)  # "map-x page 1" reprinted
    book: list[int] = field(default_factory=list)  # rulebook page numbers (from 1) reprinted
    sections: list[str] = field(default_factory=list)  # "page 7: Knight": the sections each of those shows
    written: list[Path] = field(default_factory=list)
    old_version: str = ""
    new_version: str = ""

    @property
    def ok(self) -> bool:
        return not any(f.is_error for f in self.findings)

    @property
    def empty(self) -> bool:
        return not (self.cards or self.pages or self.book)


def make_errata(*, old: str, new: Path, out: Path | None = None, papers: tuple[str, ...] = ("a4",)) -> Errata:
    """Compare ``old`` (a game folder, or a git revision of ``new``) with the game folder ``new`` and write
    the errata kit to ``out`` (default: <project>/output/<game-id>/errata/). Never raises for bad input:
    the result's findings say what is wrong, and then nothing is written."""
    from ..project import Project, validate_game

    result = Errata()
    try:
        with old_game(old, new) as old_folder:
            a = validate_game(old_folder)
            b = validate_game(new, project=Project.of_game(new))
            result.findings = [f for f in a.findings + b.findings if f.is_error]
            if not result.ok:
                return result
            if a.game_id != b.game_id:
                result.findings.append(error(
                    "errata-games", f"{display_path(old_folder)} is the game '{a.game_id}' and {display_path(new)} "
                    f"is '{b.game_id}': an errata compares two versions of one game", b.source.loc(("game", "id"))))
                return result
            result.old_version, result.new_version = a.data.game.version, b.data.game.version
            result.changes = describe(_dump(a), _dump(b))
            files = _kit(a, b, result, papers)
    except SourceError as exc:
        result.findings.append(exc.finding)
        return result
    if result.empty:
        return result
    files[CHANGES_FILE] = change_list(result, b.data.game.name).encode()
    target = out if out is not None else Project.of_game(new).output / b.game_id / "errata"
    from ..write.files import write_atomic

    for rel, data in sorted(files.items()):
        write_atomic(target / rel, data)
        result.written.append(target / rel)
    return result


def _dump(game) -> dict:
    return game.data.model_dump(mode="json")


def _kit(a, b, result: Errata, papers: tuple[str, ...]) -> dict[str, bytes]:
    """The kit's files (paper/errata.pdf per paper), filling in what is reprinted."""
    from ..registry import assets_for

    old_faces = {(f.sheet.name, f.name): f.digest for f in sheet_faces(a)}
    faces = [f for f in sheet_faces(b) if old_faces.get((f.sheet.name, f.name)) != f.digest]
    result.cards = [f"{f.title}: {f.name}" for f in faces]
    files: dict[str, bytes] = {}
    for paper in papers:
        spec = PageSpec.for_paper(paper, b.data.game.print.margin)
        old_docs = {d.stem: d for d in document_pages(a, assets_for(a), spec)}
        docs = document_pages(b, assets_for(b), spec)
        picked = [(d, _changed_pages(d, old_docs.get(d.stem))) for d in docs]
        picked = [(d, p) for d, p in picked if p]
        old_book, book = _book(a, spec), _book(b, spec)
        pages = _changed_book_pages(book, old_book)
        if paper == papers[0]:
            result.pages = [f"{d.title} page {', '.join(str(i + 1) for i in p)}" for d, p in picked]
            result.book = [i + 1 for i in pages]
            result.sections = [f"page {i + 1}: {', '.join(book.sections[i]) or '(no heading)'}" for i in pages]
        if faces or picked or pages:
            files[f"{paper}/errata.pdf"] = _pdf(b, spec, faces, picked, book, pages)
    return files


def _changed_pages(doc: DocPages, old: DocPages | None) -> list[int]:
    """Indexes of ``doc``'s pages that print what no page of ``old`` does, with the backs page after each."""
    left = Counter(old.digests if old else ())
    out: list[int] = []
    for i, d in enumerate(doc.digests):
        if left[d] > 0:
            left[d] -= 1
            continue
        out.append(i)
    for i in list(out):  # a sheet's backs print on its other side: reprinted with it
        if i + 1 < len(doc.pages) and doc.pages[i + 1].label.startswith("backs") and i + 1 not in out:
            out.append(i + 1)
    return sorted(out)


def _book(game, spec: PageSpec) -> BookPages | None:
    from ..rulebook.render import render_rulebook
    from ..rulebook.theme import game_theme

    docs = render_rulebook(game, spec)
    doc = docs.get("rulebook")
    if not isinstance(doc, PdfFile):
        return None
    page = game_theme(game)[0].page  # its running head and foot sit in the margins
    return book_pages(doc, (page.margin_top, page.margin_bottom))


def _changed_book_pages(book: BookPages | None, old: BookPages | None) -> list[int]:
    if book is None:
        return []
    left = Counter(old.digests if old else ())
    out = []
    for i, d in enumerate(book.digests):
        if left[d] > 0:
            left[d] -= 1
        else:
            out.append(i)
    return out


def _pdf(game, spec: PageSpec, faces: list[SheetFace], docs: list[tuple[DocPages, list[int]]],
         book: BookPages | None, book_pages_: list[int]) -> bytes:
    """One PDF: the changed cards imposed with their backs, the changed pages, the changed rulebook pages."""
    import pikepdf

    from ..layout.face_geometry import face_lattice
    from ..layout.sheets import FaceMaker
    from ..render.compose import finish
    from ..render.sheets import BACKS_LABEL, impose
    from ..write.pdf import to_pdf

    parts: list[bytes] = []
    by_sheet: dict[str, list[SheetFace]] = {}
    for f in faces:
        by_sheet.setdefault(f.sheet.name, []).append(f)
    layouts = FaceMaker(game).layouts
    settings = game.data.game
    for name, group in by_sheet.items():
        sheet = group[0].sheet
        lattice = face_lattice(spec, layouts[sheet.front], settings, hex_sheet=sheet.sheet == "hex")
        backs = [f.back for f in group] if all(f.back is not None for f in group) else None
        pages = []
        for page, side in impose([f.front for f in group], lattice, backs=backs):
            page.label = BACKS_LABEL if side == "back" else "errata fronts"
            pages.append(page)
        parts.append(to_pdf(finish(pages, spec, game=settings, title=f"errata: {group[0].title}")))
    for doc, picked in docs:
        pages = [Page(p.width, p.height, _printed(p.ops), p.label, p.trim, p.bleed)
                 for p in (doc.pages[i] for i in picked)]
        parts.append(to_pdf(finish(pages, spec, game=settings, title=f"errata: {doc.title}")))
    if book is not None and book_pages_:
        parts.append(_pick(book.data, book_pages_))
    out = pikepdf.new()
    for data in parts:
        with pikepdf.open(io.BytesIO(data)) as src:
            out.pages.extend(src.pages)
    out.docinfo["/Title"] = f"{settings.name} v{settings.version}: errata"
    buf = io.BytesIO()
    out.save(buf, deterministic_id=True)
    return buf.getvalue()


def _pick(data: bytes, pages: list[int]) -> bytes:
    import pikepdf

    with pikepdf.open(io.BytesIO(data)) as src:
        out = pikepdf.new()
        for i in pages:
            out.pages.append(src.pages[i])
        buf = io.BytesIO()
        out.save(buf, deterministic_id=True)
        return buf.getvalue()


def change_list(result: Errata, game_name: str) -> str:
    """The change list, Markdown: what changed in the data, then what is reprinted."""
    versions = (f"{result.old_version} -> {result.new_version}" if result.old_version != result.new_version
                else f"of version {result.new_version}")
    lines = [f"# {game_name}: errata {versions}", ""]
    lines += ["## What changed", ""]
    lines += [f"- {s}" for _, s in result.changes] or ["- (nothing in the data: a layout, template or art changed)"]
    lines += ["", "## Reprinted (cut and replace these)", ""]
    lines += [f"- {c} (front and back)" for c in result.cards]
    lines += [f"- {p}" for p in result.pages]
    lines += [f"- rulebook {s}" for s in result.sections]
    return "\n".join(lines) + "\n"
