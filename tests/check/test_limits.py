"""The hostile inputs of issue 17, each a located finding (never a traceback, hang, huge memory or lost
content); and the README's limits table is printgen/limits.py's."""

from __future__ import annotations

import re
import shutil

import yaml

import pytest

from printgen.limits import LIMITS
from printgen.project import validate_game
from tests.conftest import REPO
from tests.fuzz.harness import load_game, nested, run_case, write_project

MB = 1024 * 1024


def _set(files, fname, path, value):
    node = files[fname]
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value


CASES = {
    # 3. validate passed, then the build crashed or hung
    "nul-in-text": ("hex-dice", [("faces.yaml", ("faces", 0, "text"), "nul\x00byte")], "text-control"),
    "long-word-face-name": ("hex-dice", [("faces.yaml", ("faces", 0, "name"), "W" * 28)], "limit-word-length"),
    "long-word-role": ("hex-dice", [("faces.yaml", ("faces", 1, "role"), "Supercalifragilisticexpialidocious")],
                       "limit-word-length"),
    "6000-char-rule": ("heroes-of-hex", [("rules.yaml", ("keywords", 0, "text"), "Lorem ipsum " * 500)],
                       "limit-text-length"),
    "7200-char-summary": ("heroes-of-hex", [("changelog.yaml", ("changelog", 0, "summary"), "Lorem ipsum " * 600)],
                          "limit-text-length"),
    "token-1e23mm": ("hex-dice", [("game.yaml", ("token", "diameter"), "1e23mm")], "schema"),
    "token-300mm": ("hexatech", [("game.yaml", ("token", "diameter"), "300mm")], "limit-token-diameter"),
    "bleed-500mm": ("hexatech", [("game.yaml", ("card", "bleed"), "500mm")], "limit-bleed"),
    # 4. validator tracebacks
    "url-in-effect": ("heroes-of-hex", [("classes.yaml", ("classes", 0, "actions", 0, "effect"),
                                         "See https://example.com/a/very/long/path/without/spaces")],
                      "limit-word-length"),
    "500-nested-lists": ("hex-dice", [("play.yaml", ("turn", 0, "text"), nested(500))], "limit-nesting"),
    "5000-char-id": ("hex-dice", [("game.yaml", ("id",), "x" * 5000)], "limit-id-length"),
    "misaligned-map-a-piece-uses": ("heroes-of-hex", [("maps.yaml", ("maps", 0, "layout"), "25.4")], "map-layout"),
    # 5. unbounded resources from a few bytes
    "hex-5000mm": ("hex-dice", [("game.yaml", ("hex", "size"), "5000mm")], "limit-hex-size"),
    "piece-hexagon-1000": ("heroes-of-hex", [("maps.yaml", ("pieces", 0, "shape"), "hexagon:1000")], "piece"),
    "steps-1e20": ("hex-dice", [("faces.yaml", ("faces", 0, "moves", 0, "steps"), 10**20)], "limit-number"),
    "steps-50": ("hex-dice", [("faces.yaml", ("faces", 0, "moves", 0, "steps"), "1-50")], "limit-pattern-reach"),
    "infinite-number": ("hex-dice", [("game.yaml", ("rules", "attack_bonus"), float("inf"))], "limit-number"),
    # two hexes 300 columns apart: four thousand pages of map sheet, a board image past any memory
    "map-over-a-room": ("heroes-of-hex", [("maps.yaml", ("maps", 0, "notation"), "exact"),
                                          ("maps.yaml", ("maps", 0, "layout"), ".\n" + "\n" * 299 + " " * 300 + ".")],
                        "limit-map-area"),
    "500-pieces": ("heroes-of-hex", [("maps.yaml", ("pieces",), [{"name": f"P{i}", "shape": "7"} for i in range(500)])],
                   "limit-pieces"),
    # 6. content lost silently
    "504-char-tile-text": ("hexatech", [("tiles.yaml", ("tiles", 0, "text"), ("Lorem ipsum dolor sit amet " * 19)[:504])],
                           "text-overflow"),
    "1500-char-unit-card-text": ("hex-dice", [("faces.yaml", ("faces", 0, "text"), "Lorem ipsum dolor " * 80)],
                                 "text-overflow"),
    "faction-text-too-long": ("hexatech", [("factions.yaml", ("factions", 0, "text"), "Lorem ipsum dolor " * 110)],
                              "text-overflow"),
    "decks-share-a-file-name": ("hexatech", [("decks.yaml", ("decks", 1, "name"), "Tidecaller!")],
                                "duplicate-file-name"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_input_is_a_located_finding(case, tmp_path):
    game, edits, code = CASES[case]
    files = load_game(game)
    for fname, path, value in edits:
        _set(files, fname, path, value)
    folder = write_project(tmp_path, game, files)
    out = run_case(folder, timeout=60, memory=1024 * MB)
    assert out.kind == "findings", out.detail
    assert code in out.codes, out.codes
    assert out.seconds < 30 and out.peak_rss < 600 * MB, (out.seconds, out.peak_rss // MB)


def test_two_games_with_one_id_is_a_finding(tmp_path):
    from printgen.project import validate_games

    files = load_game("hex-dice")
    a = write_project(tmp_path / "a", "hex-dice", files)
    b = write_project(tmp_path / "b", "hex-dice", files)
    games = validate_games([a, b])
    assert games[0].ok()
    (f,) = [f for f in games[1].findings if f.code == "duplicate-game-id"]
    assert f.loc.file.endswith("game.yaml") and f.loc.line > 0 and "also the id of" in f.message


def test_the_readme_states_every_limit():
    section = (REPO / "docs" / "reference" / "limits.md").read_text(encoding="utf-8")  # generated, the README's table moved
    rows = dict(re.findall(r"^\| `([a-z-]+)` \| ([^|]+?) \|", section, re.M))
    for lim in LIMITS.values():
        assert lim.name in rows, f"README Limits lacks {lim.name}"
        assert float(rows[lim.name].split()[0].replace(",", "")) == lim.value, (lim.name, rows[lim.name])
    assert set(rows) == set(LIMITS)


@pytest.mark.parametrize("r", ["0mm", "0.001mm"])
def test_a_tiny_honeycomb_in_a_layout_is_a_finding_not_a_hang(tmp_path, r):
    import shutil

    from tests.conftest import FIXTURES

    game = tmp_path / "custom-game"
    shutil.copytree(FIXTURES / "custom-game", game)
    back = game / "templates" / "layouts" / "unit-back.yaml"
    back.write_text(back.read_text().replace("r: 5mm", f"r: {r}"))
    out = run_case(game, timeout=60, memory=1024 * MB)
    assert out.kind == "findings" and "limit-honeycomb-hex" in out.codes, (out.kind, out.codes, out.detail)
    assert out.seconds < 30


def test_a_list_grown_past_the_limit_in_another_file_is_reported_there(tmp_path):
    """5,000 extra classes in an added zz-more.yaml: the finding is at the item that crosses the limit, in
    zz-more.yaml, not at the start of the list in classes.yaml (issue 25)."""
    from tests.conftest import FIXTURES

    game = tmp_path / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    first = len(yaml.safe_load((game / "classes.yaml").read_text())["classes"])
    more = "classes:\n" + "".join(f"  - {{name: Extra {i}, role: x}}\n" for i in range(5000))
    (game / "zz-more.yaml").write_text(more)
    (f,) = [f for f in validate_game(game).findings if f.code == "limit-list-length"]
    crossing = 1000 - first  # index, in zz-more.yaml, of the list's item 1,001
    assert f.loc.file.endswith("mini-hoh/zz-more.yaml") and (f.loc.line, f.loc.col) == (crossing + 2, 5), f.format()
    assert f"{5000 + first:,} items" in f.message and "item 1,001" in f.message


def test_a_level_too_thin_to_print_is_a_finding_in_game_yaml(tmp_path):
    from tests.conftest import FIXTURES

    game = tmp_path / "mini-terrain"
    shutil.copytree(FIXTURES / "mini-terrain", game)
    text = (game / "game.yaml").read_text()
    assert "height: 5mm" in text
    (game / "game.yaml").write_text(text.replace("height: 5mm", "height: 0.0001mm"))
    (f,) = [f for f in validate_game(game).findings if f.code == "limit-min-mesh-height"]
    assert f.loc.file.endswith("game.yaml") and "the minimum is 1 mm" in f.message
