"""A layout value evaluated once per maker for the same values: results kept by the identity of the data,
lists and maps a value reads (layout/expressions.py), and a stamp's digest at the layout's own bleed worked
out once per face (layout/face_render.py _shown_at). Each compared with evaluating and drawing afresh
(issue 41: the exports draw every card at two bleeds, each taking its stamp from a third drawing)."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from pydantic import BaseModel

import printgen.layout.expressions as expressions
import printgen.layout.face_render as face_render
from printgen.deps import ReadLog
from printgen.layout import drawn_faces
from printgen.layout.expressions import Expressions
from printgen.layout.sheets import FaceMaker
from printgen.project import validate_game
from printgen.publish.cards import card_decks
from printgen.safety.sandbox import environment
from tests.conftest import FIXTURES

ROOT = Path(__file__).resolve().parents[2]


def _fresh(monkeypatch) -> None:
    """Every layout value evaluated afresh, every stamp twin drawn afresh: the code before the kept results."""
    def evaluate(self, text, scope):
        fn = self.compile(text)
        if text in self.spent:
            raise expressions.TemplateLimitError(self.spent[text])
        return self._run(text, fn, scope)

    monkeypatch.setattr(Expressions, "evaluate", evaluate)
    real = face_render._shown_at

    def shown_at(face, scope, bleed):
        for k in [k for k in face.memo if isinstance(k, tuple) and k and k[0] == "shown-at"]:
            del face.memo[k]
        return real(face, scope, bleed)

    monkeypatch.setattr(face_render, "_shown_at", shown_at)


def _draw_all(game_dir: Path) -> tuple[list, list]:
    """Every deck's faces and backs of a fresh validation of ``game_dir`` at the exports' bleeds and the
    layout's own, under a read log: (ops per face, reads)."""
    drawn_faces._FACES.clear()
    game = validate_game(game_dir)
    log = ReadLog(game)
    out = []
    for bleed in (0.0, 3.175, None):
        for deck in card_decks(log):
            for card in deck.cards:
                out.append(card.face(bleed))
            out.append(deck.back(bleed))
    return out, log.reads


@pytest.mark.parametrize("name", ["heroes-of-hex", "hexprint"])
def test_faces_drawn_with_kept_results_equal_faces_evaluated_afresh(monkeypatch, name):
    kept, kept_reads = _draw_all(ROOT / "data" / name)
    with monkeypatch.context() as m:
        _fresh(m)
        fresh, fresh_reads = _draw_all(ROOT / "data" / name)
    assert len(kept) == len(fresh) > 10
    assert kept == fresh  # every op, stamps included (heroes of hex prints one on each card)
    assert kept_reads == fresh_reads
    if name == "heroes-of-hex":
        stamps = [op for face in kept for op in face if getattr(op, "role", "") == "stamp"
                  or any(getattr(o, "role", "") == "stamp" for o in getattr(op, "ops", ()))]
        assert stamps  # the twin's digest was read at both bleeds


def test_a_stamp_twin_is_drawn_once_per_face_and_bleed(monkeypatch):
    twins: list[str] = []
    real = face_render._render_face

    def counted(face, scope):
        if face.stamp_bleed is None:  # a twin: the face at its layout's own bleed, for its stamp
            twins.append(face.what)
        return real(face, scope)

    monkeypatch.setattr(face_render, "_render_face", counted)
    drawn_faces._FACES.clear()
    game = validate_game(FIXTURES / "mini-hoh")
    maker = FaceMaker(game)
    layout = maker.layouts["class-card"]
    classes = list(enumerate(game.data.classes))
    first = [maker.draw(layout, c, "classes", i, "", bleed=0.0) for i, c in classes]
    assert len(twins) == len(classes)  # one twin per card
    second = [maker.draw(layout, c, "classes", i, "", bleed=3.175) for i, c in classes]
    assert len(twins) == len(classes)  # the other bleed takes the same digest
    drawn_faces._FACES.clear()
    with monkeypatch.context() as m:
        _fresh(m)
        fresh = FaceMaker(game)
        again = [fresh.draw(layout, c, "classes", i, "", bleed=3.175) for i, c in classes]
    assert len(twins) == 2 * len(classes)  # drawn afresh for each card
    assert second == again
    stamps = [[o.text for o in face if getattr(o, "role", "") == "stamp"] for face in first]
    assert all(stamps) and stamps == [[o.text for o in face if getattr(o, "role", "") == "stamp"]
                                      for face in second]  # one stamp per card at every bleed


