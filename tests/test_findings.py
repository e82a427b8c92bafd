"""How a finding's message is made safe to print: controls visible, quoted values cut short (issue 25)."""

from __future__ import annotations

import dataclasses
import json
import shutil

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from printgen.cli import app
from printgen.findings import QUOTE_MOST, Location, error, quoted, shown, visible, warning
from tests.conftest import FIXTURES, examples

runner = CliRunner()


def test_characters_that_do_not_print_are_written_as_escapes():
    assert visible("a\x00b\x1b[31m\x07\x7f") == r"a\x00b\x1b[31m\x07\x7f"
    assert visible("\u202eevil\u2028") == r"\u202eevil\u2028"
    assert visible("Ünïcödé مرحبا 🐉") == "Ünïcödé مرحبا 🐉"  # printable text stays as it is


def test_every_finding_is_made_safe_when_it_is_made():
    f = warning("x", "tile 'a\x00b' and 'esc\x1b[2J'", Location("f\x1b.yaml", 3, 4), hint="see '\x07'")
    assert "\x00" not in f.format() and "\x1b" not in f.format() and "\x07" not in f.format()
    assert f.format() == r"f\x1b.yaml:3:4: warning[x]: tile 'a\x00b' and 'esc\x1b[2J' (see '\x07')"
    assert f.to_dict()["message"] == r"tile 'a\x00b' and 'esc\x1b[2J'"


def test_a_long_quoted_value_is_cut_but_the_words_around_it_stay():
    long = "Lorem ipsum " * 40
    f = error("x", f"tile 'Hero's Sword' restates '{long}' as \"{long}\", but the game's faction words it 'Rage'")
    quotes = f.message.split("'")
    assert len(f.message) < 250
    assert f.message.startswith("tile 'Hero's Sword' restates 'Lorem ipsum")
    assert f.message.endswith("but the game's faction words it 'Rage'")
    assert f"'{long[:QUOTE_MOST - 5]}...'" in f.message and quotes


def test_a_message_is_never_longer_than_the_cap():
    assert len(shown("word " * 5000)) == 1000


def test_quoted_is_repr_cut_short():
    assert quoted("a\x1bb") == r"'a\x1bb'"
    assert len(quoted("W" * 10_000)) == QUOTE_MOST


def _tech(tmp_path, text: str):
    game = tmp_path / "mini-tech"
    shutil.copytree(FIXTURES / "mini-tech", game)
    tiles = game / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("{name: Ember, faction: RED,",
                                               "{name: Ember, faction: RED, text: " + json.dumps(text) + ","))
    return game


def _messages(tmp_path, monkeypatch) -> tuple[str, list[dict]]:
    monkeypatch.chdir(tmp_path)
    text = runner.invoke(app, ["validate", "mini-tech"]).output
    found = json.loads(runner.invoke(app, ["validate", "mini-tech", "--format", "json"]).output)
    return text, found["games"][0]["findings"]


def test_nul_and_esc_in_a_tile_text_reach_no_terminal(tmp_path, monkeypatch):
    _tech(tmp_path, "Burn\x00 all\x1b[31m")
    text, findings = _messages(tmp_path, monkeypatch)
    assert "\x00" not in text and "\x1b" not in text
    assert any(r"\x00" in f["message"] for f in findings), findings  # quoted visibly, not dropped
    assert all("\x00" not in f["message"] and "\x1b" not in f["message"] for f in findings)


def test_a_500_character_tile_text_is_not_repeated_whole(tmp_path, monkeypatch):
    _tech(tmp_path, "Rage: " + "strike again and again " * 22)
    text, findings = _messages(tmp_path, monkeypatch)
    hits = [f for f in findings if f["code"] == "tile-ability"]
    assert hits, findings
    assert all(len(f["message"]) < 300 for f in hits) and "strike again" in hits[0]["message"]
    assert max(len(line) for line in text.splitlines()) < 400


@settings(max_examples=examples(200), deadline=None)
@given(st.text(max_size=40), st.integers(-5, 10**6), st.integers(-5, 10**4), st.text(max_size=12))
def test_a_location_pickles_as_its_values(file, line, col, sheet):
    """Location.__reduce__ (its four values) gives what the slots dataclass's own pickling gave: an equal,
    equally hashed and ordered Location, in every protocol, and copies the same way."""
    import copy
    import pickle

    loc = Location(file, line, col, sheet)
    plain = dataclasses.replace(loc)
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(loc, protocol=protocol))
        assert type(back) is Location and back == loc and hash(back) == hash(loc) and str(back) == str(loc)
        assert (back.file, back.line, back.col, back.sheet) == (file, line, col, sheet)
        # the old way: the dataclass's state (its __getstate__/__setstate__), as pickle took it before
        old = object.__new__(Location)
        old.__setstate__(plain.__getstate__())
        assert old == back and not (old < back) and not (back < old)
    assert copy.copy(loc) == loc and copy.deepcopy(loc) == loc
