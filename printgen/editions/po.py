"""Reading a language's catalogues (``locales/<lang>/*.po``, through Babel) into translations, each at its
msgstr line, and checking each translation against its source text.

A translation must keep every placeholder (``{{ ... }}``, ``{% ... %}``) and markup span (``**bold**``,
``:icon:``, a Markdown link, a heading's level, a table's cells) of its source: one dropped or added is an
error at its line. Numbers that differ are a warning (a translator's slip, or "two" written out).
"""

from __future__ import annotations

import io
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..findings import Finding, Location, error, warning
from ..load.game_folder import display_path
from ..safety.paths import escaping_link, link_message

LOCALES = "locales"
_PLACEHOLDER = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
_ICON = re.compile(r"(?<![\w:]):([A-Za-z][\w-]*):(?![\w:])")
_LINK = re.compile(r"\]\(([^)\s]*)\)")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


@dataclass(frozen=True)
class Translation:
    text: str
    loc: Location  # the msgstr line


def language_problem(lang: str) -> str | None:
    """Why ``lang`` is no language code Babel knows (de, pt_BR, pt-BR), or None."""
    from babel import Locale, UnknownLocaleError

    if not isinstance(lang, str) or not re.fullmatch(r"[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*", lang):
        return f"{lang!r} is no language code; write one like de, fr or pt_BR"
    try:
        Locale.parse(lang.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return f"'{lang}' is no language code Babel knows; write one like de, fr or pt_BR"
    return None


def catalogue_files(folder: Path, lang: str) -> list[Path]:
    """The catalogues of ``lang`` by name: ``locales/<lang>/*.po``. A ``locales/`` or ``locales/<lang>/``
    that is a link leading out of the game is returned itself, unread, and ``read_catalogue`` refuses it
    (as it refuses a linked .po file): a translation from outside the game must not print on its cards."""
    d = Path(folder) / LOCALES / lang
    if escaping_link(d, folder) is not None:
        return [d]
    return sorted(p for p in d.glob("*.po") if p.is_file() or p.is_symlink()) if d.is_dir() else []


def read_catalogue(folder: Path, lang: str) -> tuple[dict[str, Translation], list[Finding]]:
    """msgid -> its translation (empty and fuzzy entries left out: they are untranslated), and what is
    wrong in the files."""
    from babel.messages.pofile import PoFileError, read_po

    out: dict[str, Translation] = {}
    found: list[Finding] = []
    for path in catalogue_files(folder, lang):
        shown = display_path(path)
        link = escaping_link(path, folder)
        if link is not None or not path.is_file():
            found.append(error("symlink-outside", link_message(link or path), Location(display_path(link or path), 1, 1)))
            continue
        raw = path.read_bytes()
        try:
            text = raw.decode("utf-8")
            cat = read_po(io.BytesIO(raw), locale=None, abort_invalid=True, charset="utf-8")
        except PoFileError as exc:
            line = (getattr(exc, "lineno", 0) or 0) + 1  # Babel counts lines from 0
            why = re.sub(r" on \d+$", "", str(exc.args[0] if exc.args else exc))
            found.append(error("po-syntax", f"this is not PO syntax ({why}); "
                               "each entry is msgid \"...\" then msgstr \"...\", strings in double quotes",
                               Location(shown, line, 1)))
            continue
        except (UnicodeDecodeError, ValueError) as exc:
            found.append(error("po-syntax", f"cannot read this catalogue: {exc}; save it as UTF-8 PO",
                               Location(shown, 1, 1)))
            continue
        lines = text.splitlines()
        bad = _unquoted(lines)
        if bad:
            found.append(error("po-syntax", f"this is not PO syntax: {bad[1]}; each entry is msgid \"...\" then "
                               "msgstr \"...\", strings in double quotes", Location(shown, bad[0], 1)))
            continue
        for m in cat:
            if not m.id or not isinstance(m.id, str) or not isinstance(m.string, str) or not m.string:
                continue
            if m.fuzzy:
                continue
            loc = Location(shown, _msgstr_line(lines, m.lineno or 1), 1)
            found += entry_findings(m.id, m.string, loc)
            out.setdefault(m.id, Translation(m.string, loc))
    return out, found


_LINE = re.compile(r'^\s*(#.*|(msgctxt|msgid|msgid_plural|msgstr(\[\d+\])?)\s+"(\\.|[^"\\])*"|"(\\.|[^"\\])*")?\s*$')


def _unquoted(lines: list[str]) -> tuple[int, str] | None:
    """(line, what) of the first line that is no PO line (Babel reads an unquoted msgstr without a word)."""
    for n, line in enumerate(lines, start=1):
        if not _LINE.match(line):
            return n, f"'{line.strip()[:40]}' is no keyword with a quoted string, a quoted string or a # comment"
    return None


def _msgstr_line(lines: list[str], msgid_line: int) -> int:
    for i in range(msgid_line - 1, min(len(lines), msgid_line + 200)):
        if lines[i].lstrip().startswith("msgstr"):
            return i + 1
    return msgid_line


def _spans(text: str) -> Counter:
    """The placeholders and markup of ``text``, as a multiset."""
    c: Counter = Counter()
    c.update("placeholder " + re.sub(r"\s+", " ", p) for p in _PLACEHOLDER.findall(text))
    rest = _PLACEHOLDER.sub("", text)
    c.update(f":{i}: icon" for i in _ICON.findall(rest))
    c.update(f"link to {u}" for u in _LINK.findall(rest))
    if rest.count("**"):
        c["**bold** span"] = rest.count("**") // 2
    heading = re.match(r"^(#{1,6})\s", rest)
    if heading:
        c[f"heading level {len(heading.group(1))}"] = 1
    cells = sum(line.count("|") for line in rest.splitlines() if line.lstrip().startswith("|"))
    if cells:
        c["table cell border '|'"] = cells
    return c


def entry_findings(source: str, translation: str, loc: Location) -> list[Finding]:
    """A translation against its source: placeholders and markup kept, numbers alike."""
    found: list[Finding] = []
    a, b = _spans(source), _spans(translation)
    if a != b:
        lost, extra = a - b, b - a
        parts = ([f"drops {', '.join(sorted(lost))}"] if lost else []) + (
            [f"adds {', '.join(sorted(extra))}"] if extra else [])
        code = "po-placeholder" if any(k.startswith("placeholder") for k in (*lost, *extra)) else "po-markup"
        found.append(error(code, f"the translation {' and '.join(parts)} of its source text; keep every "
                           "placeholder and markup span as in the msgid (move them, never drop or add one)", loc))
    na = Counter(_NUMBER.findall(_PLACEHOLDER.sub("", source)))
    nb = Counter(_NUMBER.findall(_PLACEHOLDER.sub("", translation)))
    if na != nb:
        found.append(warning("po-numbers", f"the translation's numbers ({', '.join(sorted(nb)) or 'none'}) are not "
                             f"its source's ({', '.join(sorted(na)) or 'none'}); a rule's number must print alike",
                             loc))
    return found
