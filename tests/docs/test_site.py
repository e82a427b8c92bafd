"""The docs site builds with `mkdocs build --strict` (a broken link, a page missing from the nav or a bad
anchor fails), the way CI builds it. mkdocs comes with the `docs` extra (pip install ".[docs]")."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.docs.harness import REPO


def test_mkdocs_build_strict(tmp_path):
    pytest.importorskip("mkdocs", reason="mkdocs is not installed: pip install '.[docs]' (the docs extra) to build the site")
    pytest.importorskip("material", reason="mkdocs-material is not installed: pip install '.[docs]'")
    site = tmp_path / "site"
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)], cwd=REPO,
                          capture_output=True, text=True, timeout=300, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    html = (site / "tutorial" / "index.html").read_text(encoding="utf-8")
    assert "Ash Runner" in html and "ember-watch/scouts.yaml" in html
    assert (site / "images" / "icons.png").stat().st_size > 10_000
    assert "limit-text-length" in (site / "reference" / "limits" / "index.html").read_text(encoding="utf-8")
