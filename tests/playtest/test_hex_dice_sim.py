"""The Hex Dice model against hand-checked positions: each face's moves and attacks on a near-empty
board (seat 1 plays from Base D at the bottom, forward is up the page, as the rulebook's diagrams),
combat as the rules state it, and the rule holes the rules leave, found at their data lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.check.validate import check_game
from printgen.hexgrid import Hex
from printgen.packs.hex_dice.sim import ATTACK, GUARD, MOVE, REROLL, model_for
from printgen.playtest.model import DRAW
from tests.conftest import REPO


@pytest.fixture(scope="module")
def model():
    return model_for(check_game(REPO / "data" / "hex-dice"))


def _targets(model, state, kind=MOVE):
    return sorted((model.board.hexes[t].q, model.board.hexes[t].r) for k, _, t, _ in model.legal(state) if k == kind)


# Every face's moves from the centre for the player whose forward is up (q, r axial, flat-top):
# the seed's diagrams, hex by hex.
FACE_MOVES = {
    1: [(0, -3), (0, -2), (0, -1), (0, 1)],  # 3 ahead, 1 back
    2: [(-3, 0), (-3, 3), (-2, 0), (-2, 2), (-1, 0), (-1, 1), (1, -1), (1, 0), (2, -2), (2, 0), (3, -3), (3, 0)],
    3: [(-3, 1), (-3, 2), (-2, -1), (-2, 3), (-1, -2), (-1, 3), (1, -3), (1, 2), (2, -3), (2, 1), (3, -2), (3, -1)],
    4: [(-2, 1), (-1, 0), (-1, 1), (0, -2), (0, -1), (0, 1), (0, 2), (1, -1), (1, 0), (2, -1)],
    5: [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)],
    6: [],
}


@pytest.mark.parametrize("face", sorted(FACE_MOVES))
def test_each_face_moves_as_its_diagram(model, face):
    state = model.position([(1, face, 0, 0)], to_move=1)
    assert _targets(model, state) == FACE_MOVES[face]
    # and every unit may always reroll, and guard while it holds no Guard token
    kinds = [k for k, *_ in model.legal(state)]
    assert kinds.count(REROLL) == 1 and kinds.count(GUARD) == 1


def test_the_top_seat_moves_the_other_way(model):
    state = model.position([(0, 1, 0, 0)], to_move=0)  # Base A at the top: forward is down the page
    assert _targets(model, state) == [(0, -1), (0, 1), (0, 2), (0, 3)]


def test_units_block_a_line_and_the_knight_jumps_friends_only(model):
    state = model.position([(1, 1, 0, 0), (1, 4, 0, -2)], to_move=1)
    pawn = sorted((model.board.hexes[t].q, model.board.hexes[t].r) for k, u, t, _ in model.legal(state)
                  if k == MOVE and u == 0)
    assert pawn == [(0, -1), (0, 1)]  # its own Rook two ahead stops it at one
    friend = model.position([(1, 3, 0, 0), (1, 2, 0, -1), (1, 2, 0, -2)], to_move=1)
    knight = [(model.board.hexes[t].q, model.board.hexes[t].r) for k, u, t, _ in model.legal(friend) if u == 0 and k == MOVE]
    assert (1, -3) in knight and (-1, -2) in knight  # over its friends
    foe = model.position([(1, 3, 0, 0), (0, 2, 0, -1)], to_move=1)
    knight = [(model.board.hexes[t].q, model.board.hexes[t].r) for k, u, t, _ in model.legal(foe) if u == 0 and k == MOVE]
    assert (1, -3) not in knight and (-1, -2) not in knight and len(knight) == 10  # not over an enemy
    assert ("rule-hole", ("faces", 2, "notes")) in foe.holes  # its note and its text disagree there


def test_ranged_and_special_attacks_reach_their_rings(model):
    archer = model.position([(1, 5, 0, 0), (0, 1, 0, -1), (0, 1, 0, -2), (0, 1, 3, 0), (0, 1, 0, -4)], to_move=1)
    assert _targets(model, archer, ATTACK) == [(0, -2), (3, 0)]  # 2-3 away, never adjacent, never 4
    legion = model.position([(1, 6, 0, 0), (0, 1, 1, -1), (0, 1, 0, -2)], to_move=1)
    assert _targets(model, legion, ATTACK) == [(1, -1)]  # adjacent only


def _play(model, state, unit, to, kind=MOVE):
    t = model.board.index[Hex(*to)]
    move = next(m for m in model.legal(state) if m[0] == kind and m[1] == unit and m[2] == t)
    model.apply(state, move)
    return state


def _at(model, state, unit):
    c = state.cell[unit]
    return None if c < 0 else tuple(model.board.hexes[c])


def test_combat_is_attack_against_armor_with_momentum(model):
    # a Pawn (Attack 2) two hexes onto a Copter (Armor 2): equal, both are removed
    s = _play(model, model.position([(1, 1, 0, 0), (0, 2, 0, -2), (0, 6, 5, -5)], to_move=1), 0, (0, -2))
    assert _at(model, s, 0) is None and _at(model, s, 1) is None
    # three hexes (its full Distance): Momentum, Attack 3 > 2, it takes the hex
    s = _play(model, model.position([(1, 1, 0, 0), (0, 2, 0, -3), (0, 6, 5, -5)], to_move=1), 0, (0, -3))
    assert _at(model, s, 0) == (0, -3) and _at(model, s, 1) is None and s.kills == {"1": 1}
    # a Rook (Attack 5) one hex onto an Archer (Armor 5) guarded: 5 < 6, it fails and stays
    s = _play(model, model.position([(1, 4, 0, 0), (0, 5, 0, -1), (0, 6, 5, -5)], to_move=1, guarded=(1,)), 0, (0, -1))
    assert _at(model, s, 0) == (0, 0) and _at(model, s, 1) == (0, -1)


def test_david_and_goliath_and_the_legion_aura(model):
    s = _play(model, model.position([(1, 1, 0, 0), (0, 6, 0, -1), (0, 4, 4, -4)], to_move=1), 0, (0, -1))
    assert _at(model, s, 0) == (0, -1) and _at(model, s, 1) is None  # a Pawn always beats a Legion
    # a Rook (Armor 4) next to its own Legion has Armor 5: an enemy Rook (Attack 5) only trades
    s = model.position([(1, 4, 0, 0), (0, 4, 0, -1), (0, 6, 1, -2)], to_move=1)
    assert model.armor(s, 1) == 5
    _play(model, s, 0, (0, -1))
    assert _at(model, s, 0) is None and _at(model, s, 1) is None


def test_a_ranged_shot_stays_and_a_legion_moves_in(model):
    s = _play(model, model.position([(1, 5, 0, 0), (0, 3, 0, -2), (0, 6, 4, -4)], to_move=1), 0, (0, -2), ATTACK)
    assert _at(model, s, 0) == (0, 0) and _at(model, s, 1) is None  # Attack 6 > 3, the Archer stays
    s = _play(model, model.position([(1, 6, 0, 0), (0, 5, 0, -1), (0, 6, 4, -4)], to_move=1), 0, (0, -1), ATTACK)
    assert _at(model, s, 0) == (0, -1)  # Attack 6 > 5: the Legion takes the hex


def test_guard_and_reroll(model):
    s = model.position([(1, 2, 0, 0), (0, 6, 4, -4)], to_move=1)
    _play(model, s, 0, (0, 0), GUARD)
    assert s.guard[0] and model.armor(s, 0) == 3 and s.to_move == 0
    s.to_move = 1
    _play(model, s, 0, (1, -1))
    assert not s.guard[0]  # moving takes the token off


def test_a_game_ends_by_annihilation_capture_or_the_move_limit(model):
    s = _play(model, model.position([(1, 1, 0, 0), (0, 1, 0, -3)], to_move=1), 0, (0, -3))
    assert s.over and s.winner == 1 and s.end == "annihilation"
    s = _play(model, model.position([(1, 1, 0, -3), (0, 6, 3, -3)], to_move=1), 0, (0, -6))  # Base A
    assert s.over and s.winner == 1 and s.end == "capture"
    assert any(path[0] == "winning" for _, path in s.holes)  # capture: the data's own reading
    short = model_for(check_game(REPO / "data" / "hex-dice"), move_limit=1)
    s = _play(short, short.position([(1, 2, 0, 0), (0, 6, 4, -4)], to_move=1), 0, (1, -1))
    assert s.over and s.winner == DRAW and s.end == "move limit"
    assert ("playtest-no-end", short.winning_path) in s.holes


def test_a_ranged_trade_is_a_rule_hole_settled_by_combat(model):
    s = _play(model, model.position([(1, 5, 0, 0), (0, 6, 0, -2), (0, 6, 4, -4)], to_move=1), 0, (0, -2), ATTACK)
    assert _at(model, s, 0) is None and _at(model, s, 1) is None  # 6 == 6: both go
    assert ("rule-hole", model.ranged_path) in s.holes


def test_a_planted_axis_text_is_a_hole_at_its_line(tmp_path):
    import shutil

    game = tmp_path / "hex-dice"
    shutil.copytree(REPO / "data" / "hex-dice", game)
    faces = (game / "faces.yaml").read_text()
    marker = "Moves to any adjacent hex. Shoots a single enemy 2 to 3 hexes away"
    assert marker in faces
    (game / "faces.yaml").write_text(faces.replace(marker, "Moves to any adjacent hex. Shoots a single enemy "
                                                   "2 to 3 hexes away along the six axes"))
    m = model_for(check_game(game))
    s = _play(m, m.position([(1, 5, 0, 0), (0, 3, 1, -3), (0, 6, 4, -4)], to_move=1), 0, (1, -3), ATTACK)
    (key,) = [k for k in s.holes if k[1][0] == "faces"]
    line = next(i for i, t in enumerate((game / "faces.yaml").read_text().splitlines(), 1) if "along the six axes" in t)
    loc = check_game(game).source.loc(key[1])
    assert loc.file.endswith("faces.yaml") and loc.line in (line - 1, line)  # the text: > block that says it
    on_axis = m.position([(1, 5, 0, 0), (0, 3, 0, -3), (0, 6, 4, -4)], to_move=1)
    _play(m, on_axis, 0, (0, -3), ATTACK)
    assert not [k for k in on_axis.holes if k[1][0] == "faces"]  # on an axis the two agree
