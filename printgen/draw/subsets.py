"""Font subset names that stay unique when PDFs are joined (a print kit, a shop's imposition).

reportlab names the n-th subset of a font in a document ``AAAAAA+Face``, ``AAAAAB+Face``..., counting
from A in every document, so a kit joined from 15 PDFs holds 15 different subsets all called
``AAAAAA+NotoSans-Regular``. Preflight tools and RIPs take one name for one font program and may
draw a page with another page's glyphs. Here each subset's tag is six letters drawn from a digest of
the subset's own font program (its glyphs and their codes) and face name: different subsets get
different tags, the same subset the same tag, and the same document the same bytes.

The tags are rewritten in place in the finished bytes: a tag is always six letters, so no byte moves
and the cross-reference table stays right. reportlab writes font dictionaries as plain objects (never
in compressed object streams), where the names can be found.
"""

from __future__ import annotations

import hashlib
import io
import re
import struct

import pikepdf
from reportlab.pdfbase import ttfonts

from .unhinted import unhinted

TAG = re.compile(rb"^[A-Z]{6}\+")
# a name ends at whitespace or a delimiter (PDF 32000-1, 7.2.2): "NotoSans-Bold" must not match the
# start of "NotoSans-BoldItalic"
_END = rb"(?=[\s/<>\[\]()%{}])"


def subset_tag(face: str, program: bytes) -> str:
    """Six capitals from a digest of a subset's face name and font program."""
    n = int.from_bytes(hashlib.sha256(face.encode() + b"\0" + program).digest()[:8], "big")
    letters = []
    for _ in range(6):
        n, r = divmod(n, 26)
        letters.append(chr(ord("A") + r))
    return "".join(letters)


def _font_file(font) -> bytes | None:
    desc = font.get("/FontDescriptor")
    if desc is None:
        fonts = font.get("/DescendantFonts")
        desc = fonts[0].get("/FontDescriptor") if fonts is not None and len(fonts) else None
    if desc is None:
        return None
    for key in ("/FontFile2", "/FontFile", "/FontFile3"):
        stream = desc.get(key)
        if stream is not None:
            return stream.read_bytes()
    return None


def subset_fonts(pdf: pikepdf.Pdf) -> dict[str, bytes]:
    """BaseFont name -> the decoded font program, for every embedded subset font in ``pdf``."""
    found = {}
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == pikepdf.Name.Font and "/BaseFont" in obj:
            name = str(obj.BaseFont)[1:]
            if TAG.match(name.encode("latin-1", "replace")):
                program = _font_file(obj)
                if program is not None:
                    found[name] = program
    return found


# a BaseFont reportlab writes as it is (no #xx escapes), which the PDF holds byte for byte as its name
_PLAIN_NAME = re.compile(r"^[A-Z]{6}\+[!-~]+$")
_DELIMITERS = frozenset("%()<>{}[]#/")


def unique_subset_names(data: bytes, subsets: list[tuple[str, bytes]] | None = None) -> bytes:
    """``data`` (a PDF reportlab wrote) with every subset tag replaced by one derived from the subset.
    ``subsets``: each embedded subset's BaseFont name and font program as the writer noted them while it
    wrote ``data`` (printgen.write.pdf), which spares reading the file back; when a name is one a PDF
    writes escaped, or two subsets share one, the file is read back as without them."""
    fonts = _noted(subsets) if subsets is not None else None
    if fonts is None:
        with pikepdf.open(io.BytesIO(data)) as pdf:
            fonts = subset_fonts(pdf)
    renamed = {name.encode("latin-1"): (subset_tag(name[7:], program) + name[6:]).encode("latin-1")
               for name, program in fonts.items()}
    if not renamed:
        return data
    # one pass: a new name may be another subset's old one
    names = rb"|".join(re.escape(n) for n in sorted(renamed, key=len, reverse=True))
    return re.sub(rb"/(" + names + rb")" + _END, lambda m: b"/" + renamed[m.group(1)], data)


def _noted(subsets: list[tuple[str, bytes]]) -> dict[str, bytes] | None:
    """BaseFont name -> program, as ``subset_fonts`` would read them from the file, or None where it might
    read otherwise (an escaped name, one name for two programs)."""
    found: dict[str, bytes] = {}
    for name, program in subsets:
        if not _PLAIN_NAME.match(name) or _DELIMITERS.intersection(name[7:]) or found.get(name, program) != program:
            return None
        found[name] = program
    return found


_add_subset_objects = ttfonts.TTFontFace.addSubsetObjects


def _noted_subset_objects(self, doc, fontname, subset):
    """reportlab's addSubsetObjects, noting on a document that asks (``_printgen_subsets``) each subset's
    name and program as it embeds them: the subset tags are made from them (unique_subset_names) without
    reading the finished file back."""
    ref = _add_subset_objects(self, doc, fontname, subset)
    noted = getattr(doc, "_printgen_subsets", None)
    if noted is not None:
        noted.append((fontname, self.makeSubset(subset)))  # the program just made, kept (write/pdf.py _kept_subset)
    return ref


ttfonts.TTFontFace.addSubsetObjects = _noted_subset_objects


_make_subset = ttfonts.TTFontFile.makeSubset


def _unhinted_subset(self, subset):
    """reportlab's makeSubset, its glyphs without their hinting instructions (draw/unhinted.py): every PDF
    printgen writes embeds its subsets so (write/pdf.py keeps the programs this makes, taking makeSubset
    after importing this module; the rulebook imports it too). A game's own font that this cannot take apart
    (reportlab read it, but a glyph's entry is cut short or out of step with its index) is embedded as
    reportlab made it, hinted: never a traceback for a designer's font."""
    program = _make_subset(self, subset)
    try:
        return unhinted(program)
    except (struct.error, ValueError, IndexError, KeyError):
        return program


ttfonts.TTFontFile.makeSubset = _unhinted_subset
