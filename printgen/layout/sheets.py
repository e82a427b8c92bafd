"""Printables drawn from layouts: game.yaml ``sheets:`` says which kind goes on which layout.

    sheets:
      - {name: unit-cards, kind: units, front: unit-card, back: unit-back}
      - {name: tiles, kind: tiles, front: tile, sheet: hex, copies: 2}

Each sheet is an asset: every item of ``kind`` drawn through its ``front`` layout, ``copies`` times
(default: the item's ``count`` when it has one, else once), imposed on the shared card-deck sheets
(n-up with bleed and crop marks, or a hex lattice) with its ``back`` layout on mirrored pages for
long-edge duplex. Its validation hook draws every item once, so a face that cannot be drawn (an unknown
field, text that does not fit) is a finding before anything is written. A sheet named like one of the
rule pack's own printables replaces it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..asset import Asset
from ..draw.document import Document, Op
from ..draw.facts import PrintFacts
from ..draw.page import PageSpec
from ..findings import Finding, Location, did_you_mean, error, quoted
from ..load.game_folder import display_path
from ..render.compose import finish
from ..render.sheets import BACKS_LABEL, impose
from ..safety.sandbox import environment
from ..units import UnitError
from .drawn_faces import drawn
from .expressions import CODE, Expressions
from .face import FAILED, Face, bleed_box
from .face_render import render_face
from .face_geometry import face_lattice, face_shape, face_size
from .reads import PATHS, take_paths
from .game_layouts import _types, game_fonts, game_layouts, layout_environment, layouts_folder, scope_of, term_styles
from .spec import Layout

class FaceMaker:
    """Draws items of one game through its layouts, collecting findings."""

    def __init__(self, game, *, validating: bool = False) -> None:
        self.game = game
        self.validating = validating  # findings only: faces come back without the ops of their texts
        self.layouts, self.load_findings = game_layouts(game)
        if getattr(game, "edition", None) is not None:  # a translated edition: the layouts' own texts too
            self.layouts = game.edition.layouts(self.layouts)
        folder, key = layout_environment(game)
        shared = getattr(game, "shared", None) or {}
        self.exprs = Expressions(environment(folder, folder.parent, markdown=False), key=key, handed=shared.get(CODE))
        take_paths(self.exprs.env, shared.get(PATHS))
        self.scope = scope_of(game)
        self.fixed = frozenset(self.scope) - {"item"}  # the same for every face (layout/reads.py)
        self.styles = term_styles(game.data)
        self.elements = {k: v[1] for k, v in _types(game).items()}
        self.fonts, _ = game_fonts(game)
        self.found: list[Finding] = []
        self.memo: dict = {}  # styled text runs, shared by every face this maker draws

    def draw(self, layout: Layout, item, kind: str, index: int, what: str, *, bleed: float | None = None,
             size: tuple[float, float] | None = None) -> list[Op]:
        """``item``'s face in bleed-box mm (an item of ``kind`` at ``index``, named ``what`` in findings);
        ``bleed`` mm replaces the layout's (print-on-demand sizes), ``size`` (w, h mm) its trim (a pack
        whose data sets a face's size, as HexPrint's looks.yaml does its markers'). Drawn once per process
        (another paper takes it: layout/drawn_faces.py)."""
        args = (layout, item, kind, index, what, bleed, size)
        return drawn(self, lambda: self._draw(*args), *args)

    def _draw(self, layout: Layout, item, kind: str, index: int, what: str, bleed, size) -> list[Op]:
        w, h, own = face_size(layout, self.game.data.game)
        shape, cut = face_shape(layout)
        if size is not None:
            w, h = size
        bleed = own if bleed is None else bleed
        source = self.game.source
        face = Face(layout, self.exprs, w, h, bleed, what, source.loc((kind, index)), self.found, source.loc,
                    styles=self.styles, elements=self.elements, paths={"item": (kind, index)},
                    folder=self.game.folder, fonts_of_game=self.fonts, shape=shape, cut=cut, memo=self.memo,
                    validating=self.validating, fixed=self.fixed, stamp_bleed=own)
        return render_face(face, {**self.scope, "item": item})


_ITEM = re.compile(r"\bitem\b")


def uses_item(layout: Layout) -> bool:
    """Does any value of the layout (settings, vars, icons, elements) name ``item``?"""
    def walk(v) -> bool:
        if isinstance(v, str):
            return bool(_ITEM.search(v))
        if isinstance(v, dict):
            return any(walk(x) for x in v.values())
        if isinstance(v, (list, tuple)):
            return any(walk(x) for x in v)
        return False

    def elements(els) -> bool:
        return any(walk(e.args) or elements(e.children) for e in els)

    return (walk(layout.settings) or any(walk(raw) for _, raw, _ in layout.vars) or walk(layout.icons)
            or elements(layout.elements))


_PICTURE_MAKERS: dict[int, tuple[Any, "FaceMaker"]] = {}


def picture_maker(game) -> "FaceMaker":
    """One FaceMaker per game for faces drawn as pictures (a rulebook's card and token images): made
    once, not once per picture (each maker compiles every layout expression anew). Its findings are
    not read: the sheets' own validation reports every face."""
    entry = _PICTURE_MAKERS.get(id(game))
    if entry is None or entry[0] is not game:
        if len(_PICTURE_MAKERS) >= 4:
            _PICTURE_MAKERS.clear()
        entry = _PICTURE_MAKERS[id(game)] = (game, FaceMaker(game))  # the game kept, so its id stays its own
    return entry[1]


def _singular(title: str) -> str:
    return title[:-1] if title.endswith("s") else title


def _copies(maker: FaceMaker, sheet, item, loc: Location) -> int:
    raw = sheet.copies
    if raw is None:
        n = getattr(item, "count", 1)
        return n if isinstance(n, int) else 1
    if isinstance(raw, int):
        return raw
    face = Face(Layout("copies", None, {}), maker.exprs, 0, 0, 0, "", loc, maker.found, maker.game.source.loc)
    v = face.eval(raw if "{{" in raw else "{{ " + raw + " }}", {**maker.scope, "item": item}, loc)
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 1000:
        return v
    if v is not FAILED:
        maker.found.append(error("sheet-copies", f"copies must give a whole number from 0 to 1000, not {quoted(v)}", loc))
    return 1


def _per_item(maker: FaceMaker, index: int | None, key: str, expr: str, items: list[tuple[int, Any]]):
    """The sheet's ``key`` expression evaluated for each item (FAILED where it fails, with a finding at
    game.yaml's sheets[index].key), and that location."""
    loc = maker.game.source.loc(("game", "sheets", index, key))
    face = Face(Layout(key, None, {}), maker.exprs, 0, 0, 0, "", loc, maker.found, maker.game.source.loc)
    expr = expr if "{{" in expr else "{{ " + expr + " }}"
    return [face.eval(expr, {**maker.scope, "item": it}, loc) for _, it in items], loc


def ordered(maker: FaceMaker, sheet, index: int | None) -> list[tuple[int, Any]]:
    """(data index, item) of the sheet's kind, sorted by ``order`` when it has one."""
    items = list(enumerate(getattr(maker.game.data, sheet.kind, []) or []))
    if sheet.order is None:
        return items
    keys, loc = _per_item(maker, index, "order", sheet.order, items)
    if any(k is FAILED for k in keys):
        return items
    try:
        return [p for _, p in sorted(zip(keys, items), key=lambda kp: (kp[0], kp[1][0]))]
    except TypeError:
        maker.found.append(error("sheet-order", "order: gives values that cannot be compared (mixed numbers and "
                                 "text?)", loc))
        return items


LABEL_CHARS = 200  # a card's label: a name (60 at most) and what the sheet's label: joins to it


def labels(maker: FaceMaker, sheet, index: int | None, items: list[tuple[int, Any]]) -> list[str]:
    """Each item's name as digital exports show it (a Tabletop Simulator card's nickname): the sheet's
    ``label`` expression (e.g. ``item.value ~ ' ' ~ item.name``), else the item's name."""
    plain = [str(getattr(it, "name", i + 1)) for i, it in items]
    if sheet.label is None:
        return plain
    out, loc = _per_item(maker, index, "label", sheet.label, items)
    # a label names the card's file in the exports: one of 99,999 characters stopped the build at the write.
    # A name and what a label joins to it (a value, a suffix) fit LABEL_CHARS, and a file name holds that
    for v, (i, it) in zip(out, items):
        if v is not FAILED and len(str(v)) > LABEL_CHARS:
            maker.found.append(error("sheet-label", f"label: gives {len(str(v)):,} characters for "
                                     f"'{getattr(it, 'name', i + 1)}', more than the {LABEL_CHARS} a label may have; "
                                     "shorten what it joins", loc))
            return plain
    return [p if v is FAILED else str(v) for v, p in zip(out, plain)]


def _faces(maker: FaceMaker, sheet, index: int) -> tuple[list[list[Op]], list[list[Op]]]:
    front = maker.layouts.get(sheet.front)
    back = maker.layouts.get(sheet.back) if sheet.back else None
    title = sheet.title or sheet.name.replace("-", " ")
    fronts, backs = [], []
    items = ordered(maker, sheet, index)
    labels(maker, sheet, index, items)  # checked here, so a bad label is a validation finding
    shared = None
    if back is not None and not uses_item(back) and items:
        # a back that shows nothing of its item (the deck's back) is drawn once for all
        i, item = items[0]
        shared = maker.draw(back, item, sheet.kind, i, f"{_singular(title)} back")
    for i, item in items:
        what = f"{_singular(title)} '{getattr(item, 'name', i + 1)}'"
        f = maker.draw(front, item, sheet.kind, i, what)
        b = shared if shared is not None else (maker.draw(back, item, sheet.kind, i, what + " (back)") if back else None)
        n = _copies(maker, sheet, item, maker.game.source.loc(("game", "sheets", index, "copies")))
        fronts += [f] * n
        if b is not None:
            backs += [b] * n
    return fronts, backs


@dataclass(frozen=True)
class SheetPrintable:
    """game.yaml's ``sheets[index]`` (index None: the rule pack's default) as renderer and validation hook
    (a plain object, so build workers can be handed it)."""

    sheet: Any
    index: int | None

    @property
    def title(self) -> str:
        return self.sheet.title or self.sheet.name.replace("-", " ")

    def render(self, game, spec: PageSpec) -> dict[str, Document]:
        sheet = self.sheet
        maker = FaceMaker(game)
        fronts, backs = _faces(maker, sheet, self.index)
        if not fronts:
            return {}
        front = maker.layouts[sheet.front]
        lattice = face_lattice(spec, front, game.data.game, hex_sheet=sheet.sheet == "hex")
        pages = []
        for page, side in impose(fronts, lattice, backs=backs or None):
            page.label = BACKS_LABEL if side == "back" else "fronts"
            pages.append(page)
        # the rest of its print facts (sides, crop marks, cut lines) are measured from the pages
        part = "tokens" if face_shape(front)[0] == "round" else "cards"
        return {sheet.name: finish(pages, spec, game=game.data.game, title=self.title, facts=PrintFacts(part=part))}

    def validate(self, game) -> list[Finding]:
        found = sheet_findings(game, self.sheet, self.index)
        if found or not game.ok():
            return found  # faces are drawn from valid data only: a data mistake would echo in every layout
        maker = FaceMaker(game, validating=True)
        _faces(maker, self.sheet, self.index)
        return maker.found


def sheet_asset(sheet, index: int | None) -> Asset:
    """The asset of a sheet."""
    p = SheetPrintable(sheet, index)
    return Asset(sheet.name, p.render, reads=(sheet.kind,), validate=p.validate)


def _misnamed_layout(folder: Path | None, name: str) -> Path | None:
    """A file of ``folder`` that holds layout ``name`` under a name printgen does not read (unit-card.yml)."""
    if folder is None or not folder.is_dir():
        return None
    return next((p for p in sorted(folder.iterdir()) if p.is_file() and p.name != name + ".yaml"
                 and p.name.lower().split(".")[0] == name.lower()), None)


def sheet_findings(game, sheet, index: int) -> list[Finding]:
    """A sheet's kind and layouts exist, and its faces fit a page."""
    found: list[Finding] = []
    loc = game.source.loc
    kinds = [k for k in type(game.data).model_fields if k != "game"]
    if sheet.kind not in kinds:
        hint = did_you_mean(sheet.kind, kinds)
        found.append(error("sheet-kind", f"'{sheet.kind}' is no kind of this game"
                           + (f"; did you mean '{hint}'?" if hint else f" (kinds: {', '.join(kinds)})"),
                           loc(("game", "sheets", index, "kind"))))
    earlier = [j for j, s in enumerate(game.data.game.sheets) if index is not None and j < index and s.name == sheet.name]
    if earlier:  # game_sheets keeps the last of a name: the other deck printed nowhere, unsaid
        first = loc(("game", "sheets", earlier[0], "name"))
        found.append(error("duplicate-sheet", f"a sheet named '{sheet.name}' is already at line {first.line}; the "
                           "two would write one file and the first would print nowhere: rename one",
                           loc(("game", "sheets", index, "name"))))
    layouts, _ = game_layouts(game)
    for side in ("front", "back"):
        name = getattr(sheet, side)
        if name is None:
            continue
        where = loc(("game", "sheets", index, side))
        if name not in layouts:
            hint = did_you_mean(name, layouts)
            folder = layouts_folder(game)
            misnamed = _misnamed_layout(folder, name)
            found.append(error("unknown-layout", f"no layout named '{name}'"
                               + (f"; {display_path(misnamed)} is not read: rename it to {name}.yaml" if misnamed else
                                  f"; did you mean '{hint}'?" if hint else
                                  f"; add {display_path(folder / (name + '.yaml')) if folder else 'templates/<game-id>/layouts/' + name + '.yaml'}"),
                               where))
    return found


def game_sheets(game) -> list[tuple[Any, int | None]]:
    """(sheet, its index in game.yaml or None) for the rule pack's default sheets and game.yaml's
    ``sheets:``; a game's sheet replaces the pack's of the same name."""
    own = {s.name: (s, i) for i, s in enumerate(game.data.game.sheets)}
    pack = [(s, None) for s in (game.pack.sheets if game.pack else ()) if s.name not in own]
    return pack + list(own.values())


def sheet_assets(game) -> tuple[Asset, ...]:
    """One asset per sheet of the game (none when the data could not be read)."""
    if game.data is None:
        return ()
    return tuple(sheet_asset(s, i) for s, i in game_sheets(game))


def layout_findings(game) -> list[Finding]:
    """What is wrong in the layout files themselves (shape, element types, keys, extends, a face's size,
    bleed, shape and cut line, and whether it fits the page), for every layout, used by a sheet or not."""
    if game.data is None:
        return []
    layouts, found = game_layouts(game)
    found = list(found)
    for name, layout in sorted(layouts.items()):
        found += face_findings(name, layout, game.data.game)
    return found + list(game_fonts(game)[1])


def face_findings(name: str, layout: Layout, settings) -> list[Finding]:
    """A layout's face: a readable size within the limits, bleed, shape and cut line, and its bleed box
    on the printable area of every paper."""
    from ..draw.page import printable_area

    try:
        w, h, bleed = face_size(layout, settings)
    except UnitError as exc:
        key = "bleed" if str(exc).startswith("bleed") else "size"
        return [error("layout-size", f"layout '{name}': {exc}", layout.loc(key))]
    try:
        shape, _ = face_shape(layout)
    except UnitError as exc:
        key = "shape" if str(exc).startswith("shape") else "cut"
        return [error("layout-value", f"layout '{name}': {exc}", layout.loc(key))]
    _, _, bw, bh = bleed_box(w, h, bleed, shape)
    cw, ch = printable_area(settings.print.margin)
    if min(bw, bh) > min(cw, ch) or max(bw, bh) > max(cw, ch):
        return [error("layout-size", f"layout '{name}': a face of {bw:.1f} x {bh:.1f} mm with its bleed does not fit "
                      f"the page's {cw:.0f} x {ch:.0f} mm printable area; make it smaller", layout.loc("size"))]
    return []
