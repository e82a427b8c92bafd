"""Explicit YAML scalar tags whose text does not fit the tag (``!!int abc``): located ``yaml-value``
findings in the loader, in ``validate`` (text and JSON) and in ``build``, never a traceback (issue 25)."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

from printgen.cli import app
from printgen.findings import Location
from printgen.load import load_yaml_text
from tests.conftest import FIXTURES

runner = CliRunner()

BAD = [
    ("x: !!int abc\n", "!!int"),
    ("x: !!int 0x\n", "!!int"),
    ("x: !!int ''\n", "!!int"),
    ("x: !!float abc\n", "!!float"),
    ("x: !!bool maybe\n", "!!bool"),
    ("x: !!timestamp nope\n", "!!timestamp"),
    ("x: !!timestamp 2001-13-45\n", "month must be in 1..12"),
    ("x: !!timestamp 2001-02-30\n", "day is out of range"),
    ("x: !!timestamp 99999-01-01\n", "!!timestamp"),
    ("x: !!null x\n", "!!null"),
    ("x: !!binary '%%%'\n", "!!binary"),
    ("x: !!binary aGVsbG8=\n", "!!binary"),  # valid base64, but bytes are not game data
    ("x: !!map abc\n", "mapping"),
    ("x: !!merge abc\n", "merge"),
]


@pytest.mark.parametrize("text,words", BAD)
def test_a_tag_that_does_not_fit_its_value_is_a_located_finding(text, words):
    doc, findings = load_yaml_text("a: 1\n" + text, file="f.yaml")
    (f,) = findings
    assert f.code == "yaml-value" and f.is_error
    assert f.loc == Location("f.yaml", 2, 4)  # the value (its tag), not the key or the file
    assert words in f.message
    assert doc.data == {"a": 1, "x": None}


def test_a_date_yaml_resolves_by_itself_but_is_no_date_says_to_quote_it():
    doc, (f,) = load_yaml_text("released: 2001-13-45\n", file="f.yaml")
    assert f.code == "yaml-value" and f.loc == Location("f.yaml", 1, 11)
    assert "month must be in 1..12" in f.message and "quotes" in f.message


def test_a_bad_tag_on_a_key_drops_the_entry_with_a_finding():
    doc, findings = load_yaml_text("ok: 1\n!!int abc: 2\n!!bool maybe: 3\n", file="f.yaml")
    assert doc.data == {"ok": 1}
    assert [(f.code, f.loc) for f in findings] == [("yaml-value", Location("f.yaml", 2, 1)),
                                                   ("yaml-value", Location("f.yaml", 3, 1))]


@pytest.mark.parametrize("text,value", [
    ("x: !!int 12\n", 12), ("x: !!float 3\n", 3.0), ("x: !!float 1e5\n", 1e5), ("x: !!bool yes\n", True),
    ("x: !!null ~\n", None), ("x: !!str 5\n", "5"), ("x: !!int 1_000\n", 1000),
])
def test_tags_that_fit_their_value_still_load(text, value):
    doc, findings = load_yaml_text(text, file="f.yaml")
    assert findings == [] and doc.data == {"x": value}


def _game_with(tmp_path, old: str, new: str):
    game = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    path = game / "classes.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return game


@pytest.mark.parametrize("tagged", ["!!int five", "!!float abc", "!!bool maybe", "!!timestamp nope",
                                    "!!timestamp 2001-13-45", "!!binary '%%%'", "!!null x"])
def test_validate_reports_the_tag_in_text_and_json(tmp_path, monkeypatch, tagged):
    game = _game_with(tmp_path, "atk: 2,", f"atk: {tagged},")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["validate", "mini-hoh"])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    line = next(i for i, t in enumerate((game / "classes.yaml").read_text().splitlines(), 1) if tagged in t)
    col = (game / "classes.yaml").read_text().splitlines()[line - 1].index(tagged) + 1
    assert f"mini-hoh/classes.yaml:{line}:{col}: error[yaml-value]" in result.output
    result = runner.invoke(app, ["validate", "mini-hoh", "--format", "json"])
    assert result.exit_code == 1
    findings = json.loads(result.output)["games"][0]["findings"]  # still JSON, nothing else printed
    hit = [f for f in findings if f["code"] == "yaml-value"]
    assert hit and (hit[0]["file"], hit[0]["line"], hit[0]["col"]) == ("mini-hoh/classes.yaml", line, col)


def test_build_stops_at_the_tag_and_writes_nothing(tmp_path, monkeypatch):
    _game_with(tmp_path, "atk: 2,", "atk: !!int five,")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["build", "mini-hoh", "--out", "out", "--paper", "a4", "--no-previews"])
    assert result.exit_code == 1
    assert "error[yaml-value]" in result.output and "Traceback" not in result.output
    assert not any(p.is_file() for p in (tmp_path / "out").rglob("*"))
