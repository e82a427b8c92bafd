"""The safe YAML loader: locations for everything, and clear findings for bad input."""

from __future__ import annotations

import time

import pytest

from printgen.findings import Location
from printgen.load import load_yaml_text
from printgen.load.game_folder import load_game_folder
from tests.conftest import FIXTURES


def test_every_value_and_key_keeps_its_location():
    doc, findings = load_yaml_text("a:\n  b: [1, 2]\n  c: {d: x}\n", file="f.yaml")
    assert findings == []
    assert doc.data == {"a": {"b": [1, 2], "c": {"d": "x"}}}
    assert doc.values[("a", "b", 1)] == Location("f.yaml", 2, 10)
    assert doc.keys[("a", "c")] == Location("f.yaml", 3, 3)
    assert doc.values[("a", "c", "d")] == Location("f.yaml", 3, 10)


def test_duplicate_keys_are_errors_not_silently_collapsed():
    doc, findings = load_yaml_text("name: a\nname: b\n", file="f.yaml")
    (f,) = findings
    assert f.code == "duplicate-key" and f.loc == Location("f.yaml", 2, 1)
    assert doc.data == {"name": "a"}


def test_merge_keys_work_and_explicit_keys_win():
    doc, findings = load_yaml_text("base: &b {x: 1, y: 2}\nitem:\n  <<: *b\n  y: 3\n", file="f.yaml")
    assert findings == []
    assert doc.data["item"] == {"x": 1, "y": 3}


def test_billion_laughs_is_refused_without_expanding():
    text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for prev, name in zip("abcdefgh", "bcdefghi"):
        text += f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]\n"
    t = time.process_time()  # CPU time: the bound is on work done, not on how busy the machine is
    doc, findings = load_yaml_text(text, file="f.yaml")
    # Expanded, the document holds 9**9 strings: minutes and gigabytes; refused, milliseconds.
    assert time.process_time() - t < 5.0  # 0.2-0.5 s quiet; 1.3 s seen with 8 processes on 2 cores
    assert doc is None and [f.code for f in findings] == ["yaml-too-large"]


@pytest.mark.parametrize("text,code,line,col", [
    ("a: [1, 2\n", "yaml-syntax", 2, 1),
    ("a:\n\t- 1\n", "yaml-tab", 2, 1),
    ("a: 1\n---\nb: 2\n", "yaml-syntax", 2, 1),
    ("a: !!python/object:os.system x\n", "yaml-value", 1, 4),
    ("a: b: c\n", "yaml-syntax", 1, 5),
    ("a: \x07\n", "yaml-syntax", 1, 4),
    ("? [1]\n: x\n", "yaml-key", 1, 3),
])
def test_bad_yaml_gives_one_located_finding(text, code, line, col):
    doc, findings = load_yaml_text(text, file="f.yaml")
    assert findings, "expected a finding"
    assert findings[0].code == code
    assert (findings[0].loc.line, findings[0].loc.col) == (line, col)


@pytest.mark.parametrize("text,line,col,words", [
    # a key indented less than its item's other keys: PyYAML says "expected <block end>, but found '?'"
    ("units:\n  - name: A\n    cost: 2\n  move: 3\n", 4, 3, "a key here is indented differently"),
    ("units:\n  - name: A\n  cost: 2\n", 3, 3, "a key here is indented differently"),
    ("units:\n  - name: A\n    tags:\n      - x\n    - y\n", 5, 5, "a list item ('- ') here is indented"),
    # a quote never closed: at the quote, not at the end of the file where PyYAML gave up
    ('units:\n  - name: "Ash Runner\n    cost: 2\n', 2, 11, "this quote is never closed"),
])
def test_a_newcomer_s_syntax_mistake_is_in_plain_words_at_its_place(text, line, col, words):
    doc, findings = load_yaml_text(text, file="f.yaml")
    (f,) = findings
    assert f.code == "yaml-syntax" and (f.loc.line, f.loc.col) == (line, col), f.format()
    assert words in f.message and "<block end>" not in f.format() and "'?'" not in f.format()
    assert "line it up" in f.format() or "end the text with the same quote" in f.format()


def test_unsafe_tags_are_never_constructed():
    doc, findings = load_yaml_text("a: !!python/object/apply:os.system ['echo hi']\n", file="f.yaml")
    assert [f.code for f in findings] == ["yaml-value"]


def test_game_folder_merges_lists_in_file_order_and_routes_locations(tmp_path):
    (tmp_path / "game.yaml").write_text("id: g\nname: G\nsystem: heroes-of-hex\nversion: '1'\n")
    (tmp_path / "a.yaml").write_text("tokens:\n  - name: A\n")
    (tmp_path / "b.yaml").write_text("# more\ntokens:\n  - name: B\n")
    source, findings = load_game_folder(tmp_path)
    assert findings == []
    assert [t["name"] for t in source.data["tokens"]] == ["A", "B"]
    loc = source.loc(("tokens", 1, "name"))
    assert loc.file.endswith("b.yaml") and (loc.line, loc.col) == (3, 11)
    assert source.loc(("game", "system")).line == 3


def test_text_positions_inside_literal_blocks(tmp_path):
    source, _ = load_game_folder(FIXTURES / "mini-hoh")
    # maps.yaml: the layout block starts on line 8; 'B' is on its fourth line
    layout = source.data["maps"][0]["layout"]
    row = 3
    col = layout.split("\n")[row].index("B")
    loc = source.text_loc(("maps", 0, "layout"), row, col)
    assert (loc.line, loc.col) == (11, 17)


def test_a_big_plain_file_is_refused_as_too_many_values_not_as_an_alias_bomb():
    """A file of 110,000 values and no alias is refused on the event stream, before it is composed into
    nodes: said plainly, at the value past the limit, in little memory (issue 25)."""
    import tracemalloc

    from printgen.load.yaml_source import MAX_NODES

    text = "notes: [" + ", ".join(["1"] * (MAX_NODES + 10_000)) + "]\n"
    tracemalloc.start()
    try:
        doc, findings = load_yaml_text(text, file="f.yaml")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    (f,) = findings
    assert doc is None and f.code == "yaml-too-large"
    assert "alias" not in f.message and f"more than {MAX_NODES:,} values" in f.message
    # the 100,001st value (the mapping and the list are the first two): each "1, " is 3 characters
    assert f.loc == Location("f.yaml", 1, 9 + 3 * (MAX_NODES - 2))
    assert peak < 8 * len(text), f"{peak:,} bytes traced for a {len(text):,}-byte file"  # composing took ~150x


def test_an_alias_bomb_is_still_called_one():
    text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for prev, name in zip("abcdef", "bcdefg"):
        text += f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]\n"
    doc, (f,) = load_yaml_text(text, file="f.yaml")
    assert f.code == "yaml-too-large" and "alias" in f.message
