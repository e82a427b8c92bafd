"""Tilings solved once: by the value of their inputs, noted while a validation runs and taken by another
process (a build's worker) instead of solving again."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from printgen.hexgrid import Hex, hexagon
from printgen.hexgrid.coords import components, normalise
from printgen.tiling import SHAPES, cells_from_heights, solve
from printgen.tiling import cpsat, solver
from printgen.tiling.shapes import placements


def _cells(n: int = 3, seed: int = 0):
    tops = {h: (1 + (h.q * 5 + h.r * 3 + seed) % 2, ("grass", "rock")[(h.q - h.r + seed) % 3 == 0])
            for h in hexagon(n)}
    return cells_from_heights(tops)


def test_a_recorded_tiling_is_taken_elsewhere_without_solving(monkeypatch):
    cells = _cells(seed=1)
    with solver.recording() as noted:
        first = solve(cells, inventory={("7", "grass"): 1, ("1", "grass"): 99, ("1", "rock"): 99})
    assert list(noted.values()) == [first]
    # another process: nothing solved yet, handed what the validation noted (pickled, as to a worker)
    monkeypatch.setattr(solver, "_SOLVED", {})
    solver.learn(pickle.loads(pickle.dumps(noted)))

    def never(*args, **kwargs):
        raise AssertionError("solved again")

    monkeypatch.setattr(solver, "_solve", never)
    again = solve(dict(reversed(list(cells.items()))),  # the same cells in another order: the same inputs
                  inventory={("1", "rock"): 99, ("1", "grass"): 99, ("7", "grass"): 1})
    assert again == first
    assert sum(len(t.hexes) for t in again.tiles) == len(cells)


@pytest.mark.parametrize("change", ["inventory", "cliffs", "time_limit", "cells"])
def test_other_inputs_are_solved_for_themselves(monkeypatch, change):
    cells = _cells(seed=2)
    with solver.recording() as noted:
        solve(cells)
    monkeypatch.setattr(solver, "_SOLVED", {})
    solver.learn(noted)
    calls = []
    real = solver._solve
    monkeypatch.setattr(solver, "_solve", lambda *a: calls.append(a) or real(*a))
    args = {"inventory": {"inventory": {("1", "grass"): 1}}, "cliffs": {"cliffs": False},
            "time_limit": {"time_limit": 5.0}, "cells": {}}[change]
    other = dict(cells)
    if change == "cells":
        other[(Hex(9, 9), 1)] = "grass"
    tiling = solve(other, **args)
    assert len(calls) == 1  # a different question: solved, not answered from the other's tiling
    assert sum(len(t.hexes) for t in tiling.tiles) == len(other)


def test_memory_is_bounded(monkeypatch):
    monkeypatch.setattr(solver, "_SOLVED", {})
    monkeypatch.setattr(solver, "_KEEP", 3)
    for seed in range(5):
        solve({(Hex(seed, 0), 1): "grass"})
    assert len(solver._SOLVED) == 3


def test_a_bad_handover_is_ignored(monkeypatch):
    monkeypatch.setattr(solver, "_SOLVED", {})
    solver.learn({1: "not a tiling", "key": None})
    assert solver._SOLVED == {}


def _counting_solves(monkeypatch) -> list:
    """The CP-SAT models solved from now on (each still solved)."""
    solved = []
    real = cpsat.solve
    monkeypatch.setattr(cpsat, "solve", lambda model, **kw: solved.append(model) or real(model, **kw))
    return solved


def test_a_proven_part_is_not_solved_again_for_another_map_or_time_limit(monkeypatch):
    monkeypatch.setattr(solver, "_SOLVED", {})
    monkeypatch.setattr(solver, "_PARTS", {})
    hill = [h for h in hexagon(3) if h != Hex(0, 0)]  # a ring-like part: a real model, proven least
    first = solve({(h, 1): "grass" for h in hill}, time_limit=4.0)
    assert first.method == "exact"
    solved = _counting_solves(monkeypatch)
    # the same part moved, in rock, beside another part, with another time limit: only the new part is solved
    moved = {(Hex(h.q + 10, h.r - 2), 1): "rock" for h in hill} | {(Hex(30, 0), 1): "rock", (Hex(31, 0), 1): "rock"}
    again = solve(moved, time_limit=10.0)
    assert len(solved) == 1
    assert sorted((t.shape, t.rotation, tuple((h.q - 10, h.r + 2) for h in t.hexes)) for t in again.tiles
                  if t.hexes[0].q < 30) == sorted((t.shape, t.rotation, tuple(t.hexes)) for t in first.tiles)
    # and it is what solving it afresh gives
    monkeypatch.setattr(solver, "_SOLVED", {})
    monkeypatch.setattr(solver, "_PARTS", {})
    assert solve(moved, time_limit=10.0) == again


def test_a_time_limited_part_is_not_kept(monkeypatch):
    monkeypatch.setattr(solver, "_PARTS", {})
    budget = solver._Budget(0.0, 1)
    real = cpsat.solve

    def stopped(model, **kw):  # as if CP-SAT stopped at its limit with a tiling it could not prove least
        return cpsat.Answer(cpsat.FEASIBLE, real(model, **kw).values, 9.0, 7.0, 0.1)

    monkeypatch.setattr(cpsat, "solve", stopped)
    part = solver._Part("grass", 1, set(hexagon(2)))
    res = solver._solve_part(part, tuple(SHAPES), budget, {})
    assert res.status == "time-limited" and res.gap == 2
    assert solver._PARTS == {}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(hexagon(5)), min_size=4, max_size=70, unique=True))
def test_a_proven_answer_does_not_hang_on_the_budget(hexes):
    """What keeping proven parts rests on: CP-SAT's proven least tiling of a part, and the work units it
    spent on it, are the same whatever share of the time limit it was given."""
    part = set(normalise(max(components(hexes), key=len)))
    answers = set()
    for total in (0.3, 4.0, 10.0):
        res = solver._least_cover(part, tuple(SHAPES), solver._Budget(total, len(part)))
        assert res.status == "exact"
        answers.add((tuple(sorted(res.chosen)), res.spent))
    assert len(answers) == 1


def test_a_proven_part_is_known_by_the_shapes_that_fit_it(monkeypatch):
    """A part asked again with fewer shapes, none of the dropped ones fitting it (a map's terrain allows every
    shape, its build guide only the owned ones), is the same model: not solved again, and what solving it
    afresh with those shapes gives; a list that drops a shape that fits is solved for itself."""
    monkeypatch.setattr(solver, "_SOLVED", {})
    monkeypatch.setattr(solver, "_PARTS", {})
    hill = [h for h in hexagon(3) if h != Hex(0, 0)]  # no 24-hex tile fits in it; 3-hex tiles do
    first = solve({(h, 1): "grass" for h in hill}, time_limit=4.0)
    solved = _counting_solves(monkeypatch)
    owned = {(s, "grass"): 99 for s in ("7", "3", "2", "1")}  # no 24-hex grass tile owned
    again = solve({(h, 1): "grass" for h in hill}, inventory=owned, time_limit=10.0)
    assert solved == []
    assert again.tiles == first.tiles and again.method == "exact"
    monkeypatch.setattr(solver, "_SOLVED", {})
    monkeypatch.setattr(solver, "_PARTS", {})
    assert solve({(h, 1): "grass" for h in hill}, inventory=owned, time_limit=10.0) == again
    assert len(solved) == 1
    fewer = solve({(h, 1): "grass" for h in hill}, inventory={(s, "grass"): 99 for s in ("2", "1")})
    assert len(solved) == 2  # the 3-hex tile fits it: another model
    assert {t.shape for t in fewer.tiles} <= {"2", "1"}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(hexagon(4)), min_size=2, max_size=40, unique=True),
       st.sets(st.sampled_from(tuple(SHAPES)), min_size=1))
def test_shapes_that_fit_nowhere_change_nothing(hexes, extra):
    """What knowing a part by the shapes that fit it rests on: the answer (tiles, status, gap and work units)
    with shapes that fit nowhere in the part added is the one without them."""
    part = set(normalise(max(components(hexes), key=len)))
    fitting = {o[0] for o in placements(part, tuple(SHAPES))}
    assume(fitting)
    shapes = tuple(s for s in SHAPES if s in fitting)
    more = tuple(s for s in SHAPES if s in fitting or s in extra and s not in fitting)
    a = solver._least_cover(part, shapes, solver._Budget(4.0, len(part)))
    b = solver._least_cover(part, more, solver._Budget(4.0, len(part)))
    assert (a.chosen, a.status, a.gap, a.spent) == (b.chosen, b.status, b.gap, b.spent)
