"""The Enemy Turn of a Heroes of Hex scenario, carried out as its activation table's row says (roll the
activation die, the row's enemies act: move by their keyword, then attack), and the heroes' one-ply
value of a step (for the greedy agent)."""

from __future__ import annotations

from functools import lru_cache

from ...hexgrid import distance
from ...playtest.model import hole


def _heroes(st):
    return [u for u in st.units if u.side == 0 and u.alive]


def _dark_target(st, e, reach=None):
    """The nearest hero (within ``reach`` when given); ties by the Dark Rule: most wounded, then lowest Defense."""
    heroes = [h for h in _heroes(st) if reach is None or distance(h.cell, e.cell) <= reach]
    if not heroes:
        return None
    return min(heroes, key=lambda h: (distance(h.cell, e.cell), -(h.wounds + h.poison), h.df, st.units.index(h)))


def _move_towards(model, st, e, most, goal, stop_adjacent=True, keep=None) -> None:
    """Up to ``most`` steps: to a hex next to ``goal`` (fewest steps), else as close to it as it gets;
    with ``keep``, to the hex whose distance from it is nearest ``keep``."""
    if goal is None or most <= 0:
        return
    options = [e.cell] + model.reach(st, e.cell, most)
    if keep is not None:
        e.cell = min(options, key=lambda h: (abs(distance(h, goal.cell) - keep), distance(h, e.cell), h.r, h.q))
        return
    if stop_adjacent and distance(e.cell, goal.cell) == 1:
        return
    e.cell = min(options, key=lambda h: (distance(h, goal.cell), distance(h, e.cell), h.r, h.q))


def _own_attack(model, st, e):
    for row in st.sc["rows"]:
        if row.enemies == [e.name]:
            for step in row.steps:
                if step.what == "attack" and step.attack is not None:
                    return step.attack, step.path
    return None, None


def _act(model, st, e, steps) -> None:
    actors = [e]
    for step in steps:
        if step.what == "every":
            actors = [u for u in st.units if u.side == 1 and u.alive and u.name == step.target]
            continue
        for a in actors:
            if not a.alive or st.over:
                continue
            if step.what == "engage":
                _move_towards(model, st, a, step.n, _dark_target(st, a))
            elif step.what == "distance":
                _move_towards(model, st, a, step.n, _dark_target(st, a), keep=step.keep)
            elif step.what == "towards-keeper":
                _move_towards(model, st, a, a.move, next((h for h in _heroes(st) if h.keeper), None))
            elif step.what == "feast":
                cocoons = [c for c in st.units if c.side == 2 and c.alive]
                if cocoons:
                    near = min(cocoons, key=lambda c: (distance(c.cell, a.cell), c.cell.r, c.cell.q))
                    _move_towards(model, st, a, step.n, near)
                    if distance(near.cell, a.cell) == 1:
                        near.alive = False
                        st.lost += 1
            elif step.what == "spawn":
                _spawn(model, st, a, step)
            elif step.what == "own-rows":
                own = next((r for r in st.sc["rows"] if r.enemies == [a.name]), None)
                if own is not None:
                    _act(model, st, a, [s for s in own.steps if s.what != "own-rows"])
            elif step.what == "attack":
                spec, path = step.attack, step.path
                if spec is None:
                    spec, path = _own_attack(model, st, a)
                    hole(st, "rule-hole", step.path, f"the row says '{a.name}' attacks but not how: it attacks as "
                         "its own row does", st.example)
                    if spec is None:
                        continue
                if step.target == "keeper":
                    target = next((h for h in _heroes(st) if h.keeper and distance(h.cell, a.cell) <= spec.reach),
                                  None)
                else:
                    target = _dark_target(st, a, spec.reach)
                if target is not None:
                    model.attack(st, a, target, spec, path)
                    model.check_end(st)


def _spawn(model, st, a, step) -> None:
    """New enemies of the row's other kind next to ``a`` until ``step.n`` of them are in the battle."""
    row = next(r for r in st.sc["rows"] if any(s is step for s in r.steps))
    kind = next((n for n in row.enemies if n != a.name), None)
    enemy = next((x for x in model.data.enemies if x.name == kind), None)
    if enemy is None:
        return
    while sum(1 for u in st.units if u.side == 1 and u.alive and u.name == kind) < step.n:
        free = [h for h in model.reach(st, a.cell, 1)]
        if not free:
            break
        st.units.append(model._enemy(enemy, free[0]))


def enemy_turn(model, st) -> None:
    roll = st.rng.randint(1, model.rules.activation_die)
    row = next((r for r in st.sc["rows"] if r.lo <= roll <= r.hi), None)
    if row is None:
        hole(st, "rule-hole", ("scenarios", st.sc["index"], "activation"), f"the activation die rolled {roll}, which "
             "no row of the table covers: the Enemy Turn is skipped", st.example)
        return
    present = [u for u in st.units if u.side == 1 and u.alive and u.name in row.enemies]
    if not present:
        return  # the rules: a roll matching no enemy on the board skips the Enemy Turn
    heroes = _heroes(st)
    if not heroes:
        return
    if row.who == "every":
        actors = present
    elif row.who == "closest":
        actors = [min(present, key=lambda u: (min(distance(u.cell, h.cell) for h in heroes), st.units.index(u)))]
    elif row.who == "farthest":
        actors = [max(present, key=lambda u: (min(distance(u.cell, h.cell) for h in heroes), -st.units.index(u)))]
    elif row.who == "keeper":
        keeper = next((h for h in heroes if h.keeper), heroes[0])
        actors = [min(present, key=lambda u: (distance(u.cell, keeper.cell), st.units.index(u)))]
    else:
        actors = [next((u for n in row.enemies for u in present if u.name == n))]
    for e in actors:
        _act(model, st, e, row.steps)


@lru_cache(maxsize=None)
def hit_chance(pool: int, guard: int) -> float:
    """P(the highest of ``pool`` d6 beats the highest of ``guard`` d6); 0 with no dice to roll."""
    if pool <= 0:
        return 0.0
    win = 0.0
    for top in range(1, 7):
        p_top = (top / 6) ** pool - ((top - 1) / 6) ** pool
        win += p_top * (((top - 1) / 6) ** guard if guard else 1.0)
    return win


def quick_score(model, st, move) -> float:
    kind, i = move[0], move[1]
    u = st.units[i]
    if kind == "end":
        return 0.0
    if kind == "act":
        a = u.actions[move[2]]
        if a["heal"]:
            return 2.0
        spec = a["attack"]
        targets = ([v for v in st.units if v.side != 0 and v.alive and distance(v.cell, u.cell) == 1]
                   if move[3] < 0 else [st.units[move[3]]])
        score = 0.0
        for v in targets:
            p = hit_chance(u.sp_atk if spec.special else u.atk, v.sp_df if spec.special else v.df)
            worth = 6.0 if v.side == 2 else 10.0 if st.sc["goal"].lower() in v.name.lower() else 5.0
            score += p * worth
        return score - (0.5 if a["ap"] is None else 0.0)  # keep HEX for when it matters
    # a move: closer to something to hit; the Treasure Keeper keeps away from the enemies
    targets = [v for v in st.units if v.side != 0 and v.alive]
    if not targets:
        return 0.0
    before = min(distance(u.cell, v.cell) for v in targets)
    after = min(distance(move[2], v.cell) for v in targets)
    reach = max((a["reach"] for a in u.actions if a["attack"] is not None), default=1)
    if u.keeper:
        return 0.3 * (after - before)
    return 0.5 * (min(before, 10) - max(after, reach)) if before > reach else -0.1
