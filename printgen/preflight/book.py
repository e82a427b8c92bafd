"""Preflight of a document set straight to PDF (the rulebook, through platypus): its pages as a reader sees them.

There is no drawing model to walk: a page is every text object with its printed size and box, and the box of
every other object. The rulebook's canvas notes them as it draws (``PdfFile.drawn``, rulebook/record.py,
measured as pdfium measures the file: ``drawn_pages``); a PDF without that note is read with pdfium
(``read_pages``), which finds the same. The same page checks as drawn pages run on what that gives (placeholders, small
text, ink outside the printable area), plus the checks of a flowing book: mostly
empty pages, a heading stranded at a page foot, a lone line carried over, and, where the typesetter says
its text area (``PdfFile.area``), lines past its sides and a body crowding the running head or foot
(preflight/area.py).
A finding is located where its text was written: the chapter line or data line
that holds it (``locate``), else the rulebook's folder.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import Iterable, NamedTuple

from ..findings import Location
from .checks import PLACEHOLDER, Hit, Settings, _quote
from .area import DEFAULT_AREA, MARGINS, Area, area_hits, locate_margin
from .colour import markup_residue
from ..draw.document import compose as _mul
from ..draw.provenance import Source

PT = 25.4 / 72.0  # mm per pt
BOOK_TOP, BOOK_BOTTOM = DEFAULT_AREA.top, DEFAULT_AREA.bottom  # mm: the default theme's text area's top and foot


class Run(NamedTuple):
    """One text object of a page: its text, printed size (pt) and box (page mm, y down). (A tuple: a book has
    thousands of them.)"""

    text: str
    size: float
    box: tuple[float, float, float, float]
    bold: bool = False


@dataclass
class BookPage:
    number: int
    width: float
    height: float
    runs: list[Run]
    boxes: list[tuple[float, float, float, float]]  # every object's box (text, paths, images), page mm


def read_pages(data: bytes) -> list[BookPage]:
    """The pages of a PDF as text runs and object boxes (objects inside forms placed by their matrices).

    Read through pdfium's C calls, not its Python helpers: a rulebook has thousands of objects, and a helper
    object apiece cost more than the reading."""
    import codecs
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    pdf = pdfium.PdfDocument(data)
    l, b, r, t, size = ctypes.c_float(), ctypes.c_float(), ctypes.c_float(), ctypes.c_float(), ctypes.c_float()
    fs = raw.FS_MATRIX()
    fonts: dict[int, bool] = {}  # a font's handle -> is it bold (asked once per font, not per text object)

    def bounds(obj):
        if not raw.FPDFPageObj_GetBounds(obj, l, b, r, t):
            raise pdfium.PdfiumError("Failed to locate pageobject.")
        return (l.value, b.value, r.value, t.value)

    def matrix(obj):
        if not raw.FPDFPageObj_GetMatrix(obj, fs):
            raise pdfium.PdfiumError("Failed to get matrix of pageobject.")
        return (fs.a, fs.b, fs.c, fs.d, fs.e, fs.f)

    def text_of(obj, textpage) -> str:
        n = raw.FPDFTextObj_GetText(obj, textpage, None, 0)
        if not n:
            raise pdfium.PdfiumError("Failed to get text from textobject.")
        units = -(n // -2)
        buffer = (raw.FPDF_WCHAR * units)()
        raw.FPDFTextObj_GetText(obj, textpage, buffer, n)
        return codecs.decode(memoryview(buffer)[:units - 1], "utf-16-le")

    def bold_of(obj) -> bool:
        font = raw.FPDFTextObj_GetFont(obj)
        key = ctypes.cast(font, ctypes.c_void_p).value or 0
        got = fonts.get(key)
        if got is None:
            weight = raw.FPDFFont_GetWeight(font)
            if weight == -1:
                raise pdfium.PdfiumError("Failed to get font weight.")
            got = weight >= 600
            if not got:
                n = raw.FPDFFont_GetBaseFontName(font, None, 0)
                if not n:
                    raise pdfium.PdfiumError("Failed to get font base name.")
                buffer = ctypes.create_string_buffer(n)
                raw.FPDFFont_GetBaseFontName(font, buffer, n)
                got = "bold" in codecs.decode(memoryview(buffer)[:n - 1], "utf-8", errors="replace").lower()
            fonts[key] = got
        return got

    def walk(parent, form: bool, level: int, outer, h: float, textpage, runs, boxes) -> None:
        # as pypdfium2's get_objects(max_depth=4): every object in order, a form's own objects after it
        count = raw.FPDFFormObj_CountObjects(parent) if form else raw.FPDFPage_CountObjects(parent)
        get = raw.FPDFFormObj_GetObject if form else raw.FPDFPage_GetObject
        for i in range(count):
            obj = get(parent, i)
            kind = raw.FPDFPageObj_GetType(obj)
            box = _box(_apply_box(outer, bounds(obj)), h)
            if kind == raw.FPDF_PAGEOBJ_FORM:
                if level < 3:
                    walk(obj, True, level + 1, _mul(outer, matrix(obj)), h, textpage, runs, boxes)
                continue
            boxes.append(box)
            if kind == raw.FPDF_PAGEOBJ_TEXT:
                text = text_of(obj, textpage)
                if text.strip():
                    m = _mul(outer, matrix(obj))
                    if not raw.FPDFTextObj_GetFontSize(obj, size):
                        raise pdfium.PdfiumError("Failed to get font size.")
                    runs.append(Run(text, size.value * math.sqrt(abs(m[0] * m[3] - m[1] * m[2])), box, bold_of(obj)))

    pages = []
    try:
        for n in range(len(pdf)):
            page = pdf[n]
            w, h = page.get_size()
            textpage = page.get_textpage()
            runs: list[Run] = []
            boxes: list = []
            walk(page.raw, False, 0, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), h, textpage.raw, runs, boxes)
            pages.append(BookPage(n + 1, w * PT, h * PT, runs, boxes))
    finally:
        pdf.close()
    return pages


def drawn_pages(drawn) -> list[BookPage]:
    """The pages a typesetter noted as it drew them (``PdfFile.drawn``: rulebook/record.py ``recorded_pages``,
    which notes them as read_pages reads them from the file: the same runs and boxes, in mm)."""
    return [BookPage(n + 1, w, h, runs, boxes) for n, (w, h, runs, boxes) in enumerate(drawn)]




def _apply_box(m, bounds):
    l, b, r, t = bounds
    pts = [(l, b), (r, b), (r, t), (l, t)]
    a, bb, c, d, e, f = m
    xs = [a * x + c * y + e for x, y in pts]
    ys = [bb * x + d * y + f for x, y in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def _box(bounds, page_h_pt: float):
    l, b, r, t = bounds
    return (l * PT, (page_h_pt - t) * PT, r * PT, (page_h_pt - b) * PT)


def _body(runs: list[Run], top: float, bottom: float) -> list[Run]:
    """The body's runs (between the running head and foot) in reading order: by baseline, then from the left."""
    return sorted((r for r in runs if r.box[1] >= top - 0.5 and r.box[3] <= bottom + 0.5),
                  key=lambda r: (round(r.box[3], 0), r.box[0]))


