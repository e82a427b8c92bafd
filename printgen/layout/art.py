"""The designer's own pictures: PNG, JPEG and SVG files inside the game folder (``art/...``).

A picture is named by a plain relative path from the game folder; it must stay inside it (no ``..``,
no absolute path, no symlink leading out), be one of the accepted kinds, and decode. SVG is rasterised
by cairosvg in its safe mode (XML entities refused, nothing fetched but ``data:`` URLs), at the
resolution the print needs. Each problem is an ArtError whose message says what to do; callers turn it
into a located finding.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..safety.paths import escaping_link, inside, link_message

KINDS = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".svg": "image/svg+xml"}
MAX_BYTES = 20 * 1024 * 1024
MAX_PIXELS = 40_000_000  # decoded size of one picture: refuses decompression bombs
PRINT_DPI = 300  # SVG is rasterised at this resolution of its printed size
MIN_DPI = 150  # a raster picture printed coarser than this is a warning


class ArtError(ValueError):
    """A picture that cannot be used; the message says why and what to do."""


@dataclass(frozen=True)
class Art:
    path: Path
    mime: str
    data: bytes  # PNG or JPEG bytes, ready to embed (SVG: rasterised)
    pixels: tuple[int, int]  # raster width, height (SVG: its own size in px, as drawn at 96 dpi)
    vector: bool = False

    @property
    def aspect(self) -> float:
        return self.pixels[0] / self.pixels[1]

    def dpi(self, width_mm: float) -> float:
        """Resolution when printed ``width_mm`` wide (dots per inch)."""
        return self.pixels[0] / (width_mm / 25.4) if width_mm > 0 else float("inf")


def game_file(folder: Path, src: object, suffixes, *, what: str = "picture", example: str = "art/knight.png") -> Path:
    """The file ``src`` names inside the game ``folder``, of one of ``suffixes``; raises ArtError when it
    may not be used (a path leading out, a missing file, another kind of file)."""
    if not isinstance(src, str) or not src.strip():
        raise ArtError(f"name a {what} by its path in the game folder, e.g. {example}")
    parts = src.strip().replace("\\", "/").split("/")
    if src.startswith("/") or ":" in parts[0] or any(p in ("", ".", "..") for p in parts):
        raise ArtError(f"'{src}' must be a plain path inside the game folder, such as {example}")
    path = Path(folder).joinpath(*parts)
    if path.suffix.lower() not in suffixes:
        raise ArtError(f"'{src}' is not a {what} printgen reads (accepted: {', '.join(suffixes)})")
    # a link leading out is said first, whatever it leads to (a device such as /dev/zero is no file either)
    link = escaping_link(path, folder) if path.exists() else None  # a link to nothing: "no file" below
    if link is None and path.is_file() and not inside(path, folder):  # the link may be a folder on the way
        link = path
    if link is not None:
        raise ArtError(f"'{src}': {link_message(link)} (copy the {what} in)")
    if not path.is_file():
        if path.exists():
            raise ArtError(f"'{src}' is no plain file (a folder, a device or a pipe); put the {what} itself there")
        raise ArtError(f"no file '{src}' in the game folder; put the {what} at {path}")
    return path


def art_path(folder: Path, src: object) -> Path:
    """The picture ``src`` names inside the game ``folder``; raises ArtError when it may not be used."""
    path = game_file(folder, src, KINDS)
    if path.stat().st_size > MAX_BYTES:
        raise ArtError(f"'{src}' is larger than {MAX_BYTES // 2**20} MiB")
    return path


def load_art(folder: Path, src: object, *, width_mm: float = 0.0) -> Art:
    """The picture ``src`` of the game ``folder``, checked and ready to embed (SVG rasterised for a print
    ``width_mm`` wide). Raises ArtError."""
    path = art_path(folder, src)
    st = path.stat()
    return _load(str(path), st.st_mtime_ns, st.st_size, round(width_mm, 2))


@lru_cache(maxsize=256)
def _load(path: str, mtime: int, size: int, width_mm: float) -> Art:
    data = Path(path).read_bytes()
    suffix = os.path.splitext(path)[1].lower()
    name = os.path.basename(path)
    if suffix == ".svg":
        return _svg(Path(path), data, width_mm)
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as im:
            fmt = im.format
            px = im.size
            if px[0] * px[1] > MAX_PIXELS:
                raise ArtError(f"'{name}' is {px[0]} x {px[1]} pixels; more than {MAX_PIXELS:,} is refused")
            im.verify()
    except ArtError:
        raise
    except Exception:
        raise ArtError(f"'{name}' cannot be read as a picture; save it again as PNG or JPEG") from None
    expected = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}[suffix]
    if fmt != expected:
        raise ArtError(f"'{name}' holds a {fmt} picture, not {expected}; rename it or save it as {expected}")
    return Art(Path(path), KINDS[suffix], data, px)


def _svg(path: Path, data: bytes, width_mm: float) -> Art:
    from ..system_libs import cairosvg as _cairosvg

    cairosvg = _cairosvg()

    if b"<!ENTITY" in data:
        raise ArtError(f"'{path.name}' declares XML entities; printgen reads SVG without them, remove them")
    from ..safety.svg_budget import SvgRefused, check_svg

    try:
        check_svg(data, MAX_PIXELS)  # what it costs to draw, bounded before cairosvg draws it
    except SvgRefused as exc:
        raise ArtError(f"'{path.name}' is refused: {exc}") from None
    try:
        png0 = cairosvg.svg2png(bytestring=data, unsafe=False)
    except ArtError:
        raise
    except Exception as exc:
        raise ArtError(f"'{path.name}' cannot be read as SVG: {str(exc)[:120]}") from None
    from PIL import Image

    with Image.open(io.BytesIO(png0)) as im:
        natural = im.size
    target = max(1, round(width_mm / 25.4 * PRINT_DPI)) if width_mm else natural[0]
    # at most 20 times its own size, and never more pixels than a picture may have
    scale = min(target / max(natural[0], 1), 20.0, (MAX_PIXELS / max(natural[0] * natural[1], 1)) ** 0.5)
    png = png0 if abs(scale - 1) < 1e-3 else cairosvg.svg2png(bytestring=data, unsafe=False,
                                                  scale=scale)
    return Art(path, "image/png", png, natural, vector=True)
