"""Validation findings: what went wrong, where, and how bad it is.

A finding is plain data. Every stage (loader, models, rule packs) reports
findings instead of raising, so a user sees every problem in one run.
"""

from __future__ import annotations

import bisect
import json
from dataclasses import dataclass, field
from enum import Enum
from typing import Iterable


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True, slots=True)  # slots: a loaded file keeps one per value (100,000 at most)
class Location:
    """A place in a source file; line and col are 1-based."""

    file: str
    line: int = 0
    col: int = 0
    # A spreadsheet's sheet (XLSX, ODS): then line is the row and col the column, shown as a cell
    # (units.xlsx[Units]!C12) the way a spreadsheet app names it. Empty for text files and CSV.
    sheet: str = ""

    @property
    def cell(self) -> str:
        """The cell name (C12) of a spreadsheet location, else empty."""
        return f"{column_letters(self.col)}{self.line}" if self.sheet and self.line > 0 else ""

    def __str__(self) -> str:
        if self.sheet:
            where = f"{visible(self.file)}[{visible(self.sheet)}]"
            return f"{where}!{self.cell}" if self.line > 0 else where
        if self.line <= 0:
            return visible(self.file)
        return f"{visible(self.file)}:{self.line}:{self.col}"

    def __reduce__(self):
        # Pickled as its four values: a game's source holds one Location per value, and a build pickles each
        # game to its workers; the slots dataclass's own state (a field list made per object) took twice as
        # long both ways (issue 41)
        return Location, (self.file, self.line, self.col, self.sheet)


def column_letters(col: int) -> str:
    """A 1-based column number as a spreadsheet writes it: 1 -> A, 27 -> AA."""
    out = ""
    while col > 0:
        col, rest = divmod(col - 1, 26)
        out = chr(ord("A") + rest) + out
    return out or "A"


@dataclass(frozen=True)
class Finding:
    """One problem in a game's data.

    ``code`` is a stable kebab-case identifier (``duplicate-key``) that tests,
    JSON consumers and documentation can rely on.
    """

    severity: Severity
    code: str
    message: str
    loc: Location | None = None
    hint: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        # The one place a message is made safe to print: whatever a check quoted from the data, a control
        # character shows as \x1b (never drives the terminal) and a long quoted value is cut short.
        object.__setattr__(self, "message", shown(self.message))
        if self.hint:
            object.__setattr__(self, "hint", shown(self.hint))

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def sort_key(self) -> tuple:
        loc = self.loc or Location("")
        return (loc.file, loc.sheet, loc.line, loc.col, self.severity.value, self.code, self.message)

    def format(self) -> str:
        where = f"{self.loc}: " if self.loc else ""
        text = f"{where}{self.severity.value}[{self.code}]: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text

    def to_dict(self) -> dict:
        data = {
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
            "file": self.loc.file if self.loc else None,
            "line": self.loc.line if self.loc else None,
            "col": self.loc.col if self.loc else None,
            # spreadsheet sources only (None elsewhere): line/col stay the row and column numbers
            "sheet": self.loc.sheet or None if self.loc else None,
            "cell": self.loc.cell or None if self.loc else None,
        }
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "Finding":
        """A finding back from ``to_dict``'s form (a build's record, an export's gallery record): its place is the
        file, line and column (0 where none is given)."""
        loc = Location(data["file"], data.get("line") or 0, data.get("col") or 0) if data.get("file") else None
        return cls(Severity(data["severity"]), data["code"], data["message"], loc, data.get("hint"))


def error(code: str, message: str, loc: Location | None = None, hint: str | None = None) -> Finding:
    return Finding(Severity.ERROR, code, message, loc, hint)


def warning(code: str, message: str, loc: Location | None = None, hint: str | None = None) -> Finding:
    return Finding(Severity.WARNING, code, message, loc, hint)


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    """Sorted by file, line and column, with exact duplicates removed."""
    unique = {(f.sort_key(), f.hint): f for f in findings}
    return sorted(unique.values(), key=Finding.sort_key)


def has_errors(findings: Iterable[Finding], *, strict: bool = False) -> bool:
    return any(f.is_error or strict for f in findings)


def findings_to_json(findings: Iterable[Finding]) -> str:
    return json.dumps([f.to_dict() for f in findings], indent=2, ensure_ascii=False)


QUOTE_MOST = 60  # characters of a data value a finding quotes; the rest is "..."
MESSAGE_MOST = 1000  # characters of a whole message, for values a check writes unquoted


def visible(text: str) -> str:
    """``text`` with every character that does not print (controls, NUL, ESC, bidi overrides, line
    separators) written as its escape, ``\x1b`` or ``\u202e``, as Python's repr writes them."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def quoted(value, most: int = QUOTE_MOST) -> str:
    """``value`` as a finding quotes it (its repr: controls visible), cut to ``most`` characters: a shared
    game may hand a 10,000-character text where a colour or a font belongs, and the message must stay
    readable. The one quoting function of findings; ``shown`` applies the same rules to every message."""
    text = repr(value)
    return text if len(text) <= most else text[:most - 3] + "..."


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _cut_quotes(message: str) -> str:
    """Every quoted span of ``message`` longer than QUOTE_MOST cut short. A span opens with ' or " not
    inside a word ("the game's" is no quote) and closes at the next same quote not followed by a word
    character. Closers are found by bisection, so a message full of stray quotes stays linear."""
    closers = {q: [j for j, ch in enumerate(message) if ch == q and (j + 1 == len(message) or not _word(message[j + 1]))]
               for q in "'\""}
    out, i, start = [], 0, 0
    while i < len(message):
        q = message[i]
        if q in closers and (i == 0 or not _word(message[i - 1])):
            k = bisect.bisect_right(closers[q], i)
            if k < len(closers[q]):
                j = closers[q][k]
                if j - i - 1 > QUOTE_MOST - 2:
                    out += [message[start:i + 1], message[i + 1:i + QUOTE_MOST - 4], "...", q]
                    start = j + 1
                i = j + 1
                continue
        i += 1
    return "".join(out) + message[start:]


def shown(message: str) -> str:
    """A message as printed: characters that do not print made visible, every quoted value ('...' or
    "...") longer than ``QUOTE_MOST`` cut short, and the whole cut at ``MESSAGE_MOST``. Applied to every
    Finding when it is made, so no check can forget it, in the text report and the JSON alike."""
    message = visible(message)
    if len(message) > QUOTE_MOST:
        message = _cut_quotes(message)
    if len(message) > MESSAGE_MOST:
        message = message[:MESSAGE_MOST - 3] + "..."
    return message


def did_you_mean(word: str, choices: Iterable[str], *, cutoff: float = 0.6) -> str | None:
    """The closest of ``choices`` to ``word``, or None when nothing is close."""
    import difflib

    pool = list(choices)
    lowered = {c.lower(): c for c in pool}
    hit = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=cutoff)
    return lowered[hit[0]] if hit else None


__all__ = [
    "Finding",
    "Location",
    "Severity",
    "did_you_mean",
    "error",
    "findings_to_json",
    "has_errors",
    "quoted",
    "shown",
    "sort_findings",
    "visible",
    "warning",
]
