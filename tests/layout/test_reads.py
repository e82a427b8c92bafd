"""Validation checks each distinct layout element once (printgen/layout/reads.py): a large deck's
faces share most of their elements, and findings must still land on every card that has them."""

from __future__ import annotations

import copy
import shutil
from collections import Counter

import yaml

import printgen.layout.face as face_mod
import printgen.layout.face_render as face_render
from printgen.layout.reads import element_reads, fingerprint
from printgen.layout.sheets import FaceMaker
from printgen.project import validate_game
from tests.conftest import FIXTURES


def _deck(tmp_path, n: int, changes: dict[int, dict]):
    """mini-hoh with ``n`` copies of its first class (named apart), item ``i`` changed by ``changes[i]``."""
    game = tmp_path / "deck"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    base = yaml.safe_load((game / "classes.yaml").read_text())["classes"][0]
    classes = []
    for i in range(n):
        c = {**base, "name": f"{base['name']} {i + 1}", **changes.get(i, {})}
        classes.append(copy.deepcopy(c))  # written out in full: no YAML aliases between cards
    (game / "classes.yaml").write_text(yaml.safe_dump({"classes": classes}, sort_keys=False))
    return game


def test_an_element_reads_the_dotted_names_of_its_values():
    game = validate_game(FIXTURES / "mini-hoh")
    maker = FaceMaker(game)
    card = maker.layouts.get("class-card")
    env = maker.exprs.env
    by_id = {el.id: el for el in card.elements if el.id}
    assert ("item", "stats", "vit") in element_reads(by_id["stats"], env)
    assert ("item", "name") in element_reads(by_id["name"], env)
    actions = element_reads(by_id["actions"], env)
    assert ("item", "actions") in actions and ("action", "effect") in actions  # `over:` without braces, children
    assert ("item", "examples") in element_reads(by_id["examples"], env)  # `when:` without braces
    assert ("item",) not in actions  # the card's name is not among what its actions read


def test_fingerprint_leaves_out_the_games_names_and_keeps_the_items(tmp_path):
    game = validate_game(_deck(tmp_path, 3, {2: {"stats": {"vit": 3, "atk": 2, "sp_atk": 0, "def": 3, "sp_def": 1}}}))
    env = FaceMaker(game).exprs.env
    first, second, third = game.data.classes
    reads = (("data",), ("item", "stats", "vit"), ("action", "name"))

    def key(item, data=game.data):
        return fingerprint(reads, {"data": data, "item": item}, frozenset({"data"}), env)

    assert key(first) == key(first, data=None)  # the game's own names are left out
    assert (("action", "name"), None, "absent") in key(first)  # bound inside the element
    assert key(first) == key(second)  # another name, the same VIT
    assert key(first) != key(third)


def test_every_card_with_a_problem_is_found_at_its_own_line(tmp_path, monkeypatch):
    base = yaml.safe_load((FIXTURES / "mini-hoh" / "classes.yaml").read_text())["classes"][0]["actions"]
    long_effect = "Move, strike and shout " * 60  # cannot fit the card at its smallest size
    ranting = [{**base[0], "effect": long_effect}, *base[1:]]
    changes = {30: {"actions": ranting}, 45: {"actions": ranting},
               50: {"name": "Mighty Warrior of the Endless Western Mountain Passes"}}
    game_dir = _deck(tmp_path, 80, changes)

    drawn = Counter()
    draw = face_mod.Face.draw

    def counting(self, elements, scope, parent):
        for el in elements:
            drawn[el.id or el.type] += 1
        return draw(self, elements, scope, parent)

    monkeypatch.setattr(face_mod.Face, "draw", counting)
    remembered = validate_game(game_dir)
    counts = dict(drawn)
    monkeypatch.setattr(face_render, "_seen_key", lambda *a: None)
    drawn.clear()
    every = validate_game(game_dir)

    found = sorted(f.format() for f in remembered.findings)
    assert found == sorted(f.format() for f in every.findings)  # the same findings, each where it was
    overflow = [f for f in remembered.findings if f.code == "text-overflow"]
    lines = {f.loc.line for f in overflow}
    source = (game_dir / "classes.yaml").read_text().splitlines()
    for i in changes:  # each changed card's finding points into that card's entry
        start = next(n for n, line in enumerate(source, 1) if line.startswith("- name:")
                     and (line.endswith(f" {i + 1}") or "Passes" in line and i == 50))
        end = next((n for n, line in enumerate(source, 1) if n > start and line.startswith("- name:")), len(source))
        assert any(start <= ln < end for ln in lines), (i, start, end, sorted(lines))
    # every face drawn its name; the stat line and the actions only while they give something new
    assert counts["name"] == drawn["name"] == 80
    assert counts["stats"] <= 2 and drawn["stats"] == 80
    assert counts["actions"] <= 4 and drawn["actions"] == 80


def test_an_expression_nested_too_deeply_is_a_finding_at_its_line(tmp_path):
    game = tmp_path / "game"
    shutil.copytree(FIXTURES / "custom-game", game)
    layout = game / "templates" / "layouts" / "unit-card.yaml"
    lines = layout.read_text().splitlines()
    at = lines.index("elements:") + 1
    deep = "{{ " + "(" * 400 + "item.name" + ")" * 400 + " }}"
    lines.insert(at, f'  - {{type: text, text: "{deep}", x: 0, y: 0, w: 20mm, h: 5mm}}')
    layout.write_text("\n".join(lines) + "\n")
    found = validate_game(game).findings  # Jinja's parser recursed past Python's limit: a traceback before
    bad = [f for f in found if f.code == "layout-expression"]
    assert bad and all("nested too deeply" in f.message for f in bad)
    assert bad[0].loc.file.endswith("unit-card.yaml") and bad[0].loc.line == at + 1


def test_values_equal_in_python_but_of_another_type_are_told_apart():
    from printgen.layout.reads import _freeze

    assert _freeze([1]) != _freeze([True]) != _freeze([1.0])
    assert _freeze({"a": [1, "x"]}) == _freeze({"a": [1, "x"]})
    assert _freeze(object()) is None  # known only by its address: never taken as the same


def test_the_remembered_names_of_a_text_equal_a_fresh_parse():
    # every face maker of a build asks about the same texts: the names remembered for a text are those a
    # parse of it now finds, for every element of the fixture's layouts (and a text that does not parse)
    import jinja2

    from printgen.layout import reads

    game = validate_game(FIXTURES / "mini-hoh")
    maker = FaceMaker(game)
    env = maker.exprs.env
    texts = {t for name in ("class-card",) for el in maker.layouts.get(name).elements
             for t in reads._strings(el.args)} | {"{{ item.name ", "{{ a.b.c }} and {{ d[e].f }}"}
    for text in sorted(texts):
        reads._TEXT_PATHS.clear()
        fresh: set = set()
        try:
            reads._paths(env.parse(text), fresh)
            want = frozenset(fresh)
        except jinja2.TemplateSyntaxError:
            want = None
        assert reads.text_paths(env, text) == want
        assert reads.text_paths(env, text) == want  # remembered
    assert reads.text_paths(env, "{{ a.b.c }} and {{ d[e].f }}") == {("a", "b", "c"), ("d",), ("e",)}
    # another syntax is another parser: not answered from what the default one read
    other = jinja2.Environment(variable_start_string="[[", variable_end_string="]]")
    assert reads.text_paths(other, "[[ x.y ]]") == {("x", "y")}
    assert reads.text_paths(other, "{{ x.y }}") == frozenset()
