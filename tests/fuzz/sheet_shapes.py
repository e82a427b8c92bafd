"""Hostile spreadsheet shapes, generated at test time: each is a file (name, bytes) a game folder may hold
as a kind's source, with the finding code and place it must end in. Used by tests/load/test_hostile_sheets.py
(each case bounded in time and memory) and, bigger, behind PRINTGEN_NIGHTLY.

The workbooks are written by hand (a zip of the few parts openpyxl and LibreOffice read), so a shape
openpyxl itself would refuse to write (a billion-column repeat, a cell typed as a number holding text)
can be made at all."""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass

HEAD = ["name", "faction", "cost", "move", "attack", "save", "role"]
ROW = ["Ember Warden", "Ashen Guard", 4, 3, "2-4", "4+", "soldier"]


@dataclass(frozen=True)
class Shape:
    name: str  # the case's name
    file: str  # the file's name in the game folder (named for its kind: units)
    data: bytes
    code: str  # the finding code the case must end in
    place: str  # the place the finding must name (a cell C2, or a CSV file:line)


# ------------------------------------------------------------------------------------------------ CSV

def csv_file(rows: list[list]) -> bytes:
    return "\r\n".join(",".join(str(c) for c in r) for r in rows).encode() + b"\r\n"


# ------------------------------------------------------------------------------------------------ XLSX

_CT = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
       'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships'
       '+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" '
       'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override '
       'PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.'
       'spreadsheetml.worksheet+xml"/>{extra}</Types>')
_RELS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
         '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
         'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>')
_BOOK = ('<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
         '2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>'
         '<sheet name="units" sheetId="1" r:id="rId1"/></sheets></workbook>')
_BOOK_RELS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
              'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
              'officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>{extra}</Relationships>')
NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'


def col_letters(n: int) -> str:
    out = ""
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


def xlsx_cell(ref: str, value) -> str:
    if isinstance(value, tuple):  # raw cell XML
        return value[0]
    if isinstance(value, (int, float)):
        return f'<c r="{ref}"><v>{value}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>'


def sheet_xml(rows: list[tuple[int, list]], *, tail: str = "", extra_rows: str = "") -> str:
    body = "".join(f'<row r="{n}">' + "".join(xlsx_cell(f"{col_letters(i + 1)}{n}", v) for i, v in enumerate(cells)
                                               if v is not None) + "</row>" for n, cells in rows)
    return f'<?xml version="1.0" encoding="UTF-8"?><worksheet {NS}><sheetData>{body}{extra_rows}</sheetData>{tail}</worksheet>'


def xlsx_file(sheet: str, *, styles: str | None = None, strings: str | None = None) -> bytes:
    parts = {"[Content_Types].xml": _CT.format(extra=""), "_rels/.rels": _RELS, "xl/workbook.xml": _BOOK,
             "xl/worksheets/sheet1.xml": sheet}
    rels = ""
    if styles is not None:
        parts["xl/styles.xml"] = styles
        rels += ('<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
                 'styles" Target="styles.xml"/>')
    if strings is not None:
        parts["xl/sharedStrings.xml"] = strings
        rels += ('<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
                 'sharedStrings" Target="sharedStrings.xml"/>')
    parts["xl/_rels/workbook.xml.rels"] = _BOOK_RELS.format(extra=rels)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in parts.items():
            z.writestr(name, text)
    return buf.getvalue()


def styles_xml(count: int) -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?><styleSheet {NS}><fonts count="1"><font/></fonts><fills count="1">'
            f'<fill/></fills><borders count="1"><border/></borders><cellXfs count="{count}">' + "<xf/>" * count
            + "</cellXfs></styleSheet>")


def good_rows() -> list[tuple[int, list]]:
    return [(1, HEAD), (2, ROW)]


# ------------------------------------------------------------------------------------------------ ODS

_ODS_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
           'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
           'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')


def ods_cell(value) -> str:
    if isinstance(value, tuple):
        return value[0]
    if isinstance(value, (int, float)):
        return f'<table:table-cell office:value-type="float" office:value="{value}"><text:p>{value}</text:p></table:table-cell>'
    return f'<table:table-cell office:value-type="string"><text:p>{value}</text:p></table:table-cell>'


