"""Stage 1, load: safe YAML with a location for every value."""

from .game_folder import GameSource, load_game_folder
from .yaml_source import Document, load_yaml_file, load_yaml_text

__all__ = ["Document", "GameSource", "load_game_folder", "load_yaml_file", "load_yaml_text"]
