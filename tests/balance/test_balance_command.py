"""`printgen balance` and the balance target: the bundled games' reports, the files they write (opened and
measured), and a custom game's combat notation, broken every way the issue names."""

from __future__ import annotations

import json
import re
import shutil
import time
from pathlib import Path

import pymupdf as fitz
import pytest
from PIL import Image
from typer.testing import CliRunner

from printgen.cli import app
from printgen.project import validate_game
from tests.conftest import FIXTURES, REPO

runner = CliRunner()


def _game(tmp_path: Path, combat: str | None = None, content: str | None = None) -> Path:
    dest = tmp_path / "balance-game"
    shutil.copytree(FIXTURES / "balance-game", dest)
    if combat is not None:
        text = (dest / "game.yaml").read_text()
        text = re.sub(r"combat:\n(  .*\n)+", combat, text)
        (dest / "game.yaml").write_text(text)
    if content is not None:
        (dest / "content.yaml").write_text(content)
    return dest


def test_the_custom_report_writes_json_html_and_pdf(tmp_path):
    game, out = _game(tmp_path), tmp_path / "out"
    result = runner.invoke(app, ["balance", str(game), "--out", str(out)])
    assert result.exit_code == 0, result.output
    # the outlier is a warning at the Giant's cost, with how far off and the cost that brings it in line
    line = next(ln for ln in result.output.splitlines() if "balance-outlier" in ln)
    assert re.search(r"content\.yaml:6:\d+: warning\[balance-outlier\]: 'Giant' gives \d+% more value per point", line)
    assert "in line at about" in line
    data = json.loads((out / "balance-game/balance/balance.json").read_text())
    assert len(data["matchups"]) == 25 and data["units"][0] == "Spearman"
    giant = next(v for v in data["values"] if v["name"] == "Giant")
    assert giant["off_by"] > 0.3 and giant["fair_cost"] > 30
    pair = next(m for m in data["matchups"] if m["attacker"] == "Spearman" and m["target"] == "Archer")
    # 2 dice hit on 4+ against 1 die blocking on 5+: P(at least one wound) by hand
    # = P(A=2)(1) + P(A=1) P(D=0) = 1/4 + 1/2 * 2/3 = 7/12
    assert pair["wound"] == pytest.approx(7 / 12, abs=1e-6)
    pdf = fitz.open(out / "balance-game/balance/balance.pdf")
    assert pdf.page_count == 2
    words = pdf[0].get_text()
    assert "Giant" in words and "expected turns" in words
    assert "cost against value" in pdf[1].get_text()
    html = (out / "balance-game/balance/balance.html").read_text()
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', html)
    assert len(images) == 2 and "Giant" in html
    import base64, io
    heat = Image.open(io.BytesIO(base64.b64decode(images[0])))
    assert heat.width >= 500 and heat.height >= 400
    colours = heat.convert("RGB").getcolors(1_000_000)
    assert len(colours) > 50  # a heat map, not a blank page


def test_the_report_is_the_same_each_run(tmp_path):
    game = _game(tmp_path)
    for out in ("a", "b"):
        assert runner.invoke(app, ["balance", str(game), "--out", str(tmp_path / out)]).exit_code == 0
    for name in ("balance.json", "balance.html", "balance.pdf"):
        assert (tmp_path / "a/balance-game/balance" / name).read_bytes() == \
               (tmp_path / "b/balance-game/balance" / name).read_bytes(), name


@pytest.mark.parametrize("game", ["heroscape-style", "hexprint", "heroes-of-hex", "hex-dice"])
def test_every_bundled_game_with_combat_has_a_report(game, tmp_path):
    result = runner.invoke(app, ["balance", str(REPO / "data" / game), "--out", str(tmp_path), "--no-plots"])
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / game / "balance/balance.json").read_text())
    n = len(data["units"])
    attackers = {m["attacker"] for m in data["matchups"]}  # a unit with no attack (Skyhook Gyro) has no row
    assert n >= 6 and len(attackers) >= n - 1 and len(data["matchups"]) == n * len(attackers)
    assert all(0 <= m["wound"] <= 1 and m["destroy"] <= m["wound"] + 1e-9 for m in data["matchups"])


def test_hexatech_has_no_combat_model_and_says_so(tmp_path):
    result = runner.invoke(app, ["balance", str(REPO / "data/hexatech"), "--out", str(tmp_path)])
    assert result.exit_code == 0 and "no combat model" in result.output
    assert not (tmp_path / "hexatech").exists()


def test_heroscape_high_ground_adds_a_die():
    from printgen.balance.run import balance_report

    from printgen.check.validate import check_game

    report, _ = balance_report(check_game(REPO / "data/heroscape-style"))
    m = report.matchups[0][1]
    assert m.high_wound is not None and m.high_wound > m.wound


BROKEN = [
    ("not a roll", '  attack: "three dice"\n', "game.yaml:", "combat-notation", "start it with COUNT d SIDES"),
    ("unknown part", '  attack: "{attack}d6 hit 4+ twice"\n', "game.yaml:", "combat-notation", "cannot read 'twice'"),
    ("target outside the die", '  attack: "{attack}d6 hit 9+"\n', "game.yaml:", "combat-notation", "outside a d6"),
    ("explode forever", '  attack: "{attack}d6 hit 4+ explode 1+"\n', "game.yaml:", "combat-notation", "never ends"),
    ("no such field", '  attack: "{punch}d6 hit 4+"\n', "content.yaml:", "combat-notation", "field 'punch'"),
]


