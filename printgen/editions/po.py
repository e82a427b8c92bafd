"""Reading a language's catalogues (``locales/<lang>/*.po``, through Babel) into translations, each at its
msgstr line, and checking each translation against its source text.

A translation must keep every placeholder (``{{ ... }}``, ``{% ... %}``) and carry only the markup its
source has: both are parsed as the rulebook parses them (markdown-it: links with their address and title,
pictures and ``printgen:icon/...`` icons with theirs, bold and emphasis spans, code, a heading's level, a
table's cells) and ``:icon:`` names; one dropped or added is an error at its msgstr line. Numbers that differ
are a warning (a translator's slip, or "two" written out). A catalogue is untrusted like any game file: its
size, its plural forms and each entry's length are bounded before Babel reads it, its charset header must
say what its bytes are (UTF-8), and a msgid given twice is a finding at the second.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..findings import Finding, Location, error, warning
from ..limits import LIMITS, limit
from ..load.game_folder import display_path
from ..safety.paths import escaping_link, link_message

LOCALES = "locales"
MB = 1024 * 1024
_OPENERS = {"{{": "}}", "{%": "%}", "{#": "#}"}
_OPEN = re.compile(r"\{[{%#]")
_ICON = re.compile(r"(?<![\w:]):([A-Za-z][\w-]*):(?![\w:])")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_NPLURALS = re.compile(r"nplurals\s*=\s*([0-9]+)")
_CHARSET = re.compile(r"charset\s*=\s*([A-Za-z0-9_.:-]+)", re.I)


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
        text, problems = _prescan(path, shown)
        found += problems
        if text is None or any(f.is_error for f in problems):
            continue
        try:
            cat = read_po(io.BytesIO(text.encode("utf-8")), locale=None, abort_invalid=True, charset="utf-8")
        except PoFileError as exc:
            line = (getattr(exc, "lineno", 0) or 0) + 1  # Babel counts lines from 0
            why = re.sub(r" on \d+$", "", str(exc.args[0] if exc.args else exc))
            found.append(error("po-syntax", f"this is not PO syntax ({why}); "
                               "each entry is msgid \"...\" then msgstr \"...\", strings in double quotes",
                               Location(shown, line, 1)))
            continue
        except (ValueError, IndexError, KeyError) as exc:  # what Babel may raise past its own checks
            found.append(error("po-syntax", f"cannot read this catalogue: {str(exc)[:200]}; save it again from your "
                               "PO editor", Location(shown, 1, 1)))
            continue
        lines = text.splitlines()
        for m in cat:
            if not m.id or not isinstance(m.id, str) or not isinstance(m.string, str) or not m.string:
                continue
            if m.fuzzy:
                continue
            loc = Location(shown, _msgstr_line(lines, m.lineno or 1), 1)
            found += entry_findings(m.id, m.string, loc)
            out.setdefault(m.id, Translation(m.string, loc))
    return out, found


def _prescan(path: Path, shown: str) -> tuple[str | None, list[Finding]]:
    """The catalogue's text, once what Babel would choke on or hold in memory is ruled out: its size, its
    encoding and charset header, its lines, each string's length, its plural forms (Babel makes a list of
    ``nplurals`` slots per plural entry) and msgids given twice (Babel keeps the last without a word)."""
    size = path.stat().st_size
    if size > limit("catalogue-bytes") * MB:
        return None, [_limit("catalogue-bytes", f"this catalogue is {size / MB:,.1f} MB", Location(shown, 1, 1),
                             "split it into several .po files in the same folder")]
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        return None, [error("po-syntax", f"this catalogue is not UTF-8 (byte {exc.start}): save it as UTF-8 and say "
                            "so in its header (Content-Type: text/plain; charset=UTF-8)", Location(shown, line, 1))]
    lines = text.splitlines()
    bad = _unquoted(lines)
    if bad:
        return None, [error("po-syntax", f"this is not PO syntax: {bad[1]}; each entry is msgid \"...\" then "
                            "msgstr \"...\", strings in double quotes", Location(shown, bad[0], 1))]
    found: list[Finding] = []
    longest, forms = int(limit("catalogue-entry")), int(limit("plural-forms"))
    seen: dict[tuple[str, str], int] = {}
    most = int(limit("catalogue-entries"))
    for count, entry in enumerate(_entries(lines), start=1):
        if count > most:  # each entry costs a check against its source: refused before Babel reads any
            return None, found + [_limit("catalogue-entries", f"this catalogue holds more than {most:,} entries",
                                         Location(shown, entry.line, 1), f"entry {count:,}, here, is the first "
                                         "past it: split the catalogue into several .po files in the same folder")]
        if entry.longest > longest:
            found.append(_limit("catalogue-entry", f"this entry's text is {entry.longest:,} characters",
                                Location(shown, entry.line, 1), "split the paragraph it translates"))
        if entry.plural_index >= forms:
            found.append(_limit("plural-forms", f"this entry has plural form {entry.plural_index}",
                                Location(shown, entry.line, 1), "languages use 1 to 6 plural forms"))
        if entry.msgid == "" and entry.context is None:
            found += _header_findings(entry, lines, text.isascii(), shown, forms)
            continue
        key = (entry.context or "", entry.msgid)
        if key in seen:
            found.append(error("po-duplicate", f"this msgid is in the catalogue already (line {seen[key]}); a msgid "
                               "is translated once: delete one of the two entries", Location(shown, entry.line, 1)))
        else:
            seen[key] = entry.line
    return text, found


@dataclass
class _Entry:
    line: int  # the msgid's line
    context: str | None = None
    msgid: str = ""
    msgstr: str = ""  # the first msgstr (the header's fields, for msgid "")
    msgstr_line: int = 0
    longest: int = 0  # characters of its longest string
    plural_index: int = 0


def _entries(lines: list[str]):
    """The catalogue's entries, read from lines ``_unquoted`` passed: strings joined as written (escapes
    kept: enough to compare msgids and read the header), in one pass."""
    entry: _Entry | None = None
    context: str | None = None
    field = ""
    for n, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        keyword, _, rest = stripped.partition(" ") if not stripped.startswith('"') else ("", "", stripped)
        value = rest.strip()[1:-1] if rest.strip().startswith('"') else ""
        if keyword == "msgctxt":
            if entry is not None:
                yield entry
                entry = None
            context, field = value, "msgctxt"
            continue
        if keyword == "msgid":
            if entry is not None:
                yield entry
            entry, context, field = _Entry(n, context, value), None, "msgid"
        elif keyword.startswith("msgstr") and entry is not None:
            index = keyword[7:-1] if keyword.startswith("msgstr[") else "0"
            if index.isascii() and index.isdigit():
                entry.plural_index = max(entry.plural_index, int(index) if len(index) < 6 else 10**6)
            field = "msgstr" if index == "0" else "other"
            if field == "msgstr":
                entry.msgstr, entry.msgstr_line = value, n
        elif keyword == "msgid_plural":
            field = "other"
        elif keyword == "" and entry is not None:
            if field == "msgid":
                entry.msgid += value
            elif field == "msgstr":
                entry.msgstr += value
        elif keyword == "" and field == "msgctxt":
            context = (context or "") + value
        if entry is not None:
            entry.longest = max(entry.longest, len(entry.msgid), len(entry.msgstr), len(value))
    if entry is not None:
        yield entry


def _header_findings(header: _Entry, lines: list[str], ascii_only: bool, shown: str, forms: int) -> list[Finding]:
    """The header entry's charset (it must say UTF-8, the bytes printgen read) and plural forms (bounded),
    each at the header line that says it."""
    found = []

    def at(word: str) -> Location:
        start = header.msgstr_line or header.line
        for n in range(start, min(len(lines), start + 40) + 1):
            if word in lines[n - 1] or (n > start and not lines[n - 1].lstrip().startswith('"')):
                return Location(shown, n if word in lines[n - 1] else start, 1)
        return Location(shown, start, 1)

    m = _CHARSET.search(header.msgstr)
    charset = m.group(1).lower().replace("_", "-") if m else "utf-8"
    if charset not in ("utf-8", "utf8") and not (ascii_only and charset in ("ascii", "us-ascii", "charset")):
        found.append(error("po-charset", f"the header says charset={m.group(1)}, but printgen reads catalogues as UTF-8 "
                           "(a translation saved so would print as 'SchÃ¼be'): save the file as UTF-8 and write "
                           "charset=UTF-8 in its Content-Type line", at("charset")))
    p = _NPLURALS.search(header.msgstr)
    if p is not None and (len(p.group(1)) > 6 or int(p.group(1)) > forms):
        found.append(_limit("plural-forms", f"the header's nplurals is {p.group(1)[:12]}", at("nplurals"),
                            "languages use 1 to 6 plural forms (German: nplurals=2)"))
    return found


def _limit(name: str, what: str, loc: Location, hint: str) -> Finding:
    lim = LIMITS[name]
    return error(lim.code, f"{what}; the limit is {lim.value:,g} {lim.unit}: {hint}", loc)


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


def _placeholders(text: str) -> tuple[list[str], str]:
    """The template placeholders of ``text`` (``{{ ... }}``, ``{% ... %}``, ``{# ... #}``) and the text
    without them. One pass: each opener's closer is looked for once, a placeholder's inside is skipped, and
    an opener with no closer after it means no later one of its kind has one either, so 100,000 ``{{``
    with no ``}}`` cost one scan, not 100,000 (a lazy regular expression is quadratic on them)."""
    found, rest, at, dead = [], [], 0, set()
    for m in _OPEN.finditer(text):
        if m.start() < at or m.group() in dead:
            continue
        end = text.find(_OPENERS[m.group()], m.end())
        if end < 0:
            dead.add(m.group())
            continue
        rest.append(text[at:m.start()])
        found.append(text[m.start():end + 2])
        at = end + 2
    rest.append(text[at:])
    return found, " ".join(rest)


@lru_cache(maxsize=1)
def _markdown():
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table")  # as the rulebook reads it


def _spans(text: str) -> Counter:
    """The placeholders and markup of ``text``, as a multiset: the Markdown parsed as the rulebook parses
    it, so a link or picture is known by its address and title however it is written."""
    c: Counter = Counter()
    holders, rest = _placeholders(text)
    c.update("placeholder " + " ".join(p.split()) for p in holders)
    c.update(f":{i}: icon" for i in _ICON.findall(rest))
    for token in _markdown().parse(rest):
        if token.type == "heading_open":
            c[f"heading level {token.tag[1:]}"] += 1
        elif token.type in ("th_open", "td_open"):
            c["table cell"] += 1
        for t in token.children or ():
            title = f" titled '{t.attrGet('title')}'" if t.attrGet("title") else ""
            if t.type == "link_open":
                c[f"link to {t.attrGet('href')}{title}"] += 1
            elif t.type == "image":
                src = str(t.attrGet("src"))
                kind = "icon" if src.startswith("printgen:icon/") else "picture"
                c[f"{kind} {src}{title}"] += 1
            elif t.type == "strong_open":
                c["**bold** span"] += 1
            elif t.type == "em_open":
                c["*emphasis* span"] += 1
            elif t.type == "code_inline":
                c["`code` span"] += 1
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
    na = Counter(_NUMBER.findall(_placeholders(source)[1]))
    nb = Counter(_NUMBER.findall(_placeholders(translation)[1]))
    if na != nb:
        found.append(warning("po-numbers", f"the translation's numbers ({', '.join(sorted(nb)) or 'none'}) are not "
                             f"its source's ({', '.join(sorted(na)) or 'none'}); a rule's number must print alike",
                             loc))
    return found
