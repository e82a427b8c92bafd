"""Stage 3, check: the rules validator. Every finding is reported at once, each with its location."""

from .validate import ValidatedGame, validate_game, validate_games

__all__ = ["ValidatedGame", "validate_game", "validate_games"]
