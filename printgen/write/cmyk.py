"""RGB PDFs to print-shop CMYK with Ghostscript and a standard CMYK profile, and what a shop's preflight reads.

printgen draws in sRGB. A print shop wants CMYK with an output intent (PDF/X). The colours are converted
by a real colour engine: Ghostscript's pdfwrite, run as a separate program (it is AGPL: never linked),
with the CMYK profile Ghostscript ships (Artifex's SWOP profile, ``default_cmyk.icc``), relative
colorimetric with black point compensation. The same conversion through littleCMS (Pillow's ImageCms,
``cmyk_of``) predicts each colour, which is how the rich-black check reads a face before it is converted.

Black and grey (any colour whose channels differ by at most ``NEUTRAL`` of 255) are written as grey
before the conversion, which Ghostscript keeps as DeviceGray: black ink alone, as shops ask for text and
thin lines (through the profile, pure black would become a four-ink "rich" black that blurs when the
plates are a hair out of register).

The result is written as PDF/X-4 (PDF 1.6): an output intent carrying the profile, GTS_PDFXVersion in
the document information and the XMP metadata, Trapped False, a TrimBox on every page (the caller's
pages carry one). Same input, same bytes: Ghostscript's dates and IDs are replaced by fixed ones.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path

import pikepdf

NEUTRAL = 3  # of 255: a channel spread this small is a grey, printed with black ink only
# Ghostscript's own profiles, where Debian's libgs-common (a dependency of ghostscript) puts them
PROFILE_DIRS = (Path("/usr/share/color/icc/ghostscript"), Path("/usr/local/share/color/icc/ghostscript"))
CONDITION = "CGATS TR 001"  # SWOP, the printing condition the Artifex profile characterises
FIXED_DATE = "D:20000101000000Z"
GS_TIMEOUT = 300  # s


class ColourEngineMissing(RuntimeError):
    """Ghostscript or its CMYK profile is not installed; the message says what to install."""


def ghostscript() -> str | None:
    return shutil.which("gs")


@lru_cache(maxsize=None)
def profile_dir() -> Path | None:
    """The folder of Ghostscript's ICC profiles (default_rgb.icc, default_cmyk.icc), if installed."""
    for d in PROFILE_DIRS:
        if (d / "default_cmyk.icc").is_file() and (d / "default_rgb.icc").is_file():
            return d
    return None


def engine_problem() -> str | None:
    """Why CMYK files cannot be made here, or None."""
    if ghostscript() is None:
        return "Ghostscript (gs) is not installed: install it (Debian: apt-get install ghostscript)"
    if profile_dir() is None:
        return ("Ghostscript's CMYK profile default_cmyk.icc was not found in "
                + " or ".join(str(d) for d in PROFILE_DIRS) + " (Debian: apt-get install libgs-common)")
    return None


def neutral(rgb: tuple[float, float, float]) -> float | None:
    """The grey level (0 black, 1 white) of a colour whose channels (0-1) are within NEUTRAL/255."""
    if max(rgb) - min(rgb) <= NEUTRAL / 255 + 1e-9:
        return sum(rgb) / 3
    return None


@lru_cache(maxsize=1)
def _transform():
    from PIL import ImageCms

    d = profile_dir()
    return ImageCms.buildTransform(ImageCms.getOpenProfile(str(d / "default_rgb.icc")),
                                   ImageCms.getOpenProfile(str(d / "default_cmyk.icc")), "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                   flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


@lru_cache(maxsize=4096)
def cmyk_of(hexstr: str) -> tuple[float, float, float, float]:
    """The CMYK (0-1 each) a "#rrggbb" colour prints as: a grey as black ink alone, any other colour
    through littleCMS with the profile and intent Ghostscript is given."""
    from PIL import Image, ImageCms

    rgb = tuple(int(hexstr[i:i + 2], 16) for i in (1, 3, 5))
    grey = neutral(tuple(v / 255 for v in rgb))
    if grey is not None:
        return (0.0, 0.0, 0.0, round(1 - grey, 4))
    px = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), _transform()).getpixel((0, 0))
    return tuple(round(v / 255, 4) for v in px)


