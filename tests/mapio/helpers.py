"""Test helpers: VirtualScape files of any version, written by hand from the format's fields."""

import struct

from printgen.mapio.hsc import _cstring


def ansi(s: str) -> bytes:
    """A CString as VirtualScape's ANSI build stored it: a length byte, then the bytes."""
    raw = s.encode("cp1252")
    return bytes([len(raw)]) + raw


def tile_bytes(code, x, y, z, rotation=0, version=0.0003, colour=0x00A000, start="", letter=b"\0"):
    out = struct.pack("<idiiii", code, version, rotation, x, y, z)
    if version >= 0.0002:
        out += letter + _cstring("") + _cstring(start)
    if version >= 0.0003:
        out += struct.pack("<I", colour)
    return out


def hsc_bytes(version, tiles, *, name="Test", author="Me", scenario=b"{\\rtf1 hi}", tile_version=0.0003,
              count=None, string=_cstring):
    """A whole file of ``version`` holding ``tiles`` (code, x, y, z, rotation)."""
    out = struct.pack("<d", version)
    if version >= 0.0002:
        out += string(name) + string(author)
    if version >= 0.0003:
        out += string("2")
    if version == 0.0003:
        out += string(scenario.decode())
    elif version >= 0.0004:
        out += struct.pack("<i", len(scenario)) + scenario
    if version >= 0.0002:
        out += struct.pack("<3i", 6, 80, 1)
    if version >= 0.0005:
        out += struct.pack("<i", 0)
    if version >= 0.0007:
        out += struct.pack("<i", 1)
    out += struct.pack("<i", len(tiles) if count is None else count)
    for t in tiles:
        out += tile_bytes(*t, version=tile_version)
    return out
