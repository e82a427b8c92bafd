"""``printgen:`` image addresses in rulebook Markdown, drawn as vector art.

A registry dict, kind -> resolver(argument, game) -> (ops, width mm, height mm);
rule packs add their own kinds (Heroes of Hex adds ``card``).
"""

from __future__ import annotations

import copyreg
import pickle
from typing import Callable

from ..deps import ReadLog
from ..draw.document import Circle, Drawing, ImageError, Rect, Text, shifted
from ..draw.fonts import text_width
from ..draw.icons import ICONS, draw_icon
from ..model.maps import map_geometry
from ..names import by_name
from ..render.maps import legend_ops, map_ops, map_pictures
from ..render.tokens import TokenFaces

ImageFn = Callable[[str, object], Drawing]


def _named(items, name: str, kind: str):
    item = by_name(items, name)
    if item is None:
        raise ImageError(f"no {kind} named '{name}'")
    return item


def map_image(name: str, game) -> Drawing:
    """The battlefield alone: its legend is the picture's key (``map_key``), set at print size under it."""
    m = _named(game.data.maps, name, "map")
    geom = map_geometry(m, game.data.game)
    ops = map_ops(geom, game.data, (0.0, 0.0, geom.width, geom.height), 0.0, 0.0, map_pictures(game))
    return ops, geom.width, geom.height


def map_key(name: str, game, width: float) -> Drawing:
    """A map's legend in rows no wider than ``width`` mm, at print size; its box is what it covers."""
    ops = legend_ops(_geometry(name, game), game.data, 0.0, 0.0, width)
    right = max((op.x + text_width(op.text, op.font, op.size) for op in ops if isinstance(op, Text)), default=0.0)
    bottom = max((op.y + op.h for op in ops if isinstance(op, Rect)), default=0.0)
    bottom = max([bottom] + [op.cy + op.r for op in ops if isinstance(op, Circle)])
    return ops, right, bottom


# (a validated game's key, a map's name) -> its geometry, and what working it out read (printgen.deps): a book
# sets each map's key on each paper at the column's width and again across the page, from the same geometry
_GEOMETRY: dict[tuple[str, str], tuple] = {}


def _geometry(name: str, game):
    """The geometry of the map ``name`` (model.maps.map_geometry), worked out once per validated game;
    ``game``: a ValidatedGame or a ReadLog of one (then what it reads is noted in it)."""
    base = ReadLog.unwrapped(game)
    key = getattr(base, "key", None)
    if not isinstance(key, str):
        return map_geometry(_named(game.data.maps, name, "map"), game.data.game)
    got = _GEOMETRY.get((key, name))
    if got is None:
        log = ReadLog(base)
        geom = map_geometry(_named(log.data.maps, name, "map"), log.data.game)
        if len(_GEOMETRY) >= 64:
            _GEOMETRY.clear()
        got = _GEOMETRY[(key, name)] = (geom, log.reads)
    if isinstance(game, ReadLog):
        game.note(got[1])
    return got[0]


def icon_image(name: str, game) -> Drawing:
    if name not in ICONS:
        raise ImageError(f"no built-in icon '{name}'")
    return draw_icon(name, 3.0, 3.0, 6.0, "#1d1d1b"), 6.0, 6.0


def token_image(name: str, game) -> Drawing:
    t = _named(game.data.tokens, name, "token")
    faces = TokenFaces(game, picture=True)
    index = next(i for i, x in enumerate(faces.tokens) if x is t)
    # a 1 mm margin round the bleed disc, as the picture's frame
    return shifted(faces.face(index), 1.0, 1.0), faces.box + 2, faces.box + 2


