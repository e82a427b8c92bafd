"""The build command end to end: invalid data writes nothing, output is deterministic,
rebuilds are incremental, and a change in YAML shows up on paper."""

from __future__ import annotations

import shutil
from pathlib import Path

import pymupdf
from typer.testing import CliRunner

from printgen.build import build
from printgen.cli import app
from tests.conftest import FIXTURES, REPO, broken_game

runner = CliRunner()
HOH = REPO / "data" / "heroes-of-hex"


def test_invalid_data_exits_1_and_writes_nothing(tmp_path):
    game = broken_game("unknown-map", tmp_path)
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(game), "--out", str(out)])
    assert result.exit_code == 1
    assert "error[unknown-map]" in result.output
    assert not out.exists()


def test_a_valid_game_before_an_invalid_one_writes_nothing_either(tmp_path):
    # the first game's targets start rendering while the second is checked: none of it may land
    game = broken_game("unknown-map", tmp_path)
    out = tmp_path / "out"
    result = build(folders=[FIXTURES / "mini-dice", FIXTURES / "mini-hoh", game], out=out, papers=["a4"], jobs=2)
    assert not result.ok and result.built == [] and result.written == []
    assert not out.exists()
    # and the same games with the broken one fixed build, in the same order
    fixed = build(folders=[FIXTURES / "mini-dice", FIXTURES / "mini-hoh"], out=out, papers=["a4"], jobs=2)
    assert fixed.ok and (out / "mini-dice" / "a4").is_dir() and (out / "mini-hoh" / "a4").is_dir()


def test_cli_build_writes_the_layout(tmp_path):
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(FIXTURES / "mini-hoh"), "--out", str(out), "--paper", "letter"])
    assert result.exit_code == 0, result.output
    files = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert "mini-hoh/letter/class-cards.pdf" in files
    assert "mini-hoh/letter/map-cellar.pdf" in files
    assert "mini-hoh/svg/map-cellar-letter-1.svg" in files
    assert "mini-hoh/png/map-cellar-letter-1.png" in files
    assert not any(f.startswith("mini-hoh/a4/") for f in files)
    png = (out / "mini-hoh/png/map-cellar-letter-1.png").read_bytes()
    assert png.startswith(b"\x89PNG")
    svg = (out / "mini-hoh/svg/map-cellar-letter-1.svg").read_text()
    assert 'width="215.9mm"' in svg and 'viewBox="0 0 215.9 279.4"' in svg


def test_same_input_same_bytes(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    build(folders=[FIXTURES / "mini-hoh"], out=a, papers=["a4"], jobs=1)
    build(folders=[FIXTURES / "mini-hoh"], out=b, papers=["a4"], jobs=2)
    files = sorted(p.relative_to(a) for p in a.rglob("*") if p.suffix in (".pdf", ".svg", ".png"))
    assert len(files) > 10
    for rel in files:
        assert (a / rel).read_bytes() == (b / rel).read_bytes(), rel


def test_rebuild_redoes_only_what_changed(tmp_path):
    game = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    out = tmp_path / "out"
    first = build(folders=[game], out=out, papers=["a4"], previews=False)
    assert first.built and not first.skipped
    again = build(folders=[game], out=out, papers=["a4"], previews=False)
    assert not again.built and len(again.skipped) == len(first.built)
    (game / "rules.yaml").write_text((game / "rules.yaml").read_text().replace("#b3261e", "#a01010"))
    third = build(folders=[game], out=out, papers=["a4"], previews=False)
    assert third.built  # the data changed, so its targets rebuild


def _card_words(pdf: Path) -> list[str]:
    return [w[4] for w in pymupdf.open(pdf)[0].get_text("words")]


def test_changing_vit_in_yaml_changes_the_card(tmp_path):
    game = tmp_path / "heroes-of-hex"
    shutil.copytree(HOH, game)
    out = tmp_path / "out"
    build(folders=[game], out=out, papers=["a4"], previews=False)
    before = _card_words(out / "heroes-of-hex/a4/class-cards.pdf")
    assert "9" not in before
    text = (game / "classes.yaml").read_text()
    text = text.replace("stats: {vit: 2, atk: 2, sp_atk: 0, def: 3, sp_def: 1}",
                        "stats: {vit: 9, atk: 2, sp_atk: 0, def: 3, sp_def: 1}", 1)
    (game / "classes.yaml").write_text(text)
    result = build(folders=[game], out=out, papers=["a4"], previews=False)
    assert result.ok  # a warning (VIT outside 1-2), not an error
    after = _card_words(out / "heroes-of-hex/a4/class-cards.pdf")
    assert after.count("9") == 1


def test_stale_files_are_removed_when_a_target_shrinks(tmp_path):
    game = tmp_path / "big-map"
    shutil.copytree(FIXTURES / "big-map", game)
    out = tmp_path / "out"
    build(folders=[game], out=out, papers=["a4"])
    assert (out / "big-map/png/map-great-plain-a4-5.png").exists()
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("size: 1.25in", "size: 12mm"))
    build(folders=[game], out=out, papers=["a4"])
    assert (out / "big-map/png/map-great-plain-a4-1.png").exists()
    assert not (out / "big-map/png/map-great-plain-a4-2.png").exists()


def test_a_declared_kind_unpickles_where_its_class_was_never_built():
    # a build worker forked before a designer's game declared its kinds must still read its items
    import pickle

    import printgen.model.kinds as kinds
    from printgen.project import validate_game

    game = validate_game(FIXTURES / "custom-game")
    data = pickle.dumps(game.data)
    names = [n for n in vars(kinds) if n.startswith("_") and n[1:2].isupper() and "_" in n[1:]]
    saved = {n: getattr(kinds, n) for n in names}
    try:
        for n in names:
            delattr(kinds, n)
        again = pickle.loads(data)
    finally:
        for n, v in saved.items():
            setattr(kinds, n, v)
    assert [u.name for u in again.units] == [u.name for u in game.data.units]


def test_a_pack_game_then_a_custom_game_build_in_workers(tmp_path):
    result = build(folders=[REPO / "data" / "hex-dice", FIXTURES / "custom-game"], out=tmp_path / "out",
                   papers=["a4"], previews=False, jobs=2)
    assert result.ok and any(k.startswith("ember-watch/") for k in result.built)
    assert (tmp_path / "out" / "ember-watch" / "a4" / "unit-cards.pdf").stat().st_size > 1000
