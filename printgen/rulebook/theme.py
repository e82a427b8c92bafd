"""The rulebook's look as data: a theme file beside the chapters.

``templates/<game-id>/rulebook/theme.yaml`` (beside the chapters, so the rulebook's dependency
on ``templates/rulebook`` covers it: a theme edit rebuilds the book) says ``extends: default`` and
names only what it changes of the built-in theme (``themes/default.yaml``, package data). The two
are merged key by key and the result is validated by the models below, with the project's Length
and Colour types, so a wrong key ("did you mean"), colour, font or length is a finding at its
file:line:col. The file is plain data: nothing in it runs, and it is read only from inside the
game's templates folder.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal, Optional

from pydantic import ValidationError

from ..findings import Finding, Location, did_you_mean, error
from ..load.game_folder import display_path
from ..load.yaml_source import Document, load_yaml_file
from ..model.base import Colour, Length, Model, PositiveLength, findings_from_validation
from ..safety.paths import inside

THEMES: dict[str, Path] = {p.stem: p for p in sorted((Path(__file__).resolve().parent / "themes").glob("*.yaml"))}
FILE = "theme.yaml"


class Fonts(Model):
    body: str
    bold: str
    italic: str
    bold_italic: str
    headings: str
    subheadings: str
    captions: str
    tables: str


class Colours(Model):
    ink: Colour
    accent: Colour
    muted: Colour
    rules: Colour
    terms: Colour
    table_header: Colour
    table_header_text: Colour
    table_stripe: Colour
    table_lines: Colour
    callout: Colour
    callout_bar: Colour
    callout_text: Colour
    caption: Colour


class Size(Model):
    size: PositiveLength  # mm (written 9.6pt)
    leading: PositiveLength


class Sizes(Model):
    body: Size
    h1: Size
    h2: Size
    h3: Size
    h4: Size
    table: Size
    caption: Size


class Page(Model):
    margin_top: Length
    margin_bottom: Length
    margin_left: Length
    margin_right: Length
    columns: Literal[1, 2]
    column_gap: Length
    measure: PositiveLength
    running_head: bool
    running_foot: bool


class Cover(Model):
    background: Colour
    pattern: Literal["hexes", "none"]
    pattern_colour: Colour
    frame_colour: Colour
    frame: bool
    art: Optional[str] = None
    art_fit: Literal["band", "full"]
    title_at: Length
    title: Colour
    subtitle: Colour
    meta: Colour


class Headings(Model):
    rule_under: bool
    numbered: bool
    h3_colour: Optional[Colour] = None


class Theme(Model):
    fonts: Fonts
    colours: Colours
    sizes: Sizes
    page: Page
    cover: Cover
    headings: Headings


def _merge(base: dict, over: dict) -> dict:
    """``over``'s keys over ``base``'s, mapping by mapping: a theme changes only what it names."""
    out = dict(base)
    for k, v in over.items():
        out[k] = _merge(base[k], v) if isinstance(v, dict) and isinstance(base.get(k), dict) else v
    return out


@lru_cache(maxsize=None)
def _builtin(name: str) -> Document:
    """A built-in theme as read (package data, read once per process: a book asks for it on each paper; the
    document is only read, never changed: _merge makes new mappings)."""
    doc, found = load_yaml_file(THEMES[name], display=f"printgen/rulebook/themes/{name}.yaml")
    if doc is None or found:  # package data: a broken built-in theme is printgen's bug
        raise RuntimeError("; ".join(f.format() for f in found))
    return doc


def theme_file(templates: Path | None) -> Path | None:
    """The game's theme file (``templates/<game>/rulebook/theme.yaml``), if it has one."""
    if templates is None:
        return None
    path = templates / "rulebook" / FILE
    return path if path.is_file() or path.is_symlink() else None


