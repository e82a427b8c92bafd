"""The tiling solver's CP-SAT models (printgen.tiling.cpsat) are the models OR-Tools' own ``cp_model`` layer
writes for the same calls, so CP-SAT gives the same tilings; and a tiling imports neither that layer nor pandas."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import defaultdict

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printgen.hexgrid import Hex, hexagon
from printgen.tiling import SHAPES, cells_from_heights, solve
from printgen.tiling import cpsat
from printgen.tiling import solver as tiling_solver
from printgen.tiling.shapes import placements
from tests.conftest import REPO

TERRAINS = ("grass", "rock")
_SOLVE, _SOLVE_JOINT = cpsat.solve, tiling_solver._solve_joint  # the real ones (examples patch them again)


def _reference_least_cover(hexes, shapes, hint):
    """The single part's model as the solver wrote it with ``cp_model`` (before printgen.tiling.cpsat)."""
    from ortools.sat.python import cp_model

    options = placements(hexes, shapes)
    model = cp_model.CpModel()
    xs = [model.NewBoolVar("") for _ in options]
    covering = defaultdict(list)
    for x, (_, _, cov) in zip(xs, options):
        for h in cov:
            covering[h].append(x)
    for h in sorted(hexes, key=lambda h: (h.r, h.q)):
        model.AddExactlyOne(covering[h])
    model.Minimize(sum(xs))
    if hint is not None:
        chosen = set(hint)
        for x, opt in zip(xs, options):
            model.AddHint(x, opt in chosen)
    return model


def _reference_joint(group, shapes, owned, hints):
    """The joint model of one terrain's parts against its inventory, as written with ``cp_model``."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    per_part, by_shape = [], defaultdict(list)
    ncells = sum(len(p) for p in group)
    for hexes, hint in zip(group, hints):
        hinted = set(hint) if hint is not None else set()
        xs, covering = [], defaultdict(list)
        for opt in placements(hexes, shapes):
            x = model.NewBoolVar("")
            xs.append(x)
            by_shape[opt[0]].append(x)
            for h in opt[2]:
                covering[h].append(x)
            if hint is not None:
                model.AddHint(x, opt in hinted)
        for h in sorted(hexes, key=lambda h: (h.r, h.q)):
            model.AddExactlyOne(covering[h])
        per_part.append(xs)
    short = {s: model.NewIntVar(0, ncells, f"short{s}") for s in shapes}
    for s in shapes:
        model.Add(sum(by_shape[s]) <= owned[s] + short[s])
    model.Minimize((ncells + 1) * sum(short.values()) + sum(x for xs in per_part for x in xs))
    return model


def _models_built(monkeypatch) -> list:
    """The cpsat models the solver solves from now on (each still solved)."""
    built = []

    def keep(model, **kw):
        built.append(model)
        return _SOLVE(model, **kw)

    monkeypatch.setattr(cpsat, "solve", keep)
    monkeypatch.setattr(tiling_solver, "_SOLVED", {})
    monkeypatch.setattr(tiling_solver, "_PARTS", {})
    return built


hex_sets = st.lists(st.sampled_from(hexagon(3)), min_size=2, max_size=30, unique=True)
# with the 1-hex tile, as every caller has it (without an inventory, a part no shape covers has no tiling)
shape_sets = st.sets(st.sampled_from(tuple(SHAPES))).map(lambda s: tuple(x for x in SHAPES if x in s or x == "1"))


# monkeypatch is shared by a test's examples: each example patches afresh what it needs
SLOW_OK = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]


@settings(max_examples=30, deadline=None, suppress_health_check=SLOW_OK)
@given(hex_sets, shape_sets)
def test_a_part_model_is_the_one_cp_model_writes(monkeypatch, hexes, shapes):
    from printgen.hexgrid.coords import components

    built = _models_built(monkeypatch)
    part = max(components(hexes), key=len)
    solve({(h, 1): "grass" for h in part}, shapes=shapes)
    if len(part) == 1:  # no model for a lone hex
        assert not built
        return
    (model,) = built
    first = min(part, key=lambda h: (h.r, h.q))
    norm = {Hex(h.q - first.q, h.r - first.r) for h in part}  # the solver models a part moved to the origin
    reference = _reference_least_cover(norm, shapes, tiling_solver._greedy(norm, shapes, None))
    assert str(model.proto) == str(reference.proto)


def _joint_models_match(monkeypatch, cells, inventory) -> int:
    """Solve ``cells`` against ``inventory``; each joint model must be cp_model's. How many there were."""
    built = _models_built(monkeypatch)
    seen = []

    def note(group, shapes, owned, budget, hints):
        seen.append(([set(p.hexes) for p in group], shapes, dict(owned), [h.chosen if h else None for h in hints],
                     len(built)))
        return _SOLVE_JOINT(group, shapes, owned, budget, hints)

    monkeypatch.setattr(tiling_solver, "_solve_joint", note)
    solve(cells, inventory=inventory)
    for group, shapes, owned, hints, at in seen:
        assert str(built[at].proto) == str(_reference_joint(group, shapes, owned, hints).proto)
    return len(seen)


