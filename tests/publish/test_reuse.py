"""Export images drawn again only when what they show changed (printgen/write/reuse.py): one class's
VIT redraws that class's print-on-demand face and the TTS deck sheet, not the other faces, the tokens or
the maps; and what comes out is byte for byte what a build from nothing makes."""

from __future__ import annotations

import copy
import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml

import printgen.publish.pod as pod
import printgen.publish.raster as raster
import printgen.publish.tts as tts
from printgen.build import build
from printgen.write.reuse import Reuse, source_digest
from tests.conftest import FIXTURES


def _exports(out: Path) -> dict[str, bytes]:
    gout = out / "heroes-of-hex-mini"
    if not gout.is_dir():
        gout = next(p for p in out.iterdir() if p.is_dir())
    return {str(p.relative_to(gout)): p.read_bytes() for p in sorted(gout.rglob("*"))
            if p.is_file() and p.parts[len(gout.parts)] in ("pod", "tts")}


@pytest.fixture
def counted(monkeypatch):
    """How many faces each export rasterises (items_rows and, for deck sheets, sheet_rows are where faces
    become pixels), told apart by
    what they are drawn as: a print-on-demand face at 300 dpi with bleed, a clear-cornered TTS token,
    a TTS deck cell; and how many TTS map images."""
    drawn = Counter()

    def wrap(module):
        real, sheets = module.items_rows, module.sheet_rows

        def counting(items, *a, **k):
            kind = ("pod" if k["size_px"] == pod.pod_size((63.5, 88.9)) else
                    "tts tokens" if k.get("transparent") else
                    "cards" if k["size_px"] == (250, 350) else "tts")  # the gallery's cards at 100 dpi
            drawn[kind] += len(items)
            return real(items, *a, **k)

        def on_sheets(items, *a, **k):
            drawn["tts"] += len(items)  # a deck sheet's faces and its back
            return sheets(items, *a, **k)

        monkeypatch.setattr(module, "items_rows", counting)
        monkeypatch.setattr(module, "sheet_rows", on_sheets)

    wrap(raster)
    wrap(tts)
    maps = tts.pdf_page_pngs

    def map_images(*a, **k):
        drawn["tts maps"] += 1
        return maps(*a, **k)

    monkeypatch.setattr(tts, "pdf_page_pngs", map_images)
    return drawn


def test_one_class_changed_redraws_its_face_and_the_deck_sheet_only(tmp_path, counted):
    game = tmp_path / "game"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    classes = game / "classes.yaml"
    knight = yaml.safe_load(classes.read_text())["classes"][0]
    three = [knight] + [{**copy.deepcopy(knight), "name": name} for name in ("Warden", "Squire")]
    classes.write_text(yaml.safe_dump({"classes": three}, sort_keys=False))
    text = classes.read_text()
    out = tmp_path / "out"
    build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1)
    first = dict(counted)
    assert first["pod"] == 4 and first["tts"] == 4 and first["cards"] == 4  # three faces and the back, each
    assert first["tts tokens"] >= 1 and first["tts maps"] >= 1
    counted.clear()

    build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1)
    assert not counted  # nothing changed: no export ran at all

    build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1, force=True)
    assert dict(counted) == first  # forced: every image drawn again, none read back
    counted.clear()

    assert "vit: 2" in text
    classes.write_text(text.replace("vit: 2", "vit: 1", 1))
    before = _exports(out)
    build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1)
    assert counted["pod"] == 1 and counted["cards"] == 1  # the Knight's face: not the other two, not the back
    assert counted["tts"] == 4  # the deck sheet shows every card and the back
    assert counted["tts tokens"] == 0 and counted["tts maps"] == 0
    after = _exports(out)
    changed = {rel for rel in after if before.get(rel) != after[rel]}
    assert any(rel.startswith("pod/") and rel.endswith("-front.png") for rel in changed)
    assert not any(rel.startswith(("tts/tokens/", "tts/maps/")) or rel.endswith("back.png") for rel in changed)

    fresh = tmp_path / "fresh"
    build(folders=[game], out=fresh, papers=["a4"], previews=False, jobs=1)
    again = _exports(fresh)
    # the TTS saved objects name their images by absolute addresses: compare them with the folder swapped
    for rel in again:
        if rel.endswith(".json"):
            again[rel] = again[rel].replace(fresh.resolve().as_uri().encode(), out.resolve().as_uri().encode())
    assert again == after


def test_a_record_of_sources_is_kept_beside_each_file(tmp_path):
    game = tmp_path / "game"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    out = tmp_path / "out"
    build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1)
    record = json.loads(next(out.glob("*/.printgen-publish.json")).read_text())
    pod_job = record["jobs"]["exports/pod"]
    faces = [f for f in pod_job["files"] if f.endswith(".png")]
    assert faces and set(pod_job["sources"]) == set(faces)
    assert all(len(d) == 64 for d in pod_job["sources"].values())


def test_a_file_changed_on_disk_or_drawn_from_other_ops_is_made_again(tmp_path):
    gout = tmp_path
    (gout / "pod").mkdir()
    data = b"\x89PNG made last time"
    (gout / "pod" / "a.png").write_bytes(data)
    from printgen.write.manifest import sha256

    src = source_digest("pod", ["ops"], (1.0, 2.0))
    reuse = Reuse(gout, {"pod/a.png": (src, sha256(data))})
    assert reuse.take(["pod/a.png"], src) == {"pod/a.png": data}
    assert reuse.take(["pod/a.png"], source_digest("pod", ["other ops"], (1.0, 2.0))) is None
    assert reuse.sources["pod/a.png"] != src  # recorded as made from what it is made from now
    (gout / "pod" / "a.png").write_bytes(b"edited by hand")
    assert reuse.take(["pod/a.png"], src) is None
    (gout / "pod" / "a.png").unlink()
    (gout / "pod" / "a.png").symlink_to(gout / "elsewhere.png")
    (gout / "elsewhere.png").write_bytes(data)
    assert reuse.take(["pod/a.png"], src) is None  # never through a link
    assert Reuse(None).take(["pod/a.png"], src) is None  # no output folder: make everything
