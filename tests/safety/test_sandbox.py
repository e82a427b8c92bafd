"""Rulebook templates are untrusted: the exploits of issue 17 are refused as findings."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pymupdf
import pytest

from printgen.build import build
from printgen.project import validate_game
from tests.conftest import FIXTURES

PAYLOAD = "{{ cycler.__init__.__globals__.os.popen('id > PWNED').read() }}"


def _project(tmp: Path, chapters: dict[str, str]) -> Path:
    """tmp/data/mini-hoh + tmp/templates/mini-hoh/rulebook/<chapters>."""
    game = tmp / "data" / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    book = tmp / "templates" / "mini-hoh" / "rulebook"
    book.mkdir(parents=True)
    for name, text in chapters.items():
        (book / name).write_text(text)
    return game


def _codes(result) -> list[str]:
    return [f.code for f in result.findings if f.is_error]


@pytest.mark.parametrize("payload", [
    PAYLOAD,
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ self._TemplateReference__context.cycler.__init__.__globals__.os.popen('id > PWNED').read() }}",
    "{{ lipsum.__globals__['os'].popen('id > PWNED').read() }}",
    "{{ classes[0].__class__.__init__.__globals__ }}",
    "{{ classes[0].model_construct }}",
    "{% set x = classes.append(1) %}",
])
def test_template_cannot_reach_python(tmp_path, monkeypatch, payload):
    game = _project(tmp_path, {"01.md": f"# Rules\n\n{payload}\n"})
    monkeypatch.chdir(tmp_path)
    result = validate_game(game)
    assert not (tmp_path / "PWNED").exists()
    assert "template" in _codes(result), [f.format() for f in result.findings]
    f = next(f for f in result.findings if f.code == "template")
    assert f.loc.file.endswith("rulebook/01.md") and f.loc.line == 3, f.format()
    assert not os.path.exists("PWNED")


def test_symlinked_chapter_out_of_templates_is_not_read(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET LINE")
    game = _project(tmp_path, {"01.md": "# Rules\n\nPlay.\n"})
    os.symlink(secret, game.parent.parent / "templates" / "mini-hoh" / "rulebook" / "02.md")
    result = validate_game(game)
    assert "template-symlink" in _codes(result)
    assert not any("TOP SECRET" in f.message for f in result.findings)


def test_include_through_symlink_or_dotdot_is_refused(tmp_path):
    secret = tmp_path / "secret.j2"
    secret.write_text("TOP SECRET LINE")
    game = _project(tmp_path, {"01.md": "# Rules\n\n{% include 'evil.j2' %}\n",
                               "02.md": "# More\n\n{% include '../../../secret.j2' %}\n",
                               "03.md": "# Abs\n\n{% include '" + str(secret) + "' %}\n"})
    os.symlink(secret, game.parent.parent / "templates" / "mini-hoh" / "rulebook" / "evil.j2")
    result = validate_game(game)
    errs = [f for f in result.findings if f.is_error]
    files = sorted(Path(f.loc.file).name for f in errs if f.code.startswith("template"))
    assert {"01.md", "02.md", "03.md"} <= set(files), [f.format() for f in errs]
    assert not any("TOP SECRET" in f.message for f in errs)


def test_symlink_inside_the_templates_folder_is_fine(tmp_path):
    game = _project(tmp_path, {"01.md": "# Rules\n\n{% include 'shared.j2' %}\n"})
    root = game.parent.parent / "templates" / "mini-hoh"
    (root / "common.j2").write_text("Shared text.")
    os.symlink(root / "common.j2", root / "rulebook" / "shared.j2")
    assert validate_game(game).ok()


def test_symlinked_yaml_out_of_the_game_is_not_read(tmp_path):
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text("tokens:\n  - {name: Stolen, type: Counter, colour: '#111111', text: x}\n")
    game = _project(tmp_path, {})
    os.symlink(outside, game / "stolen.yaml")
    result = validate_game(game)
    f = next(f for f in result.findings if f.code == "symlink-outside")
    assert f.loc.file.endswith("stolen.yaml")
    assert not any(t.name == "Stolen" for t in getattr(result.data, "tokens", []) or [])


@pytest.mark.parametrize("body", [
    "{{ 'x' * 100000000 }}",
    "{{ 'x' * 1000 * 1000 * 1000 }}",
    "{{ 2 ** 100000000 }}",
    "{{ '%999999999d' % 1 }}",
    "{{ 'x'.center(1000000000) }}",
    "{{ 'x' | center(1000000000) }}",
    "{{ ('x' * 100000) | replace('x', 'x' * 100000) }}",
    "{{ '{:>1000000000}'.format(1) }}",
    "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
    "{% macro f(s) %}{{ f(s ~ s) }}{% endmacro %}{{ f('xx') }}",
    "{% for i in range(100000) %}{{ 'x' * 100 }}{% endfor %}",
])
def test_template_resources_are_bounded(tmp_path, monkeypatch, body):
    from printgen import limits

    monkeypatch.setitem(limits.LIMITS, "template-seconds", limits.Limit("template-seconds", 2, "s", ""))
    game = _project(tmp_path, {"01.md": f"# Rules\n\n{body}\n"})
    result = validate_game(game)
    errs = [f for f in result.findings if f.is_error]
    assert errs and all(f.code.startswith("template") for f in errs), [f.format() for f in errs]
    assert errs[0].loc.file.endswith("01.md")


def test_yaml_field_names_work_in_templates(tmp_path):
    game = _project(tmp_path, {"01.md": "# Rules\n\n{% for c in classes %}DEF {{ c.stats.def }}\n{% endfor %}"})
    assert validate_game(game).ok()


def test_jinja_syntax_error_points_at_its_line(tmp_path):
    game = _project(tmp_path, {"01.md": "# Rules\n\nLine three.\n\n{% for x in %}\n\nmore\n"})
    f = next(f for f in validate_game(game).findings if f.code == "template")
    assert f.loc.line == 5, f.format()
    assert f.loc.file.count("rulebook") == 1 and f.loc.file.endswith("01.md"), f.format()


def test_markup_in_data_is_printed_not_obeyed(tmp_path, monkeypatch):
    """issue 17 #2: a changelog summary carrying reportlab markup is escaped: the text prints, no file is read."""
    png = tmp_path / "leak.png"
    monkeypatch.chdir(tmp_path)  # the data names it as reportlab would find it: leak.png
    import zlib, struct

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    png.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 2, 0, 0, 0))
                    + chunk(b"IDAT", zlib.compress(b"\x00" + b"\xff\x00\x00" * 8 * 8)) + chunk(b"IEND", b""))
    game = _project(tmp_path, {"01.md": "# Changes\n\n{% for t in tokens %}{{ t.text }}\n\n{% endfor %}"
                                        f"![<img src=\"{png}\"/>](printgen:icon/wound)\n\n"
                                        "[a link](file:///etc/passwd) and <b>html</b>\n"})
    (game / "tokens.yaml").write_text(
        f"tokens:\n  - name: Sigil\n    type: Counter\n    colour: '#aa0000'\n    icon: wound\n"
        f"    text: 'Markup <img src=\"leak.png\" width=\"400\" height=\"400\"/> and <font size=\"90\">big</font> & co'\n")
    assert validate_game(game).ok(), [f.format() for f in validate_game(game).findings]
    result = build(folders=[game], out=tmp_path / "out", papers=["a4"], previews=False)
    assert result.ok
    doc = pymupdf.open(tmp_path / "out" / "mini-hoh" / "a4" / "rulebook.pdf")
    text = " ".join("".join(p.get_text() for p in doc).split())  # wherever the lines break
    assert "<img src=" in text and '<font size="90">big</font> & co' in text
    assert sum(len(p.get_images()) for p in doc) == 0
    links = [link.get("uri") for p in doc for link in p.get_links()]
    assert not any(u and u.startswith("file:") for u in links)
    sizes = {round(s["size"]) for p in doc for b in p.get_text("dict")["blocks"] for l in b.get("lines", [])
             for s in l["spans"]}
    assert 90 not in sizes


def test_no_module_builds_paragraphs_without_the_escaping_point():
    root = Path(__file__).parents[2] / "printgen"
    offenders = [str(p.relative_to(root)) for p in root.rglob("*.py")
                 if p.name != "markup.py" and re.search(r"(?<![\w.])Paragraph\(", p.read_text())]
    assert offenders == []


def test_templates_found_however_the_game_path_is_spelled(tmp_path, monkeypatch):
    game = _project(tmp_path, {"01.md": "# Rules\n\n{{ nosuchname }}\n"})
    monkeypatch.chdir(game.parent)
    spelled = validate_game(Path("mini-hoh"))
    assert spelled.templates is not None and [f.code for f in spelled.findings if f.is_error] == ["template"]
    monkeypatch.chdir(tmp_path)
    assert validate_game(Path("data/mini-hoh")).templates is not None
