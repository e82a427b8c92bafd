"""A print kit joins its printables' pages as they are: the TrimBox and BleedBox of every page that
carries faces come through the join, and its font subsets keep names of their own (one name, one font
program), where reportlab alone would call every first subset ``AAAAAA+NotoSans-Regular``."""

from __future__ import annotations

import hashlib

import pikepdf
import pytest

from printgen.draw.subsets import TAG
from tests.publish.conftest import MINIS


def _subsets(pdf: pikepdf.Pdf) -> list[tuple[str, str]]:
    """(BaseFont, digest of its font program) of every subset font object in ``pdf``."""
    out = []
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == pikepdf.Name.Font and "/BaseFont" in obj:
            desc = obj.get("/FontDescriptor")
            name = str(obj.BaseFont)[1:]
            if desc is not None and "/FontFile2" in desc and TAG.match(name.encode()):
                out.append((name, hashlib.sha256(desc.FontFile2.read_bytes()).hexdigest()))
    return out


@pytest.mark.parametrize("gid", MINIS)
def test_a_kits_subsets_have_one_name_each(site, gid):
    with pikepdf.open(site / gid / f"{gid}-a4-kit.pdf") as kit:
        subsets = _subsets(kit)
        names: dict[str, set[str]] = {}
        for name, program in subsets:
            names.setdefault(name, set()).add(program)
    assert len({p for _, p in subsets}) >= 3  # several parts, several different subsets
    assert all(len(programs) == 1 for programs in names.values()), {n: len(p) for n, p in names.items() if len(p) > 1}


@pytest.mark.parametrize("gid", MINIS)
def test_the_kit_keeps_each_parts_boxes(site, gid):
    with pikepdf.open(site / gid / f"{gid}-a4-kit.pdf") as kit:
        in_kit = [(str(p.obj.get("/TrimBox")), str(p.obj.get("/BleedBox"))) for p in kit.pages if "/TrimBox" in p.obj]
    expected = []
    for part in sorted((site / gid / "a4").glob("*.pdf")):
        with pikepdf.open(part) as pdf:
            expected += [(str(p.obj.get("/TrimBox")), str(p.obj.get("/BleedBox"))) for p in pdf.pages
                         if "/TrimBox" in p.obj]
    assert in_kit and sorted(in_kit) == sorted(expected)
