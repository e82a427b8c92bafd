"""mkdocs hooks (mkdocs.yml ``hooks:``): the tutorial's pictures, made by the docs build itself.

The build replays docs/tutorial.md in a scratch folder with the same harness the tests use (its file
blocks written, its printgen commands run), then draws what the steps made: the new unit's card, the
map, the rulebook chapter and the 3D tile. The pictures are never committed, so they cannot drift from
the text: a change to the tutorial's YAML changes its pictures at the next docs build.
"""

from __future__ import annotations

import importlib.util
import io
import struct
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TUTORIAL = REPO / "docs" / "tutorial.md"
GAME = "ember-watch"


def _harness():
    spec = importlib.util.spec_from_file_location("docs_harness", REPO / "tests" / "docs" / "harness.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def replay(root: Path) -> None:
    """Write the tutorial's files and run its commands in ``root``, in page order; raises on a failed step."""
    h = _harness()
    for block in h.blocks(TUTORIAL.read_text(encoding="utf-8")):
        if block.file:
            h.write(root, block)
        if block.lang == "console":
            for cmd in h.commands(block):
                done = h.run(cmd, root)
                if done.returncode != cmd.expect:
                    raise RuntimeError(f"tutorial line {block.line}: `{cmd.text}` exited {done.returncode}\n"
                                       f"{done.stdout[-1500:]}{done.stderr[-1500:]}")


def _trimmed(png: bytes, pad: int = 12) -> bytes:
    """The picture cut to what is drawn on it (white all round removed, ``pad`` px kept)."""
    from PIL import Image, ImageChops

    with Image.open(io.BytesIO(png)) as im:
        rgb = im.convert("RGB")
        box = ImageChops.difference(rgb, Image.new("RGB", rgb.size, "white")).getbbox()
        if box:
            rgb = rgb.crop((max(box[0] - pad, 0), max(box[1] - pad, 0),
                            min(box[2] + pad, rgb.width), min(box[3] + pad, rgb.height)))
        out = io.BytesIO()
        rgb.save(out, "PNG", optimize=True)
        return out.getvalue()


def _page_png(pdf: Path, *, dpi: float, contains: str | None = None, body_only: bool = False) -> bytes:
    """Page of ``pdf`` (the first, or the first whose text holds ``contains``) as a PNG; ``body_only``
    leaves the page footer (calibration bars) out."""
    import pypdfium2 as pdfium

    from printgen.write.raster import pdf_pngs

    doc = pdfium.PdfDocument(str(pdf))
    index = 0
    if contains is not None:
        index = next(i for i in range(len(doc)) if contains in doc[i].get_textpage().get_text_range())
    one = pdfium.PdfDocument.new()
    one.import_pages(doc, [index])
    buf = io.BytesIO()
    one.save(buf)
    png = pdf_pngs(buf.getvalue(), dpi=dpi)[0]
    if body_only:
        from PIL import Image

        with Image.open(io.BytesIO(png)) as im:
            cut = im.crop((0, 0, im.width, int(im.height * 0.9)))
            out = io.BytesIO()
            cut.save(out, "PNG")
            png = out.getvalue()
    return png


def _stl_mesh(path: Path):
    """A binary STL as printgen's Mesh (each triangle its own three vertices: enough to draw it)."""
    from printgen.mesh.tile import Mesh

    data = path.read_bytes()
    (count,) = struct.unpack_from("<I", data, 80)
    vertices, faces = [], []
    for i in range(count):
        values = struct.unpack_from("<12f", data, 84 + 50 * i)
        base = len(vertices)
        vertices += [tuple(values[3:6]), tuple(values[6:9]), tuple(values[9:12])]
        faces.append((base, base + 1, base + 2))
    return Mesh(vertices, faces)


def tutorial_pictures() -> dict[str, bytes]:
    """docs path -> PNG bytes of every picture the tutorial shows, made from a replay of the tutorial."""
    from printgen.draw.document import Document
    from printgen.mesh.preview import preview_page
    from printgen.write.pdf import to_pdf
    from printgen.write.raster import pdf_pngs

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        replay(root)
        out = root / "output" / GAME
        card = next((out / "cards" / "unit-cards").glob("*ash-runner*.png")).read_bytes()
        (tile,) = sorted(root.glob("ridge*.stl"))
        page = preview_page(_stl_mesh(tile), "ridge.stl")
        return {
            "images/tutorial/card.png": card,
            "images/tutorial/map.png": _trimmed(_page_png(out / "a4" / "map-ember-ridge.pdf", dpi=60, body_only=True)),
            "images/tutorial/chapter.png": _page_png(out / "a4" / "rulebook.pdf", dpi=60, contains="Ash Runner moves"),
            "images/tutorial/tile.png": _trimmed(pdf_pngs(to_pdf(Document(title="tile", pages=[page])), dpi=110)[0]),
        }


def on_files(files, config):
    """Add the tutorial's pictures to the site (mkdocs event)."""
    from mkdocs.structure.files import File

    for uri, data in tutorial_pictures().items():
        files.append(File.generated(config, uri, content=data))
    return files


if __name__ == "__main__":  # python3 tools/docs_hooks.py DIR: write the pictures there, to look at them
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "tutorial-pictures")
    for uri, data in tutorial_pictures().items():
        (target / uri).parent.mkdir(parents=True, exist_ok=True)
        (target / uri).write_bytes(data)
        print(target / uri)
