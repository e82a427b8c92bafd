"""The players' zip as printgen writes it (printgen/publish/bundle.py zip_bytes, members deflated by ISA-L):
zipfile and Info-ZIP's unzip read every member back byte for byte, with the fixed time and mode, names
in UTF-8 flagged as such, and the same files give the same bytes."""

from __future__ import annotations

import io
import shutil
import subprocess
import zipfile

import struct
import zlib

import pytest
from isal import isal_zlib

from printgen.publish.bundle import FIXED_TIME, ZIP_LEVEL, zip_bytes

FILES = {"README.txt": b"Print at 100 %.\n" * 200, "kit.pdf": bytes(range(256)) * 300 + b"%%EOF\n",
         "pdf/tokens.pdf": b"%PDF-1.7\n" + b"0 0 m 10 10 l S\n" * 500, "pdf/\u00e9t\u00e9.pdf": b"",
         "pdf/one.pdf": b"x"}


def test_every_member_reads_back_with_its_time_mode_and_name():
    data = zip_bytes(FILES, folder="mini-a4")
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert zf.testzip() is None  # every CRC checks
        names = zf.namelist()
        assert names[0] == "mini-a4/README.txt" and sorted(names) == sorted(f"mini-a4/{p}" for p in FILES)
        for info in zf.infolist():
            assert zf.read(info) == FILES[info.filename.split("/", 1)[1]]
            assert info.compress_type == zipfile.ZIP_DEFLATED and info.date_time == FIXED_TIME
            assert info.create_system == 3 and info.external_attr >> 16 == 0o100644
            assert bool(info.flag_bits & 0x800) == (not info.filename.isascii())
        text = zf.getinfo("mini-a4/README.txt")
        assert text.compress_size < text.file_size / 20  # deflated, not stored
    assert zip_bytes(dict(reversed(FILES.items())), folder="mini-a4") == data  # order and time fixed


@pytest.mark.skipif(shutil.which("unzip") is None, reason="Info-ZIP's unzip is not installed")
def test_info_zip_tests_it_clean(tmp_path):
    path = tmp_path / "mini-a4.zip"
    path.write_bytes(zip_bytes(FILES, folder="mini-a4"))
    run = subprocess.run(["unzip", "-t", str(path)], capture_output=True, text=True)
    assert run.returncode == 0 and "No errors detected" in run.stdout, run.stdout + run.stderr


def _raw_member(data: bytes, info: zipfile.ZipInfo) -> bytes:
    """A member's deflated bytes as they sit in the zip, after its local header."""
    name_len, extra_len = struct.unpack("<HH", data[info.header_offset + 26:info.header_offset + 30])
    start = info.header_offset + 30 + name_len + extra_len
    return data[start:start + info.compress_size]


def test_members_are_isal_deflated_and_about_as_small_as_zlib_makes_them():
    from printgen.draw.document import Document, Page, Rect, Style, Text
    from printgen.write.pdf import to_pdf

    pages = [Page(210, 297, [Rect(10 + i, 10, 50, 80, Style(fill="#c83", stroke="#000", width=0.3)),
                             Text(20, 40 + i, f"Page {i}: print at 100 %", "sans", 4.0, "#000")]) for i in range(12)]
    files = {**FILES, "pdf/real.pdf": to_pdf(Document(title="t", pages=pages))}
    data = zip_bytes(files, folder="mini-a4")
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        for info in zf.infolist():
            member = files[info.filename.split("/", 1)[1]]
            # ISA-L's bytes, not zlib's (the compressor swap took): raw deflate at ZIP_LEVEL
            assert _raw_member(data, info) == isal_zlib.compress(member, ZIP_LEVEL, wbits=-15)
            if len(member) > 1000:  # within 2 % of zlib's level 6, which zipfile would have used
                assert info.compress_size <= len(zlib.compress(member, 6)) * 1.02 + 64
