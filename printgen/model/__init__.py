"""Stage 2, model: typed, immutable objects built from the loaded data."""
