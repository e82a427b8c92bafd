"""What the studio page shows: each game's faces, sheets, maps and rulebook pages, and its findings,
each finding pinned to the face whose data record (or layout) it points into.

Plain data, rebuilt after every round from the validated game and the output folder; every image is
named by its path under the output folder and a digest of its bytes, which the page puts in the image's
address so a changed image is fetched again and an unchanged one is not.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from ..findings import Finding, Location
from .faces import STUDIO, Face

PAGE = re.compile(r"^(?P<stem>.+)-(?P<paper>[a-z0-9]+)-(?P<n>\d+)\.png$")
RULEBOOK_DPI = 50  # a rulebook page's preview: A4 is 413 x 585 px
EDITORS = {  # --editor NAME -> the address of a file's line; or pass a template holding {path}
    "vscode": "vscode://file/{path}:{line}:{col}",
    "vscodium": "vscodium://file/{path}:{line}:{col}",
    "cursor": "cursor://file/{path}:{line}:{col}",
    "idea": "idea://open?file={path}&line={line}&column={col}",
    "sublime": "subl://open?url=file://{path}&line={line}&column={col}",
    "none": "",
}


@dataclass
class Image:
    path: str  # relative to the output folder
    name: str
    digest: str = ""
    stem: str = ""  # the printable it is a page of ("class-cards", "map-cellar"), or ""
    page: int = 0  # 1-based page of the PDF
    pdf: str = ""  # that PDF, relative to the output folder, or ""


@dataclass
class Pinned:
    """A finding as the page shows it: its words, where it points, and the face it is pinned to."""

    severity: str
    code: str
    message: str
    where: str  # "classes.yaml:12:5", or ""
    href: str  # the editor address, or ""
    face: str = ""  # the face key it concerns, or ""
    hint: str = ""
    file: str = ""  # where it points, for the pages that show a record's findings
    line: int = 0


@dataclass
class GameView:
    id: str
    name: str
    folder: Path
    faces: list[Face] = field(default_factory=list)
    images: dict[str, list[Image]] = field(default_factory=dict)  # "Sheets", "Maps", "Rulebook" -> images
    findings: list[Pinned] = field(default_factory=list)
    ok: bool = True
    extents: dict[str, tuple[str, int, int]] = field(default_factory=dict)  # face key -> (file, first, last)
    texts: dict[str, str] = field(default_factory=dict)  # face key -> its record's text, lower case (search)
    maps: list["MapInfo"] = field(default_factory=list)

    def groups(self) -> dict[str, list[Face]]:
        out: dict[str, list[Face]] = {}
        for f in self.faces:
            out.setdefault(f.group, []).append(f)
        return out

    def face(self, key: str) -> Face | None:
        return next((f for f in self.faces if f.key == key), None)

    def image(self, path: str) -> Image | None:
        return next((i for images in self.images.values() for i in images if i.path == path), None)

    def page_findings(self, image: Image) -> list[Pinned]:
        """The findings on a page: those pinned to its printable's faces, and (a map) those in its record."""
        m = next((m for m in self.maps if m.stem == image.stem), None)
        return [p for p in self.findings if image.stem and p.face.startswith(image.stem + "/")
                or m is not None and p.file and _same(p.file, m.file) and m.first <= p.line <= m.last]

    def map_of(self, image: Image) -> "MapInfo | None":
        return next((m for m in self.maps if m.stem == image.stem), None)


@dataclass
class MapInfo:
    """A map of the game as the studio's editor needs it: its record's place and its legend."""

    index: int  # in the game's maps
    name: str
    stem: str  # its printable ("map-cellar")
    file: str
    first: int  # the record's lines
    last: int
    orientation: str
    empty: str
    legend: list[dict]  # {key, terrain, colour, zone, objective, level}
    notation: str = "picture"  # how its text reads (hexgrid/textmap.py NOTATIONS)


def file_digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except OSError:
        return ""


def editor_href(template: str, loc: Location | None) -> str:
    """The address that opens ``loc`` in the designer's editor (``template``: EDITORS' or their own). The path
    is percent-encoded: a file of a shared game named 'x&line=1&...' or 'x#y' must not add to or cut the
    address (a space, too, would end it)."""
    if not template or loc is None or not loc.file:
        return ""
    path = quote(str(Path(loc.file).resolve()), safe="/:\\")
    return template.format(path=path, line=loc.line or 1, col=loc.col or 1)


def where(loc: Location | None) -> str:
    if loc is None or not loc.file:
        return ""
    return str(loc)


def record_lines(loc: Location | None) -> tuple[int, int, list[str]]:
    """The data record at ``loc``: its first and last line and its text (a YAML list item runs until a line
    indented no deeper than its dash)."""
    if loc is None or not loc.file or not loc.line or loc.sheet:  # a spreadsheet's row: no text to show
        return 0, 0, []
    try:
        lines = Path(loc.file).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return 0, 0, []
    first = loc.line - 1
    if not 0 <= first < len(lines):
        return 0, 0, []
    base = len(lines[first]) - len(lines[first].lstrip())
    last = first
    for k in range(first + 1, len(lines)):
        text = lines[k]
        if text.strip() and len(text) - len(text.lstrip()) <= base:
            break
        if text.strip():
            last = k
    return first + 1, last + 1, lines[first:last + 1]


def _same(a: str, b: str) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


