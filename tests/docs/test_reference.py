"""The reference pages are what tools/docs_reference.py makes from the registries (so they cannot drift),
they list every registry entry, and every finding example reports its code."""

from __future__ import annotations

import ast
import importlib.util
import re

import pytest

from tests.docs.harness import DOCS, REPO

spec = importlib.util.spec_from_file_location("docs_reference", REPO / "tools" / "docs_reference.py")
ref = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ref)
PAGES = ref.pages()


@pytest.mark.parametrize("rel", sorted(PAGES))
def test_the_committed_page_is_what_the_registries_make(rel):
    path = DOCS / "reference" / rel
    assert path.is_file(), f"docs/reference/{rel} is missing: run python3 tools/docs_reference.py"
    assert path.read_text(encoding="utf-8") == PAGES[rel], f"docs/reference/{rel} is stale: run python3 tools/docs_reference.py"


def test_every_registry_entry_is_on_its_page():
    from printgen.cli import app  # noqa: F401
    from printgen.draw.icons import ICONS
    from printgen.layout.elements import ELEMENTS
    from printgen.limits import LIMITS
    from printgen.model.kinds import FIELD_TYPES
    from printgen.packs import PACKS
    from printgen.preflight.classes import CLASSES

    pages = PAGES
    assert all(f"`{n}`" in pages["icons.md"] for n in ICONS)
    assert all(f"| `{t}` |" in pages["layout.md"] for t in ELEMENTS)
    assert all(f"| `{t}` |" in pages["kinds.md"] for t in FIELD_TYPES)
    assert all(f"| `{l.name}` |" in pages["limits.md"] for l in LIMITS.values())
    assert all(f"`preflight-{c}`" in pages["findings.md"] for c in CLASSES)
    assert set(PACKS) == {p.split("/")[1][:-3] for p in pages if p.startswith("systems/") and p != "systems/index.md"}
    for system, pack in PACKS.items():
        assert all(f"`{t}`" in pages["layout.md"] for t in pack.elements)
        assert all(f"`{a.name}`" in pages[f"systems/{system}.md"] for a in pack.assets)
    for name in ref._click_command().commands:
        assert f"## `printgen {name}`" in pages["cli.md"]


def test_every_finding_code_in_the_code_is_on_the_findings_page():
    """Every code the source reports through error(), warning() or a face's problem() with a literal code,
    every limit's and every preflight class's, has its section."""
    codes = ref.finding_codes()
    for code in codes:
        assert f"### `{code}`" in PAGES["findings.md"] or code.startswith("preflight-")
        assert f"`{code}`" in PAGES["findings.md"]
    assert len(codes) > 150 and {"duplicate-key", "layout-icon", "limit-text-length", "preflight-overlap"} <= set(codes)


@pytest.mark.parametrize("code", sorted(ref.finding_examples()))
def test_every_finding_example_reports_its_code(code):
    ex = ref.finding_examples()[code]
    shown = ref.run_example(code, ex)
    assert shown and f"[{code}]" in shown[0] and re.match(r"(demo|data/[\w-]+)/\S+:\d+:\d+: |demo/\S+: ", shown[0]), shown
    assert code in ref.finding_codes()
    assert shown[0] in PAGES["findings.md"]


def test_the_icon_sheet_image_shows_every_icon():
    from PIL import Image

    from printgen.draw.icons import ICONS

    image = Image.open(DOCS / "images" / "icons.png").convert("L")
    cells = -(-len(ICONS) // 6)  # six to a row on the sheet
    assert image.width > 600 and image.height > cells * 90  # one row of cells per six icons, each ~110 px
    ink = sum(image.histogram()[:128]) / (image.width * image.height)
    assert 0.03 < ink < 0.5  # drawn icons, not a blank page


def test_a_limit_quoted_in_a_hand_written_page_has_the_registry_s_value():
    """A how-to may repeat a few limits in a table (`| \\`name\\` | 100 dice | ...`); each must be the value
    printgen/limits.py enforces (balance.md said 300 units and 10,000 dice where printgen stops at 120 and 100)."""
    from printgen.limits import LIMITS

    row = re.compile(r"^\| `(?P<name>[a-z0-9-]+)` \| (?P<value>\d[^|]*?) \|", re.M)  # a value, not a check's words
    quoted, wrong = 0, []
    for page in sorted(DOCS.rglob("*.md")):
        if "reference" in page.relative_to(DOCS).parts:
            continue
        for m in row.finditer(page.read_text(encoding="utf-8")):
            lim = LIMITS.get(m.group("name"))
            if lim is None:
                continue
            quoted += 1
            v = int(lim.value) if float(lim.value).is_integer() else lim.value
            if m.group("value") != f"{v:,} {lim.unit}".strip():
                wrong.append(f"{page.relative_to(DOCS)}: {m.group(0)} (printgen/limits.py: {v:,} {lim.unit})")
    assert quoted and not wrong, wrong
