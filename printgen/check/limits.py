"""Every limit of ``printgen.limits`` as a located finding, so that whatever validates also builds.

Two passes: the raw YAML (text lengths, control characters, words, list
lengths: these hold whatever the schema makes of the value) and the typed
settings (sizes that must fit the paper, hexes per map, 3D pieces).
"""

from __future__ import annotations

import math
import re
from typing import Iterator

from ..findings import Finding, error
from ..limits import LIMITS, limit
from ..draw.page import printable_area

# Keys whose text is a one-line label; "layout" and "layers" hold text maps (bounded by hexes, not length).
NAME_KEYS = {"name", "title", "id", "version", "colour_name", "ability", "symbol", "system", "enemy", "map",
             "faction", "group", "type", "param", "icon", "terrain", "zone", "objective"}
LAYOUT_KEYS = {"layout", "layers"}
LAYOUT_CHARS = 40_000  # a text map of limits['map-hexes'] hexes, drawn with generous spacing
# Controls other than tab and newline cannot be printed (PDF text, SVG/XML): never valid in game text.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff\ud800-\udfff]")
_WORD = re.compile(r"\S+")


def _num(v: float) -> str:
    """1,000,000 rather than 1e+06; 2.5 as 2.5; inf and nan as themselves; a whole number too big for a float
    (YAML reads 0x and 0b numbers of any length) by its size, as Python prints none past 4,300 digits."""
    if isinstance(v, int) and abs(v) >= 10**15:
        return f"about 10^{int((abs(v).bit_length() - 1) * math.log10(2))}"
    return f"{int(v):,}" if math.isfinite(v) and float(v).is_integer() and abs(v) < 1e15 else f"{v:g}"


def over_limit(name: str, what: str, value: float, loc, hint: str = "") -> Finding:
    """The finding "``what`` is ``value`` <unit>; the limit is ..." for limit ``name`` (code ``limit-<name>``)."""
    lim = LIMITS[name]
    unit = f" {lim.unit}" if lim.unit else ""
    return error(lim.code, f"{what} is {_num(value)}{unit}; the limit is {_num(lim.value)}{unit}"
                 + (f"; {hint}" if hint else ""), loc)


def past_limits(findings) -> bool:
    """Whether any finding is a limit error: then no further check or build step may run."""
    return any(f.is_error and f.code.startswith("limit-") for f in findings)


def raw_text_findings(source) -> Iterator[Finding]:
    """Text and list limits over the raw data of every file (before the schema reads it)."""
    longest_list, biggest, longest_text = limit("list-length"), limit("number"), limit("text-length")
    # one regular-expression search per text finds a word too long to wrap (not a loop over its words)
    long_word = re.compile(r"\S{%d,}" % (int(limit("word-length")) + 1))
    for path, value in source.values():
        if isinstance(value, list):
            if len(value) > longest_list:
                # at the item that crosses the limit, in its own file: a content list is the files' lists
                # joined, and the one that grows it past the limit is seldom the first
                first = int(longest_list)
                name = next((f"'{p}' " for p in reversed(path) if isinstance(p, str)), "")
                yield over_limit("list-length", f"the length of the list {name}".rstrip(), len(value),
                                 source.loc(path + (first,), raw=True), f"item {first + 1:,}, here, is the first past it: "
                                 "split the list or drop some items")
            continue
        if isinstance(value, dict):
            if len(value) > limit("mapping-keys"):
                first = int(limit("mapping-keys"))
                key = next(k for i, k in enumerate(value) if i == first)
                yield over_limit("mapping-keys", "the number of keys of this mapping", len(value),
                                 source.loc(path + (key,), key=True, raw=True),
                                 f"key {first + 1:,}, here, is the first past it: split it or drop some keys")
            continue
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            # a whole number is compared as itself: one past a float's range (0x and 300 digits) is no float
            if (not isinstance(value, int) and not math.isfinite(value)) or abs(value) > biggest:
                yield over_limit("number", "this number", value, source.loc(path, raw=True), "use a smaller number")
            continue
        if not isinstance(value, str):
            continue
        bad = _CONTROL.search(value)
        if bad:
            yield error("text-control", f"a control character (U+{ord(bad.group()):04X}) cannot be printed; "
                        "remove it", source.offset_loc(path, bad.start(), raw=True))
            continue
        key = next((p for p in reversed(path) if isinstance(p, str)), "")
        if key in LAYOUT_KEYS:
            if len(value) > LAYOUT_CHARS:
                yield error(LIMITS["map-hexes"].code, f"this map is {len(value):,} characters of text, more than a "
                            f"map of {_num(limit('map-hexes'))} hexes (the limit) needs; split it into several maps",
                            source.loc(path, raw=True))
            continue
        if path[:2] == ("game", "id"):
            if len(value) > limit("id-length"):
                yield over_limit("id-length", "the game id's length", len(value), source.loc(path, raw=True))
            continue  # an id names the output folder; it is never wrapped on a page, so no word limit
        if key in NAME_KEYS and path[-1] == key and len(value) > limit("name-length"):
            yield over_limit("name-length", f"this {key}'s length", len(value), source.loc(path, raw=True), "shorten it")
        elif len(value) > longest_text:
            yield over_limit("text-length", "this text's length", len(value), source.loc(path, raw=True),
                             "shorten it or split it into several entries")
            continue
        m = long_word.search(value)
        if m:
            word = m.group() if len(m.group()) <= 20 else m.group()[:20] + "..."
            yield over_limit("word-length", f"the length of the word '{word}'", len(m.group()),
                             source.offset_loc(path, m.start(), raw=True), "break it with spaces or hyphens so it can wrap")


