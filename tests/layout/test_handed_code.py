"""Layout values compiled once per build: the worker that validates a game hands the Python code of its
layout values on with the game (``shared[CODE]``), and a worker rendering the game builds each template from
that code instead of compiling the text again (issue 41). A value built so behaves as one compiled afresh;
code is taken only as this process tree sealed it, for the same text and environment. The dotted names each
value reads (layout/reads.py) go along too, as plain data."""

from __future__ import annotations

import pickle
import shutil
from collections import OrderedDict

import jinja2
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printgen.layout import drawn_faces, expressions, reads
from printgen.layout.expressions import CODE, Expressions, handed_on
from printgen.layout.game_layouts import layout_environment
from printgen.layout.sheets import FaceMaker
from printgen.project import validate_game
from printgen.safety.sandbox import environment
from tests.conftest import REPO

KEY = ("/nowhere/layouts", "/nowhere", False)


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """A process's layout caches, empty (as in a worker forked before the game was validated); Jinja's
    compiling counted."""
    for name in ("_SHARED", "_OWN", "_HANDED", "_TAKEN"):
        monkeypatch.setattr(expressions, name, {})
    counts = {"compile": 0, "parse": 0}
    real_compile, real_parse = jinja2.Environment.compile, jinja2.Environment._parse

    def compile_(self, *a, **k):
        counts["compile"] += 1
        return real_compile(self, *a, **k)

    def parse_(self, *a, **k):
        counts["parse"] += 1
        return real_parse(self, *a, **k)

    monkeypatch.setattr(jinja2.Environment, "compile", compile_)
    monkeypatch.setattr(jinja2.Environment, "_parse", parse_)

    monkeypatch.setattr(drawn_faces, "_FACES", OrderedDict())
    monkeypatch.setattr(reads, "_TEXT_PATHS", {})
    monkeypatch.setattr(reads, "_TAKEN", [None])

    def reset():
        for name in ("_SHARED", "_OWN", "_HANDED", "_TAKEN"):
            getattr(expressions, name).clear()
        drawn_faces._FACES.clear()  # faces drawn before, kept per process
        reads._TEXT_PATHS.clear()
        reads._TAKEN[0] = None
        counts.update(compile=0, parse=0)
    counts["reset"] = reset
    counts["folder"] = tmp_path
    return counts


def _exprs(folder, handed=None) -> Expressions:
    return Expressions(environment(folder, folder.parent, markdown=False), key=KEY, handed=handed)


def _outcome(exprs: Expressions, text: str, scope: dict):
    try:
        return "value", exprs.evaluate(text, scope)
    except Exception as exc:  # noqa: BLE001 - the very error is what is compared
        return type(exc).__name__, getattr(exc, "message", None) or str(exc), getattr(exc, "lineno", None)


ATOMS = st.sampled_from(["a", "b", "n", "s", "missing", "1", "2.5", "'x'", "accent", "item.name", "item.cost",
                         "[a, n]", "{'k': n}"])
OPS = st.sampled_from([" + ", " - ", " * ", " ~ ", " // ", " if b else ", " and ", " or ", " == "])
FILTERS = st.sampled_from(["", " | upper", " | default('d')", " | length", " | round", " | string", " | int"])


@st.composite
def texts(draw):
    expr = draw(ATOMS)
    for _ in range(draw(st.integers(0, 2))):
        expr = f"({expr}{draw(OPS)}{draw(ATOMS)})"
    expr += draw(FILTERS)
    shape = draw(st.sampled_from(["{{ %s }}", "{{ mix(accent, '#ffffff', %s) }}", "{{ %s }} / {{ n }}",
                                  "{%% if b %%}{{ %s }}{%% else %%}no{%% endif %%}", "{{ %s )}}", "{{ %s }"]))
    return shape.replace("%s", expr).replace("%%", "%")


SCOPES = st.fixed_dictionaries({"a": st.integers(-5, 5), "b": st.booleans(), "n": st.integers(0, 9),
                                "s": st.sampled_from(["", "ab"]), "accent": st.sampled_from(["#336699", "#000"]),
                                "item": st.fixed_dictionaries({"name": st.sampled_from(["Kit", "O'Neil"]),
                                                               "cost": st.integers(0, 3)})})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=texts(), scopes=st.lists(SCOPES, min_size=1, max_size=3))
def test_a_value_built_from_handed_on_code_behaves_as_one_compiled_afresh(fresh, text, scopes):
    fresh["reset"]()
    here = _exprs(fresh["folder"])
    want = [_outcome(here, text, s) for s in scopes]
    handed = pickle.loads(pickle.dumps(handed_on(KEY)))  # as the game carries it to a worker
    fresh["reset"]()  # a worker's caches: empty
    there = _exprs(fresh["folder"], handed)
    assert [_outcome(there, text, s) for s in scopes] == want
    if handed:  # it compiled: the worker built it from the code, neither parsing nor compiling the text
        assert (fresh["compile"], fresh["parse"]) == (0, 0)
        assert there.names == here.names