def ods_file(rows: list, *, doctype: str = "", encoding: str = "utf-8") -> bytes:
    """rows: lists of cell values (a tuple is raw cell XML) or a str (a raw row)."""
    body = "".join(r if isinstance(r, str) else "<table:table-row>" + "".join(ods_cell(v) for v in r)
                   + "</table:table-row>" for r in rows)
    content = (f'<?xml version="1.0" encoding="{encoding.upper()}"?>{doctype}<office:document-content {_ODS_NS}>'
               f'<office:body><office:spreadsheet><table:table table:name="units">{body}</table:table>'
               "</office:spreadsheet></office:body></office:document-content>")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", content.encode(encoding))
    return buf.getvalue()


# ------------------------------------------------------------------------------------------------ the shapes

def shapes(*, big: bool = False) -> list[Shape]:
    """Every hostile shape; ``big`` makes the nightly sizes (millions of styles, a million-row sheet)."""
    styles = 2_000_000 if big else 70_000
    merges = 20_000
    formula = "=" + "1+" * (200_000 if big else 200_000) + "1"
    # each range reaches the sheet's last row; each row holds a styled, empty, self-closing cell (a lazy
    # regular expression looking for the cell's "</c>" would scan to the end of the sheet from each)
    far_merges = "".join(f'<mergeCell ref="A{3 + i}:C1048576"/>' for i in range(merges))
    million_rows = "".join(f'<row r="{n}"><c r="A{n}" s="1"/></row>' for n in range(3, 1_000_000 if big else 100_000))
    return [
        Shape("csv header index 1e9", "units.csv", csv_file([HEAD + ["abilities.1000000000.name"], ROW + ["Cut"]]),
              "limit-list-length", "units.csv:1:8"),
        Shape("csv header index 1e30", "units.csv", csv_file([HEAD + ["abilities.1e30.name"], ROW + ["Cut"]]),
              "sheet-header", "units.csv:1:8"),
        Shape("csv header superscript two", "units.csv", csv_file([HEAD + ["abilities.\u00b2.name"], ROW + ["Cut"]]),
              "sheet-header", "units.csv:1:8"),
        Shape("csv cell of 4,400 digits", "units.csv", csv_file([HEAD, ROW[:2] + ["9" * 4400] + ROW[3:]]),
              "limit-number", "units.csv:2:3"),
        Shape("xlsx header index 1e9", "units.xlsx",
              xlsx_file(sheet_xml([(1, HEAD + ["abilities.999999999.name"]), (2, ROW + ["Cut"])])),
              "limit-list-length", "H1"),
        Shape("xlsx a million cell styles" if big else "xlsx 70,000 cell styles", "units.xlsx",
              xlsx_file(sheet_xml(good_rows()), styles=styles_xml(styles)), "limit-sheet-styles", "units.xlsx"),
        Shape("xlsx formula of 400k characters", "units.xlsx",
              xlsx_file(sheet_xml([(1, HEAD), (2, ROW[:2] + [(f'<c r="C2"><f>{formula}</f></c>',)] + ROW[3:])])),
              "sheet-formula", "C2"),
        Shape("xlsx a 400k formula and 20,000 merges over a long sheet", "units.xlsx",
              xlsx_file(sheet_xml([(1, HEAD), (2, ROW[:2] + [(f'<c r="C2"><f>{formula}</f></c>',)] + ROW[3:])],
                                  extra_rows=million_rows,
                                  tail=f'<mergeCells count="{merges}">{far_merges}</mergeCells>')),
              "sheet-merged", "A3"),
        Shape("xlsx merge past column XFD", "units.xlsx",
              xlsx_file(sheet_xml(good_rows(), tail='<mergeCells count="1"><mergeCell ref="A2:XFE2"/></mergeCells>')),
              "sheet-file", "units.xlsx"),
        Shape("xlsx merge past row 1,048,576", "units.xlsx",
              xlsx_file(sheet_xml(good_rows(), tail='<mergeCells count="1"><mergeCell ref="A2:A1048577"/></mergeCells>')),
              "sheet-file", "units.xlsx"),
        Shape("xlsx bad merge xml", "units.xlsx",
              xlsx_file(sheet_xml(good_rows(), tail='<mergeCells count="1"><mergeCell ref="A2:"/></mergeCells>')),
              "sheet-merged", "A2"),
        Shape("xlsx shared string out of range", "units.xlsx",
              xlsx_file(sheet_xml([(1, HEAD), (2, [(f'<c r="A2" t="s"><v>999</v></c>',)] + ROW[1:])]),
                        strings=f'<sst {NS} count="1" uniqueCount="1"><si><t>x</t></si></sst>'),
              "sheet-file", "A2"),
        Shape("xlsx number cell holding text", "units.xlsx",
              xlsx_file(sheet_xml([(1, HEAD), (2, ROW[:2] + [(f'<c r="C2" t="n"><v>four</v></c>',)] + ROW[3:])])),
              "sheet-file", "C2"),
        Shape("xlsx date cell holding no date", "units.xlsx",
              xlsx_file(sheet_xml([(1, HEAD), (2, ROW[:2] + [(f'<c r="C2" t="d"><v>yesterday</v></c>',)] + ROW[3:])])),
              "sheet-file", "C2"),
        # both were 'a cell after row 1 cannot be read' at A2: the date passed a pattern, the number a 100-character look
        Shape("xlsx date cell of month 13", "units.xlsx",
              xlsx_file(sheet_xml([(1, HEAD), (2, ROW[:2] + [(f'<c r="C2" t="d"><v>2020-13-45T99:99</v></c>',)] + ROW[3:])])),
              "sheet-file", "C2"),
        Shape("xlsx number cell of 4,400 digits", "units.xlsx",
              xlsx_file(sheet_xml([(1, HEAD), (2, ROW[:2] + [(f'<c r="C2"><v>{"9" * 4400}</v></c>',)] + ROW[3:])])),
              "sheet-file", "C2"),
        Shape("xlsx cell past row 10,000", "units.xlsx",
              xlsx_file(sheet_xml(good_rows() + [(20_000, ["Lost Unit"])])), "limit-sheet-rows", "A20000"),
        Shape("xlsx cell past column 200", "units.xlsx",
              xlsx_file(sheet_xml(good_rows(), extra_rows='<row r="3"><c r="ZZ3"><v>7</v></c></row>')),
              "limit-sheet-columns", "ZZ3"),
        Shape("ods columns repeated 1e9", "units.ods",
              ods_file([HEAD, ROW[:-1] + [('<table:table-cell table:number-columns-repeated="1000000000" '
                                           'office:value-type="string"><text:p>x</text:p></table:table-cell>',)]]),
              "limit-sheet-columns", "GS2"),
        Shape("ods rows spanned 1e9", "units.ods",
              ods_file([HEAD, [('<table:table-cell table:number-rows-spanned="1000000000" office:value-type="string">'
                                '<text:p>Ember Warden</text:p></table:table-cell>',)] + ROW[1:]]),
              "sheet-merged", "A2"),
        Shape("ods rows repeated 1e9", "units.ods",
              ods_file([HEAD, '<table:table-row table:number-rows-repeated="1000000000">'
                        + "".join(ods_cell(v) for v in ROW) + "</table:table-row>"]),
              "limit-sheet-rows", "A10001"),
        Shape("ods negative repeat", "units.ods",
              ods_file([HEAD, '<table:table-row table:number-rows-repeated="-3">'
                        + "".join(ods_cell(v) for v in ROW) + "</table:table-row>"]),
              "sheet-file", "A2"),
        Shape("ods number cell holding text", "units.ods",
              ods_file([HEAD, ROW[:2] + [('<table:table-cell office:value-type="float" office:value="four"/>',)]
                        + ROW[3:]]), "sheet-file", "C2"),
        Shape("ods utf-16 internal entity", "units.ods",
              ods_file([HEAD, ["&lol;"] + ROW[1:]], doctype='<!DOCTYPE lol [<!ENTITY lol "Injected">]>',
                       encoding="utf-16"), "sheet-file", "units.ods"),
    ]
