"""What a rule pack's game model gives the playtester, and how a game reports rule holes.

A model (a pack's ``sim`` module builds one from a validated game) steps a game:
``new_game(setup, rng, agents)`` -> state, ``legal(state)`` -> moves, ``apply(state, move)``,
``quick_score(state, move)`` (the mover's one-ply value of a move, for the greedy agent),
``evaluate(state, seat)`` (a position's value, for the search agent), ``copy(state)`` and
``record(state)`` -> GameRecord once ``state.over``. The engine knows nothing else of the game.

A rule hole is a situation the rules as written do not settle; the model notes it with
``hole(state, code, path, message, example)`` at the data path of the rule concerned, plays on
by the default its message states, and the runner turns the notes into located findings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

DRAW = -1


class ModelError(ValueError):
    """Game data a model cannot play, with the data path to blame (it becomes a located finding)."""

    def __init__(self, message: str, path: tuple) -> None:
        super().__init__(message)
        self.path = path


@dataclass
class GameRecord:
    """One finished game, as plain data (it crosses from a worker process)."""

    winner: int  # a seat, or DRAW
    first: int  # the seat that moved first
    turns: int  # activations played
    end: str  # how it ended (the model's words: "annihilation", "capture", "move limit" ...)
    sides: list[tuple[str, ...]]  # each seat's units at the start (kind names)
    kills: dict[str, int] = field(default_factory=dict)  # kind -> enemies it removed
    holes: dict = field(default_factory=dict)  # (code, path) -> [count, message, example]


class GameModel(Protocol):
    name: str
    players: int

    def setups(self) -> list[str]: ...

    def new_game(self, setup: str, rng, agents) -> object: ...

    def legal(self, state) -> list: ...

    def apply(self, state, move) -> None: ...

    def quick_score(self, state, move) -> float: ...

    def evaluate(self, state, seat: int) -> float: ...

    def copy(self, state) -> object: ...

    def record(self, state) -> GameRecord: ...


def hole(state, code: str, path: tuple, message: str, example) -> None:
    """Note a rule hole met in a played (not a hypothetical) position: counted, first example kept."""
    holes = getattr(state, "holes", None)
    if holes is None:
        return  # a search agent's imagined position: nothing happened
    key = (code, path)
    seen = holes.get(key)
    if seen is None:
        holes[key] = [1, message, example() if callable(example) else example]
    else:
        seen[0] += 1
