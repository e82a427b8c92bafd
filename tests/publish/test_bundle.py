"""The players' zip as printgen writes it (printgen/publish/bundle.py zip_bytes):
zipfile and Info-ZIP's unzip read every member back byte for byte, with the fixed time and mode, names
in UTF-8 flagged as such, and the same files give the same bytes."""

from __future__ import annotations

import io
import shutil
import subprocess
import zipfile

import pytest

from printgen.publish.bundle import FIXED_TIME, zip_bytes

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
