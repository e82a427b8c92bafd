"""Hostile spreadsheets (tests/fuzz/sheet_shapes.py, made at test time) end in a located finding, exit 1
and nothing written, each within 10 s and 500 MB: huge repeats, spans and header indexes are bounded
before anything is allocated, the XML scans are linear, bad cells are findings (no traceback), and a value
past the limits is named rather than dropped. Each case runs ``printgen build`` in a forked child with a
500 MB address-space limit and a 10 s clock; the nightly sizes run with PRINTGEN_NIGHTLY=1."""

from __future__ import annotations

import json
import os
import resource
import select
import shutil
import signal
import time
from pathlib import Path

import pytest
import yaml

from tests.conftest import FIXTURES
from tests.fuzz.sheet_shapes import Shape, shapes

NIGHTLY = os.environ.get("PRINTGEN_NIGHTLY", "") not in ("", "0")
# the shapes that grow at the nightly sizes (their names there)
NIGHTLY_SHAPES = ["xlsx a million cell styles", "xlsx a 400k formula and 20,000 merges over a long sheet"]
SECONDS, MEMORY = 10.0, 500 * 1024**2


def _address_space() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def _build_in_child(folder: Path, out: Path) -> tuple[dict | None, float, str]:
    """``printgen build folder --out out`` in a forked child limited to MEMORY more address space than
    this process and killed after SECONDS: (its exit code, output and whether out exists; or None), the
    seconds taken, and why it failed ("" when it did not)."""
    from typer.testing import CliRunner

    from printgen.cli import app

    r, w = os.pipe()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            cap = _address_space() + MEMORY
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
            try:
                res = CliRunner().invoke(app, ["build", str(folder), "--out", str(out), "--paper", "a4",
                                               "--no-previews"])
                exc = res.exception if not isinstance(res.exception, SystemExit) else None
                result = {"code": res.exit_code, "output": res.output, "written": out.exists(),
                          "error": repr(exc) if exc else ""}
            except MemoryError:
                result = {"code": -1, "output": "", "written": False, "error": "MemoryError"}
            os.write(w, json.dumps(result).encode())
        finally:
            os._exit(0)
    os.close(w)
    chunks, why = [], ""
    while True:
        left = start + SECONDS - time.monotonic()
        if left <= 0 or not select.select([r], [], [], left)[0]:
            os.kill(pid, signal.SIGKILL)
            why = f"still running after {SECONDS:g} s"
            break
        b = os.read(r, 1 << 16)
        if not b:
            break
        chunks.append(b)
    os.close(r)
    os.waitpid(pid, 0)
    result = json.loads(b"".join(chunks)) if chunks and not why else None
    return result, time.monotonic() - start, why or ("" if result else "the child died (out of memory?)")


def _game(root: Path, shape: Shape) -> Path:
    """tests/fixtures/custom-game with its units taken out of YAML and given by the shape's file."""
    game = root / "g"
    shutil.copytree(FIXTURES / "custom-game", game)
    data = yaml.safe_load((game / "content.yaml").read_text())
    del data["units"], data["battles"]
    (game / "content.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    (game / shape.file).write_bytes(shape.data)
    return game


def _check(shape: Shape, tmp_path: Path) -> None:
    game, out = _game(tmp_path, shape), tmp_path / "out"
    result, seconds, why = _build_in_child(game, out)
    assert not why, f"{shape.name}: {why} ({seconds:.1f} s)"
    assert result["error"] == "", f"{shape.name}: {result['error']}\n{result['output'][-2000:]}"
    assert result["code"] == 1 and not result["written"], f"{shape.name}: {result['output'][-2000:]}"
    assert "Traceback" not in result["output"]
    lines = [ln for ln in result["output"].splitlines() if f"error[{shape.code}]" in ln]
    assert lines, f"{shape.name}: no {shape.code} in\n{result['output'][-2000:]}"
    assert any(shape.place in ln for ln in lines), f"{shape.name}: not at {shape.place}: {lines[:3]}"
    assert seconds < SECONDS


@pytest.mark.parametrize("shape", shapes(), ids=lambda s: s.name)
def test_a_hostile_sheet_is_a_located_finding_in_bounded_time_and_memory(shape, tmp_path):
    _check(shape, tmp_path)


@pytest.mark.skipif(not NIGHTLY, reason="the nightly sizes (millions of styles, a million-row sheet): "
                    "set PRINTGEN_NIGHTLY=1 to run them")
@pytest.mark.parametrize("name", NIGHTLY_SHAPES)
def test_the_nightly_sizes_too(name, tmp_path):
    # made here, not at collection: the nightly sizes take 1.5 s to make, in every worker of every run
    _check({s.name: s for s in shapes(big=True)}[name], tmp_path)
