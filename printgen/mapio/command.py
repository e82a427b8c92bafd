"""`printgen import-map` and `printgen export-map`: read a community map into a game folder as
editable map data, and write a game's map as a VirtualScape file. Findings name the file and the
byte offset; on an error nothing is written."""

from __future__ import annotations

import json
import re
import zlib
from pathlib import Path

from .convert import Imported, Note, hsc_to_map, map_to_hsc
from .hsc import LIMITS, Extent, HscError, HscMap, Tile, read_hsc, too_deep, write_hsc
from .pieces import SHAPES, axial_to_offset, piece
from ..hexgrid.coords import Hex


def _json_map(data: bytes, path: Path) -> HscMap:
    """A heroscape-map-editor map (JSON, or gzipped JSON): ``boardPieces`` keys are
    ``altitude~q~r~rotation~pieceID`` in axial coordinates (altitude 0: on the table); piece IDs as
    its inventory names them."""
    from .editor_ids import EDITOR_CODES

    if data[:2] == b"\x1f\x8b":
        # unpacked a bounded piece at a time: a small file that unpacks to gigabytes is refused at the bound
        unpack = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            data = unpack.decompress(data, LIMITS["file-bytes"] + 1)
        except zlib.error as exc:
            raise HscError(f"not a readable gzip file ({exc})", 0) from None
        if len(data) > LIMITS["file-bytes"]:
            raise HscError(f"the map unpacks to more than {LIMITS['file-bytes']} bytes", 0)
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise HscError(f"not JSON: {getattr(exc, 'msg', exc)}", getattr(exc, "pos", 0)) from None
    except RecursionError:  # arrays or objects nested thousands deep: Python's parser recurses per level
        raise HscError("the JSON nests arrays or objects too deeply (a map nests a few levels)",
                       too_deep(data)) from None
    except ValueError:  # a number of more than 4,300 digits, which Python refuses to read as an int
        raise HscError("the JSON holds a number of thousands of digits (a map's numbers have a few)",
                       _long_number(data)) from None
    pieces = doc.get("boardPieces") if isinstance(doc, dict) else None
    if not isinstance(pieces, dict):
        raise HscError("a heroscape-map-editor map has a boardPieces object; this JSON has none", 0)
    if len(pieces) > LIMITS["tiles"]:
        raise HscError(f"{len(pieces)} pieces, more than the {LIMITS['tiles']} a map may hold", 0)
    name = doc.get("hexMap", {}).get("name", "") if isinstance(doc.get("hexMap"), dict) else ""
    m = HscMap(name=name if isinstance(name, str) else "")
    extent = Extent()  # the levels and area the pieces span, bounded as they are read
    for key, pid in pieces.items():
        parts = str(key).split("~")
        try:
            alt, q, r = int(parts[0]), int(parts[1]), int(parts[2])
            rot = int(float(parts[3])) % 6
        except (IndexError, ValueError, OverflowError):  # OverflowError: a rotation of inf or 1e309
            raise HscError(f"piece key {key[:80]!r} is not altitude~q~r~rotation~piece",
                           _key_offset(data, key)) from None
        if max(abs(q), abs(r)) > LIMITS["coordinate"] or not -LIMITS["level"] <= alt <= LIMITS["level"]:
            raise HscError(f"piece {key[:80]!r} lies outside the map area", _key_offset(data, key))
        code = EDITOR_CODES.get(str(pid), 0)
        # the editor keys a piece by its template's first hex, the piece turned about it; VirtualScape
        # anchors at the first hex in reading order. Its altitude is VirtualScape's z.
        p = piece(code)
        anchor = Hex(q, r)
        if p is not None:
            cells = [Hex(int(a), int(b)) for a, b in (c.split(",") for c in SHAPES[p.shape].split(";"))]
            for _ in range(rot):
                cells = [Hex(-h.r, h.q + h.r) for h in cells]
            anchor = min((Hex(q + h.q, r + h.r) for h in cells), key=lambda h: (h.r, h.q))
        x, y = axial_to_offset(anchor)
        m.tiles.append(Tile(code=code, x=x, y=y, z=alt, rotation=rot, glyph_name=str(pid)))
        extent.add(m.tiles[-1], len(m.tiles) - 1)
    return m