def _env():
    env = environment(ROOT / 'templates', ROOT, markdown=False)
    return Expressions(env)


class _Unit(BaseModel):
    name: str


def test_a_kept_result_holds_what_it_read_so_no_other_object_takes_its_id():
    exprs = _env()
    units = [_Unit(name="Knight")]
    ref = weakref.ref(units[0])
    assert exprs.evaluate("{{ unit.name | upper }}", {"unit": units[0]}) == "KNIGHT"
    units.clear()
    gc.collect()
    assert ref() is not None  # held by the kept entry
    assert exprs.evaluate("{{ unit.name | upper }}", {"unit": _Unit(name="Archer")}) == "ARCHER"


def test_an_iterator_is_never_kept():
    exprs = _env()
    scope = {"xs": ["a", "b"]}
    one = exprs.evaluate("{{ xs | map('upper') }}", scope)
    two = exprs.evaluate("{{ xs | map('upper') }}", scope)
    assert list(one) == ["A", "B"] and list(two) == ["A", "B"]


values = st.recursive(st.one_of(st.integers(-5, 5), st.text(max_size=3), st.booleans(), st.none()),
                      lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=2), inner,
                                                                                          max_size=3)), max_leaves=8)
TEXTS = ["{{ a }}", "{{ a | length if a is iterable else a }}", "{{ [a, b] }}", "{{ a ~ '/' ~ b }}",
         "{{ b if b is mapping else a }}", "x{{ a }}y{{ b }}", "{{ (a is sequence) and b }}"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(TEXTS), values, values), min_size=1, max_size=12), st.data())
def test_kept_results_equal_fresh_evaluations(calls, data):
    """The same texts over scopes that reuse some objects (the same list given again) and make others anew:
    every result equals a fresh evaluation of the same text in the same scope."""
    kept, fresh = _env(), _env()
    pool: list = []
    for text, a, b in calls:
        if pool and data.draw(st.booleans()):
            a = data.draw(st.sampled_from(pool))  # the same object again: its kept result is taken
        pool.append(a)
        scope = {"a": a, "b": b}
        try:
            want = fresh._run(text, fresh.compile(text), scope)
        except Exception as exc:  # noqa: BLE001 - the same error either way
            with pytest.raises(type(exc)):
                kept.evaluate(text, scope)
            continue
        got = kept.evaluate(text, scope)
        assert got == want and type(got) is type(want)


def test_minus_zero_and_zero_are_kept_apart():
    """-0.0 == 0.0 and they hash alike, but print "-0.0" and "0.0" (a var such as ``{{ item.x * -1 }}`` gives
    -0.0 for a 0): each keeps its own result, as a fresh evaluation gives it."""
    exprs = _env()
    for text in ("{{ a }}", "x{{ a }}", "{{ a | string }}"):
        for a in (0.0, -0.0, 0.0, -0.0, 0, False):
            got = exprs.evaluate(text, {"a": a})
            want = exprs._run(text, exprs.compile(text), {"a": a})
            assert repr(got) == repr(want) and type(got) is type(want)


def test_a_value_that_includes_a_template_is_evaluated_for_each_item(tmp_path):
    """``{% include 'name.j2' %}`` reads ``item`` without naming it: neither its result (expressions.py) nor its
    element's ops (face_render.py, by what it reads: layout/reads.py) are taken from another card's."""
    import shutil

    from printgen.draw.document import Text

    game_dir = tmp_path / "game"
    shutil.copytree(FIXTURES / "custom-game", game_dir)
    layouts = game_dir / "templates" / "layouts"
    (layouts / "name.j2").write_text("{{ item.name }}", encoding="utf-8")
    (layouts / "named.yaml").write_text(
        "size: card\nelements:\n  - {type: text, text: \"{% include 'name.j2' %}\", x: 0, w: 100%, baseline: 50%, "
        "size: 8pt}\n", encoding="utf-8")
    drawn_faces._FACES.clear()
    game = validate_game(game_dir)
    maker = FaceMaker(game)
    layout = maker.layouts["named"]
    units = list(enumerate(game.data.units))
    assert len({u.name for _, u in units}) > 1

    def texts(ops):
        out = []
        for op in ops:
            out += [op.text] if isinstance(op, Text) else texts(getattr(op, "ops", ()))
        return "".join(out)

    for bleed in (0.0, 3.0):
        shown = [texts(maker.draw(layout, u, "units", i, "", bleed=bleed)) for i, u in units]
        assert shown == [u.name for _, u in units]
    assert not [f for f in maker.found if f.severity == "error"]
