"""Decompose a map's cells into the fewest tiles of 1, 2, 3, 7 and 24 hexes.

Exact cover with a least-count objective, solved by OR-Tools CP-SAT:

- Cells group by (terrain, level[, column height]); each group splits into connected parts.
  Without an inventory (or when every part's least tiling fits it) the parts are independent:
  each is one small model, and identical parts (same hexes up to translation) are solved once.
- When the parts of a terrain together need more of a shape than the inventory holds, that
  terrain's parts are solved as one model in which the tiles beyond the inventory are
  "missing" tiles: the fewest missing tiles first, then the fewest tiles.
- Every model gets a deterministic time budget (CP-SAT's own work units, one worker and a
  fixed seed, so the same map gives the same tiling on any machine). A model stopped by its
  budget keeps its best tiling (method "time-limited", with its gap); a model with no
  tiling by then falls back to the greedy cover (largest tile first at the first uncovered
  hex in (r, q) order), which always completes. Heroscape-size maps (hundreds of hexes,
  several levels) solve exactly in well under a second per terrain; see bench/bench_tiling.py.
"""

from __future__ import annotations

import hashlib
import threading
from collections import Counter, defaultdict
from contextlib import contextmanager
from typing import Iterator, Mapping

from ..hexgrid import Hex
from ..hexgrid.coords import components, normalise
from .model import Cells, Inventory, Tile, Tiling, TilingError, check_cells
from .shapes import SHAPES, turn_offsets, placements


def _cpsat():
    """printgen.tiling.cpsat, imported at the first model: OR-Tools' compiled helper takes a tenth of a
    second to load, and most commands never tile a map."""
    from . import cpsat

    return cpsat


Placement = tuple[str, int, tuple[Hex, ...]]  # shape, rotation, hexes


class _Part:
    """One connected group of cells that tiles alike (one terrain, one level)."""

    def __init__(self, terrain: str, level: int, hexes: set[Hex]):
        self.terrain, self.level, self.hexes = terrain, level, hexes
        self.first = min(hexes, key=lambda h: (h.r, h.q))


class _Result:
    def __init__(self, chosen: list[Placement], status: str, gap: int, spent: float = 0.0):
        self.chosen, self.status, self.gap = chosen, status, gap
        self.spent = spent  # CP-SAT's work units (deterministic time) on this answer


# Tilings solved in this process, by the value of their inputs (a tiling is a pure function of them).
# A build's validation solves its maps' tilings (in a worker: printgen.schedule); the validated game
# carries the ones it solved (``ValidatedGame.shared``, see printgen.workers) to the build's other
# workers, which take them instead of solving again, and so never load OR-Tools for a tiling they
# were handed. The last few dozen only: a watch solves again and again.
_SOLVED: dict[str, Tiling] = {}
_KEEP = 64
_RECORDERS: list[dict[str, Tiling]] = []

# Parts whose least tiling CP-SAT proved, by their hexes (moved to the origin) and the allowed shapes that fit
# them, in this process: another map, or the same map tiled for another purpose (a heroscape-style map's terrain
# and its build guide ask with other time limits and inventories), has the same part, and CP-SAT's proven
# answer for it does not hang on the time it was given (tests/tiling/test_solved.py tries random parts with
# budgets from 0.3 to 10 units), so it is taken rather than solved again, and its work units are taken from
# the budget as solving it would take them (the parts after it get the shares they would have had: a map's
# tiling does not hang on what this process solved before). Only proven answers: a part stopped by its time
# limit is the budget's answer. The last thousand or so parts only.
_PARTS: dict[tuple, "_Result"] = {}
_KEEP_PARTS = 1024
_PARTS_LOCK = threading.Lock()  # the studio may tile from more than one thread


def _inputs_key(cells: Cells, inventory: Inventory | None, shapes: tuple[str, ...], cliffs: bool,
                time_limit: float) -> str:
    text = repr((sorted(((h.q, h.r, lv), t) for (h, lv), t in cells.items()),
                 sorted(inventory.items()) if inventory is not None else None, tuple(shapes), cliffs, time_limit))
    return hashlib.sha256(text.encode()).hexdigest()


