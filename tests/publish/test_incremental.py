"""Publishing redoes only the work whose inputs changed: an export reads the validated game (what it
read is recorded, as for the build's targets), a kit its paper's PDFs. Unchanged work keeps its files
(same bytes, same modification time); changed work is made again and shows the change."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pymupdf

from printgen.build import build
from printgen.publish import MANIFEST
from tests.conftest import FIXTURES


def _times(out: Path, part: str) -> dict[Path, int]:
    return {p: p.stat().st_mtime_ns for p in (out / "mini-hoh" / part).rglob("*") if p.is_file()}


def _game(tmp_path: Path) -> tuple[Path, Path]:
    game = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    out = tmp_path / "out"
    assert build(folders=[game], out=out, papers=["a4"], jobs=2).ok
    return game, out


def test_a_scenario_change_keeps_the_exports_and_a_class_change_remakes_them(tmp_path):
    game, out = _game(tmp_path)
    pod, tts = _times(out, "pod"), _times(out, "tts")
    assert pod and tts
    kit = (out / "mini-hoh" / "mini-hoh-a4-kit.pdf").read_bytes()
    # a scenario's summary: on the scenario sheets (so in the kit), on no card, token or map
    scenarios = game / "scenarios.yaml"
    scenarios.write_text(scenarios.read_text().replace("Clear the cellar.", "Clear the flooded cellar.", 1))
    again = build(folders=[game], out=out, papers=["a4"], jobs=2)
    assert again.ok and "mini-hoh/scenarios@a4" in again.built
    assert _times(out, "pod") == pod and _times(out, "tts") == tts
    assert (out / "mini-hoh" / "mini-hoh-a4-kit.pdf").read_bytes() != kit
    assert "flooded" in "".join(p.get_text() for p in pymupdf.open(out / "mini-hoh" / "mini-hoh-a4-kit.pdf"))
    # a class's VIT: on the cards, so the print-on-demand faces and the TTS deck are made again
    classes = game / "classes.yaml"
    text = classes.read_text()
    assert "vit: 2" in text
    classes.write_text(text.replace("vit: 2", "vit: 3", 1))
    third = build(folders=[game], out=out, papers=["a4"], jobs=2)
    assert third.ok
    names = {p.relative_to(out / "mini-hoh").as_posix() for p in third.written}
    assert any(n.startswith("pod/") for n in names) and any(n.startswith("tts/") for n in names)
    record = json.loads((out / "mini-hoh" / MANIFEST).read_text())
    assert set(record["jobs"]) >= {"exports/pod", "exports/tts", "papers/a4", "thumbs/class-cards"}
    assert all(k.startswith("data") or k.startswith("templates") or k in ("folder", "rules", "source", "*")
               or k.startswith("rules.") for k in record["jobs"]["exports/pod"]["reads"])


def test_an_older_record_is_upgraded_without_a_conflict(tmp_path):
    game, out = _game(tmp_path)
    path = out / "mini-hoh" / MANIFEST
    record = json.loads(path.read_text())
    # what printgen wrote before each job had a digest (format 2): its files, one digest for the lot
    path.write_text(json.dumps({"format": 2, "digest": "old", "files": record["files"], "record": record["record"]}))
    again = build(folders=[game], out=out, papers=["a4"], jobs=1)
    assert again.ok
    assert json.loads(path.read_text())["format"] == record["format"]
    assert len(pymupdf.open(out / "mini-hoh" / "mini-hoh-a4-kit.pdf")) > 1


def test_an_export_file_deleted_is_made_again(tmp_path):
    game, out = _game(tmp_path)
    csv = out / "mini-hoh" / "pod" / "cards.csv"
    before = csv.read_bytes()
    csv.unlink()
    again = build(folders=[game], out=out, papers=["a4"], jobs=1)
    assert again.ok and again.built == []
    assert csv.read_bytes() == before


def test_a_crafted_record_is_never_trusted_past_what_printgen_wrote(tmp_path):
    game, out = _game(tmp_path)
    outside = tmp_path / "keep.txt"
    outside.write_text("mine")
    path = out / "mini-hoh" / MANIFEST
    record = json.loads(path.read_text())
    jobs = record["jobs"]
    jobs["exports/pod"]["info"] = ["not", "a", "mapping"]  # the right digest, a wrong shape
    jobs["exports/tts"]["files"] = ["../../keep.txt"]
    jobs["exports/tts"]["reads"] = ["../../keep.txt"]
    record["files"]["../../keep.txt"] = "0" * 64
    jobs["thumbs/class-cards"]["files"] = [7, None]
    jobs["thumbs/tokens"]["info"]["thumb"] = "not an image"  # the right digest again
    path.write_text(json.dumps(record))
    again = build(folders=[game], out=out, papers=["a4"], jobs=1)
    assert again.ok
    assert outside.read_text() == "mine"
    fresh = json.loads(path.read_text())
    assert isinstance(fresh["jobs"]["exports/pod"]["info"], dict)
    assert "../../keep.txt" not in fresh["jobs"]["exports/tts"]["files"]
    assert (out / "mini-hoh" / "pod" / "cards.csv").is_file() and (out / "index.html").is_file()
    assert isinstance(fresh["jobs"]["thumbs/tokens"]["info"]["thumb"], dict)
    assert 'src="mini-hoh/thumbs/tokens.png"' in (out / "mini-hoh.html").read_text()
