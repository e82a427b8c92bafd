"""printgen export to CSV escapes cells a spreadsheet app would run as formulas (OWASP's CSV-injection
advice: a leading apostrophe before =, +, -, @, tab or carriage return), and the escaped file reads back
to the same items: the apostrophe convention is undone by the CSV reader."""

from __future__ import annotations

import csv
import io
import shutil

import yaml
from hypothesis import given, strategies as st
from typer.testing import CliRunner

from printgen.check.validate import check_game
from printgen.cli import app
from printgen.export import csv_bytes
from printgen.load.sheet_read import csv_escape, csv_unescape, csv_value
from tests.conftest import FIXTURES

HOSTILE = ["=cmd|' /C calc'!A0", "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A2)", "\tTabbed", "\rReturn",
           "'=already quoted", "''+twice"]


def test_every_formula_start_is_written_behind_an_apostrophe():
    data = csv_bytes(["name", "cost"], [[v, 3] for v in HOSTILE] + [["Plain", -1]])
    cells = list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))
    assert [r[0] for r in cells[1:]] == ["'" + v for v in HOSTILE] + ["Plain"]
    assert cells[-1][1] == "'-1"  # a negative number too: an app shows it as the text -1
    assert not any(c[:1] in ("=", "+", "-", "@", "\t", "\r") for row in cells for c in row)


@given(st.text(max_size=30))
def test_escape_then_read_back_is_the_identity(text):
    assert csv_unescape(csv_escape(text)) == text
    assert not csv_escape(text).startswith(("=", "+", "-", "@", "\t", "\r"))


def test_an_export_with_hostile_names_reimports_to_the_same_units(tmp_path):
    game = tmp_path / "g"
    shutil.copytree(FIXTURES / "custom-game", game)
    data = yaml.safe_load((game / "content.yaml").read_text())
    names = ["=cmd|' /C calc'!A0", "@Warden", "-Scout"]
    for unit, name in zip(data["units"], names):
        unit["name"] = name
    (game / "content.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    before = check_game(game)
    assert not [f for f in before.findings if f.is_error]
    sheet = tmp_path / "units.csv"
    res = CliRunner().invoke(app, ["export", "units", "--to", str(sheet), str(game)])
    assert res.exit_code == 0, res.output
    first_cells = [r[0] for r in csv.reader(io.StringIO(sheet.read_text(), newline=""))][1:]
    assert first_cells == ["'" + n for n in names[:len(first_cells)]] and len(first_cells) >= 2
    del data["units"]
    (game / "content.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    shutil.copy(sheet, game / "units.csv")
    after = check_game(game)
    assert not [f for f in after.findings if f.is_error], after.findings
    assert [u.model_dump() for u in after.data.units] == [u.model_dump() for u in before.data.units]
    assert csv_value("'-1") == -1 and csv_value("'x") == "'x"  # only the escape is undone


def test_the_export_says_what_the_game_does_with_the_sheet_where_it_was_written(tmp_path):
    """The message after an export matches what validate then does: a sheet in the game folder named for the
    kind (or any workbook) is read with no declaration, so its rows join the YAML's; another CSV name needs
    renaming or a sources: entry; a sheet outside the folder is never read."""
    cases = {"units.csv": ("delete units: from the YAML", "duplicate-name"),
             "army.xlsx": ("delete units: from the YAML", "duplicate-name"),
             "army.csv": ("rename it units.csv, or declare it in game.yaml: sources: [{file: army.csv, kind: units}]",
                          "unknown-kind"),
             "../elsewhere.csv": ("the game reads only files in its own folder", None)}
    for n, (place, (says, then)) in enumerate(cases.items()):
        game = tmp_path / f"g{n}"
        shutil.copytree(FIXTURES / "custom-game", game)
        res = CliRunner().invoke(app, ["export", "units", "--to", str(game / place), str(game)])
        assert res.exit_code == 0 and says in res.output, (place, res.output)
        codes = {f.code for f in check_game(game).findings if f.is_error}
        assert codes == ({then} if then else set()), (place, codes)
