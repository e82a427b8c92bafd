"""The post-build step for players: print kits, zips, the gallery page, TTS and print-on-demand exports.

It runs after every target is written and reads only what the build wrote
(PDFs, previews, meshes) plus the validated game. Its inputs are hashed per
game into ``.printgen-publish.json``: a rebuild that changed nothing writes
nothing, and a file it no longer makes is removed.
"""

from __future__ import annotations

import hashlib
import json
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Callable

from ..deps import Digests
from ..write.files import write_if_changed
from ..write.manifest import Manifest, sha256
from .bundle import bundle
from .gallery import GALLERY, gallery_html, thumbnails
from .exports import EXPORTS
from .kit import build_kit

MANIFEST = ".printgen-publish.json"
FORMAT = 2  # bump when the manifest's shape changes (2: files with their SHA-256)


def kit_name(gid: str, paper: str) -> str:
    return f"{gid}-{paper}-kit.pdf"


def zip_name(gid: str, paper: str) -> str:
    return f"{gid}-{paper}.zip"


def _read_json(path: Path) -> dict:
    try:
        data = json.loads(path.read_text())
        # A record printgen did not write (edited, [] or an old format) counts as absent.
        ok = (isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("files"), dict)
              and isinstance(data.get("record"), dict))
        return data if ok else {}
    except (OSError, ValueError):
        return {}


def _built(gout: Path) -> dict[str, str]:
    """Relative path -> SHA-256 of every file the build's record says it wrote in ``gout``.

    Publishing packs only these (checked against their digest on disk): a PDF or STL the user
    keeps in the output folder, or one edited since, never goes into a kit, a zip or the gallery.
    """
    return {rel: d for entry in Manifest.load(gout).targets.values() for rel, d in entry["files"].items()}


def _read_built(gout: Path, rel: str, built: dict[str, str]) -> bytes | None:
    path = gout / rel
    if rel not in built or path.is_symlink() or not path.is_file():
        return None
    data = path.read_bytes()
    return data if sha256(data) == built[rel] else None


def _papers_on_disk(gout: Path, papers: list[str], built: dict[str, str]) -> dict[str, dict[str, bytes]]:
    """paper -> {stem: PDF bytes} for the papers of this build that have printables."""
    found = {}
    for paper in papers:
        pdfs = {}
        for rel in sorted(r for r in built if r.startswith(f"{paper}/") and r.count("/") == 1 and r.endswith(".pdf")):
            data = _read_built(gout, rel, built)
            if data is not None:
                pdfs[Path(rel).stem] = data
        if pdfs:
            found[paper] = pdfs
    return found


def _meshes(gout: Path, built: dict[str, str]) -> list[dict]:
    """The 3D pieces the build wrote: name, its STL and 3MF, its preview."""
    pieces = []
    stls = [gout / r for r in sorted(built) if r.startswith("stl/") and r.count("/") == 1 and r.endswith(".stl")]
    for stl in (p for p in stls if p.is_file() and not p.is_symlink()):
        entry = {"name": stl.stem, "files": {"stl": f"stl/{stl.name}"}, "bytes": {"stl": stl.stat().st_size}}
        three = gout / "3mf" / f"{stl.stem}.3mf"
        if f"3mf/{three.name}" in built and three.is_file():
            entry["files"]["3mf"] = f"3mf/{three.name}"
            entry["bytes"]["3mf"] = three.stat().st_size
        preview = gout / "png" / f"piece-{stl.stem}.png"
        if f"png/{preview.name}" in built and preview.is_file():
            head = preview.read_bytes()[:24]
            entry["preview"] = {"src": f"png/{preview.name}", "w": int.from_bytes(head[16:20], "big"),
                                "h": int.from_bytes(head[20:24], "big")}
        pieces.append(entry)
    return pieces


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def _terrain(gout: Path, built: dict[str, str]) -> list[dict]:
    """The terrain plates the build wrote (game.yaml ``mesh: terrain:``), per map: each plate's 3MF
    and preview, the distinct tiles' STLs and the bill of materials."""
    maps: dict[str, dict] = {}
    for rel in sorted(built):
        parts = rel.split("/")
        if parts[0] != "terrain" or len(parts) < 3 or not (gout / rel).is_file():
            continue
        entry = maps.setdefault(parts[1], {"map": parts[1], "plates": [], "tiles": [], "bom": []})
        name = parts[-1]
        if parts[2] == "plates" and name.endswith(".3mf"):
            plate = {"name": name[:-4], "3mf": rel, "bytes": (gout / rel).stat().st_size}
            preview = rel[:-4] + ".png"
            if preview in built and (gout / preview).is_file():
                w, h = _png_size(gout / preview)
                plate["preview"] = {"src": preview, "w": w, "h": h}
            entry["plates"].append(plate)
        elif parts[2] == "tiles" and name.endswith(".stl"):
            entry["tiles"].append({"name": name[:-4], "stl": rel, "bytes": (gout / rel).stat().st_size})
        elif len(parts) == 3 and name.startswith("bom."):
            entry["bom"].append({"name": name, "href": rel})
    for entry in maps.values():
        entry["plates"].sort(key=lambda p: int(p["name"].rsplit("-", 1)[-1]) if p["name"][-1:].isdigit() else 0)
    return [maps[k] for k in sorted(maps)]