def settings_findings(ctx) -> Iterator[Finding]:
    """Sizes in game.yaml: each within its limit and small enough to print on the paper."""
    g = ctx.data.game
    loc = ctx.loc
    if not limit("min-hex-size") <= g.hex.size <= limit("hex-size"):
        name = "hex-size" if g.hex.size > limit("hex-size") else "min-hex-size"
        yield error(LIMITS[name].code, f"a hex of {g.hex.size:g} mm is outside {limit('min-hex-size'):g}-"
                    f"{limit('hex-size'):g} mm", loc(("game", "hex", "size")))
    margin_ok = g.print.margin <= limit("margin")
    if not margin_ok:
        yield over_limit("margin", "the margin", g.print.margin, loc(("game", "print", "margin")))
    cw, ch = printable_area(g.print.margin if margin_ok else 5.0)
    if g.token.diameter > min(limit("token-diameter"), cw, ch):
        yield error(LIMITS["token-diameter"].code,
                    f"a token of {g.token.diameter:g} mm does not fit the page (at most "
                    f"{min(limit('token-diameter'), cw, ch):.0f} mm)", loc(("game", "token", "diameter")))
    if g.card.bleed > limit("bleed"):
        yield over_limit("bleed", "the bleed", g.card.bleed, loc(("game", "card", "bleed")))
    w, h = g.card.size
    bleed = min(g.card.bleed, limit("bleed"))
    if max(w, h) > limit("card-side") or min(w, h) + 2 * bleed > cw or max(w, h) + 2 * bleed > ch:
        yield error(LIMITS["card-side"].code, f"a {w:g} x {h:g} mm card with {bleed:g} mm bleed does not fit "
                    f"the page's {cw:.0f} x {ch:.0f} mm printable area", loc(("game", "card", "size")))
    if g.mesh.height > limit("mesh-height"):
        yield over_limit("mesh-height", "a level's height", g.mesh.height, loc(("game", "mesh", "height")))
    elif g.mesh.height < limit("min-mesh-height"):
        yield error(LIMITS["min-mesh-height"].code, f"a level {g.mesh.height:g} mm high is too thin to print; the "
                    f"minimum is {limit('min-mesh-height'):g} mm", loc(("game", "mesh", "height")))


def map_area(m, orientation: str) -> tuple[float, float] | None:
    """How wide and deep (in hexes, flat to flat) the box of map ``m``'s layout is; None if it does not read
    (the map checks say why)."""
    from ..hexgrid import Layout, TextMapError, parse_textmap

    try:
        hexes = parse_textmap(m.layout, m.orientation or orientation, notation=m.notation).cells
    except TextMapError:
        return None
    x0, y0, x1, y1 = Layout(m.orientation or orientation, 1.0).bounds(hexes)
    return x1 - x0, y1 - y0


def content_findings(ctx) -> Iterator[Finding]:
    """Hexes per map, 3D pieces and their levels, coordinates."""
    for i, m in enumerate(getattr(ctx.data, "maps", None) or []):
        hexes = sum(1 for ch in (m.layout or "") if not ch.isspace())
        if hexes > limit("map-hexes"):
            yield over_limit("map-hexes", f"the number of hexes in map '{m.name}'", hexes, ctx.loc(("maps", i, "layout")),
                        "split it into several maps")
        area = map_area(m, ctx.data.game.hex.orientation)
        if area is not None and area[0] * area[1] > limit("map-area"):
            w, d = area
            yield over_limit("map-area", f"the box around map '{m.name}' ({w:.0f} x {d:.0f} hexes)", round(w * d),
                             ctx.loc(("maps", i, "layout")), "bring its parts closer, or make each part a map")
        layers = getattr(m, "layers", None) or []
        if len(layers) + 1 > limit("mesh-levels"):
            yield over_limit("mesh-levels", f"the number of levels in map '{m.name}'", len(layers) + 1,
                             ctx.loc(("maps", i, "layers")))
        for j, o in enumerate(getattr(m, "objectives", None) or []):
            at = getattr(o, "at", None)
            if isinstance(at, (tuple, list)) and any(abs(v) > limit("coordinate") for v in at):
                yield over_limit("coordinate", "a coordinate's size", max(abs(v) for v in at),
                            ctx.loc(("maps", i, "objectives", j, "at")))
    pieces = getattr(ctx.data, "pieces", None) or []
    if len(pieces) > limit("pieces"):
        yield over_limit("pieces", "the number of pieces", len(pieces), ctx.loc(("pieces",)))
    for i, p in enumerate(pieces):
        if getattr(p, "levels", 1) > limit("mesh-levels"):
            yield over_limit("mesh-levels", "the number of a piece's levels", p.levels, ctx.loc(("pieces", i, "levels")))


def check_limits(ctx) -> Iterator[Finding]:
    """The shared check on typed data (the raw text limits run right after loading)."""
    if getattr(ctx.data, "game", None) is not None:
        yield from settings_findings(ctx)
        yield from content_findings(ctx)
