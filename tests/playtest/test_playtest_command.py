"""`printgen playtest`: the report's figures and files, the same bytes for the same seed whatever the
number of processes, planted imbalances moving the figures the way they must, and games that cannot
be played getting located findings, not tracebacks."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printgen.check.validate import check_game
from printgen.cli import app
from printgen.playtest.command import playtest_report
from printgen.playtest.stats import wilson
from tests.conftest import REPO

runner = CliRunner()
DICE = REPO / "data" / "hex-dice"


def _copy(tmp_path: Path, replace: dict[str, tuple[str, str]]) -> Path:
    game = tmp_path / "hex-dice"
    shutil.copytree(DICE, game)
    for name, (old, new) in replace.items():
        text = (game / name).read_text()
        assert old in text, old
        (game / name).write_text(text.replace(old, new, 1))
    return game


def test_wilson_interval_matches_hand_values():
    lo, hi = wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_json_report_has_every_figure_with_games_and_seed(tmp_path):
    out = tmp_path / "out"
    result = runner.invoke(app, ["playtest", str(DICE), "--games", "30", "--seed", "7", "--agents", "greedy:greedy",
                                 "--agents", "random:greedy", "--format", "json", "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads((out / "hex-dice" / "playtest" / "playtest.json").read_text())
    assert data["seed"] == 7 and data["games_per_pairing"] == 30
    assert [(p["setup"], p["agents"]) for p in data["pairings"]] == [
        ("6 dice", ["greedy", "greedy"]), ("6 dice", ["random", "greedy"]),
        ("8 dice", ["greedy", "greedy"]), ("8 dice", ["random", "greedy"])]
    for p in data["pairings"]:
        fp = p["first_player"]
        assert p["games"] == 30 and p["seed"] == 7 and fp["games"] == 30
        assert fp["ci95"][0] <= fp["rate"] <= fp["ci95"][1]
        assert sum(b["games"] for b in p["length_histogram"]) == 30
        assert sum(p["ends"].values()) == 30
        assert [k["kind"] for k in p["kinds"]] == ["1", "2", "3", "4", "5", "6"]
    mixed = data["pairings"][1]["agent_win_rate"]
    assert mixed["greedy"]["games"] == mixed["random"]["games"] == 30
    assert mixed["greedy"]["rate"] > mixed["random"]["rate"]  # the stronger agent wins more
    # the rule holes are located findings: the deployment zone too small for the dice, at the setup's dice
    holes = {(h["file"].split("/")[-1], h["line"]) for h in data["rule_holes"]}
    assert ("rules.yaml", 2) in holes
    assert all(h["games"] <= h["of_games"] == 120 and h["times"] >= h["games"] for h in data["rule_holes"])
    # the HTML page holds its three plots as PNGs
    page = (out / "hex-dice" / "playtest" / "playtest.html").read_text()
    assert page.count("data:image/png;base64,") == 3 and "seed 7" in page


def test_the_same_seed_gives_the_same_bytes_on_one_or_two_processes(monkeypatch):
    from printgen.playtest import runner as run

    monkeypatch.setattr(run, "CHUNK", 15)  # several chunks a pairing: their holes merge in game order
    game = check_game(DICE)
    one, _ = playtest_report(game, games=40, seed=3, pairings=[("greedy", "greedy")], processes=1)
    two, _ = playtest_report(game, games=40, seed=3, pairings=[("greedy", "greedy")], processes=2)
    other, _ = playtest_report(game, games=40, seed=4, pairings=[("greedy", "greedy")], processes=2)
    assert one.json() == two.json()
    assert one.json() != other.json()
    from printgen.playtest.page import report_page

    assert report_page(one) == report_page(two)


def _face_figures(game: Path, face: str, games: int = 100):
    report, _ = playtest_report(check_game(game), games=games, seed=5, pairings=[("greedy", "greedy")])
    rows = [k for p in report.pairings if p["setup"] == "6 dice" for k in p["kinds"] if k["kind"] == face]
    return rows[0]


def test_a_much_stronger_face_wins_more_and_kills_more(tmp_path):
    strong = _copy(tmp_path, {"faces.yaml": ("    armor: 2\n    attack: 3\n", "    armor: 9\n    attack: 10\n")})
    before, after = _face_figures(DICE, "2"), _face_figures(strong, "2")
    # the side with more of them wins far more often: the intervals part
    assert after["side_with_more_wins"]["ci95"][0] > before["side_with_more_wins"]["ci95"][1]
    assert after["win_rate"]["rate"] > before["win_rate"]["rate"]
    assert after["kills_per_game"] > before["kills_per_game"] + 0.5


def test_a_system_without_a_model_is_a_finding():
    result = runner.invoke(app, ["playtest", str(REPO / "data" / "hexatech"), "--games", "2"])
    assert result.exit_code == 1
    assert "error[playtest-no-model]" in result.output and "game.yaml:" in result.output
    assert "Traceback" not in result.output


def test_data_the_model_cannot_play_is_a_located_finding(tmp_path, capsys):
    game = _copy(tmp_path, {"faces.yaml": ("    distance: 1\n    symbol: \"*\"\n    notes: [Ranged Attack]\n"
                                           "    moves:\n      - {ring: 1}",
                                           "    distance: 2\n    symbol: \"*\"\n    notes: [Ranged Attack]\n"
                                           "    moves:\n      - {ring: 1-2}")})
    out = tmp_path / "out"
    result = runner.invoke(app, ["playtest", str(game), "--games", "2", "--out", str(out)])
    assert result.exit_code == 1, result.output
    line = next(i for i, t in enumerate((game / "faces.yaml").read_text().splitlines(), 1) if "{ring: 1-2}" in t)
    assert f"faces.yaml:{line}:" in result.output and "error[playtest-model]" in result.output
    assert not out.exists()  # nothing half-written


def test_bad_options_are_usage_errors():
    result = runner.invoke(app, ["playtest", str(DICE), "--agents", "greedy:genius"])
    assert result.exit_code == 2 and "random, greedy, lookahead" in result.output
    result = runner.invoke(app, ["playtest", str(DICE), "--games", "99999999"])
    assert result.exit_code == 2 and "playtest-games" in result.output


@pytest.mark.skipif(not os.environ.get("PRINTGEN_NIGHTLY"), reason="10,000 games: set PRINTGEN_NIGHTLY=1")
def test_ten_thousand_greedy_games_in_a_minute():
    import time

    start = time.perf_counter()
    report, _ = playtest_report(check_game(DICE), games=5000, seed=1, pairings=[("greedy", "greedy")])
    assert sum(p["games"] for p in report.pairings) == 10_000
    assert time.perf_counter() - start < 60
