"""Plays many games of a model between two agents, over every core, reproducibly.

Game ``i`` of a (setup, pairing) draws from its own generator, seeded from the run's seed, the setup,
the pairing and ``i``; the first seat alternates game by game and, in a pairing of two different
agents, which agent sits where alternates every two games, so every combination is played equally
often. Games are played in chunks (forked workers when there are several cores) and put back in
game order, and each rule hole keeps the example of the earliest game that met it: the same seed
gives the same records whatever the number of processes."""

from __future__ import annotations

import multiprocessing as mp
import os
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from .agents import make_agent
from .model import GameRecord

CHUNK = 250  # games a worker plays per task: few enough tasks to pickle, enough to share the cores

_MODEL = None  # the model a forked worker inherits (models hold the game's data: never pickled)


@dataclass
class Pairing:
    agents: tuple[str, str]
    setup: str


@dataclass
class Played:
    """The records of one pairing's games (holes taken out) and its holes over all of them."""

    pairing: Pairing
    records: list[GameRecord]
    seats: list[tuple[str, str]]  # each game's agent per seat
    holes: dict  # (code, path) -> [times, games, message, example]


def seats_for(pair: tuple[str, str], i: int) -> tuple[str, str]:
    a, b = pair
    return (a, b) if a == b or (i // 2) % 2 == 0 else (b, a)


def play_one(model, setup: str, pair: tuple[str, str], i: int, seed: int, budget: int) -> GameRecord:
    """Game ``i`` of a pairing, from its own seed."""
    rng = random.Random(f"{seed}:{setup}:{pair[0]}:{pair[1]}:{i}")
    seats = seats_for(pair, i)
    agents = [make_agent(n, budget=budget) for n in seats]
    state = model.new_game(setup, rng, agents, first=i % 2)
    while not state.over:
        moves = model.legal(state)
        model.apply(state, agents[state.to_move].choose(model, state, moves, rng))
    return model.record(state)


def _chunk(args) -> tuple[list[GameRecord], dict]:
    setup, pair, lo, hi, seed, budget = args
    records, holes = [], {}
    for i in range(lo, hi):
        r = play_one(_MODEL, setup, pair, i, seed, budget)
        for key, (times, message, example) in r.holes.items():
            seen = holes.get(key)
            if seen is None:
                holes[key] = [times, 1, message, example]
            else:
                seen[0] += times
                seen[1] += 1
        r.holes = {}
        records.append(r)
    return records, holes


def play(model, pairings: list[Pairing], *, games: int, seed: int, budget: int = 8,
         processes: int | None = None) -> list[Played]:
    """``games`` games of each pairing; ``processes`` None: one per core (forked), 1: this process only."""
    global _MODEL
    tasks = [(p.setup, p.agents, lo, min(games, lo + CHUNK), seed, budget)
             for p in pairings for lo in range(0, games, CHUNK)]
    procs = processes or os.cpu_count() or 1
    _MODEL = model
    try:
        if procs > 1 and len(tasks) > 1 and "fork" in mp.get_all_start_methods():
            with ProcessPoolExecutor(max_workers=min(procs, len(tasks)), mp_context=mp.get_context("fork")) as pool:
                done = list(pool.map(_chunk, tasks))
        else:
            done = [_chunk(t) for t in tasks]
    finally:
        _MODEL = None
    out = []
    for p in pairings:
        played = Played(p, [], [seats_for(p.agents, i) for i in range(games)], {})
        for task, (records, holes) in zip(tasks, done):
            if task[0] != p.setup or task[1] != p.agents:
                continue
            played.records += records
            for key, (times, n, message, example) in holes.items():
                seen = played.holes.get(key)
                if seen is None:
                    played.holes[key] = [times, n, message, example]  # chunks come in game order: the first stays
                else:
                    seen[0] += times
                    seen[1] += n
        out.append(played)
    return out