def _keep(key: str, tiling: Tiling) -> None:
    if key not in _SOLVED:
        while len(_SOLVED) >= _KEEP:
            del _SOLVED[next(iter(_SOLVED))]
        _SOLVED[key] = tiling


@contextmanager
def recording() -> Iterator[dict[str, Tiling]]:
    """Within the block, every tiling solved or taken from memory is noted in the dict it yields (input
    key -> tiling): what a validation hands on to the build's workers (``learn`` takes them there)."""
    noted: dict[str, Tiling] = {}
    _RECORDERS.append(noted)
    try:
        yield noted
    finally:
        _RECORDERS.remove(noted)


def learn(solved: Mapping[str, Tiling]) -> None:
    """Take tilings another process solved (``recording``'s dict) as solved here."""
    for key, tiling in solved.items():
        if isinstance(key, str) and isinstance(tiling, Tiling):
            _keep(key, tiling)


def solve(cells: Cells, *, inventory: Inventory | None = None, shapes: tuple[str, ...] = tuple(SHAPES),
          cliffs: bool = True, time_limit: float = 10.0) -> Tiling:
    """Tile every cell ``(hex, level) -> terrain`` with the fewest tiles.

    ``inventory``: (shape, terrain) -> tiles owned, or None for as many as needed; what it
    lacks comes back in ``Tiling.missing``. ``shapes``: the shapes to use (of "1", "2", "3",
    "7", "24"). ``cliffs``: a tile covers hexes of one column height only (True), or may run
    under higher hexes of its terrain (False: fewer, sturdier tiles). ``time_limit``: CP-SAT
    work units (about seconds on one core) for the whole map's parts, and as much again for
    the joint models when the inventory falls short. Raises TilingError for cells standing
    on nothing."""
    check_cells(cells)
    key = _inputs_key(cells, inventory, shapes, cliffs, time_limit)
    tiling = _SOLVED.get(key)
    if tiling is None:
        tiling = _solve(cells, inventory, shapes, cliffs, time_limit)
        _keep(key, tiling)
    for noted in _RECORDERS:
        noted[key] = tiling
    return tiling


