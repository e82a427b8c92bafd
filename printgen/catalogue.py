"""What a game can draw with: its fonts (`printgen fonts`) and icons (`printgen icons`), as plain rows
for text or JSON, and the icons as a reference sheet PDF (each icon drawn above its name, in a grid,
with the page furniture every sheet carries), drawn through the drawing model and the PDF writer."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .findings import Finding, Severity

CELL = 30.0  # mm, one icon's square on the sheet
ICON = 13.0  # mm, the icon drawn in it
HEADING = 9.0  # mm, a section's heading band


@dataclass(frozen=True)
class FontRow:
    name: str  # how a layout names it
    family: str
    style: str
    file: str
    glyphs: int
    source: str  # "bundled" or "game"
    aliases: tuple[str, ...] = ()  # game.yaml fonts: names of the same file


@dataclass(frozen=True)
class IconRow:
    name: str  # :NAME: in text, or an icon element's name
    source: str  # "bundled" or "game"
    draws: str  # what it draws: "the built-in heart", "art/x.png", "a badge 'AP'"
    same_as: str = ""  # a bundled icon that draws the same picture
    layouts: tuple[str, ...] = ()  # the layouts declaring it (a game's own)
    spec: dict = field(default_factory=dict, compare=False, repr=False)


@dataclass
class Catalogue:
    rows: list
    findings: list[Finding]
    game: object = None  # the validated game, when one was named

    @property
    def ok(self) -> bool:
        return not any(f.severity is Severity.ERROR for f in self.findings)


def _game(folder: Path | None):
    if folder is None:
        return None
    from .project import validate_game

    return validate_game(Path(folder))


def font_catalogue(*, game: Path | None = None) -> Catalogue:
    """The bundled fonts, and with ``game`` its own (fonts/ and game.yaml ``fonts:``) and their findings."""
    from .layout.game_fonts import BUILTIN_FAMILIES, bundled_fonts, game_font_table, normal

    validated = _game(game)
    table = game_font_table(validated) if validated is not None else bundled_fonts()
    rows = []
    for f in table.faces:
        aliases = tuple(a for a in table.aliases if table.names.get(normal(a)) == f.key)
        if not f.builtin and f.style != "regular" and table.names.get(normal(f.family)) == f.key:
            aliases = (f.family,) + aliases  # a family of one face: its name alone names it
        family = BUILTIN_FAMILIES.get(f.family, f.family) if f.builtin else f.family
        file = f"printgen/fonts/{f.file}" if f.builtin else f.file
        rows.append(FontRow(f.name, family, f.style, file, f.glyphs, "bundled" if f.builtin else "game", aliases))
    found = list(table.found)
    if validated is not None and validated.data is None:
        found = list(validated.findings) + found  # no game.yaml, or one that cannot be read: say so
    return Catalogue(rows, found, validated)


def icon_catalogue(*, game: Path | None = None) -> Catalogue:
    """The built-in icons, and with ``game`` the icons its layouts declare (``icons:``)."""
    from .draw.icons import ICONS

    first: dict[object, str] = {}
    rows: list[IconRow] = []
    for name, fn in ICONS.items():
        same = first.setdefault(fn, name)
        rows.append(IconRow(name, "bundled", "a built-in vector icon", "" if same == name else same))
    validated = _game(game)
    found: list[Finding] = []
    if validated is not None and validated.data is not None:
        from .layout.game_layouts import game_layouts

        layouts, found = game_layouts(validated)
        found = list(found)
        own: dict[str, IconRow] = {}
        for lname, layout in sorted(layouts.items()):
            for name, spec in layout.icons.items():
                if name in own:
                    row = own[name]
                    own[name] = IconRow(name, "game", row.draws, layouts=row.layouts + (lname,), spec=row.spec)
                    continue
                own[name] = IconRow(name, "game", _draws(spec), layouts=(lname,), spec=spec)
        rows += sorted(own.values(), key=lambda r: r.name)
    elif validated is not None:
        found = list(validated.findings)
    return Catalogue(rows, found, validated)


def _draws(spec: dict) -> str:
    parts = []
    if spec.get("image"):
        parts.append(f"the picture {spec['image']}")
    if spec.get("icon"):
        parts.append(f"the built-in {spec['icon']}" + (f" in {spec['colour']}" if spec.get("colour") else ""))
    if spec.get("label"):
        parts.append(f"the label '{spec['label']}'")
    if spec.get("background"):
        parts.append(f"on a {spec['background']} disc")
    return ", ".join(parts) or "nothing (no icon:, image: or label:)"


# -- output ----------------------------------------------------------------------------------------------

def _plain(row) -> dict:
    d = {k: v for k, v in asdict(row).items() if k != "spec"}
    return {k: list(v) if isinstance(v, tuple) else v for k, v in d.items()}


def as_json(cat: Catalogue, what: str) -> str:
    return json.dumps({what: [_plain(r) for r in cat.rows],
                       "findings": [{"severity": f.severity.value, "code": f.code, "message": f.message,
                                     "location": str(f.loc) if f.loc else None} for f in cat.findings]},
                      indent=2, ensure_ascii=False)


def _table(header: tuple[str, ...], lines: list[tuple]) -> list[str]:
    widths = [max(len(str(x)) for x in col) for col in zip(header, *lines)]
    return ["  ".join(str(x).ljust(w) for x, w in zip(line, widths)).rstrip() for line in [header, *lines]]


def fonts_text(cat: Catalogue) -> str:
    lines = [(r.name, r.family, r.style, r.glyphs, r.file + (f" (also: {', '.join(r.aliases)})" if r.aliases else ""))
             for r in cat.rows]
    out = _table(("NAME", "FAMILY", "STYLE", "GLYPHS", "FILE"), lines)
    out.append("")
    out.append('A layout names a face as FAMILY or "FAMILY STYLE" (font: serif italic, font: "Ember Hand bold");')
    out.append("case, '-' and '_' do not matter. STYLE is regular, bold, italic or bold italic.")
    return "\n".join(out + [f.format() for f in cat.findings])


def icons_text(cat: Catalogue) -> str:
    lines = []
    for r in cat.rows:
        what = r.draws + (f" (the same as {r.same_as})" if r.same_as else "")
        where = ", ".join(r.layouts) if r.layouts else "-"
        lines.append((r.name, r.source, what, where))
    out = _table(("NAME", "FROM", "DRAWS", "LAYOUTS"), lines)
    out.append("")
    out.append("Write :NAME: in a text, or {type: icon, name: NAME} in a layout; declare your own under icons:.")
    return "\n".join(out + [f.format() for f in cat.findings])


FORMATS = {"text": {"fonts": fonts_text, "icons": icons_text},
           "json": {"fonts": lambda c: as_json(c, "fonts"), "icons": lambda c: as_json(c, "icons")}}


# -- the icon sheet ----------------------------------------------------------------------------------------

def icon_sheet(cat: Catalogue, *, paper: str = "a4"):
    """The icons of ``cat`` as a Document: a heading per source, a grid of cells, each icon above its name."""
    from .draw.document import Document, Page, Rect, Style, Text, pt
    from .draw.page import PageSpec
    from .render.page import furniture

    game = cat.game
    settings = game.data.game if game is not None and game.data is not None else None
    name = settings.name if settings is not None else "printgen"
    version = settings.version if settings is not None else ""
    spec = PageSpec.for_paper(paper, settings.print.margin if settings is not None else 5.0)
    x0, y0, x1, y1 = spec.content
    cols = max(1, int((x1 - x0) // CELL))
    x0 += (x1 - x0 - cols * CELL) / 2  # the grid centred between the margins
    pages: list[list] = [[]]
    y = y0
    for source, title in (("bundled", "Built-in icons"), ("game", f"Icons of {name}")):
        rows = [r for r in cat.rows if r.source == source]
        if not rows:
            continue
        if y + HEADING + CELL > y1:
            pages.append([])
            y = y0
        pages[-1].append(Text(x0, y + 6.0, title, "serif-bold", pt(14), "#1d1d1b", role="heading"))
        y += HEADING
        for i, row in enumerate(rows):
            col = i % cols
            if col == 0 and i:
                y += CELL
            if y + CELL > y1:
                pages.append([])
                y = y0
            cx = x0 + col * CELL
            ops = pages[-1]
            ops.append(Rect(cx, y, CELL, CELL, Style(stroke="#b8b8b8", width=0.2), role="cell"))
            ops += _icon_ops(row, cx + CELL / 2, y + 11.0, game)
            ops.append(Text(cx + CELL / 2, y + CELL - 8.0, row.name, "sans-bold", pt(8), "#1d1d1b", "middle",
                            role="icon-name"))
            if row.same_as or row.layouts:
                note = f"= {row.same_as}" if row.same_as else ", ".join(row.layouts)
                ops.append(Text(cx + CELL / 2, y + CELL - 3.5, note[:28], "sans-italic", pt(6), "#6b6b6b", "middle",
                                role="icon-note"))
        y += CELL + 4.0
    doc = Document(title=f"{name}: icons", author="printgen", subject="icon reference sheet")
    for n, ops in enumerate(pages, 1):
        page = Page(spec.width, spec.height, list(ops), label=f"icons {n}")
        page.add(*furniture(spec, game=name, version=version, title="icons", page_no=n, page_count=len(pages)))
        doc.pages.append(page)
    return doc


def _icon_ops(row: IconRow, cx: float, cy: float, game) -> list:
    """A row's icon drawn centred on (cx, cy): as a layout's ``:NAME:`` draws it (layout/text_element.py)."""
    from .draw.document import Circle, Image, Style, Text, pt
    from .draw.icons import ICONS, draw_icon

    if row.source == "bundled":
        return draw_icon(row.name, cx, cy, ICON, "#1d1d1b")
    spec, em = row.spec, ICON
    ops: list = []
    bg = spec.get("background")
    if isinstance(bg, str):
        ops.append(Circle(cx, cy, em * 0.55, Style(fill=bg)))
    if spec.get("image") and game is not None:
        from .layout.art import ArtError, load_art

        try:
            art = load_art(game.folder, spec["image"], width_mm=em)
            w, h = (em, em / art.aspect) if art.aspect >= 1 else (em * art.aspect, em)
            ops.append(Image(cx - w / 2, cy - h / 2, w, h, art.data, art.mime, role="image"))
        except ArtError:
            pass  # validation reports the picture at the layout
    if spec.get("icon") in ICONS:
        ops += draw_icon(spec["icon"], cx, cy, em * (0.7 if bg else 1.0), str(spec.get("colour", "#1d1d1b")))
    if spec.get("label"):
        ops.append(Text(cx, cy + pt(9) * 0.36, str(spec["label"]), "sans-bold", pt(9),
                        str(spec.get("label_colour", "#ffffff")), "middle"))
    return ops


def write_icon_sheet(cat: Catalogue, *, path: Path, paper: str = "a4") -> Path:
    """Write the sheet to ``path`` (PDF, atomically: a reader never sees half a file)."""
    from .write.files import write_atomic
    from .write.pdf import to_pdf

    write_atomic(Path(path), to_pdf(icon_sheet(cat, paper=paper)))
    return Path(path)