def _digest(game, gout: Path, papers: dict[str, dict[str, bytes]], pieces: list[dict], previews: bool,
            terrain: list[dict] | None = None) -> str:
    # The TTS files name their images by absolute file URLs: a moved output folder remakes them.
    h = hashlib.sha256(f"{FORMAT}:{Digests(game).whole()}:{previews}:{gout.resolve()}".encode())
    for paper, pdfs in papers.items():
        for stem, data in pdfs.items():
            h.update(f"{paper}/{stem}:".encode())
            h.update(hashlib.sha256(data).digest())
    h.update(json.dumps(pieces, sort_keys=True).encode())
    h.update(json.dumps(terrain or [], sort_keys=True).encode())
    return h.hexdigest()


def _kit_job(game, paper: str, pdfs: dict[str, bytes]) -> tuple[dict[str, bytes], tuple, dict]:
    gid, cfg = game.game_id, game.data.game
    kit, entries, total = build_kit(game, paper, pdfs)
    zipped = bundle(cfg, paper, kit_name(gid, paper), kit, total, entries, pdfs)
    info = {"kit": kit_name(gid, paper), "kit_pages": total, "kit_bytes": len(kit),
            "zip": zip_name(gid, paper), "zip_bytes": len(zipped),
            "printables": [{"stem": e.stem, "title": e.guide.title, "pages": e.pages, "sides": e.guide.sides,
                            "pdf": f"{paper}/{e.stem}.pdf", "bytes": len(pdfs[e.stem])} for e in entries]}
    return {kit_name(gid, paper): kit, zip_name(gid, paper): zipped}, ("papers", paper), info


def _thumbs_job(game, papers: dict[str, dict[str, bytes]]) -> tuple[dict[str, bytes], tuple, dict]:
    files, info = thumbnails(papers)
    return files, ("thumbs",), info


def _export_job(game, name: str, gout: Path) -> tuple[dict[str, bytes], tuple, dict]:
    files, info = EXPORTS[name](game, gout)
    return files, ("exports", name), info


def _jobs(game, gout: Path, papers: dict[str, dict[str, bytes]]) -> list[tuple]:
    """The independent pieces of work for one game: (function, arguments)."""
    jobs: list[tuple] = [(_kit_job, (game, paper, pdfs)) for paper, pdfs in papers.items()]
    if papers:
        jobs.append((_thumbs_job, (game, papers)))
    jobs += [(_export_job, (game, name, gout)) for name in EXPORTS]
    return jobs


def _run(job: tuple) -> tuple[dict[str, bytes], tuple, dict]:
    fn, args = job
    return fn(*args)


def _record(game, pieces: list[dict], terrain: list[dict]) -> dict:
    cfg = game.data.game
    return {"id": game.game_id, "name": cfg.name, "version": cfg.version,
            "description": getattr(cfg, "description", None) or "", "papers": {}, "pieces": pieces,
            "terrain": terrain, "thumbs": {}, "exports": {}}


def _place(record: dict, where: tuple, files: dict, info: dict) -> None:
    if where[0] == "thumbs":
        record["thumbs"] = info
    elif files or where[0] == "papers":  # an export with nothing to make stays off the page
        record[where[0]][where[1]] = info


def publish(*, games: list, out: Path, papers: list[str], previews: bool = True, force: bool = False,
            emit: Callable[[str, dict], None] | None = None, jobs: int | None = None) -> list[Path]:
    """Make the kits, zips, exports and gallery for ``games`` under ``out``; returns the paths written.

    The pieces of work (a kit per paper, thumbnails, each export) are independent: with more than
    one worker they run in parallel processes, and the parent alone writes files.
    """
    emit = emit or (lambda name, info: None)
    written: list[Path] = []
    todo = []
    for game in games:
        gout = out / game.game_id
        built = _built(gout)
        on_disk = _papers_on_disk(gout, papers, built)
        pieces = _meshes(gout, built)
        terrain = _terrain(gout, built)
        digest = _digest(game, gout, on_disk, pieces, previews, terrain)
        old = _read_json(gout / MANIFEST)
        if (not force and old.get("digest") == digest
                and all((gout / f).is_file() for f in old.get("files", []))):
            continue
        # Only "start" (it names the work on the progress bar): "done" would count past the planned targets.
        emit("start", {"game": game.game_id, "target": "print kits, gallery, exports"})
        todo.append((game, gout, digest, old, _record(game, pieces, terrain), _jobs(game, gout, on_disk)))
    every = [(i, job) for i, item in enumerate(todo) for job in item[5]]
    workers = min(len(every), jobs if jobs is not None else (os.cpu_count() or 1))
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_run, [job for _, job in every]))
    else:
        results = [_run(job) for _, job in every]
    made: dict[int, dict[str, bytes]] = {i: {} for i in range(len(todo))}
    for (i, _), (files, where, info) in zip(every, results):
        made[i].update(files)
        _place(todo[i][4], where, files, info)
    for i, (game, gout, digest, old, record, _) in enumerate(todo):
        files = made[i]
        # The build's rule for the output folder (write/manifest.py): replace or delete only what this
        # record says publish wrote, by digest; never through a link.
        before = old.get("files") if isinstance(old.get("files"), dict) else {}
        guard = Manifest(gout, {"publish": {"digest": None, "files": before}})
        guard.check_writable(files, force=force)
        for rel, data in files.items():
            if write_if_changed(gout / rel, data):
                written.append(gout / rel)
        guard.remove([f for f in before if f not in files])
        manifest = {"format": FORMAT, "digest": digest, "files": {rel: sha256(data) for rel, data in files.items()},
                    "record": record}
        write_if_changed(gout / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True).encode())
    changed = bool(todo)
    index = out / GALLERY
    if changed or not index.is_file():
        records = [m["record"] for m in (_read_json(p) for p in sorted(out.glob(f"*/{MANIFEST}"))) if m]
        if write_if_changed(index, gallery_html(records, out=out).encode()):
            written.append(index)
    return written