@pytest.mark.parametrize("case, attack, where, code, words", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_combat_model_is_a_located_finding(case, attack, where, code, words, tmp_path):
    combat = f'combat:\n{attack}  defence: "{{defence}}d6 hit 5+"\n  health: "{{life}}"\n  cost: cost\n'
    game = _game(tmp_path, combat=combat)
    start = time.monotonic()
    result = runner.invoke(app, ["balance", str(game), "--out", str(tmp_path / "out")])
    assert time.monotonic() - start < 10
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    line = next(ln for ln in result.output.splitlines() if f"[{code}]" in ln)
    assert re.match(rf".*{re.escape(where)}\d+:\d+: error\[{code}\]", line) and words in line, line
    assert not (tmp_path / "out").exists()  # nothing half-written
    # validate reports it too, since the game asks for the balance target
    assert any(f.code == code for f in validate_game(game).findings)


def test_a_pool_of_ten_thousand_dice_is_a_limit_at_the_unit(tmp_path):
    content = (FIXTURES / "balance-game/content.yaml").read_text().replace("attack: 5,", "attack: 10000,")
    game = _game(tmp_path, content=content)
    start = time.monotonic()
    result = runner.invoke(app, ["balance", str(game), "--out", str(tmp_path / "out")])
    assert time.monotonic() - start < 10 and result.exit_code == 1
    # the kind's own bound (max: 200) finds it first; without it, the dice-pool limit does
    assert "content.yaml:6:" in result.output


def test_a_pool_past_the_dice_limit_names_the_limit(tmp_path):
    game = _game(tmp_path)
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("max: 200", "max: 100000"))
    (game / "content.yaml").write_text((game / "content.yaml").read_text().replace("attack: 5,", "attack: 10000,"))
    result = runner.invoke(app, ["balance", str(game), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    line = next(ln for ln in result.output.splitlines() if "limit-dice-pool" in ln)
    assert "content.yaml:6:" in line and "10000 dice" in line and "100" in line


def test_the_balance_target_builds_with_the_game(tmp_path):
    from printgen.balance.run import render_balance, wants_balance

    game = validate_game(_game(tmp_path))
    assert wants_balance(game.data)
    files = render_balance(game, None)
    assert set(files) == {"balance", "balance-json", "balance-html"}
    assert fitz.open(stream=files["balance"].data, filetype="pdf").page_count == 2
    assert not wants_balance(validate_game(REPO / "data/hex-dice").data)


def test_a_huge_stat_of_a_bundled_system_is_a_limit_not_a_hang(tmp_path):
    game = tmp_path / "heroscape-style"
    shutil.copytree(REPO / "data/heroscape-style", game)
    units = (game / "units.yaml").read_text()
    (game / "units.yaml").write_text(units.replace("    life: 4\n", "    life: 999\n", 1))  # the schema's most
    start = time.monotonic()
    result = runner.invoke(app, ["balance", str(game), "--out", str(tmp_path / "out")])
    assert time.monotonic() - start < 20 and result.exit_code == 1, result.output
    line = next(ln for ln in result.output.splitlines() if "limit-combat-health" in ln)
    assert "units.yaml:" in line and "'Kestrel Vane' takes 999 wounds" in line
    assert not (tmp_path / "out").exists()


def test_a_declared_combat_model_is_checked_by_validate_without_the_target(tmp_path):
    game = _game(tmp_path, combat='combat:\n  attack: "{attack}d6 hit 4+ explode 1+"\n  health: "{life}"\n')
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("balance: {tolerance: 0.3}\n", ""))
    codes = [f.code for f in validate_game(game).findings]
    assert codes == ["combat-notation"]


def test_printgen_build_makes_the_balance_target_and_preflight_passes_it(tmp_path):
    """The target a game asks for (balance:) is built with the game, so watch rebuilds it on save: the
    PDF on each paper, the JSON and HTML once; its pages keep their ink inside the printable area."""
    from printgen.build import build

    game = _game(tmp_path)
    result = build(folders=[game], out=tmp_path / "out", papers=["a4"], previews=False, jobs=1)
    base = tmp_path / "out/balance-game"
    data = json.loads((base / "balance/balance.json").read_text())
    assert len(data["units"]) == 5 and any(f["code"] == "balance-outlier" for f in data["findings"])
    pdf = fitz.open(base / "a4/balance.pdf")
    assert pdf.page_count == 2 and "Giant" in pdf[0].get_text()
    assert not [f for f in result.preflight if "balance" in f.message], [f.format() for f in result.preflight]


def test_several_games_drawn_by_workers_give_the_bytes_one_game_at_a_time_gives(tmp_path):
    """With two or more games the plots are drawn in forked workers; the files must not change."""
    from printgen.balance import command

    games = [REPO / "data" / "heroscape-style", FIXTURES / "balance-game"]
    together = command.run_balance(folders=games, out=tmp_path / "together")
    assert not together.failed and len(together.written) == 6
    for game in games:
        command.run_balance(folders=[game], out=tmp_path / "alone")
    for path in together.written:
        alone = tmp_path / "alone" / path.relative_to(tmp_path / "together")
        assert path.read_bytes() == alone.read_bytes(), path.name
