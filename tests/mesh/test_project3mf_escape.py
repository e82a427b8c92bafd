"""The 3MF writer's XML escapes (printgen.mesh.project3mf) are xml.sax.saxutils' own, written out so that a build
does not import urllib.request, http.client and ssl with that module: the same text for any name or title."""

from __future__ import annotations

import os
import subprocess
import sys
from xml.sax.saxutils import escape as sax_escape, quoteattr as sax_quoteattr

from hypothesis import given, settings
from hypothesis import strategies as st

from printgen.mesh.project3mf import escape, quoteattr
from tests.conftest import REPO, examples

# names and titles come from game data: every character, and those the escapes care about more often
TEXT = st.text(st.one_of(st.sampled_from("&<>\"'\n\r\t ;#ampquotlgt"), st.characters()), max_size=40)


@settings(max_examples=examples(500), deadline=None)
@given(TEXT)
def test_escapes_match_saxutils(text):
    from printgen.write.cmyk import _escape  # the CMYK file's XMP title: the same escape

    assert escape(text) == sax_escape(text) == _escape(text)
    assert quoteattr(text) == sax_quoteattr(text)


def test_making_a_3mf_or_a_cmyk_title_imports_no_network_modules():
    """A worker that writes a 3MF (mesh/export.py) or a CMYK file's XMP (write/cmyk.py) takes the escapes above,
    not xml.sax.saxutils (which imports urllib.request, http.client, email and ssl in that worker)."""
    code = ("import sys\nfrom printgen.mesh.export import to_3mf\nfrom printgen.mesh.polyhex import Mesh\n"
            "from printgen.write.cmyk import _xmp\n"
            "m = Mesh([(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0)], [(0, 1, 2)])\n"
            "to_3mf(m, name='a & <b>')\n_xmp('a & <b>')\n"
            "names = ('urllib.request', 'http.client', 'ssl', 'xml.sax.saxutils')\n"
            "print(sorted(m for m in names if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO,
                         env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert run.stdout.strip() == "[]", run.stdout + run.stderr


def test_corner_cases():
    for text in ("", "a\"b'c", "a\"b", "a'b", "&amp;", "<x a='1'/>", "\t\r\n"):
        assert (escape(text), quoteattr(text)) == (sax_escape(text), sax_quoteattr(text)), text


def test_a_build_imports_no_network_modules():
    """What a build loads before its workers fork (printgen.workers.prepare) holds no network client."""
    code = ("import sys\nimport printgen.build\nfrom printgen.workers import prepare\nprepare(games=5)\n"
            "names = ('urllib.request', 'http.client', 'ssl', 'xml.sax.saxutils')\n"
            "print(sorted(m for m in names if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO,
                         env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert run.stdout.strip() == "[]", run.stdout + run.stderr
