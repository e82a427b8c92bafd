"""The `playtest` build target a game asks for in game.yaml: its rule holes join the validator's
findings as located warnings, a bad spec is located errors, and its files are the report."""

from __future__ import annotations

import json
import shutil

from printgen.project import validate_game
from printgen.playtest.target import render_playtest
from tests.conftest import REPO


def _game(tmp_path, spec: str):
    game = tmp_path / "hex-dice"
    shutil.copytree(REPO / "data" / "hex-dice", game)
    with (game / "game.yaml").open("a") as f:
        f.write(f"playtest: {spec}\n")
    return game


def test_rule_holes_join_the_validators_findings(tmp_path):
    game = validate_game(_game(tmp_path, "{games: 12, seed: 2, agents: [greedy:greedy]}"))
    assert game.ok()
    holes = [f for f in game.findings if f.code == "rule-hole"]
    assert holes and all(not f.is_error for f in holes)
    deploy = [f for f in holes if f.loc.file.endswith("rules.yaml") and f.loc.line == 2]
    assert deploy and "of 24 simulated games, seed 2" in deploy[0].message
    files = render_playtest(game, None)
    data = json.loads(files["playtest-json"].data)
    assert data["seed"] == 2 and [p["games"] for p in data["pairings"]] == [12, 12]
    assert files["playtest-html"].path == "playtest/playtest.html"
    assert files["playtest-html"].data.count(b"data:image/png;base64,") == 3


def test_a_bad_spec_is_located(tmp_path):
    game = validate_game(_game(tmp_path, "{games: 5, agents: [greedy:wizard], move_limit: 99999}"))
    codes = {(f.code, f.loc.line) for f in game.findings if f.is_error}
    lines = (tmp_path / "hex-dice" / "game.yaml").read_text().splitlines()
    assert ("playtest-agents", len(lines)) in codes and ("limit-playtest-moves", len(lines)) in codes
    assert render_playtest(game, None) == {}
