"""VirtualScape .hsc files: every file version, byte-exact writing, and bad input refused at its
byte offset in bounded time (no traceback, no huge allocation)."""

import math
import struct
import time
from pathlib import Path

import pytest

from printgen.mapio.hsc import FILE_VERSIONS, LIMITS, HscError, read_hsc, write_hsc

from .helpers import ansi, hsc_bytes, tile_bytes

LADDERS = Path(__file__).parent.parent / "fixtures" / "maps" / "ladders.hsc"
TILES = [(1024, 0, 0, 0, 2), (1003, 5, 1, 1, 4), (4001, 7, 3, 0, 0), (16301, 2, 2, 3, 5)]


def key(m):
    return sorted((t.code, t.x, t.y, t.z, t.rotation) for t in m.tiles)


def test_ladders_reads_and_writes_back_byte_for_byte():
    data = LADDERS.read_bytes()
    m = read_hsc(data)
    assert m.version == 0.0007 and len(m.tiles) == 35
    assert {t.code for t in m.tiles} == {1001, 1002, 1007, 8002, 8005, 12004, 16301, 16402}
    assert max(t.z for t in m.tiles) == 5
    assert write_hsc(m) == data


@pytest.mark.parametrize("version", FILE_VERSIONS)
@pytest.mark.parametrize("tile_version", (0.0001, 0.0002, 0.0003))
def test_every_file_and_tile_version(version, tile_version):
    data = hsc_bytes(version, TILES, tile_version=tile_version)
    m = read_hsc(data)
    assert m.version == version and key(m) == sorted(TILES)
    if version >= 0.0002:
        assert (m.name, m.author) == ("Test", "Me")
    if version >= 0.0004:
        assert m.scenario == b"{\\rtf1 hi}"
    again = read_hsc(write_hsc(m))  # written back as 0.0007, the same tiles
    assert again.version == 0.0007 and key(again) == sorted(TILES)


def test_ansi_strings_of_old_files():
    m = read_hsc(hsc_bytes(0.0002, TILES[:1], name="Fjörd", string=ansi))
    assert m.name == "Fjörd"


def bad(data):
    with pytest.raises(HscError) as exc:
        read_hsc(data)
    return exc.value


def test_every_truncation_is_located():
    data = hsc_bytes(0.0007, TILES)
    for n in range(len(data)):
        e = bad(data[:n])
        assert 0 <= e.offset <= n and ("ends inside" in e.message or "cut short" in e.message), (n, e)


def test_unknown_version():
    for v in (0.0008, 1.0, -0.0007, math.nan, 0.0):
        e = bad(struct.pack("<d", v) + b"\0" * 64)
        assert e.offset == 0 and "not one VirtualScape wrote" in e.message
    e = bad(hsc_bytes(0.0007, [(1001, 0, 0, 0, 0)], tile_version=0.0004))
    assert "tile 1's version" in e.message


def test_negative_and_huge_tile_counts():
    data = hsc_bytes(0.0007, TILES, count=-1)
    e = bad(data)
    assert "tile count -1" in e.message and e.offset == len(hsc_bytes(0.0007, [])) - 4
    e = bad(hsc_bytes(0.0007, TILES, count=2**31 - 1))
    assert "out of range" in e.message
    # 100,000 tiles: over the limit, refused at the count without reading them
    t0 = time.perf_counter()
    e = bad(hsc_bytes(0.0007, [], count=100_000) + tile_bytes(1001, 0, 0, 0) * 100)
    assert "100000" in e.message and time.perf_counter() - t0 < 0.5
    # a count within the limit that the rest of the file cannot hold
    e = bad(hsc_bytes(0.0007, TILES, count=LIMITS["tiles"]))
    assert "cut short" in e.message


def test_strings_longer_than_the_file():
    head = struct.pack("<d", 0.0007)
    e = bad(head + b"\xff\xfe\xff\xff\xff\xff" + struct.pack("<I", 2**31) + b"abc")
    assert e.offset == 8 and "characters" in e.message
    e = bad(head + b"\xff\xfe\xff\x40" + b"a\0" * 10)
    assert "ends inside the map name" in e.message
    empty = b"\xff\xfe\xff\x00"
    e = bad(struct.pack("<d", 0.0004) + empty * 3 + struct.pack("<i", 2**30) + b"x")
    assert "scenario length" in e.message and e.offset == 20
    e = bad(struct.pack("<d", 0.0004) + empty * 3 + struct.pack("<i", 500) + b"x")
    assert "ends inside the scenario" in e.message


def test_far_coordinates_and_bad_rotation():
    e = bad(hsc_bytes(0.0007, [(1001, 10**6, 0, 0, 0)]))
    assert "outside the map area" in e.message and e.offset > 0
    e = bad(hsc_bytes(0.0007, [(1001, 0, 0, 10**5, 0)]))
    assert "outside the map area" in e.message
    e = bad(hsc_bytes(0.0007, [(1001, 0, 0, 0, 9)]))
    assert "rotation is 9" in e.message


def test_too_big_a_file():
    e = bad(b"\0" * (LIMITS["file-bytes"] + 1))
    assert e.offset == 0 and "bytes" in e.message
