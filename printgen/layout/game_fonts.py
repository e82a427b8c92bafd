"""The fonts a game can use: the bundled families and every TrueType file in its ``fonts/`` folder.

A layout (and the rulebook) names a face as ``FAMILY`` or ``FAMILY STYLE``: ``serif``, ``sans bold``,
``Ember Hand``, ``Ember Hand bold italic``; case, ``-`` and ``_`` do not matter, so the old keys
(``sans-bold``, ``serif-bolditalic``) read the same. A game's family and style come from the file
itself (name table ID 1, OS/2 style bits), so no game.yaml entry is needed; game.yaml ``fonts:`` may
still give a file a short name of its own. Every file is checked before it is used: a broken,
truncated or oversized file, a collection, a web font or CFF outlines (PDFs embed TrueType outlines
only) is a finding at the file, and so are two files claiming one family's style.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass
from pathlib import Path

from ..draw.fonts import FONTS, STYLE_OF, STYLES, add_game_font, glyph_count
from ..findings import Finding, Location, did_you_mean, error, quoted, warning
from ..limits import limit

SUFFIXES = (".ttf", ".otf", ".ttc", ".otc", ".woff", ".woff2")
BUILTIN_FAMILIES = {"sans": "Noto Sans", "serif": "Noto Serif"}
# what the bundled files are called in full, so "Noto Serif italic" names them too
_REQUIRED = ("cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name")


@dataclass(frozen=True)
class FontFace:
    """One face a game can use: its font key (draw.fonts), family, style, file and glyph count."""

    key: str
    family: str
    style: str
    file: str  # the game-folder path (fonts/x.ttf), or the bundled file's name
    glyphs: int
    builtin: bool

    @property
    def name(self) -> str:
        """How a layout names it."""
        if self.builtin:
            return self.key
        return self.family if self.style == "regular" else f"{self.family} {self.style}"


@dataclass(frozen=True)
class GameFonts:
    faces: tuple[FontFace, ...]
    names: dict[str, str]  # normalised layout name -> font key
    aliases: tuple[str, ...]  # game.yaml fonts: names
    found: tuple[Finding, ...]

    def resolve(self, name: object) -> str | None:
        return self.names.get(normal(name)) if isinstance(name, str) else None

    def unknown(self, name: object) -> str:
        """What to say of a font name that names no face: the nearest name, or every name."""
        text = normal(str(name))
        faces = [f for f in self.faces if not f.builtin and normal(f.family) == text]
        if faces:  # a family without a regular face: name the style
            return (f"unknown font {quoted(name)}: {faces[0].family} has no regular face; name one of "
                    + ", ".join(f"'{f.name}'" for f in faces))
        for style in sorted(STYLES, key=len, reverse=True):  # a family it has, in a style it has not
            family = text[: -len(style)].strip() if text.endswith(" " + style) else None
            faces = [f for f in self.faces if family and family in (normal(f.family), normal(f.key))]
            if faces:
                styles = ", ".join(f.style for f in faces)
                return f"unknown font {quoted(name)}: {faces[0].family} has no {style} face, only {styles}"
        families = [f.family for f in self.faces if not f.builtin and normal(f.family) in self.names]
        shown = list(dict.fromkeys([f.name for f in self.faces] + families + list(self.aliases)))
        hint = did_you_mean(normal(str(name)), [normal(n) for n in shown])
        if hint:
            hint = next(n for n in shown if normal(n) == hint)
            return f"unknown font {quoted(name)}; did you mean '{hint}'?"
        return f"unknown font {quoted(name)}; fonts: {', '.join(shown)} (`printgen fonts` lists them)"

    def display(self, key: str) -> str:
        """How findings name the face of ``key``: by its game.yaml name, if it has one, else family and style."""
        alias = next((a for a in self.aliases if self.names.get(normal(a)) == key), None)
        return alias or next((f.name for f in self.faces if f.key == key), key)


def normal(name: str) -> str:
    """A font name as compared: lower case, ``-`` and ``_`` as spaces, ``bolditalic`` as ``bold italic``."""
    s = re.sub(r"[\s_-]+", " ", name.casefold()).strip()
    return re.sub(r"\bbolditalic$", "bold italic", s)


def _spellings(family: str, style: str, only: bool) -> list[str]:
    out = [f"{family} {style}"]
    if style == "regular" or only:
        out.append(family)
    return [normal(s) for s in out]


def builtin_faces() -> list[FontFace]:
    faces = []
    for key, (family, style) in STYLE_OF.items():
        if key in FONTS:
            faces.append(FontFace(key, family, style, FONTS[key], glyph_count(key), True))
    return faces




# file path -> (mtime, size, result): a font is read once while it is unchanged
_READ: dict[str, tuple[int, int, object]] = {}


class Unusable(str):
    """What is wrong with a font file (the text follows its name), and the finding's code."""

    code = "font"