def _solve(cells: Cells, inventory: Inventory | None, shapes: tuple[str, ...], cliffs: bool,
           time_limit: float) -> Tiling:
    unknown = [s for s in shapes if s not in SHAPES]
    if unknown:
        raise ValueError(f"unknown tile shape(s) {unknown}; shapes: {', '.join(SHAPES)}")
    shapes = tuple(s for s in SHAPES if s in shapes)  # largest first, whatever order was given
    parts = _parts(cells, cliffs)

    def usable(terrain: str) -> tuple[str, ...]:
        return tuple(s for s in shapes if inventory is None or inventory.get((s, terrain), 0) > 0)

    # Each part alone, small parts first: they rarely use their share of the budget, and what
    # they leave goes to the big ones.
    distinct = {(normalise(p.hexes), usable(p.terrain)) for p in parts if len(p.hexes) > 1}
    budget = _Budget(time_limit, sum(len(k[0]) for k in distinct))  # only distinct parts reach CP-SAT
    cache: dict[tuple, _Result] = {}
    alone: dict[int, _Result | None] = {}
    for i in sorted(range(len(parts)), key=lambda i: len(parts[i].hexes)):
        alone[i] = _solve_part(parts[i], usable(parts[i].terrain), budget, cache)

    by_terrain: dict[str, list[int]] = defaultdict(list)
    for i, p in enumerate(parts):
        by_terrain[p.terrain].append(i)
    short_terrains = []
    for terrain, idx in by_terrain.items():
        use = Counter(pl[0] for i in idx if alone[i] is not None for pl in alone[i].chosen)
        if inventory is not None and (any(alone[i] is None for i in idx)
                                      or any(n > inventory.get((s, terrain), 0) for s, n in use.items())):
            short_terrains.append(terrain)
    # Terrains whose parts together overdraw the inventory: one joint model each, with a budget
    # of their own (time_limit again, shared by those terrains' cells).
    joint = _Budget(time_limit, sum(len(parts[i].hexes) for t in short_terrains for i in by_terrain[t]))
    missing: dict[tuple[str, str], int] = {}
    for terrain in sorted(short_terrains):
        idx = by_terrain[terrain]
        owned = {s: inventory.get((s, terrain), 0) for s in shapes}
        results, short = _solve_joint([parts[i] for i in idx], shapes, owned, joint, [alone[i] for i in idx])
        alone.update(zip(idx, results))
        missing.update({(s, terrain): n for s, n in short.items() if n})

    bare = next((parts[i] for i in range(len(parts)) if alone[i] is None), None)
    if bare is not None:  # no inventory to count missing tiles against, and the shapes cannot cover it
        raise TilingError(f"the shapes {', '.join(shapes)} cannot cover the {bare.terrain} cells at level "
                          f"{bare.level} around hex {bare.first.q},{bare.first.r}; allow the 1-hex tile")
    tiles: list[Tile] = []
    statuses = [alone[i].status for i in range(len(parts))]
    gap = sum(alone[i].gap for i in range(len(parts)))
    for i, part in enumerate(parts):
        tiles += [Tile(s, rot, part.level, part.terrain, hexes) for s, rot, hexes in alone[i].chosen]
    tiles.sort(key=lambda t: (t.level, t.terrain, t.hexes[0].r, t.hexes[0].q))
    method = ("greedy" if "greedy" in statuses else "time-limited" if "time-limited" in statuses else "exact")
    return Tiling(tiles=tuple(tiles), missing=dict(sorted(missing.items())), optimal=method == "exact",
                  gap=gap, method=method)


def _parts(cells: Cells, cliffs: bool) -> list[_Part]:
    top: dict[Hex, int] = defaultdict(int)
    for h, lv in cells:
        top[h] = max(top[h], lv)
    groups: dict[tuple, set[Hex]] = defaultdict(set)
    for (h, lv), terrain in cells.items():
        groups[(terrain, lv, top[h] if cliffs else 0)].add(h)
    out = []
    for (terrain, lv, _), hexes in groups.items():
        out += [_Part(terrain, lv, comp) for comp in components(hexes)]
    out.sort(key=lambda p: (p.terrain, p.level, p.first.r, p.first.q))
    return out


class _Budget:
    """CP-SAT work units shared over the parts in proportion to their cells; what a part
    leaves unused goes to the parts after it (still deterministic: work units, not seconds)."""

    def __init__(self, total: float, cells: int):
        self.left, self.cells = total, max(1, cells)

    def solve(self, model, cells: int):
        """``model`` (a cpsat.Model) solved with this part's share of the budget: CP-SAT's answer."""
        share = max(0.2, self.left * min(1.0, cells / self.cells))
        # one worker and a fixed seed: deterministic, and the machine is shared; the seconds are a safety net
        answer = _cpsat().solve(model, seed=1, work_units=share, seconds=max(2.0, 4 * share))
        self.left = max(0.0, self.left - answer.deterministic_time)
        self.cells = max(1, self.cells - cells)
        return answer


def _gap(answer, tiles: int) -> int:
    """Tiles the answer may be above the least (0 when proven), never more than it has."""
    return max(0, min(tiles, int(answer.objective - answer.bound + 0.999)))