def card_image(name: str, game) -> Drawing:
    """``printgen:card/NAME``: the named item's face through its sheet's front layout, cut to its trim, in
    any game whose kind is printed through a layout (a custom game's units). The first sheet, in
    game.yaml's order, whose kind has an item of that name draws it; a pack's own ``card`` kind wins."""
    from ..draw.document import Group
    from ..layout.face_geometry import face_size
    from ..layout.sheets import game_sheets, picture_maker
    from ..names import name_key

    maker = picture_maker(game)
    kinds = []
    for sheet, _ in game_sheets(game):
        layout = maker.layouts.get(sheet.front) if sheet.front else None
        if layout is None:
            continue
        kinds.append(sheet.kind)
        items = getattr(game.data, sheet.kind, None) or []
        index = next((i for i, it in enumerate(items) if name_key(str(getattr(it, "name", ""))) == name_key(name)),
                     None)
        if index is None:
            continue
        w, h, bleed = face_size(layout, game.data.game)
        ops = maker.draw(layout, items[index], sheet.kind, index, f"card '{name}'")
        return [Group(tuple(ops), (1.0, 0.0, 0.0, 1.0, -bleed, -bleed), clip=(bleed, bleed, w, h))], w, h
    if not kinds:
        raise ImageError("this game prints no cards through a layout (game.yaml's sheets: name none)")
    raise ImageError(f"no item named '{name}' on a sheet of cards ({', '.join(dict.fromkeys(kinds))})")


IMAGES: dict[str, ImageFn] = {
    "map": map_image,
    "icon": icon_image,
    "token": token_image,
    "card": card_image,
}

KeyFn = Callable[[str, object, float], Drawing]
# kind -> its pictures' key (argument, game, width mm): drawn at print size under the picture, so it
# stays readable however far the picture itself is shrunk to the column
KEYS: dict[str, KeyFn] = {
    "map": map_key,
}


def key_of(address: str, game, width: float) -> Drawing | None:
    """The key of the picture at ``address`` (a ``printgen:`` kind in KEYS), or None."""
    if not address.startswith("printgen:"):
        return None
    kind, _, arg = address[len("printgen:"):].partition("/")
    if kind not in KEYS:
        return None
    from urllib.parse import unquote

    ops, w, h = KEYS[kind](unquote(arg), game, width)
    return (ops, w, h) if ops else None


ACROSS = 1.2  # a picture is set across both columns when that sets it at least this much larger


def across_columns(flow, address: str, game, caption: Callable, *, width: float, column: float, span: float):
    """A picture (``flow``, an OpsFlowable in a column ``width`` pt wide) too small in a column of a two-column
    book for its words to print at their own size, where set at the least size (larger than its proportions)
    they crowd its lines (sizing.crowded_labels), set across both columns (``span`` pt) instead, when that sets it ACROSS times larger or
    more: a tables.Spanning, which the book places at a page's top, set in the column where no page holds it.
    None where it stays in the column (a one-column book, a quote, a table cell, a picture that reads there).
    ``caption``: makes the caption paragraph (one for each way of setting it)."""
    if not span or abs(width - column) > 0.01 or flow.in_cell or flow.least is None:
        return None
    from .flowables import OpsFlowable
    from .sizing import crowded_labels, floored, needed_scale, picture_scale
    from .tables import Spanning
    from ..units import pt_to_mm

    (w, h), k = flow.box, flow.set_scale
    if k >= needed_scale(flow.ops, flow.least):
        return None
    if not crowded_labels(floored(flow.ops, k, flow.least), flow.ops, k, flow.box, flow.least):
        return None  # its words, set larger, still stand clear of its lines: it reads in the column
    wide = picture_scale(flow.ops, w, h, max_w=pt_to_mm(span), max_h=200.0, least=flow.least)
    if wide < k * ACROSS:
        return None
    across = OpsFlowable(flow.ops, w, h, scale=wide, caption=caption(), space=5.0,
                         key=key_of(address, game, pt_to_mm(span)), least=flow.least)
    spanning = Spanning([across], [flow], span)
    spanning.whole = True  # a picture is never split: under another one across a page, it waits for the next page
    return spanning


def art_image(src: str, game) -> Drawing:
    """The designer's picture ``src`` (inside the game folder): 300 dpi of a raster is its printed size,
    an SVG its own size; the rulebook shrinks either to the column."""
    from ..draw.document import Image
    from ..layout.art import PRINT_DPI, ArtError, load_art

    try:
        art = load_art(game.folder, src)
        w = art.pixels[0] / (96.0 if art.vector else PRINT_DPI) * 25.4
        h = w / art.aspect
        art = load_art(game.folder, src, width_mm=w) if art.vector else art
    except ArtError as exc:
        raise ImageError(str(exc)) from None
    return [Image(0.0, 0.0, w, h, art.data, art.mime, role="image")], w, h


