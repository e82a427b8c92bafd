"""A translation carries only the markup its source has (compared as the rulebook parses Markdown: links and
pictures with their titles, icons), a catalogue's charset header says what its bytes are, a msgid is given
once, and a hostile catalogue (a billion plural forms, 100,000 ``{{``, a huge file) is a located finding in
bounded time, read before Babel allocates anything. Catalogues are made at test time from the German one of
tests/fixtures/i18n-hoh."""

from __future__ import annotations

import shutil
import time
import tracemalloc
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printgen.cli import app
from printgen.editions.po import _placeholders, entry_findings, read_catalogue
from printgen.findings import Location
from tests.conftest import FIXTURES

runner = CliRunner()
SOURCE = "Push the target N spaces."
WHERE = Location("messages.po", 7, 1)


@pytest.fixture
def game(tmp_path) -> Path:
    dest = tmp_path / "i18n-hoh"
    shutil.copytree(FIXTURES / "i18n-hoh", dest)
    return dest


def _po(game: Path, old: str, new: str) -> int:
    p = game / "locales" / "de" / "messages.po"
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))
    return text[: text.index(old)].count("\n") + 1


def _codes(found) -> list[str]:
    return [f.code for f in found]


@pytest.mark.parametrize("translation, extra", [
    ('Stoße das Ziel N [Felder](http://evil.example "t") weit.', "link to http://evil.example titled 't'"),
    ('Stoße das Ziel N Felder weit. ![Sigil](art/x.svg "t")', "picture art/x.svg titled 't'"),
    ('Stoße das Ziel N Felder weit. ![Star](printgen:icon/star "t")', "icon printgen:icon/star titled 't'"),
    ("Stoße das Ziel N Felder weit. <http://evil.example>", "link to http://evil.example"),
    ("Stoße das Ziel N Felder *weit*.", "*emphasis* span"),
])
def test_a_translation_may_not_add_markup_its_source_lacks(translation, extra):
    (f,) = entry_findings(SOURCE, translation, WHERE)
    assert f.code == "po-markup" and f"adds {extra}" in f.message and f.loc == WHERE


def test_a_link_keeps_its_address_and_title():
    source = 'See [the rules](#rules "Rules") first.'
    assert entry_findings(source, 'Siehe zuerst [die Regeln](#rules "Rules").', WHERE) == []
    (f,) = entry_findings(source, 'Siehe zuerst [die Regeln](#rules "Regeln").', WHERE)
    assert "drops link to #rules titled 'Rules'" in f.message and "adds link to #rules titled 'Regeln'" in f.message


def test_the_added_link_is_an_error_at_its_msgstr_and_nothing_is_built(game, tmp_path):
    line = _po(game, 'msgstr "Stoße das Ziel N Felder weit."', 'msgstr "Stoße das Ziel N [Felder](http://evil.example \\"t\\") weit."')
    result = runner.invoke(app, ["build", str(game), "--out", str(tmp_path / "out"), "--paper", "a4", "--no-previews"])
    assert result.exit_code == 1
    assert f"locales/de/messages.po:{line}:1: error[po-markup]" in result.output
    assert not (tmp_path / "out").exists()


def test_a_duplicate_msgid_is_a_finding_at_the_second(game):
    p = game / "locales" / "de" / "messages.po"
    first = _po(game, 'msgid "Holds the line."', 'msgid "Holds the line."')
    lines = p.read_text().count("\n")
    p.write_text(p.read_text() + '\nmsgid "Holds the line."\nmsgstr "Hält stand."\n')
    _, found = read_catalogue(game, "de")
    (dup,) = [f for f in found if f.code == "po-duplicate"]
    assert dup.loc.line == lines + 2 and f"(line {first})" in dup.message


def test_a_charset_header_that_is_not_the_bytes_is_a_finding_at_the_header(game):
    line = _po(game, "charset=utf-8", "charset=latin-1")
    table, found = read_catalogue(game, "de")
    (f,) = found
    assert f.code == "po-charset" and f.loc.line == line and "charset=latin-1" in f.message and not table


def test_a_billion_plural_forms_is_refused_before_babel_reads_them(game):
    _po(game, '"Language: de\\n"', '"Language: de\\n"\n"Plural-Forms: nplurals=1000000000; plural=(n != 1);\\n"')
    p = game / "locales" / "de" / "messages.po"
    p.write_text(p.read_text() + '\nmsgid "one"\nmsgid_plural "many"\nmsgstr[0] "eins"\nmsgstr[1] "viele"\n')
    tracemalloc.start()
    start = time.monotonic()
    table, found = read_catalogue(game, "de")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert "limit-plural-forms" in _codes(found) and not table
    assert [f.loc.line for f in found if f.code == "limit-plural-forms"][0] == 6  # the Plural-Forms line
    assert time.monotonic() - start < 10 and peak < 50 * 1024**2


def test_a_hundred_thousand_openers_cost_one_scan():
    start = time.monotonic()
    holders, rest = _placeholders("{{" * 100_000 + "{%" * 100_000)
    assert holders == [] and len(rest) == 400_000
    assert time.monotonic() - start < 1.0
    assert _placeholders("a {{ x }} b {% if y %} c {{ z")[0] == ["{{ x }}", "{% if y %}"]


def test_a_long_msgstr_and_a_huge_catalogue_are_limits(game):
    line = _po(game, 'msgstr "Stoße das Ziel N Felder weit."', 'msgstr "' + "{{" * 100_000 + '"')
    start = time.monotonic()
    _, found = read_catalogue(game, "de")
    assert [(f.code, f.loc.line) for f in found] == [("limit-catalogue-entry", line - 1)]
    assert time.monotonic() - start < 10
    p = game / "locales" / "de" / "messages.po"
    with p.open("a") as fh:
        fh.write("# padding\n" * 1_200_000)
    _, found = read_catalogue(game, "de")
    assert _codes(found) == ["limit-catalogue-bytes"] and found[0].loc.line == 1


def test_a_catalogue_of_a_hundred_thousand_entries_is_a_limit_at_the_first_past_it(game):
    """Every entry is checked against its source (its markup parsed twice): 100,000 short entries (3 MB) took
    16 s before the count was bounded."""
    p = game / "locales" / "de" / "messages.po"
    text = p.read_text()
    head = text.count("\n") + 1
    p.write_text(text + "".join(f'\nmsgid "*m{i}*"\nmsgstr "*n{i}*"\n' for i in range(100_000)))
    start = time.monotonic()
    table, found = read_catalogue(game, "de")
    assert time.monotonic() - start < 5
    assert _codes(found) == ["limit-catalogue-entries"] and not table
    entries = text.count("\nmsgid ") + (1 if text.startswith("msgid ") else 0)
    # the file's own entries (header included), then the added ones, three lines each after a blank line
    assert found[0].loc.line == head + 1 + 3 * (20_000 - entries), found[0].format()
    assert "entry 20,001, here" in found[0].message
