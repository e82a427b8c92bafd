"""Every text a game prints, as gettext messages: ``printgen i18n extract`` writes them to a POT file
(through Babel), the format translators and Weblate or Crowdin take as it is.

    data fields      a kind's texts (an action's effect, a class's role, a token's label), at their
                     file:line; names stay as written (they are how the data refers to items)
    layout texts     a layout element's text (``Examples: {{ ... }}`` whole: the translation keeps the
                     placeholder where the language wants it)
    rulebook         each chapter paragraph by paragraph (a heading, a list item block, a table row set)
    kit advice       the print kit cover's own words (how to check the scale, paper, double-sided printing)

A text's message id is the text itself, so one text printed in several places is translated once.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path

# Keys that hold a reference, a setting or a code, never words a player reads as prose
REFERENCES = frozenset({
    "name", "id", "system", "colour", "color", "icon", "image", "art", "src", "font", "file", "sheet", "kind",
    "front", "back", "shape", "size", "orientation", "terrain", "enemies", "enemy", "map", "layout", "layers",
    "faction", "tiles", "zone", "edges", "cost", "movement", "tags", "param", "group", "symbol", "code",
    "base", "bases", "segment_colours", "version", "examples", "card", "general", "armies", "player", "rarity",
    "species", "type", "objective", "piece", "per", "mode", "line", "faces", "orders", "wound", "death",
    "steps", "formats", "names", "first_turn", "terms", "power", "ability", "value", "colour_name",
})
# Keys whose text is printed however short (a token's label, a title)
TEXTS = frozenset({"text", "effect", "role", "description", "title", "label", "summary", "rules", "lore",
                   "reminder", "preparation", "victory", "items", "notes", "trigger", "placement", "deployment",
                   "cover", "activation", "new_round", "coop_rules", "board"})
_WORD = re.compile(r"[^\W\d_]", re.UNICODE)
_FENCE = re.compile(r"^\s*(```|~~~)")
_ONLY_BLOCK = re.compile(r"^\s*(\{%-?.*?-?%\}\s*|\{#.*?#\}\s*)+$", re.DOTALL)


@dataclass
class Message:
    """One text to translate: where it prints (file, line) and what it is (a comment for translators)."""

    text: str
    places: list[tuple[str, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def printed_text(path: tuple, value) -> bool:
    """Is the data value at ``path`` a text a player reads (not a reference, code or text map)?"""
    if not isinstance(value, str) or not _WORD.search(value) or len(value.strip()) < 2:
        return False
    keys = [p for p in path if isinstance(p, str)]
    if not keys or keys[0] == "game":
        return keys[-1:] == ["description"]
    key = keys[-1]
    if key in REFERENCES or value.lstrip().startswith("#"):
        return False
    if "\n" in value.strip() and not any(c.islower() for c in value):
        return False  # a text map
    return key in TEXTS or len(value.split()) >= 3


def data_texts(source) -> list[tuple[tuple, str]]:
    """(path, text) of every printed text of a game's data (load.game_folder.GameSource), in file order."""
    return [(path, v) for path, v in source.values() if printed_text(path, v)]


def layout_texts(layouts: dict) -> list[tuple[str, object]]:
    """(text, element) of every text a layout writes itself (not a bare ``{{ field }}``)."""
    out = []

    def walk(elements) -> None:
        for el in elements:
            raw = el.args.get("text")
            if isinstance(raw, str) and _WORD.search(re.sub(r"\{\{.*?\}\}|\{%.*?%\}", "", raw)):
                out.append((raw, el))
            for p in el.args.get("paragraphs") or ():
                if isinstance(p, dict) and isinstance(p.get("text"), str) and _WORD.search(
                        re.sub(r"\{\{.*?\}\}", "", p["text"])):
                    out.append((p["text"], el))
            walk(el.children)

    for _, layout in sorted(layouts.items()):
        walk(layout.elements)
    return out


def paragraphs(text: str) -> list[tuple[int, str]]:
    """(first line from 1, paragraph) of a Markdown chapter: blank-line separated, code fences whole and
    left out, lines that are only template blocks ({% import %}) left out."""
    out: list[tuple[int, str]] = []
    block: list[str] = []
    start = 0
    fenced = False
    for n, line in enumerate(text.splitlines(), start=1):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        if not line.strip() or _ONLY_BLOCK.match(line):
            if block:
                out.append((start, "\n".join(block)))
                block = []
            continue
        if not block:
            start = n
        block.append(line)
    if block:
        out.append((start, "\n".join(block)))
    return [(n, p) for n, p in out if _WORD.search(re.sub(r"\{\{.*?\}\}|\{%.*?%\}", "", p))]


def messages(game) -> list[Message]:
    """Every printed text of a validated game, once each, with where it prints."""
    from ..layout.game_layouts import game_layouts
    from ..load.game_folder import display_path
    from ..rulebook.templates import chapter_files, template_dir

    found: dict[str, Message] = {}

    def add(text: str, file: str, line: int, note: str) -> None:
        m = found.setdefault(text, Message(text))
        if (file, line) not in m.places:
            m.places.append((file, line))
        if note not in m.notes and len(m.notes) < 3:
            m.notes.append(note)

    for path, text in data_texts(game.source):
        loc = game.source.loc(path, raw=True)  # data_texts walks the data as written
        add(text, loc.file, loc.line, "data: " + ".".join(str(p) for p in path))
    layouts, _ = game_layouts(game)
    for text, el in layout_texts(layouts):
        loc = el.loc("text")
        add(text, loc.file, loc.line, f"layout element '{el.id or el.type}'")
    folder = template_dir(game)
    for path in chapter_files(folder) if folder is not None else ():
        for line, para in paragraphs(path.read_text(encoding="utf-8", errors="replace")):
            add(para, display_path(path), line, f"rulebook {path.stem}")
    from ..publish import kit

    for text in kit.KIT_TEXTS:  # the print kit's advice on its cover
        add(text, display_path(Path(kit.__file__)), 1, "print kit advice")
    return list(found.values())


def pot_bytes(game, msgs: list[Message]) -> bytes:
    """The POT file of ``msgs`` (Babel's writer: the ecosystem's own format, wrapped as gettext does)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    g = game.data.game
    cat = Catalog(project=g.name, version=g.version, charset="utf-8", fuzzy=False)
    for m in msgs:
        cat.add(m.text, locations=[(f, n) for f, n in m.places], auto_comments=m.notes)
    buf = io.BytesIO()
    # no creation date: the same game gives the same bytes
    cat.creation_date = cat.revision_date = _EPOCH
    write_po(buf, cat, width=100, omit_header=False, sort_output=False)
    return buf.getvalue()


def _epoch():
    from datetime import datetime, timezone

    return datetime(2000, 1, 1, tzinfo=timezone.utc)


_EPOCH = _epoch()

