"""The post-build step for players: print kits, zips, the gallery page, TTS and print-on-demand exports.

It runs after every target is written and reads only what the build wrote
(PDFs, previews, meshes) plus the validated game. Its inputs are hashed per
game into ``.printgen-publish.json``: a rebuild that changed nothing writes
nothing, and a file it no longer makes is removed.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable

from ..plan import _input_digest
from ..write.files import remove_stale, write_if_changed
from .bundle import bundle
from .gallery import GALLERY, gallery_html, thumbnails
from .exports import EXPORTS
from .kit import build_kit

MANIFEST = ".printgen-publish.json"
FORMAT = 1  # bump when the manifest's shape changes


def kit_name(gid: str, paper: str) -> str:
    return f"{gid}-{paper}-kit.pdf"


def zip_name(gid: str, paper: str) -> str:
    return f"{gid}-{paper}.zip"


def _read_json(path: Path) -> dict:
    try:
        data = json.loads(path.read_text())
        return data if isinstance(data, dict) and data.get("format") == FORMAT else {}
    except (OSError, ValueError):
        return {}


def _papers_on_disk(gout: Path, papers: list[str]) -> dict[str, dict[str, bytes]]:
    """paper -> {stem: PDF bytes} for the papers of this build that have printables."""
    found = {}
    for paper in papers:
        pdfs = {p.stem: p.read_bytes() for p in sorted((gout / paper).glob("*.pdf"))}
        if pdfs:
            found[paper] = pdfs
    return found


def _meshes(gout: Path) -> list[dict]:
    """The 3D pieces the build wrote: name, its STL and 3MF, its preview."""
    pieces = []
    for stl in sorted((gout / "stl").glob("*.stl")):
        entry = {"name": stl.stem, "files": {"stl": f"stl/{stl.name}"}, "bytes": {"stl": stl.stat().st_size}}
        three = gout / "3mf" / f"{stl.stem}.3mf"
        if three.is_file():
            entry["files"]["3mf"] = f"3mf/{three.name}"
            entry["bytes"]["3mf"] = three.stat().st_size
        preview = gout / "png" / f"piece-{stl.stem}.png"
        if preview.is_file():
            head = preview.read_bytes()[:24]
            entry["preview"] = {"src": f"png/{preview.name}", "w": int.from_bytes(head[16:20], "big"),
                                "h": int.from_bytes(head[20:24], "big")}
        pieces.append(entry)
    return pieces


def _digest(game, papers: dict[str, dict[str, bytes]], pieces: list[dict], previews: bool) -> str:
    h = hashlib.sha256(f"{FORMAT}:{_input_digest(game)}:{previews}".encode())
    for paper, pdfs in papers.items():
        for stem, data in pdfs.items():
            h.update(f"{paper}/{stem}:".encode())
            h.update(hashlib.sha256(data).digest())
    h.update(json.dumps(pieces, sort_keys=True).encode())
    return h.hexdigest()


def publish_game(game, gout: Path, papers: dict[str, dict[str, bytes]], pieces: list[dict]) -> tuple[dict[str, bytes], dict]:
    """Every file the step makes for one game (relative path -> bytes), and the game's gallery record."""
    cfg = game.data.game
    gid = game.game_id
    files: dict[str, bytes] = {}
    record: dict = {"id": gid, "name": cfg.name, "version": cfg.version,
                    "description": getattr(cfg, "description", None) or "", "papers": {}, "pieces": pieces}
    for paper, pdfs in papers.items():
        kit, entries, total = build_kit(game, paper, pdfs)
        files[kit_name(gid, paper)] = kit
        files[zip_name(gid, paper)] = bundle(cfg, paper, kit_name(gid, paper), kit, total, entries, pdfs)
        record["papers"][paper] = {
            "kit": kit_name(gid, paper), "kit_pages": total, "kit_bytes": len(kit),
            "zip": zip_name(gid, paper), "zip_bytes": len(files[zip_name(gid, paper)]),
            "printables": [{"stem": e.stem, "title": e.guide.title, "pages": e.pages, "sides": e.guide.sides,
                            "pdf": f"{paper}/{e.stem}.pdf", "bytes": len(pdfs[e.stem])} for e in entries],
        }
    if papers:
        thumbs, record["thumbs"] = thumbnails(papers)
        files.update(thumbs)
    record["exports"] = {}
    for name, export in EXPORTS.items():
        made, info = export(game)
        files.update(made)
        if made:
            record["exports"][name] = info
    return files, record


def publish(*, games: list, out: Path, papers: list[str], previews: bool = True, force: bool = False,
            emit: Callable[[str, dict], None] | None = None) -> list[Path]:
    """Make the kits, zips, exports and gallery for ``games`` under ``out``; returns the paths written."""
    emit = emit or (lambda name, info: None)
    written: list[Path] = []
    changed = False
    for game in games:
        gout = out / game.game_id
        on_disk = _papers_on_disk(gout, papers)
        pieces = _meshes(gout)
        digest = _digest(game, on_disk, pieces, previews)
        old = _read_json(gout / MANIFEST)
        if (not force and old.get("digest") == digest
                and all((gout / f).is_file() for f in old.get("files", []))):
            emit("skipped", {"game": game.game_id, "target": "publish"})
            continue
        emit("start", {"game": game.game_id, "target": "publish"})
        files, record = publish_game(game, gout, on_disk, pieces)
        for rel, data in files.items():
            if write_if_changed(gout / rel, data):
                written.append(gout / rel)
        remove_stale(gout, [f for f in old.get("files", []) if f not in files])
        manifest = {"format": FORMAT, "digest": digest, "files": sorted(files), "record": record}
        write_if_changed(gout / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True).encode())
        changed = True
        emit("done", {"game": game.game_id, "target": "publish", "files": len(files)})
    index = out / GALLERY
    if changed or not index.is_file():
        records = [m["record"] for m in (_read_json(p) for p in sorted(out.glob(f"*/{MANIFEST}"))) if m]
        if write_if_changed(index, gallery_html(records, out=out).encode()):
            written.append(index)
    return written
