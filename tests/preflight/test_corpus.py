"""The planted-defect corpus (tests/fixtures/preflight-corpus): one game holding an instance of every
preflight class, each found at the place a designer fixes it; and the bundled games, which hold none."""

from __future__ import annotations

from printgen.preflight_games import preflight_games
from printgen.preflight.classes import CLASSES

from ..conftest import FIXTURES

CORPUS = FIXTURES / "preflight-corpus"

# class -> (file in the corpus, line, words of the message) of the instance planted there
PLANTED = {
    "placeholder": ("content.yaml", 3, "prints the unfilled placeholder 'Attack at range {range}.'"),
    "markup": ("content.yaml", 5, "prints the markup \\' left in"),
    "precision": ("content.yaml", 9, "prints '101.6001 mm' in 'Moves 101.6001 mm.'"),
    "small-text": ("templates/layouts/unit-card.yaml", 9, "at 4.0 pt, below the 6 pt least for text"),
    "overlap": ("templates/layouts/unit-card.yaml", 5, "prints 'ELITE UNIT' over 'Scout'"),
    "cut": ("templates/layouts/unit-disc.yaml", 4, "across a cut line"),
    "contrast": ("templates/layouts/unit-card.yaml", 7, "(#9a927a on #c9c2a8) at a contrast of 1.74:1"),
    "margin": ("game.yaml", 16, "inks the calibration ruler 2.6 mm beyond the printable area (8 mm"),
    "legend": ("content.yaml", 22, "shows 'Field' and 'Wood' in the same colour #c9d6a3"),
    "empty-page": ("game.yaml", 16, "unit-cards (a4) page 2: is 11% used"),  # the last page, seven cards
    "sheets": ("content.yaml", 22, "map 'Meadow' takes 3 sheets"),
    "ink-on-ink": ("templates/layouts/unit-card.yaml", 11, "draws 'defense-disc' over 'attack-disc'"),
    # eight long words side by side: too wide for the page even set tighter and smaller, so the words break
    "table": ("templates/rulebook/01-rules.md", 7, "breaks 'Reinforcements' inside the word (column 1,"),
    # in the DriveThruCards file game.yaml asks for, measured after its CMYK conversion (needs Ghostscript)
    "one-ink": ("templates/layouts/unit-card.yaml", 13, "6.0 pt text 'RARE FIND' prints in 2 inks (M55 Y98"),
    "ink-limit": ("templates/layouts/unit-card.yaml", 14, "a picture prints 296 % total ink (C72 M68 Y67 K89), "
                  "over the 250 % limit"),
    # a row seam of map Stockade's tiles, at the character that wrote the hex whose marker it cuts
    "seam": ("content.yaml", 37, "draws the objective disc 'WW' across the trim line of tile A1"),
    # that map in a table cell at 8 %: its zone and objective codes, set at the least size, reach their rings' and
    # discs' outlines; located at the image markup that sets it
    "picture": ("templates/rulebook/01-rules.md", 13, "on one of its lines (closer than 0.30 mm) in a picture set at 8%"),
}
CMYK_CLASSES = {"one-ink", "ink-limit"}
# a stranded heading needs a typesetter that strands it: tests/preflight/test_checks.py plants one in a
# hand-made PDF, since the rulebook keeps every heading with its text (and a caption past its text area, since
# the rulebook now keeps a caption to its picture's width wherever text stands beside it); the cut sheets lay
# every piece clear of a machine's registration marks, so tests/cut/test_cut_findings.py plants ink on a mark's
# clear area by hand
NOT_PLANTED = {"stranded", "registration", "text-area"}


def test_the_corpus_plants_every_class():
    assert set(PLANTED) | NOT_PLANTED == set(CLASSES)


def test_each_planted_defect_is_found_where_it_is_fixed():
    from printgen.write.cmyk import engine_problem

    (game,) = preflight_games(folders=[CORPUS], papers=["a4"])
    planted = {c: p for c, p in PLANTED.items() if not (engine_problem() and c in CMYK_CLASSES)}
    missing = []
    for cls, (file, line, words) in planted.items():
        hits = [f for f in game.findings if f.code == f"preflight-{cls}" and words in f.message
                and f.loc.file.endswith(f"preflight-corpus/{file}") and f.loc.line == line]
        if not hits:
            missing.append(cls)
    assert not missing, (missing, [f.format() for f in game.findings])
    assert {f.code for f in game.findings if f.code.startswith("preflight-")} == {f"preflight-{c}" for c in planted}