def load_theme(templates: Path | None, fonts: "FontNames | None" = None, *,
               folder=None) -> tuple[Theme, list[Finding]]:
    """The game's theme over the built-in one, and what is wrong with it (the built-in theme stands in
    for a theme with findings). ``fonts``: the game's own font names (see FontNames), asked only for a
    name that is not a bundled font's key;
    ``folder``: the game folder (or a function giving it), where the cover picture is looked up."""
    from ..draw.fonts import FONTS

    default = _builtin("default")
    path = theme_file(templates)
    if path is None:
        return _default(default, fonts), []
    shown = display_path(path)
    if not inside(path, path.parent.parent):
        return _default(default, fonts), [error("theme", "theme.yaml is a symlink leading out of the game's "
                                                "templates folder; replace it with the file itself",
                                                Location(shown, 1, 1))]
    doc, found = load_yaml_file(path, display=shown)
    if doc is None or found:
        return _default(default, fonts), found
    top = Location(doc.file, 1, 1)
    data = doc.data if doc.data is not None else {}
    if not isinstance(data, dict):
        return _default(default, fonts), [error("theme", "a theme is a mapping (extends:, fonts:, colours:, ...)",
                                                top)]
    data = dict(data)
    parent = data.pop("extends", "default")
    if parent not in THEMES:
        hint = did_you_mean(str(parent), THEMES)
        return _default(default, fonts), [error(
            "theme", f"no built-in theme '{parent}'" + (f"; did you mean '{hint}'?" if hint else
                                                       f"; built in: {', '.join(THEMES)}"),
            doc.values.get(("extends",), top))]
    base = default if parent == "default" else _builtin(parent)

    def locate(p: tuple, key: bool = False) -> Location:
        table = doc.keys if key else doc.values
        while p:
            if p in table:
                return table[p]
            if p in doc.keys:
                return doc.keys[p]
            p = p[:-1]
        return top

    try:
        theme = Theme.model_validate(_merge(base.data, data))
    except ValidationError as exc:
        return _default(default, fonts), findings_from_validation(exc, root=Theme, prefix=(), locate=locate)
    found = [error("theme-range", message, locate(path)) for path, message in out_of_range(theme)]
    if found:
        return _default(default, fonts), found
    keys = {}
    for name, value in theme.fonts.model_dump().items():
        key = value if value in FONTS else (fonts.resolve(value) if fonts is not None else None)
        if key is None:
            known = list(FONTS) + (fonts.names() if fonts is not None else [])
            hint = did_you_mean(str(value), known)
            found.append(error("theme-font", f"no font '{value}'" + (
                f"; did you mean '{hint}'?" if hint else f"; fonts: {', '.join(known)}")
                + " (a game's own font is named as its layouts name it, e.g. in game.yaml fonts:)",
                locate(("fonts", name))))
        keys[name] = key
    if theme.cover.art is not None and folder is not None:
        art = cover_art(folder() if callable(folder) else folder, theme.cover.art)
        if isinstance(art, str):
            found.append(error("theme-art", art, locate(("cover", "art"))))
    if found:
        return _default(default, fonts), found
    return theme.model_copy(update={"fonts": Fonts(**keys)}), []


PT = 25.4 / 72  # mm
SIZE_PT = (4.0, 96.0)  # a type size a printed page can hold, smallest to largest
LEADING = (0.9, 4.0)  # leading as a multiple of the size: below, lines overprint; above, they fall apart
MARGIN = 60.0  # mm, the most any page margin may take
TEXT_W, TEXT_H = 80.0, 150.0  # mm the text frame keeps on the narrowest (A4) and shortest (Letter) page
PAGE_W, PAGE_H = 210.0, 279.4
COLUMN = 60.0  # mm, the narrowest column a two-column book may have
WORD_EMS, LINES = 7.2, 12  # a 12-letter word is about 7.2 em wide; a page holds at least 12 lines of any size


