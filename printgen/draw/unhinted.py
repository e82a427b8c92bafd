"""Embedded font subsets without their glyphs' TrueType hinting instructions (issue 41).

The bundled Noto fonts are hinted: each glyph carries a program (ttfautohint's) that FreeType runs every
time it loads the glyph for a new size. pdfium, which draws every preview, thumbnail and export, loads a
TrueType glyph hinted at a fixed 64 ppem and scales the outline after, so it runs the program again for
every glyph at every size in every document: about 30 % of drawing a thumbnail, a fifth of a page preview,
7 % of the exports (measured with perf on the bundled games). Without the programs the outlines are the
font's own, unmoved: at print resolution, and at the sizes the previews are drawn, the text looks the same
(compared side by side at 60 and 150 dpi; 3 % of a page preview's bytes differ, all at glyph edges).

Only the glyphs' own programs go: the font program, the control values and the pre-program stay (a font with
none of them would be auto-hinted by some readers' FreeType), so the subset is the same font otherwise.
Lengths in bytes; a font program is the bytes of a TrueType file, as reportlab's ``makeSubset`` makes it.
"""

from __future__ import annotations

from struct import pack, unpack_from

from reportlab.pdfbase.ttfonts import (GF_ARG_1_AND_2_ARE_WORDS, GF_MORE_COMPONENTS, GF_WE_HAVE_A_SCALE,
                                       GF_WE_HAVE_A_TWO_BY_TWO, GF_WE_HAVE_AN_X_AND_Y_SCALE,
                                       GF_WE_HAVE_INSTRUCTIONS, TTFontMaker)


def tables(program: bytes) -> dict[str, bytes]:
    """A TrueType file's tables by tag (each as long as its directory entry says)."""
    count = unpack_from(">H", program, 4)[0]
    out = {}
    for i in range(count):
        tag, _checksum, offset, length = unpack_from(">4sLLL", program, 12 + 16 * i)
        out[tag.decode("latin-1")] = program[offset:offset + length]
    return out


def bare_glyph(data: bytes) -> bytes:
    """One glyph's ``glyf`` entry without its instructions (a simple glyph's length set to 0, a composite's
    trailing program dropped and its flag cleared), and without the padding after its outline or components
    (``unhinted`` pads it again); an empty glyph as it is."""
    if len(data) < 10:
        return data
    contours = unpack_from(">h", data, 0)[0]
    if contours >= 0:
        at = 10 + 2 * contours  # the instruction length follows the contours' end points
        length = unpack_from(">H", data, at)[0]
        points = unpack_from(">H", data, at - 2)[0] + 1 if contours else 0
        # up to the last coordinate: the bytes that padded the glyph with its program go with it
        return data[:at] + b"\0\0" + data[at + 2 + length:_outline_end(data, at + 2 + length, points)]
    out = bytearray(data)
    at, flags = 10, GF_MORE_COMPONENTS
    while flags & GF_MORE_COMPONENTS:
        flags = unpack_from(">H", data, at)[0]
        # (the last component says there is a program; a reader may ask any of them: cleared on each)
        out[at:at + 2] = pack(">H", flags & ~GF_WE_HAVE_INSTRUCTIONS)
        at += 4 + (4 if flags & GF_ARG_1_AND_2_ARE_WORDS else 2)
        if flags & GF_WE_HAVE_A_SCALE:
            at += 2
        elif flags & GF_WE_HAVE_AN_X_AND_Y_SCALE:
            at += 4
        elif flags & GF_WE_HAVE_A_TWO_BY_TWO:
            at += 8
    return bytes(out[:at])  # (what followed the components: their program, or the padding)


def _outline_end(data: bytes, at: int, points: int) -> int:
    """Where a simple glyph's outline ends: its ``points`` flags from byte ``at`` (a flag with bit 3 set is
    repeated as often as the next byte says), then the x and then the y coordinates, each 1 byte (short), 0
    (the same as the point before) or 2, as its flag says. ValueError when ``data`` ends before it does."""
    x = y = seen = 0
    while seen < points:
        flag = data[at]
        at += 1
        times = 1
        if flag & 0x08:
            times += data[at]
            at += 1
        x += times * (1 if flag & 0x02 else 0 if flag & 0x10 else 2)
        y += times * (1 if flag & 0x04 else 0 if flag & 0x20 else 2)
        seen += times
    end = at + x + y
    if end > len(data):
        raise ValueError(f"a glyph's outline runs {end - len(data)} bytes past its entry")
    return end


def unhinted(program: bytes) -> bytes:
    """``program`` (a TrueType file) with no glyph instructions: each glyph as ``bare_glyph`` leaves it, padded
    to 4 bytes as reportlab pads them, the index to them (``loca``) and the largest program (``maxp``) to match.
    A file without glyphs (or one this cannot read) comes back as it is."""
    found = tables(program)
    if not {"glyf", "loca", "head", "maxp"} <= found.keys() or len(found["head"]) < 54 or len(found["maxp"]) < 28:
        return program
    long = unpack_from(">h", found["head"], 50)[0] == 1
    loca = found["loca"]
    count = len(loca) // (4 if long else 2)
    offsets = unpack_from(f">{count}{'L' if long else 'H'}", loca)
    if not long:
        offsets = [o * 2 for o in offsets]
    glyf = found["glyf"]
    parts, starts, pos = [], [], 0
    for start, end in zip(offsets, offsets[1:]):
        starts.append(pos)
        data = bare_glyph(glyf[start:end])
        data += b"\0" * (-len(data) % 4)
        parts.append(data)
        pos += len(data)
    starts.append(pos)
    found["glyf"] = b"".join(parts)
    found["loca"] = pack(f">{len(starts)}L", *starts) if long else pack(f">{len(starts)}H", *(s >> 1 for s in starts))
    maxp = found["maxp"]
    found["maxp"] = maxp[:26] + b"\0\0" + maxp[28:]  # maxSizeOfInstructions
    maker = TTFontMaker()  # the file written as reportlab writes a subset: checksums and the head's adjustment
    for tag, data in found.items():
        maker.add(tag, data)
    return maker.makeStream()