def _solve_part(part: _Part, shapes: tuple[str, ...], budget: _Budget, cache: dict) -> _Result | None:
    """The least tiling of one part with unlimited ``shapes``; None when they cannot cover it."""
    norm = normalise(part.hexes)
    key = (norm, shapes)
    if key not in cache:
        if len(norm) == 1:
            res = _least_cover(set(norm), shapes, budget)
        else:
            # A part's model is made from its placements alone, and a shape that fits nowhere in it adds none
            # (nor a step to the greedy hint): asked with another list of shapes of which the same ones fit (a
            # heroscape-style map's terrain allows every shape, its build guide the owned ones), it is the same
            # model, and CP-SAT's answer the same; so a part is known by the shapes that fit it
            # (tests/tiling/test_solved.py compares it with solving afresh)
            hexes = set(norm)
            options = placements(hexes, shapes)
            fitting = {o[0] for o in options}
            known = (norm, tuple(s for s in shapes if s in fitting))
            res = _PARTS.get(known)
            if res is None:
                res = _least_cover(hexes, shapes, budget, options)
                if res is not None and res.status == "exact":
                    with _PARTS_LOCK:
                        while len(_PARTS) >= _KEEP_PARTS:
                            del _PARTS[next(iter(_PARTS))]
                        _PARTS[known] = res
            else:  # it leaves the budget as solving it would: its work units spent, its cells done
                budget.left = max(0.0, budget.left - res.spent)
                budget.cells = max(1, budget.cells - len(norm))
        cache[key] = res
    res = cache[key]
    if res is None:
        return None
    dq, dr = part.first.q, part.first.r  # the cached answer is anchored at the origin
    moved = [(s, rot, tuple(Hex(h.q + dq, h.r + dr) for h in hexes)) for s, rot, hexes in res.chosen]
    return _Result(moved, res.status, res.gap)


def _least_cover(hexes: set[Hex], shapes: tuple[str, ...], budget: _Budget,
                 options: list[Placement] | None = None) -> _Result | None:
    """``options``: ``placements(hexes, shapes)`` when the caller has them."""
    if len(hexes) == 1:  # the common case of a lone hex needs no model
        return _Result([("1", 0, tuple(hexes))], "exact", 0) if "1" in shapes else None
    if options is None:
        options = placements(hexes, shapes)
    cpsat = _cpsat()
    model = cpsat.Model()
    xs = model.bool_vars(len(options))
    covering: dict[Hex, list[int]] = defaultdict(list)
    for x, (_, _, cov) in zip(xs, options):
        for h in cov:
            covering[h].append(x)
    if any(h not in covering for h in hexes):
        return None
    for h in sorted(hexes, key=lambda h: (h.r, h.q)):
        model.exactly_one(covering[h])
    model.minimize(dict.fromkeys(xs, 1))
    greedy = _greedy(hexes, shapes, None)
    if greedy is not None:
        chosen = set(greedy)
        model.hint(xs, [int(opt in chosen) for opt in options])
    answer = budget.solve(model, len(hexes))
    status = answer.status
    if status == cpsat.OPTIMAL:
        return _Result([o for x, o in zip(xs, options) if answer.values[x]], "exact", 0, answer.deterministic_time)
    if status == cpsat.FEASIBLE:
        chosen = [o for x, o in zip(xs, options) if answer.values[x]]
        return _Result(chosen, "time-limited", _gap(answer, len(chosen)))
    if status == cpsat.INFEASIBLE or greedy is None:
        return None
    return _greedy_result(greedy)


