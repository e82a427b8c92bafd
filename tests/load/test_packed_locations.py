"""A YAML document keeps its values' and keys' places as (line, col) until one is read, and pickles so (a build
pickles each game to its workers): read, pickled and unpickled, it gives the same Locations as a Document made
with them, and a game's source pickles without its list of every value."""

from __future__ import annotations

import csv
import pickle
import shutil
from pathlib import Path

import yaml

from printgen.findings import Location
from printgen.load import Document, load_yaml_text
from printgen.load.game_folder import load_game_folder
from printgen.load.sheet_source import SheetDocument
from printgen.load.document import LazyDocument
from tests.conftest import FIXTURES

TEXT = "a:\n  b: [1, 2]\n  c: {d: x}\n  e: |\n    one\n    two\nf:\n  - &x {g: 1}\n  - *x\n"


def _eager(doc) -> Document:
    """``doc`` as a plain Document with its locations made (what the loader made before they were packed)."""
    return Document(data=doc.data, file=doc.file, values=dict(doc.values), keys=dict(doc.keys),
                    styles=dict(doc.styles), lines=list(doc.lines))


def test_a_loaded_document_reads_as_a_document_made_with_its_locations():
    doc, findings = load_yaml_text(TEXT, file="f.yaml")
    assert findings == [] and isinstance(doc, LazyDocument)
    assert "_made_values" not in doc.__dict__  # nothing read yet: kept packed
    assert doc.values[("a", "b", 1)] == Location("f.yaml", 2, 10)
    assert doc.keys[("a", "c")] == Location("f.yaml", 3, 3)
    assert doc.values[("f", 1, "g")] == Location("f.yaml", 8, 12)  # an alias: where its anchor's value is
    assert all(type(v) is Location for v in doc.values.values()) and all(type(v) is Location for v in doc.keys.values())
    assert doc.values is doc.values  # made once, then kept (a caller may add to it, as the sheets' loader does)
    eager = _eager(doc)
    assert doc == eager and eager == doc and not doc != eager


def test_pickled_it_stays_packed_and_unpickles_equal():
    doc, _ = load_yaml_text(TEXT, file="f.yaml")
    blob = pickle.dumps(doc)
    again = pickle.loads(blob)
    assert type(again) is LazyDocument and "_made_values" not in again.__dict__ and "_made_keys" not in again.__dict__
    assert pickle.dumps(again) == blob  # pickled again as it came, nothing made
    assert again == doc and again.values == _eager(doc).values and again.keys == _eager(doc).keys
    # a plain Document (made by hand) pickles to the same and unpickles equal
    eager = _eager(doc)
    assert pickle.loads(pickle.dumps(eager)) == eager
    assert pickle.dumps(eager) == blob
    # read, changed, then pickled: the change goes along
    doc.values[("z",)] = Location("other.yaml", 7, 3)
    assert pickle.loads(pickle.dumps(doc)).values[("z",)] == Location("other.yaml", 7, 3)


def test_every_bundled_and_fixture_yaml_file_round_trips():
    root = Path(__file__).resolve().parents[2]
    files = sorted(p for d in ("data", "templates", "tests/fixtures", "printgen/packs")
                   for p in (root / d).rglob("*.yaml"))
    assert len(files) > 100
    for path in files:
        doc, _ = load_yaml_text(path.read_text(encoding="utf-8", errors="replace"), file=str(path))
        if doc is None:
            continue
        again = pickle.loads(pickle.dumps(doc))
        assert again.values == _eager(doc).values and again.keys == _eager(doc).keys and again.data == doc.data, path


def test_a_spreadsheet_document_pickles_as_before(tmp_path):
    game = tmp_path / "g"
    shutil.copytree(FIXTURES / "custom-game", game)
    data = yaml.safe_load((game / "content.yaml").read_text())
    battles = data.pop("battles")
    (game / "content.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    with open(game / "battles.csv", "w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["name", "map", "sides", "goal", "rounds"])
        for b in battles:
            out.writerow([b["name"], b["map"], "; ".join(b["sides"]), b["goal"], b["rounds"]])
    source, findings = load_game_folder(game)
    assert not [f for f in findings if f.is_error]
    sheet = source.kind_docs["battles"]
    assert type(sheet) is SheetDocument
    again = pickle.loads(pickle.dumps(source))
    assert type(again.kind_docs["battles"]) is SheetDocument and again.kind_docs["battles"] == sheet
    assert again.kind_docs["battles"].values == sheet.values and again.kind_docs["battles"].keys == sheet.keys
    assert any(loc.line > 1 and loc.file.endswith("battles.csv") for loc in sheet.values.values())


def test_a_game_source_pickles_without_its_every_value_list():
    source, _ = load_game_folder(FIXTURES / "mini-heroscape")
    every = source.values()
    again = pickle.loads(pickle.dumps(source))
    assert again._values is None  # not carried: made again when asked for
    assert again.values() == every and again == source
    for path in [p for p, _ in every][::7]:
        assert again.loc(path) == source.loc(path)