def _key_offset(data: bytes, key: str) -> int:
    """The byte where the piece key ``key`` is written in the JSON ``data`` (as json writes it, escaped or
    not), else 0."""
    for text in (json.dumps(key), json.dumps(key, ensure_ascii=False)):
        at = data.find(text.encode("utf-8", errors="surrogatepass"))
        if at >= 0:
            return at
    return 0


def _long_number(data: bytes) -> int:
    """The byte where the JSON ``data`` first writes a number of more than 4,300 digits (strings skipped)."""
    flat = re.sub(rb'"(?:[^"\\]|\\.)*"', lambda m: b" " * len(m.group()), data)
    found = re.search(rb"\d{4301,}", flat)
    return found.start() if found else 0


def read_map_file(path: Path) -> HscMap:
    """A .hsc or editor JSON file. Raises HscError (with a byte offset) or OSError."""
    size = path.stat().st_size
    if size > LIMITS["file-bytes"]:
        raise HscError(f"the file is {size} bytes, more than the {LIMITS['file-bytes']} a map may be", 0)
    data = path.read_bytes()
    if path.suffix.lower() in (".json", ".gz") or data[:1] == b"{" or data[:2] == b"\x1f\x8b":
        return _json_map(data, path)
    return read_hsc(data)


NAME_READ = 200  # characters of a map file's name taken in (then cut to the name limits, with a note)


def import_map(*, file: Path, game: Path, name: str | None = None) -> tuple[list[str], Path | None]:
    """Read ``file`` and write ``game/map-<name>.yaml``. Returns (lines to print, the file written
    or None when an error stopped it). The file is written only when it reads back as meant and the
    game validates with it as well as it did without it (no new error)."""
    from ..names import by_name, slug
    from ..project import validate_game
    from ..write.files import write_atomic
    from .glyphs_needed import glyph_entries
    from .yaml_out import clean_name, comment_text, yaml_text

    where = comment_text(str(file))
    try:
        hsc = read_map_file(file)
    except HscError as exc:
        return [f"error: {where}: byte {exc.offset}: {exc.message} [bad-map-file]"], None
    except OSError as exc:
        return [f"error: {where}: cannot read it ({exc.strerror or exc}) [unreadable]"], None
    result = validate_game(game)
    if result.data is None:
        from ..report import report_text

        return [f"error: {game}: the game does not load; fix it first [game-invalid]", report_text([result])], None
    data = result.data
    raw_name = (name or hsc.name or file.stem).strip() or file.stem
    if len(raw_name) > NAME_READ:  # no name but a damaged or hostile file: say where, write nothing
        at = f"byte {hsc.name_at}: " if raw_name == hsc.name.strip() and hsc.name_at else ""
        return [f"error: {where}: {at}the map's name is {len(raw_name)} characters, more than the "
                f"{NAME_READ} a map's name is read to; pass --name SHORTER [limit-name-length]"], None
    lines: list[str] = []
    # the map's own strings are untrusted: printable characters only, names within the name limits
    hsc.name, _ = clean_name(hsc.name, limit=NAME_READ)
    hsc.author, _ = clean_name(hsc.author, limit=NAME_READ)
    given = name is not None
    name, changed = clean_name(name or hsc.name or file.stem)
    name = name or clean_name(file.stem)[0] or "Imported"
    if changed and given:
        lines.append(f"note: --name {comment_text(name)!r}: unprintable characters, long words or length "
                     "trimmed from the name given")
    if by_name(data.maps, name) is not None:
        if given:
            return [f"error: {game}: the game already has a map named {name!r}; pass --name NEW [map-exists]"], None
        taken = name
        name = next(f"{taken[:55]} {k}" for k in range(2, 10_000) if by_name(data.maps, f"{taken[:55]} {k}") is None)
        lines.append(f"note: the game already has a map named {taken!r}; this one is imported as {name!r} "
                     "(pass --name to choose another) [map-renamed]")
    target = game / f"map-{slug(name) or 'imported'}.yaml"
    if target.exists():
        if given:
            return [f"error: {target}: already exists; pass --name NEW [file-exists]"], None
        stem = target.stem
        target = next(game / f"{stem}-{k}.yaml" for k in range(2, 10_000) if not (game / f"{stem}-{k}.yaml").exists())
    terrain = getattr(data, "terrain", [])
    fluid = any("fluid" in type(t).model_fields for t in terrain)
    glyphs = {g.symbol.upper(): g.name for g in getattr(data, "glyphs", []) if len(getattr(g, "symbol", "")) == 1}
    imp: Imported = hsc_to_map(hsc, name=name, game_terrain=[t.name for t in terrain], has_fluid_flag=fluid,
                               glyphs=glyphs)
    lines += [_note_line(where, n, hsc) for n in imp.notes]
    if any(n.error for n in imp.notes):
        return lines, None
    maps_model = type(data).model_fields["maps"].annotation.__args__[0] if data.maps is not None else None
    for key in ("connected", "imported"):
        if key in imp.map and key not in getattr(maps_model, "model_fields", {}):
            del imp.map[key]  # a system whose maps have no such field: its own checks speak
    from ..limits import limit

    if len(imp.map["pieces"]) > limit("list-length"):  # a list the game's loader would refuse
        lines.append(f"warning: {where}: {len(imp.map['pieces'])} pieces are more than a list may hold "
                     f"({limit('list-length'):g}); the map is written without pieces:, so export-map and "
                     "print-lacking cut its levels into pieces again [pieces-dropped]")
        del imp.map["pieces"]
    doc = {}
    if imp.terrain:
        doc["terrain"] = [_complete(entry, terrain) for entry in imp.terrain]
    new_glyphs = glyph_entries(imp.map, data)
    if new_glyphs:
        doc["glyphs"] = new_glyphs
        lines.append(f"note: the map's glyphs {', '.join(g['name'] for g in new_glyphs)} are added to the game "
                     f"in {target.name} (give them their powers there) [glyphs-added]")
    doc["maps"] = [imp.map]
    head = [f"{name}: imported by printgen import-map from {file.name}",
            f"(VirtualScape file version {hsc.version:.4f}, {len(hsc.tiles)} tiles). Edit the layers as any map; "
            "pieces: is what", "export-map writes back (drop it to have the layers cut into pieces instead)."]
    try:
        text = yaml_text(head, doc)
    except ValueError as exc:
        return lines + [f"error: {where}: {exc}; nothing written [yaml-mismatch]"], None
    try:
        write_atomic(target, text.encode("utf-8"))
    except OSError as exc:
        return lines + [f"error: cannot write {target}: {exc.strerror or exc} [unwritable]"], None
    problems = _new_errors(result, validate_game(game))
    if problems:
        target.unlink()  # written by this command a moment ago, and the game is as it was
        return lines + [f"error: {target}: the game does not validate with the imported map, so it is not "
                        "written:"] + problems, None
    n_hex = len(imp.map["legend"]) and sum(ch not in " -\n" for ch in imp.map["layout"])
    lines.append(f"wrote {target}: map {name!r}, {len(imp.map.get('pieces', hsc.tiles))} pieces, {n_hex} hexes, "
                 f"{1 + len(imp.map.get('layers', []))} levels")
    return lines, target