# Each validated game's pictures as drawn, and what drawing them read (printgen.deps), by the game's
# ``key`` and the address. Validation draws every picture of the rulebook (one that cannot be drawn is a
# finding); the build's workers, forked after validation, are handed a copy of the same game (same key)
# and take the drawings from here, noting the same reads, instead of drawing them again. The pictures
# of one game are drawn through one ReadLog (so a card picture's face maker is made once): each notes
# what all of them read so far, more than its own, never less. The last few games only: a watch
# validates again and again.
_DRAWN: dict[str, tuple[ReadLog, dict[str, tuple[tuple, float, float, list[str]]]]] = {}
_KEEP = 8
# A build's workers are forked after its first game validated: the pictures of the games validated after
# that go along with the game instead (ValidatedGame.shared, pickled: 40-200 kB for the bundled games' books),
# so no worker draws them again (issue 41). A book whose pictures pickle larger is left to draw its own.
PICTURES = "rulebook-pictures"
_HANDED_MAX = 4_000_000  # bytes


def hand_on_pictures(game) -> None:
    """After validation drew ``game``'s rulebook pictures (``resolve``): they go along with the game to the
    build's workers (``shared``), unless they pickle larger than _HANDED_MAX."""
    base = ReadLog.unwrapped(game)
    drawn = _DRAWN.get(getattr(base, "key", None))
    shared = getattr(base, "shared", None)
    if drawn and drawn[1] and isinstance(shared, dict):
        import io

        buf = io.BytesIO()
        _KeepingSources(buf, protocol=5).dump(drawn[1])
        if buf.tell() <= _HANDED_MAX:
            shared[PICTURES] = buf.getvalue()


class _KeepingSources(pickle.Pickler):
    """Pickles a drawing with where each of its texts came from. A text pickled alone leaves its ``src``
    out (a page's digest must not depend on it: document.Text.__getstate__), but a picture handed on to
    another worker must keep it, or a finding in that worker's copy is pinned on the game instead of on the
    template line that sets the picture."""

    def reducer_override(self, obj):
        if type(obj) is Text:
            return copyreg.__newobj__, (Text,), dict(obj.__dict__)
        return NotImplemented


def _handed(base) -> dict:
    """The pictures validation drew and handed on with ``base`` (a ValidatedGame), or {}."""
    blob = (getattr(base, "shared", None) or {}).get(PICTURES)
    if not isinstance(blob, bytes):
        return {}
    return pickle.loads(blob)  # made by this build's own main process (hand_on_pictures), as the game itself is


def resolve(address: str, game, extra: dict[str, ImageFn]) -> Drawing:
    """``printgen:kind/argument`` -> its drawing; any other address is a picture of the game folder
    (``art/map.png``). Raises ImageError naming what is wrong. ``game``: a ValidatedGame, or a ReadLog
    of one (then what the drawing reads is noted in it)."""
    base = ReadLog.unwrapped(game)
    key = getattr(base, "key", None)
    if not isinstance(key, str):
        return _draw(address, game, extra)
    if key not in _DRAWN:
        while len(_DRAWN) >= _KEEP:
            del _DRAWN[next(iter(_DRAWN))]
        _DRAWN[key] = (ReadLog(base), _handed(base))
    seen, drawn = _DRAWN[key]
    if address not in drawn:
        ops, w, h = _draw(address, seen, extra)
        drawn[address] = (tuple(ops), w, h, seen.reads)
    ops, w, h, reads = drawn[address]
    if isinstance(game, ReadLog):
        game.note(reads)
    return list(ops), w, h


def _draw(address: str, game, extra: dict[str, ImageFn]) -> Drawing:
    if not address.startswith("printgen:"):
        return art_image(address, game)
    kind, _, arg = address[len("printgen:"):].partition("/")
    registry = {**IMAGES, **extra}
    if kind not in registry:
        raise ImageError(f"unknown image kind '{kind}' (kinds: {', '.join(sorted(registry))})")
    from urllib.parse import unquote

    from ..draw.provenance import Source, drawing
    from ..preflight.pictures import locate_picture

    # what the picture draws comes from the template line that sets it: a finding in it (a label its scale
    # crowds onto a line) points there, where the picture is placed, scaled or left out
    place = locate_picture(ReadLog.unwrapped(game), kind, unquote(arg))
    with drawing(Source(f"the picture '{address}'", element=place) if place is not None else None):
        return registry[kind](unquote(arg), game)