def out_of_range(theme: Theme) -> list[tuple[tuple, str]]:
    """(data path, what is wrong) for each size, leading or margin no page can be set with: the model
    checks types, this checks that the book still fits on A4 and Letter."""
    bad = []
    for name, size in theme.sizes:
        pt = size.size / PT
        if not SIZE_PT[0] <= pt <= SIZE_PT[1]:
            bad.append((("sizes", name, "size"), f"a {name} size of {pt:g}pt; use {SIZE_PT[0]:g}pt to {SIZE_PT[1]:g}pt"))
        elif not LEADING[0] * size.size <= size.leading <= LEADING[1] * size.size:
            bad.append((("sizes", name, "leading"), f"a {name} leading of {size.leading / PT:g}pt for {pt:g}pt type; "
                        f"use {LEADING[0] * pt:.3g}pt to {LEADING[1] * pt:.3g}pt"))
    page = theme.page
    for side in ("margin_top", "margin_bottom", "margin_left", "margin_right"):
        if not 0 <= getattr(page, side) <= MARGIN:
            bad.append((("page", side), f"a {side.replace('_', ' ')} of {getattr(page, side):g} mm; use 0 to {MARGIN:g} mm"))
    if not bad and PAGE_W - page.margin_left - page.margin_right < TEXT_W:
        bad.append((("page", "margin_left"), f"the left and right margins leave less than {TEXT_W:g} mm of text "
                    f"width on A4; make them narrower"))
    if not bad and PAGE_H - page.margin_top - page.margin_bottom < TEXT_H:
        bad.append((("page", "margin_top"), f"the top and bottom margins leave less than {TEXT_H:g} mm of text "
                    f"height on Letter; make them smaller"))
    width = PAGE_W - page.margin_left - page.margin_right
    if not bad and page.columns == 2 and page.column_gap > width / 3:
        bad.append((("page", "column_gap"), f"a column gap of {page.column_gap:g} mm leaves columns too narrow; "
                    "use a third of the text width or less"))
    column = (width - (page.column_gap if page.columns == 2 else 0.0)) / page.columns
    if not bad and column < COLUMN:  # a table of a game's stats needs this much; pictures too
        bad.append((("page", "columns"), f"two columns of {column:.0f} mm are too narrow for the book's tables; "
                    f"each needs {COLUMN:g} mm (narrower margins or gap, or one column)"))
    height = PAGE_H - page.margin_top - page.margin_bottom
    for name, size in ([] if bad else theme.sizes):
        # a heading or table cell must fit a column: a long word (WORD_EMS wide) across, LINES lines down
        if size.size * WORD_EMS > column:
            bad.append((("sizes", name, "size"), f"{size.size / PT:g}pt {name} type is too large for a "
                        f"{column:.0f} mm column (a long word would not fit); use {column / WORD_EMS / PT:.3g}pt or less"))
        elif size.leading * LINES > height:
            bad.append((("sizes", name, "leading"), f"a {name} leading of {size.leading / PT:g}pt fits fewer than "
                        f"{LINES} lines on a page; use {height / LINES / PT:.3g}pt or less"))
    return bad


def cover_art(folder: Path, src: str) -> tuple[bytes, tuple[int, int]] | str:
    """The cover picture (PNG or JPEG bytes, its size in px), or what is wrong with it."""
    from ..layout.art import ArtError, load_art

    try:
        art = load_art(folder, src, width_mm=210.0)
    except ArtError as exc:
        return str(exc)
    return art.data, art.pixels


class FontNames:
    """A game's own fonts as a theme names them, read (their files registered) only when first asked:
    a theme of bundled fonts reads no font file. The layouts' font table does the naming (game.yaml
    ``fonts:`` aliases; with the font resolver, also families and styles, e.g. "Ember Hand bold")."""

    def __init__(self, game) -> None:
        self.game = game
        self._table = None

    def _get(self):
        if self._table is None:
            from ..layout.game_layouts import game_fonts

            self._table = game_fonts(self.game)[0]
        return self._table

    def resolve(self, name: str) -> str | None:
        table = self._get()
        if hasattr(table, "resolve"):  # a font table that resolves family and style names
            return table.resolve(name)
        return table.get(name)

    def names(self) -> list[str]:
        table = self._get()
        return sorted(getattr(table, "names", table))


def game_theme(game) -> tuple[Theme, tuple | None, list[Finding]]:
    """A game's rulebook theme, its cover picture (if it names one) and what is wrong with them."""
    theme, found = load_theme(game.templates, FontNames(game), folder=lambda: game.folder)  # folder: cover art
    art = cover_art(game.folder, theme.cover.art) if theme.cover.art and not found else None
    return theme, (art if isinstance(art, tuple) else None), found


def _default(doc: Document, fonts=None) -> Theme:
    return Theme.model_validate(doc.data)


def default_theme() -> Theme:
    """The built-in theme, as is."""
    return Theme.model_validate(_builtin("default").data)