def _grey_streams(pdf: pikepdf.Pdf) -> None:
    """Every near-neutral ``rg``/``RG`` in the pages and their forms rewritten as ``g``/``G`` (black ink)."""
    seen: set = set()

    def fix(holder) -> None:
        ops = pikepdf.parse_content_stream(holder)
        changed = False
        out = []
        for operands, op in ops:
            name = str(op)
            if name in ("rg", "RG") and len(operands) == 3:
                grey = neutral(tuple(float(v) for v in operands))
                if grey is not None:
                    out.append(([round(grey, 6)], pikepdf.Operator("g" if name == "rg" else "G")))
                    changed = True
                    continue
            out.append((operands, op))
        if changed:
            data = pikepdf.unparse_content_stream(out)
            if isinstance(holder, pikepdf.Page):
                holder.obj.Contents = pdf.make_stream(data)
            else:
                holder.write(data)

    def forms(resources) -> None:
        xobjects = resources.get("/XObject") if resources is not None else None
        for _, xo in (xobjects.items() if xobjects is not None else ()):
            if xo.get("/Subtype") == pikepdf.Name.Form and xo.objgen not in seen:
                seen.add(xo.objgen)
                fix(xo)
                forms(xo.get("/Resources"))

    for page in pdf.pages:
        fix(page)
        forms(page.obj.get("/Resources"))


def greys_as_black_ink(data: bytes) -> bytes:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        _grey_streams(pdf)
        buf = io.BytesIO()
        pdf.save(buf, deterministic_id=True)
    return buf.getvalue()


def _escape(text: str) -> str:
    """``text`` with ``&``, ``>`` and ``<`` as XML entities, as xml.sax.saxutils.escape writes them (that module
    imports urllib.request, and with it http.client, email and ssl, in every worker that makes a CMYK file)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def _xmp(title: str) -> str:
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/" xmlns:pdfx="http://ns.adobe.com/pdfx/1.3/"
 xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion><pdfx:GTS_PDFXVersion>PDF/X-4</pdfx:GTS_PDFXVersion>
<xmp:CreateDate>2000-01-01T00:00:00Z</xmp:CreateDate><xmp:ModifyDate>2000-01-01T00:00:00Z</xmp:ModifyDate>
<xmp:MetadataDate>2000-01-01T00:00:00Z</xmp:MetadataDate><xmp:CreatorTool>printgen</xmp:CreatorTool>
<pdf:Producer>printgen, Ghostscript</pdf:Producer><pdf:Trapped>False</pdf:Trapped>
<xmpMM:DocumentID>uuid:00000000-0000-0000-0000-000000000000</xmpMM:DocumentID>
<xmpMM:VersionID>1</xmpMM:VersionID><xmpMM:RenditionClass>default</xmpMM:RenditionClass>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{_escape(title)}</rdf:li></rdf:Alt></dc:title>
<dc:format>application/pdf</dc:format>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>"""


def _finish_pdfx(data: bytes, source: bytes, title: str) -> bytes:
    """Ghostscript's output made PDF/X-4 and deterministic: output intent, info, XMP, each page's boxes
    as the source had them."""
    d = profile_dir()
    with pikepdf.open(io.BytesIO(data)) as pdf, pikepdf.open(io.BytesIO(source)) as src:
        for page, orig in zip(pdf.pages, src.pages):
            for key in ("/TrimBox", "/BleedBox"):
                if key in orig.obj:
                    page.obj[key] = pikepdf.Array([float(v) for v in orig.obj[key]])
        icc = pdf.make_stream((d / "default_cmyk.icc").read_bytes())
        icc.N = 4
        pdf.Root.OutputIntents = pikepdf.Array([pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX, OutputConditionIdentifier=CONDITION,
            OutputCondition="Commercial offset printing, coated paper (SWOP)", RegistryName="http://www.color.org",
            Info="Artifex CMYK SWOP Profile", DestOutputProfile=icc)])
        info = pdf.docinfo
        for key in list(info.keys()):
            del info[key]
        info.Title = title
        info.Creator = "printgen"
        info.Producer = "printgen, Ghostscript"
        info.CreationDate = FIXED_DATE
        info.ModDate = FIXED_DATE
        info.GTS_PDFXVersion = "PDF/X-4"
        info.Trapped = pikepdf.Name("/False")
        pdf.Root.Metadata = pdf.make_stream(_xmp(title).encode(), Type=pikepdf.Name.Metadata,
                                            Subtype=pikepdf.Name.XML)
        if "/ID" in pdf.trailer:
            del pdf.trailer.ID  # Ghostscript's is made from the time: qpdf makes one from the content
        buf = io.BytesIO()
        pdf.save(buf, deterministic_id=True, min_version="1.6", fix_metadata_version=False)
    return buf.getvalue()