class TooBig(Unusable):
    code = "limit-font-file"


def _read(path: Path):
    """(family, style, glyph count) of a TrueType file, or an Unusable saying what is wrong with it."""
    st = path.stat()
    hit = _READ.get(str(path))
    if hit and hit[:2] == (st.st_mtime_ns, st.st_size):
        return hit[2]
    result = _inspect(path, st.st_size)
    if isinstance(result, str) and not isinstance(result, Unusable):
        result = Unusable(result)
    _READ[str(path)] = (st.st_mtime_ns, st.st_size, result)
    return result


def _inspect(path: Path, size: int):
    cap = limit("font-file") * 2**20
    if size > cap:
        return TooBig(f"is {size / 2**20:.1f} MiB, over the {limit('font-file'):g} MiB a font file may be; use "
                      "a smaller font or one subset to the characters you print")
    data = path.read_bytes()
    head = data[:4]
    if head == b"ttcf":
        return ("is a font collection (.ttc) holding several fonts; extract the one you want as a .ttf "
                "(e.g. with fontTools: `fonttools ttLib -y 0 file.ttc -o one.ttf`)")
    if head in (b"wOFF", b"wOF2"):
        return "is a web font (WOFF); convert it to .ttf (e.g. `fonttools ttLib.woff2 decompress`)"
    if head == b"OTTO":
        return ("has PostScript (CFF) outlines; PDFs embed TrueType outlines only, so use the .ttf edition "
                "of this font or convert it")
    if head not in (b"\x00\x01\x00\x00", b"true"):
        return f"is not a font: a TrueType file starts with bytes 00 01 00 00, this one with {head.hex(' ') or 'nothing'}"
    if len(data) < 12:
        return f"is truncated: it ends at byte {len(data)}, inside its 12-byte header"
    (count,) = struct.unpack(">H", data[4:6])
    end = 12 + 16 * count
    if len(data) < end:
        return f"is truncated: its table directory runs to byte {end}, the file ends at byte {len(data)}"
    tables = {}
    for i in range(count):
        tag, _sum, offset, length = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
        name = tag.decode("latin-1")
        if offset + length > len(data):
            return (f"is truncated or broken: at byte {12 + 16 * i} its '{name.strip()}' table is said to run to "
                    f"byte {offset + length}, the file ends at byte {len(data)}")
        tables[name] = (offset, length)
    missing = [t for t in _REQUIRED if t not in tables]
    if missing:
        return f"has no {', '.join(repr(t) for t in missing)} table; it is not a whole TrueType font"
    try:
        import io

        from fontTools.ttLib import TTFont
        from reportlab.pdfbase.ttfonts import TTFontFile

        tt = TTFont(io.BytesIO(data))
        names = tt["name"]
        family = (names.getName(1, 3, 1, 0x409) or names.getName(1, 1, 0, 0) or names.getDebugName(1))
        family = str(family).strip() if family else path.stem
        glyphs = tt["maxp"].numGlyphs
        tt.getBestCmap()
        if "OS/2" in tt:
            bits = tt["OS/2"].fsSelection
            bold, italic = bool(bits & 0x20), bool(bits & 0x01)
        else:
            bits = tt["head"].macStyle
            bold, italic = bool(bits & 1), bool(bits & 2)
        reader = TTFontFile(io.BytesIO(data))  # what the PDF writer reads (as it reads it): it must accept it too
        # and subset every glyph it maps, as the writer embeds them: a glyph table broken inside (a glyph read as
        # a composite of glyphs the font has not) passes every reading above and fails only there, mid-build
        codes = sorted(reader.charToGlyph)
        for i in range(0, len(codes), 256):
            reader.makeSubset(codes[i:i + 256])
    except Exception as exc:  # any fault of a broken file: a finding, never a traceback
        msg = str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__
        return f"cannot be read as a font ({msg}); is it a whole, unedited TrueType file?"
    style = STYLES[bold + 2 * italic]
    return family, style, glyphs


def _discover(folder: Path) -> list[str]:
    fonts = folder / "fonts"
    if not fonts.is_dir():
        return []
    # a broken symlink is listed too: game_file makes it a finding
    return sorted(f"fonts/{p.name}" for p in fonts.iterdir() if p.suffix.lower() in SUFFIXES and not p.is_dir())


def _stamp(path: Path) -> tuple[int, int]:
    try:
        st = path.stat()
    except OSError:
        return (0, -1)
    return (st.st_mtime_ns, st.st_size)


_CACHE: dict[tuple, GameFonts] = {}


