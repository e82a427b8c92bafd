"""A game's publish record (the gallery's entry for it, printgen.publish.publisher): its shape, what each piece
of work adds to it, and the findings a piece reports."""

from __future__ import annotations

from .gallery import add_thumbnail


def job_sources(entry: dict) -> dict[str, str]:
    """A recorded job's image sources (printgen.write.reuse), when the record holds them as written."""
    sources = entry.get("sources")
    if not isinstance(sources, dict):
        return {}
    return {k: v for k, v in sources.items() if isinstance(k, str) and isinstance(v, str)}


def game_record(game, pieces: list[dict], terrain: list[dict]) -> dict:
    """A game's gallery record before its pieces of work are placed in it: its name, its 3D pieces and terrain."""
    cfg = game.data.game
    return {"id": game.game_id, "name": cfg.name, "version": cfg.version,
            "description": getattr(cfg, "description", None) or "", "papers": {}, "pieces": pieces,
            "terrain": terrain, "thumbs": {}, "exports": {}}


def place(record: dict, where: tuple, files: dict, info: dict) -> None:
    """Put a piece of work's ``info`` where it goes in ``record`` (``where``: its key, split at the first "/")."""
    if where[0] == "thumbs":
        add_thumbnail(record, info.get("paper", ""), where[1], info)
    elif files or where[0] == "papers":  # an export with nothing to make stays off the page
        record[where[0]][where[1]] = info


def report_findings(game, info: dict) -> None:
    """The findings an export reports (a print profile's safe zone, rich black) join the game's, once."""
    if isinstance(info, dict) and info.get("findings"):
        from ..findings import Finding

        for data in info["findings"]:
            f = Finding.from_dict(data)
            if f not in game.findings:
                game.findings.append(f)
