"""The Heroes of Hex rulebook, read back from the PDF."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pymupdf
import pytest

from printgen.build import build
from printgen.project import validate_game
from printgen.units import PAPER_SIZES
from tests.conftest import REPO

HOH = REPO / "data" / "heroes-of-hex"


def _project(tmp: Path) -> Path:
    """A throwaway project folder: data/heroes-of-hex and templates/heroes-of-hex."""
    shutil.copytree(HOH, tmp / "data" / "heroes-of-hex")
    shutil.copytree(REPO / "templates" / "heroes-of-hex", tmp / "templates" / "heroes-of-hex")
    return tmp / "data" / "heroes-of-hex"


@pytest.fixture(scope="module")
def books(bundled_build) -> dict[str, pymupdf.Document]:
    out = bundled_build  # built once for the test run (conftest.bundled_build)
    return {p: pymupdf.open(out / "heroes-of-hex" / p / "rulebook.pdf") for p in ("a4", "letter")}


def _text(doc) -> str:
    return "\n".join(page.get_text() for page in doc)


def test_every_name_in_the_data_appears_in_the_rulebook(books):
    data = validate_game(HOH).data
    text = " ".join(_text(books["a4"]).split())
    names = ([c.name for c in data.classes] + [k.name for k in data.keywords] + [t.name for t in data.tokens]
             + [e.name for e in data.enemies] + [s.name for s in data.scenarios])
    missing = [n for n in names if n not in text]
    assert not missing
    for c in data.classes:  # every action too
        assert all(a.name in text for a in c.actions)


def test_outline_has_every_chapter_and_every_class(books):
    data = validate_game(HOH).data
    toc = books["a4"].get_toc()
    chapters = [t for level, t, _ in toc if level == 1]
    assert chapters == ["Getting Started", "Quick Rules", "Classes", "Solo and Cooperative Play", "Scenarios",
                        "Rules Compendium", "Reference", "Changelog"]
    i = next(i for i, (level, t, _) in enumerate(toc) if level == 1 and t == "Classes")
    j = next(i2 for i2 in range(i + 1, len(toc)) if toc[i2][0] == 1)
    assert [t for level, t, _ in toc[i + 1:j] if level == 2] == [c.name for c in data.classes]


def test_outline_entries_land_on_their_headings(books):
    doc = books["letter"]
    for level, title, page in doc.get_toc():
        assert 1 <= page <= len(doc)
        assert title in " ".join(doc[page - 1].get_text().split()), (title, page)


def test_contents_page_numbers_match_the_outline(books):
    # each chapter's line of the contents, read by position: the number at the right end of its line
    # (chapters share pages now, so the numbers of neighbouring lines are alike and order is no guide)
    doc = books["a4"]
    words = [(n, w) for n in (1, 2) for w in doc[n].get_text("words")]
    for level, title, page in doc.get_toc():
        if level == 1:
            first = title.split()[0]
            line = next((n, w) for n, w in words if w[4] == first and w[0] < 60  # a chapter's line: not indented
                        and " ".join(x[4] for m, x in sorted(words, key=lambda v: v[1][0])
                                     if m == n and abs(x[3] - w[3]) < 1 and x[4] != ".").startswith(title))
            n, w = line
            right = max((x for m, x in words if m == n and abs(x[3] - w[3]) < 1), key=lambda x: x[2])
            assert int(right[4]) == page, title


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_contents_fit_one_page_and_the_first_chapter_follows(books, paper):
    # The contents would spill two lines onto a page of their own at the usual spacing; the tighter
    # spacing keeps them on page 2 and every heading in them (last one included) with its page.
    doc = books[paper]
    contents = " ".join(doc[1].get_text().split())
    last = [title for level, title, page in doc.get_toc() if level == 2][-1]
    assert contents.startswith("Contents") and last in contents
    assert min(page for level, title, page in doc.get_toc() if level == 1) == 3
    assert "Contents" not in doc[2].get_text()


def _chars(page) -> list[tuple[float, float, str]]:
    """Every character of the page: its centre (pt) and itself, in reading order."""
    return [((ch["bbox"][0] + ch["bbox"][2]) / 2, (ch["bbox"][1] + ch["bbox"][3]) / 2, ch["c"])
            for block in page.get_text("rawdict")["blocks"] for line in block.get("lines", ())
            for span in line["spans"] for ch in span["chars"]]


def test_every_internal_link_resolves_to_its_reference_entry(books):
    doc = books["a4"]
    links = [(page.number, link) for page in doc for link in page.get_links()]
    internal = [(n, lk) for n, lk in links if lk["kind"] == pymupdf.LINK_GOTO]
    assert len(internal) > 100
    data = validate_game(HOH).data
    terms = {k.name for k in data.keywords} | {t.name for t in data.tokens}
    reference = next(p for lvl, t, p in doc.get_toc() if t == "Reference")
    texts = [page.get_text() for page in doc]
    chars = [_chars(page) for page in doc]  # each page read once (get_textbox walks every character a link)
    for n, lk in internal:
        assert 0 <= lk["page"] < len(doc)
        r = lk["from"]
        word = "".join(c for x, y, c in chars[n] if r.x0 <= x <= r.x1 and r.y0 <= y <= r.y1).strip()
        if word in terms:
            assert lk["page"] + 1 >= reference  # a keyword or token mention lands in the reference
            assert word in texts[lk["page"]]


def test_both_editions_page_sizes_fonts_header_and_footer(books):
    for paper, doc in books.items():
        w, h = PAPER_SIZES[paper]
        assert len(doc) >= 20
        for page in doc:
            assert abs(page.rect.width * 25.4 / 72 - w) < 0.01 and abs(page.rect.height * 25.4 / 72 - h) < 0.01
        for i in range(len(doc)):
            for _, ext, kind, name, *_ in doc.get_page_fonts(i):
                assert ext == "ttf" and "+" in name
        for page in list(doc)[1:]:
            text = page.get_text()
            assert f"page {page.number + 1} of {len(doc)}" in text
            assert "Heroes of Hex" in text and "Rulebook, version 0.5" in text


def test_art_is_vector_not_images(books):
    doc = books["a4"]
    assert all(not page.get_images() for page in doc)
    classes = next(p for lvl, t, p in doc.get_toc() if t == "Knight")
    assert len(doc[classes - 1].get_drawings()) > 25  # the card drawing is paths


def test_rulebook_bytes_are_deterministic(bundled_build):
    # the test run's build (in its workers, among every game) and the rulebook's target drawn again here
    from printgen.build import render_target
    from printgen.plan import plan_build

    game = validate_game(HOH)
    target = next(t for t in plan_build([game], papers=["a4"]) if t.asset.name == "rulebook")
    again = render_target(target, previews=False).files["a4/rulebook.pdf"]
    assert (bundled_build / "heroes-of-hex/a4/rulebook.pdf").read_bytes() == again


def test_renaming_a_class_and_changing_a_stat_change_the_rulebook(tmp_path, bundled_build):
    game = _project(tmp_path)
    out = tmp_path / "out"
    shutil.copytree(bundled_build / "heroes-of-hex", out / "heroes-of-hex")  # as the first build left it
    before = _text(pymupdf.open(out / "heroes-of-hex/a4/rulebook.pdf"))
    assert "Warden" not in before
    text = (game / "classes.yaml").read_text()
    text = text.replace("- name: Knight", "- name: Warden", 1)
    text = text.replace("stats: {vit: 1, atk: 0, sp_atk: 3, def: 1, sp_def: 3}",
                        "stats: {vit: 1, atk: 0, sp_atk: 3, def: 1, sp_def: 2}", 1)  # the Mage's SP DEF
    (game / "classes.yaml").write_text(text)
    result = build(folders=[game], out=out, papers=["a4"], previews=False)
    assert result.ok and any("rulebook" in t for t in result.built)
    assert result.skipped  # the maps, which read no class, were taken as the first build left them
    doc = pymupdf.open(out / "heroes-of-hex/a4/rulebook.pdf")
    outline = [t for lvl, t, _ in doc.get_toc()]
    assert "Warden" in outline and "Knight" not in outline
    mage_page = next(p for lvl, t, p in doc.get_toc() if t == "Mage")
    words = " ".join(doc[mage_page - 1].get_text().split())
    assert "1 2 AP / 1 / 1 0 3 1 2" in words  # VIT, Movement, ATK, SP ATK, DEF, SP DEF: SP DEF now 2
    assert "1 2 AP / 1 / 1 0 3 1 3" in " ".join(before.split())


def test_template_mistakes_are_findings_with_file_and_line(tmp_path):
    game = _project(tmp_path)
    tpl = tmp_path / "templates/heroes-of-hex/rulebook/03-classes.md"
    lines = tpl.read_text().splitlines()
    lines[5] = lines[5] + " {{ classes[0].hitpoints }}"
    tpl.write_text("\n".join(lines) + "\n")
    result = validate_game(game)
    (f,) = [f for f in result.findings if f.code == "template"]
    assert f.loc.file.endswith("03-classes.md") and f.loc.line == 6
    assert "hitpoints" in f.message


def test_unknown_rulebook_images_are_findings(tmp_path):
    game = _project(tmp_path)
    tpl = tmp_path / "templates/heroes-of-hex/rulebook/08-changelog.md"
    tpl.write_text(tpl.read_text() + "\n![a map](<printgen:map/Atlantis>)\n")
    result = validate_game(game)
    (f,) = [f for f in result.findings if f.code == "template-image"]
    assert "no map named 'Atlantis'" in f.message and f.loc.file.endswith("08-changelog.md") and f.loc.line > 0


# Each seed section of Heroes of Hex v0.5 and the chapter that covers it (the README's table).
SEED_CHAPTERS = {"Title page (credits)": "Getting Started", "Getting Started": "Getting Started",
                 "Quick Rules": "Quick Rules", "Classes": "Classes",
                 "Solo & Cooperative Play": "Solo and Cooperative Play", "Fool's Gold": "Scenarios",
                 "The Arachne's Lair": "Scenarios", "Rules Compendium": "Rules Compendium",
                 "Reference": "Reference", "Dev Log": "Changelog"}


def test_every_seed_section_maps_to_a_chapter(books):
    chapters = {t for level, t, _ in books["a4"].get_toc() if level == 1}
    assert set(SEED_CHAPTERS.values()) == chapters
    readme = (REPO / "docs" / "games" / "seeds.md").read_text()  # the seed-to-chapter table
    for section, chapter in SEED_CHAPTERS.items():
        assert re.search(rf"\| {re.escape(section)} \| {re.escape(chapter)} \|", readme), (section, chapter)


def test_quotes_and_lists_nested_past_the_limit_are_a_finding_at_their_line(tmp_path):
    import shutil

    from printgen.project import validate_game
    from tests.conftest import FIXTURES

    game = tmp_path / "game"
    shutil.copytree(FIXTURES / "custom-game", game)
    chapter = game / "templates" / "rulebook" / "02-play.md"
    ok = "\n\n" + "> " * 3 + "- " * 3 + "six levels deep\n"
    chapter.write_text(chapter.read_text() + ok)
    assert validate_game(game).ok(strict=True)
    deep = "\n\n" + "> " * 4 + "- " * 3 + "seven levels deep\n"
    chapter.write_text(chapter.read_text() + deep)
    found = [f for f in validate_game(game).findings if f.code == "limit-rulebook-nesting"]
    assert len(found) == 1 and found[0].is_error
    assert found[0].loc.file.endswith("02-play.md")
    assert found[0].loc.line == len(chapter.read_text().splitlines())  # the deep line, not the chapter's top


def test_a_control_character_in_a_chapter_is_a_finding_at_its_place(tmp_path):
    import shutil

    from printgen.project import validate_game
    from tests.conftest import FIXTURES

    game = tmp_path / "game"
    shutil.copytree(FIXTURES / "custom-game", game)
    chapter = game / "templates" / "rulebook" / "02-play.md"
    lines = chapter.read_text().splitlines()
    chapter.write_text("\n".join(lines + ["", "> a NUL \x00 here"]) + "\n")
    found = [f for f in validate_game(game).findings if f.code == "text-control"]
    assert len(found) == 1 and found[0].is_error and "U+0000" in found[0].message
    assert (found[0].loc.line, found[0].loc.col) == (len(lines) + 2, 9)


def test_tables_as_wide_as_the_limit_build_and_wider_are_a_finding_at_their_line(tmp_path):
    import shutil

    import pymupdf

    from printgen.build import build
    from printgen.project import validate_game
    from tests.conftest import FIXTURES

    game = tmp_path / "game"
    shutil.copytree(FIXTURES / "custom-game", game)
    chapter = game / "templates" / "rulebook" / "02-play.md"
    base = chapter.read_text()

    def table(n: int, quoted: int = 0) -> str:
        q = "> " * quoted
        cells = ["Knockback" * 3] * (n - 1) + ["word " * 800 + "B" * 5000]  # long words, a very long cell
        return "\n".join(q + "|" + "|".join(row) + "|" for row in
                         (["Head"] * n, ["---"] * n, cells)) + "\n"

    chapter.write_text(base + "\n\n" + table(16, quoted=6))
    assert validate_game(game).ok(strict=True)
    out = tmp_path / "out"
    assert build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1).ok
    doc = pymupdf.open(out / "ember-watch" / "a4" / "rulebook.pdf")
    words = "".join(p.get_text() for p in doc)
    assert words.count("B") >= 5000 and len(doc) > 10  # all of the long cell, carried over the pages
    chapter.write_text(base + "\n\n" + table(17))
    found = [f for f in validate_game(game).findings if f.code == "limit-rulebook-table-columns"]
    assert len(found) == 1 and found[0].loc.line == len(base.splitlines()) + 3


def test_the_book_is_checked_as_one_text_and_each_finding_lands_in_its_chapter(tmp_path):
    """The chapters are parsed joined, as the book is set: a finding in the first chapter and one in the
    last each name their own file and line."""
    import shutil

    from printgen.project import validate_game
    from tests.conftest import FIXTURES

    game = tmp_path / "game"
    shutil.copytree(FIXTURES / "custom-game", game)
    chapters = sorted((game / "templates" / "rulebook").glob("*.md"))
    first, last = chapters[0], chapters[-1]
    first.write_text(first.read_text() + "\n\n" + "> " * 7 + "too deep\n\nAfter.\n")
    table = "| " + " | ".join(f"c{i}" for i in range(20)) + " |\n|" + "---|" * 20 + "\n"
    last.write_text(last.read_text() + "\n\n" + table + "\n![gone](<printgen:map/Atlantis>)\n")
    found = {f.code: f for f in validate_game(game).findings}
    deep, wide, image = (found["limit-rulebook-nesting"], found["limit-rulebook-table-columns"],
                         found["template-image"])
    assert deep.loc.file.endswith(first.name) and deep.loc.line == len(first.read_text().splitlines()) - 2
    lines = last.read_text().splitlines()
    assert wide.loc.file.endswith(last.name) and wide.loc.line == len(lines) - 3
    assert image.loc.file.endswith(last.name) and image.loc.line == len(lines)


def test_a_rulebook_image_named_at_great_length_is_quoted_short(tmp_path):
    game = _project(tmp_path)
    tpl = tmp_path / "templates/heroes-of-hex/rulebook/08-changelog.md"
    tpl.write_text(tpl.read_text() + "\n![a map](<printgen:map/" + "Z" * 10000 + ">)\n")
    (f,) = [f for f in validate_game(game).findings if f.code == "template-image"]
    assert f.loc.file.endswith("08-changelog.md") and len(f.message) < 300 and "no map named" in f.message
