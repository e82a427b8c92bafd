"""Benchmark: editions of Heroes of Hex.

1. errata between two versions: v0.5 as bundled, and a v0.6 copy with the Knight's VIT, the Fireball's
   text and the version changed (what a designer's errata round looks like);
2. a two-language build (the source and a German edition from a pseudo-translated catalogue: every text
   translated, its placeholders and markup kept) against the one-language build, both fresh, A4, no previews.

Run from the repository root:  python3 bench/bench_editions.py
Reports wall time; not a test (timings depend on the machine).
"""

from __future__ import annotations

import re
import shutil
import tempfile
import time
from pathlib import Path

from printgen.build import build
from printgen.editions.catalogue import messages
from printgen.editions.errata import make_errata
from printgen.project import validate_game

ROOT = Path.cwd()
_KEEP = re.compile(r"(\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|:[A-Za-z][\w-]*:|\]\([^)]*\)|\*\*|\b[A-Z][\w-]*\b|\d+)", re.DOTALL)
_UMLAUT = str.maketrans({"a": "ä", "o": "ö", "u": "ü"})


def _project(root: Path) -> Path:
    shutil.copytree(ROOT / "data" / "heroes-of-hex", root / "data" / "heroes-of-hex")
    shutil.copytree(ROOT / "templates" / "heroes-of-hex", root / "templates" / "heroes-of-hex")
    return root / "data" / "heroes-of-hex"


def _pseudo(text: str) -> str:
    """A stand-in German: lower-case words get umlauts, names, numbers, placeholders and markup stay."""
    parts = _KEEP.split(text)
    return "".join(p if i % 2 else p.translate(_UMLAUT) for i, p in enumerate(parts))


def _po_string(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _catalogue(game: Path) -> int:
    msgs = messages(validate_game(game))
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=utf-8\\n"', ""]
    for m in msgs:
        lines += [f"msgid {_po_string(m.text)}", f"msgstr {_po_string(_pseudo(m.text))}", ""]
    (game / "locales" / "de").mkdir(parents=True)
    (game / "locales" / "de" / "messages.po").write_text("\n".join(lines), encoding="utf-8")
    return len(msgs)


def _edit(p: Path, old: str, new: str) -> None:
    text = p.read_text()
    assert old in text, old
    p.write_text(text.replace(old, new, 1))


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="printgen-bench-editions-"))
    try:
        old = _project(tmp / "v05")
        new = _project(tmp / "v06")
        _edit(new / "classes.yaml", "stats: {vit: 2, atk: 2, sp_atk: 0, def: 3, sp_def: 1}",
              "stats: {vit: 1, atk: 2, sp_atk: 0, def: 3, sp_def: 1}")
        _edit(new / "classes.yaml", "Make a Light Special Attack, Range 5.", "Make a Light Special Attack, Range 4.")
        _edit(new / "game.yaml", 'version: "0.5"', 'version: "0.6"')
        t = time.perf_counter()
        result = make_errata(old=str(old), new=new, out=tmp / "errata")
        t_errata = time.perf_counter() - t
        assert result.ok, [f.format() for f in result.findings]
        import pypdfium2 as pdfium

        pages = len(pdfium.PdfDocument(tmp / "errata" / "a4" / "errata.pdf"))
        print(f"errata 0.5 -> 0.6: {t_errata:.2f} s; {len(result.changes)} changes, {len(result.cards)} cards "
              f"(front and back), {len(result.pages)} other pages, rulebook pages {result.book}; {pages} PDF pages")

        game = _project(tmp / "i18n")
        n = _catalogue(game)
        t = time.perf_counter()
        one = build(folders=[game], out=tmp / "one", papers=["a4"], previews=False)
        t_one = time.perf_counter() - t
        t = time.perf_counter()
        two = build(folders=[game], out=tmp / "two", papers=["a4"], previews=False, languages=("de",))
        t_two = time.perf_counter() - t
        assert one.ok and two.ok, [f.format() for g in two.games for f in g.findings if f.is_error]
        print(f"catalogue: {n} texts")
        print(f"one-language build: {t_one:.2f} s, {len(one.built)} targets")
        print(f"two-language build: {t_two:.2f} s, {len(two.built)} targets; the second language cost "
              f"{t_two - t_one:.2f} s ({(t_two - t_one) / t_one:.0%} of the first)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
