"""The CP-SAT models the tiling solver builds, written straight into OR-Tools' compiled model and solved there.

OR-Tools' ``cp_model`` module is a Python layer over its compiled helper (``cp_model_helper``): importing it
imports pandas (about 0.3 s in a build's worker, for type hints of helpers printgen never calls), and each
``CpModel()`` it makes adds some 80 pre-PEP 8 method aliases to itself (a few milliseconds, and a map takes
dozens of small models). The solver's models are plain: 0-1 and integer variables, exactly-one constraints,
``sum <= bound`` rows and a linear objective. ``Model`` writes them as ``CpModel`` writes the same calls (the
same variables, constraints, objective and hints in the same order: tests/tiling/test_cpsat.py builds both
and compares them), so CP-SAT, which is deterministic for one model and one set of parameters, gives the same
answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from ortools.sat.python import cp_model_helper as _cmh

OPTIMAL = _cmh.CpSolverStatus.OPTIMAL
FEASIBLE = _cmh.CpSolverStatus.FEASIBLE
INFEASIBLE = _cmh.CpSolverStatus.INFEASIBLE

_INT64_MIN, _INT64_MAX = -(2 ** 63), 2 ** 63 - 1


class Model:
    """One CP-SAT model; variables are their indices (ints), as in the model's proto."""

    def __init__(self) -> None:
        self.proto = _cmh.CpModelProto()
        self._variables = self.proto.variables
        self._constraints = self.proto.constraints
        self.size = 0

    def bool_vars(self, n: int) -> range:
        """``n`` new 0-1 variables (unnamed), as the range of their indices."""
        add = self._variables.add
        for _ in range(n):
            add().domain.extend((0, 1))
        first, self.size = self.size, self.size + n
        return range(first, self.size)

    def int_var(self, lo: int, hi: int, name: str) -> int:
        """A new integer variable in [lo, hi]."""
        v = self._variables.add()
        v.name = name
        v.domain.extend((lo, hi))
        self.size += 1
        return self.size - 1

    def exactly_one(self, variables: Iterable[int]) -> None:
        """Exactly one of the 0-1 ``variables`` is 1."""
        self._constraints.add().exactly_one.literals.extend(variables)

    def at_most(self, terms: Sequence[int], minus: int, bound: int) -> None:
        """``sum(terms) - minus <= bound`` (``terms`` distinct 0-1 variables, ``minus`` another variable)."""
        row = self._constraints.add().linear
        if terms:
            # CpModel writes the row with its variables in index order and the bound as given
            row.vars.extend(sorted(terms) + [minus])
            row.coeffs.extend([1] * len(terms) + [-1])
            row.domain.extend((_INT64_MIN, bound))
        else:  # -minus <= bound: CpModel writes it as minus >= -bound
            row.vars.append(minus)
            row.coeffs.append(1)
            row.domain.extend((-bound, _INT64_MAX))

    def minimize(self, coefficients: dict[int, int]) -> None:
        """Minimise ``sum(c * v)`` over ``coefficients`` (variable -> coefficient)."""
        objective = self.proto.objective
        order = sorted(coefficients)  # CpModel writes the objective's terms in index order
        objective.vars.extend(order)
        objective.coeffs.extend([coefficients[v] for v in order])
        objective.scaling_factor = 1.0

    def hint(self, variables: Sequence[int], values: Sequence[int]) -> None:
        """Hint ``variables`` at ``values`` (appended after earlier hints)."""
        self.proto.solution_hint.vars.extend(variables)
        self.proto.solution_hint.values.extend(values)


@dataclass(frozen=True)
class Answer:
    """What CP-SAT answered: its status, each variable's value (when it found a solution), the objective's
    value and its proven bound, and the deterministic time it spent (its work units)."""

    status: object
    values: tuple[int, ...]
    objective: float
    bound: float
    deterministic_time: float


def solve(model: Model, *, seed: int, work_units: float, seconds: float) -> Answer:
    """Solve ``model`` on one worker with ``seed``, stopping after ``work_units`` (deterministic time) or,
    as a safety net only, ``seconds`` of wall-clock time."""
    params = _cmh.SatParameters()
    params.num_workers = 1
    params.random_seed = seed
    params.max_deterministic_time = work_units
    params.max_time_in_seconds = seconds
    wrapper = _cmh.SolveWrapper()
    wrapper.set_parameters(params)
    response = wrapper.solve(model.proto)
    return Answer(response.status, tuple(response.solution), response.objective_value,
                  response.best_objective_bound, response.deterministic_time)