def _grouped(body: list[Run]) -> list[list[Run]]:
    """Runs in reading order (``_body``) grouped into lines by their baselines."""
    lines: list[list[Run]] = []
    for r in body:
        if lines and abs(lines[-1][0].box[3] - r.box[3]) < 1.2:
            lines[-1].append(r)
        else:
            lines.append([r])
    return lines


def _used(page: BookPage, top: float, bottom: float, cell: float = 2.0, enough: float | None = None,
          sides: float = 40.0) -> float:
    """The share of the page's body (between ``top`` and ``bottom``, mm) its objects cover, on a ``cell`` mm grid,
    against its frame's width (the page's less ``sides``, its left and right margins). ``enough``: a share at
    which to stop counting: what is returned is then at least that, not the whole share."""
    cols = max(1, int(page.width // cell))
    rows = max(1, int((bottom - top) // cell))
    marks = bytearray(cols * rows)
    # a page of text fills its measure's width, not the paper's: count against the frame
    frame = (page.width - sides) / page.width
    whole = len(marks) * frame
    need = enough * whole if enough is not None else math.inf
    for k, b in enumerate(page.boxes):
        if b[3] < top or b[1] > bottom:
            continue
        c0, c1 = max(0, int(b[0] // cell)), min(cols - 1, int(b[2] // cell))
        if c1 < c0:
            continue
        ones = b"\x01" * (c1 - c0 + 1)
        for r in range(max(0, int((b[1] - top) // cell)), min(rows - 1, int((b[3] - top) // cell)) + 1):
            marks[r * cols + c0: r * cols + c1 + 1] = ones
        if k % 32 == 31 and marks.count(1) >= need:
            break
    return min(1.0, marks.count(1) / whole)


def _split_markup(runs: list[Run]) -> Iterable[tuple[str, str]]:
    """(the markup, the text it is left in) for markup no one run holds but runs printed touching on one line do:
    a PDF's text object may end inside an entity (a contents line printing "Webs &" then "amp; Wonders"), where
    a run-by-run look sees nothing. Runs touch when the next starts within half a millimetre of the last's end
    on its baseline."""
    group: list[Run] = []
    for run in [*runs, None]:
        if run is not None and group:
            last = group[-1].box
            if abs(last[3] - run.box[3]) < 1.2 and -0.5 < run.box[0] - last[2] < 0.5:
                group.append(run)
                continue
        if len(group) > 1:
            whole = "".join(r.text for r in group)
            bad = markup_residue(whole)
            if bad is not None and not any(markup_residue(r.text) for r in group):  # a run's own is found as it is
                yield bad, whole
        group = [run] if run is not None else []


def book_hits(pages: list[BookPage], settings: Settings, body: float,
              area: Area | None = None) -> Iterable[tuple[Hit, str]]:
    """(hit, the text it concerns) for every page; ``body`` is the body text's size in pt; ``area``: the text
    area the typesetter set the pages in (the default theme's when not told, and then its edges unchecked)."""
    m = settings.printable
    large = max(settings.min_label, settings.min_text) - 0.05  # a run this large is small for neither
    frame = area or DEFAULT_AREA
    for page in pages:
        top, bottom = frame.top, page.height - frame.bottom
        # the page's text at once first: a run can hold a placeholder or markup only if the page does
        joined = "\n".join(run.text for run in page.runs)
        placeholders = PLACEHOLDER.search(joined) is not None
        markups = markup_residue(joined) is not None
        if markup_residue("".join(run.text for run in page.runs)) is not None:  # markup a text object ends inside
            for bad, whole in _split_markup(page.runs):
                yield Hit("markup", None, f"prints the markup {bad} left in {_quote(whole)}", page.number), \
                    html.unescape(whole)  # located where the words were written, as a reader reads them
        for run in page.runs:
            if placeholders and PLACEHOLDER.search(run.text):
                yield Hit("placeholder", None, f"prints the unfilled placeholder {_quote(run.text)}", page.number), run.text
            bad = markup_residue(run.text) if markups else None
            if bad is not None:
                yield Hit("markup", None, f"prints the markup {bad} left in {_quote(run.text)}", page.number), run.text
            if run.size >= large:
                continue
            label = len(run.text.strip()) <= 24
            least = settings.min_label if label else settings.min_text
            if run.size < least - 0.05:
                yield Hit("small-text", None, f"prints {_quote(run.text)} at {run.size:.1f} pt, below the {least:g} pt "
                          f"least for {'a label' if label else 'text'}", page.number), run.text
        # the boxes' outer edges at once (a page holds a few hundred to a few thousand): only a page inked
        # beyond its printable area is walked box by box, to the first that is
        edges = tuple(zip(*page.boxes))
        beyond = bool(edges) and max(m - min(edges[0]), m - min(edges[1]), max(edges[2]) - (page.width - m),
                                     max(edges[3]) - (page.height - m)) > 0.05
        for b in page.boxes if beyond else ():
            out = max(m - b[0], m - b[1], b[2] - (page.width - m), b[3] - (page.height - m))
            if out > 0.05:
                yield Hit("margin", None, f"inks {out:.1f} mm beyond the printable area ({m:g} mm from each edge)",
                          page.number), ""
                break
        body_runs = _body(page.runs, top, bottom)
        lines = _grouped(body_runs)
        if page.number > 2:  # the cover and contents stand alone by design; the last page is held like any other
            share = _used(page, top, bottom, enough=settings.empty_page, sides=frame.left + frame.right)
            if share < settings.empty_page:
                yield Hit("empty-page", None, f"is {share:.0%} used", page.number), ""
        if area is not None and page.number > 1:  # (the cover is set in a frame of its own)
            yield from area_hits(page, area)
        if len(lines) >= 3 and 1 < page.number < len(pages):  # a cover's title stands alone by design
            yield from _foot(lines[-1], page, body, bottom)
        # what a page begins with is the top of its first column: a second column's first line may stand
        # higher than the first column's (a table beside a large heading) without being carried over
        # (the body's runs in the left half, in the order the body's are: a stable sort of some of them by the
        # same key keeps the order it gave them)
        half = page.width / 2
        left_runs = [r for r in body_runs if r.box[0] < half]
        left = lines if len(left_runs) == len(body_runs) else _grouped(left_runs)
        if len(left) >= 2 and page.number > 2:
            first, second = left[0], left[1]
            # a line carried over is running text, at the body's size: a picture's small label heading
            # the page (the Hex Timer's "NEW ROUND" over its 13 pt segment numbers) is not one
            if (abs(max(r.size for r in first) - body) < 0.6 and body * 1.12 <= max(r.size for r in second)):
                text = " ".join(r.text for r in first)
                yield Hit("stranded", None, f"begins with a lone line carried over from the page before: "
                          f"{_quote(text)}", page.number), text


def _foot(last: list[Run], page: BookPage, body: float, bottom: float) -> Iterable[tuple[Hit, str]]:
    """What a page's last line strands: a heading (larger than the body), or a table's header row (bold runs
    spread across the line at body size), whose text or rows then start on the next page."""
    text = " ".join(r.text for r in last)
    if sum(ch.isalpha() for ch in text) < 2 or ". . ." in text or "...." in text:
        return  # a contents line (its leader dots), not a heading
    big = max(r.size for r in last) >= body * 1.12
    if big and last[0].box[3] < bottom - 0.5:
        yield Hit("stranded", None, f"ends with the heading {_quote(text)}: its text starts on the next page",
                  page.number), text
    elif not big and len(last) >= 2 and all(r.bold for r in last):
        yield Hit("stranded", None, f"ends with a table's header row {_quote(text)}: its rows start on the next "
                  "page", page.number), text


def check_pdf(data: bytes, settings: Settings, *, stem: str, paper: str | None, game, drawn=(),
              area: Area | None = None) -> list[Hit]:
    """Every hit on the pages of a PDF ``data``, each located at the text it concerns when it can be found;
    ``drawn``: its pages as the typesetter noted them (``PdfFile.drawn``), read instead of the file when given;
    ``area``: the text area it set them in (``PdfFile.area``), whose sides its lines must keep inside."""
    pages = drawn_pages(drawn) if drawn else read_pages(data)
    sizes: dict[float, int] = {}
    for page in pages:
        for run in page.runs:
            size = round(run.size, 1)
            sizes[size] = sizes.get(size, 0) + len(run.text)
    body = max(sizes, key=sizes.get) if sizes else 10.0
    hits = []
    for hit, text in book_hits(pages, settings, body, Area(*area) if area else None):
        loc = locate_margin(game, text) if text in MARGINS else locate(game, text) if text else None
        src = Source("", loc) if loc is not None else None
        hits.append(Hit(hit.cls, src, hit.message, hit.page))
    return hits


def _lines_of(path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []


def locate(game, text: str) -> Location | None:
    """Where ``text`` was written: the first line of the game's rulebook chapters, then its data files, that
    holds its first words (whitespace, Markdown emphasis and a table row's cell bars aside: a stranded table
    header is found at its row)."""
    words = " ".join(text.replace("*", "").split())[:32].strip()
    if len(words) < 3:
        return None
    folders = []
    templates = getattr(game, "templates", None)
    if templates is not None:
        folders.append(sorted((templates / "rulebook").glob("*.md")))
    folders.append(sorted(game.folder.glob("*.yaml")))
    key = getattr(game, "key", id(game))
    if key not in _CACHE:
        while len(_CACHE) >= 8:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = ({}, {})
    cache, texts = _CACHE[key]
    if words in cache:
        return cache[words]
    cache[words] = None
    for files in folders:
        for path in files:
            if path not in texts:
                texts[path] = _lines_of(path)
            for i, line in enumerate(texts[path]):
                col = " ".join(line.replace("*", "").replace("|", " ").split()).find(words)
                if col >= 0:
                    from ..load.game_folder import display_path

                    cache[words] = Location(display_path(path), i + 1,
                                            line.find(line.strip()[:1]) + 1 if line.strip() else 1)
                    return cache[words]
    return None


# per validated game (its key): where words were found, and the lines of the files read. A long watch
# validates anew on every save, each validation with a key of its own: only the last few are kept.
_CACHE: dict[object, tuple[dict[str, Location | None], dict]] = {}
