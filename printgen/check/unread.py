"""Files in a game folder that printgen would not read, named so that nothing vanishes in silence.

A unit written to ``scouts.yaml.txt`` (what Notepad saves), ``Scouts.YAML`` or a chapter named
``03-scouts.markdown`` would otherwise validate "ok" and be missing from every printable. Each such
file is a warning at the file, saying what to rename it to. Files of kinds printgen knows it does not
read (art, fonts, documents, spreadsheet lock files, an editor's backups) are left alone; a file of
any other kind is named as not read.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..findings import Finding, Location, warning
from ..load.game_folder import GAME_FILE, display_path
from ..load.sheet_read import SHEET_SUFFIXES

CONTENT = (".yaml", ".yml")
# Kinds printgen does not read but a game folder may well hold: not worth a word.
IMAGES = {".svg", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".tif", ".tiff", ".bmp"}
FONTS = {".ttf", ".otf", ".woff", ".woff2"}
DOCUMENTS = {".md", ".txt", ".pdf", ".rst", ".html", ".htm", ".doc", ".docx", ".odt", ".rtf"}
ARCHIVES = {".zip", ".7z", ".tar", ".gz"}
KNOWN = IMAGES | FONTS | DOCUMENTS | ARCHIVES
# Names a folder holds for people rather than programs (README, LICENSE...): no suffix, known.
PEOPLE_FILES = re.compile(r"^(readme|licen[cs]e|copying|authors|credits|changelog|notice)(\..*)?$", re.I)
# Folders of a game folder and what they hold; every other folder is named.
GAME_SUBFOLDERS = {"templates", "art", "fonts", "locales", "schema"}
TEMPLATE_SUBFOLDERS = {"rulebook", "layouts"}
DATA_FORMATS = {".json": "JSON", ".toml": "TOML", ".xml": "XML"}


def _leftover(name: str) -> bool:
    """An editor's or the system's own file: hidden, a backup, a lock or swap file."""
    return (name.startswith((".", "~$", "#")) or name.endswith(("~", ".bak", ".orig", ".swp", ".tmp"))
            or name in ("Thumbs.db", "desktop.ini"))


def _doubled(name: str, wanted: tuple[str, ...]) -> str | None:
    """The name ``wanted`` was meant when a program added a suffix after it: 'scouts.yaml.txt' -> 'scouts.yaml'."""
    low = name.lower()
    for suffix in wanted:
        at = low.rfind(suffix + ".")
        if at > 0:
            return name[:at] + suffix
    return None


def _miscased(path: Path, wanted: tuple[str, ...]) -> str | None:
    """The right name of a file whose suffix differs from a wanted one only by case ('Scouts.YAML')."""
    low = path.suffix.lower()
    if low in wanted and path.suffix != low:
        return path.stem + low
    return None


def _rename(path: Path, to: str, reads: str) -> Finding:
    return warning("unread-file", f"{path.name} is not read: printgen reads {reads}; rename it to {to}",
                   Location(display_path(path), 1, 1))


def _content_files(folder: Path) -> list[Finding]:
    out: list[Finding] = []
    reads = "content files ending in .yaml or .yml (lowercase)"
    for path in sorted(folder.iterdir()):
        name = path.name
        if _leftover(name) or path.is_dir():
            continue
        low = path.suffix.lower()
        if path.suffix in CONTENT or low in SHEET_SUFFIXES:
            continue  # read by the loader
        if name.lower().startswith("game.") and name != GAME_FILE:
            out.append(_rename(path, GAME_FILE, "the game's settings from game.yaml only"))
        elif (to := _miscased(path, CONTENT) or _doubled(name, CONTENT)):
            out.append(_rename(path, to, reads))
        elif low in DATA_FORMATS:
            out.append(warning("unread-file", f"{name} is not read: printgen reads game data from YAML (.yaml) and "
                               f"spreadsheets (.csv, .xlsx, .ods), not {DATA_FORMATS[low]}; write it as "
                               f"{path.stem}.yaml", Location(display_path(path), 1, 1)))
        elif low not in KNOWN and not PEOPLE_FILES.match(name):
            out.append(warning("unread-file", f"{name} is not read: a game folder's data are .yaml files and "
                               "spreadsheets; move other files out, or into art/ or fonts/",
                               Location(display_path(path), 1, 1)))
    return out


def _subfolders(folder: Path, known: set[str], what: str) -> list[Finding]:
    out = []
    for path in sorted(folder.iterdir()):
        if path.is_dir() and path.is_symlink() and not _leftover(path.name) and path.name not in known:
            # never listed: a link may lead out of the game, and printgen reads nothing outside it
            out.append(warning("unread-file", f"{path.name}/ is not read: it is a link to a folder, and printgen "
                               "follows no link out of a game's own folders", Location(display_path(path))))
            continue
        if path.is_dir() and not _leftover(path.name) and path.name not in known and any(path.iterdir()):
            hint = next((k for k in sorted(known) if k.lower() == path.name.lower()), None)
            data = sorted(p.name for p in path.iterdir() if p.suffix.lower() in CONTENT)
            tail = (f"rename it to {hint}/" if hint else
                    f"printgen reads content files ({', '.join(data[:3])}{', ...' if len(data) > 3 else ''}) only at the "
                    "top of the folder above, so move them up" if data and what.startswith("these folders of a game")
                    else f"printgen reads {what}: " + ", ".join(f"{k}/" for k in sorted(known)))
            out.append(warning("unread-file", f"{path.name}/ is not read: {tail}", Location(display_path(path))))
    return out


def _folder_files(folder: Path, wanted: tuple[str, ...], also: set[str], what: str) -> list[Finding]:
    """Files of a template folder that are not of a kind it reads (``wanted`` suffixes, names in ``also``)."""
    out = []
    for path in sorted(folder.iterdir()):
        name = path.name
        if _leftover(name) or path.is_dir() or path.suffix in wanted or name in also:
            continue
        to = _miscased(path, wanted) or _doubled(name, wanted)
        if to is None and path.suffix.lower() in (".markdown", ".mdown", ".mkd", ".txt") and ".md" in wanted:
            to = path.stem + ".md"
        if to is None and path.suffix.lower() in CONTENT and ".yaml" in wanted:
            to = path.stem + ".yaml"
        if to is None and path.stem in {Path(a).stem for a in also}:
            to = next(a for a in also if Path(a).stem == path.stem)
        if to is not None:
            out.append(_rename(path, to, what))
        elif path.suffix.lower() not in IMAGES | FONTS:
            out.append(warning("unread-file", f"{name} is not read: this folder holds {what}",
                               Location(display_path(path), 1, 1)))
    return out


def unread_files(folder: Path, templates: Path | None) -> list[Finding]:
    """Warnings for every file in the game folder ``folder`` (and its templates folder) that printgen
    will not read, each saying what to rename it to or what the folder holds. Never raises."""
    try:
        out = _content_files(folder) + _subfolders(folder, GAME_SUBFOLDERS, "these folders of a game")
        if templates is not None and templates.is_dir():
            out += _subfolders(templates, TEMPLATE_SUBFOLDERS, "these template folders")
            if (templates / "rulebook").is_dir():
                out += _folder_files(templates / "rulebook", (".md", ".j2"), {"theme.yaml"},
                                     "rulebook chapters (.md), macros (.j2) and theme.yaml")
            if (templates / "layouts").is_dir():
                out += _folder_files(templates / "layouts", (".yaml",), set(), "layouts ending in .yaml")
        return out
    except OSError:  # an unreadable folder is the loader's finding, not this one's
        return []