def pin(findings: list[Finding], view: GameView, editor: str) -> list[Pinned]:
    """Each finding with its editor link and the face it concerns: the face whose data record holds its
    line, else (a layout's line) the first face drawn by that layout."""
    out = []
    for f in findings:
        loc = f.loc
        key = ""
        if loc is not None and loc.file:
            for face_key, (file, first, last) in view.extents.items():
                if first <= (loc.line or 0) <= last and _same(file, loc.file):
                    key = face_key
                    break
            if not key:
                key = next((x.key for x in view.faces if x.layout_loc is not None and x.layout_loc.file
                            and _same(x.layout_loc.file, loc.file)), "")
        out.append(Pinned(f.severity.value, f.code, f.message, where(loc), editor_href(editor, loc), key,
                          f.hint or "", loc.file if loc is not None and loc.file else "",
                          loc.line or 0 if loc is not None else 0))
    return out


def extents(faces: list[Face]) -> tuple[dict[str, tuple[str, int, int]], dict[str, str]]:
    """Each face's data record: face key -> (file, first line, last line); and face key -> the record's
    text in lower case (what the page's search looks in)."""
    out, texts = {}, {}
    for f in faces:
        if f.data is not None:
            first, last, lines = record_lines(f.data)
            if first:
                if f.kind != "back":
                    out[f.key] = (f.data.file, first, last)
                texts[f.key] = " ".join(" ".join(lines).split()).lower()
    return out, texts


def map_infos(game) -> list[MapInfo]:
    """Every map of a valid game, with its record's place and its legend's colours."""
    from ..names import slug

    terrain = {str(t.name): str(t.colour) for t in game.data.terrain or []}
    out = []
    for i, m in enumerate(getattr(game.data, "maps", None) or []):
        loc = game.source.loc(("maps", i))
        first, last, _ = record_lines(loc)
        if not first or loc.sheet:
            continue
        zones = {str(z.name): str(z.colour) for z in m.zones}
        legend = [{"key": k, "terrain": str(e.terrain), "colour": terrain.get(str(e.terrain), "#cccccc"),
                   "zone": str(e.zone or ""), "zoneColour": zones.get(str(e.zone), "") if e.zone else "",
                   "objective": str(e.objective or ""), "level": e.level} for k, e in m.legend.items()]
        out.append(MapInfo(i, str(m.name), f"map-{slug(str(m.name))}", str(loc.file), first, last,
                           m.orientation or game.data.game.hex.orientation, m.empty, legend, m.notation))
    return out


def _title(gout: Path, paper: str, stem: str) -> str:
    try:
        title = json.loads((gout / "facts" / paper / f"{stem}.json").read_text()).get("title")
    except (OSError, ValueError, AttributeError):
        title = None
    return title if isinstance(title, str) and title else stem.replace("-", " ").capitalize()


def build_images(out: Path, draft: str, gid: str, paper: str) -> dict[str, list[Image]]:
    """The pages the studio's build (in ``out/<draft>``) previewed (png/<stem>-<paper>-<n>.png), grouped as
    maps, sheets and 3D pieces, and the rulebook's pages (rasterised by ``rulebook_files``)."""
    gout = out / draft / gid
    groups: dict[str, list[Image]] = {}
    pages = []
    for p in sorted((gout / "png").glob("*.png")):
        m = PAGE.match(p.name)
        if m and m["paper"] == paper:
            pages.append((m["stem"], int(m["n"]), p))
        elif p.name.startswith("piece-"):
            groups.setdefault("3D pieces", []).append(
                Image(p.relative_to(out).as_posix(), p.stem[6:].replace("-", " ").capitalize(), file_digest(p)))
    for stem, n, p in sorted(pages, key=lambda t: (t[0], t[1])):
        group = "Maps" if stem.startswith("map-") else "Sheets"
        pdf = gout / paper / f"{stem}.pdf"
        groups.setdefault(group, []).append(
            Image(p.relative_to(out).as_posix(), f"{_title(gout, paper, stem)}, page {n}", file_digest(p), stem, n,
                  pdf.relative_to(out).as_posix() if pdf.is_file() else ""))
    # the pages the studio recorded writing (a file a user put beside them is not one)
    from ..write.manifest import Manifest

    made = Manifest.load(out / STUDIO / gid).targets.get(f"rulebook-{paper}", {}).get("files", {})
    pages = [out / STUDIO / gid / rel for rel in made if re.fullmatch(rf"rulebook/{re.escape(paper)}-\d+\.png", rel)]
    book = sorted(pages, key=lambda p: int(p.stem.split("-")[-1]))
    if book:
        pdf = gout / paper / "rulebook.pdf"
        groups["Rulebook"] = [Image(p.relative_to(out).as_posix(), f"Rulebook, page {p.stem.split('-')[-1]}",
                                    file_digest(p), "rulebook", int(p.stem.split("-")[-1]),
                                    pdf.relative_to(out).as_posix() if pdf.is_file() else "") for p in book]
    order = ["Sheets", "Maps", "Rulebook", "3D pieces"]
    return {k: groups[k] for k in order if k in groups}


def rulebook_files(out: Path, draft: str, gid: str, paper: str,
                   last: dict[str, str]) -> tuple[dict[str, bytes] | None, str]:
    """The rulebook's pages as PNG (paths relative to ``out``) when the studio's build (in ``out/<draft>``)
    made a PDF that changed since ``last`` (path -> digest), else None; and the PDF's digest."""
    pdf = out / draft / gid / paper / "rulebook.pdf"
    key = f"{STUDIO}/{gid}/rulebook.pdf"
    digest = file_digest(pdf)
    if not digest or last.get(key) == digest:
        return None, digest
    from ..write.raster import pdf_page_images, png_bytes

    data = pdf.read_bytes()
    files = {f"{STUDIO}/{gid}/rulebook/{paper}-{n}.png": png_bytes(img)
             for n, img in enumerate(pdf_page_images(data, dpi=RULEBOOK_DPI), start=1)}
    return files, digest
