"""Layouts: card, token and tile faces described by YAML files in the game's templates
(``templates/<game-id>/layouts/*.yaml``), drawn by one generic renderer into the drawing model.

spec      loading layout files, ``extends``, element keys (findings at file:line:col)
lengths   "3mm", "50%", "100% - 6mm", "-bleed": positions and sizes, parsed to mm
face      evaluating a layout for one item (sandboxed Jinja expressions) into ops
elements  the element registry: rect, circle, hexagon, line, text, icon, image, stats, repeat...
sheets    game.yaml ``sheets:``: which kind goes on which layout, as card-deck assets
"""
