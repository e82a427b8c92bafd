"""``printgen:`` image addresses in rulebook Markdown, drawn as vector art.

A registry dict, kind -> resolver(argument, game) -> (ops, width mm, height mm);
rule packs add their own kinds (Heroes of Hex adds ``card``).
"""

from __future__ import annotations

from typing import Callable

from ..draw.document import Drawing, ImageError, shifted
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
    m = _named(game.data.maps, name, "map")
    geom = map_geometry(m, game.data.game)
    ops = map_ops(geom, game.data, (0.0, 0.0, geom.width, geom.height), 0.0, 0.0, map_pictures(game))
    ops += legend_ops(geom, game.data, 0.0, geom.height + 4.0, geom.width)
    return ops, geom.width, geom.height + 13.0


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


IMAGES: dict[str, ImageFn] = {
    "map": map_image,
    "icon": icon_image,
    "token": token_image,
}


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


def resolve(address: str, game, extra: dict[str, ImageFn]) -> Drawing:
    """``printgen:kind/argument`` -> its drawing; any other address is a picture of the game folder
    (``art/map.png``). Raises ImageError naming what is wrong."""
    if not address.startswith("printgen:"):
        return art_image(address, game)
    kind, _, arg = address[len("printgen:"):].partition("/")
    registry = {**IMAGES, **extra}
    if kind not in registry:
        raise ImageError(f"unknown image kind '{kind}' (kinds: {', '.join(sorted(registry))})")
    from urllib.parse import unquote

    return registry[kind](unquote(arg), game)
