"""Spreadsheet sources (issue 27): a kind's items from XLSX, CSV or ODS build the same PDFs as the same data in
YAML; every bad cell is a finding at its cell; `printgen export` round-trips a kind through a sheet."""

from __future__ import annotations

import csv
import json
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest
import yaml
from typer.testing import CliRunner

from printgen.build import build
from printgen.check.validate import check_game
from printgen.cli import app
from printgen.findings import Location
from printgen import limits as limits_module

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
CUSTOM = FIXTURES / "custom-game"
UNIT_HEAD = ["name", "faction", "cost", "move", "attack", "save", "role", "portrait",
             "abilities.1.name", "abilities.1.text", "abilities.2.name", "abilities.2.text"]


def _split_game(dst: Path, *, declare: bool = True) -> Path:
    """custom-game with its units in units.xlsx (sheet Units, declared) and its battles in battles.csv (by name)."""
    shutil.copytree(CUSTOM, dst)
    data = yaml.safe_load((dst / "content.yaml").read_text())
    units, battles = data.pop("units"), data.pop("battles")
    (dst / "content.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Units"
    ws.append(UNIT_HEAD)
    for u in units:
        ws.append([u.get(h) for h in UNIT_HEAD[:8]] + [v for a in u["abilities"] for v in (a["name"], a["text"])])
    book.save(dst / "units.xlsx")
    with open(dst / "battles.csv", "w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["name", "map", "sides", "goal", "rounds"])
        for b in battles:
            out.writerow([b["name"], b["map"], "; ".join(b["sides"]), b["goal"], b["rounds"]])
    if declare:
        with open(dst / "game.yaml", "a", encoding="utf-8") as fh:
            fh.write("sources:\n  - {file: units.xlsx, sheet: Units, kind: units}\n")
    return dst


def _pdfs(game: Path, out: Path) -> dict[str, bytes]:
    result = build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1)
    assert result.ok, [f.format() for f in result.findings if f.is_error]
    files = {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*.pdf"))}
    assert len(files) >= 4
    return files


@pytest.fixture(scope="module")
def yaml_pdfs(tmp_path_factory) -> dict[str, bytes]:
    return _pdfs(CUSTOM, tmp_path_factory.mktemp("yaml-out"))


def _findings(game: Path):
    return [f for f in check_game(game).findings if f.is_error]


def _at(findings, code: str):
    hits = [f for f in findings if f.code == code]
    assert hits, [f.format() for f in findings]
    return hits


def test_units_from_xlsx_and_battles_from_csv_build_the_same_pdfs_as_yaml(tmp_path, yaml_pdfs):
    game = _split_game(tmp_path / "g")
    assert _findings(game) == []
    sheet_pdfs = _pdfs(game, tmp_path / "out")
    assert sheet_pdfs.keys() == yaml_pdfs.keys()
    for name, data in sheet_pdfs.items():
        assert data == yaml_pdfs[name], name


def test_a_cell_location_reads_as_the_spreadsheet_names_it():
    loc = Location("units.xlsx", 12, 3, "Units")
    assert str(loc) == "units.xlsx[Units]!C12" and loc.cell == "C12"
    assert str(Location("units.csv", 12, 3)) == "units.csv:12:3"
    assert str(Location("wide.xlsx", 1, 28, "S")) == "wide.xlsx[S]!AB1"


def test_each_bad_cell_is_a_finding_at_its_cell(tmp_path):
    game = _split_game(tmp_path / "g")
    book = openpyxl.load_workbook(game / "units.xlsx")
    ws = book["Units"]
    ws["C2"] = "four"  # a wrong type
    ws["D1"] = "mvoe"  # a header no field knows
    ws["M1"] = "cost"  # a duplicate header
    ws["M2"] = 3
    ws["O2"] = 7  # a value under an empty header
    ws["N3"] = "=SUM(C2:C3)"  # a formula with no saved value (openpyxl saves none)
    ws["A5"] = "Merged"
    ws.merge_cells("A5:B5")
    book.save(game / "units.xlsx")
    text = (game / "battles.csv").read_text().replace("Ashen Guard;", "Ashen Gurd;")
    (game / "battles.csv").write_text(text)
    found = _findings(game)
    where = {(f.code, f.loc.file.rsplit("/", 1)[-1], f.loc.sheet, f.loc.line, f.loc.col) for f in found}
    assert ("schema", "units.xlsx", "Units", 2, 3) in where
    unknown = _at(found, "unknown-key")
    assert len(unknown) == 1 and "did you mean 'move'" in unknown[0].message  # one finding for the column
    assert (unknown[0].loc.sheet, unknown[0].loc.line, unknown[0].loc.col) == ("Units", 1, 4)
    headers = {(f.loc.line, f.loc.col) for f in _at(found, "sheet-header")}
    assert headers == {(1, 13), (1, 15)}
    assert ("sheet-formula", "units.xlsx", "Units", 3, 14) in where
    assert ("sheet-merged", "units.xlsx", "Units", 5, 1) in where
    assert not any(f.code == "missing-key" for f in found)  # the merged row is that one finding, no more
    assert ("unknown-ref", "battles.csv", "", 2, 3) in where
    as_json = json.loads(json.dumps(found[0].to_dict()))
    assert {"sheet", "cell", "file", "line", "col"} <= as_json.keys()


def test_a_formula_is_read_as_its_saved_value_never_evaluated(tmp_path):
    game = _split_game(tmp_path / "g")
    path = game / "units.xlsx"
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    # C2 (cost 4) becomes a formula whose saved value is 4: printgen reads the 4, not the formula's 1+1
    xml = parts[sheet].decode()
    start = xml.index('<c r="C2"')
    end = xml.index("</c>", start) + 4
    parts[sheet] = (xml[:start] + '<c r="C2"><f>1+1</f><v>4</v></c>' + xml[end:]).encode()
    with zipfile.ZipFile(path, "w") as z:
        for n, b in parts.items():
            z.writestr(n, b)
    result = check_game(game)
    assert [f for f in result.findings if f.is_error] == []
    assert result.data.units[0].cost == 4


def test_a_missing_sheet_is_a_finding_at_the_declaration(tmp_path):
    game = _split_game(tmp_path / "g")
    text = (game / "game.yaml").read_text().replace("sheet: Units", "sheet: Unit")
    (game / "game.yaml").write_text(text)
    (hit,) = _at(_findings(game), "sheet-missing")
    assert "did you mean 'Units'" in hit.message
    assert hit.loc.file.endswith("game.yaml") and hit.loc.line == text.splitlines().index(
        "  - {file: units.xlsx, sheet: Unit, kind: units}") + 1


def test_a_file_that_is_not_a_spreadsheet_is_a_finding(tmp_path):
    game = _split_game(tmp_path / "g")
    (game / "units.xlsx").write_bytes(b"%PDF-1.7 not a workbook\n")
    (game / "battles.csv").write_bytes(b"\x00\x01\x02binary")
    found = _findings(game)
    files = {f.loc.file.rsplit("/", 1)[-1] for f in _at(found, "sheet-file")}
    assert files == {"units.xlsx", "battles.csv"}


def test_a_zip_bomb_posing_as_xlsx_is_refused_before_it_is_opened(tmp_path):
    game = _split_game(tmp_path / "g")
    with zipfile.ZipFile(game / "units.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<x/>")
        for i in range(3):  # 3 x 50 MB of zeros: a few hundred KB stored
            with z.open(f"xl/worksheets/sheet{i}.xml", "w", force_zip64=True) as fh:
                block = b"\0" * (1 << 20)
                for _ in range(50):
                    fh.write(block)
    (hit,) = _at(_findings(game), "limit-sheet-unpacked")
    assert hit.loc.file.endswith("units.xlsx") and "zip bomb" in hit.message


def test_rows_past_the_limit_are_refused_at_the_row_that_crosses_it(tmp_path):
    game = _split_game(tmp_path / "g")
    row = "Night,Watchtower,Ashen Guard,Hold.,5\n"
    (game / "battles.csv").write_text("name,map,sides,goal,rounds\n" + row * 100_000)
    found = _findings(game)
    (hit,) = _at(found, "limit-sheet-rows")
    assert hit.loc.file.endswith("battles.csv") and hit.loc.line == 10_001
    assert not any(f.code == "schema" for f in found)  # past a limit nothing else runs


def test_the_row_limit_holds_in_a_workbook_too(tmp_path, monkeypatch):
    monkeypatch.setitem(limits_module.LIMITS, "sheet-rows", limits_module.Limit("sheet-rows", 2, "rows", "rows"))
    game = _split_game(tmp_path / "g")
    (hit,) = _at(_findings(game), "limit-sheet-rows")
    assert (hit.loc.sheet, hit.loc.line, hit.loc.col) == ("Units", 3, 1)


def test_macros_and_external_links_are_ignored(tmp_path):
    game = _split_game(tmp_path / "g")
    with zipfile.ZipFile(game / "units.xlsx", "a") as z:
        z.writestr("xl/vbaProject.bin", b"\xd0\xcf\x11\xe0 not run")
        z.writestr("xl/externalLinks/externalLink1.xml", "<externalLink/>")
    assert _findings(game) == []


def _ods(path: Path, sheet: str, rows: list[list], *, doctype: str = "") -> None:
    """A minimal ODS file (the parts LibreOffice reads): mimetype, manifest and content.xml."""
    ns = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')
    body = []
    for row in rows:
        cells = []
        for v in row:
            if v is None:
                cells.append("<table:table-cell/>")
            elif isinstance(v, tuple):  # raw cell XML
                cells.append(v[0])
            elif isinstance(v, (int, float)):
                cells.append(f'<table:table-cell office:value-type="float" office:value="{v}"><text:p>{v}</text:p>'
                             "</table:table-cell>")
            else:
                cells.append(f'<table:table-cell office:value-type="string"><text:p>{v}</text:p></table:table-cell>')
        body.append("<table:table-row>" + "".join(cells) + "</table:table-row>")
    body.append('<table:table-row table:number-rows-repeated="1048000"><table:table-cell '
                'table:number-columns-repeated="1024"/></table:table-row>')
    content = (f'<?xml version="1.0" encoding="UTF-8"?>{doctype}<office:document-content {ns}><office:body>'
               f'<office:spreadsheet><table:table table:name="{sheet}">{"".join(body)}</table:table>'
               "</office:spreadsheet></office:body></office:document-content>")
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", content)


def test_an_ods_workbook_named_for_its_kind_gives_the_same_items(tmp_path):
    game = _split_game(tmp_path / "g", declare=False)
    (game / "units.xlsx").unlink()
    units = yaml.safe_load((CUSTOM / "content.yaml").read_text())["units"]
    rows = [UNIT_HEAD] + [[u.get(h) for h in UNIT_HEAD[:8]]
                          + [v for a in u["abilities"] for v in (a["name"], a["text"])] for u in units]
    rows[1][2] = "four"
    _ods(game / "book.ods", "units", rows)
    found = _findings(game)
    (hit,) = _at(found, "schema")
    assert (hit.loc.file.rsplit("/", 1)[-1], hit.loc.sheet, hit.loc.cell) == (
        "book.ods", "units", "C2")
    rows[1][2] = 4
    _ods(game / "book.ods", "units", rows)
    result = check_game(game)
    assert [f for f in result.findings if f.is_error] == []
    assert [u.cost for u in result.data.units] == [4, 3]


def test_export_round_trip_builds_the_same_pdfs(tmp_path, yaml_pdfs):
    game = tmp_path / "g"
    shutil.copytree(CUSTOM, game)
    runner = CliRunner()
    sheet = tmp_path / "units.xlsx"
    res = runner.invoke(app, ["export", "units", "--to", str(sheet), str(game)])
    assert res.exit_code == 0, res.output
    header = [c.value for c in next(openpyxl.load_workbook(sheet)["units"].iter_rows())]
    assert header[0] == "name" and header[-1] == "count" and "abilities.2.text" in header
    res = runner.invoke(app, ["export", "battles", "--to", str(tmp_path / "battles.csv"), str(game)])
    assert res.exit_code == 0, res.output
    assert "Ashen Guard; Lantern Folk" in (tmp_path / "battles.csv").read_text()
    data = yaml.safe_load((game / "content.yaml").read_text())
    del data["units"]
    (game / "content.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    shutil.copy(sheet, game / "army.xlsx")
    with open(game / "game.yaml", "a", encoding="utf-8") as fh:
        fh.write("sources:\n  - {file: army.xlsx, sheet: units}\n")
    res = runner.invoke(app, ["validate", str(game)])
    assert res.exit_code == 0, res.output
    assert _pdfs(game, tmp_path / "out") == yaml_pdfs
    # an edit in the sheet makes the next build redraw what shows it (the build's digests see sheets too)
    book = openpyxl.load_workbook(game / "army.xlsx")
    book["units"]["A2"] = "Ember Keeper"
    book.save(game / "army.xlsx")
    again = _pdfs(game, tmp_path / "out")
    changed = {name for name in again if again[name] != yaml_pdfs[name]}
    assert any("unit-cards" in name for name in changed), changed


def test_export_of_an_unknown_kind_writes_nothing(tmp_path):
    res = CliRunner().invoke(app, ["export", "unitz", "--to", str(tmp_path / "u.csv"), str(CUSTOM)])
    assert res.exit_code == 1 and "did you mean 'units'" in res.output
    assert list(tmp_path.iterdir()) == []


def test_an_excel_csv_with_bom_semicolons_and_a_multiline_cell(tmp_path):
    game = _split_game(tmp_path / "g")
    with open(game / "battles.csv", "w", newline="", encoding="utf-8-sig") as fh:
        out = csv.writer(fh, delimiter=";")
        out.writerow(["name", "map", "sides", "goal", "rounds"])
        out.writerow(["Night at the Tower", "Watchtower", "Ashen Guard; Lantern Folk", "Hold the tower\nhex.", 5])
        out.writerow(["Dawn", "Watchtowr", "Ashen Guard", "Hold.", ""])
    result = check_game(game)
    (hit,) = [f for f in result.findings if f.is_error]
    # the second item starts on line 4 of the file (the first one's goal spans lines 2-3), column 2
    assert (hit.code, hit.loc.line, hit.loc.col, hit.loc.sheet) == ("unknown-ref", 4, 2, "")
    assert "did you mean 'Watchtower'" in hit.message
    first = result.source.data["battles"][0]
    assert first["sides"] == ["Ashen Guard", "Lantern Folk"] and first["rounds"] == 5


def test_ods_merged_cells_formulas_and_entities_are_findings(tmp_path):
    game = _split_game(tmp_path / "g", declare=False)
    (game / "units.xlsx").unlink()
    units = yaml.safe_load((CUSTOM / "content.yaml").read_text())["units"]
    rows = [UNIT_HEAD] + [[u.get(h) for h in UNIT_HEAD[:8]]
                          + [v for a in u["abilities"] for v in (a["name"], a["text"])] for u in units]
    rows[1][3] = ('<table:table-cell table:formula="of:=1+2"/>',)  # D2: a formula with no saved value
    rows[2][0] = ('<table:table-cell table:number-columns-spanned="2" office:value-type="string">'
                  "<text:p>Lamplighter</text:p></table:table-cell>",)  # A3: merged
    _ods(game / "book.ods", "units", rows)
    found = _findings(game)
    assert {(f.code, f.loc.cell) for f in found} == {("sheet-formula", "D2"), ("sheet-merged", "A3")}
    _ods(game / "book.ods", "units", rows, doctype='<!DOCTYPE lol [<!ENTITY lol "lol">]>')
    (hit,) = _at(_findings(game), "sheet-file")
    assert "entities" in hit.message and hit.loc.file.endswith("book.ods")
