"""The zip a player sends a friend: the kit, every separate PDF and a short README.txt.

Deterministic: fixed entry order, timestamps and permissions, so the same
printables make the same zip bytes.
"""

from __future__ import annotations

import struct
import zlib

from isal import isal_zlib

from .kit import Entry

FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip can hold


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

    Written here rather than by zipfile so that ISA-L deflates the members (isal, its level 3): seven times
    zlib's speed at level 6 on the kits' PDFs (0.02 s against 0.14 s for every bundled game's A4 zip) for
    a zip half a percent larger. Deflating was half a kit job's time."""
    local: list[bytes] = []  # each member's header and deflated bytes, joined once at the end
    central, offset = bytearray(), 0
    date, time = (FIXED_TIME[0] - 1980) << 9 | FIXED_TIME[1] << 5 | FIXED_TIME[2], 0
    paths = sorted(files, key=lambda p: (p != "README.txt", "/" in p, p))
    for path in paths:
        data = files[path]
        name = f"{folder}/{path}".encode()
        flags = 0 if name.isascii() else 0x800  # bit 11: the name is UTF-8
        packed = isal_zlib.compress(data, 3, wbits=-15)  # raw deflate, as a zip member holds it
        if len(data) > 0xFFFFFFFF or offset > 0xFFFFFFFF:
            raise ValueError(f"{path}: too large for a zip without its 64-bit extension")
        # (after the signature) version needed 2.0, flags, method 8 (deflate), time, date, CRC-32, sizes
        fields = struct.pack("<HHHHHIII", 20, flags, 8, time, date, zlib.crc32(data), len(packed), len(data))
        central += (b"PK\x01\x02" + struct.pack("<H", 3 << 8 | 20) + fields  # made by: unix, so the mode holds
                    + struct.pack("<HHHHHII", len(name), 0, 0, 0, 0, 0o100644 << 16, offset) + name)
        header = b"PK\x03\x04" + fields + struct.pack("<HH", len(name), 0) + name
        local += [header, packed]
        offset += len(header) + len(packed)
    if offset > 0xFFFFFFFF:
        raise ValueError("the zip is too large without its 64-bit extension")
    end = struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, len(paths), len(paths), len(central), offset, 0)
    return b"".join([*local, central, end])


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
