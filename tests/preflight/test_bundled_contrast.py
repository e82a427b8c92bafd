"""The palette pass measured in the PDFs, as a reviewer would: every word is read against the fill drawn
under its middle (inside a hexagon's sides, not its box) with WCAG's ratio, and on a map also as readers
with each simulated colour-vision deficiency see it. Before the pass High Ground's start codes read at
1.91:1 for deuteranopes on grass, HexPrint's Scrap Swarm header at 3.54:1 and its tags at 2.86:1."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from printgen.project import validate_game
from printgen.draw.page import PageSpec
from printgen.plan import plan_build
from printgen.preflight.collide import _inside  # even-odd point in polygon
from printgen.preflight.colour import large, worst_ratio
from printgen.write.pdf import to_pdf

DATA = Path(__file__).resolve().parents[2] / "data"


def _grounds(page) -> list[tuple]:
    """(rect, polygon or None, #rrggbb) of every filled path, in drawing order: a path of straight lines
    only is held to its outline, any other to its rect."""
    out = []
    for d in page.get_drawings():
        if d.get("fill") is None:
            continue
        lines = [i for i in d["items"] if i[0] == "l"]
        poly = [(i[1].x, i[1].y) for i in lines] if lines and len(lines) == len(d["items"]) else None
        out.append((d["rect"], poly, "#%02x%02x%02x" % tuple(round(v * 255) for v in d["fill"][:3])))
    return out


def _measured(pdf: bytes, meaning: bool) -> list[tuple[float, float, str]]:
    """(contrast, the least it must reach, what) of every word of the document on the fill under it."""
    out = []
    for page in pymupdf.open(stream=pdf):
        grounds = _grounds(page)
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if not span["text"].strip():
                        continue
                    x0, y0, x1, y1 = span["bbox"]
                    c = ((x0 + x1) / 2, (y0 + y1) / 2)
                    under = [g for r, poly, g in grounds if r.contains(pymupdf.Point(*c))
                             and (poly is None or _inside(c, poly))]
                    ground = under[-1] if under else "#ffffff"  # the paper where nothing is drawn
                    value, _ = worst_ratio("#%06x" % span["color"], ground, meaning)
                    bold = bool(span["flags"] & 16) or "Bold" in span["font"]
                    need = 3.0 if large(span["size"], bold) else 4.5
                    out.append((value, need, f"{span['text']!r} #{span['color']:06x} on {ground}"))
    return out


def _render(name: str, asset: str, stem: str) -> bytes:
    """The A4 PDF ``stem`` of a bundled game's printable ``asset``."""
    game = validate_game(DATA / name)
    spec = PageSpec.for_paper("a4", game.data.game.print.margin)
    target = next(t for t in plan_build([game], papers=["a4"]) if t.asset.name == asset)
    return to_pdf(target.asset.render(game, spec)[stem])


def test_high_ground_battlefield_words_read_for_every_vision():
    measured = _measured(_render("heroscape-style", "maps", "map-cinder-ridge"), meaning=True)
    codes = [m for m in measured if "'AS'" in m[2] or "'CS'" in m[2]]
    levels = [m for m in measured if m[2][1:2].isdigit() and m[2][2] == "'"]
    assert len(codes) >= 20 and len(levels) >= 300
    short = [m for m in codes + levels if m[0] < m[1] - 1e-6]
    assert not short, sorted(short)[:8]


@pytest.mark.parametrize("stem", ["unit-cards", "terrain-cards", "initiative-markers", "hex-timer"])
def test_hexprint_card_and_marker_words_read(stem):
    measured = _measured(_render("hexprint", stem, stem), meaning=False)
    assert len(measured) >= 20
    short = [m for m in measured if m[0] < m[1] - 1e-6]
    assert not short, sorted(short)[:8]


# Colours that carry meaning stay apart as every reader sees them: CIELAB distance (CIE76) of the
# simulated colours, pairwise. 8 is well past a just-noticeable difference (about 2.3) for a swatch or a
# hex's rim seen across the table; Hexatech's Fluid and Spirit, the closest pair, are 8.6 apart for
# protanopes. (Hex Dice's six dark base colours come closer, 3.7 for deuteranopes; its bases are
# told apart by their letters.)
APART = 8.0


def _lab(hexcolour: str, vision: str | None) -> tuple[float, float, float]:
    from printgen.draw.colour import CVD, _linear, rgb

    lin = [_linear(v) for v in rgb(hexcolour)]
    if vision is not None:
        m = CVD[vision]
        lin = [sum(m[i][k] * lin[k] for k in range(3)) for i in range(3)]
    r, g, b = (min(1.0, max(0.0, v)) for v in lin)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def _meaning_sets() -> list[tuple[str, dict[str, str]]]:
    sets = []
    hexatech = validate_game(DATA / "hexatech")
    sets.append(("Hexatech factions", {f.name: f.colour for f in hexatech.data.factions}))
    high = validate_game(DATA / "heroscape-style")
    sets.append(("High Ground teams", {p["name"]: p["colour"] for p in high.data.game.rules["players"]}))
    for name in ("heroes-of-hex", "heroscape-style", "hexprint"):
        for m in validate_game(DATA / name).data.maps:
            zones = {z.colour: z.name for z in m.zones}  # zones of one colour are one side
            if len(zones) > 1:
                sets.append((f"{name} {m.name} zones", {n: c for c, n in zones.items()}))
    return sets


def test_meaning_colours_stay_apart_for_every_vision():
    import itertools

    from printgen.draw.colour import CVD

    assert len(_meaning_sets()) >= 8
    for what, colours in _meaning_sets():
        for vision in (None, *CVD):
            for (a, ca), (b, cb) in itertools.combinations(colours.items(), 2):
                d = sum((p - q) ** 2 for p, q in zip(_lab(ca, vision), _lab(cb, vision))) ** 0.5
                assert d >= APART, f"{what}: {a} and {b} are {d:.1f} apart for {vision or 'normal vision'}"
