"""The rulebook: Markdown + Jinja2 chapters rendered with the game's data, set with platypus."""
