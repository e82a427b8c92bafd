"""`printgen balance` bounds its work before computing it (issue 37): a `100d100 hit 2+ explode 2+` pool
took 167 s for one exact difference, and 300 units are 90,000 matchups. Each is a located finding, exit 1,
nothing written, inside 10 s and 500 MB (measured in a child process)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from printgen.balance.dice import Roll, RollError, check_roll, distribution, roll_size
from tests.bounded import assert_bounded, run_printgen
from tests.conftest import FIXTURES


def _game(tmp_path: Path) -> Path:
    dest = tmp_path / "balance-game"
    shutil.copytree(FIXTURES / "balance-game", dest)
    return dest


def test_a_pool_too_much_work_is_refused_before_it_is_computed(tmp_path):
    game = _game(tmp_path)
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace('attack: "{attack}d6 hit 4+"', 'attack: "{attack}d100 hit 2+ explode 2+"'))
    content = (game / "content.yaml").read_text()
    (game / "content.yaml").write_text(content.replace("attack: 5,", "attack: 100,"))
    out = tmp_path / "out"
    run = run_printgen("balance", str(game), "--out", str(out))
    assert_bounded(run)
    assert run.code == 1, run.output
    line = next(ln for ln in run.output.splitlines() if "dice-work" in ln)
    assert re.search(r"content\.yaml:\d+:\d+: error\[", line) or re.search(r"game\.yaml:\d+:\d+: error\[", line), line
    assert "100d100 exploding" in line
    assert not out.exists()


def test_the_estimate_is_what_the_distribution_has():
    for roll in (Roll(10, 6, target=5, explode=6), Roll(12, 10, target=6), Roll(8, 8), Roll(6, 6, explode=6)):
        check_roll(roll)
        dist = distribution(roll)
        outcomes, bits = roll_size(roll)
        assert len(dist) <= outcomes  # never under the real size
        real = max(p.denominator for p in dist.values()).bit_length()
        assert real <= bits * 1.1, (roll, real, bits)
    try:
        check_roll(Roll(100, 100, target=2, explode=2))
    except RollError as exc:
        assert "dice-work" in str(exc)
    else:
        raise AssertionError("100d100 exploding was not refused")


def test_three_hundred_units_are_a_limit_at_the_first_unit_past_it(tmp_path):
    game = _game(tmp_path)
    units = "\n".join(f"  - {{name: Unit {i}, cost: {10 + i % 40}, attack: {1 + i % 6}, defence: {1 + i % 5}, "
                      f"life: {1 + i % 4}}}" for i in range(300))
    (game / "content.yaml").write_text("units:\n" + units + "\n")
    out = tmp_path / "out"
    run = run_printgen("balance", str(game), "--out", str(out))
    assert_bounded(run)
    assert run.code == 1, run.output[-2000:]
    line = next(ln for ln in run.output.splitlines() if "limit-balance-units" in ln)
    assert re.match(r".*content\.yaml:122:\d+: error\[limit-balance-units\]: 300 units", line), line  # the 121st
    assert not out.exists()