@settings(max_examples=25, deadline=None, suppress_health_check=SLOW_OK)
@given(st.dictionaries(st.sampled_from(hexagon(2)), st.sampled_from(TERRAINS), min_size=2, max_size=19),
       st.dictionaries(st.tuples(st.sampled_from(tuple(SHAPES)), st.sampled_from(TERRAINS)), st.integers(0, 3)))
def test_a_joint_model_is_the_one_cp_model_writes(monkeypatch, terrain_of, inventory):
    """A terrain whose parts overdraw the inventory is one model: the same as cp_model's, hints included."""
    _joint_models_match(monkeypatch, {(h, 1): t for h, t in terrain_of.items()}, inventory)


def test_joint_models_with_and_without_hints_and_rows_with_no_tiles(monkeypatch):
    # grass: two parts, 1-hex tiles only owned (the 2-hex tile's row has no placement); rock: no tile owned at
    # all (no part has a least tiling to hint with), a 3-hex tile owned with none placeable
    cells = {(h, 1): "grass" for h in (Hex(0, 0), Hex(1, 0), Hex(3, 0))}
    cells |= {(h, 1): "rock" for h in (Hex(0, 2), Hex(1, 2))}
    assert _joint_models_match(monkeypatch, cells, {("1", "grass"): 2, ("3", "rock"): 2}) == 2


def test_the_answers_are_cp_models_answers():
    """Solved by CP-SAT through cp_model's own CpSolver, the reference model gives the tiles the solver gives."""
    from ortools.sat.python import cp_model

    hexes = set(hexagon(3)) - {Hex(0, 0), Hex(2, -1)}
    got = solve({(h, 1): "rock" for h in hexes})
    first = min(hexes, key=lambda h: (h.r, h.q))
    norm = {Hex(h.q - first.q, h.r - first.r) for h in hexes}
    shapes = tuple(SHAPES)
    model = _reference_least_cover(norm, shapes, tiling_solver._greedy(norm, shapes, None))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 1
    solver.parameters.max_deterministic_time = 10.0
    solver.parameters.max_time_in_seconds = 40.0
    assert solver.Solve(model) == cp_model.OPTIMAL
    options = placements(norm, shapes)
    values = solver.ResponseProto().solution
    want = sorted((s, rot, tuple(Hex(h.q + first.q, h.r + first.r) for h in cov))
                  for x, (s, rot, cov) in enumerate(options) if values[x])
    assert sorted((t.shape, t.rotation, t.hexes) for t in got.tiles) == want
    assert got.method == "exact"


def test_a_tiling_imports_neither_cp_model_nor_pandas():
    code = ("import sys\nfrom printgen.hexgrid import hexagon\nfrom printgen.tiling import solve\n"
            "t = solve({(h, 1): 'grass' for h in hexagon(2)}, inventory={('7', 'grass'): 1, ('1', 'grass'): 5})\n"
            "print(sum(len(x.hexes) for x in t.tiles), sum(t.missing.values()), "
            "'ortools.sat.python.cp_model_helper' in sys.modules, 'ortools.sat.python.cp_model' in sys.modules, "
            "'pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=str(REPO)), cwd=REPO).stdout.strip()
    # 19 hexes: one 7 and five 1s owned are too few (a joint model was solved), and the missing tiles cover the rest
    covered, missing, helper, layer, pandas = out.split()
    assert (covered, helper, layer, pandas) == ("19", "True", "False", "False") and int(missing) > 0, out