def _new_errors(before, after) -> list[str]:
    """The errors ``after`` has that ``before`` had not (by code and message), as report lines; a game
    that no longer loads is one."""
    from ..report import report_text

    if after.data is None:
        return [report_text([after])]
    old = {(f.code, f.message) for f in before.findings if f.is_error}
    new = [f for f in after.findings if f.is_error and (f.code, f.message) not in old]
    if not new:
        return []
    after.findings = new
    return [report_text([after])]


FLUIDS = ("Water", "Ice", "Lava", "Swamp Water", "Shadow")


def _complete(entry: dict, terrain: list) -> dict:
    """A new terrain entry with every field the game's terrain model requires: height and tags as
    HexPrint counts them (fluid lies on the tile, 0; land 1), anything else as the game's first
    terrain has it, so the game still validates with the imported map."""
    if not terrain:
        return entry
    first = terrain[0]
    fields = type(first).model_fields
    out = dict(entry)
    fluid = entry["name"] in FLUIDS
    for name, info in fields.items():
        if name in out or not info.is_required():
            continue
        if name == "height":
            out[name] = 0 if fluid else 1
        elif name == "tags":
            out[name] = ["Water"] if fluid else ["Land"]
        else:
            value = getattr(first, name)
            out[name] = value.model_dump(exclude_defaults=True) if hasattr(value, "model_dump") else value
    return out


