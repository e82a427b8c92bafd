"""Players of several strengths, for any game model (printgen.playtest.model): a plain registry dict.

random: any legal move, evenly. greedy: the move with the best one-ply value (the model's
quick_score), ties broken at random. lookahead: the ``budget`` best moves by that value, each
followed by the greedy reply of whoever moves next (in a solo scenario the heroes' next step: the
enemies act inside the model), the position then valued (model.evaluate): the best one wins, equal
ones by their one-ply value. The budget is how many of its own moves it looks at, so its cost per
move is about budget x one greedy move."""

from __future__ import annotations

import random


class RandomAgent:
    name = "random"

    def choose(self, model, state, moves, rng: random.Random):
        return moves[rng.randrange(len(moves))]

    def setup_rerolls(self, faces, rerolls, model, rng) -> list[int]:
        """Which of the rolled dice to roll again at setup (at most ``rerolls``): any, at random."""
        k = rng.randint(0, rerolls) if rerolls else 0
        return sorted(rng.sample(range(len(faces)), min(k, len(faces))))


class GreedyAgent(RandomAgent):
    name = "greedy"

    def choose(self, model, state, moves, rng):
        best, picks = None, []
        score = model.quick_score
        for m in moves:
            s = score(state, m)
            if best is None or s > best:
                best, picks = s, [m]
            elif s == best:
                picks.append(m)
        return picks[0] if len(picks) == 1 else picks[rng.randrange(len(picks))]

    def setup_rerolls(self, faces, rerolls, model, rng) -> list[int]:
        """The weakest dice below the average face, weakest first."""
        mean = sum(model.setup_score(v) for v in range(1, model.sides + 1)) / model.sides
        weak = sorted((model.setup_score(f), i) for i, f in enumerate(faces) if model.setup_score(f) < mean)
        return sorted(i for _, i in weak[:rerolls])


class LookaheadAgent(GreedyAgent):
    name = "lookahead"

    def __init__(self, budget: int = 8) -> None:
        self.budget = max(1, budget)

    def choose(self, model, state, moves, rng):
        scored = sorted(((model.quick_score(state, m), i) for i, m in enumerate(moves)), key=lambda x: -x[0])
        seat = state.to_move
        best, picks = None, []
        for quick, i in scored[:self.budget]:
            after = model.copy(state)
            model.apply(after, moves[i])
            if not after.over:
                reply = GreedyAgent.choose(self, model, after, model.legal(after), random.Random(i))
                model.apply(after, reply)
            value = (model.evaluate(after, seat), quick)  # equal positions: the better move by one-ply value
            if best is None or value > best:
                best, picks = value, [i]
            elif value == best:
                picks.append(i)
        return moves[picks[0] if len(picks) == 1 else picks[rng.randrange(len(picks))]]


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "lookahead": LookaheadAgent}


def make_agent(name: str, *, budget: int = 8):
    cls = AGENTS[name]
    return cls(budget) if cls is LookaheadAgent else cls()
