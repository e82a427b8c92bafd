"""Editions of one game: errata kits of exactly what changed between two versions (errata.py), from two
game folders or a folder and a git revision (source.py)."""
