"""What the build wrote that publishing reads: only the files the build's record names (checked against
their digest), never a file a user keeps or edited in the output folder."""

from __future__ import annotations

from pathlib import Path

from ..draw.facts import facts_path
from ..write.manifest import Manifest
from ..write.reuse import Recorded, read_recorded, recorded_file


def built_files(gout: Path) -> dict[str, str]:
    """Relative path -> SHA-256 of every file the build's record says it wrote in ``gout``.

    Publishing packs only these (checked against their digest on disk): a PDF or STL the user
    keeps in the output folder, or one edited since, never goes into a kit, a zip or the gallery.
    """
    return {rel: d for entry in Manifest.load(gout).targets.values() for rel, d in entry["files"].items()}


def papers_on_disk(gout: Path, papers: list[str], built: dict[str, str], *, unread: bool = False
                   ) -> dict[str, dict[str, bytes | Recorded]]:
    """paper -> {stem: PDF bytes} for the papers of this build that have printables. ``unread``: each PDF as a
    Recorded, read and checked by the worker it is handed to (write/reuse.py), not here."""
    found = {}
    for paper in papers:
        pdfs = {}
        for rel in sorted(r for r in built if r.startswith(f"{paper}/") and r.count("/") == 1 and r.endswith(".pdf")):
            data = (recorded_file if unread else read_recorded)(gout, rel, built)
            if data is not None:
                pdfs[Path(rel).stem] = data
        if pdfs:
            found[paper] = pdfs
    return found


def facts_on_disk(gout: Path, paper: str, stems, built: dict[str, str]) -> dict[str, bytes | None]:
    """stem -> the print facts the build wrote beside ``<paper>/<stem>.pdf`` (printgen.draw.facts), as bytes
    (None when it wrote none)."""
    return {stem: read_recorded(gout, facts_path(paper, stem), built) if facts_path(paper, stem) in built else None
            for stem in stems}


def meshes(gout: Path, built: dict[str, str]) -> list[dict]:
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
            w, h = png_size(preview)
            entry["preview"] = {"src": f"png/{preview.name}", "w": w, "h": h}
        pieces.append(entry)
    return pieces


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def terrain(gout: Path, built: dict[str, str]) -> list[dict]:
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
                w, h = png_size(gout / preview)
                plate["preview"] = {"src": preview, "w": w, "h": h}
            entry["plates"].append(plate)
        elif parts[2] == "tiles" and name.endswith(".stl"):
            entry["tiles"].append({"name": name[:-4], "stl": rel, "bytes": (gout / rel).stat().st_size})
        elif len(parts) == 3 and name.startswith("bom."):
            entry["bom"].append({"name": name, "href": rel})
    for entry in maps.values():
        entry["plates"].sort(key=lambda p: int(p["name"].rsplit("-", 1)[-1]) if p["name"][-1:].isdigit() else 0)
    return [maps[k] for k in sorted(maps)]
