"""Template mistakes at their place, in designer words (issue 27 item 4): rulebook chapters and layouts
report an undefined name, an undefined field and an unclosed block at the line and column of the
expression, naming the kind and item, never a Python class; one bad value gives one finding; an icon
typo in a data text is located at that text's data line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printgen.project import validate_game
from tests.conftest import FIXTURES

CHAPTER = "templates/rulebook/01-intro.md"
LAYOUT = "templates/layouts/unit-card.yaml"


@pytest.fixture
def game(tmp_path) -> Path:
    dest = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", dest)
    return dest


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def _errors(game: Path) -> list:
    return [f for f in validate_game(game).findings if f.severity.name.lower() == "error"]


def _place(game: Path, rel: str, needle: str) -> tuple[int, int]:
    """(line, column), from 1, of ``needle`` in a file of the game."""
    for i, line in enumerate((game / rel).read_text().splitlines()):
        if needle in line:
            return i + 1, line.index(needle) + 1
    raise AssertionError(needle)


def _only(findings, code: str):
    found = [f for f in findings if f.code == code]
    assert len(found) == 1, [f.format() for f in findings]
    return found[0]


def test_a_chapter_s_undefined_field_names_the_kind_and_item_at_its_line_and_column(game):
    _edit(game / CHAPTER, "cost {{ u.cost }}", "cost {{ u.cots }}")
    f = _only(_errors(game), "template")
    assert f.loc.file.endswith("01-intro.md")
    assert (f.loc.line, f.loc.col) == _place(game, CHAPTER, "u.cots")
    assert "'u' (a unit, Ember Warden) has no field 'cots'; did you mean 'cost'?" in f.message
    assert "printgen" not in f.message and "_Units_" not in f.message and "object" not in f.message


def test_a_chapter_s_undefined_name_is_at_its_line_and_column(game):
    _edit(game / CHAPTER, "for {{ battles[0].rounds }}", "for {{ batles[0].rounds }}")
    f = _only(_errors(game), "template")
    assert (f.loc.line, f.loc.col) == _place(game, CHAPTER, "batles[0]")
    assert "unknown name 'batles'; did you mean 'battles'?" in f.message


def test_a_chapter_s_unclosed_block_is_at_the_block_that_opens_it(game):
    _edit(game / CHAPTER, "{% endfor %}\n", "")
    (game / CHAPTER).write_text((game / CHAPTER).read_text() + "\nMore text.\n\nAnd more.\n")
    f = _only(_errors(game), "template")
    assert (f.loc.line, f.loc.col) == _place(game, CHAPTER, "{% for u in units %}")
    assert "{% for %} is never closed; add {% endfor %}" in f.message


@pytest.mark.parametrize("after", ["\nMore text.\n", "\n![A picture](art/lantern.svg)\n"])
def test_a_chapter_s_tag_left_without_its_closer_is_at_the_tag_not_where_jinja_gave_up(game, after):
    """`{% endfor` without `%}`: Jinja reads on inside the tag and stops lines later, at a word that cannot
    follow ("expected token 'end of statement block', got 'More'") or a character no tag holds
    ("unexpected char '!' at 150"); the finding is at the tag and says how to close it."""
    _edit(game / CHAPTER, "{% endfor %}", "{% endfor")
    (game / CHAPTER).write_text((game / CHAPTER).read_text() + after)
    f = _only(_errors(game), "template")
    assert (f.loc.line, f.loc.col) == _place(game, CHAPTER, "{% endfor")
    assert "this '{%' is never closed; end it with '%}'" in f.message and "unexpected char" not in f.message


def test_a_layout_s_undefined_field_is_at_the_expression_in_its_line_once_for_every_card(game):
    _edit(game / LAYOUT, "{{ item.cost }}", "{{ item.cots }}")
    f = _only(_errors(game), "layout-field")  # two units show it: one finding
    assert f.loc.file.endswith("unit-card.yaml")
    assert (f.loc.line, f.loc.col) == _place(game, LAYOUT, "item.cots")
    assert "'item' (a unit) has no field 'cots'; did you mean 'cost'?" in f.message
    assert "_Units_" not in f.message


def test_a_layout_s_undefined_name_is_at_the_name(game):
    _edit(game / LAYOUT, "{{ item.move }}", "{{ mvoe }}")
    f = _only(_errors(game), "layout-field")
    assert (f.loc.line, f.loc.col) == _place(game, LAYOUT, "mvoe")
    assert "unknown name 'mvoe'" in f.message


def test_a_layout_s_unclosed_block_is_at_its_opening_tag(game):
    _edit(game / LAYOUT, '"{{ item.save }}+"', '"{% for a in item.abilities %}{{ a.name }}"')
    f = _only(_errors(game), "layout-expression")
    assert (f.loc.line, f.loc.col) == _place(game, LAYOUT, "{% for a in")
    assert "{% for %} is never closed" in f.message


def test_a_bad_colour_is_one_finding_not_also_unknown_references(game):
    _edit(game / "content.yaml", '"#2c5d7c"', '"#2c5d7"')
    errors = _errors(game)
    assert len(errors) == 1, [f.format() for f in errors]
    assert errors[0].loc.line == _place(game, "content.yaml", '"#2c5d7"')[0]
    assert "colour" in errors[0].message


def test_a_reference_to_a_name_nowhere_in_the_data_is_still_a_finding(game):
    _edit(game / "content.yaml", '"#2c5d7c"', '"#2c5d7"')
    _edit(game / "content.yaml", "faction: Ashen Guard", "faction: Ashen Gaurd")
    codes = sorted(f.code for f in _errors(game))
    assert codes == ["schema", "unknown-ref"]


def test_an_icon_typo_in_a_data_text_is_at_its_data_line_naming_the_layout_element(game):
    _edit(game / "content.yaml", "Spend :AP: to give", "Spend :APP: to give")
    f = _only(_errors(game), "layout-icon")
    assert f.loc.file.endswith("content.yaml")
    assert (f.loc.line, f.loc.col) == _place(game, "content.yaml", ":APP:")
    assert "':APP:' names no icon; did you mean ':AP:'?" in f.message
    assert "layout 'unit-card'" in f.message and "unit-card.yaml:" in f.message


def test_a_sheet_order_naming_no_field_is_a_finding_at_game_yaml_not_a_traceback(game):
    # the order expression lives in game.yaml, outside any layout file
    _edit(game / "game.yaml", "front: battle-card, copies: 1}", "front: battle-card, copies: 1, order: item.nme}")
    f = _only(_errors(game), "layout-field")
    assert f.loc.file.endswith("game.yaml")
    assert (f.loc.line, f.loc.col) == _place(game, "game.yaml", "item.nme")
    assert "no field 'nme'; did you mean 'name'?" in f.message


def test_a_chapter_importing_a_missing_file_is_at_the_import(game):
    text = (game / CHAPTER).read_text()
    (game / CHAPTER).write_text('{% import "_tables.j2" as t %}\n' + text)
    f = _only(_errors(game), "template")
    assert f.loc.file.endswith("01-intro.md") and (f.loc.line, f.loc.col) == (1, 12)
    assert "'_tables.j2' is not in the rulebook templates folder" in f.message
