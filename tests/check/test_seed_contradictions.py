"""The docs' list (docs/games/seeds.md) of the seeds' contradictions is what `printgen validate` prints for the bundled
games: the same codes, the same counts, no more, no fewer."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from printgen.project import validate_game
from tests.conftest import REPO

GAMES = {"Heroes of Hex": "heroes-of-hex", "Hex Dice": "hex-dice", "Hexatech": "hexatech"}


def _readme_lists() -> dict[str, Counter]:
    text = (REPO / "docs" / "games" / "seeds.md").read_text()
    part = text.split("## The seeds' contradictions", 1)[1].split("\n## ", 1)[0]
    out = {}
    for block in re.split(r"\n### ", part)[1:]:
        title, _, body = block.partition("\n")
        if title.strip() in GAMES:
            out[GAMES[title.strip()]] = Counter({code: int(n) for code, n in
                                                 re.findall(r"^- `([\w-]+)` \((\d+)\):", body, re.M)})
    return out


LISTS = _readme_lists()


def test_the_readme_lists_every_bundled_game():
    assert set(LISTS) == set(GAMES.values())


@pytest.mark.parametrize("game", sorted(GAMES.values()))
def test_readme_list_is_exactly_what_validate_prints(game):
    result = validate_game(REPO / "data" / game)
    assert result.ok() and all(not f.is_error for f in result.findings)
    assert Counter(f.code for f in result.findings) == LISTS[game]
    for f in result.findings:  # each at a place in the game's data
        assert f.loc and f.loc.line > 0 and f.loc.col > 0 and f"data/{game}/" in f.loc.file.replace("\\", "/")
