"""Stage 3, check: the rules validator. Every finding is reported at once, each with its location."""

from .validate import RULE_CHECKS, SHARED_CHECKS, ValidatedGame, check_game

__all__ = ["RULE_CHECKS", "SHARED_CHECKS", "ValidatedGame", "check_game"]
