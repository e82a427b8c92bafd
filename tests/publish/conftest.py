"""One small published site for the publish tests: the mini games on two papers, big-map with 3D pieces."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printgen.build import build
from printgen.publish import MANIFEST
from tests.conftest import FIXTURES

MINIS = ["mini-hoh", "mini-dice", "mini-tech"]


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    r = build(folders=[FIXTURES / g for g in MINIS], out=out, papers=["a4", "letter"], jobs=1)
    assert r.ok and r.built
    r = build(folders=[FIXTURES / "big-map"], out=out, papers=["a4"], jobs=1)
    assert r.ok and r.built
    return out


def record(site: Path, gid: str) -> dict:
    return json.loads((site / gid / MANIFEST).read_text())["record"]
