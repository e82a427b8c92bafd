"""Translated editions from gettext catalogues, measured in the PDFs they make: the fixture game
tests/fixtures/i18n-hoh has a German catalogue (locales/de/messages.po) and ``languages: [de]``."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from printgen.cli import app
from tests.conftest import FIXTURES
from tests.pdfmeasure import open_pdf, text_spans

runner = CliRunner()
GAME = FIXTURES / "i18n-hoh"


def _copy(tmp_path: Path) -> Path:
    dest = tmp_path / "i18n-hoh"
    shutil.copytree(GAME, dest)
    return dest


def _po(game: Path, old: str, new: str) -> int:
    """Replace ``old`` with ``new`` in the German catalogue; the line (from 1) it is on."""
    p = game / "locales" / "de" / "messages.po"
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))
    return text[: text.index(old)].count("\n") + 1


def _build(game: Path, out: Path, *args: str):
    return runner.invoke(app, ["build", str(game), "--out", str(out), "--paper", "a4", "--no-previews", *args])


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("i18n")
    result = _build(GAME, out)
    assert result.exit_code == 0, result.output
    return out, result.output


def _spans(pdf: Path) -> list[dict]:
    return [s for page in open_pdf(pdf) for s in text_spans(page)]


def test_the_german_edition_prints_its_translations(built):
    out, _ = built
    de = out / "i18n-hoh-de" / "a4"
    spans = _spans(de / "class-cards.pdf")
    role = next(s for s in spans if s["text"] == "Hält die Linie.")
    assert 5.0 <= role["size"] <= 6.9  # fitted in the role box like the source's, never below its 5 pt min
    words = " ".join(s["text"] for s in spans)
    assert "KLASSENKARTE" in words  # a layout's own text
    assert "Beispiele: Aragorn" in words  # a layout text with its placeholder kept in place
    assert "Holds the line." not in words
    book = open_pdf(de / "rulebook.pdf")
    text = "".join(p.get_text() for p in book)
    assert "Regeln" in text and "Jede Seite spielt 3 Aktionen pro Zug." in text  # a paragraph, its placeholder filled
    bold = [s for s in _spans(de / "rulebook.pdf") if s["text"].strip() == "Wound"]
    assert bold and all(s["flags"] & 16 or "Bold" in s["font"] for s in bold)  # its **bold** span kept
    # the source edition is untouched, and each edition has its own kit
    source = " ".join(s["text"] for s in _spans(out / "i18n-hoh" / "a4" / "class-cards.pdf"))
    assert "Holds the line." in source and "KLASSENKARTE" not in source
    cover = open_pdf(out / "i18n-hoh-de" / "i18n-hoh-de-a4-kit.pdf")[0].get_text()
    assert "1. Zuerst den Maßstab prüfen" in cover and "2. Jeden Teil drucken" in cover  # the kit's advice
    assert "Check the scale" not in cover
    assert "i18n-hoh-de" in (out / "index.html").read_text()


def test_an_untranslated_text_falls_back_and_is_counted(built):
    out, output = built
    # "Clear the cellar." and the kit's three paper tips
    assert "messages.po:1:1: warning[untranslated]: i18n-hoh-de: de: 4 of 27 printed texts have no translation" in output
    spans = " ".join(s["text"] for s in _spans(out / "i18n-hoh-de" / "a4" / "scenario-rat-cellar.pdf"))
    assert "Clear the cellar." in spans and "Besiege jede Rat." in spans


def test_each_finding_of_a_two_edition_build_says_whose_it_is(built):
    _, output = built
    lines = [line for line in output.splitlines() if "warning[" in line or "error[" in line]
    assert any("preflight-" in line for line in lines)  # the fixture's scenario pages are found wasteful
    assert len(lines) == len(set(lines))  # the same page of two editions is two places, not one said twice
    for line in lines:
        message = line.split("]: ", 1)[1]
        assert message.startswith(("i18n-hoh: ", "i18n-hoh-de: ")), line


def test_an_overlong_translation_is_a_finding_at_its_catalogue_line(tmp_path):
    game = _copy(tmp_path)
    line = _po(game, 'msgstr "Hält die Linie."', 'msgstr "' + "Hält die Linie gegen jeden Feind und weicht nie. " * 6 + '"')
    result = _build(game, tmp_path / "out")
    assert result.exit_code == 1
    assert f"i18n-hoh/locales/de/messages.po:{line}:1: error[text-overflow]: class card 'Knight': the text of the " \
           "layout's role element" in result.output
    assert not (tmp_path / "out").exists()  # nothing of any edition written


def test_keywords_and_numbers_in_a_translation_are_checked_like_the_source(tmp_path):
    game = _copy(tmp_path)
    line = _po(game, "wende Knockback 2 an", "wende Knockback an")
    result = _build(game, tmp_path / "out")
    assert f"messages.po:{line}:1: warning[keyword-parameter]: i18n-hoh-de: 'Knockback' takes a parameter" \
        in result.output
    assert f"messages.po:{line}:1: warning[po-numbers]" in result.output


@pytest.mark.parametrize("old, new, code", [
    ("msgstr \"Beispiele: {{ item.examples | join(', ') }}\"", 'msgstr "Beispiele: {{ item.example }}"',
     "po-placeholder"),
    ("Eine **Wound** bleibt", "Eine Wound bleibt", "po-markup"),
    ('msgstr "Zählt den Schaden."', "msgstr Zählt den Schaden.", "po-syntax"),
    ('msgstr "Zählt den Schaden."', "msgstr [Zählt]", "po-syntax"),
    ('msgstr "Zählt den Schaden."', 'msgstr "Zählt den Schaden 伤害."', "missing-glyph"),  # a data text
    ('msgstr "KLASSENKARTE"', 'msgstr "KLASSENKARTE 卡"', "missing-glyph"),  # a layout's own text
])
def test_a_broken_catalogue_entry_is_located_and_nothing_is_written(tmp_path, old, new, code):
    game = _copy(tmp_path)
    line = _po(game, old, new)
    result = _build(game, tmp_path / "out")
    assert result.exit_code == 1
    assert f"i18n-hoh/locales/de/messages.po:{line}:1: error[{code}]" in result.output
    assert "Traceback" not in result.output and not (tmp_path / "out").exists()


def test_a_bad_language_code_is_a_finding(tmp_path):
    result = _build(GAME, tmp_path / "out", "--lang", "xx")
    assert result.exit_code == 1
    assert "--lang: error[language]: 'xx' is no language code" in result.output
    game = _copy(tmp_path)
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("languages: [de]", "languages: [de, klingon]"))
    result = _build(game, tmp_path / "out2")
    assert "i18n-hoh/game.yaml:16:17: error[language]: 'klingon' is no language code" in result.output, result.output
    assert not (tmp_path / "out").exists() and not (tmp_path / "out2").exists()


def test_extract_writes_every_printed_text(tmp_path):
    game = _copy(tmp_path)
    result = runner.invoke(app, ["i18n", "extract", str(game)])
    assert result.exit_code == 0, result.output
    # the next step names the catalogue's place in this game, not a locales/ beside wherever the command ran
    assert f"copy it to {(game / 'locales' / 'LANG' / 'messages.po').as_posix()}" in result.output, result.output
    cat = read_po(io.BytesIO((game / "locales" / "messages.pot").read_bytes()))
    ids = {m.id for m in cat if m.id}
    assert "Make a Light Attack against every adjacent enemy." in ids  # a data field
    assert "CLASS CARD" in ids and "Examples: {{ item.examples | join(', ') }}" in ids  # layout texts
    assert "## Classes" in ids and "The Knight holds the line." in ids  # rulebook paragraphs
    assert "Knight" not in ids and "#3b2f4a" not in ids  # names and colours are not prose
    effect = next(m for m in cat if m.id == "Reaction. The Knight becomes the target instead.")
    assert any(f.endswith("classes.yaml") and n == 15 for f, n in effect.locations)
    # the catalogue shipped with the fixture covers all of them but one
    de = {m.id for m in read_po(io.BytesIO((game / "locales" / "de" / "messages.po").read_bytes())) if m.id}
    from printgen.publish.kit import TIPS

    assert "2. Print each part" in ids  # the print kit's advice
    assert ids - de == {"Clear the cellar.", *TIPS}


def test_validate_and_preflight_look_at_each_language(tmp_path):
    game = _copy(tmp_path)
    line = _po(game, 'msgstr "Hält die Linie."', 'msgstr "' + "Hält die Linie gegen jeden Feind und weicht nie. " * 6 + '"')
    for command in (["validate", str(game)], ["preflight", str(game), "--paper", "a4"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1, result.output
        assert f"messages.po:{line}:1: error[text-overflow]" in result.output
        assert "i18n-hoh: ok" in result.output and "i18n-hoh-de: FAILED" in result.output
