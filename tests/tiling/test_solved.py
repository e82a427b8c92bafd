"""Tilings solved once: by the value of their inputs, noted while a validation runs and taken by another
process (a build's worker) instead of solving again."""

from __future__ import annotations

import pickle

import pytest

from printgen.hexgrid import Hex, hexagon
from printgen.tiling import cells_from_heights, solve
from printgen.tiling import solver


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
