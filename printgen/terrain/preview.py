"""A picture of a print plate seen from above (PNG): the bed, each tile in its terrain's colour
with its faces shaded by their slope, so the engraved grid shows, and each tile's number.

Drawn straight to pixels with Pillow: a plate has thousands of small faces, and a raster is
both what the preview is and much faster than going through SVG."""

from __future__ import annotations

import math

from ..mesh.polyhex import Mesh

LIGHT = (-0.35, 0.45, 0.82)
PX_PER_MM = 3.0
MARGIN = 24  # px around the bed, title above


def _channels(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def plate_png(objects: list[tuple[str, Mesh, str]], bed: tuple[float, float], title: str) -> bytes:
    """PNG bytes: the bed (0, 0 at its lower left) with every (label, mesh at its place, colour)."""
    from PIL import Image, ImageDraw, ImageFont

    from ..draw.fonts import FONT_DIR, FONTS

    w, h = round(bed[0] * PX_PER_MM), round(bed[1] * PX_PER_MM)
    img = Image.new("RGB", (w + 2 * MARGIN, h + 2 * MARGIN + 20), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    top = MARGIN + 20
    font = ImageFont.truetype(str(FONT_DIR / FONTS["sans-bold"]), 14)
    small = ImageFont.truetype(str(FONT_DIR / FONTS["sans-bold"]), 11)
    draw.text((MARGIN, 8), title, fill=(29, 29, 27), font=font)
    draw.rectangle((MARGIN, top, MARGIN + w, top + h), fill=(244, 241, 234), outline=(140, 123, 95), width=2)
    norm = math.sqrt(sum(c * c for c in LIGHT))
    light = tuple(c / norm for c in LIGHT)

    def px(x: float, y: float) -> tuple[float, float]:
        return (MARGIN + x * PX_PER_MM, top + h - y * PX_PER_MM)

    bottom = top + h
    polygon = draw.polygon
    for label, mesh, colour in objects:
        v = mesh.vertices
        z_top = max(p[2] for p in v)
        red, green, blue = _channels(colour)  # read once per tile, shaded per face below
        # lowest faces first, so what is higher covers them: a socket's walls inside a part stay hidden
        for a, b, c in sorted(mesh.faces, key=lambda f: v[f[0]][2] + v[f[1]][2] + v[f[2]][2]):
            (ax, ay, az), (bx, by, bz), (cx, cy, cz) = v[a], v[b], v[c]
            nx = (by - ay) * (cz - az) - (bz - az) * (cy - ay)
            ny = (bz - az) * (cx - ax) - (bx - ax) * (cz - az)
            nz = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
            length = math.sqrt(nx * nx + ny * ny + nz * nz)
            if length == 0 or nz <= 1e-9 * length:
                continue  # sides and bottoms are out of sight from above
            shade = 0.45 + 0.55 * max(0.0, (nx * light[0] + ny * light[1] + nz * light[2]) / length)
            # a face below the top darker with its depth (to 2 mm): the cracks round a real-set piece's
            # raised hex tops are as flat as the tops, and show only so
            shade *= 1.0 - 0.3 * min(1.0, max(0.0, z_top - (az + bz + cz) / 3) / 2.0)
            # px() written out: a plate has thousands of faces
            polygon([(MARGIN + ax * PX_PER_MM, bottom - ay * PX_PER_MM),
                     (MARGIN + bx * PX_PER_MM, bottom - by * PX_PER_MM),
                     (MARGIN + cx * PX_PER_MM, bottom - cy * PX_PER_MM)],
                    fill=(max(0, min(255, round(red * shade))), max(0, min(255, round(green * shade))),
                          max(0, min(255, round(blue * shade)))))
        xs, ys = [p[0] for p in v], [p[1] for p in v]
        draw.text(px((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), label, fill=(29, 29, 27), font=small,
                  anchor="mm")
    from ..write.raster import png_bytes

    return png_bytes(img)
