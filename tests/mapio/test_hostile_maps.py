"""Hostile map files (issue 37): levels from -200 to +200, hexes scattered over 401 levels, JSON nested
100,000 deep (plain and gzipped), rotations of inf and 1e309, a map name of 500 characters. Each is a
finding at its byte, exit 1, nothing written; the heaviest run in a child process held to 10 s and
500 MB."""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printgen.cli import app
from printgen.mapio.hsc import LIMITS, HscError, read_hsc, too_deep
from tests.bounded import assert_bounded, run_printgen

from .helpers import hsc_bytes

FIX = Path(__file__).parent.parent / "fixtures"
runner = CliRunner()


def _game(tmp_path: Path) -> Path:
    g = tmp_path / "game"
    shutil.copytree(FIX / "mini-heroscape", g)
    return g


def _levels_file() -> bytes:
    """A grass hex at every level from -200 to +200, scattered (12 KB; it took 79 s and 919 MiB)."""
    return hsc_bytes(0.0007, [(1001, (z * 7) % 40, (z * 13) % 40, z, 0) for z in range(-200, 201)])


def _nested(depth: int) -> bytes:
    return b'{"boardPieces": ' + b"[" * depth + b"]" * depth + b"}"


CASES = {
    "levels.hsc": lambda: _levels_file(),
    "nested.json": lambda: _nested(100_000),
    "nested.json.gz": lambda: gzip.compress(_nested(100_000)),
    "inf.json": lambda: json.dumps({"boardPieces": {"0~0~0~inf~g7": "g7"}}).encode(),
    "big.json": lambda: json.dumps({"boardPieces": {"0~0~0~1e309~g7": "g7"}}).encode(),
    "long-name.hsc": lambda: hsc_bytes(0.0007, [(1001, 0, 0, 0, 0)], name="N" * 500),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_hostile_map_file_is_a_finding_at_its_byte(tmp_path, name):
    g = _game(tmp_path)
    before = sorted(p.name for p in g.iterdir())
    f = tmp_path / name
    f.write_bytes(CASES[name]())
    r = runner.invoke(app, ["import-map", str(f), "--into", str(g)])
    assert r.exit_code == 1, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert "Traceback" not in r.output and re.search(rf"{re.escape(name)}: (byte \d+: )?", r.output), r.output
    assert sorted(p.name for p in g.iterdir()) == before  # nothing written


def test_the_heaviest_cases_stay_in_bounds(tmp_path):
    g = _game(tmp_path)
    for name in ("levels.hsc", "nested.json.gz"):
        f = tmp_path / name
        f.write_bytes(CASES[name]())
        run = run_printgen("import-map", str(f), "--into", str(g))
        assert_bounded(run)
        assert run.code == 1 and f"{name}: byte " in run.output, run.output


def test_levels_and_area_are_refused_at_the_tile_that_passes_them():
    data = _levels_file()
    with pytest.raises(HscError) as caught:
        read_hsc(data)
    assert "span 65 levels" in caught.value.message
    tall = hsc_bytes(0.0007, [(1001, 0, 0, z, 0) for z in range(LIMITS["levels"])])
    assert len(read_hsc(tall).tiles) == LIMITS["levels"]  # as many levels as allowed: read
    wide = hsc_bytes(0.0007, [(1001, 0, 0, 0, 0), (1001, 900, 900, 0, 0)])
    with pytest.raises(HscError, match="hex positions"):
        read_hsc(wide)


def test_too_deep_names_the_byte_where_the_nesting_passes_the_depth():
    assert too_deep(_nested(1000), 500) == len(b'{"boardPieces": ') + 498
    assert too_deep(b'{"a": "[[[[[[[[[["}', 3) == 0  # brackets inside a string are text


def test_a_number_of_thousands_of_digits_is_a_finding_at_its_byte(tmp_path):
    """json.loads raises a plain ValueError (not JSONDecodeError) for an int past 4,300 digits: it was a
    traceback."""
    g = _game(tmp_path)
    head = b'{"name": "9999", "boardPieces": {}, "x": '
    f = tmp_path / "digits.json"
    f.write_bytes(head + b"7" * 5000 + b"}")
    r = runner.invoke(app, ["import-map", str(f), "--into", str(g)])
    assert r.exit_code == 1, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert f"digits.json: byte {len(head)}: " in r.output and "digits" in r.output.split("byte")[1], r.output


@pytest.mark.parametrize("key", ["a~b", "0~5000~0~0~g7", "0~0~0~1e309~g7"])
def test_a_bad_piece_key_is_named_at_its_byte(tmp_path, key):
    g = _game(tmp_path)
    head = '{"hexMap": {"name": "M"}, "boardPieces": {"0~0~0~0~g7": "g7", '
    f = tmp_path / "key.json"
    f.write_text(head + json.dumps(key) + ': "g7"}}')
    r = runner.invoke(app, ["import-map", str(f), "--into", str(g)])
    assert r.exit_code == 1, r.output
    assert f"key.json: byte {len(head)}: " in r.output, r.output
