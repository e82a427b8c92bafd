"""The Heroes of Hex scenario model: an activation row carried out as written, a harmless enemy making
a scenario easier, and a row the simulator cannot carry out located at its line."""

from __future__ import annotations

import shutil

import pytest

from printgen.check.validate import check_game
from printgen.hexgrid import Hex, distance
from printgen.packs.heroes_of_hex.sim import model_for
from printgen.playtest.command import playtest_report
from tests.conftest import REPO

HOH = REPO / "data" / "heroes-of-hex"


class Dice:
    """A stand-in for the game's generator: randint gives the listed values in turn."""

    def __init__(self, values):
        self.values = list(values)

    def randint(self, lo, hi):
        v = self.values.pop(0)
        assert lo <= v <= hi
        return v


@pytest.fixture(scope="module")
def model():
    return model_for(check_game(HOH))


def _fools_gold(model):
    import random

    from printgen.playtest.agents import GreedyAgent

    st = model.new_game("Fool's Gold", random.Random(1), [GreedyAgent()])
    heroes = [u for u in st.units if u.side == 0]
    swords = [u for u in st.units if u.name == "Bandit Swordsman"]
    archers = [u for u in st.units if u.name == "Bandit Archer"]
    return st, heroes, swords, archers


def _far_cells(model, st, heroes, n):
    free = [c for c in st.sc["cells"] if model.unit_at(st, c) is None]
    return sorted(free, key=lambda c: (-min(distance(c, h.cell) for h in heroes), c.r, c.q))[:n]


def test_row_one_the_closest_swordsman_engages_2_then_a_light_attack(model):
    st, heroes, swords, archers = _fools_gold(model)
    near, far = swords
    for u, c in zip([far, *archers], _far_cells(model, st, heroes, 3)):
        u.cell = c  # everyone else well away
    # the first Swordsman 3 hexes from a hero, with a free 2-step way to a hex next to it
    target, near.cell = next((h, c) for h in heroes for c in sorted(st.sc["cells"], key=lambda c: (c.r, c.q))
                             if distance(c, h.cell) == 3 and model.unit_at(st, c) is None
                             and min(distance(c, o.cell) for o in heroes) == 3
                             and any(distance(x, h.cell) == 1 for x in model.reach(st, c, 2)))
    far_at = far.cell
    # the activation die rolls 1; the Swordsman's 2 ATK dice roll 6 and 5; the hero's DEF dice roll 2s:
    # Combat Result 6 - 2 = 4, a Light Attack's Death margin (4+)
    st.rng = Dice([1, 6, 5] + [2] * target.df)
    model.enemy_turn(st)
    assert min(distance(near.cell, h.cell) for h in heroes) == 1  # Engage 2: it moved 2, next to a hero
    assert far.cell == far_at  # only the closest one acts
    struck = [h for h in heroes if not h.alive]
    assert len(struck) == 1 and distance(struck[0].cell, near.cell) == 1  # Death at margin 4
    assert not st.rng.values  # every die the row calls for was rolled, no more
    # a margin of 1-3 is a Wound: the same row again, 4 against 3s
    alive = [h for h in heroes if h.alive]
    hero, near.cell = next((h, c) for h in alive for c in model.reach(st, h.cell, 1)
                           if all(distance(o.cell, c) > 1 for o in alive if o is not h))
    st.rng = Dice([1, 4, 1] + [3] * hero.df)
    model.enemy_turn(st)
    assert hero.wounds == 1 and hero.alive and not st.rng.values


def test_a_harmless_enemy_makes_the_scenario_easier(tmp_path):
    game = tmp_path / "heroes-of-hex"
    shutil.copytree(HOH, game)
    text = (game / "scenarios.yaml").read_text()
    for old in ("  - name: Bandit Swordsman\n    move: 2\n    stats: {atk: 2,", "  - name: Bandit Archer\n    move: 2\n"
                                                                            "    stats: {atk: 2,"):
        assert old in text
        text = text.replace(old, old.replace("atk: 2", "atk: 0"))
    (game / "scenarios.yaml").write_text(text)

    def heroes_win(folder):
        report, _ = playtest_report(check_game(folder), games=60, seed=2, pairings=[("greedy", "greedy")])
        return next(p["heroes_win"] for p in report.pairings if p["setup"] == "Fool's Gold")

    before, after = heroes_win(HOH), heroes_win(game)
    assert after["ci95"][0] > before["ci95"][1]  # harmless bandits: the heroes win far more often
    assert after["rate"] == 1.0


def test_a_row_the_simulator_cannot_carry_out_is_located(tmp_path):
    from typer.testing import CliRunner

    from printgen.cli import app

    game = tmp_path / "heroes-of-hex"
    shutil.copytree(HOH, game)
    text = (game / "scenarios.yaml").read_text()
    old = '"Every Bandit Swordsman: Engage 2, then a Light Attack (melee)."'
    assert old in text
    (game / "scenarios.yaml").write_text(text.replace(old, '"Every Bandit Swordsman sings a song."'))
    result = CliRunner().invoke(app, ["playtest", str(game), "--games", "2"])
    line = next(i for i, t in enumerate((game / "scenarios.yaml").read_text().splitlines(), 1) if "sings" in t)
    assert result.exit_code == 1
    assert f"scenarios.yaml:{line}:" in result.output and "error[playtest-model]" in result.output
    assert "Traceback" not in result.output


def test_the_scenarios_report_is_the_same_on_one_or_two_processes():
    game = check_game(HOH)
    one, _ = playtest_report(game, games=12, seed=9, pairings=[("greedy", "random")], processes=1)
    two, _ = playtest_report(game, games=12, seed=9, pairings=[("greedy", "random")], processes=2)
    assert one.json() == two.json()
    # a solo scenario: the first agent of a pairing plays the heroes; its figures are the heroes' own
    assert [(p["setup"], p["agents"]) for p in one.pairings] == [("Fool's Gold", ["greedy"]),
                                                                  ("The Arachne's Lair", ["greedy"])]
    for p in one.pairings:
        hw = p["heroes_win"]
        assert hw["games"] == 12 and hw["wins"] == p["ends"].get("objective", 0)  # a win is the objective met
        assert sum(p["ends"].values()) == 12
        assert p["turns_to_win"]["max"] <= p["length"]["max"]
        assert {k["kind"] for k in p["kinds"]} <= {c.name for c in game.data.classes}
