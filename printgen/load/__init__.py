"""Stage 1, load: safe YAML with a location for every value."""

from .yaml_source import Document, load_yaml_file, load_yaml_text
from .game_folder import GameSource, discover_games, load_game_folder

__all__ = ["Document", "GameSource", "discover_games", "load_game_folder", "load_yaml_file", "load_yaml_text"]
