"""The zip a player sends a friend: the kit, every separate PDF and a short README.txt.

Deterministic: fixed entry order, timestamps and permissions, so the same
printables make the same zip bytes.
"""

from __future__ import annotations

import io
import zipfile

from isal import isal_zlib

from .kit import Entry

FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip can hold
# ISA-L's level 3 (its best): on every bundled game's zips (15.8 MB of PDFs, their page streams deflated
# already) it took 0.04 s of CPU where zlib's level 6 took 0.29 s (and its level 1 0.26: zlib spends its time
# on the incompressible streams at any level), for zips 0.6 % larger (13.53 MB against 13.46); storing the
# PDFs would make them 17 % larger, ISA-L's level 1 6 % (bench/bench_exports.py, issue 41).
ZIP_LEVEL = 3


def _size(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB" if n >= 1_000_000 else f"{max(1, round(n / 1000))} kB"


def readme(game_cfg, paper: str, kit_name: str, kit_pages: int, entries: list[Entry], sizes: dict[str, int]) -> str:
    """README.txt: what is in the zip and how to print it. ``sizes`` maps a path in the zip to its bytes."""
    lines = [
        f"{game_cfg.name} v{game_cfg.version}: print-and-play files, {paper.upper()} paper",
        "",
        f"Start with {kit_name} ({kit_pages} pages): its first page says which pages to print,",
        "single- or double-sided, how many copies, and what to cut with what.",
        "Print at 100 % (\"Actual size\", never \"Fit to page\"); check the 50 mm and 2 in bars first.",
        "",
        "Files:",
        f"  {kit_name}  ({kit_pages} pages, {_size(sizes[kit_name])}) the whole kit, in print order",
    ]
    for e in entries:
        path = f"pdf/{e.stem}.pdf"
        lines.append(f"  {path}  ({e.pages} page{'s' * (e.pages != 1)}, {_size(sizes[path])}) "
                     f"{e.guide.title}: kit pages {e.page_range}, {e.guide.sides}")
    lines += ["  README.txt  this file", "", "How to print each part (as the kit's first page says):"]
    for e in entries:
        advice = [e.guide.sides, f"copies: {e.guide.copies}", f"cut: {e.guide.cut or 'nothing to cut'}"]
        if e.guide.note:
            advice.append(e.guide.note)
        lines.append(f"- {e.guide.title} (kit page{'s' * (e.pages != 1)} {e.page_range}): " + "; ".join(advice))
    tools = sorted({t for e in entries for t in e.guide.tools})
    if tools:
        lines.append("Tools: " + "; ".join(tools) + ".")
    lines += ["", "Made with printgen.", ""]
    return "\n".join(lines)


def listed_files(text: str) -> list[str]:
    """The file paths a README.txt lists (the first word of each indented line under "Files:")."""
    out, inside = [], False
    for line in text.splitlines():
        if line == "Files:":
            inside = True
        elif inside and line.startswith("  "):
            out.append(line.split()[0])
        elif inside:
            break
    return out


def zip_bytes(files: dict[str, bytes], *, folder: str) -> bytes:
    """A zip of ``files`` (path -> bytes) under ``folder/``, with fixed timestamps and modes.

    Written by zipfile, each member deflated by ISA-L (``ZIP_LEVEL``) rather than zlib: zipfile writes what
    the member's compressor gives it and counts sizes and the CRC itself, so only the compressor is swapped
    (were zipfile ever to stop using that attribute, its own zlib would deflate: a valid zip either way)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for path in sorted(files, key=lambda p: (p != "README.txt", "/" in p, p)):
            data = files[path]
            info = zipfile.ZipInfo(f"{folder}/{path}", date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # unix, so the mode below means what it says
            info.external_attr = (0o100644 << 16)
            info.file_size = len(data)  # as writestr sets it: zipfile picks the 32- or 64-bit header by it
            with zf.open(info, "w") as member:
                member._compressor = isal_zlib.compressobj(ZIP_LEVEL, isal_zlib.DEFLATED, -15)  # raw deflate
                member.write(data)
    return buf.getvalue()


def bundle(game_cfg, paper: str, kit_name: str, kit: bytes, kit_pages: int, entries: list[Entry],
           pdfs: dict[str, bytes], offered: list[tuple[str, str]] = ()) -> bytes:
    """The zip for one game and paper; ``offered``: the other ways to print, for its README (publish/choices.py)."""
    files = {kit_name: kit, **{f"pdf/{e.stem}.pdf": pdfs[e.stem] for e in entries}}
    sizes = {p: len(b) for p, b in files.items()}
    text = readme(game_cfg, paper, kit_name, kit_pages, entries, sizes)
    if offered:
        text = text.replace("\nMade with printgen.", "\nOther ways to print (files in the game's output folder, "
                            "beside the kit):\n" + "".join(f"- {t}: {x}\n" for t, x in offered) + "\nMade with printgen.")
    files["README.txt"] = text.encode()
    return zip_bytes(files, folder=f"{game_cfg.id}-{paper}")
