"""Stage 6, preflight: the machine looks at every printed page before it is written.

It reads the drawing model (what was drawn where, how big, from which data item,
layout element or template line) and reports located findings about the page
itself. The check classes and their defaults are in ``classes``; the checks in
``checks`` (drawn pages) and ``book`` (pages set straight to PDF, the rulebook).
This module imports nothing, so the game model can read the class names cheaply.
"""