def _note_line(where: str, n: Note, hsc: HscMap) -> str:
    kind = "error" if n.error else "warning"
    at = f"byte {n.offset}: " if n.offset else ""
    return f"{kind}: {where}: {at}{n.message} [{n.code}]"


def export_map(*, game: Path, map_name: str, to: Path) -> tuple[int, list[str]]:
    """Write the game's map as a VirtualScape .hsc file. Returns (exit code, lines to print)."""
    from ..hexgrid.levels import read_stack
    from ..names import by_name
    from ..project import validate_game
    from ..report import report_text
    from ..write.files import write_atomic

    if to.suffix.lower() != ".hsc" or to.is_dir():
        return 2, [f"error: --to {to}: name the VirtualScape file to write, ending in .hsc"]
    result = validate_game(game)
    if result.data is None:
        return 1, [report_text([result])]
    data = result.data
    mapdef = by_name(data.maps, map_name)
    if mapdef is None:
        return 1, [f"error: {game}: no map named {map_name!r} (maps: {', '.join(m.name for m in data.maps)}) "
                   "[unknown-map]"]
    stack = read_stack(mapdef.layout, mapdef.layers, mapdef.orientation or data.game.hex.orientation, mapdef.empty, mapdef.notation)
    colours = {t.name.lower(): t.colour for t in getattr(data, "terrain", [])}
    symbols = {g.name.lower(): g.symbol for g in getattr(data, "glyphs", []) if len(getattr(g, "symbol", "")) == 1}
    hsc, notes = map_to_hsc(mapdef, stack, colours, symbols)
    lines = [f"{'error' if n.error else 'warning'}: {mapdef.name}: {n.message} [{n.code}]" for n in notes]
    if any(n.error for n in notes):
        return 1, lines
    try:
        write_atomic(to, write_hsc(hsc))
    except OSError as exc:
        return 1, [f"error: cannot write {to}: {exc.strerror or exc}"]
    known = sum(piece(t.code) is not None for t in hsc.tiles)
    lines.append(f"wrote {to}: {known} tiles of map {mapdef.name!r} (VirtualScape file version 0.0007)")
    return 0, lines


def print_lacking(*, game: Path, map_name: str, own: list[str], out: Path, bed: str | None = None,
                  gap: str | None = None, scale: str = "real") -> tuple[int, list[str]]:
    """Write what a player lacks for a map to ``out/<map>/``. Returns (exit code, lines to print)."""
    from ..names import slug
    from ..project import validate_game
    from ..report import report_text
    from ..safety.outputs import out_dir_problem
    from ..units import UnitError, parse_bed, parse_length
    from ..write.files import write_atomic
    from .inventories import InventoryError, parse_inventory
    from .lack_files import SCALES, make_lacking

    if scale not in SCALES:
        return 2, [f"error: --scale {scale!r}: use {' or '.join(SCALES)}"]
    try:
        inventory = parse_inventory(own)
        size = parse_bed(bed) if bed else (256.0, 256.0)
        space = parse_length(gap) if gap else 3.0
    except (InventoryError, UnitError) as exc:
        return 2, [f"error: {exc}"]
    problem = out_dir_problem(out)
    if problem:
        return 1, [f"error: {problem}"]
    result = validate_game(game)
    if result.data is None:
        return 1, [report_text([result])]
    from ..mesh.polyhex import MeshError
    from ..terrain.plates import PlateError
    from ..terrain.tileset import TerrainError

    try:
        res = make_lacking(data=result.data, map_name=map_name, inventory=inventory, bed=size, gap=space, scale=scale)
    except (TerrainError, MeshError, PlateError) as exc:
        return 1, [f"error: {exc}"]
    folder = out / slug(map_name)
    try:
        for rel, data in sorted(res.files.items()):
            write_atomic(folder / rel, data)
    except OSError as exc:
        return 1, [f"error: cannot write {folder}: {exc.strerror or exc}"]
    pl = res.plan
    parts = "".join(f", {p['piece']} in {p['parts']} parts" for p in res.bill.get("parts", []))
    printed = (f"{sum(pl.printed.values())} printed{parts} on {res.bill['plates']} plates (project.3mf holds them all)"
               if res.bill["plates"] else "nothing to print (no plates written)")
    return 0, [f"wrote {folder}: {sum(pl.owned.values())} pieces owned, {printed}"
               + (f", {sum(pl.unprintable.values())} lacking with no flat tile" if pl.unprintable else "")]
