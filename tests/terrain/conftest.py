from pathlib import Path

import pytest

from printgen.project import validate_game

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "mini-terrain"


@pytest.fixture(scope="session")
def mini_terrain():
    game = validate_game(FIXTURE)
    assert game.ok(), game.findings
    return game.data