def _greedy_result(chosen: list[Placement]) -> _Result:
    # Without a solver bound the gap is measured against the trivial one: cells / 24.
    cells = sum(len(c) for _, _, c in chosen)
    return _Result(chosen, "greedy", len(chosen) - -(-cells // 24))


def _solve_joint(group: list[_Part], shapes: tuple[str, ...], owned: Mapping[str, int], budget: _Budget,
                 hints: list[_Result | None]) -> tuple[list[_Result], dict[str, int]]:
    """All parts of one terrain against its inventory: fewest missing tiles, then fewest tiles."""
    cpsat = _cpsat()
    model = cpsat.Model()
    per_part: list[list[tuple[int, Placement]]] = []
    by_shape: dict[str, list[int]] = defaultdict(list)
    ncells = sum(len(p.hexes) for p in group)
    for part, hint in zip(group, hints):
        options = placements(part.hexes, shapes)
        xs = list(zip(model.bool_vars(len(options)), options))
        covering: dict[Hex, list[int]] = defaultdict(list)
        for x, opt in xs:
            by_shape[opt[0]].append(x)
            for h in opt[2]:
                covering[h].append(x)
        if hint is not None:
            hinted = set(hint.chosen)
            model.hint([x for x, _ in xs], [int(opt in hinted) for _, opt in xs])
        for h in sorted(part.hexes, key=lambda h: (h.r, h.q)):
            model.exactly_one(covering[h])
        per_part.append(xs)
    short = {s: model.int_var(0, ncells, f"short{s}") for s in shapes}
    for s in shapes:
        model.at_most(by_shape[s], short[s], owned[s])  # sum(tiles of s) <= owned + short
    weight = ncells + 1  # one missing tile outweighs any number of extra owned tiles
    model.minimize({**{x: 1 for xs in per_part for x, _ in xs}, **dict.fromkeys(short.values(), weight)})
    answer = budget.solve(model, ncells)
    status = answer.status
    if status in (cpsat.OPTIMAL, cpsat.FEASIBLE):
        label = "exact" if status == cpsat.OPTIMAL else "time-limited"
        results = [_Result([o for x, o in xs if answer.values[x]], label, 0) for xs in per_part]
        if results and status == cpsat.FEASIBLE:
            results[0].gap = _gap(answer, sum(len(r.chosen) for r in results))
        return results, {s: answer.values[short[s]] for s in shapes}
    # No tiling within the budget: the better of the parts' own least tilings (when each part
    # had one) and the greedy cover drawing on the inventory; tiles beyond it are missing.
    left = dict(owned)
    candidates = [[_greedy_result(_greedy(p.hexes, shapes, left, allow_missing=True)) for p in group]]
    if all(h is not None for h in hints):
        candidates.append([_greedy_result(h.chosen) for h in hints])

    def shortfall(results):
        used = Counter(pl[0] for r in results for pl in r.chosen)
        return {s: max(0, used[s] - owned[s]) for s in shapes}

    best = min(candidates, key=lambda rs: (sum(shortfall(rs).values()), sum(len(r.chosen) for r in rs)))
    return best, shortfall(best)


def _greedy(hexes: set[Hex], shapes: tuple[str, ...], left: dict[str, int] | None,
            allow_missing: bool = False) -> list[Placement] | None:
    """Largest tile first at the first uncovered hex in (r, q) order. ``left``: tiles remaining
    per shape (decremented), None for unlimited. With ``allow_missing`` a hex no owned tile fits
    gets a 1-hex tile beyond the inventory; otherwise such a hex makes the answer None."""
    free = set(hexes)
    chosen: list[Placement] = []
    for cell in sorted(hexes, key=lambda h: (h.r, h.q)):
        if cell not in free:
            continue
        for shape in shapes:
            if left is not None and left.get(shape, 0) <= 0:
                continue
            fit = _first_fit(cell, shape, free)
            if fit is not None:
                break
        else:
            if not allow_missing:
                return None
            shape, fit = "1", (0, (cell,))
        rot, cov = fit
        if left is not None and shape in left:
            left[shape] -= 1
        free.difference_update(cov)
        chosen.append((shape, rot, cov))
    return chosen


def _first_fit(cell: Hex, shape: str, free: set[Hex]) -> tuple[int, tuple[Hex, ...]] | None:
    cq, cr = cell
    for rot, _, offsets in turn_offsets(shape):  # plain (q, r) pairs find hexes: see shapes.placements
        for dq, dr in offsets:
            if (cq + dq, cr + dr) not in free:
                break
        else:
            return rot, tuple([tuple.__new__(Hex, (cq + dq, cr + dr)) for dq, dr in offsets])
    return None