def to_cmyk(data: bytes, *, title: str, rule=None) -> bytes:
    """A printgen PDF (RGB) as a PDF/X-4 CMYK file, its colours then changed as ``rule`` says (an ink rule
    of write/ink_stream.py: a shop's one-ink small text and total ink limit, write/ink_rules.py). Raises
    ColourEngineMissing without Ghostscript."""
    problem = engine_problem()
    if problem:
        raise ColourEngineMissing(problem)
    source = greys_as_black_ink(data)
    d = profile_dir()
    with tempfile.TemporaryDirectory(prefix="printgen-cmyk-") as tmp:
        src, out = Path(tmp) / "in.pdf", Path(tmp) / "out.pdf"
        src.write_bytes(source)
        cmd = [ghostscript(), "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite",
               "-dCompatibilityLevel=1.6", "-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK",
               f"-sDefaultRGBProfile={d / 'default_rgb.icc'}", f"-sOutputICCProfile={d / 'default_cmyk.icc'}",
               "-dRenderIntent=1", "-dBlackPtComp=1",  # relative colorimetric with black point compensation
               "-dAutoRotatePages=/None", "-dDetectDuplicateImages=true",
               f"-sOutputFile={out}", str(src)]
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=GS_TIMEOUT)
        if run.returncode or not out.is_file():
            raise RuntimeError(f"Ghostscript failed ({run.returncode}): {(run.stderr or run.stdout).strip()[:300]}")
        converted = out.read_bytes()
    if rule is not None:
        from .ink_stream import rewrite_inks

        converted = rewrite_inks(converted, rule)
    return _finish_pdfx(converted, source, title)


# --- what a preflight reads back ------------------------------------------------------------------------

_RGB_OPS = {"rg", "RG"}


def device_rgb_uses(data: bytes) -> list[str]:
    """Every use of RGB colour in a PDF: rg/RG operators and RGB colour spaces set in content streams,
    and images, shadings or colour space resources in DeviceRGB (or three-channel ICC), each as
    "page N: what"."""
    found: list[str] = []

    def rgb_space(cs) -> bool:
        if cs is None:
            return False
        if isinstance(cs, pikepdf.Name):
            return cs == pikepdf.Name.DeviceRGB or cs == pikepdf.Name.CalRGB
        if isinstance(cs, pikepdf.Array) and len(cs):
            kind = cs[0]
            if kind == pikepdf.Name.ICCBased:
                return int(cs[1].get("/N", 0)) == 3
            if kind == pikepdf.Name.Indexed:
                return rgb_space(cs[1])
            if kind in (pikepdf.Name.DeviceN, pikepdf.Name.Separation):
                return rgb_space(cs[2])
            return kind in (pikepdf.Name.DeviceRGB, pikepdf.Name.CalRGB)
        return False

    with pikepdf.open(io.BytesIO(data)) as pdf:
        seen: set = set()

        def scan(holder, resources, where: str) -> None:
            spaces = resources.get("/ColorSpace") if resources is not None else None
            for name, cs in (spaces.items() if spaces is not None else ()):
                if rgb_space(cs):
                    found.append(f"{where}: colour space {name} is RGB")
            for operands, op in pikepdf.parse_content_stream(holder):
                name = str(op)
                if name in _RGB_OPS:
                    found.append(f"{where}: {name} operator")
                elif name in ("cs", "CS") and operands and operands[0] == pikepdf.Name.DeviceRGB:
                    found.append(f"{where}: {name} /DeviceRGB")
            shadings = resources.get("/Shading") if resources is not None else None
            for name, sh in (shadings.items() if shadings is not None else ()):
                if rgb_space(sh.get("/ColorSpace")):
                    found.append(f"{where}: shading {name} is RGB")
            xobjects = resources.get("/XObject") if resources is not None else None
            for name, xo in (xobjects.items() if xobjects is not None else ()):
                if xo.objgen in seen:
                    continue
                seen.add(xo.objgen)
                if xo.get("/Subtype") == pikepdf.Name.Image:
                    if rgb_space(xo.get("/ColorSpace")):
                        found.append(f"{where}: image {name} is RGB")
                elif xo.get("/Subtype") == pikepdf.Name.Form:
                    scan(xo, xo.get("/Resources"), f"{where}, form {name}")

        for n, page in enumerate(pdf.pages, start=1):
            scan(page, page.obj.get("/Resources"), f"page {n}")
    return found