def test_a_text_not_handed_on_or_changed_is_compiled_afresh(fresh):
    here = _exprs(fresh["folder"])
    assert here.evaluate("{{ n * 2 }}", {"n": 4}) == 8
    handed = handed_on(KEY)
    fresh["reset"]()
    there = _exprs(fresh["folder"], handed)
    assert there.evaluate("{{ n * 3 }}", {"n": 4}) == 12 and fresh["compile"] == 1
    assert there.evaluate("{{ n * 2 }}", {"n": 5}) == 10 and fresh["compile"] == 1


@pytest.mark.parametrize("forge", ["other text", "other key", "edited code", "foreign seal"])
def test_code_not_sealed_here_for_that_text_and_environment_is_never_run(fresh, forge):
    here = _exprs(fresh["folder"])
    assert here.evaluate("{{ n + 1 }}", {"n": 1}) == 2
    here.evaluate("{{ 'owned' }}", {})
    (entries,) = handed_on(KEY).values()
    good, evil = entries["{{ n + 1 }}"], entries["{{ 'owned' }}"]
    key = KEY
    if forge == "other text":  # another text's sealed code under this text
        entries = {"{{ n + 1 }}": evil}
    elif forge == "other key":  # sealed for another environment
        key = ("/elsewhere/layouts", "/elsewhere", False)
        fresh["reset"]()
        _exprs(fresh["folder"]).evaluate("{{ 'owned' }}", {})
        entries = {"{{ n + 1 }}": handed_on(KEY)[KEY]["{{ 'owned' }}"]}
        key = KEY
    elif forge == "edited code":
        entries = {"{{ n + 1 }}": (evil[0], good[1])}
    else:
        entries = {"{{ n + 1 }}": (good[0], bytes(32))}
    fresh["reset"]()
    there = _exprs(fresh["folder"], {key: entries})
    assert there.evaluate("{{ n + 1 }}", {"n": 1}) == 2 and fresh["compile"] == 1


def test_handed_on_code_is_bounded(fresh, monkeypatch):
    here = _exprs(fresh["folder"])
    for i in range(40):
        here.evaluate(f"{{{{ n + {i} }}}}", {"n": 1})
    monkeypatch.setattr(expressions, "_HANDED_BYTES", 10_000)
    (entries,) = handed_on(KEY).values()
    assert 0 < len(entries) < 40 and sum(len(b) + len(t) for t, (b, _) in entries.items()) <= 10_000
    assert "{{ n + 39 }}" in entries  # the latest compiled go first


def test_a_validated_game_carries_its_layout_code_and_a_worker_draws_the_same_faces_from_it(fresh, tmp_path):
    folder = tmp_path / "custom-game"
    shutil.copytree(REPO / "tests" / "fixtures" / "custom-game", folder)
    layout = folder / "templates" / "layouts" / "unit-card.yaml"
    # a value that fails for some cards only: its finding comes from the handed-on code too
    layout.write_text(layout.read_text(encoding="utf-8").replace(
        "{{ item.cost }}", "{{ item.cost if item.cost > 99 else item.cost + 'x' }}"),
        encoding="utf-8")
    game = validate_game(folder)
    key = layout_environment(game)[1]
    assert set(game.shared[CODE]) == {key} and game.shared[CODE][key]
    assert game.shared[reads.PATHS]["{{ item.name }}"] == frozenset({("item", "name")})
    fresh["reset"]()

    def faces(g):
        maker = FaceMaker(g)
        drawn = []
        for name, kind in (("unit-card", "units"), ("unit-back", "units"), ("battle-card", "battles")):
            for i, item in enumerate(getattr(g.data, kind)):
                drawn.append(repr(maker.draw(maker.layouts[name], item, kind, i, f"{kind} {i}")))
        return drawn, maker.found

    worker = pickle.loads(pickle.dumps(game))
    got = faces(worker)
    assert (fresh["compile"], fresh["parse"]) == (0, 0) and len(got[0]) > 3
    assert got[1] and {f.code for f in got[1]} == {"layout-expression"} and "unit-card.yaml" in got[1][0].loc.file
    fresh["reset"]()
    worker.shared.pop(CODE)
    worker.shared.pop(reads.PATHS)
    assert faces(worker) == got and fresh["compile"] > 0 and fresh["parse"] > 0


def test_handed_on_dotted_names_are_taken_only_as_plain_names(fresh):
    env = environment(fresh["folder"], fresh["folder"].parent, markdown=False)
    assert reads.text_paths(env, "{{ item.name ~ n }}") == frozenset({("item", "name"), ("n",)})
    handed = pickle.loads(pickle.dumps(reads.paths_handed_on(env)))
    assert handed == {"{{ item.name ~ n }}": frozenset({("item", "name"), ("n",)})}
    fresh["reset"]()
    handed.update({"{{ a }}": frozenset({("a", 1)}), "{{ b }}": "b", 3: None})
    reads.take_paths(env, handed)
    assert reads.text_paths(env, "{{ item.name ~ n }}") == frozenset({("item", "name"), ("n",)})
    assert fresh["parse"] == 0  # taken, not parsed
    assert reads.text_paths(env, "{{ a }}") == frozenset({("a",)}) and fresh["parse"] == 1  # the odd one parsed