def game_font_table(game) -> GameFonts:
    """The fonts ``game`` can use, by every name a layout may give them, and what is wrong with its files."""
    wanted = dict(game.data.game.fonts) if game.data is not None else {}
    folder = Path(game.folder)
    files = _discover(folder)
    stamp = tuple((f, *_stamp(folder / f)) for f in files)
    key = (str(folder), stamp, tuple(sorted((str(k), str(v)) for k, v in wanted.items())))
    if key not in _CACHE:
        _CACHE[key] = _table(game, folder, files, wanted)
    return _CACHE[key]


def bundled_fonts() -> GameFonts:
    """The bundled families alone (a face drawn outside a game)."""
    return _names(builtin_faces(), [])


def _names(faces: list[FontFace], found: list[Finding]) -> GameFonts:
    names: dict[str, str] = {}
    families: dict[str, list[FontFace]] = {}
    for f in faces:
        families.setdefault(normal(f.family), []).append(f)
    for f in faces:
        only = len(families[normal(f.family)]) == 1
        for n in _spellings(f.family, f.style, only):
            names.setdefault(n, f.key)
        if f.builtin:
            names[normal(f.key)] = f.key
            for n in _spellings(BUILTIN_FAMILIES[f.family], f.style, False):
                names.setdefault(n, f.key)
    return GameFonts(tuple(faces), names, (), tuple(found))


def _table(game, folder: Path, files: list[str], wanted: dict) -> GameFonts:
    from ..load.game_folder import display_path
    from .art import ArtError, game_file

    found: list[Finding] = []
    faces = builtin_faces()
    by_style: dict[tuple[str, str], FontFace] = {}
    builtin = {normal(f): f for f in BUILTIN_FAMILIES.values()} | {f: f for f in BUILTIN_FAMILIES}
    keys: dict[str, str] = {}  # file -> font key
    for rel in files:
        path = folder / rel
        loc = Location(display_path(path))
        try:
            game_file(folder, rel, SUFFIXES, what="font", example="fonts/hand.ttf")
        except ArtError as exc:
            found.append(error("font", str(exc), loc))
            continue
        info = _read(path)
        if isinstance(info, str):
            found.append(error(info.code, f"'{rel}' {info}", loc))
            continue
        family, style, glyphs = info
        if normal(family) in builtin:
            found.append(warning("font", f"'{rel}' is {family}, which is bundled; the bundled one is used "
                                 "(delete the file or rename its family)", loc))
            continue
        face = FontFace("", family, style, rel, glyphs, False)
        twin = next((f for s, f in by_style.items() if s == (normal(family), style)), None)
        if twin is not None:
            found.append(error("font-style", f"'{rel}' and '{twin.file}' are both {family} {style}; keep one, or "
                               "fix the style in the font (its OS/2 table)", loc))
            continue
        face = FontFace(add_game_font(path, family, style), family, style, rel, glyphs, False)
        by_style[(normal(family), style)] = face
        keys[rel] = face.key
        faces.append(face)
    table = _names(faces, found)
    names = dict(table.names)
    found += _aliases(game, folder, wanted, names, keys)
    return GameFonts(table.faces, names, tuple(str(n) for n in wanted), tuple(found))


def _aliases(game, folder: Path, wanted: dict, names: dict[str, str], keys: dict[str, str]) -> list[Finding]:
    """game.yaml ``fonts:`` (short name -> file): each name added to ``names``; findings at the entry."""
    from .art import ArtError, game_file

    found = []
    for name, src in wanted.items():
        loc = game.source.loc(("game", "fonts", name))
        if normal(str(name)) in names and names[normal(str(name))] in FONTS:
            found.append(error("font", f"'{name}' is a bundled font's name; call yours something else",
                               game.source.loc(("game", "fonts", name), key=True)))
            continue
        try:
            path = game_file(folder, src, SUFFIXES, what="font", example="fonts/hand.ttf")
        except ArtError as exc:
            found.append(error("font", str(exc), loc))
            names[normal(str(name))] = "sans"  # stands in while the error stops the build: no echo per layout
            continue
        rel = str(src).strip().replace("\\", "/")
        if rel in keys:
            names[normal(str(name))] = keys[rel]
            continue
        info = _read(path)
        if isinstance(info, str):
            if not rel.startswith("fonts/") or "/" in rel[6:]:  # files in fonts/ have their finding already
                found.append(error(info.code, f"'{src}' {info}", loc))
            names[normal(str(name))] = "sans"
            continue
        names[normal(str(name))] = add_game_font(path, info[0], info[1])
    return found


def resolve_font(game, name: object) -> str | None:
    """The font key (draw.fonts) a layout or the rulebook means by ``name`` in ``game``, or None."""
    return game_font_table(game).resolve(name)
